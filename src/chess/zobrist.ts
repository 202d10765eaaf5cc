// Zobrist keys laid out for the hot path, taken from the Polyglot table so that position hashes
// are Polyglot book keys. A hash is two signed 32-bit halves (hi, lo): no BigInt in the core.

import {
  POLYGLOT_CASTLE_OFFSET, POLYGLOT_EP_OFFSET, POLYGLOT_HI, POLYGLOT_LO, POLYGLOT_TURN_OFFSET,
} from './polyglotKeys.ts';
import { ALL_SQUARES, BLACK, KING, PAWN, WHITE, makePiece, toSquare64 } from './types.ts';

/** PIECE_KEY_*[piece * 128 + square]: the key of a piece code on a 0x88 square. */
export const PIECE_KEY_HI = new Int32Array(16 * 128);
export const PIECE_KEY_LO = new Int32Array(16 * 128);
/** CASTLE_KEY_*[rights]: the XOR of the keys of every right in a 4-bit castling mask. */
export const CASTLE_KEY_HI = new Int32Array(16);
export const CASTLE_KEY_LO = new Int32Array(16);
/** EP_KEY_*[file]: the en-passant key of a file. */
export const EP_KEY_HI = new Int32Array(8);
export const EP_KEY_LO = new Int32Array(8);
export const TURN_KEY_HI = POLYGLOT_HI[POLYGLOT_TURN_OFFSET] | 0;
export const TURN_KEY_LO = POLYGLOT_LO[POLYGLOT_TURN_OFFSET] | 0;

for (const color of [WHITE, BLACK] as const) {
  for (let kind = PAWN; kind <= KING; kind++) {
    const polyglotKind = 2 * (kind - 1) + (color === WHITE ? 1 : 0);
    for (const sq of ALL_SQUARES) {
      const key = 64 * polyglotKind + toSquare64(sq);
      PIECE_KEY_HI[makePiece(color, kind) * 128 + sq] = POLYGLOT_HI[key];
      PIECE_KEY_LO[makePiece(color, kind) * 128 + sq] = POLYGLOT_LO[key];
    }
  }
}
for (let rights = 0; rights < 16; rights++) {
  for (let bit = 0; bit < 4; bit++) {
    if (rights & (1 << bit)) {
      CASTLE_KEY_HI[rights] ^= POLYGLOT_HI[POLYGLOT_CASTLE_OFFSET + bit];
      CASTLE_KEY_LO[rights] ^= POLYGLOT_LO[POLYGLOT_CASTLE_OFFSET + bit];
    }
  }
}
for (let file = 0; file < 8; file++) {
  EP_KEY_HI[file] = POLYGLOT_HI[POLYGLOT_EP_OFFSET + file];
  EP_KEY_LO[file] = POLYGLOT_LO[POLYGLOT_EP_OFFSET + file];
}

/** A 64-bit hash as 16 hex digits, the way Polyglot tools print keys. */
export function hashToHex(hi: number, lo: number): string {
  return (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');
}
