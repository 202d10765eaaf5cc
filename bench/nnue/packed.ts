// Training positions packed into 32 bytes each, so that tens of millions fit in memory and load in
// seconds (`npm run nnue:pack` writes them; train.ts reads them, or packs text files as it loads).
//
// Record (little-endian):
//   0  uint32 × 2  occupied squares (a1 = bit 0 of the first word … h8 = bit 31 of the second)
//   8  16 bytes    the pieces on them in square order, 4 bits each (colour << 3 | kind; the
//                  even-numbered piece in the low half of a byte)
//  24  int16       Stockfish's score in centipawns for the side to move
//  26  uint8       the game's result for white: 0, 1 (a draw), 2, or 255 (no game)
//  27  uint8       bit 0: black to move; bits 1 … 4: castling rights K, Q, k, q
//  28  uint32      the game the position came from (positions of one game are held out together)

import { closeSync, openSync, readSync } from 'node:fs';
import { BLACK, KING, WHITE } from '../../src/chess/types.ts';
import { type InputBuckets, PLAIN_INPUTS, featureOf, orientationOf } from '../../src/search/play/nnue/features.ts';
import { FenError, parseFen } from '../../src/chess/fen.ts';
import { GameCounter, splitPositionLine } from './positionsFile.ts';

export const RECORD_BYTES = 32;
export const NO_RESULT = 255;

const PIECE_CODE: Record<string, number> = { P: 1, N: 2, B: 3, R: 4, Q: 5, K: 6, p: 9, n: 10, b: 11, r: 12, q: 13, k: 14 };
const PIECE_LETTER = ' PNBRQK  pnbrqk';
/** The result field's texts (white's score, or "-": no game) as record byte 26. */
const RESULT_CODE = new Map([['1', 2], ['0.5', 1], ['0', 0], ['-', NO_RESULT]]);

/** The lines of a text file, read in large pieces: files of several gigabytes do not fit one string. */
export function* textLines(path: string): Generator<string> {
  const fd = openSync(path, 'r');
  const chunk = Buffer.alloc(1 << 26);
  let rest = '';
  try {
    for (;;) {
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      const text = rest + chunk.toString('latin1', 0, read);
      const lines = text.split('\n');
      rest = lines.pop()!;
      for (const line of lines) if (line !== '') yield line;
    }
    if (rest !== '') yield rest;
  } finally {
    closeSync(fd);
  }
}

/** What packing kept and left out. */
export interface PackCounts { lines: number; kept: number; mate: number; noisy: number; check: number; bad: number; games: number }
export const packCounts = (): PackCounts => ({ lines: 0, kept: 0, mate: 0, noisy: 0, check: 0, bad: 0, games: 0 });

/** Packs the text lines of the files `paths`, in order, as packLines does. */
export function packText(paths: readonly string[], emit: (record: Uint8Array) => void, counts: PackCounts = packCounts()): PackCounts {
  return packLines((function* () { for (const path of paths) yield* textLines(path); })(), emit, counts);
}

/**
 * Packs text lines (nnue:generate's and nnue:label's format,
 * `<fen>;<score>;<best move or ->;<result or ->`) and calls `emit` with each record (a view of a
 * reused buffer). Left out: mate scores (|score| ≥ 2000), positions whose best move is a
 * capture, en passant or a promotion, and positions in check (the search never asks the
 * evaluation about those). Games are counted by GameCounter: a game's lines come together, and
 * the move number goes back only when the next one starts.
 */
export function packLines(lines: Iterable<string>, emit: (record: Uint8Array) => void, counts: PackCounts = packCounts()): PackCounts {
  const record = new Uint8Array(RECORD_BYTES);
  const view = new DataView(record.buffer);
  const board = new Uint8Array(64);
  const games = new GameCounter();
  for (const line of lines) {
    counts.lines++;
    const { fen, fields, scoreText, best, result } = splitPositionLine(line);
    games.startsGame(fields, counts);
    const score = scoreText === '' || scoreText === undefined ? NaN : Number(scoreText);
    const outcome = result === undefined ? undefined : RESULT_CODE.get(result);
    if (!Number.isFinite(score) || best === undefined || outcome === undefined || fields.length < 4) { counts.bad++; continue; }
    if (Math.abs(score) >= 2000) { counts.mate++; continue; }
    if (!placement(fields[0], board)) { counts.bad++; continue; }
    if (best !== '-') {
      // "-": quiet by construction (nnue:label). Otherwise the best move says whether it is.
      if (best.length !== 4) { counts.noisy++; continue; }
      const to = (best.charCodeAt(3) - 49) * 8 + best.charCodeAt(2) - 97;
      const from = (best.charCodeAt(1) - 49) * 8 + best.charCodeAt(0) - 97;
      if (board[to] !== 0 || ((board[from] & 7) === 1 && (from & 7) !== (to & 7))) { counts.noisy++; continue; }
      const check = inCheck(fen);
      if (check === null) { counts.bad++; continue; }
      if (check) { counts.check++; continue; }
    }
    record.fill(0);
    let lo = 0;
    let hi = 0;
    let n = 0;
    for (let sq = 0; sq < 64; sq++) {
      const piece = board[sq];
      if (piece === 0) continue;
      if (sq < 32) lo |= 1 << sq; else hi |= 1 << (sq - 32);
      record[8 + (n >> 1)] |= (n & 1) === 0 ? piece : piece << 4;
      n++;
    }
    view.setUint32(0, lo >>> 0, true);
    view.setUint32(4, hi >>> 0, true);
    view.setInt16(24, Math.max(-32768, Math.min(32767, Math.round(score))), true);
    record[26] = outcome;
    let flags = fields[1] === 'b' ? 1 : 0;
    const castling = fields[2];
    if (castling.includes('K')) flags |= 2;
    if (castling.includes('Q')) flags |= 4;
    if (castling.includes('k')) flags |= 8;
    if (castling.includes('q')) flags |= 16;
    record[27] = flags;
    view.setUint32(28, counts.games, true);
    counts.kept++;
    emit(record);
  }
  return counts;
}

