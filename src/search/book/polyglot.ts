// Polyglot opening books (the ".bin" format of Polyglot, used by most GUIs and book tools), read
// from bytes already in memory. Pure: the file is read elsewhere (src/engine/book.ts), so this
// runs the same in the main thread, a worker or a test.
//
// The format: 16-byte big-endian entries, sorted by key (ascending, as unsigned 64-bit numbers):
//   key    u64  the position's Polyglot Zobrist key (our Position.hashHi/hashLo)
//   move   u16  to file bits 0-2, to row 3-5, from file 6-8, from row 9-11, promotion 12-14
//               (0 none, 1 knight, 2 bishop, 3 rook, 4 queen); castling is king takes own rook
//               (e1h1, e1a1, e8h8, e8a8)
//   weight u16  how good the move is, relative to the other moves of the position
//   learn  u32  learning data, ignored here
// Several entries with one key are the book's moves for that position. Keys are compared as two
// unsigned 32-bit halves: no BigInt in the core.
//
// One known difference from Polyglot's key: we XOR in the en-passant file only when an en-passant
// capture is legal, Polyglot whenever a pawn of the side to move stands beside the pushed pawn
// (even a pinned one). In such rare positions (a pinned pawn beside a just-pushed pawn) the keys
// differ and the book is simply not found; everywhere else they agree.

import { generateLegal } from '../../chess/movegen.ts';
import { FLAG_CASTLE, MAX_MOVES, moveFlag, moveFrom, movePromotion, moveTo } from '../../chess/move.ts';
import { type Position, castledKingSquare } from '../../chess/position.ts';
import { BLACK, type Color, squareAt } from '../../chess/types.ts';
import { makeUci } from '../../chess/uci.ts';

/** Bytes per book entry. */
export const BOOK_ENTRY_BYTES = 16;
/** Books are a few MB; anything this large is not a book we want in memory. */
export const MAX_BOOK_BYTES = 256 * 1024 * 1024;

export const BOOK_SELECTIONS = ['weighted', 'best'] as const;
/** weighted: at random, in proportion to the weights; best: the highest weight (first on a tie). */
export type BookSelection = (typeof BOOK_SELECTIONS)[number];

export interface BookSettings {
  readonly selection: BookSelection;
  /** The book is used while the game's ply (half-moves from the start) is below this; null: always. */
  readonly maxPly: number | null;
}

export const DEFAULT_BOOK_SETTINGS: BookSettings = { selection: 'weighted', maxPly: 20 };

/** A book that cannot be used: names the book (its path) and the problem. */
export class BookError extends Error {
  readonly source: string;
  readonly problem: string;

  constructor(source: string, problem: string) {
    super(`${source}: ${problem}`);
    this.name = 'BookError';
    this.source = source;
    this.problem = problem;
  }
}

/** One of the book's moves for a position, as a legal move of that position. */
export interface BookMove {
  /** Our move encoding (src/chess/move.ts). */
  readonly move: number;
  /** UCI text; castling as e1g1 (standard chess). */
  readonly uci: string;
  /** The book's weight (the sum, if the book lists the same move twice). */
  readonly weight: number;
}

/** A Polyglot move field, decoded: 0x88 squares and the promotion as our piece kind (0 for none). */
export interface PolyglotMove {
  readonly from: number;
  readonly to: number;
  readonly promotion: number;
}

export function decodePolyglotMove(raw: number): PolyglotMove {
  const to = squareAt(raw & 7, (raw >> 3) & 7);
  const from = squareAt((raw >> 6) & 7, (raw >> 9) & 7);
  const code = (raw >> 12) & 7;
  // Polyglot knight 1 .. queen 4; our kinds are KNIGHT 2 .. QUEEN 5. Codes 5-7 mean nothing.
  const promotion = code === 0 ? 0 : code <= 4 ? code + 1 : -1;
  return { from, to, promotion };
}

/** Why a file of `byteLength` bytes cannot be a book, or null if its size is fine. */
export function bookSizeProblem(byteLength: number): string | null {
  if (byteLength === 0) return 'the file is empty (a Polyglot book has 16 bytes per entry)';
  if (byteLength > MAX_BOOK_BYTES) {
    return `the file has ${byteLength} bytes, more than the ${MAX_BOOK_BYTES} (256 MB) a book may have`;
  }
  if (byteLength % BOOK_ENTRY_BYTES !== 0) {
    return `the file has ${byteLength} bytes, not a multiple of 16: not a Polyglot book (or cut short)`;
  }
  return null;
}

/** Half-moves since the game's start, from the position's move number and side to move. */
export function gamePly(position: Position): number {
  return 2 * (position.fullmoves - 1) + (position.turn === BLACK ? 1 : 0);
}

export class PolyglotBook {
  /** The book's name in messages (its path). */
  readonly source: string;
  readonly entryCount: number;
  readonly settings: BookSettings;
  private readonly view: DataView;

