// The network trainer's model (bench/nnue/model.ts and its SIMD kernels): the network it trains must
// be the engine's (checked against a plain evaluation), its gradients the derivatives of its error
// (checked against finite differences), and Adam must move each weight against the gradient summed
// over all threads, within its limit.

import { beforeAll, describe, expect, it } from 'vitest';
import { Model, type Shapes, type Targets, compileTrainKernels, layoutOf, sharedMemory, weightsOf } from '../../bench/nnue/model.ts';
import { NO_RESULT, RECORD_BYTES, packLines, recordFeatures } from '../../bench/nnue/packed.ts';
import { parseFen } from '../../src/chess/fen.ts';
import { ALL_SQUARES, BLACK, type Color, WHITE, toSquare64 } from '../../src/chess/types.ts';
import { PLAIN_INPUTS, featureOf, orientationOf } from '../../src/search/play/nnue/features.ts';
import { inputBuckets } from '../../bench/nnue/inputBuckets.ts';
import { bucketOf } from '../../src/search/play/nnue/network.ts';
import { mulberry32 } from '../support/random.ts';

const TARGETS: Targets = { sfRatio: 1.68, evalScale: 600, lambda: 0.3 };
const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

// White to move with 32 pieces (white won); black to move with 5 (no game: nnue:label's format);
// black to move with 22 (white lost). With two buckets, 18 pieces or more take the second.
const LINES = [
  'rnbqkb1r/pp2pppp/2pp1n2/8/P3P3/5N2/1PPP1PPP/RNBQKB1R w KQkq - 0 4;47;b1c3;1',
  '8/5k2/3p4/8/2P5/4K3/6R1/8 b - - 3 40;-250;-;-',
  'r3k2r/ppp2ppp/2n5/3q4/3P4/2N5/PP3PPP/R2QK2R b KQkq - 0 12;35;e8g8;0',
];

/** The lines packed, with the three views of the records that the model reads. */
function pack(lines: readonly string[]) {
  const bytes: number[] = [];
  const counts = packLines(lines, (record) => bytes.push(...record));
  expect(counts.kept).toBe(lines.length);
  const buffer = new Uint8Array(bytes).buffer;
  return { records: new Uint8Array(buffer), words: new Uint32Array(buffer), scores: new Int16Array(buffer) };
}

let kernels: WebAssembly.Module;
beforeAll(async () => {
  kernels = await compileTrainKernels();
});

/** A model of `shapes` on its own shared memory, with thread 0's view and the weight arrays. */
function setUp(shapes: Shapes) {
  const layout = layoutOf(shapes);
  const memory = sharedMemory(layout);
  const models = Array.from({ length: shapes.threads }, (_, thread) => new Model(kernels, memory, shapes, TARGETS, thread));
  const gradsOf = (thread: number) => weightsOf(memory, shapes, layout, layout.grads + thread * layout.paramBytes);
  return { models, weights: weightsOf(memory, shapes, layout), gradsOf, moments: weightsOf(memory, shapes, layout, layout.m) };
}

/**
 * Random weights whose hidden sums all lie inside (0, 1), where the squared clipped ReLU is
 * smooth: biases within 0.5 ± 0.05, and at most 32 input weights of under 0.0125 each.
 */
function randomWeights(weights: ReturnType<typeof weightsOf>, seed: number): void {
  const random = mulberry32(seed);
  const uniform = (scale: number) => (random() * 2 - 1) * scale;
  weights.w1.forEach((_, i) => { weights.w1[i] = uniform(0.0125); });
  weights.b1.forEach((_, i) => { weights.b1[i] = 0.5 + uniform(0.05); });
  weights.w2.forEach((_, i) => { weights.w2[i] = uniform(1); });
  weights.b2.forEach((_, i) => { weights.b2[i] = uniform(1); });
}

/** The network's output for `fen` worked out plainly from the engine's features (features.ts), in doubles. */
function plainEvaluation(fen: string, weights: ReturnType<typeof weightsOf>, { hidden, inputs, buckets }: Shapes): number {
  const pos = parseFen(fen);
  const pieces = ALL_SQUARES.filter((sq) => pos.board[sq] !== 0);
  const view = (side: Color) => Array.from(weights.b1, (bias, h) => {
    let sum = bias;
    const orientation = orientationOf(inputs, side, toSquare64(pos.kingSquare[side]));
    for (const sq of pieces) sum += weights.w1[featureOf(side, pos.board[sq], toSquare64(sq), orientation) * hidden + h];
    return Math.min(1, Math.max(0, sum)) ** 2;
  });
  const us = view(pos.turn);
  const them = view(pos.turn === WHITE ? BLACK : WHITE);
  const bucket = bucketOf(pieces.length, buckets);
  let y = weights.b2[bucket];
  for (let h = 0; h < hidden; h++) y += us[h] * weights.w2[bucket * 2 * hidden + h] + them[h] * weights.w2[bucket * 2 * hidden + hidden + h];
  return y;
}

