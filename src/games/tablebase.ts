// Endgame tablebases in a live game, as decisions: which positions are worth asking about, how long
// an answer may take (a small share of our clock: the tablebase must never cost us time), which
// move to play from an answer (win fastest, hold the draw, lose slowest), and what the answer says
// of the game (a win, a draw or a loss) for the draw and resign decisions. The asking itself is a
// TablebaseProber's, implemented by an adapter (Lichess's tablebase over HTTP); no I/O here.
//
// The answers are those of Lichess's tablebase API (GET /standard?fen=…, OpenAPI tag `tablebase`,
// schemas TablebaseJson and TablebaseMove): a position's category and DTZ/DTM from the side to
// move, and each legal move's category and DTZ/DTM from the side to move after it.

import type { Position } from '../chess/position.ts';

/** A position's or a move's category, as the API names it (a move's is the opponent's, after it). */
export type TablebaseCategory =
  | 'win' | 'unknown' | 'syzygy-win' | 'maybe-win' | 'cursed-win' | 'draw' | 'blessed-loss' | 'maybe-loss' | 'syzygy-loss' | 'loss';

export const TABLEBASE_CATEGORIES: readonly TablebaseCategory[] = [
  'win', 'unknown', 'syzygy-win', 'maybe-win', 'cursed-win', 'draw', 'blessed-loss', 'maybe-loss', 'syzygy-loss', 'loss',
];

/** One legal move of a TablebaseAnswer: category, dtz and dtm are the opponent's, after the move. */
export interface TablebaseMove {
  readonly uci: string;
  readonly category: TablebaseCategory;
  /** DTZ50'' in plies (possibly rounded), null when unknown. */
  readonly dtz: number | null;
  /** Plies to mate, null when unknown (the API has it only up to 6 pieces). */
  readonly dtm: number | null;
  /** A capture or a pawn move (the fifty-move count starts over). */
  readonly zeroing: boolean;
  readonly checkmate: boolean;
  readonly stalemate: boolean;
}

/** The tablebase's answer for a position, from the side to move. */
export interface TablebaseAnswer {
  readonly category: TablebaseCategory;
  readonly dtz: number | null;
  readonly dtm: number | null;
  /** Legal moves (best first as the API promises; the choice below does not rely on it). */
  readonly moves: readonly TablebaseMove[];
}

/** Asks the tablebase: what the game needs from outside (the Lichess adapter's client; a fake in tests). */
export interface TablebaseProber {
  /**
   * The answer for the position `fen`, or null when none came within `timeoutMs` (slow, failing,
   * rate limited, busy with another request) or `signal` aborted. Never rejects.
   */
  probe(fen: string, options: { readonly signal: AbortSignal; readonly timeoutMs: number }): Promise<TablebaseAnswer | null>;
  /** False while the tablebase is not being asked (after a 429 or a failure): the engine's turn. */
  isAvailable(): boolean;
}

/** The tablebase as a game uses it. */
export interface TablebaseUse {
  readonly prober: TablebaseProber;
  /** Positions with more pieces (kings included) are not asked about. */
  readonly maxPieces: number;
  /** The longest an answer may take, whatever the clock. */
  readonly maxWaitMs: number;
}

/** What the tablebase says of a game, from our side. */
export type TablebaseVerdict = 'win' | 'draw' | 'loss';

/** The variants played by the rules of standard chess (Chess960 once castling rights are gone). */
const STANDARD_RULES = new Set(['standard', 'fromPosition', 'chess960']);

/**
 * Whether the tablebase can know `position` in a game of `variant`: standard rules, no castling
 * rights (tablebases hold none) and few enough pieces.
 */
export function tablebaseCovers(position: Position, variant: string, maxPieces: number): boolean {
  return STANDARD_RULES.has(variant) && position.castlingRights === 0 && position.pieceCount[0] + position.pieceCount[1] <= maxPieces;
}

/** An answer may take this share of the time we can use... */
const CLOCK_SHARE = 1 / 40;
/** ... but is not asked for at all when that is less than this (ms): it could not come in time. */
const MIN_WAIT_MS = 20;

/**
 * How long a tablebase answer may take: a small share of what our clock lets us use (Infinity
 * without a clock), at most `maxWaitMs`; 0 when so little is left that asking is not worth it.
 * With 30 s left that is 750 ms (capped), with 10 s 250 ms, with 2 s 50 ms.
 */
