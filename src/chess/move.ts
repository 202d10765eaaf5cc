// Moves are plain integers so move lists are Int32Arrays and nothing is allocated per move.
//   bits 0-6 from square (0x88), 7-13 to square, 14-16 promotion kind, 17-19 flag,
//   20-23 the captured piece code (0 for none; the pawn for en passant).
// Castling is encoded as "king takes own rook" (to = the rook's square), which is the only form
// that is unambiguous in Chess960; notation modules translate to e1g1 where that is wanted.

export const NO_MOVE = 0;

export const FLAG_NORMAL = 0;
export const FLAG_DOUBLE_PUSH = 1;
export const FLAG_EN_PASSANT = 2;
export const FLAG_CASTLE = 3;
export const FLAG_PROMOTION = 4;

export const encodeMove = (from: number, to: number, promotion: number, flag: number, captured: number): number =>
  from | (to << 7) | (promotion << 14) | (flag << 17) | (captured << 20);

export const moveFrom = (move: number): number => move & 0x7f;
export const moveTo = (move: number): number => (move >> 7) & 0x7f;
export const movePromotion = (move: number): number => (move >> 14) & 7;
export const moveFlag = (move: number): number => (move >> 17) & 7;
export const moveCaptured = (move: number): number => (move >> 20) & 15;
export const isCapture = (move: number): boolean => (move >> 20) !== 0;
export const isCastle = (move: number): boolean => ((move >> 17) & 7) === FLAG_CASTLE;

/** The most legal moves any chess position has is 218; a list slot of 256 is always enough. */
export const MAX_MOVES = 256;
