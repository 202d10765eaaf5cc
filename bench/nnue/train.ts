// Trains the evaluation network (src/search/play/nnue/network.ts) on positions scored by Stockfish
// (`npm run nnue:generate`, `npm run nnue:label`), and writes the network file.
//
//   node --max-old-space-size=20000 --import tsx bench/nnue/train.ts --data bench/out/nnue/walks1.bin \
//     --data bench/out/nnue/gen1.txt --valid bench/out/nnue/valid.bin --hidden 256 --out bench/out/nnue/net.nnue
//
// --data and --valid take text files (nnue:generate's and nnue:label's lines) or files packed by
// `npm run nnue:pack` (name ending in .bin), which load in seconds. Positions whose best move is a
// capture or a promotion, in check, or whose score is a mate, are left out: the evaluation is
// asked about quiet positions. Each position is used once (the first time it appears); one that is
// also among the --valid positions is not trained on. Each target is Stockfish's score as an
// expected result, blended with the game's result where there was a game (--lambda). The loss is
// the squared error of the network's expected result through a logistic of --eval-scale
// centipawns per unit, flat enough that a rook up is told apart from a pawn up; --sf-ratio
// converts Stockfish's centipawns to the engine's, so the search's margins keep their meaning.
// The error is measured on the --valid positions, or without them on one game in --hold-out of
// the data. Adam on mini-batches, in WebAssembly SIMD kernels (trainKernels.wat) that --threads
// worker threads run on one shared memory. The rate falls over the last epochs (--schedule).
// --mirror turns each view's board left to right when its king is on files e–h, and
// --king-buckets 2, 4 or 8 (with --mirror) gives each region of the king's half board its own input
// weights (features.ts, inputBuckets.ts); the engine reads the shape from the file.

