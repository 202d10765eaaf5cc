// The network's hidden layer for each position on the search's current line, kept up to date move
// by move instead of summed afresh. Moves only note what changed; a position's neurons are worked
// out when it is evaluated, from the nearest position above it that has them, so nodes that never
// evaluate (cut off by the table, in check) cost nothing here. With input buckets (features.ts), a
// king move that changes its side's orientation changes every feature of that view: the view is
// then rebuilt from the last position seen in that orientation, kept with its neurons in a cache
// per view and orientation (Stockfish's "Finny tables"), by the few pieces that differ.

import { FLAG_CASTLE, FLAG_EN_PASSANT, moveCaptured, moveFlag, moveFrom, movePromotion, moveTo } from '../../../chess/move.ts';
import { castledKingSquare, castledRookSquare, type Position } from '../../../chess/position.ts';
import { KING, ROOK, WHITE, makePiece, type Color } from '../../../chess/types.ts';
import { base64Bytes } from './decode.ts';
import { FEATURE, INPUTS, isPlain, orientationOf } from './features.ts';
import { KERNELS_WASM } from './kernels.ts';
import { type Network, bucketOf } from './network.ts';

/** Deeper than any line the search plays out. */
const MAX_LINE = 256;
const NULL_MOVE = -1;
const BOTH_VIEWS = 3;
/** At most this many pieces stand on a board, so at most this many features are on in a view. */
const MAX_FEATURES = 32;
/** The screlu kernel works with each clamped square less this, so that it fits an int16. */
const SQUARE_SHIFT = 32768;
/** The largest QA whose square fits 16 bits (unsigned), as the kernel needs. */
const MAX_QA = 255;
/** The 64 board squares, as 0x88 squares. */
const BOARD_SQUARES = Int32Array.from({ length: 64 }, (_, i) => (i >> 3) * 16 + (i & 7));

interface Kernels {
  addSub(out: number, from: number, add: number, sub: number, bytes: number): void;
  addSubSub(out: number, from: number, add: number, sub1: number, sub2: number, bytes: number): void;
  addAddSubSub(out: number, from: number, add1: number, add2: number, sub1: number, sub2: number, bytes: number): void;
  screlu(us: number, them: number, weights: number, bytes: number, qa: number): number;
}

let kernelsModule: WebAssembly.Module | null = null;
/** Networks already found to fit the kernels' integer ranges. */
const fitting = new WeakSet<Network>();

export class Accumulators {
  private readonly hidden: number;
  /** Bytes of one view's neurons (int16 each). */
  private readonly viewBytes: number;
  private readonly kernels: Kernels;
  /** The WebAssembly memory, as int16: the input weights, then the output weights, then the line's neurons. */
  private readonly memory: Int16Array;
  /** Byte offsets of the output weights and of the line's neurons (entry e's white view starts
   *  2 × viewBytes × e after valuesAt, its black view right after it). */
  private readonly outputAt: number;
  private readonly valuesAt: number;
  /** Whether entry e's values are worked out. */
  private readonly ready = new Uint8Array(MAX_LINE);
  /** The move that led to entry e (NULL_MOVE for a pass) and the piece that made it. */
  private readonly moves = new Int32Array(MAX_LINE);
  private readonly movers = new Int32Array(MAX_LINE);
  /** Whether the network has input buckets: without them every orientation is 0 and never changes. */
  private readonly bucketed: boolean;
  /** orientationTable[view * 128 + 0x88 square of the view's king]: the view's orientation (orientationOf). */
  private readonly orientationTable = new Int32Array(2 * 128);
  /** Per entry and view (e * 2 + view): the view's orientation, and whether the move into the entry changed it. */
  private readonly orientation = new Int32Array(2 * MAX_LINE);
  private readonly reoriented = new Uint8Array(2 * MAX_LINE);
  /** Per bucket, 32768 × the sum of its output weights: what the screlu kernel leaves out (see kernels.wat). */
  private readonly squareShift: Float64Array;
  /** Orientations a view can have (input buckets × 2, turned or not). */
  private readonly orientations: number;
  /** Byte offsets of the caches' neurons (cache c = view × orientations + orientation, viewBytes
   *  each) and of a view's worth of zeros (for an add or a take-away alone). */
  private readonly cacheAt: number;
  private readonly zerosAt: number;
  /** cacheBoard[c * 128 + 0x88 square]: the piece on each square of the board cache c holds the neurons of. */
  private readonly cacheBoard: Uint8Array;
  /** Rows to add and take away while bringing a cache up to date (each at most one per piece on a board). */
  private readonly adds = new Int32Array(MAX_FEATURES);
  private readonly subs = new Int32Array(MAX_FEATURES);
  private top = 0;
  /** The view being updated's orientation, for row(): 7 where its board is turned, and its bucket's first feature. */
  private turn = 0;
  private base = 0;

