// The trainer's packed records (bench/nnue/packed.ts): text lines in, the positions the evaluation
// is asked about kept (each left-out kind counted), and the records read back as the same FEN and
// as the engine's own features.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_RESULT, RECORD_BYTES, packCounts, packLines, packText, recordFen, recordFeatures, recordTurn } from '../../bench/nnue/packed.ts';
import { parseFen } from '../../src/chess/fen.ts';
import { ALL_SQUARES, BLACK, type Color, WHITE, toSquare64 } from '../../src/chess/types.ts';
import { featureOf } from '../../src/search/play/nnue/features.ts';

// Games as nnue:generate writes them (a game ends where the move number goes back), then
// nnue:label's lines (no best move, no game).
const KEPT = [
  'rnbqkb1r/pp2pppp/2pp1n2/8/P3P3/5N2/1PPP1PPP/RNBQKB1R w KQkq - 0 4;47;b1c3;1',
  'rnbqkb1r/pp2pppp/2pp1n2/8/P3P3/2N2N2/1PPP1PPP/R1BQKB1R b KQkq - 1 4;11;c8g4;1',
  'r3k2r/ppp2ppp/2n5/3q4/3P4/2N5/PP3PPP/R2QK2R b KQkq - 0 70;35;e8g8;0.5',
  '8/5k2/3p4/8/2P5/4K3/6R1/8 b - - 3 40;-250;-;-',
];
const LINES = [
  KEPT[0],
  KEPT[1],
  '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 30;30000;a1a8;1', // a mate score
  'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2;35;e4d5;0.5', // a new game; a capture
  'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3;60;e5f6;0.5', // en passant
  '8/P5k1/8/8/8/8/6K1/8 w - - 0 50;900;a7a8q;0.5', // a promotion
  '4k3/8/8/8/8/8/4R3/4K3 b - - 0 60;-500;e8d8;0.5', // in check
  KEPT[2],
  KEPT[3], // a new game
  'not a position', // unreadable, as are the next five
  '8/8/8/8/8/8/4k3/4K3 w - - 0 41;0;-', // no result
  'rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 42;10;-;-', // seven ranks
  '8/5k2/8/8/8/4K3/8/8 w - - 0 43;5;-;x', // no such result
  '8/8/8/3p4/8/8/8/8 w - - 0 44;0;a1a2;0', // no kings (parseFen refuses it)
  '8/5k2/8/8/8/4K3/8/8 w - - 0 45;;-;-', // no score
];

/** Packs lines into one buffer of records. */
function pack(lines: Iterable<string>, pack = (emit: (record: Uint8Array) => void) => packLines(lines, emit)) {
  const bytes: number[] = [];
  const counts = pack((record) => bytes.push(...record));
  const buffer = new Uint8Array(bytes).buffer;
  return { counts, records: new Uint8Array(buffer), words: new Uint32Array(buffer), view: new DataView(buffer) };
}

/** The engine's features of a FEN's pieces seen from `view`, as row offsets, sorted. */
function engineFeatures(fen: string, view: Color, rowBytes: number): number[] {
  const pos = parseFen(fen);
  return ALL_SQUARES.filter((sq) => pos.board[sq] !== 0).map((sq) => featureOf(view, pos.board[sq], toSquare64(sq)) * rowBytes).sort((a, b) => a - b);
}

describe('packed training records', () => {
  it('keeps quiet positions and counts each kind left out and the games', () => {
    const { counts, records, view } = pack(LINES);
    expect(counts).toEqual({ ...packCounts(), lines: 15, kept: 4, mate: 1, noisy: 3, check: 1, bad: 6, games: 3 });
    const field = (i: number, offset: number) => records[i * RECORD_BYTES + offset];
    expect(KEPT.map((_, i) => view.getInt16(i * RECORD_BYTES + 24, true))).toEqual([47, 11, 35, -250]);
    expect(KEPT.map((_, i) => field(i, 26))).toEqual([2, 2, 1, NO_RESULT]);
    expect(KEPT.map((_, i) => view.getUint32(i * RECORD_BYTES + 28, true))).toEqual([1, 1, 2, 3]);
    expect(KEPT.map((_, i) => recordTurn(records, i))).toEqual([WHITE, BLACK, BLACK, BLACK]);
  });

  it('reads each record back as its FEN (placement, side to move, castling rights)', () => {
    const { records } = pack(KEPT);
    KEPT.forEach((line, i) => {
      const fields = line.split(';')[0].split(' ');
      expect(recordFen(records, i)).toBe(`${fields.slice(0, 3).join(' ')} - 0 1`);
    });
  });

  it('reads each record\'s features as the engine\'s, for both views', () => {
    const { records, words } = pack(KEPT);
    const rowBytes = 4 * 16;
    const white = new Int32Array(32);
    const black = new Int32Array(32);
    KEPT.forEach((line, i) => {
      const fen = line.split(';')[0];
      const n = recordFeatures(records, words, i, white, black, rowBytes);
      expect(Array.from(white.subarray(0, n)).sort((a, b) => a - b)).toEqual(engineFeatures(fen, WHITE, rowBytes));
      expect(Array.from(black.subarray(0, n)).sort((a, b) => a - b)).toEqual(engineFeatures(fen, BLACK, rowBytes));
    });
  });

  it('packs files as their lines, one after the other, the games counted across them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'packed-'));
    const first = join(dir, 'games.txt');
    const second = join(dir, 'walks.txt');
    writeFileSync(first, `${LINES.slice(0, 8).join('\n')}\n`);
    writeFileSync(second, `${LINES.slice(8).join('\n')}\n\n`); // a blank line at the end, skipped
    const fromFiles = pack([], (emit) => packText([first, second], emit));
    const fromLines = pack(LINES);
    expect(fromFiles.counts).toEqual(fromLines.counts);
    expect(fromFiles.records).toEqual(fromLines.records);
  });
});
