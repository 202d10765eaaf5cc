// The pawns around a king: its own in front of it (the shelter) and the enemy's coming at it (the
// storm), on three files centred on the king's (b to g, so a king in the corner still has three).
// Stockfish's classical evaluation scores it this way; its tables are in weights.ts.

import { PAWN, WHITE, makePiece } from '../../chess/types.ts';
import { KING_SHELTER_MG, KING_STORM_BLOCKED_MG, KING_STORM_MG, PARAMS } from './evalParams.ts';

/** The enemy pawn on this rank (counted from the king's side), blocked by ours, is held off. */
const BLOCKED_STORM_RANK = 2;

/**
 * The middlegame worth of the shelter and storm for the `color` king on file `kingFile` and rank
 * `kingRank` (counted from its side). Pawns behind the king count for neither side.
 */
export function shelterScore(board: Uint8Array, color: number, kingFile: number, kingRank: number): number {
  const ownPawn = makePiece(color as 0 | 1, PAWN);
  const enemyPawn = makePiece((color ^ 1) as 0 | 1, PAWN);
  const centre = kingFile < 1 ? 1 : kingFile > 6 ? 6 : kingFile;
  let score = 0;
  for (let file = centre - 1; file <= centre + 1; file++) {
    // The nearest pawn of each side at or in front of the king's rank; 0 when there is none
    // (no pawn stands on rank 0).
    let ownRank = 0;
    let enemyRank = 0;
    for (let rank = kingRank; rank < 8 && (ownRank === 0 || enemyRank === 0); rank++) {
      const piece = board[((color === WHITE ? rank : 7 - rank) << 4) | file];
      if (piece === ownPawn) {
        if (ownRank === 0) ownRank = rank;
      } else if (piece === enemyPawn && enemyRank === 0) {
        enemyRank = rank;
      }
    }
    const row = (file < 4 ? file : 7 - file) * 8;
    score += PARAMS[KING_SHELTER_MG + row + ownRank];
    if (ownRank !== 0 && ownRank === enemyRank - 1) {
      if (enemyRank === BLOCKED_STORM_RANK) score -= PARAMS[KING_STORM_BLOCKED_MG];
    } else {
      score -= PARAMS[KING_STORM_MG + row + enemyRank];
    }
  }
  return score;
}