  /**
   * A book over `bytes` (not copied). Throws a BookError if the size is wrong or the keys are not
   * in ascending order (lookups would then miss moves).
   */
  constructor(bytes: Uint8Array, source: string, settings: Partial<BookSettings> = {}) {
    const sizeProblem = bookSizeProblem(bytes.byteLength);
    if (sizeProblem) throw new BookError(source, sizeProblem);
    this.source = source;
    this.entryCount = bytes.byteLength / BOOK_ENTRY_BYTES;
    this.settings = { ...DEFAULT_BOOK_SETTINGS, ...settings };
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const unsorted = this.firstUnsortedEntry();
    if (unsorted >= 0) {
      throw new BookError(source, `entry ${unsorted} (byte ${unsorted * BOOK_ENTRY_BYTES}) has a smaller key than `
        + 'the entry before it: a Polyglot book must be sorted by key');
    }
  }

  /**
   * The book's moves for `position` that are legal there, in the book's order. Entries whose move
   * is not legal (a corrupt book, or another position with the same key) are skipped. Chess960
   * positions have no book moves: Polyglot books are for standard chess.
   */
  lookup(position: Position): BookMove[] {
    if (position.chess960) return [];
    const hi = position.hashHi >>> 0;
    const lo = position.hashLo >>> 0;
    let index = this.lowerBound(hi, lo);
    if (index === this.entryCount) return [];

    const legal = new Int32Array(MAX_MOVES);
    const legalCount = generateLegal(position, legal, 0);
    const found: { move: number; weight: number }[] = [];
    for (; index < this.entryCount; index++) {
      const offset = index * BOOK_ENTRY_BYTES;
      if (this.view.getUint32(offset) !== hi || this.view.getUint32(offset + 4) !== lo) break;
      const move = matchLegal(position, decodePolyglotMove(this.view.getUint16(offset + 8)), legal, legalCount);
      if (move === 0) continue;
      const weight = this.view.getUint16(offset + 10);
      const same = found.find((entry) => entry.move === move);
      if (same) same.weight += weight;
      else found.push({ move, weight });
    }
    return found.map(({ move, weight }) => ({ move, uci: makeUci(position, move, false), weight }));
  }

  /**
   * The book's choice for `position` by the book's settings, or null: out of book, past maxPly,
   * or only weight-0 moves. `ply` is the game's half-move count (by default from the position's
   * move number); `random` returns a number in [0, 1), as Math.random does.
   */
  pick(position: Position, ply: number = gamePly(position), random: () => number = Math.random): BookMove | null {
    const { maxPly, selection } = this.settings;
    if (maxPly !== null && ply >= maxPly) return null;
    return chooseBookMove(this.lookup(position), selection, random);
  }

  /** The index of the first entry whose key is >= (hi, lo), or entryCount. */
  private lowerBound(hi: number, lo: number): number {
    let low = 0;
    let high = this.entryCount;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const offset = mid * BOOK_ENTRY_BYTES;
      const midHi = this.view.getUint32(offset);
      const midLo = this.view.getUint32(offset + 4);
      if (midHi < hi || (midHi === hi && midLo < lo)) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** The first entry whose key is smaller than its predecessor's, or -1 if the book is sorted. */
  private firstUnsortedEntry(): number {
    let prevHi = 0;
    let prevLo = 0;
    for (let index = 0; index < this.entryCount; index++) {
      const offset = index * BOOK_ENTRY_BYTES;
      const hi = this.view.getUint32(offset);
      const lo = this.view.getUint32(offset + 4);
      if (hi < prevHi || (hi === prevHi && lo < prevLo)) return index;
      prevHi = hi;
      prevLo = lo;
    }
    return -1;
  }
}

/**
 * Picks one of `moves`: the highest weight ("best", the first of equals) or at random in
 * proportion to the weights ("weighted"). Moves of weight 0 are never chosen; null if none is left.
 */
export function chooseBookMove(
  moves: readonly BookMove[],
  selection: BookSelection,
  random: () => number = Math.random,
): BookMove | null {
  const candidates = moves.filter((move) => move.weight > 0);
  if (candidates.length === 0) return null;
  if (selection === 'best') {
    return candidates.reduce((best, move) => (move.weight > best.weight ? move : best));
  }
  const total = candidates.reduce((sum, move) => sum + move.weight, 0);
  let target = random() * total;
  for (const move of candidates) {
    target -= move.weight;
    if (target < 0) return move;
  }
  // random() returned 1 (or more): the last move.
  return candidates[candidates.length - 1];
}

/** The legal move that a Polyglot move names, or 0 (NO_MOVE). */
function matchLegal(position: Position, wanted: PolyglotMove, legal: Int32Array, count: number): number {
  if (wanted.promotion < 0) return 0;
  for (let i = 0; i < count; i++) {
    const move = legal[i];
    if (moveFrom(move) === wanted.from && moveTo(move) === wanted.to && movePromotion(move) === wanted.promotion) {
      return move;
    }
  }
  // Some book writers store castling as the king's destination (e1g1) instead of e1h1. A plain
  // king move of those squares cannot coexist with castling in standard chess.
  if (wanted.promotion !== 0) return 0;
  for (let i = 0; i < count; i++) {
    const move = legal[i];
    if (moveFlag(move) !== FLAG_CASTLE || moveFrom(move) !== wanted.from) continue;
    if (castledKingSquare(position.turn as Color, moveTo(move) > moveFrom(move)) === wanted.to) return move;
  }
  return 0;
}
