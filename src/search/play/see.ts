// Static exchange evaluation: the material a capture sequence on one square wins or loses when
// both sides recapture with their least valuable piece first. Pieces are lifted off the board
// array as they capture, so x-ray attackers behind them join in; the board is restored after.

import { alignedPieces, lowestBit, pawnAttackerSquare, pawnAttacks, pieceAttacks } from '../../chess/attacks.ts';
import { FLAG_EN_PASSANT, moveCaptured, moveFlag, moveFrom, movePromotion, moveTo } from '../../chess/move.ts';
import type { Position } from '../../chess/position.ts';
import { type Color, PAWN, makePiece } from '../../chess/types.ts';

/** Exchange values by kind: pawn … queen, and a king that no exchange may end on. */
export const SEE_VALUE = [0, 100, 320, 330, 500, 900, 20000];

const gains = new Int32Array(40);
const lifted = new Int32Array(40);
const liftedPiece = new Int32Array(40);
let liftedCount = 0;

/**
 * Each side's candidates: the squares of its pieces that could reach the target on an empty
 * board, side << 4 onwards, cheapest kind first and in piece-list order among equal kinds. Only
 * these can ever capture on the target during the exchange (lifting pieces merely unblocks
 * lines), so the piece list is scanned once per side instead of once per capture.
 * candidateCount[side] is -1 until that side's candidates are gathered (lazily: when the opponent
 * has no capture at all, ours are never needed).
 */
const candidates = new Int32Array(32);
const candidateCount = new Int32Array(2);

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
  candidateCount[0] = -1;
  candidateCount[1] = -1;
  gains[0] = SEE_VALUE[moveCaptured(move) & 7] + (promotion ? SEE_VALUE[promotion] - SEE_VALUE[1] : 0);
  lift(board, from);
  if (moveFlag(move) === FLAG_EN_PASSANT) lift(board, pos.turn === 0 ? to - 16 : to + 16);
  let side = pos.turn ^ 1;
  let depth = 0;
  for (;;) {
    if (candidateCount[side] < 0) gatherCandidates(pos, to, side);
    const attacker = leastValuableAttacker(board, to, side);
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

/**
 * Is the exchange `move` starts worth at least `threshold` to its side (see(pos, move) >=
 * threshold)? The search only ever asks this, and bounds often settle it without working the
 * exchange out: it cannot win more than what the move takes (and promotes to), nor lose more
 * than the piece then on the square; and when an enemy pawn guards the square, taking the
 * piece with the pawn costs the enemy at most that pawn.
 */
export function seeAtLeast(pos: Position, move: number, threshold: number): boolean {
  const promotion = movePromotion(move);
  const mover = pos.board[moveFrom(move)] & 7;
  const onSquare = SEE_VALUE[promotion ? promotion : mover];
  const taken = SEE_VALUE[moveCaptured(move) & 7] + (promotion ? SEE_VALUE[promotion] - SEE_VALUE[PAWN] : 0);
  if (taken < threshold) return false;
  if (taken - onSquare >= threshold) return true;
  if (taken - onSquare + SEE_VALUE[PAWN] < threshold && pawnAttacks(pos.board, moveTo(move), pos.turn ^ 1)) return false;
  return see(pos, move) >= threshold;
}

/** Fills `side`'s candidates (see `candidates`) from the pieces now on the board. */
function gatherCandidates(pos: Position, target: number, side: number): void {
  const board = pos.board;
  const list = pos.pieceList;
  const base = side << 4;
  let count = base;
  // Pawns first, the cheapest: only two squares can hold one that reaches the target.
  const pawn = makePiece(side as Color, PAWN);
  const a = pawnAttackerSquare(target, side, 15);
  const b = pawnAttackerSquare(target, side, 17);
  const onA = (a & 0x88) === 0 && board[a] === pawn;
  const onB = (b & 0x88) === 0 && board[b] === pawn;
  if (onA && onB) {
    const aFirst = pos.listIndex[a] < pos.listIndex[b];
    candidates[count++] = aFirst ? a : b;
    candidates[count++] = aFirst ? b : a;
  } else if (onA) {
    candidates[count++] = a;
  } else if (onB) {
    candidates[count++] = b;
  }
  // Then the other pieces in piece-list order, each inserted after those of its kind or cheaper.
  const first = count;
  for (let found = alignedPieces(board, list, base, pos.nonPawnSlots[side], target); found !== 0; found &= found - 1) {
    const sq = list[base + lowestBit(found)];
    const kind = board[sq] & 7;
    let j = count++;
    while (j > first && (board[candidates[j - 1]] & 7) > kind) {
      candidates[j] = candidates[j - 1];
      j--;
    }
    candidates[j] = sq;
  }
  candidateCount[side] = count - base;
}

/**
 * The square of `side`'s cheapest piece attacking `target` now (the first in piece-list order
 * among equally cheap ones), or -1: the first candidate still on the board with a clear line.
 */
function leastValuableAttacker(board: Uint8Array, target: number, side: number): number {
  const base = side << 4;
  const end = base + candidateCount[side];
  for (let i = base; i < end; i++) {
    const sq = candidates[i];
    const piece = board[sq];
    if (piece !== 0 && pieceAttacks(board, piece, sq, target)) return sq;
  }
  return -1;
}
