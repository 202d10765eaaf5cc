// Trains the evaluation network (src/search/play/nnue/network.ts) on positions scored by Stockfish
// (`npm run tune:generate`, `npm run nnue:label`), and writes the network file.
//
//   npm run nnue:train -- --data bench/out/nnue/gen1.txt --data bench/out/nnue/walks1.txt --hidden 128 --out bench/out/nnue/net.nnue
//
// Positions whose best move is a capture or a promotion, or whose score is a mate, are left out:
// the evaluation is asked about quiet positions. Each target is Stockfish's score as an expected
// result, blended with the game's result where there was a game (--lambda). The loss is the
// squared error of the network's expected result through a logistic of --eval-scale centipawns
// per unit, flat enough that a rook up is told apart from a pawn up; --sf-ratio converts
// Stockfish's centipawns to the engine's, so the search's margins keep their meaning. What is
// scored is the network's --share of an evaluation plus the hand-written evaluation's remainder
// (by default the network alone). One game in twenty is held out to measure the error (beside
// the hand-written evaluation's on the same positions). Adam on mini-batches, whose gradients
// --threads worker threads share out.

import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { parseFen } from '../../src/chess/fen.ts';
import { BLACK, WHITE, parsePieceLetter, type Color } from '../../src/chess/types.ts';
import { evaluate } from '../../src/search/play/evaluate.ts';
import { featureOf } from '../../src/search/play/nnue/features.ts';
import { type Network, parseNetwork, serializeNetwork } from '../../src/search/play/nnue/network.ts';
import { type ReadCounts, scoredPositions } from '../tune/positionsFile.ts';
import { Model, type Samples, type Shapes, sharedWeights } from './model.ts';
import { mulberry32 } from '../../test/support/random.ts';

const { values } = parseArgs({
  options: {
    data: { type: 'string', multiple: true, default: ['bench/out/nnue/gen1.txt'] },
    hidden: { type: 'string', default: '128' },
    /** Output buckets by the number of pieces on the board. */
    buckets: { type: 'string', default: '8' },
    threads: { type: 'string', default: '2' },
    epochs: { type: 'string', default: '10' },
    batch: { type: 'string', default: '4096' },
    rate: { type: 'string', default: '0.003' },
    /** The game result's share of the target. */
    lambda: { type: 'string', default: '0.1' },
    /** The engine's centipawns per Stockfish centipawn: the hand-written evaluation's fitted
     *  logistic slope against Stockfish's (1/153 against 1/91), so the search's margins keep their meaning. */
    'sf-ratio': { type: 'string', default: '1.68' },
    /** Centipawns (the engine's) per unit of the logistic the error is measured through: flat
     *  enough that being a rook up is still told apart from a pawn up. */
    'eval-scale': { type: 'string', default: '600' },
    /** The network's share of the evaluation it is trained as: 1, alone. With ½ (as search.ts
     *  averages it with the hand-written one) it learns what the hand-written half leaves out, and
     *  fits better, but plays far worse (README, "The evaluation network"). */
    share: { type: 'string', default: '1' },
    seed: { type: 'string', default: '1' },
    /** Start from this network file's weights (same shapes) instead of random ones: more training
     *  of a network already made, e.g. on new positions with a lower --rate. */
    init: { type: 'string' },
    out: { type: 'string', default: 'bench/out/nnue/net.nnue' },
  },
});

const H = Number(values.hidden);
const BUCKETS = Number(values.buckets);
const THREADS = Number(values.threads);
const EPOCHS = Number(values.epochs);
const BATCH = Number(values.batch);
const lambda = Number(values.lambda);
const sfRatio = Number(values['sf-ratio']);
const evalScale = Number(values['eval-scale']);
const share = Number(values.share);
if (!(share > 0 && share <= 1)) {
  console.error(`nnue:train: --share must be a number above 0 and at most 1, not "${values.share}"`);
  process.exit(2);
}
/** Centipawns per unit of output, and the quantisation of the two layers. */
const SCALE = 400;
const QA = 255;
const QB = 64;
const K = SCALE / evalScale;

// The same seed gives the same starting weights and batches.
const random = mulberry32(Number(values.seed));

