// The network as the trainer sees it: floating-point weights, their gradients and Adam's moments
// in one shared WebAssembly memory, worked on by the SIMD kernels of trainKernels.wat. Each worker
// thread instantiates the kernels on the same memory: it adds the gradients of its share of a
// batch into its own gradient arrays, then updates its share of the weights from the sum of all
// of them. The training positions are packed records (packed.ts) in shared memory too.
// Shapes as in src/search/play/nnue/network.ts.

import { readFileSync } from 'node:fs';
import wabt from 'wabt';
import { INPUTS, type InputBuckets } from '../../src/search/play/nnue/features.ts';
import { bucketOf } from '../../src/search/play/nnue/network.ts';
import { WHITE } from '../../src/chess/types.ts';
import { NO_RESULT, RECORD_BYTES, recordFeatures } from './packed.ts';

export const TRAIN_KERNELS_SOURCE = 'bench/nnue/trainKernels.wat';

export interface Shapes {
  hidden: number;
  /** Which input weights each view's pieces use (features.ts). */
  inputs: InputBuckets;
  buckets: number;
  /** The logistic's slope per unit of output (output scale / evaluation scale). */
  k: number;
  /** Worker threads, each with its own gradient arrays. */
  threads: number;
}

/** How targets are made from a record's score and result. */
export interface Targets {
  /** The engine's centipawns per Stockfish centipawn. */
  sfRatio: number;
  /** Centipawns (the engine's) per unit of the logistic. */
  evalScale: number;
  /** The game result's share of the target, where there was a game. */
  lambda: number;
}

/** Byte offsets in the shared memory. */
export interface Layout {
  /** Bytes of one view's neurons, 4 × hidden. */
  rowBytes: number;
  w1: number; b1: number; w2: number; b2: number;
  /** Bytes of all parameters (w1, b1, w2, b2, in this order from 0, b2 padded to 16 bytes). */
  paramBytes: number;
  /** Adam's first and second moments: the parameters' layout, from these offsets. */
  m: number; v: number;
  /** Thread t's gradients: the parameters' layout from grads + t × paramBytes. */
  grads: number;
  /** Thread t's scratch space from scratch + t × scratchBytes: us, them, dUs, dThem, white's feature list, black's. */
  scratch: number;
  scratchBytes: number;
  pages: number;
}

export function layoutOf({ hidden, inputs, buckets, threads }: Shapes): Layout {
  if (hidden % 4 !== 0) throw new Error(`${hidden} hidden neurons: the trainer's kernels need a multiple of 4`);
  const rowBytes = 4 * hidden;
  const w1 = 0;
  const b1 = w1 + inputs.count * INPUTS * rowBytes;
  const w2 = b1 + rowBytes;
  const b2 = w2 + 2 * buckets * rowBytes;
  const paramBytes = b2 + 16 * Math.ceil(buckets / 4);
  const m = paramBytes;
  const v = m + paramBytes;
  const grads = v + paramBytes;
  const scratch = grads + threads * paramBytes;
  const scratchBytes = 4 * rowBytes + 2 * 4 * 32;
  const pages = Math.ceil((scratch + threads * scratchBytes) / 65536);
  return { rowBytes, w1, b1, w2, b2, paramBytes, m, v, grads, scratch, scratchBytes, pages };
}

interface Kernels {
  accumulate(acc: number, bias: number, weights: number, list: number, count: number, bytes: number): void;
  output(us: number, them: number, weights: number, bytes: number): number;
  backward(us: number, them: number, dUs: number, dThem: number, weights: number, gw: number, gb: number, g: number, bytes: number): void;
  scatter(grads: number, list: number, count: number, d: number, bytes: number): void;
  adam(params: number, m: number, v: number, grads: number, stride: number, threads: number, bytes: number,
    scale: number, step: number, correction2: number, lo: number, hi: number): void;
}

