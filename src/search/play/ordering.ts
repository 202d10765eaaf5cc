// Move ordering for the game search: the table's move, then winning and equal captures by
// most-valuable-victim, promotions, the killers of this ply, quiet moves by history, and last the
// captures that lose material. Good order makes alpha-beta cut early; it never changes results.
// The exchange of a capture that might lose material is worked out only when the capture's turn
// comes (most nodes cut before that): until then it is ordered as a good capture, marked pending.

import { pawnAttacks, pieceAttacks } from '../../chess/attacks.ts';
import { isCapture, moveCaptured, moveFrom, movePromotion, moveTo } from '../../chess/move.ts';
import type { Position } from '../../chess/position.ts';
import { KNIGHT, QUEEN, ROOK, makePiece } from '../../chess/types.ts';
import { pickBest } from '../pickBest.ts';
import { seeAtLeast } from './see.ts';
import type { LesserThreats } from './threats.ts';

const TT_MOVE = 1 << 30;
const GOOD_CAPTURE = 1 << 24;
const PROMOTION = 1 << 23;
const KILLER_1 = 1 << 22;
const KILLER_2 = (1 << 22) - 1;
const BAD_CAPTURE = -(1 << 24);
/** The lowest bit of a good capture's score marks one whose exchange is still to be checked. */
const SEE_PENDING = 1;
/** Victim values for MVV-LVA (by kind). */
const VICTIM = Int32Array.of(0, 1, 3, 3, 5, 9, 0, 0);

/** history[side << 14 | from << 7 | to]: how often a quiet move caused a cut-off, with gravity. */
export const historyIndex = (side: number, move: number): number => (side << 14) | (move & 0x3fff);
export const HISTORY_MAX = 1 << 14;

/** The bits of a move's name (piece code and target square), as pieceToName gives it. */
export const MOVE_NAME_BITS = 10;
/**
 * Continuation history: how well a quiet move did as the reply to the move one ply before it
 * (and, in a second table row, two plies before). A move is named by piece code and target
 * square (0-63, not 0x88: the table is a quarter the size, so more of it stays in the processor's
 * caches), MOVE_NAME_BITS bits; the table is indexed by the earlier move's name << MOVE_NAME_BITS
 * | this move's name. Name 0 stands for "no earlier move" (the root, a null move): no piece code is 0.
 */
export const CONTINUATION_SIZE = 1 << (2 * MOVE_NAME_BITS);
export const pieceToName = (piece: number, move: number): number => (piece << 6) | ((move >> 8) & 0x38) | ((move >> 7) & 7);

/**
 * Pawn history: how well a quiet move (by name) did in positions with the same pawn structure, by
 * the low PAWN_HISTORY_BITS of the pawns' key (as Stockfish's pawn history): where pieces belong
 * depends on where the pawns stand. It orders quiet moves; the pruning does not read it.
 */
const PAWN_HISTORY_BITS = 9;
export const PAWN_HISTORY_SIZE = 1 << (PAWN_HISTORY_BITS + MOVE_NAME_BITS);
export const pawnHistoryIndex = (pawnKey: number, name: number): number =>
  ((pawnKey & ((1 << PAWN_HISTORY_BITS) - 1)) << MOVE_NAME_BITS) | name;

/**
 * A piece standing where a lesser enemy piece takes it (a pawn for a knight or bishop; also a
 * minor piece for a rook, and a rook for a queen) is as good as lost: a quiet move taking one out
 * of such an attack is ordered this much higher, by the piece's kind, one putting it into one this
 * much lower (as Stockfish's move picker does with its threats).
 */
const THREAT = Int32Array.of(0, 0, 8000, 8000, 12000, 16000, 0, 0);

/**
 * A knight, bishop, rook or queen moving to where it checks is ordered this much higher (as
 * Stockfish's move picker does): checks force the reply, and many of the quiet sacrifices of
 * tactics are checks. Checks unveiled by the move are left out: finding them costs a walk per node.
 */
const CHECK_BONUS = 8000;

/** Where the continuation entries of the replies to the move named `before` start. */
export const continuationRow = (before: number): number => before << MOVE_NAME_BITS;

/** The history of a quiet move in this context: butterfly plus both continuations. */
export function quietHistory(
  history: Int32Array, continuation: Int16Array, side: number, move: number, name: number, before1: number, before2: number,
): number {
  return history[historyIndex(side, move)] + continuation[continuationRow(before1) | name] + continuation[continuationRow(before2) | name];
}

/** The bits of a move that make it tactical rather than quiet: its promotion and its captured piece. */
const TACTICAL_BITS = (7 << 14) | (15 << 20);

export function scoreMoves(
  pos: Position, moves: Int32Array, scores: Int32Array, start: number, end: number,
  ttMove: number, killer1: number, killer2: number, history: Int32Array,
  continuation: Int16Array, before1: number, before2: number,
): void {
  const board = pos.board;
  const side = pos.turn;
  // quietHistory, with the two continuation rows worked out once for the whole list.
  const row1 = continuationRow(before1);
  const row2 = continuationRow(before2);
  for (let i = start; i < end; i++) {
    const move = moves[i];
    let score: number;
    // Killers are only ever quiet moves, so they are recognised before the move's kind is looked
    // at, and the quiet moves, most of the list, are told from the rest by one test.
    if (move === ttMove) score = TT_MOVE;
    else if (move === killer1) score = KILLER_1;
    else if (move === killer2) score = KILLER_2;
    else if ((move & TACTICAL_BITS) === 0) {
      const name = pieceToName(board[moveFrom(move)], move);
      score = history[historyIndex(side, move)] + continuation[row1 | name] + continuation[row2 | name];
    } else if (isCapture(move)) score = captureScore(board, move);
    else if (movePromotion(move) === QUEEN) score = PROMOTION;
    else score = BAD_CAPTURE - 1000; // under-promotions: rarely worth a look
    scores[i] = score;
  }
}

