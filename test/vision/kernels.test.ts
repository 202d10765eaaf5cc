// The classifier runs the WebAssembly embedded in kernels.ts; people read and edit kernels.wat.
// The two must be the same program, and it must compute the networks bench/vision/network.py
// describes: here against the layers written out as plain loops, in doubles, on the committed
// members, averaged and sharpened as combine.py does.

import { describe, expect, it } from 'vitest';
import { compileKernels } from '../../bench/nnue/compileKernels.ts';
import { CLASSES, decodeFloat16, patchProbabilities } from '../../src/vision/classifier.ts';
import { VISION_KERNELS_WASM } from '../../src/vision/kernels.ts';
import { PATCH, PATCH_AREA } from '../../src/vision/squares.ts';
import { MEMBERS, type MemberWeights, SHARPEN } from '../../src/vision/weights.ts';
import { mulberry32 } from '../support/random.ts';

/** conv 3×3 'same' (weights [dy][dx][in][out]), relu, max-pool 2, activations [y][x][c]. */
function convolvePool(input: number[], side: number, inputs: number, outputs: number, weights: Float32Array, bias: Float32Array): number[] {
  const sums: number[] = [];
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      for (let o = 0; o < outputs; o++) {
        let sum = bias[o]!;
        for (let dy = 0; dy < 3; dy++) {
          for (let dx = 0; dx < 3; dx++) {
            const sy = y + dy - 1;
            const sx = x + dx - 1;
            if (sy < 0 || sx < 0 || sy >= side || sx >= side) continue;
            for (let i = 0; i < inputs; i++) sum += input[(sy * side + sx) * inputs + i]! * weights[((dy * 3 + dx) * inputs + i) * outputs + o]!;
          }
        }
        sums.push(sum);
      }
    }
  }
  const half = side / 2;
  const pooled: number[] = [];
  for (let y = 0; y < half; y++) {
    for (let x = 0; x < half; x++) {
      for (let o = 0; o < outputs; o++) {
        const at = (yy: number, xx: number): number => sums[((2 * y + yy) * side + 2 * x + xx) * outputs + o]!;
        pooled.push(Math.max(0, at(0, 0), at(0, 1), at(1, 0), at(1, 1)));
      }
    }
  }
  return pooled;
}

function memberProbabilities(member: MemberWeights, patch: Float32Array): number[] {
  const bytes = Buffer.from(member.float16, 'base64');
  const all = decodeFloat16(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length));
  let at = 0;
  const take = (count: number): Float32Array => all.subarray(at, (at += count));
  let activations = Array.from(patch, (value) => value * 2 - 1);
  let side = PATCH;
  let inputs = 1;
  for (const outputs of member.convs) {
    const weights = take(9 * inputs * outputs);
    activations = convolvePool(activations, side, inputs, outputs, weights, take(outputs));
    side /= 2;
    inputs = outputs;
  }
  const dense = (values: number[], outputs: number, relu: boolean): number[] => {
    const weights = take(values.length * outputs);
    const bias = take(outputs);
    return Array.from({ length: outputs }, (_, o) => {
      const sum = values.reduce((total, value, i) => total + value * weights[i * outputs + o]!, bias[o]!);
      return relu ? Math.max(0, sum) : sum;
    });
  };
  const logits = dense(dense(activations, member.hidden, true), CLASSES.length, false);
  const largest = Math.max(...logits);
  const exps = logits.map((logit) => Math.exp(logit - largest));
  const total = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / total);
}

/** The members' probabilities averaged, then sharpened, as combine.py describes. */
function plainProbabilities(patch: Float32Array): number[] {
  const each = MEMBERS.map((member) => memberProbabilities(member, patch));
  const sharpened = CLASSES.map((_, c) => (each.reduce((sum, p) => sum + p[c]!, 0) / each.length) ** SHARPEN);
  const total = sharpened.reduce((a, b) => a + b, 0);
  return sharpened.map((p) => p / total);
}

describe('the classifier\'s kernels', () => {
  it('are kernels.wat as assembled now (else run npm run vision:kernels)', async () => {
    expect(new Uint8Array(Buffer.from(VISION_KERNELS_WASM, 'base64'))).toEqual(await compileKernels('src/vision/kernels.wat'));
  });

  it('compute the network as plain loops do, on patches of every kind', () => {
    const random = mulberry32(7);
    const patches = new Float32Array(3 * PATCH_AREA);
    for (let i = 0; i < PATCH_AREA; i++) {
      patches[i] = random();
      patches[PATCH_AREA + i] = (Math.floor(i / PATCH) + (i % PATCH)) % 7 < 3 ? 0.1 : 0.9;
      patches[2 * PATCH_AREA + i] = 0.5;
    }
    for (let p = 0; p < 3; p++) {
      const expected = plainProbabilities(patches.subarray(p * PATCH_AREA, (p + 1) * PATCH_AREA));
      const got = Array.from(patchProbabilities(patches, p));
      for (let c = 0; c < CLASSES.length; c++) expect(got[c]).toBeCloseTo(expected[c]!, 4);
    }
  });
});