  /** Throws if `network`'s neurons could leave the kernels' int16 and int32 ranges. */
  constructor(private readonly network: Network) {
    checkFits(network);
    const hidden = network.hidden;
    this.hidden = hidden;
    this.viewBytes = 2 * hidden;
    this.bucketed = !isPlain(network.inputs);
    for (let view = 0; view < 2; view++) {
      for (let sq = 0; sq < 128; sq++) {
        if ((sq & 0x88) === 0) this.orientationTable[view * 128 + sq] = orientationOf(network.inputs, view as Color, (sq >> 4) * 8 + (sq & 7));
      }
    }
    this.outputAt = 2 * network.inputs.count * INPUTS * hidden;
    this.valuesAt = this.outputAt + 2 * network.outputWeights.length;
    this.orientations = 2 * network.inputs.count;
    this.cacheAt = this.valuesAt + MAX_LINE * 2 * this.viewBytes;
    this.zerosAt = this.cacheAt + 2 * this.orientations * this.viewBytes;
    this.cacheBoard = new Uint8Array(2 * this.orientations * 128);
    const bytes = this.zerosAt + this.viewBytes;
    const memory = new WebAssembly.Memory({ initial: Math.ceil(bytes / 65536) });
    kernelsModule ??= new WebAssembly.Module(base64Bytes(KERNELS_WASM));
    this.kernels = new WebAssembly.Instance(kernelsModule, { env: { memory } }).exports as unknown as Kernels;
    this.memory = new Int16Array(memory.buffer);
    this.memory.set(network.inputWeights, 0);
    this.memory.set(network.outputWeights, this.outputAt >> 1);
    // Every cache starts as the empty board's neurons: the biases.
    for (let c = 0; c < 2 * this.orientations; c++) this.memory.set(network.hiddenBias, (this.cacheAt >> 1) + c * hidden);
    this.squareShift = Float64Array.from({ length: network.buckets }, (_, bucket) => {
      let sum = 0;
      for (let i = bucket * 2 * hidden; i < (bucket + 1) * 2 * hidden; i++) sum += network.outputWeights[i];
      return SQUARE_SHIFT * sum;
    });
  }

  /** Starts the line at `pos`. */
  reset(pos: Position): void {
    this.top = 0;
    for (let view = 0; view < 2; view++) {
      this.orientation[view] = this.orientationTable[view * 128 + pos.kingSquare[view]];
      this.reoriented[view] = 0;
      this.refresh(pos, 0, view);
    }
    this.ready[0] = 1;
  }

