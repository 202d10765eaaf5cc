// Writing small Polyglot books for tests, independently of the reader in src/search/book: the
// entry layout and the move bits are spelled out again here, from the format's description.

import { writeFileSync } from 'node:fs';
import { parseFen } from '../../src/chess/fen.ts';
import { playPosition } from '../../src/chess/replay.ts';

export interface TestEntry {
  /** The 64-bit key as 16 hex digits. */
  readonly key: string;
  /** A move in from-to(-promotion) text, e.g. "e2e4", "a7a8q", "e1h1"; or a raw 16-bit value. */
  readonly move: string | number;
  readonly weight: number;
  readonly learn?: number;
}

/** The key of a position (a FEN, or "startpos" with UCI moves) as our Position hashes it. */
export function keyOf(fen: string, moves: readonly string[] = []): string {
  const position = moves.length > 0 || fen === 'startpos'
    ? playPosition(fen === 'startpos' ? 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' : fen, moves)
    : parseFen(fen);
  return hex32(position.hashHi) + hex32(position.hashLo);
}

function hex32(value: number): string {
  return (value >>> 0).toString(16).padStart(8, '0');
}

/** The Polyglot move field: to file 0-2, to row 3-5, from file 6-8, from row 9-11, promotion 12-14. */
export function polyglotMove(text: string): number {
  const match = /^([a-h])([1-8])([a-h])([1-8])([nbrq]?)$/.exec(text);
  if (!match) throw new Error(`bad test move ${text}`);
  const file = (letter: string) => letter.charCodeAt(0) - 97;
  const row = (digit: string) => Number(digit) - 1;
  const promotion = match[5] ? ' nbrq'.indexOf(match[5]) : 0;
  return file(match[3]) | (row(match[4]) << 3) | (file(match[1]) << 6) | (row(match[2]) << 9) | (promotion << 12);
}

/** The bytes of a book: entries sorted by key (as unsigned numbers) unless `sorted` is false. */
export function bookBytes(entries: readonly TestEntry[], sorted = true): Uint8Array {
  // Fixed-width lower-case hex sorts as text the way the numbers sort (stable for equal keys).
  const list = sorted ? [...entries].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)) : entries;
  const bytes = new Uint8Array(16 * list.length);
  const view = new DataView(bytes.buffer);
  list.forEach((entry, i) => {
    if (!/^[0-9a-f]{16}$/.test(entry.key)) throw new Error(`bad test key ${entry.key}`);
    view.setUint32(16 * i, Number.parseInt(entry.key.slice(0, 8), 16));
    view.setUint32(16 * i + 4, Number.parseInt(entry.key.slice(8), 16));
    view.setUint16(16 * i + 8, typeof entry.move === 'number' ? entry.move : polyglotMove(entry.move));
    view.setUint16(16 * i + 10, entry.weight);
    view.setUint32(16 * i + 12, entry.learn ?? 0);
  });
  return bytes;
}

export function writeBook(path: string, entries: readonly TestEntry[], sorted = true): string {
  writeFileSync(path, bookBytes(entries, sorted));
  return path;
}