/**
 * The lowest score the staged picker plays before the quiet moves: good captures and queen
 * promotions. Captures found to lose material and under-promotions score below every quiet move.
 */
export const GOOD_TACTICAL = PROMOTION;

/**
 * Scores the captures and promotions of [start, end) as scoreMoves does, leaving out `skip` (the
 * table's move, already tried); returns the new end of the list.
 */
export function scoreTactical(pos: Position, moves: Int32Array, scores: Int32Array, start: number, end: number, skip: number): number {
  const board = pos.board;
  let kept = start;
  for (let i = start; i < end; i++) {
    const move = moves[i];
    if (move === skip) continue;
    moves[kept] = move;
    scores[kept++] = isCapture(move) ? captureScore(board, move) : movePromotion(move) === QUEEN ? PROMOTION : BAD_CAPTURE - 1000;
  }
  return kept;
}

/**
 * Scores the quiet moves of [start, end): killers first, then by the histories and the threats
 * of lesser pieces (`threats`, scratch filled here), leaving out `skip` (the table's move) and
 * `tried1`, `tried2` (killers), already tried; returns the new end of the list.
 */
export function scoreQuiets(
  pos: Position, moves: Int32Array, scores: Int32Array, start: number, end: number, skip: number, tried1: number,
  tried2: number, killer1: number, killer2: number, history: Int32Array, continuation: Int16Array, before1: number,
  before2: number, pawnHistory: Int16Array, threats: LesserThreats,
): number {
  const board = pos.board;
  const side = pos.turn;
  const row1 = continuationRow(before1);
  const row2 = continuationRow(before2);
  const pawnRow = pawnHistoryIndex(pos.pawnHashLo, 0);
  const enemy = side ^ 1;
  // Only rooks and queens can be threatened by more than pawns: without them no map is needed.
  const mapped = pos.material[makePiece(side, ROOK)] + pos.material[makePiece(side, QUEEN)] > 0 && threats.build(pos, enemy);
  const king = pos.kingSquare[enemy];
  let kept = start;
  for (let i = start; i < end; i++) {
    const move = moves[i];
    if (move === skip || move === tried1 || move === tried2) continue;
    let score: number;
    if (move === killer1) score = KILLER_1;
    else if (move === killer2) score = KILLER_2;
    else {
      const from = moveFrom(move);
      const piece = board[from];
      const name = pieceToName(piece, move);
      score = history[historyIndex(side, move)] + continuation[row1 | name] + continuation[row2 | name]
        + pawnHistory[pawnRow | name];
      const kind = piece & 7;
      if (kind >= KNIGHT && kind <= QUEEN) {
        const to = moveTo(move);
        if (pieceAttacks(board, piece, to, king)) score += CHECK_BONUS;
        if (pawnAttacks(board, to, enemy) || (mapped && threats.threatens(to, kind))) score -= THREAT[kind];
        else if (pawnAttacks(board, from, enemy) || (mapped && threats.threatens(from, kind))) score += THREAT[kind];
      }
    }
    moves[kept] = move;
    scores[kept++] = score;
  }
  return kept;
}

/** A capture's place among the good ones by MVV-LVA, marked pending when its exchange must be worked out. */
function captureScore(board: Uint8Array, move: number): number {
  const victim = VICTIM[moveCaptured(move) & 7];
  const attacker = board[moveFrom(move)] & 7;
  const mvvLva = victim * 16 - attacker;
  // Taking a piece worth at least the taker cannot lose material: no exchange to work out.
  const pending = victim >= VICTIM[attacker] ? 0 : SEE_PENDING;
  return GOOD_CAPTURE + (mvvLva * 8 + movePromotion(move)) * 2 + pending;
}

/**
 * Takes the best-ordered move of [i, end) into slot i, first settling pending exchanges that come
 * up: a capture that loses material drops to the end of the order and the next best is taken.
 */
export function pickOrdered(pos: Position, moves: Int32Array, scores: Int32Array, i: number, end: number): number {
  for (;;) {
    const move = pickBest(moves, scores, i, end);
    const score = scores[i];
    if ((score & SEE_PENDING) === 0 || score < GOOD_CAPTURE || score >= TT_MOVE) return move;
    if (seeAtLeast(pos, move, 0)) {
      scores[i] = score - SEE_PENDING;
      return move;
    }
    scores[i] = BAD_CAPTURE + ((score - GOOD_CAPTURE) >> 1);
  }
}

/**
 * Quiescence: keeps only the captures and queen promotions, ordered by MVV-LVA after the table's
 * move; returns the end of the moves kept.
 */
export function scoreTacticalMoves(
  pos: Position, moves: Int32Array, scores: Int32Array, start: number, end: number, ttMove: number,
): number {
  let kept = start;
  for (let i = start; i < end; i++) {
    const move = moves[i];
    const promotion = movePromotion(move);
    if (!isCapture(move) && promotion !== QUEEN) continue;
    moves[kept] = move;
    scores[kept] = move === ttMove
      ? TT_MOVE : VICTIM[moveCaptured(move) & 7] * 16 - (pos.board[moveFrom(move)] & 7) + (promotion === QUEEN ? 128 : 0);
    kept++;
  }
  return kept;
}
