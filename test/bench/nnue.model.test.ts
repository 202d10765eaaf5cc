// The trainer's gradients must be the derivatives of its error: checked against finite differences.

import { describe, expect, it } from 'vitest';
import { Model, type Samples, type Shapes, type Weights, sharedWeights } from '../../bench/nnue/model.ts';

describe('the network trainer', () => {
  it.each([1, 0.5])('works out gradients that match finite differences of the error (network share %s)', (share) => {
    const shapes: Shapes = { hidden: 4, buckets: 2, k: 400 / 600, share };
    // Two positions: white to move with features 3, 100, 700 seen by white and 5, 200 by black;
    // black to move with fewer pieces (another output bucket).
    const samples: Samples = {
      features: Uint16Array.from([3, 100, 700, 5, 200, 6, 7, 8]),
      start: Int32Array.from([0, 3, 5, 7, 8]),
      turn: Uint8Array.from([0, 1]),
      target: Float32Array.from([0.7, 0.2]),
      base: Float32Array.from(share === 1 ? [0, 0] : [0.4, -0.3]),
    };
    const weights = sharedWeights(shapes);
    let seed = 3;
    const next = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) / (1 << 24) - 0.5;
    };
    for (const values of Object.values(weights) as Float32Array[]) for (let i = 0; i < values.length; i++) values[i] = next();
    // Hidden sums inside (0, 1), where the squared clipped ReLU is smooth.
    weights.b1.fill(0.5);
    const model = new Model(shapes, samples, weights);
    const grads = sharedWeights(shapes);
    model.backward(0, grads);
    model.backward(1, grads);
    const total = () => model.error(0) + model.error(1);
    const checks: Array<[keyof Weights, number]> = [['w1', 3 * 4 + 1], ['w1', 200 * 4 + 2], ['w1', 7 * 4], ['b1', 3], ['w2', 5], ['w2', 8 + 2], ['b2', 0], ['b2', 1]];
    for (const [name, index] of checks) {
      const values = weights[name];
      const before = values[index];
      const h = 1e-3;
      values[index] = before + h;
      const up = total();
      values[index] = before - h;
      const down = total();
      values[index] = before;
      expect(grads[name][index]).toBeCloseTo((up - down) / (2 * h), 4);
    }
  });
});
