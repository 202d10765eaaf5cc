// "Does this move give check?" without playing it: the piece's own attack from its new square,
// and any of our sliders unveiled through the square it leaves. Castling and en passant, whose
// extra piece movements make the light test inexact, are tested by playing them.

import { IS_SLIDER, pieceAttacks } from './attacks.ts';
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
    const end = base + pos.pieceCount[us];
    for (let i = base; i < end && !check; i++) {
      const sq = pos.pieceList[i];
      if (sq === from || sq === to) continue;
      const slider = board[sq];
      if (IS_SLIDER[slider] !== 0 && pieceAttacks(board, slider, sq, king)) check = true;
    }
  }
  board[to] = captured;
  board[from] = promotion ? makePiece(us, PAWN) : piece;
  return check;
}
