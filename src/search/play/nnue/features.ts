// The network's inputs: one feature per (piece, square) as seen from one side ("view"). Each side
// sees the board from its own end, its pieces first: the same position with colours swapped and
// the board mirrored gives the same features, so one set of weights serves both sides.

import { BLACK, type Color } from '../../../chess/types.ts';

/** Inputs per view: own and enemy pieces (2) × six kinds × 64 squares. */
export const INPUTS = 768;

/**
 * The feature of `piece` (colour << 3 | kind) on 64-square index `square` (a1 = 0 … h8 = 63) seen
 * from `view`.
 */
export function featureOf(view: Color, piece: number, square: number): number {
  const enemy = (piece >> 3) === view ? 0 : 1;
  const seen = view === BLACK ? square ^ 56 : square;
  return (enemy * 6 + (piece & 7) - 1) * 64 + seen;
}

/** FEATURE[view * 2048 + piece * 128 + 0x88 square]: featureOf for board squares, as a table for the search. */
export const FEATURE = new Int32Array(2 * 16 * 128);
for (let view = 0; view < 2; view++) {
  for (let piece = 0; piece < 16; piece++) {
    const kind = piece & 7;
    if (kind === 0 || kind > 6) continue;
    for (let sq = 0; sq < 128; sq++) {
      if ((sq & 0x88) !== 0) continue;
      FEATURE[view * 2048 + piece * 128 + sq] = featureOf(view as Color, piece, (sq >> 4) * 8 + (sq & 7));
    }
  }
}