import { closeSync, existsSync, openSync, readFileSync, readSync, statSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { type Network, parseNetwork, serializeNetwork } from '../../src/search/play/nnue/network.ts';
import { type InputBuckets, PLAIN_INPUTS } from '../../src/search/play/nnue/features.ts';
import { KING_BUCKET_COUNTS, inputBuckets } from './inputBuckets.ts';
import { layOut } from './reshape.ts';
import { type Shapes, type Targets, compileTrainKernels, layoutOf, sharedMemory, weightsOf } from './model.ts';
import { RECORD_BYTES, packCounts, packText } from './packed.ts';
import { mulberry32 } from '../../test/support/random.ts';

/** Stops on a wrong command line, naming what is wrong, before minutes go into loading positions. */
function usageError(message: string): never {
  console.error(`nnue:train: ${message}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    options: {
      data: { type: 'string', multiple: true, default: ['bench/out/nnue/gen1.txt'] },
      /** Positions to measure the error on, never trained on (default: one game in --hold-out of --data). */
      valid: { type: 'string', multiple: true },
      'hold-out': { type: 'string', default: '20' },
      hidden: { type: 'string', default: '256' },
      /** Turn each view's board left to right when its king is on files e–h (features.ts). */
      mirror: { type: 'boolean', default: false },
      /** Sets of input weights by the king's square (inputBuckets.ts); more than one needs --mirror. */
      'king-buckets': { type: 'string', default: '1' },
      /** Output buckets by the number of pieces on the board. */
      buckets: { type: 'string', default: '8' },
      threads: { type: 'string', default: '2' },
      epochs: { type: 'string', default: '10' },
      batch: { type: 'string', default: '4096' },
      rate: { type: 'string', default: '0.003' },
      /** "step": the rate falls tenfold for the last third of the epochs; "cosine": it falls along a
       *  half cosine from --rate to --rate × --final over the whole run, batch by batch. */
      schedule: { type: 'string', default: 'step' },
      final: { type: 'string', default: '0.01' },
      /** The game result's share of the target. */
      lambda: { type: 'string', default: '0.1' },
      /** The engine's centipawns per Stockfish centipawn: the fitted logistic slope of the engine's
       *  former hand-written evaluation against Stockfish's (1/153 against 1/91), so the search's
       *  margins keep their meaning. */
      'sf-ratio': { type: 'string', default: '1.68' },
      /** Centipawns (the engine's) per unit of the logistic the error is measured through: flat
       *  enough that being a rook up is still told apart from a pawn up. */
      'eval-scale': { type: 'string', default: '600' },
      seed: { type: 'string', default: '1' },
      /** Start from this network file's weights (same shapes) instead of random ones: more training
       *  of a network already made, e.g. on new positions with a lower --rate. A plain network
       *  also starts one with --mirror or --king-buckets, and a turned one with more
       *  --king-buckets, each within one of its own (reshape.ts). */
      init: { type: 'string' },
      out: { type: 'string', default: 'bench/out/nnue/net.nnue' },
    },
  });
} catch (error) {
  usageError((error as Error).message);
}
const { values } = parsed;

/** Option `name` as a number that `fits` (which `rule` describes). */
function numberOption(name: keyof typeof values, rule: string, fits: (x: number) => boolean): number {
  const x = Number(values[name]);
  if (!fits(x)) usageError(`--${name} must be ${rule}, not "${String(values[name])}"`);
  return x;
}
const whole = (min: number) => (x: number) => Number.isInteger(x) && x >= min;
const above = (min: number) => (x: number) => x > min;

// The engine's kernels take the hidden neurons eight at a time (accumulator.ts).
const H = numberOption('hidden', 'a multiple of 8', (x) => whole(8)(x) && x % 8 === 0);
const BUCKETS = numberOption('buckets', 'a whole number from 1 to 32', (x) => whole(1)(x) && x <= 32);
const KING_BUCKETS = numberOption('king-buckets', KING_BUCKET_COUNTS.join(', '), (x) => (KING_BUCKET_COUNTS as readonly number[]).includes(x));
let INPUT_BUCKETS: InputBuckets = PLAIN_INPUTS;
try {
  INPUT_BUCKETS = inputBuckets(KING_BUCKETS, values.mirror === true);
} catch (error) {
  usageError((error as Error).message);
}
const THREADS = numberOption('threads', 'a whole number above 0', whole(1));
const EPOCHS = numberOption('epochs', 'a whole number, 0 or more', whole(0));
const BATCH = numberOption('batch', 'a whole number above 0', whole(1));
const RATE = numberOption('rate', 'above 0', above(0));
const FINAL = numberOption('final', 'from 0 to 1', (x) => x >= 0 && x <= 1);
// 1 would hold every game out.
const HOLD_OUT = numberOption('hold-out', 'a whole number above 1', whole(2));
const targets: Targets = {
  lambda: numberOption('lambda', 'from 0 to 1', (x) => x >= 0 && x <= 1),
  sfRatio: numberOption('sf-ratio', 'above 0', above(0)),
  evalScale: numberOption('eval-scale', 'above 0', above(0)),
};
const SEED = numberOption('seed', 'a whole number', Number.isInteger);
if (values.schedule !== 'step' && values.schedule !== 'cosine') usageError(`--schedule is step or cosine, not "${values.schedule}"`);
for (const path of [...values.data, ...(values.valid ?? []), ...(values.init === undefined ? [] : [values.init])]) {
  if (!existsSync(path)) usageError(`${path}: no such file`);
  const size = statSync(path).size;
  if (path.endsWith('.bin') && size % RECORD_BYTES !== 0) usageError(`${path}: ${size} bytes, not a whole number of records (not nnue:pack's?)`);
}
/** Centipawns per unit of output, and the quantisation of the two layers. */
const SCALE = 400;
const QA = 255;
const QB = 64;
const K = SCALE / targets.evalScale;
/** Weight ranges that keep the engine's integer kernels safe (accumulator.ts, checkFits): a
 *  neuron's 32 largest input weights and its bias within int16, and each of the output sum's
 *  four int32 lanes (hidden / 2 products of at most QA² × the largest output weight). */
const LIMITS = { w1: 1.98, b1: 1.98, w2: Math.floor(0x7fffffff / ((H / 2) * QA * QA)) / QB, b2: 1e6 };

// The same seed gives the same starting weights and batches.
const random = mulberry32(SEED);

// ---- the positions: packed records in shared memory, each position once ----
const started = Date.now();
/** Reads files (packed, or text packed on the way) into one shared buffer of records. */
function load(paths: readonly string[]): { buffer: SharedArrayBuffer; count: number } {
  const counts = packCounts();
  const chunks: Uint8Array[] = [];
  const textPaths = paths.filter((path) => !path.endsWith('.bin'));
  let chunk = new Uint8Array(RECORD_BYTES << 18);
  let used = 0;
  packText(textPaths, (record) => {
    chunk.set(record, used);
    used += RECORD_BYTES;
    if (used === chunk.length) {
      chunks.push(chunk);
      chunk = new Uint8Array(chunk.length);
      used = 0;
    }
  }, counts);
  chunks.push(chunk.subarray(0, used));
  if (textPaths.length > 0) {
    console.log(`${textPaths.join(', ')}: ${counts.lines} lines, ${counts.kept} positions (left out ${counts.mate} mate scores, ${counts.noisy} noisy, ${counts.check} in check, ${counts.bad} unreadable)`);
  }
  let bytes = chunks.reduce((sum, c) => sum + c.length, 0);
  for (const path of paths) if (path.endsWith('.bin')) bytes += statSync(path).size;
  const buffer = new SharedArrayBuffer(bytes);
  const all = new Uint8Array(buffer);
  let at = 0;
  for (const c of chunks) { all.set(c, at); at += c.length; }
  for (const path of paths) {
    if (!path.endsWith('.bin')) continue;
    const fd = openSync(path, 'r');
    const size = statSync(path).size;
    for (let done = 0; done < size;) done += readSync(fd, all, at + done, Math.min(1 << 30, size - done), null);
    closeSync(fd);
    at += size;
  }
  return { buffer, count: bytes / RECORD_BYTES };
}

/** 64-bit keys of positions (placement, side to move, castling), in open addressing. */
class PositionSet {
  private readonly keys: Uint32Array;
  private readonly mask: number;
  constructor(capacity: number) {
    let size = 1;
    while (size < 2 * capacity) size *= 2;
    this.keys = new Uint32Array(2 * size);
    this.mask = size - 1;
  }
  /** Adds record i's position; false if it was there already. */
  add(words: Uint32Array, records: Uint8Array, i: number, insert = true): boolean {
    let h1 = 0x9e3779b9 ^ records[i * RECORD_BYTES + 27];
    let h2 = 0x85ebca6b;
    for (let w = 0; w < 6; w++) {
      const x = words[i * 8 + w];
      h1 = Math.imul(h1 ^ x, 0x01000193) ^ (h1 >>> 15);
      h2 = Math.imul(h2 + x, 0xcc9e2d51);
      h2 = (h2 << 13) | (h2 >>> 19);
      h2 = Math.imul(h2, 5) + 0xe6546b64;
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 0x85ebca6b);
    h1 ^= h1 >>> 13;
    h2 ^= h2 >>> 16;
    h2 = Math.imul(h2, 0xc2b2ae35);
    h2 = (h2 ^ (h2 >>> 16)) | 1;
    let slot = (h1 ^ Math.imul(h2, 0x27d4eb2f)) & this.mask;
    for (;;) {
      const k1 = this.keys[2 * slot];
      const k2 = this.keys[2 * slot + 1];
      if (k2 === 0) {
        if (insert) { this.keys[2 * slot] = h1 >>> 0; this.keys[2 * slot + 1] = h2 >>> 0; }
        return true;
      }
      if (k1 === h1 >>> 0 && k2 === h2 >>> 0) return false;
      slot = (slot + 1) & this.mask;
    }
  }
}

/** Keeps each position once, in place; returns how many are left. */
function unique(buffer: SharedArrayBuffer, count: number, seen: PositionSet): number {
  const records = new Uint8Array(buffer);
  const words = new Uint32Array(buffer);
  let kept = 0;
  for (let i = 0; i < count; i++) {
    if (!seen.add(words, records, i)) continue;
    if (kept !== i) records.copyWithin(kept * RECORD_BYTES, i * RECORD_BYTES, (i + 1) * RECORD_BYTES);
    kept++;
  }
  return kept;
}

const trainSet = load(values.data);
let validSet = values.valid === undefined ? null : load(values.valid);
// Sized for every position loaded: the open addressing must never fill up.
const seen = new PositionSet(trainSet.count + (validSet?.count ?? 0));
const loadedCount = trainSet.count;
if (validSet !== null) {
  validSet.count = unique(validSet.buffer, validSet.count, seen);
  trainSet.count = unique(trainSet.buffer, trainSet.count, seen);
} else {
  trainSet.count = unique(trainSet.buffer, trainSet.count, seen);
  // One game in HOLD_OUT, moved out of the training records into their own (a record is copied
  // before the compaction, which only writes below it, can overwrite it).
  const records = new Uint8Array(trainSet.buffer);
  const view = new DataView(trainSet.buffer);
  const isHeld = (i: number) => view.getUint32(i * RECORD_BYTES + 28, true) % HOLD_OUT === 0;
  let held = 0;
  for (let i = 0; i < trainSet.count; i++) if (isHeld(i)) held++;
  validSet = { buffer: new SharedArrayBuffer(held * RECORD_BYTES), count: held };
  const validRecords = new Uint8Array(validSet.buffer);
  let kept = 0;
  held = 0;
  for (let i = 0; i < trainSet.count; i++) {
    if (isHeld(i)) {
      validRecords.set(records.subarray(i * RECORD_BYTES, (i + 1) * RECORD_BYTES), held++ * RECORD_BYTES);
      continue;
    }
    if (kept !== i) records.copyWithin(kept * RECORD_BYTES, i * RECORD_BYTES, (i + 1) * RECORD_BYTES);
    kept++;
  }
  trainSet.count = kept;
}
console.log(`${loadedCount} positions read, ${trainSet.count} distinct to train on, ${validSet.count} to measure on (${((Date.now() - started) / 1000).toFixed(0)} s)`);

// ---- the network, in floating point while it learns, in the memory the threads share ----
const shapes: Shapes = { hidden: H, inputs: INPUT_BUCKETS, buckets: BUCKETS, k: K, threads: THREADS };
const layout = layoutOf(shapes);
const kernels = await compileTrainKernels();
const memory = sharedMemory(layout);
const { w1, b1, w2, b2 } = weightsOf(memory, shapes, layout);
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
  // A plain network starts a turned or bucketed one, and a turned one a layout of finer buckets,
  // where it stands itself (reshape.ts).
  network = layOut(network, INPUT_BUCKETS);
  const mismatch = network.hidden !== H ? `${network.hidden} hidden neurons, not ${H}`
    : network.buckets !== BUCKETS ? `${network.buckets} buckets, not ${BUCKETS}`
    : !sameInputs(network.inputs, INPUT_BUCKETS) ? 'other input buckets (--mirror, --king-buckets)'
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

function sameInputs(a: InputBuckets, b: InputBuckets): boolean {
  return a.mirrored === b.mirrored && a.count === b.count && a.kingBucket.every((bucket, sq) => bucket === b.kingBucket[sq]);
}

const order = new Int32Array(new SharedArrayBuffer(4 * trainSet.count));
for (let i = 0; i < trainSet.count; i++) order[i] = i;
const threads = Array.from({ length: THREADS }, (_, thread) => {
  const worker = new Worker(new URL('./worker.js', import.meta.url), {
    workerData: { module: kernels, memory, shapes, targets, thread, train: trainSet.buffer, valid: validSet.buffer, order },
  });
  // A failed thread would leave its batch's promise waiting for ever: stop instead.
  worker.on('error', (error) => {
    console.error(`nnue:train: a worker thread failed: ${error.message}`);
    process.exit(1);
  });
  return worker;
});

/** Sends each thread its message and sums their answers. */
function all(message: (thread: number) => object): Promise<number> {
  return Promise.all(threads.map((worker, t) => new Promise<number>((resolve) => {
    worker.once('message', resolve);
    worker.postMessage(message(t));
  }))).then((answers) => answers.reduce((sum, x) => sum + x, 0));
}
const split = (from: number, to: number, t: number) => ({ from: from + Math.floor(((to - from) * t) / THREADS), to: from + Math.floor(((to - from) * (t + 1)) / THREADS) });
const validError = async (): Promise<number> => (await all((t) => ({ kind: 'error', set: 'valid', ...split(0, validSet.count, t) }))) / validSet.count;

console.log(`start: the network's error on the measured positions ${(await validError()).toExponential(4)}`);

const batches = Math.ceil(trainSet.count / BATCH);
let step = 0;
const trainingStarted = Date.now();
for (let epoch = 1; epoch <= EPOCHS; epoch++) {
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const swap = order[i]; order[i] = order[j]; order[j] = swap;
  }
  let loss = 0;
  for (let b = 0; b < batches; b++) {
    const at = b * BATCH;
    const end = Math.min(order.length, at + BATCH);
    loss += await all((t) => ({ kind: 'grad', ...split(at, end, t) }));
    step++;
    const progress = ((epoch - 1) * batches + b) / (EPOCHS * batches);
    const rate = values.schedule === 'step'
      ? RATE * (epoch > (EPOCHS * 2) / 3 ? 0.1 : 1)
      : RATE * (FINAL + (1 - FINAL) * 0.5 * (1 + Math.cos(Math.PI * progress)));
    const c1 = 1 - 0.9 ** step;
    const c2 = 1 - 0.999 ** step;
    await all(() => ({ kind: 'adam', batch: end - at, step: rate / c1, correction2: 1 / c2, limits: LIMITS }));
  }
  const seconds = (Date.now() - trainingStarted) / 1000;
  console.log(`epoch ${epoch}: training error ${(loss / order.length).toExponential(4)}, measured ${(await validError()).toExponential(4)}, `
    + `${seconds.toFixed(0)} s (${Math.round((epoch * order.length) / seconds)} positions/s)`);
  save();
}
for (const worker of threads) await worker.terminate();

function save(): void {
  const round = (x: number, q: number, limit: number) => Math.max(-limit, Math.min(limit, Math.round(x * q)));
  const bytes = serializeNetwork({
    hidden: H, inputs: INPUT_BUCKETS, qa: QA, qb: QB, scale: SCALE, buckets: BUCKETS,
    inputWeights: Int16Array.from(w1, (x) => round(x, QA, 32767)),
    hiddenBias: Int16Array.from(b1, (x) => round(x, QA, 32767)),
    outputWeights: Int16Array.from(w2, (x) => round(x, QB, 32767)),
    outputBias: Int32Array.from(b2, (x) => Math.round(x * QA * QB)),
  });
  writeFileSync(values.out, bytes);
}
if (EPOCHS > 0) console.log(`wrote ${values.out}`);
