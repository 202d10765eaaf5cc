// Networks of random weights, for tests of the bookkeeping around a network rather than its chess.

import { INPUTS, type InputBuckets, PLAIN_INPUTS } from '../../src/search/play/nnue/features.ts';
import type { Network } from '../../src/search/play/nnue/network.ts';

/** A network of `hidden` neurons and four output buckets, its weights drawn from `seed`. */
export function randomNetwork(hidden: number, seed: number, inputRange = 120, outputRange = 127, inputs: InputBuckets = PLAIN_INPUTS): Network {
  let state = seed;
  const next = (range: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % (2 * range + 1) - range;
  };
  return {
    hidden, inputs, qa: 255, qb: 64, scale: 400,
    inputWeights: Int16Array.from({ length: inputs.count * INPUTS * hidden }, () => next(inputRange)),
    hiddenBias: Int16Array.from({ length: hidden }, () => next(200)),
    buckets: 4,
    outputWeights: Int16Array.from({ length: 2 * hidden * 4 }, () => next(outputRange)),
    outputBias: Int32Array.from({ length: 4 }, () => next(5000)),
  };
}