  /**
   * Works out entry e's `view` from its cache for the view's orientation at e: the cache is
   * brought from the board it last held to `pos`'s, square by square, then copied. A king's
   * crossing back and forth changes few pieces, where summing afresh adds every one.
   */
  private refresh(pos: Position, e: number, view: number): void {
    const { adds, subs, cacheBoard, kernels, viewBytes } = this;
    const orientation = this.orientation[e * 2 + view];
    const cache = view * this.orientations + orientation;
    const cacheAt = this.cacheAt + cache * viewBytes;
    const boardAt = cache * 128;
    this.turn = (orientation & 1) * 7;
    this.base = (orientation >> 1) * INPUTS;
    const table = view * 2048;
    let added = 0;
    let taken = 0;
    for (let i = 0; i < 64; i++) {
      const sq = BOARD_SQUARES[i];
      const now = pos.board[sq];
      const was = cacheBoard[boardAt + sq];
      if (now === was) continue;
      if (was !== 0) subs[taken++] = this.row(table, was, sq);
      if (now !== 0) adds[added++] = this.row(table, now, sq);
      cacheBoard[boardAt + sq] = now;
    }
    // The kernels' int16 sums wrap, so a neuron may leave its range between the adds and the
    // take-aways; it ends as a real board's, which checkFits has bounded.
    let a = 0;
    let s = 0;
    for (; added - a >= 2 && taken - s >= 2; a += 2, s += 2) kernels.addAddSubSub(cacheAt, cacheAt, adds[a], adds[a + 1], subs[s], subs[s + 1], viewBytes);
    for (; a < added || s < taken; a++, s++) {
      kernels.addSub(cacheAt, cacheAt, a < added ? adds[a] : this.zerosAt, s < taken ? subs[s] : this.zerosAt, viewBytes);
    }
    const at = (this.valuesAt + e * 2 * viewBytes + view * viewBytes) >> 1;
    this.memory.copyWithin(at, cacheAt >> 1, (cacheAt >> 1) + this.hidden);
  }

  /** Notes `move`, about to be made on `pos` (call before pos.make). */
  push(pos: Position, move: number): void {
    const top = ++this.top;
    const piece = pos.board[moveFrom(move)];
    this.moves[top] = move;
    this.movers[top] = piece;
    this.ready[top] = 0;
    if (this.bucketed) this.orient(top, piece, move);
  }

  /** Notes a pass (null move). */
  pushNull(): void {
    const top = ++this.top;
    this.moves[top] = NULL_MOVE;
    this.ready[top] = 0;
    if (this.bucketed) this.orient(top, 0, NULL_MOVE);
  }

  /** Entry e's orientations: its parent's, but for a king's move to a square of another. */
  private orient(e: number, piece: number, move: number): void {
    const { orientation, reoriented } = this;
    orientation[e * 2] = orientation[e * 2 - 2];
    orientation[e * 2 + 1] = orientation[e * 2 - 1];
    reoriented[e * 2] = 0;
    reoriented[e * 2 + 1] = 0;
    if ((piece & 7) !== KING) return;
    const us = piece >> 3;
    const from = moveFrom(move);
    const to = moveTo(move);
    const kingTo = moveFlag(move) === FLAG_CASTLE ? castledKingSquare(us as Color, to > from) : to;
    const turned = this.orientationTable[us * 128 + kingTo];
    if (turned === orientation[e * 2 + us]) return;
    orientation[e * 2 + us] = turned;
    reoriented[e * 2 + us] = 1;
  }

  /** Takes back the last move or pass. */
  pop(): void {
    this.top--;
  }

  /** The network's score of the current position, `pos`, for the side to move, in centipawns. */
  evaluate(pos: Position): number {
    const top = this.top;
    let from = top;
    while (this.ready[from] === 0) from--;
    let fresh = 0;
    if (this.bucketed) for (let e = from + 1; e <= top; e++) fresh |= this.reoriented[e * 2] | (this.reoriented[e * 2 + 1] << 1);
    if (fresh === 0) {
      for (let e = from + 1; e <= top; e++) this.update(e, BOTH_VIEWS);
    } else {
      // The entries between keep only the other view: they are not ready, and are worked out
      // again if the search evaluates them.
      for (let e = from + 1; e <= top; e++) this.update(e, BOTH_VIEWS & ~fresh);
      for (let view = 0; view < 2; view++) if ((fresh & (1 << view)) !== 0) this.refresh(pos, top, view);
      this.ready[top] = 1;
    }
    const { network, viewBytes } = this;
    const qa = network.qa;
    const bucket = bucketOf(pos.pieceCount[0] + pos.pieceCount[1], network.buckets);
    const entry = this.valuesAt + this.top * 2 * viewBytes;
    const us = entry + pos.turn * viewBytes;
    const them = entry + (pos.turn ^ 1) * viewBytes;
    const sum = this.kernels.screlu(us, them, this.outputAt + bucket * 2 * viewBytes, viewBytes, qa) + this.squareShift[bucket];
    return ((sum / qa + network.outputBias[bucket]) * network.scale / (qa * network.qb)) | 0;
  }