// ---- the positions: features of both views, side to move, target ----
/** A typed array that doubles as it fills: millions of positions do not fit plain arrays. */
class Growing<T extends Uint16Array | Int32Array | Uint8Array | Float32Array> {
  length = 0;
  constructor(public values: T) {}
  push(value: number): void {
    if (this.length === this.values.length) {
      const bigger = new (this.values.constructor as new (n: number) => T)(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = value;
  }
  done(): T {
    return this.values.subarray(0, this.length) as T;
  }
}
const featureList = new Growing(new Uint16Array(1 << 20));
const starts = new Growing(new Int32Array(1 << 16));
starts.push(0);
const turns = new Growing(new Uint8Array(1 << 16));
const targets = new Growing(new Float32Array(1 << 16));
const bases = new Growing(new Float32Array(1 << 16));
const heldOut = new Growing(new Uint8Array(1 << 16));
/** The held-out positions' FENs, to measure the hand-written evaluation on them too. */
const heldOutFens = new Map<number, string>();
const counts: ReadCounts = { lines: 0, games: 0 };
for (const { fen, fields, score, best, result, game } of scoredPositions(values.data, counts)) {
  const board = placement(fields[0]);
  // "-": quiet by construction (nnue:label); otherwise a capture, en passant or promotion as the
  // best move says the position is not quiet.
  if (best !== '-') {
    if (best.length !== 4) continue;
    const to = (best.charCodeAt(3) - 49) * 8 + best.charCodeAt(2) - 97;
    const from = (best.charCodeAt(1) - 49) * 8 + best.charCodeAt(0) - 97;
    if (board[to] !== 0) continue;
    if ((board[from] & 7) === 1 && (from & 7) !== (to & 7)) continue;
  }
  const turn: Color = fields[1] === 'b' ? BLACK : WHITE;
  for (const view of [WHITE, BLACK] as const) {
    for (let sq = 0; sq < 64; sq++) if (board[sq] !== 0) featureList.push(featureOf(view, board[sq], sq));
    starts.push(featureList.length);
  }
  turns.push(turn);
  const whiteScore = turn === WHITE ? score : -score;
  // "-": no game, so no result to blend in.
  const expected = 1 / (1 + Math.exp(-whiteScore * sfRatio / evalScale));
  targets.push(result === '-' ? expected : (1 - lambda) * expected + lambda * Number(result));
  bases.push(share === 1 ? 0 : (1 - share) * evaluate(parseFen(fen)) / SCALE);
  heldOut.push(game % 20 === 0 ? 1 : 0);
  if (game % 20 === 0) heldOutFens.set(turns.length - 1, fen);
}

/** Piece codes by 64-square index from a FEN's placement field. */
function placement(text: string): Uint8Array {
  const board = new Uint8Array(64);
  let rank = 7;
  let file = 0;
  for (const char of text) {
    if (char === '/') { rank--; file = 0; }
    else if (char >= '1' && char <= '8') file += Number(char);
    else board[rank * 8 + file++] = parsePieceLetter(char);
  }
  return board;
}

const count = turns.length;
const features = featureList.done();
const featureStart = starts.done();
const turnOf = turns.done();
const targetOf = targets.done();
const heldOutOf = heldOut.done();
const training: number[] = [];
const validation: number[] = [];
for (let i = 0; i < count; i++) (heldOutOf[i] === 1 ? validation : training).push(i);
console.log(`${counts.lines} lines, ${count} positions kept: ${training.length} to train on, ${validation.length} held out (${counts.games} games)`);

// ---- the network, in floating point while it learns; threads share the positions and weights ----
function shared<T extends Uint16Array | Int32Array | Uint8Array | Float32Array>(values: T): T {
  const copy = new (values.constructor as new (buffer: SharedArrayBuffer) => T)(new SharedArrayBuffer(values.byteLength));
  copy.set(values);
  return copy;
}
const shapes: Shapes = { hidden: H, buckets: BUCKETS, k: K, share };
const samples: Samples = {
  features: shared(features), start: shared(featureStart), turn: shared(turnOf), target: shared(targetOf), base: shared(bases.done()),
};
const weights = sharedWeights(shapes);
const { w1, b1, w2, b2 } = weights;
for (let i = 0; i < w1.length; i++) w1[i] = (random() * 2 - 1) * 0.1;
for (let i = 0; i < w2.length; i++) w2[i] = (random() * 2 - 1) * 0.1;
if (values.init !== undefined) startFrom(values.init);

/** Sets the weights to a network file's, undoing save's quantisation; exits naming any mismatch. */
function startFrom(path: string): void {
  let network: Network;
  try {
    network = parseNetwork(readFileSync(path));
  } catch (error) {
    console.error(`nnue:train: --init ${path}: ${(error as Error).message}`);
    process.exit(2);
  }
  const mismatch = network.hidden !== H ? `${network.hidden} hidden neurons, not ${H}`
    : network.buckets !== BUCKETS ? `${network.buckets} buckets, not ${BUCKETS}`
    : network.qa !== QA || network.qb !== QB || network.scale !== SCALE ? 'other quantisation' : null;
  if (mismatch !== null) {
    console.error(`nnue:train: --init ${path}: the network has ${mismatch}`);
    process.exit(2);
  }
  network.inputWeights.forEach((x, i) => { w1[i] = x / QA; });
  network.hiddenBias.forEach((x, i) => { b1[i] = x / QA; });
  network.outputWeights.forEach((x, i) => { w2[i] = x / QB; });
  network.outputBias.forEach((x, i) => { b2[i] = x / (QA * QB); });
}
const params = [w1, b1, w2, b2];
const moment1 = params.map((p) => new Float32Array(p.length));
const moment2 = params.map((p) => new Float32Array(p.length));
const model = new Model(shapes, samples, weights);
const order = shared(Int32Array.from(training));

// Each thread adds the gradients of its share of a batch into its own arrays; the main thread sums them.
const threads = Array.from({ length: THREADS }, () => {
  const grads = sharedWeights(shapes);
  const worker = new Worker(new URL('./worker.js', import.meta.url), { workerData: { shapes, samples, weights, grads, order } });
  // A failed thread would leave its batch's promise waiting for ever: stop instead.
  worker.on('error', (error) => {
    console.error(`nnue:train: a worker thread failed: ${error.message}`);
    process.exit(1);
  });
  return { worker, grads };
});

function gradientOf(from: number, to: number): Promise<number> {
  const share = Math.ceil((to - from) / THREADS);
  return Promise.all(threads.map(({ worker }, t) => new Promise<number>((resolve) => {
    worker.once('message', resolve);
    worker.postMessage({ from: Math.min(to, from + t * share), to: Math.min(to, from + (t + 1) * share) });
  }))).then((losses) => losses.reduce((sum, loss) => sum + loss, 0));
}

function error(set: ArrayLike<number>): number {
  let sum = 0;
  for (let j = 0; j < set.length; j++) sum += model.error(set[j]);
  return sum / set.length;
}

let step = 0;
function adam(rate: number, batchSize: number): void {
  step++;
  const beta1 = 0.9;
  const beta2 = 0.999;
  const c1 = 1 - beta1 ** step;
  const c2 = 1 - beta2 ** step;
  for (let p = 0; p < params.length; p++) {
    const param = params[p];
    const m = moment1[p];
    const v = moment2[p];
    const parts = threads.map(({ grads }) => [grads.w1, grads.b1, grads.w2, grads.b2][p]);
    for (let j = 0; j < param.length; j++) {
      let sum = 0;
      for (const part of parts) sum += part[j];
      const gj = sum / batchSize;
      m[j] = beta1 * m[j] + (1 - beta1) * gj;
      v[j] = beta2 * v[j] + (1 - beta2) * gj * gj;
      param[j] -= rate * (m[j] / c1) / (Math.sqrt(v[j] / c2) + 1e-8);
    }
  }
  // Keep the quantised weights inside int16, and the hidden sums too (at most 32 features and the bias).
  for (let j = 0; j < w1.length; j++) w1[j] = Math.max(-1.98, Math.min(1.98, w1[j]));
  for (let j = 0; j < b1.length; j++) b1[j] = Math.max(-1.98, Math.min(1.98, b1[j]));
  for (let j = 0; j < w2.length; j++) w2[j] = Math.max(-127, Math.min(127, w2[j]));
}

{
  let sum = 0;
  for (const i of validation) {
    const pos = parseFen(heldOutFens.get(i)!);
    const value = evaluate(pos) * (pos.turn === WHITE ? 1 : -1);
    sum += (1 / (1 + Math.exp(-value / evalScale)) - targetOf[i]) ** 2;
  }
  console.log(`the hand-written evaluation's held-out error: ${(sum / validation.length).toExponential(4)}`);
}
console.log(`start: held-out error (the network's share ${share} of the evaluation) ${error(validation).toExponential(4)}`);
const started = Date.now();
for (let epoch = 1; epoch <= EPOCHS; epoch++) {
  // Step decay: the rate falls tenfold over the last third of the epochs.
  const rate = Number(values.rate) * (epoch > (EPOCHS * 2) / 3 ? 0.1 : 1);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const swap = order[i]; order[i] = order[j]; order[j] = swap;
  }
  let loss = 0;
  for (let at = 0; at < order.length; at += BATCH) {
    const end = Math.min(order.length, at + BATCH);
    loss += await gradientOf(at, end);
    adam(rate, end - at);
  }
  console.log(`epoch ${epoch}: training error ${(loss / order.length).toExponential(4)}, held-out ${error(validation).toExponential(4)}, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  save();
}
for (const { worker } of threads) await worker.terminate();

function save(): void {
  const round = (x: number, q: number, limit: number) => Math.max(-limit, Math.min(limit, Math.round(x * q)));
  const bytes = serializeNetwork({
    hidden: H, qa: QA, qb: QB, scale: SCALE, buckets: BUCKETS,
    inputWeights: Int16Array.from(w1, (x) => round(x, QA, 32767)),
    hiddenBias: Int16Array.from(b1, (x) => round(x, QA, 32767)),
    outputWeights: Int16Array.from(w2, (x) => round(x, QB, 32767)),
    outputBias: Int32Array.from(b2, (x) => Math.round(x * QA * QB)),
  });
  writeFileSync(values.out, bytes);
}
console.log(`wrote ${values.out}`);
