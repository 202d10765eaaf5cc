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
// A turned network of one bucket gives each king bucket its own copy of its weights: every view
// scores as before, and training then lets the buckets part where the king's square matters.

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

/** A turned network of one input bucket laid out for `inputs` (turned, more buckets): each bucket a copy. */
export function turnedToBuckets(turned: Network, inputs: InputBuckets): Network {
  if (!turned.inputs.mirrored || turned.inputs.count !== 1 || !inputs.mirrored) {
    throw new Error('only a turned network of one input bucket is laid out into king buckets, and only turned ones');
  }
  const { hidden } = turned;
  const inputWeights = new Int16Array(inputs.count * INPUTS * hidden);
  for (let bucket = 0; bucket < inputs.count; bucket++) inputWeights.set(turned.inputWeights, bucket * INPUTS * hidden);
  return { ...turned, inputs, inputWeights };
}

/**
 * `network` laid out for `inputs` where one of the two layouts above leads there (plain to turned
 * or bucketed, turned to bucketed); otherwise `network` as it is, for the caller to compare.
 */
export function layOut(network: Network, inputs: InputBuckets): Network {
  if (isPlain(network.inputs) && !isPlain(inputs)) return plainToBuckets(network, inputs);
  if (network.inputs.mirrored && network.inputs.count === 1 && inputs.mirrored && inputs.count > 1) return turnedToBuckets(network, inputs);
  return network;
}
