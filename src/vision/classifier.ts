// The square classifier: small convolutional networks that say which piece (or none) a square's
// patch shows, and how sure they are. Trained by bench/vision (train.py, a member at a time;
// combine.py joins them) on boards the project draws; the weights are src/vision/weights.ts.
// Members that differ err on different squares: their probabilities are averaged, then sharpened
// by the exponent fitted with them. The convolutions run in WebAssembly SIMD (kernels.wat), one
// patch at a time in memory set up once: 64 squares take a few tens of milliseconds on one core.
//
// A member's layers (bench/vision/network.py is the reference; activations are height, width,
// channel), their widths a, b, c and h as its MemberWeights give them:
//   conv 3×3 1→a, relu, max-pool 2; conv 3×3 a→b, relu, max-pool 2; conv 3×3 b→c, relu,
//   max-pool 2; dense 16c→h, relu; dense h→13; softmax (its temperature folded into the last layer).

import { VISION_KERNELS_WASM } from './kernels.ts';
import { PATCH, PATCH_AREA, cutSquares } from './squares.ts';
import type { BoardBox, PieceLetter, Picture, SquareGuess } from './types.ts';
import { MEMBERS, type MemberWeights, SHARPEN } from './weights.ts';

/** The classes in the network's output order. */
export const CLASSES: readonly (PieceLetter | null)[] = [null, 'P', 'N', 'B', 'R', 'Q', 'K', 'p', 'n', 'b', 'r', 'q', 'k'];

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 to bytes, by hand: the pure core uses no Buffer. */
function decodeBase64(text: string): Uint8Array {
  const values = new Uint8Array(128);
  for (let i = 0; i < BASE64.length; i++) values[BASE64.charCodeAt(i)] = i;
  const clean = text.replace(/=+$/, '');
  const bytes = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let at = 0;
  for (let i = 0; i < clean.length; i += 4) {
    const chunk = (values[clean.charCodeAt(i)]! << 18) | (values[clean.charCodeAt(i + 1)]! << 12)
      | (values[clean.charCodeAt(i + 2)]! << 6) | values[clean.charCodeAt(i + 3)]!;
    if (at < bytes.length) bytes[at++] = (chunk >> 16) & 255;
    if (at < bytes.length) bytes[at++] = (chunk >> 8) & 255;
    if (at < bytes.length) bytes[at++] = chunk & 255;
  }
  return bytes;
}

/** IEEE half-precision (little-endian pairs of bytes) to single precision. */
export function decodeFloat16(bytes: Uint8Array): Float32Array {
  const out = new Float32Array(bytes.length >> 1);
  for (let i = 0; i < out.length; i++) {
    const half = bytes[2 * i]! | (bytes[2 * i + 1]! << 8);
    const sign = half & 0x8000 ? -1 : 1;
    const exponent = (half >> 10) & 0x1f;
    const fraction = half & 0x3ff;
    if (exponent === 0) out[i] = sign * fraction * 2 ** -24;
    else if (exponent === 31) out[i] = fraction ? Number.NaN : sign * Number.POSITIVE_INFINITY;
    else out[i] = sign * (1 + fraction / 1024) * 2 ** (exponent - 15);
  }
  return out;
}

/** The kernels' exports (kernels.wat); every pointer a byte offset into a member's memory. */
interface Kernels {
  convolvePool(input: number, side: number, inputs: number, outputs: number, weights: number, bias: number, sums: number, output: number): void;
  denseRelu(input: number, inputs: number, outputs: number, weights: number, bias: number, output: number): void;
}

/** A convolution: its channels, and where its weights lie in the member's memory (bytes). */
interface ConvLayer {
  readonly inputs: number;
  readonly outputs: number;
  readonly weights: number;
  readonly bias: number;
}

/**
 * A member in WebAssembly memory of its own, with room for one patch's activations: the weights
 * (float32), then the patch, a convolution's sums, two layers' activations and the hidden layer.
 * The last layer (13 classes) runs in JavaScript, on the hidden layer's view.
 */
