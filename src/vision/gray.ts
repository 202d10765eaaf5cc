// Grey levels from a picture, and the few image operations the board finder builds on: an
// area-averaged downscale, a separable box blur and a summed-area table (box means in O(1)).

import type { Picture } from './types.ts';

/** A single-channel image, 0 (black) to 255 (white), row-major. */
export interface GrayImage {
  readonly width: number;
  readonly height: number;
  readonly data: Float32Array;
}

/** Luma (Rec. 601 weights) of every pixel; alpha is taken as already composed. */
export function toGray(picture: Picture): GrayImage {
  const { width, height, rgba } = picture;
  const n = width * height;
  if (rgba.length < n * 4) throw new RangeError(`picture data holds ${rgba.length} bytes, ${width}×${height} RGBA needs ${n * 4}`);
  const data = new Float32Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 4) {
    data[i] = 0.299 * rgba[j]! + 0.587 * rgba[j + 1]! + 0.114 * rgba[j + 2]!;
  }
  return { width, height, data };
}

/** The image shrunk by an integer factor, each output pixel the mean of its factor×factor block. */
export function downscale(image: GrayImage, factor: number): GrayImage {
  if (factor <= 1) return image;
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const data = new Float32Array(width * height);
  const src = image.data;
  const area = factor * factor;
  for (let y = 0; y < height; y++) {
    for (let dy = 0; dy < factor; dy++) {
      const row = (y * factor + dy) * image.width;
      for (let x = 0; x < width; x++) {
        let sum = 0;
        const start = row + x * factor;
        for (let dx = 0; dx < factor; dx++) sum += src[start + dx]!;
        data[y * width + x]! += sum;
      }
    }
    for (let x = 0; x < width; x++) data[y * width + x]! /= area;
  }
  return { width, height, data };
}

/** A (2r+1)×(2r+1) box blur, edges clamped; r = 0 returns the image itself. */
export function boxBlur(image: GrayImage, radius: number): GrayImage {
  if (radius <= 0) return image;
  const { width, height } = image;
  const tmp = new Float32Array(width * height);
  const out = new Float32Array(width * height);
  blurLines(image.data, tmp, width, height, 1, width, radius);
  blurLines(tmp, out, height, width, width, 1, radius);
  return { width, height, data: out };
}

/** Blurs `count` lines of `length` samples (step `step` along a line, `lineStep` between lines). */
function blurLines(src: Float32Array, dst: Float32Array, length: number, count: number, step: number, lineStep: number, r: number): void {
  const span = 2 * r + 1;
  for (let line = 0; line < count; line++) {
    const base = line * lineStep;
    const at = (i: number): number => src[base + Math.min(length - 1, Math.max(0, i)) * step]!;
    let sum = 0;
    for (let i = -r; i <= r; i++) sum += at(i);
    for (let i = 0; i < length; i++) {
      dst[base + i * step] = sum / span;
      sum += at(i + r + 1) - at(i - r);
    }
  }
}

/** A summed-area table: the mean of any axis-aligned rectangle in constant time. */
export class Integral {
  private readonly sums: Float64Array;
  private readonly stride: number;

  constructor(readonly image: GrayImage) {
    const { width, height, data } = image;
    this.stride = width + 1;
    this.sums = new Float64Array((width + 1) * (height + 1));
    for (let y = 0; y < height; y++) {
      let row = 0;
      for (let x = 0; x < width; x++) {
        row += data[y * width + x]!;
        this.sums[(y + 1) * this.stride + x + 1] = this.sums[y * this.stride + x + 1]! + row;
      }
    }
  }

  /** Mean grey of the rectangle [x0, x1) × [y0, y1) clipped to the image; NaN when nothing is left. */
  mean(x0: number, y0: number, x1: number, y1: number): number {
    const { width, height } = this.image;
    const ax = Math.max(0, Math.min(width, Math.round(x0)));
    const bx = Math.max(0, Math.min(width, Math.round(x1)));
    const ay = Math.max(0, Math.min(height, Math.round(y0)));
    const by = Math.max(0, Math.min(height, Math.round(y1)));
    if (bx <= ax || by <= ay) return Number.NaN;
    const s = this.stride;
    const total = this.sums[by * s + bx]! - this.sums[ay * s + bx]! - this.sums[by * s + ax]! + this.sums[ay * s + ax]!;
    return total / ((bx - ax) * (by - ay));
  }
}