describe('the network trainer', () => {
  const shapes: Shapes = { hidden: 8, inputs: PLAIN_INPUTS, buckets: 2, k: 400 / 600, threads: 1 };

  it.each([['plain inputs', PLAIN_INPUTS], ['turned boards', inputBuckets(1, true)], ['four king buckets', inputBuckets(4, true)]])(
    'evaluates the packed positions as the engine\'s network does (%s)', (_, inputs) => {
    const bucketed = { ...shapes, inputs };
    const { models: [model], weights } = setUp(bucketed);
    randomWeights(weights, 5);
    const { records, words } = pack(LINES);
    LINES.forEach((line, i) => {
      expect(model.evaluate(records, words, i)).toBeCloseTo(plainEvaluation(line.split(';')[0], weights, bucketed), 5);
    });
  });

  it('targets Stockfish\'s expected result blended with the game\'s, both for the side to move', () => {
    const { models: [model] } = setUp(shapes);
    const { records, scores } = pack(LINES);
    const expected = (score: number) => sigmoid((score * TARGETS.sfRatio) / TARGETS.evalScale);
    // White to move, white won; black to move, no game; black to move, white lost.
    expect(model.target(records, scores, 0)).toBeCloseTo(0.7 * expected(47) + 0.3, 6);
    expect(records[RECORD_BYTES + 26]).toBe(NO_RESULT);
    expect(model.target(records, scores, 1)).toBeCloseTo(expected(-250), 6);
    expect(model.target(records, scores, 2)).toBeCloseTo(0.7 * expected(35) + 0.3, 6);
  });

  it('works out gradients that match central finite differences of the error', () => {
    const { models: [model], weights, gradsOf } = setUp(shapes);
    randomWeights(weights, 3);
    const { records, words, scores } = pack(LINES);
    const total = () => LINES.reduce((sum, _, i) => sum + model.error(records, words, scores, i), 0);
    LINES.forEach((_, i) => model.backward(records, words, scores, i));
    const grads = gradsOf(0);

    // Input weights of features that each view sees (of the side to move and of the other side,
    // in both buckets), and of one that no position has.
    const rowBytes = 4 * shapes.hidden;
    const white = new Int32Array(32);
    const black = new Int32Array(32);
    const present = new Set<number>();
    const seen = LINES.map((_, i) => {
      const n = recordFeatures(records, words, i, white, black, rowBytes);
      const features = { white: Array.from(white.subarray(0, n), (x) => x / rowBytes), black: Array.from(black.subarray(0, n), (x) => x / rowBytes) };
      for (const f of [...features.white, ...features.black]) present.add(f);
      return features;
    });
    const absent = Array.from({ length: 768 }, (_, f) => f).find((f) => !present.has(f))!;
    const H = shapes.hidden;
    const checks: Array<['w1' | 'b1' | 'w2' | 'b2', number]> = [
      ['w1', seen[0].white[3] * H + 1], ['w1', seen[0].black[10] * H + 6], ['w1', seen[1].black[2] * H], ['w1', seen[2].white[0] * H + 7],
      ['b1', 0], ['b1', 5],
      ['w2', 3], ['w2', H + 6], ['w2', 2 * H + 1], ['w2', 3 * H + 7],
      ['b2', 0], ['b2', 1],
    ];
    const h = 1e-3;
    for (const [name, index] of checks) {
      const values = weights[name];
      const before = values[index];
      values[index] = before + h;
      const up = values[index];
      const errorUp = total();
      values[index] = before - h;
      const down = values[index];
      const errorDown = total();
      values[index] = before;
      // Not a vacuous match of zeros: every one of these weights moves the error.
      expect(Math.abs(grads[name][index]), `${name}[${index}]`).toBeGreaterThan(1e-3);
      expect(grads[name][index], `${name}[${index}]`).toBeCloseTo((errorUp - errorDown) / (up - down), 4);
    }
    for (let neuron = 0; neuron < H; neuron++) expect(grads.w1[absent * H + neuron]).toBe(0);
  });

  it('has Adam move each weight against the gradient summed over the threads, within its limit, and clears the gradients', () => {
    const twoThreads: Shapes = { ...shapes, threads: 2 };
    const { models, weights, gradsOf, moments } = setUp(twoThreads);
    const limits = { w1: 1, b1: 1, w2: 0.25, b2: 10 };
    weights.w1[5] = 0.2;
    weights.b1[3] = -0.1;
    weights.w2[9] = 0.2495; // a step up would pass the limit
    const [first, second] = [gradsOf(0), gradsOf(1)];
    first.w1[5] = 0.3; second.w1[5] = 0.1; // sum 0.4: down
    first.b1[3] = -0.2; second.b1[3] = 0.5; // sum 0.3: down, though the first thread's says up
    first.w2[9] = -0.4; // up, to the limit
    first.b2[1] = 0.1; second.b2[1] = -0.3; // sum -0.2: up
    const rate = 0.001;
    const batch = 4;
    // The first step, with Adam's bias corrections (1 - 0.9, 1 - 0.999): a step of the rate, signed.
    for (const model of models) model.adam(batch, rate / (1 - 0.9), 1 / (1 - 0.999), limits);
    expect(weights.w1[5]).toBeCloseTo(0.2 - rate, 6);
    expect(weights.b1[3]).toBeCloseTo(-0.1 - rate, 6);
    expect(weights.w2[9]).toBe(limits.w2);
    expect(weights.b2[1]).toBeCloseTo(rate, 6);
    expect(weights.w1[6]).toBe(0);
    // The first moment: a tenth of the mean gradient over the batch.
    expect(moments.w1[5]).toBeCloseTo(0.1 * (0.4 / batch), 6);
    for (const grads of [first, second]) {
      for (const values of Object.values(grads)) expect(values.every((x) => x === 0)).toBe(true);
    }
  });
});
