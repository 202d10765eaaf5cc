// Integrity of the Polyglot Random64 table, checked on its own (no chess core involved): a tiny
// test-local hasher XORs the keys for hand-written positions and must reproduce the reference
// keys published with the Polyglot book-format spec (book_format.html, "Test data").

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  POLYGLOT_CASTLE_OFFSET,
  POLYGLOT_EP_OFFSET,
  POLYGLOT_HI,
  POLYGLOT_KEY_COUNT,
  POLYGLOT_LO,
  POLYGLOT_TURN_OFFSET,
} from '../../src/chess/polyglotKeys.ts';

function keyHex(index: number): string {
  return hex64(POLYGLOT_HI[index], POLYGLOT_LO[index]);
}

function hex64(hi: number, lo: number): string {
  return (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');
}

// Polyglot piece kind: 2 * (p n b r q k -> 0..5) + (white ? 1 : 0).
function pieceKind(letter: string): number {
  const type = 'pnbrqk'.indexOf(letter.toLowerCase());
  if (type < 0) throw new Error(`bad piece letter ${letter}`);
  return 2 * type + (letter === letter.toUpperCase() ? 1 : 0);
}

interface Piece {
  letter: string; // FEN letter: uppercase white, lowercase black
  file: number; // 0 = a
  rank: number; // 0 = rank 1
}

// Test-local reading of a FEN's first four fields (placement, turn, castling, en passant).
function parseFen(fen: string): { pieces: Piece[]; white: boolean; castling: string; ep: string } {
  const [placement, turn, castling, ep] = fen.split(' ');
  const pieces: Piece[] = [];
  const rows = placement.split('/');
  expect(rows).toHaveLength(8);
  rows.forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (/[1-8]/.test(ch)) file += Number(ch);
      else pieces.push({ letter: ch, file: file++, rank: 7 - i });
    }
    expect(file).toBe(8);
  });
  return { pieces, white: turn === 'w', castling, ep };
}

// The Polyglot key of a FEN position, as the spec defines it.
function polyglotHash(fen: string): string {
  const { pieces, white, castling, ep } = parseFen(fen);
  let hi = 0;
  let lo = 0;
  const xor = (index: number): void => {
    hi ^= POLYGLOT_HI[index];
    lo ^= POLYGLOT_LO[index];
  };
  for (const p of pieces) xor(64 * pieceKind(p.letter) + 8 * p.rank + p.file);
  // Castling order: white short, white long, black short, black long.
  ['K', 'Q', 'k', 'q'].forEach((flag, n) => {
    if (castling.includes(flag)) xor(POLYGLOT_CASTLE_OFFSET + n);
  });
  // En passant counts only if a pawn of the side to move stands next to the pushed pawn.
  if (ep !== '-') {
    const epFile = ep.charCodeAt(0) - 97;
    const pushedRank = white ? 4 : 3; // rank 5 / rank 4, 0-based
    const capturer = white ? 'P' : 'p';
    const canCapture = pieces.some(
      (p) => p.letter === capturer && p.rank === pushedRank && Math.abs(p.file - epFile) === 1,
    );
    if (canCapture) xor(POLYGLOT_EP_OFFSET + epFile);
  }
  if (white) xor(POLYGLOT_TURN_OFFSET);
  return hex64(hi, lo);
}

// Reference positions and keys from the Polyglot book-format spec.
const REFERENCE: ReadonlyArray<readonly [string, string, string]> = [
  ['starting position', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', '463b96181691fc9c'],
  ['e2e4', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1', '823c9b50fd114196'],
  ['e2e4 d7d5', 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2', '0756b94461c50fb0'],
  ['e2e4 d7d5 e4e5', 'rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2', '662fafb965db29d4'],
  [
    'e2e4 d7d5 e4e5 f7f5 (ep f6 counts)',
    'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
    '22a48b5a8e47ff78',
  ],
  [
    'e2e4 d7d5 e4e5 f7f5 e1e2',
    'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3',
    '652a607ca3f242c1',
  ],
  [
    'e2e4 d7d5 e4e5 f7f5 e1e2 e8f7',
    'rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4',
    '00fdd303c946bdd9',
  ],
  [
    'a2a4 b7b5 h2h4 b5b4 c2c4 (ep c3 counts)',
    'rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3',
    '3c8123ea7b067637',
  ],
  [
    'a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3',
    'rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4',
    '5c3f9b829b279560',
  ],
];

describe('Polyglot Random64 table', () => {
  it('has 781 keys in each half and the spec offsets', () => {
    expect(POLYGLOT_KEY_COUNT).toBe(781);
    expect(POLYGLOT_HI).toBeInstanceOf(Uint32Array);
    expect(POLYGLOT_LO).toBeInstanceOf(Uint32Array);
    expect(POLYGLOT_HI).toHaveLength(781);
    expect(POLYGLOT_LO).toHaveLength(781);
    expect(POLYGLOT_CASTLE_OFFSET).toBe(768);
    expect(POLYGLOT_EP_OFFSET).toBe(772);
    expect(POLYGLOT_TURN_OFFSET).toBe(780);
  });

  it('has 781 distinct keys', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 781; i++) seen.add(keyHex(i));
    expect(seen.size).toBe(781);
  });

  it('matches the published table at its boundaries', () => {
    expect(keyHex(0)).toBe('9d39247e33776d41'); // black pawn a1
    expect(keyHex(767)).toBe('d20d8c88c8ffe65f'); // white king h8
    expect(keyHex(POLYGLOT_CASTLE_OFFSET)).toBe('31d71dce64b2c310');
    expect(keyHex(POLYGLOT_EP_OFFSET)).toBe('70cc73d90bc26e24');
    expect(keyHex(POLYGLOT_TURN_OFFSET)).toBe('f8d626aaaf278509');
  });

  it('matches a fingerprint of the whole transcribed table', () => {
    // FNV-1a (32-bit) over the 781 keys as lowercase 16-digit hex, computed from the source
    // text when the table was transcribed; catches accidental edits to keys no test position uses.
    let h = 0x811c9dc5;
    for (let i = 0; i < 781; i++) {
      for (const ch of keyHex(i)) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
    }
    expect(h.toString(16).padStart(8, '0')).toBe(FINGERPRINT);
  });

  it('is written without BigInt', () => {
    const source = readFileSync(new URL('../../src/chess/polyglotKeys.ts', import.meta.url), 'utf8');
    // BigInt(...) calls, BigInt typed arrays, the bigint type and bigint literals such as 0x1n.
    expect(source).not.toMatch(/\bBigInt\s*\(|Big(Int|Uint)64Array|\bbigint\b|\b(0x[0-9a-fA-F]+|\d+)n\b/);
  });

  it.each(REFERENCE)('reproduces the spec key after %s', (_name, fen, key) => {
    expect(polyglotHash(fen)).toBe(key);
  });
});

const FINGERPRINT = '8755b7a5';
