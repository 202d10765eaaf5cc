// The square classifier: a small convolutional network that says which piece (or none) a square's
// patch shows, and how sure it is. Trained by bench/vision/train.py on boards the project draws;
// its weights are src/vision/weights.ts. Plain typed-array loops, one patch at a time in buffers
// allocated once: 64 squares take a few tens of milliseconds on one core.
//
// The layers (train.py's docstring is the reference; activations are height, width, channel):
//   conv 3×3 1→8, relu, max-pool 2; conv 3×3 8→16, relu, max-pool 2; conv 3×3 16→32, relu,
//   max-pool 2; dense 512→64, relu; dense 64→13; softmax (its temperature folded into the last layer).

import { PATCH, PATCH_AREA, cutSquares } from './squares.ts';
import type { BoardBox, PieceLetter, Picture, SquareGuess } from './types.ts';
import { WEIGHTS_FLOAT16 } from './weights.ts';

/** The classes in the network's output order. */
export const CLASSES: readonly (PieceLetter | null)[] = [null, 'P', 'N', 'B', 'R', 'Q', 'K', 'p', 'n', 'b', 'r', 'q', 'k'];

const CONVS: readonly (readonly [number, number])[] = [[1, 8], [8, 16], [16, 32]];
const HIDDEN = 64;
const FLAT = (PATCH / 8) * (PATCH / 8) * 32;

interface Network {
  readonly convWeights: Float32Array[];
  readonly convBiases: Float32Array[];
  readonly hiddenWeights: Float32Array;
  readonly hiddenBias: Float32Array;
  readonly outputWeights: Float32Array;
  readonly outputBias: Float32Array;
}

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

let network: Network | null = null;

/** The weights, decoded on first use (a few milliseconds, once per process). */
function loadNetwork(): Network {
  if (network) return network;
  const all = decodeFloat16(decodeBase64(WEIGHTS_FLOAT16));
  let at = 0;
  const take = (count: number): Float32Array => {
    const part = all.subarray(at, at + count);
    at += count;
    return part;
  };
  const convWeights: Float32Array[] = [];
  const convBiases: Float32Array[] = [];
  for (const [inputs, outputs] of CONVS) {
    convWeights.push(take(9 * inputs * outputs));
    convBiases.push(take(outputs));
  }
  const hiddenWeights = take(FLAT * HIDDEN);
  const hiddenBias = take(HIDDEN);
  const outputWeights = take(HIDDEN * CLASSES.length);
  const outputBias = take(CLASSES.length);
  if (at !== all.length) throw new Error(`the classifier's weights hold ${all.length} values, the network ${at}`);
  network = { convWeights, convBiases, hiddenWeights, hiddenBias, outputWeights, outputBias };
  return network;
}

// Buffers reused for every patch: the widest activation is the first convolution's output.
const convOut = new Float32Array(PATCH * PATCH * 32);
const layerA = new Float32Array(PATCH * PATCH * 8);
const layerB = new Float32Array(PATCH * PATCH * 8);
const hidden = new Float32Array(HIDDEN);
const logits = new Float64Array(CLASSES.length);

/**
 * A 3×3 'same' convolution of `input` (side × side × inputs), then relu and a 2×2 max-pool into
 * `output` (side/2 × side/2 × outputs). Eight output channels at a time in eight locals (every
 * layer's width is a multiple of 8), so that the sums stay in registers; zero inputs (most, after
 * a relu) are skipped.
 */
