// The network's inputs: one feature per (piece, square) as seen from one side ("view"). Each side
// sees the board from its own end, its pieces first: the same position with colours swapped and
// the board mirrored gives the same features, so one set of weights serves both sides.
//
// A network may also key its features on the view's own king (input buckets): with `mirrored`, a
// king on files e–h (from the view's end) turns the whole board left to right, so that what the
// network learns on one wing serves the other; `kingBucket` then picks, by the king's square (after
// turning), which of `count` sets of 768 input weights the view's pieces use. The plain layout,
// one set and no turning, is the network's first shape.

import { BLACK, type Color } from '../../../chess/types.ts';

/** Inputs per view and input bucket: own and enemy pieces (2) × six kinds × 64 squares. */
export const INPUTS = 768;

export interface InputBuckets {
  /** Whether a king on files e–h turns the view's board left to right. */
  readonly mirrored: boolean;
  /** Sets of INPUTS input weights. */
  readonly count: number;
  /** The set for the view's king on each square (a1 = 0 … h8 = 63, from the view's end, after turning). */
  readonly kingBucket: Uint8Array;
}

export const PLAIN_INPUTS: InputBuckets = { mirrored: false, count: 1, kingBucket: new Uint8Array(64) };

export const isPlain = (inputs: InputBuckets): boolean => !inputs.mirrored && inputs.count === 1;

/**
 * A view's orientation with its king on `kingSquare` (64-square index): its input bucket × 2,
 * plus 1 where the board is turned left to right.
 */
export function orientationOf(inputs: InputBuckets, view: Color, kingSquare: number): number {
  const seen = view === BLACK ? kingSquare ^ 56 : kingSquare;
  const turned = inputs.mirrored && (seen & 7) >= 4 ? 1 : 0;
  return inputs.kingBucket[turned === 1 ? seen ^ 7 : seen] * 2 + turned;
}

/**
 * The feature of `piece` (colour << 3 | kind) on 64-square index `square` (a1 = 0 … h8 = 63) seen
 * from `view`, whose orientation (orientationOf) is `orientation`.
 */
export function featureOf(view: Color, piece: number, square: number, orientation = 0): number {
  const enemy = (piece >> 3) === view ? 0 : 1;
  const seen = (view === BLACK ? square ^ 56 : square) ^ ((orientation & 1) * 7);
  return (orientation >> 1) * INPUTS + (enemy * 6 + (piece & 7) - 1) * 64 + seen;
}

/**
 * FEATURE[view * 2048 + piece * 128 + 0x88 square]: featureOf for board squares in orientation
 * 0, as a table for the search. Another orientation's feature is FEATURE at the square turned
 * (0x88 square ^ 7) if it turns, plus its bucket × INPUTS.
 */
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
