// Static exchange evaluation: the material a capture sequence on one square wins or loses when
// both sides recapture with their least valuable piece first. Pieces are lifted off the board
// array as they capture, so x-ray attackers behind them join in; the board is restored after.

import { pieceAttacks } from '../../chess/attacks.ts';
import { FLAG_EN_PASSANT, moveCaptured, moveFlag, moveFrom, movePromotion, moveTo } from '../../chess/move.ts';
import type { Position } from '../../chess/position.ts';

/** Exchange values by kind: pawn … queen, and a king that no exchange may end on. */
export const SEE_VALUE = [0, 100, 320, 330, 500, 900, 20000];

const gains = new Int32Array(40);
const lifted = new Int32Array(40);
const liftedPiece = new Int32Array(40);
let liftedCount = 0;

function lift(board: Uint8Array, sq: number): void {
  lifted[liftedCount] = sq;
  liftedPiece[liftedCount++] = board[sq];
  board[sq] = 0;
}

/** The exchange's result for the side making `move`, in centipawns. */
export function see(pos: Position, move: number): number {
  const board = pos.board;
  const from = moveFrom(move);
  const to = moveTo(move);
  const promotion = movePromotion(move);
  let onSquare = promotion ? promotion : board[from] & 7;
  liftedCount = 0;
  gains[0] = SEE_VALUE[moveCaptured(move) & 7] + (promotion ? SEE_VALUE[promotion] - SEE_VALUE[1] : 0);
  lift(board, from);
  if (moveFlag(move) === FLAG_EN_PASSANT) lift(board, pos.turn === 0 ? to - 16 : to + 16);
  let side = pos.turn ^ 1;
  let depth = 0;
  for (;;) {
    const attacker = leastValuableAttacker(pos, to, side);
    if (attacker < 0) break;
    depth++;
    gains[depth] = SEE_VALUE[onSquare] - gains[depth - 1];
    onSquare = board[attacker] & 7;
    lift(board, attacker);
    side ^= 1;
  }
  // Back from the last capture: each side either stops or takes, whichever leaves it better off.
  // gains[depth] is a capture that was made (an attacker was found for it), so it takes part.
  for (; depth > 0; depth--) gains[depth - 1] = -Math.max(-gains[depth - 1], gains[depth]);
  for (let i = liftedCount - 1; i >= 0; i--) board[lifted[i]] = liftedPiece[i];
  return gains[0];
}

function leastValuableAttacker(pos: Position, target: number, side: number): number {
  const board = pos.board;
  const base = side << 4;
  let best = -1;
  let bestValue = Infinity;
  for (let i = 0; i < pos.pieceCount[side]; i++) {
    const sq = pos.pieceList[base + i];
    const piece = board[sq];
    if (piece === 0 || sq === target) continue;
    const value = SEE_VALUE[piece & 7];
    if (value < bestValue && pieceAttacks(board, piece, sq, target)) {
      best = sq;
      bestValue = value;
    }
  }
  return best;
}
