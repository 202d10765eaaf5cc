// A network's weights laid out for more input buckets (features.ts), as the starting point of
// more training (`nnue:train --mirror [--king-buckets N] --init net.nnue`): what the network has
// learned is kept, and training goes on from there instead of from random weights.
//
// A turned view (its king on files e–h) reads each piece at the square turned left to right, so
// every bucket takes the plain weights of the turned square: a view whose king stands on files
// e–h (as after castling short) sees exactly what it saw before, and one whose king stands on
// files a–d sees what the plain network would see of the board turned, its weights learned from
// the other wing.
//
// A turned network gives each bucket of a finer layout (one whose every bucket lies within one of
// its own, as four buckets within two, or two within the one of a network without king buckets) a
// copy of that bucket's weights: every view scores as before, and training then lets the buckets
// part where the king's square matters.

import { INPUTS, type InputBuckets, isPlain } from '../../src/search/play/nnue/features.ts';
import type { Network } from '../../src/search/play/nnue/network.ts';

/** `plain`'s weights in the layout `inputs`; throws if `plain` is not of the plain layout. */
export function plainToBuckets(plain: Network, inputs: InputBuckets): Network {
  if (!isPlain(plain.inputs)) throw new Error('only a network of the plain layout can be laid out afresh');
  const { hidden } = plain;
  const inputWeights = new Int16Array(inputs.count * INPUTS * hidden);
  for (let bucket = 0; bucket < inputs.count; bucket++) {
    for (let feature = 0; feature < INPUTS; feature++) {
      // The square is the feature's low six bits; turning it left to right flips the file.
      const from = inputs.mirrored ? feature ^ 7 : feature;
      inputWeights.set(plain.inputWeights.subarray(from * hidden, (from + 1) * hidden), (bucket * INPUTS + feature) * hidden);
    }
  }
  return { ...plain, inputs, inputWeights };
}

/**
 * The old bucket each of `inputs`' buckets lies in, where every king square of a new bucket was in
 * one bucket of `old` (a finer layout); null where a new bucket would join squares of two.
 */
function coarserBuckets(old: InputBuckets, inputs: InputBuckets): Int32Array | null {
  const within = new Int32Array(inputs.count).fill(-1);
  for (let sq = 0; sq < 64; sq++) {
    const bucket = inputs.kingBucket[sq];
    const was = old.kingBucket[sq];
    if (within[bucket] !== -1 && within[bucket] !== was) return null;
    within[bucket] = was;
  }
  return within;
}

/** A turned network laid out for the finer turned layout `inputs`: each bucket a copy of the one it lies in. */
export function splitBuckets(turned: Network, inputs: InputBuckets): Network {
  const within = turned.inputs.mirrored && inputs.mirrored ? coarserBuckets(turned.inputs, inputs) : null;
  if (within === null) {
    throw new Error('only a turned network is laid out into finer king buckets, each within one of its own');
  }
  const rows = INPUTS * turned.hidden;
  const inputWeights = new Int16Array(inputs.count * rows);
  for (let bucket = 0; bucket < inputs.count; bucket++) {
    inputWeights.set(turned.inputWeights.subarray(within[bucket] * rows, (within[bucket] + 1) * rows), bucket * rows);
  }
  return { ...turned, inputs, inputWeights };
}

/**
 * `network` laid out for `inputs` where one of the two layouts above leads there (plain to turned
 * or bucketed, turned to finer buckets); otherwise `network` as it is, for the caller to compare.
 */
export function layOut(network: Network, inputs: InputBuckets): Network {
  if (isPlain(network.inputs) && !isPlain(inputs)) return plainToBuckets(network, inputs);
  const finer = network.inputs.mirrored && inputs.mirrored && inputs.count > network.inputs.count;
  if (finer && coarserBuckets(network.inputs, inputs) !== null) return splitBuckets(network, inputs);
  return network;
}
