// "Does this move give check?" without playing it: the piece's own attack from its new square,
// and any of our sliders unveiled through the square it leaves. Castling and en passant, whose
// extra piece movements make the light test inexact, are tested by playing them.

import { ATTACKER_BIT, ATTACK_BITS, IS_SLIDER, STEP, attackIndex, lowestBit, pieceAttacks } from './attacks.ts';
import { FLAG_CASTLE, FLAG_EN_PASSANT, moveFlag, moveFrom, movePromotion, moveTo } from './move.ts';
import type { Position } from './position.ts';
import { EMPTY, PAWN, makePiece } from './types.ts';

export function givesCheck(pos: Position, move: number): boolean {
  const flag = moveFlag(move);
  if (flag === FLAG_CASTLE || flag === FLAG_EN_PASSANT) {
    pos.make(move);
    const check = pos.inCheck();
    pos.unmake(move);
    return check;
  }
  const board = pos.board;
  const us = pos.turn;
  const king = pos.kingSquare[us ^ 1];
  const from = moveFrom(move);
  const to = moveTo(move);
  const promotion = movePromotion(move);
  const piece = promotion ? makePiece(us, promotion) : board[from];
  const captured = board[to];
  // Play the move on the board array only (the piece list still says `from`, hence the skip below).
  board[from] = EMPTY;
  board[to] = piece;
  let check = pieceAttacks(board, piece, to, king);
  if (!check) {
    const base = us << 4;
    for (let slots = pos.nonPawnSlots[us]; slots !== 0 && !check; slots &= slots - 1) {
      const sq = pos.pieceList[base + lowestBit(slots)];
      if (sq === from || sq === to) continue;
      const slider = board[sq];
      if (IS_SLIDER[slider] !== 0 && pieceAttacks(board, slider, sq, king)) check = true;
    }
  }
  board[to] = captured;
  board[from] = promotion ? makePiece(us, PAWN) : piece;
  return check;
}

/**
 * The fast form of givesCheck for trying many moves of one position: prepare() finds, once, our
 * pieces that stand between one of our sliders and the enemy king (moving them off the line
 * unveils check); givesCheck() is then a table lookup and at most one ray walk per move.
 * Valid until the position changes: prepare again after make/unmake.
 */
/** Where a detector's stamps start over (see prepare). */
const STAMP_LIMIT = 2 ** 30;

export class CheckDetector {
  private readonly unveilStamp = new Int32Array(128);
  private readonly unveilStep = new Int32Array(128);
  private stamp = 0;
  private king = 0;

  prepare(pos: Position): void {
    // The marks are Int32s: start over (wiping them) long before the stamp could outgrow one.
    if (++this.stamp >= STAMP_LIMIT) {
      this.unveilStamp.fill(0);
      this.stamp = 1;
    }
    const current = this.stamp;
    const us = pos.turn;
    const king = pos.kingSquare[us ^ 1];
    this.king = king;
    const board = pos.board;
    const base = us << 4;
    for (let slots = pos.nonPawnSlots[us]; slots !== 0; slots &= slots - 1) {
      const sq = pos.pieceList[base + lowestBit(slots)];
      const piece = board[sq];
      if (IS_SLIDER[piece] === 0) continue;
      const index = attackIndex(sq, king);
      if ((ATTACK_BITS[index] & ATTACKER_BIT[piece]) === 0) continue;
      const step = STEP[index];
      let blocker = -1;
      for (let s = sq + step; s !== king; s += step) {
        if (board[s] === EMPTY) continue;
        if (blocker >= 0 || (board[s] >> 3) !== us) {
          blocker = -2;
          break;
        }
        blocker = s;
      }
      if (blocker >= 0) {
        this.unveilStamp[blocker] = current;
        this.unveilStep[blocker] = step;
      }
    }
  }

  givesCheck(pos: Position, move: number): boolean {
    const flag = moveFlag(move);
    if (flag === FLAG_CASTLE || flag === FLAG_EN_PASSANT) return givesCheck(pos, move);
    const board = pos.board;
    const king = this.king;
    const from = moveFrom(move);
    const to = moveTo(move);
    const promotion = movePromotion(move);
    const piece = promotion ? makePiece(pos.turn, promotion) : board[from];
    const index = attackIndex(to, king);
    if ((ATTACK_BITS[index] & ATTACKER_BIT[piece]) !== 0) {
      if (IS_SLIDER[piece] === 0) return true;
      const step = STEP[index];
      let s = to + step;
      while (s !== king && (board[s] === EMPTY || s === from)) s += step;
      if (s === king) return true;
    }
    return this.unveilStamp[from] === this.stamp && STEP[index] !== this.unveilStep[from];
  }
}
