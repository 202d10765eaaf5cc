// The trainer's choices of input buckets (features.ts), by the number of king buckets. The board
// is turned so that the king stands on files a–d, then split where the king's safety changes
// most: on the back rank, by wing (b1 is the turned g1, where a king castles short; d1 the
// turned e1, where it starts); the second rank; and the rest, where the king has come out. Eight
// buckets split each of the four further: the back rank square by square, the second by wing, and
// the third rank apart from the rest; each lies within one of the four's (reshape.ts).

import { type InputBuckets, PLAIN_INPUTS } from '../../src/search/play/nnue/features.ts';

export const KING_BUCKET_COUNTS = [1, 2, 4, 8] as const;

/** Each square's bucket by rank and file (a1 = 0 … h8 = 63), for a king on files a–d. */
function kingBuckets(bucket: (rank: number, file: number) => number): Uint8Array {
  return Uint8Array.from({ length: 64 }, (_, sq) => bucket(sq >> 3, Math.min(sq & 7, 7 - (sq & 7))));
}

/** The input buckets for `count` king buckets, with the board turned or (only with one) not. */
export function inputBuckets(count: number, mirrored: boolean): InputBuckets {
  if (!mirrored && count === 1) return PLAIN_INPUTS;
  if (!mirrored) throw new Error('king buckets are laid out on half the board: they need --mirror');
  switch (count) {
    case 1: return { mirrored, count, kingBucket: new Uint8Array(64) };
    case 2: return { mirrored, count, kingBucket: kingBuckets((rank) => (rank === 0 ? 0 : 1)) };
    case 4: return { mirrored, count, kingBucket: kingBuckets((rank, file) => (rank === 0 ? (file < 2 ? 0 : 1) : rank === 1 ? 2 : 3)) };
    case 8: return { mirrored, count, kingBucket: kingBuckets((rank, file) => (rank === 0 ? file : rank === 1 ? 4 + (file >> 1) : rank === 2 ? 6 : 7)) };
    default: throw new Error(`no layout for ${count} king buckets (${KING_BUCKET_COUNTS.join(', ')})`);
  }
}