function convolvePool(input: Float32Array, side: number, inputs: number, outputs: number, weights: Float32Array, bias: Float32Array, output: Float32Array): void {
  for (let y = 0; y < side; y++) {
    const y0 = y === 0 ? 1 : 0;
    const y1 = y === side - 1 ? 2 : 3;
    for (let x = 0; x < side; x++) {
      const x0 = x === 0 ? 1 : 0;
      const x1 = x === side - 1 ? 2 : 3;
      const target = (y * side + x) * outputs;
      for (let block = 0; block < outputs; block += 8) {
        let s0 = bias[block]!, s1 = bias[block + 1]!, s2 = bias[block + 2]!, s3 = bias[block + 3]!;
        let s4 = bias[block + 4]!, s5 = bias[block + 5]!, s6 = bias[block + 6]!, s7 = bias[block + 7]!;
        for (let dy = y0; dy < y1; dy++) {
          for (let dx = x0; dx < x1; dx++) {
            const source = ((y + dy - 1) * side + (x + dx - 1)) * inputs;
            const tap = (dy * 3 + dx) * inputs;
            for (let i = 0; i < inputs; i++) {
              const value = input[source + i]!;
              if (value === 0) continue;
              const w = (tap + i) * outputs + block;
              s0 += value * weights[w]!;
              s1 += value * weights[w + 1]!;
              s2 += value * weights[w + 2]!;
              s3 += value * weights[w + 3]!;
              s4 += value * weights[w + 4]!;
              s5 += value * weights[w + 5]!;
              s6 += value * weights[w + 6]!;
              s7 += value * weights[w + 7]!;
            }
          }
        }
        const at = target + block;
        convOut[at] = s0;
        convOut[at + 1] = s1;
        convOut[at + 2] = s2;
        convOut[at + 3] = s3;
        convOut[at + 4] = s4;
        convOut[at + 5] = s5;
        convOut[at + 6] = s6;
        convOut[at + 7] = s7;
      }
    }
  }
  const half = side >> 1;
  for (let y = 0; y < half; y++) {
    for (let x = 0; x < half; x++) {
      const a = (2 * y * side + 2 * x) * outputs;
      const b = a + outputs;
      const c = a + side * outputs;
      const d = c + outputs;
      const target = (y * half + x) * outputs;
      for (let o = 0; o < outputs; o++) {
        output[target + o] = Math.max(0, convOut[a + o]!, convOut[b + o]!, convOut[c + o]!, convOut[d + o]!);
      }
    }
  }
}

/** The class probabilities of patch `index` of `patches` (PATCH_AREA grey values each, 0 to 1), into `into`. */
export function patchProbabilities(patches: Float32Array, index: number, into: Float64Array = new Float64Array(CLASSES.length)): Float64Array {
  const net = loadNetwork();
  const start = index * PATCH_AREA;
  for (let i = 0; i < PATCH_AREA; i++) layerA[i] = patches[start + i]! * 2 - 1;
  let side = PATCH;
  let input = layerA;
  let output = layerB;
  for (let layer = 0; layer < CONVS.length; layer++) {
    const [inputs, outputs] = CONVS[layer]!;
    convolvePool(input, side, inputs, outputs, net.convWeights[layer]!, net.convBiases[layer]!, output);
    side >>= 1;
    [input, output] = [output, input];
  }
  for (let o = 0; o < HIDDEN; o++) hidden[o] = net.hiddenBias[o]!;
  for (let i = 0; i < FLAT; i++) {
    const value = input[i]!;
    if (value === 0) continue;
    const row = i * HIDDEN;
    for (let o = 0; o < HIDDEN; o++) hidden[o] += value * net.hiddenWeights[row + o]!;
  }
  let largest = Number.NEGATIVE_INFINITY;
  for (let c = 0; c < CLASSES.length; c++) {
    let sum = net.outputBias[c]!;
    for (let h = 0; h < HIDDEN; h++) {
      const value = hidden[h]!;
      if (value > 0) sum += value * net.outputWeights[h * CLASSES.length + c]!;
    }
    logits[c] = sum;
    largest = Math.max(largest, sum);
  }
  let total = 0;
  for (let c = 0; c < CLASSES.length; c++) {
    into[c] = Math.exp(logits[c]! - largest);
    total += into[c]!;
  }
  for (let c = 0; c < CLASSES.length; c++) into[c] = into[c]! / total;
  return into;
}

const probabilities = new Float64Array(CLASSES.length);
const mirroredProbabilities = new Float64Array(CLASSES.length);
const mirrored = new Float32Array(PATCH_AREA);

/**
 * Below this confidence a square is read a second time, mirrored (a mirrored piece is the same
 * piece; the network trained on both), and the two readings averaged: a second look where the
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
