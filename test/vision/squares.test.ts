// The squares' cutting: each patch is its square's area average, in picture order, whatever the
// board's size against the patch's, and a box reaching past the picture's edge repeats the edge.

import { describe, expect, it } from 'vitest';
import { PATCH, PATCH_AREA, cutSquares } from '../../src/vision/squares.ts';
import type { Picture } from '../../src/vision/types.ts';

/** A picture whose grey level at (x, y) is level(x, y) (0 to 255). */
function greyPicture(width: number, height: number, level: (x: number, y: number) => number): Picture {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      rgba.fill(level(x, y), at, at + 3);
      rgba[at + 3] = 255;
    }
  }
  return { width, height, rgba };
}

function patchMean(patches: Float32Array, square: number): number {
  let sum = 0;
  for (let i = 0; i < PATCH_AREA; i++) sum += patches[square * PATCH_AREA + i]!;
  return sum / PATCH_AREA;
}

/** Each square of an 8×8 grid painted its own grey: square s (picture order) gets 3·s. */
const squareLevel = (side: number, x0: number, y0: number) => (x: number, y: number): number => {
  const column = Math.floor((x - x0) / (side / 8));
  const row = Math.floor((y - y0) / (side / 8));
  return column < 0 || row < 0 || column > 7 || row > 7 ? 255 : 3 * (row * 8 + column);
};

describe('cutSquares', () => {
  it('gives each square its own patch, in picture order (top row first), shrinking a large board', () => {
    const picture = greyPicture(900, 860, squareLevel(800, 60, 40));
    const patches = cutSquares(picture, { x: 60, y: 40, width: 800, height: 800 });
    for (let s = 0; s < 64; s++) {
      expect(patchMean(patches, s)).toBeCloseTo((3 * s) / 255, 5);
      // Uniform inside: no neighbour bleeds into an exactly placed square.
      expect(patches[s * PATCH_AREA]).toBeCloseTo(patches[s * PATCH_AREA + PATCH_AREA - 1]!, 5);
    }
  });

  it('enlarges a board smaller than the patches (a 152-pixel board, 19-pixel squares)', () => {
    const picture = greyPicture(200, 200, squareLevel(152, 20, 30));
    const patches = cutSquares(picture, { x: 20, y: 30, width: 152, height: 152 });
    for (let s = 0; s < 64; s++) expect(patchMean(patches, s)).toBeCloseTo((3 * s) / 255, 5);
  });

  it('averages areas: a one-pixel checkerboard shrunk fourfold is an even grey', () => {
    const picture = greyPicture(1024, 1024, (x, y) => ((x + y) % 2 === 0 ? 0 : 255));
    const patches = cutSquares(picture, { x: 0, y: 0, width: 1024, height: 1024 });
    for (let i = 0; i < patches.length; i += 97) expect(patches[i]).toBeCloseTo(0.5, 5);
  });

  it('weighs the pixels a fractional box covers in part (a box half a pixel off)', () => {
    // Columns alternate black and white in two-pixel bands; a box from x = 0.5 over 512 pixels gives
    // each sample (2 pixels wide) three quarters of one band and one quarter of the next.
    const picture = greyPicture(520, 512, (x) => (Math.floor(x / 2) % 2 === 0 ? 0 : 255));
    const patches = cutSquares(picture, { x: 0.5, y: 0, width: 512, height: 512 });
    expect(patches[0]).toBeCloseTo(0.25, 5);
    expect(patches[1]).toBeCloseTo(0.75, 5);
  });

  it('repeats the edge where the box reaches past the picture, without throwing', () => {
    const picture = greyPicture(100, 100, () => 128);
    const patches = cutSquares(picture, { x: -10, y: -6, width: 120, height: 112 });
    for (let i = 0; i < patches.length; i += 61) expect(patches[i]).toBeCloseTo(128 / 255, 5);
  });

  it('reads grey as luma (a pure green square is lighter than a pure blue one)', () => {
    const rgba = new Uint8Array(64 * 64 * 4);
    for (let i = 0; i < 64 * 64; i++) rgba.set(i % 64 < 32 ? [0, 255, 0, 255] : [0, 0, 255, 255], i * 4);
    const patches = cutSquares({ width: 64, height: 64, rgba }, { x: 0, y: 0, width: 64, height: 64 });
    expect(patchMean(patches, 0)).toBeCloseTo(0.587, 3);
    expect(patchMean(patches, 7)).toBeCloseTo(0.114, 3);
  });

  it('refuses an empty box', () => {
    const picture = greyPicture(10, 10, () => 0);
    expect(() => cutSquares(picture, { x: 0, y: 0, width: 0, height: 10 })).toThrow(RangeError);
  });

  it('has patches of PATCH × PATCH values', () => {
    expect(PATCH_AREA).toBe(PATCH * PATCH);
    const patches = cutSquares(greyPicture(64, 64, () => 0), { x: 0, y: 0, width: 64, height: 64 });
    expect(patches.length).toBe(64 * PATCH_AREA);
  });
});
