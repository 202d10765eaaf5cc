// Move ordering for the mate prover: try likely keys first at attacker nodes (checks, captures,
// promotions, moves towards the defending king) and likely refutations first at defender nodes
// (the refutation that worked before, captures, king moves). Order changes speed, never answers.

import type { CheckDetector } from '../../chess/checks.ts';
import { isCapture, moveCaptured, moveFrom, movePromotion, moveTo } from '../../chess/move.ts';
import type { Position } from '../../chess/position.ts';
import { KING } from '../../chess/types.ts';

// Score bands: each earlier band outranks everything in the later ones.
const HASH_MOVE = 1 << 30;
const KILLER = 1 << 29;
const CHECK = 1 << 22;
const CAPTURE = 1 << 18;
const PROMOTION = 1 << 16;
const KING_MOVE = 0;
const DEFENDER_CHECK = (1 << 29) + (1 << 28);
/** History counts stay below the lowest band, so they only order moves within one band. */
const HISTORY_CAP = (1 << 14) - 1;
/** Victim values for most-valuable-victim ordering, by piece kind. */
const VICTIM_VALUE = [0, 1, 3, 3, 5, 9, 0];

function chebyshevDistance(a: number, b: number): number {
  return Math.max(Math.abs((a & 7) - (b & 7)), Math.abs((a >> 4) - (b >> 4)));
}

export function scoreAttackerMoves(
  pos: Position, checks: CheckDetector, moves: Int32Array, scores: Int32Array, start: number, end: number,
  hashMove: number, killer: number, history: Int32Array,
): void {
  const defenderKing = pos.kingSquare[pos.turn ^ 1];
  checks.prepare(pos);
  for (let i = start; i < end; i++) {
    const move = moves[i];
    let score = (7 - chebyshevDistance(moveTo(move), defenderKing)) * 8 + Math.min(history[move & 0x3fff], HISTORY_CAP);
    if (move === hashMove) score += HASH_MOVE;
    else if (move === killer) score += KILLER;
    if (checks.givesCheck(pos, move)) score += CHECK;
    if (isCapture(move)) score += CAPTURE + VICTIM_VALUE[moveCaptured(move) & 7] * 256;
    if (movePromotion(move)) score += PROMOTION + movePromotion(move) * 256;
    scores[i] = score;
  }
}

export function scoreDefenderMoves(
  pos: Position, checks: CheckDetector, moves: Int32Array, scores: Int32Array, start: number, end: number,
  hashMove: number, killer: number, history: Int32Array,
): void {
  checks.prepare(pos);
  for (let i = start; i < end; i++) {
    const move = moves[i];
    let score = Math.min(history[16384 + (move & 0x3fff)], HISTORY_CAP);
    if (move === hashMove) score += HASH_MOVE;
    else if (move === killer) score += KILLER;
    if (isCapture(move)) score += CAPTURE + VICTIM_VALUE[moveCaptured(move) & 7] * 256;
    if (checks.givesCheck(pos, move)) score += DEFENDER_CHECK;
    if ((pos.board[moveFrom(move)] & 7) === KING) score += KING_MOVE;
    scores[i] = score;
  }
}

/** Swaps `move` into slot `at` if it is among moves[at, end); false when it is not there (not legal here). */
export function bringToFront(moves: Int32Array, move: number, at: number, end: number): boolean {
  for (let i = at; i < end; i++) {
    if (moves[i] !== move) continue;
    moves[i] = moves[at]!;
    moves[at] = move;
    return true;
  }
  return false;
}