interface Member {
  readonly kernels: Kernels;
  readonly convs: readonly ConvLayer[];
  readonly flat: number;
  readonly hidden: number;
  readonly hiddenWeights: number;
  readonly hiddenBias: number;
  readonly outputWeights: Float32Array;
  readonly outputBias: Float32Array;
  readonly patch: Float32Array;
  readonly patchAt: number;
  readonly sumsAt: number;
  readonly layerAt: readonly [number, number];
  readonly hiddenValues: Float32Array;
  readonly hiddenAt: number;
}

/** Bytes rounded up to whole vectors (16 bytes), where each part of the memory starts. */
const aligned = (bytes: number): number => Math.ceil(bytes / 16) * 16;

let kernelsModule: WebAssembly.Module | null = null;

/** One member's weights and kernels, set up on first use (a few milliseconds, once per process). */
function loadMember(weights: MemberWeights): Member {
  const { convs: widths, hidden } = weights;
  if (widths.length !== 3 || widths.some((width) => width % 8 !== 0) || hidden % 4 !== 0) {
    throw new Error(`the classifier's kernels need three convolutions, each a multiple of 8 wide, and a hidden layer a multiple of 4, not ${widths.join(', ')} and ${hidden}`);
  }
  const channels = widths.map((outputs, layer) => [layer === 0 ? 1 : widths[layer - 1]!, outputs] as const);
  const flat = (PATCH / 8) * (PATCH / 8) * widths[2]!;
  const all = decodeFloat16(decodeBase64(weights.float16));
  const expected = channels.reduce((sum, [inputs, outputs]) => sum + 9 * inputs * outputs + outputs, 0)
    + flat * hidden + hidden + hidden * CLASSES.length + CLASSES.length;
  if (all.length !== expected) throw new Error(`a classifier member's weights hold ${all.length} values, its layers ${expected}`);

  let end = 0;
  const place = (floats: number): number => {
    const at = end;
    end += aligned(floats * 4);
    return at;
  };
  // The weights in the order network.py writes them, each copied to its place.
  let read = 0;
  const copies: { at: number; from: number; count: number }[] = [];
  const take = (count: number): number => {
    const at = place(count);
    copies.push({ at, from: read, count });
    read += count;
    return at;
  };
  const convs = channels.map(([inputs, outputs]) => ({ inputs, outputs, weights: take(9 * inputs * outputs), bias: take(outputs) }));
  const hiddenWeights = take(flat * hidden);
  const hiddenBias = take(hidden);
  const outputWeights = all.slice(read, read + hidden * CLASSES.length);
  const outputBias = all.slice(read + hidden * CLASSES.length);
  const patchAt = place(PATCH_AREA);
  const sumsAt = place(Math.max(...channels.map(([, outputs], layer) => (PATCH >> layer) ** 2 * outputs)));
  const layerFloats = Math.max(...channels.map(([, outputs], layer) => (PATCH >> (layer + 1)) ** 2 * outputs));
  const layerAt = [place(layerFloats), place(layerFloats)] as const;
  const hiddenAt = place(hidden);

  const memory = new WebAssembly.Memory({ initial: Math.ceil(end / 65_536) });
  const floats = new Float32Array(memory.buffer);
  for (const copy of copies) floats.set(all.subarray(copy.from, copy.from + copy.count), copy.at / 4);
  kernelsModule ??= new WebAssembly.Module(decodeBase64(VISION_KERNELS_WASM));
  const kernels = new WebAssembly.Instance(kernelsModule, { env: { memory } }).exports as unknown as Kernels;
  return {
    kernels, convs, flat, hidden, hiddenWeights, hiddenBias, outputWeights, outputBias,
    patch: new Float32Array(memory.buffer, patchAt, PATCH_AREA), patchAt, sumsAt, layerAt,
    hiddenValues: new Float32Array(memory.buffer, hiddenAt, hidden), hiddenAt,
  };
}

let members: Member[] | null = null;

const logits = new Float64Array(CLASSES.length);

