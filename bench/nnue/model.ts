// The network as the trainer sees it: floating-point weights and the training positions, all in
// shared memory so that worker threads can work out gradients for parts of a batch at once.
// Shapes as in src/search/play/nnue/network.ts.

import { INPUTS } from '../../src/search/play/nnue/features.ts';
import { bucketOf } from '../../src/search/play/nnue/network.ts';
import { WHITE } from '../../src/chess/types.ts';

export interface Shapes {
  hidden: number;
  buckets: number;
  /** The logistic's slope per unit of output (output scale / evaluation scale). */
  k: number;
  /** The network's share of the engine's evaluation (search.ts): 1 alone, ½ when averaged with the hand-written one. */
  share: number;
}

/** The positions: both views' features (white's, then black's, for each), side to move, target. */
export interface Samples {
  features: Uint16Array;
  /** Sample i's white view is features[start[2i] .. start[2i + 1]), its black view up to start[2i + 2]. */
  start: Int32Array;
  turn: Uint8Array;
  /** Expected result for white. */
  target: Float32Array;
  /** The rest of the engine's evaluation, for the side to move, in units of output: the
   *  hand-written evaluation's share of it, which the network learns to complete. */
  base: Float32Array;
}

/** The weights, or gradients of the same shapes. */
export interface Weights {
  w1: Float32Array;
  b1: Float32Array;
  w2: Float32Array;
  b2: Float32Array;
}

export function sharedWeights({ hidden, buckets }: Shapes): Weights {
  const shared = (length: number) => new Float32Array(new SharedArrayBuffer(4 * length));
  return { w1: shared(INPUTS * hidden), b1: shared(hidden), w2: shared(2 * hidden * buckets), b2: shared(buckets) };
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

export class Model {
  private readonly us: Float32Array;
  private readonly them: Float32Array;
  private readonly dUs: Float32Array;
  private readonly dThem: Float32Array;

  constructor(private readonly shapes: Shapes, private readonly samples: Samples, private readonly weights: Weights) {
    this.us = new Float32Array(shapes.hidden);
    this.them = new Float32Array(shapes.hidden);
    this.dUs = new Float32Array(shapes.hidden);
    this.dThem = new Float32Array(shapes.hidden);
  }

  private bucket(i: number): number {
    const start = this.samples.start;
    return bucketOf(start[2 * i + 1] - start[2 * i], this.shapes.buckets);
  }

  /** Fills the two hidden sums of sample i (the side to move's in `us`) and returns the output. */
  private forward(i: number): number {
    const H = this.shapes.hidden;
    const { features, start, turn: turns } = this.samples;
    const { w1, b1, w2, b2 } = this.weights;
    const { us, them } = this;
    const turn = turns[i];
    us.set(b1);
    them.set(b1);
    for (let f = start[2 * i + turn], end = start[2 * i + turn + 1]; f < end; f++) {
      const row = features[f] * H;
      for (let h = 0; h < H; h++) us[h] += w1[row + h];
    }
    for (let f = start[2 * i + (turn ^ 1)], end = start[2 * i + (turn ^ 1) + 1]; f < end; f++) {
      const row = features[f] * H;
      for (let h = 0; h < H; h++) them[h] += w1[row + h];
    }
    const bucket = this.bucket(i);
    const w = bucket * 2 * H;
    let y = b2[bucket];
    for (let h = 0; h < H; h++) {
      const a = us[h] < 0 ? 0 : us[h] > 1 ? 1 : us[h];
      const b = them[h] < 0 ? 0 : them[h] > 1 ? 1 : them[h];
      y += a * a * w2[w + h] + b * b * w2[w + H + h];
    }
    return y;
  }

  /** The engine's evaluation of sample i, in units of output, with the network's part in it. */
  private blended(i: number): number {
    return this.shapes.share * this.forward(i) + this.samples.base[i];
  }

  /** The squared error of sample i's expected result. */
  error(i: number): number {
    const p = sigmoid(this.blended(i) * this.shapes.k);
    const white = this.samples.turn[i] === WHITE ? p : 1 - p;
    return (white - this.samples.target[i]) ** 2;
  }

  /** Adds sample i's gradient to `grads` and returns its squared error. */
  backward(i: number, grads: Weights): number {
    const H = this.shapes.hidden;
    const K = this.shapes.k;
    const { features, start, turn: turns, target: targets } = this.samples;
    const { w2 } = this.weights;
    const { us, them, dUs, dThem } = this;
    const p = sigmoid(this.blended(i) * K);
    const turn = turns[i];
    const target = turn === WHITE ? targets[i] : 1 - targets[i];
    const g = 2 * (p - target) * p * (1 - p) * K * this.shapes.share;
    const bucket = this.bucket(i);
    const w = bucket * 2 * H;
    grads.b2[bucket] += g;
    const { w1: gw1, b1: gb1, w2: gw2 } = grads;
    for (let h = 0; h < H; h++) {
      const u = us[h];
      const t = them[h];
      const a = u < 0 ? 0 : u > 1 ? 1 : u;
      const b = t < 0 ? 0 : t > 1 ? 1 : t;
      gw2[w + h] += g * a * a;
      gw2[w + H + h] += g * b * b;
      dUs[h] = u > 0 && u < 1 ? g * w2[w + h] * 2 * u : 0;
      dThem[h] = t > 0 && t < 1 ? g * w2[w + H + h] * 2 * t : 0;
      gb1[h] += dUs[h] + dThem[h];
    }
    for (let f = start[2 * i + turn], end = start[2 * i + turn + 1]; f < end; f++) {
      const row = features[f] * H;
      for (let h = 0; h < H; h++) gw1[row + h] += dUs[h];
    }
    for (let f = start[2 * i + (turn ^ 1)], end = start[2 * i + (turn ^ 1) + 1]; f < end; f++) {
      const row = features[f] * H;
      for (let h = 0; h < H; h++) gw1[row + h] += dThem[h];
    }
    return (p - target) ** 2;
  }
}