/** wabt's validate takes the features to allow, as parseWat does, though its typings leave them out. */
type Validating = { validate(features: { simd: boolean; threads: boolean }): void };

/** Assembles the trainer's kernels (wabt, as compileKernels.ts does the engine's). */
export async function compileTrainKernels(): Promise<WebAssembly.Module> {
  const toolkit = await wabt();
  // threads: the kernels import a shared memory.
  const features = { simd: true, threads: true };
  const module = toolkit.parseWat('trainKernels.wat', readFileSync(TRAIN_KERNELS_SOURCE, 'utf8'), features);
  try {
    (module as unknown as Validating).validate(features);
    return new WebAssembly.Module(module.toBinary({}).buffer);
  } finally {
    module.destroy();
  }
}

/** The engine's declarations (src/search/play/nnue/webassembly.d.ts) have no shared memories: Node has them. */
const SharedMemory = WebAssembly.Memory as unknown as new (descriptor: { initial: number; maximum: number; shared: true }) => WebAssembly.Memory;

export function sharedMemory(layout: Layout): WebAssembly.Memory {
  return new SharedMemory({ initial: layout.pages, maximum: layout.pages, shared: true });
}

/**
 * The weights' float arrays in the shared memory; from `base` = layout.m, layout.v or
 * layout.grads + t × paramBytes, Adam's moments or thread t's gradients, laid out alike.
 */
