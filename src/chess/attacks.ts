// Attack geometry on the 0x88 board. The difference `to - from` of two squares (offset by 119)
// indexes ATTACK_BITS, which says which piece kinds could attack `to` from `from` on an empty
// board, and STEP, the unit step of the ray between them. A slider then only needs the squares
// between checked for emptiness. This is the classic 0x88 trick: no per-square ray tables.

import { BISHOP, BLACK, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE, makePiece } from './types.ts';

export const KNIGHT_STEPS = [33, 31, 18, 14, -14, -18, -31, -33] as const;
export const KING_STEPS = [1, -1, 16, -16, 15, 17, -15, -17] as const;
export const ROOK_STEPS = [1, -1, 16, -16] as const;
export const BISHOP_STEPS = [15, 17, -15, -17] as const;

// One bit per attacker kind; pawns get a bit per colour because they attack in one direction.
const WHITE_PAWN_BIT = 1;
const BLACK_PAWN_BIT = 2;
const KNIGHT_BIT = 4;
const BISHOP_BIT = 8;
const ROOK_BIT = 16;
const QUEEN_BIT = 32;
const KING_BIT = 64;

const OFFSET = 119;
/** ATTACK_BITS[to - from + 119]: which attackers on `from` reach `to` on an empty board. */
export const ATTACK_BITS = new Uint8Array(239);
/** STEP[to - from + 119]: the unit step from `from` towards `to` along a line (0 if none). */
export const STEP = new Int8Array(239);
/** ATTACKER_BIT[piece]: the ATTACK_BITS bit of a piece code (0 for empty squares). */
export const ATTACKER_BIT = new Uint8Array(16);
/** IS_SLIDER[piece]: bishops, rooks and queens, whose attacks can be blocked. */
export const IS_SLIDER = new Uint8Array(16);

export const attackIndex = (from: number, to: number): number => to - from + OFFSET;

/** The number of the lowest bit set in `bits` (not 0): a slot mask's or alignedPieces' pieces one by one. */
export const lowestBit = (bits: number): number => 31 - Math.clz32(bits & -bits);

/**
 * A bit for each piece in the slots of list[base …] marked in `slots` that could reach `target` on
 * an empty board (bit i for list[base + i]). No branch and no store per piece: each piece's test
 * stands alone, so the processor works on several at once, where a loop that branched or wrote on
 * each result went at the pace of one piece's chain of loads after another. Empty squares (code
 * 0, a piece lifted) and the target's own square (difference 0) have no attacker bits: both drop out.
 */
export function alignedPieces(board: Uint8Array, list: Uint8Array, base: number, slots: number, target: number): number {
  let bits = 0;
  for (; slots !== 0; slots &= slots - 1) {
    const i = lowestBit(slots);
    const sq = list[base + i];
    bits |= (((ATTACK_BITS[attackIndex(sq, target)] & ATTACKER_BIT[board[sq]]) + 127) >> 7) << i;
  }
  return bits;
}

/**
 * Where a pawn of `color` stands to attack `sq` along `diagonal` (15 or 17): a white pawn that
 * far below the square, a black one that far above. Off the board when `& 0x88` is not 0.
 */
export const pawnAttackerSquare = (sq: number, color: number, diagonal: 15 | 17): number =>
  (color === WHITE ? sq - diagonal : sq + diagonal);

/** Does a pawn of `color` attack `sq` on the board as it stands? */
export function pawnAttacks(board: Uint8Array, sq: number, color: number): boolean {
  const pawn = (color << 3) | PAWN;
  const a = pawnAttackerSquare(sq, color, 15);
  const b = pawnAttackerSquare(sq, color, 17);
  return ((a & 0x88) === 0 && board[a] === pawn) || ((b & 0x88) === 0 && board[b] === pawn);
}

function fillTables(): void {
  for (const step of KNIGHT_STEPS) ATTACK_BITS[step + OFFSET] |= KNIGHT_BIT;
  for (const step of KING_STEPS) ATTACK_BITS[step + OFFSET] |= KING_BIT;
  ATTACK_BITS[15 + OFFSET] |= WHITE_PAWN_BIT;
  ATTACK_BITS[17 + OFFSET] |= WHITE_PAWN_BIT;
  ATTACK_BITS[-15 + OFFSET] |= BLACK_PAWN_BIT;
  ATTACK_BITS[-17 + OFFSET] |= BLACK_PAWN_BIT;
  const slide = (steps: readonly number[], bit: number) => {
    for (const step of steps) {
      for (let sq = step, n = 1; n < 8; n++, sq += step) {
        ATTACK_BITS[sq + OFFSET] |= bit | QUEEN_BIT;
        STEP[sq + OFFSET] = step;
      }
    }
  };
  slide(ROOK_STEPS, ROOK_BIT);
  slide(BISHOP_STEPS, BISHOP_BIT);
  for (const step of KNIGHT_STEPS) STEP[step + OFFSET] = step;

  for (const color of [WHITE, BLACK] as const) {
    ATTACKER_BIT[makePiece(color, PAWN)] = color === WHITE ? WHITE_PAWN_BIT : BLACK_PAWN_BIT;
    ATTACKER_BIT[makePiece(color, KNIGHT)] = KNIGHT_BIT;
    ATTACKER_BIT[makePiece(color, BISHOP)] = BISHOP_BIT;
    ATTACKER_BIT[makePiece(color, ROOK)] = ROOK_BIT;
    ATTACKER_BIT[makePiece(color, QUEEN)] = QUEEN_BIT;
    ATTACKER_BIT[makePiece(color, KING)] = KING_BIT;
    IS_SLIDER[makePiece(color, BISHOP)] = 1;
    IS_SLIDER[makePiece(color, ROOK)] = 1;
    IS_SLIDER[makePiece(color, QUEEN)] = 1;
  }
}
fillTables();

/**
 * Does the piece on `from` attack `to`, given the board's occupancy? Used for check tests,
 * pins and SAN; `board` may have pieces lifted temporarily (king removal for king moves).
 */
export function pieceAttacks(board: Uint8Array, piece: number, from: number, to: number): boolean {
  const index = to - from + OFFSET;
  if ((ATTACK_BITS[index] & ATTACKER_BIT[piece]) === 0) return false;
  if (IS_SLIDER[piece] === 0) return true;
  const step = STEP[index];
  let sq = from + step;
  while (sq !== to) {
    if (board[sq] !== 0) return false;
    sq += step;
  }
  return true;
}
