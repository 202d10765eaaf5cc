// Move ordering for the game search: the table's move, then winning and equal captures by
// most-valuable-victim, promotions, the killers of this ply, quiet moves by history, and last the
// captures that lose material. Good order makes alpha-beta cut early; it never changes results.

import { isCapture, moveCaptured, moveFrom, movePromotion } from '../../chess/move.ts';
import type { Position } from '../../chess/position.ts';
import { QUEEN } from '../../chess/types.ts';
import { see } from './see.ts';

const TT_MOVE = 1 << 30;
const GOOD_CAPTURE = 1 << 24;
const PROMOTION = 1 << 23;
const KILLER_1 = 1 << 22;
const KILLER_2 = (1 << 22) - 1;
const BAD_CAPTURE = -(1 << 24);
/** Victim values for MVV-LVA (by kind). */
const VICTIM = [0, 1, 3, 3, 5, 9, 0];

/** history[side << 14 | from << 7 | to]: how often a quiet move caused a cut-off, with gravity. */
export const historyIndex = (side: number, move: number): number => (side << 14) | (move & 0x3fff);
export const HISTORY_MAX = 1 << 14;

export function scoreMoves(
  pos: Position, moves: Int32Array, scores: Int32Array, start: number, end: number,
  ttMove: number, killer1: number, killer2: number, history: Int32Array,
): void {
  const side = pos.turn;
  for (let i = start; i < end; i++) {
    const move = moves[i];
    let score: number;
    if (move === ttMove) score = TT_MOVE;
    else if (isCapture(move)) {
      const victim = VICTIM[moveCaptured(move) & 7];
      const attacker = pos.board[moveFrom(move)] & 7;
      const mvvLva = victim * 16 - attacker;
      // Taking a piece worth at least the taker cannot lose material: no exchange to work out.
      const good = victim >= VICTIM[attacker] || see(pos, move) >= 0;
      score = (good ? GOOD_CAPTURE : BAD_CAPTURE) + mvvLva * 64 + movePromotion(move);
    } else if (movePromotion(move) === QUEEN) score = PROMOTION;
    else if (movePromotion(move) !== 0) score = BAD_CAPTURE - 1000; // under-promotions: rarely worth a look
    else if (move === killer1) score = KILLER_1;
    else if (move === killer2) score = KILLER_2;
    else score = history[historyIndex(side, move)];
    scores[i] = score;
  }
}

/** Quiescence: captures and queen promotions only, by MVV-LVA; `-Infinity`-like for the rest. */
export function scoreTacticalMoves(pos: Position, moves: Int32Array, scores: Int32Array, start: number, end: number): number {
  let kept = start;
  for (let i = start; i < end; i++) {
    const move = moves[i];
    const promotion = movePromotion(move);
    if (!isCapture(move) && promotion !== QUEEN) continue;
    moves[kept] = move;
    scores[kept] = VICTIM[moveCaptured(move) & 7] * 16 - (pos.board[moveFrom(move)] & 7) + (promotion === QUEEN ? 128 : 0);
    kept++;
  }
  return kept;
}