export function weightsOf(memory: WebAssembly.Memory, { hidden, inputs, buckets }: Shapes, layout: Layout, base = 0) {
  const buffer = memory.buffer;
  return {
    w1: new Float32Array(buffer, base + layout.w1, inputs.count * INPUTS * hidden),
    b1: new Float32Array(buffer, base + layout.b1, hidden),
    w2: new Float32Array(buffer, base + layout.w2, 2 * hidden * buckets),
    b2: new Float32Array(buffer, base + layout.b2, buckets),
  };
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** One thread's view of the model: its scratch space and gradient arrays, and the shared weights. */
export class Model {
  private readonly kernels: Kernels;
  private readonly layout: Layout;
  private readonly floats: Float32Array;
  private readonly us: number;
  private readonly them: number;
  private readonly dUs: number;
  private readonly dThem: number;
  private readonly whiteList: number;
  private readonly blackList: number;
  private readonly white: Int32Array;
  private readonly black: Int32Array;
  /** This thread's gradient arrays. */
  private readonly grads: number;

  constructor(module: WebAssembly.Module, memory: WebAssembly.Memory, private readonly shapes: Shapes, private readonly targets: Targets,
    private readonly thread: number) {
    this.kernels = new WebAssembly.Instance(module, { env: { memory } }).exports as unknown as Kernels;
    const layout = layoutOf(shapes);
    this.layout = layout;
    this.floats = new Float32Array(memory.buffer);
    const scratch = layout.scratch + thread * layout.scratchBytes;
    this.us = scratch;
    this.them = scratch + layout.rowBytes;
    this.dUs = scratch + 2 * layout.rowBytes;
    this.dThem = scratch + 3 * layout.rowBytes;
    this.whiteList = scratch + 4 * layout.rowBytes;
    this.blackList = this.whiteList + 4 * 32;
    this.white = new Int32Array(memory.buffer, this.whiteList, 32);
    this.black = new Int32Array(memory.buffer, this.blackList, 32);
    this.grads = layout.grads + thread * layout.paramBytes;
  }

  /** Record i's target: the expected result for the side to move. */
  target(records: Uint8Array, scores: Int16Array, i: number): number {
    const { sfRatio, evalScale, lambda } = this.targets;
    const expected = sigmoid(scores[i * (RECORD_BYTES >> 1) + 12] * sfRatio / evalScale);
    const result = records[i * RECORD_BYTES + 26];
    if (result === NO_RESULT) return expected;
    const white = result / 2;
    return (1 - lambda) * expected + lambda * ((records[i * RECORD_BYTES + 27] & 1) === 0 ? white : 1 - white);
  }

  /** The network's output for record i (units of output, side to move), leaving both views' sums in scratch. */
  private forward(records: Uint8Array, words: Uint32Array, i: number): { y: number; bucket: number; n: number; turn: number } {
    const { kernels, layout } = this;
    const bytes = layout.rowBytes;
    const n = recordFeatures(records, words, i, this.white, this.black, bytes, this.shapes.inputs);
    const turn = (records[i * RECORD_BYTES + 27] & 1) === 0 ? WHITE : 1;
    const usList = turn === WHITE ? this.whiteList : this.blackList;
    const themList = turn === WHITE ? this.blackList : this.whiteList;
    kernels.accumulate(this.us, layout.b1, layout.w1, usList, n, bytes);
    kernels.accumulate(this.them, layout.b1, layout.w1, themList, n, bytes);
    const bucket = bucketOf(n, this.shapes.buckets);
    const y = kernels.output(this.us, this.them, layout.w2 + bucket * 2 * bytes, bytes) + this.floats[(layout.b2 >> 2) + bucket];
    return { y, bucket, n, turn };
  }

  /** The network's evaluation of record i in units of output, for the side to move. */
  evaluate(records: Uint8Array, words: Uint32Array, i: number): number {
    return this.forward(records, words, i).y;
  }

  /** The squared error of record i's expected result. */
  error(records: Uint8Array, words: Uint32Array, scores: Int16Array, i: number): number {
    const p = sigmoid(this.forward(records, words, i).y * this.shapes.k);
    return (p - this.target(records, scores, i)) ** 2;
  }

  /** Adds record i's gradient to this thread's arrays and returns its squared error. */
  backward(records: Uint8Array, words: Uint32Array, scores: Int16Array, i: number): number {
    const { kernels, layout } = this;
    const bytes = layout.rowBytes;
    const K = this.shapes.k;
    const { y, bucket, n, turn } = this.forward(records, words, i);
    const p = sigmoid(y * K);
    const t = this.target(records, scores, i);
    const g = 2 * (p - t) * p * (1 - p) * K;
    const grads = this.grads;
    this.floats[((grads + layout.b2) >> 2) + bucket] += g;
    kernels.backward(this.us, this.them, this.dUs, this.dThem, layout.w2 + bucket * 2 * bytes, grads + layout.w2 + bucket * 2 * bytes,
      grads + layout.b1, g, bytes);
    kernels.scatter(grads + layout.w1, turn === WHITE ? this.whiteList : this.blackList, n, this.dUs, bytes);
    kernels.scatter(grads + layout.w1, turn === WHITE ? this.blackList : this.whiteList, n, this.dThem, bytes);
    return (p - t) ** 2;
  }

  /**
   * Adam on this thread's share of every parameter array, from the sum of all threads'
   * gradients (zeroed after), each array clamped to its own range.
   */
  adam(batchSize: number, step: number, correction2: number, limits: { w1: number; b1: number; w2: number; b2: number }): void {
    const { layout, shapes } = this;
    const regions: Array<[number, number, number]> = [
      [layout.w1, layout.b1 - layout.w1, limits.w1],
      [layout.b1, layout.w2 - layout.b1, limits.b1],
      [layout.w2, layout.b2 - layout.w2, limits.w2],
      [layout.b2, layout.paramBytes - layout.b2, limits.b2],
    ];
    for (const [start, size, limit] of regions) {
      const vectors = size >> 4;
      const from = start + 16 * Math.floor((vectors * this.thread) / shapes.threads);
      const to = start + 16 * Math.floor((vectors * (this.thread + 1)) / shapes.threads);
      if (to <= from) continue;
      this.kernels.adam(from, layout.m + from, layout.v + from, layout.grads + from, layout.paramBytes, shapes.threads, to - from,
        1 / batchSize, step, correction2, -limit, limit);
    }
  }
}