export function tablebaseWaitMs(usableMs: number, maxWaitMs: number): number {
  const wait = Math.min(maxWaitMs, usableMs * CLOCK_SHARE);
  return wait >= MIN_WAIT_MS ? Math.floor(wait) : 0;
}

/** The side to move's prospects in a category, when the category is sure enough to act on. */
export function verdictOf(category: TablebaseCategory): TablebaseVerdict | null {
  switch (category) {
    case 'win':
    case 'syzygy-win':
      return 'win';
    case 'loss':
    case 'syzygy-loss':
      return 'loss';
    // A cursed win or a blessed loss is a draw under the fifty-move rule.
    case 'draw':
    case 'cursed-win':
    case 'blessed-loss':
      return 'draw';
    default:
      return null;
  }
}

const OPPOSITE: Readonly<Record<TablebaseVerdict, TablebaseVerdict>> = { win: 'loss', draw: 'draw', loss: 'win' };

/** The move the tablebase has us play, and what the game is worth after it, from our side. */
export interface TablebasePick {
  readonly uci: string;
  readonly verdict: TablebaseVerdict;
  /** The move's category, dtz and dtm as the tablebase gave them (the opponent's, after the move). */
  readonly category: TablebaseCategory;
  readonly dtz: number | null;
  readonly dtm: number | null;
}

/**
 * Our outcome after a move, best first: mate at once, then wins (sure, rounded, unsure, cursed by
 * the fifty-move rule), draws, unknown, then losses from the most to the least hopeful.
 */
const RANK: Readonly<Record<TablebaseCategory, number>> = {
  loss: 1, 'syzygy-loss': 2, 'maybe-loss': 3, 'blessed-loss': 4, draw: 5, unknown: 6, 'cursed-win': 7, 'maybe-win': 8,
  'syzygy-win': 9, win: 10,
};
const FIRST_LOSING_RANK = RANK['cursed-win'];
/** Without a usable DTM, a win is ordered by DTZ after every win ordered by DTM. */
const BY_DTZ = 10_000;
/** The fifty-move rule: a draw once this many plies pass without a capture or a pawn move. */
const FIFTY_MOVES_PLIES = 100;

/**
 * The move to play from a tablebase answer, or null when the answer is no help (its category is
 * unknown or unsure, or it lists no move): the engine searches instead. `halfmoves` is the
 * position's fifty-move count.
 *
 * Winning: a mate at once; else the win that mates soonest by DTM where the mate comes before the
 * fifty-move rule could end the game even with no capture or pawn move on the way; else the
 * lowest DTZ (which is what the fifty-move rule counts). Drawn: the tablebase's first drawing
 * move. Losing: the longest DTZ (the most chances for the fifty-move rule and for mistakes), then
 * the longest DTM.
 */
export function pickTablebaseMove(answer: TablebaseAnswer, halfmoves: number): TablebasePick | null {
  if (verdictOf(answer.category) === null) return null;
  let best: { move: TablebaseMove; rank: number; key: number } | null = null;
  for (const move of answer.moves) {
    const rank = move.checkmate ? 0 : RANK[move.category];
    const key = orderWithin(move, rank, halfmoves);
    if (!best || rank < best.rank || (rank === best.rank && key < best.key)) best = { move, rank, key };
  }
  if (!best) return null;
  const { move } = best;
  const theirs = move.checkmate ? 'loss' : verdictOf(move.category);
  // A move into the unknown says nothing: the position's own verdict stands.
  const verdict = theirs ? OPPOSITE[theirs] : verdictOf(answer.category)!;
  return { uci: move.uci, verdict, category: move.category, dtz: move.dtz, dtm: move.dtm };
}

/** Lower is better among moves of one rank. */
function orderWithin(move: TablebaseMove, rank: number, halfmoves: number): number {
  const dtz = Math.abs(move.dtz ?? 0);
  const dtm = move.dtm === null ? null : Math.abs(move.dtm);
  if (rank === 0) return 0;
  if (rank < RANK.draw) {
    const countAfter = move.zeroing ? 0 : halfmoves + 1;
    if (dtm !== null && countAfter + dtm < FIFTY_MOVES_PLIES) return dtm;
    return BY_DTZ + dtz;
  }
  if (rank >= FIRST_LOSING_RANK) return -(dtz * BY_DTZ + (dtm ?? 0));
  return 0; // draws and unknowns: the tablebase's own order
}