  /** Works out entry e's `views` (a bit per view) from entry e - 1 and the move between them; e is ready if both are. */
  private update(e: number, views: number): void {
    const { kernels, viewBytes } = this;
    const child = this.valuesAt + e * 2 * viewBytes;
    const parent = child - 2 * viewBytes;
    this.ready[e] = views === BOTH_VIEWS ? 1 : 0;
    const move = this.moves[e];
    if (move === NULL_MOVE) {
      this.memory.copyWithin(child >> 1, parent >> 1, (parent >> 1) + this.hidden * 2);
      return;
    }
    const piece = this.movers[e];
    const us = (piece >> 3) as Color;
    const from = moveFrom(move);
    const to = moveTo(move);
    const flag = moveFlag(move);
    for (let view = 0; view < 2; view++) {
      if ((views & (1 << view)) === 0) continue;
      const orientation = this.orientation[e * 2 + view];
      this.turn = (orientation & 1) * 7;
      this.base = (orientation >> 1) * INPUTS;
      const table = view * 2048;
      const out = child + view * viewBytes;
      const inn = parent + view * viewBytes;
      if (flag === FLAG_CASTLE) {
        const kingSide = to > from;
        const rook = makePiece(us, ROOK);
        kernels.addAddSubSub(out, inn, this.row(table, piece, castledKingSquare(us, kingSide)), this.row(table, rook, castledRookSquare(us, kingSide)),
          this.row(table, piece, from), this.row(table, rook, to), viewBytes);
        continue;
      }
      const promotion = movePromotion(move);
      const add = this.row(table, promotion === 0 ? piece : makePiece(us, promotion), to);
      const sub = this.row(table, piece, from);
      const captured = moveCaptured(move);
      if (captured === 0) {
        kernels.addSub(out, inn, add, sub, viewBytes);
      } else {
        const capturedSq = flag === FLAG_EN_PASSANT ? (us === WHITE ? to - 16 : to + 16) : to;
        kernels.addSubSub(out, inn, add, sub, this.row(table, captured, capturedSq), viewBytes);
      }
    }
  }

  /** The byte offset of the input weights of `placed` on `square`, in the view whose table starts at `table`. */
  private row(table: number, placed: number, square: number): number {
    return (FEATURE[table + placed * 128 + (square ^ this.turn)] + this.base) * this.viewBytes;
  }
}

/**
 * The kernels keep neurons in int16 and sum the output layer in four int32 lanes. Here the worst
 * case of each is bounded: a neuron's bias and its 32 largest weights, and a lane's share of
 * the output terms at their largest (a shifted square, at most 32768 either way, times the
 * largest weight).
 */
function checkFits(network: Network): void {
  if (fitting.has(network)) return;
  const { hidden, qa, inputWeights, hiddenBias, outputWeights } = network;
  if (hidden % 8 !== 0) throw new Error(`network has ${hidden} hidden neurons: the kernels need a multiple of 8`);
  if (qa > MAX_QA) throw new Error(`network QA ${qa} is above ${MAX_QA}: its square does not fit 16 bits`);
  const inputs = network.inputs.count * INPUTS;
  const column = new Int32Array(inputs);
  for (let h = 0; h < hidden; h++) {
    for (let f = 0; f < inputs; f++) column[f] = Math.abs(inputWeights[f * hidden + h]);
    column.sort();
    let worst = Math.abs(hiddenBias[h]);
    for (let i = inputs - MAX_FEATURES; i < inputs; i++) worst += column[i];
    if (worst > 0x7fff) throw new Error(`network neuron ${h} can reach ${worst}, beyond int16`);
  }
  let largest = 0;
  for (const w of outputWeights) largest = Math.max(largest, Math.abs(w));
  const lane = (hidden / 2) * SQUARE_SHIFT * largest;
  if (lane > 0x7fffffff) throw new Error(`network output weights up to ${largest} can overflow the output sum (${lane})`);
  fitting.add(network);
}
