// Cuts a board's 64 squares out of a picture as small grey patches, the classifier's input. The
// same function makes the training data (bench/vision) and reads a posted picture, so that the
// network sees at run time exactly what it learnt from.
//
// Each patch is the square's area average (a box filter with fractional pixel coverage): it
// shrinks a 200-pixel square and enlarges a 19-pixel one alike, with no aliasing either way.

import type { BoardBox, Picture } from './types.ts';

/** A patch's side in pixels. */
export const PATCH = 32;
/** The values of one patch. */
export const PATCH_AREA = PATCH * PATCH;
/** The side of the board's resampled grid: 8 patches. */
const GRID = 8 * PATCH;

/** One output sample's source pixels along an axis: from `first`, with each pixel's weight. */
interface Taps {
  first: Int32Array;
  count: Int32Array;
  /** GRID × `stride` weights, each sample's from `first` on. */
  weights: Float32Array;
  stride: number;
}

/**
 * Where each of the GRID samples across `length` pixels from `start` takes its pixels from, and
 * how much of each: the fraction of the pixel inside the sample's span, over the span's length.
 * Pixels beyond the picture's edge repeat the edge (clamped when read).
 */
function taps(start: number, length: number): Taps {
  const step = length / GRID;
  const stride = Math.ceil(step) + 2;
  const result: Taps = { first: new Int32Array(GRID), count: new Int32Array(GRID), weights: new Float32Array(GRID * stride), stride };
  for (let i = 0; i < GRID; i++) {
    const from = start + i * step;
    const to = from + step;
    const first = Math.floor(from);
    const last = Math.max(first, Math.ceil(to) - 1);
    result.first[i] = first;
    result.count[i] = last - first + 1;
    for (let p = first; p <= last; p++) {
      const covered = Math.min(to, p + 1) - Math.max(from, p);
      result.weights[i * stride + (p - first)] = covered / step;
    }
  }
  return result;
}

/** Reusable scratch, grown to the largest board seen: grey rows of the board, resampled across. */
let rows = new Float32Array(0);

/**
 * The 64 squares of the board in `box`, in picture order (top row first, left to right, as seen),
 * each a PATCH × PATCH grey patch, 0 black to 1 white, row-major: square s's pixel (y, x) at
 * out[s * PATCH_AREA + y * PATCH + x]. `out` is reused when given.
 */
export function cutSquares(picture: Picture, box: BoardBox, out: Float32Array = new Float32Array(64 * PATCH_AREA)): Float32Array {
  if (!(box.width > 0 && box.height > 0)) throw new RangeError('a board box needs a positive width and height');
  if (out.length < 64 * PATCH_AREA) throw new RangeError(`cutSquares needs room for ${64 * PATCH_AREA} values`);
  const { width, height, rgba } = picture;
  const across = taps(box.x, box.width);
  const down = taps(box.y, box.height);
  const top = down.first[0]!;
  const bottom = down.first[GRID - 1]! + down.count[GRID - 1]!;
  const sourceRows = bottom - top;
  if (rows.length < sourceRows * GRID) rows = new Float32Array(sourceRows * GRID);

  // Across: every source row the box covers, resampled to GRID grey values.
  for (let r = 0; r < sourceRows; r++) {
    const y = Math.min(height - 1, Math.max(0, top + r));
    const rowStart = y * width;
    const target = r * GRID;
    for (let i = 0; i < GRID; i++) {
      const first = across.first[i]!;
      const count = across.count[i]!;
      const base = i * across.stride;
      let sum = 0;
      for (let k = 0; k < count; k++) {
        const x = Math.min(width - 1, Math.max(0, first + k));
        const at = (rowStart + x) * 4;
        sum += across.weights[base + k]! * (0.299 * rgba[at]! + 0.587 * rgba[at + 1]! + 0.114 * rgba[at + 2]!);
      }
      rows[target + i] = sum / 255;
    }
  }

  // Down: each output row from the source rows it covers, written into its square's patch.
  for (let j = 0; j < GRID; j++) {
    const first = down.first[j]! - top;
    const count = down.count[j]!;
    const base = j * down.stride;
    const squareRow = Math.floor(j / PATCH);
    const patchY = j % PATCH;
    for (let i = 0; i < GRID; i++) {
      let sum = 0;
      for (let k = 0; k < count; k++) sum += down.weights[base + k]! * rows[(first + k) * GRID + i]!;
      const square = squareRow * 8 + Math.floor(i / PATCH);
      out[square * PATCH_AREA + patchY * PATCH + (i % PATCH)] = sum;
    }
  }
  return out;
}