/** One member's class probabilities of the patch at `start` of `patches`, added to `into`. */
function addMemberProbabilities(member: Member, patches: Float32Array, start: number, into: Float64Array): void {
  for (let i = 0; i < PATCH_AREA; i++) member.patch[i] = patches[start + i]! * 2 - 1;
  let side = PATCH;
  let input = member.patchAt;
  for (let layer = 0; layer < member.convs.length; layer++) {
    const { inputs, outputs, weights, bias } = member.convs[layer]!;
    const output = member.layerAt[layer % 2]!;
    member.kernels.convolvePool(input, side, inputs, outputs, weights, bias, member.sumsAt, output);
    side >>= 1;
    input = output;
  }
  member.kernels.denseRelu(input, member.flat, member.hidden, member.hiddenWeights, member.hiddenBias, member.hiddenAt);
  const { hiddenValues, outputWeights, outputBias, hidden } = member;
  let largest = Number.NEGATIVE_INFINITY;
  for (let c = 0; c < CLASSES.length; c++) {
    let sum = outputBias[c]!;
    for (let h = 0; h < hidden; h++) {
      const value = hiddenValues[h]!;
      if (value > 0) sum += value * outputWeights[h * CLASSES.length + c]!;
    }
    logits[c] = sum;
    largest = Math.max(largest, sum);
  }
  let total = 0;
  for (let c = 0; c < CLASSES.length; c++) total += (logits[c] = Math.exp(logits[c]! - largest));
  for (let c = 0; c < CLASSES.length; c++) into[c] = into[c]! + logits[c]! / total;
}

/**
 * The class probabilities of patch `index` of `patches` (PATCH_AREA grey values each, 0 to 1),
 * into `into`: the members' average, sharpened by SHARPEN.
 */
export function patchProbabilities(patches: Float32Array, index: number, into: Float64Array = new Float64Array(CLASSES.length)): Float64Array {
  members ??= MEMBERS.map(loadMember);
  into.fill(0);
  for (const member of members) addMemberProbabilities(member, patches, index * PATCH_AREA, into);
  let total = 0;
  for (let c = 0; c < CLASSES.length; c++) total += (into[c] = (into[c]! / members.length) ** SHARPEN);
  for (let c = 0; c < CLASSES.length; c++) into[c] = into[c]! / total;
  return into;
}

const probabilities = new Float64Array(CLASSES.length);
const mirroredProbabilities = new Float64Array(CLASSES.length);
const mirrored = new Float32Array(PATCH_AREA);

/**
 * Below this confidence a square is read a second time, mirrored (a mirrored piece is the same
 * piece; the networks trained on both), and the two readings averaged: a second look where the
 * first was unsure, at the cost of a few patches a board.
 */
const SECOND_LOOK_BELOW = 0.98;

function best(of: Float64Array): SquareGuess {
  let top = 0;
  for (let c = 1; c < CLASSES.length; c++) if (of[c]! > of[top]!) top = c;
  return { piece: CLASSES[top]!, confidence: of[top]! };
}

/** The most likely class of patch `index`, with its probability as the confidence. */
export function classifyPatch(patches: Float32Array, index: number): SquareGuess {
  patchProbabilities(patches, index, probabilities);
  const first = best(probabilities);
  if (first.confidence >= SECOND_LOOK_BELOW) return first;
  const start = index * PATCH_AREA;
  for (let y = 0; y < PATCH; y++) {
    for (let x = 0; x < PATCH; x++) mirrored[y * PATCH + x] = patches[start + y * PATCH + (PATCH - 1 - x)]!;
  }
  patchProbabilities(mirrored, 0, mirroredProbabilities);
  for (let c = 0; c < CLASSES.length; c++) probabilities[c] = (probabilities[c]! + mirroredProbabilities[c]!) / 2;
  return best(probabilities);
}

const patches = new Float32Array(64 * PATCH_AREA);

/**
 * What each of the 64 squares of the board in `box` shows, in picture order: top row first, left
 * to right, as seen (the board's orientation is read.ts's to apply).
 */
export function classifySquares(picture: Picture, box: BoardBox): SquareGuess[] {
  cutSquares(picture, box, patches);
  const guesses: SquareGuess[] = [];
  for (let s = 0; s < 64; s++) guesses.push(classifyPatch(patches, s));
  return guesses;
}
