// Grey levels from a picture (a region of it, shrunk by area averaging), and the few image
// operations the board finder builds on: a separable box blur and a summed-area table.

import type { Picture } from './types.ts';

/** A single-channel image, 0 (black) to 255 (white), row-major. */
export interface GrayImage {
  readonly width: number;
  readonly height: number;
  readonly data: Float32Array;
}

/**
 * Luma (Rec. 601 weights) of a rectangle of the picture, shrunk by an integer factor: each output
 * pixel is the mean of a factor×factor block (the rectangle's last partial blocks are dropped).
 * Alpha is taken as already composed.
 */
export function grayRegion(picture: Picture, x0: number, y0: number, width: number, height: number, factor = 1): GrayImage {
  const { width: pw, height: ph, rgba } = picture;
  if (rgba.length < pw * ph * 4) throw new RangeError(`picture data holds ${rgba.length} bytes, ${pw}×${ph} RGBA needs ${pw * ph * 4}`);
  if (x0 < 0 || y0 < 0 || x0 + width > pw || y0 + height > ph) throw new RangeError('region outside the picture');
  const f = Math.max(1, Math.floor(factor));
  const w = Math.floor(width / f);
  const h = Math.floor(height / f);
  const data = new Float32Array(w * h);
  for (let y = 0; y < h * f; y++) {
    const out = Math.floor(y / f) * w;
    let i = ((y0 + y) * pw + x0) * 4;
    for (let x = 0; x < w; x++) {
      let sum = 0;
      for (let k = 0; k < f; k++, i += 4) sum += 0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!;
      data[out + x]! += sum;
    }
  }
  const area = f * f;
  if (area > 1) for (let i = 0; i < data.length; i++) data[i]! /= area;
  return { width: w, height: h, data };
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
  const last = length - 1;
  for (let line = 0; line < count; line++) {
    const base = line * lineStep;
    const first = src[base]!;
    const end = src[base + last * step]!;
    // The window's running sum, the picture's edge repeated beyond it.
    let sum = first * (r + 1);
    for (let i = 1; i <= r; i++) sum += src[base + Math.min(i, last) * step]!;
    for (let i = 0; i < length; i++) {
      dst[base + i * step] = sum / span;
      const enter = i + r + 1;
      const leave = i - r;
      sum += (enter <= last ? src[base + enter * step]! : end) - (leave >= 0 ? src[base + leave * step]! : first);
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