/** Whether the side to move is in check; null if the FEN is not a legal position (parseFen says why). */
function inCheck(fen: string): boolean | null {
  try {
    return parseFen(fen).inCheck();
  } catch (error) {
    if (error instanceof FenError) return null;
    throw error;
  }
}

/** Fills `board` (piece codes by 64-square index) from a FEN's placement field; false if it is not one. */
function placement(text: string, board: Uint8Array): boolean {
  board.fill(0);
  let rank = 7;
  let file = 0;
  let pieces = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '/') { rank--; file = 0; continue; }
    const code = char.charCodeAt(0);
    if (code >= 49 && code <= 56) { file += code - 48; continue; }
    const piece = PIECE_CODE[char];
    if (piece === undefined || file > 7 || rank < 0) return false;
    board[rank * 8 + file++] = piece;
    pieces++;
  }
  return rank === 0 && pieces <= 32;
}

/** Scratch for recordFeatures: the squares and pieces of one record. */
const squares = new Int32Array(32);
const pieces = new Int32Array(32);
const kings = new Int32Array(2);

/**
 * Record `i`'s features: each piece's row offset (feature × rowBytes) for white's view into
 * `white`, for black's into `black` (features.ts: each side sees its own pieces first, from its
 * own end of the board, in the orientation its king gives it under `inputs`). Returns the number
 * of pieces.
 */
export function recordFeatures(records: Uint8Array, words: Uint32Array, i: number, white: Int32Array, black: Int32Array, rowBytes: number,
  inputs: InputBuckets = PLAIN_INPUTS): number {
  const base = i * RECORD_BYTES;
  let n = 0;
  for (let half = 0; half < 2; half++) {
    let bits = words[i * 8 + half];
    while (bits !== 0) {
      const low = bits & -bits;
      const sq = 31 - Math.clz32(low) + half * 32;
      bits ^= low;
      const byte = records[base + 8 + (n >> 1)];
      const piece = (n & 1) === 0 ? byte & 15 : byte >> 4;
      if ((piece & 7) === KING) kings[piece >> 3] = sq;
      squares[n] = sq;
      pieces[n] = piece;
      n++;
    }
  }
  const whiteOrientation = orientationOf(inputs, WHITE, kings[WHITE]);
  const blackOrientation = orientationOf(inputs, BLACK, kings[BLACK]);
  for (let k = 0; k < n; k++) {
    white[k] = featureOf(WHITE, pieces[k], squares[k], whiteOrientation) * rowBytes;
    black[k] = featureOf(BLACK, pieces[k], squares[k], blackOrientation) * rowBytes;
  }
  return n;
}

/** Record `i`'s side to move. */
export const recordTurn = (records: Uint8Array, i: number): number => (records[i * RECORD_BYTES + 27] & 1) === 1 ? BLACK : WHITE;

/** Record `i` as a FEN (no en passant square: packed positions are quiet). */
export function recordFen(records: Uint8Array, i: number): string {
  const base = i * RECORD_BYTES;
  const view = new DataView(records.buffer, records.byteOffset + base, RECORD_BYTES);
  const occupied = [view.getUint32(0, true), view.getUint32(4, true)];
  const board = new Array<string>(64).fill('');
  let n = 0;
  for (let sq = 0; sq < 64; sq++) {
    if (((occupied[sq >> 5] >>> (sq & 31)) & 1) === 0) continue;
    const byte = records[base + 8 + (n >> 1)];
    board[sq] = PIECE_LETTER[(n & 1) === 0 ? byte & 15 : byte >> 4];
    n++;
  }
  const ranks: string[] = [];
  for (let rank = 7; rank >= 0; rank--) {
    let text = '';
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const piece = board[rank * 8 + file];
      if (piece === '') { empty++; continue; }
      if (empty > 0) text += String(empty);
      empty = 0;
      text += piece;
    }
    ranks.push(empty > 0 ? text + String(empty) : text);
  }
  const flags = records[base + 27];
  const castling = (flags & 2 ? 'K' : '') + (flags & 4 ? 'Q' : '') + (flags & 8 ? 'k' : '') + (flags & 16 ? 'q' : '');
  return `${ranks.join('/')} ${flags & 1 ? 'b' : 'w'} ${castling || '-'} - 0 1`;
}
