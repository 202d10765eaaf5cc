// Pictures for the vision tests: boards drawn by the project's own renderer (svg.ts, resvg),
// placed on larger canvases, and the committed test set's files with their truth.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import { type BoardOptions, renderBoardSvg } from '../../src/adapters/discord/board/svg.ts';
import type { BoardBox, Picture } from '../../src/vision/types.ts';
import type { TestLabel } from '../../bench/vision/make-testset.ts';

export const TESTSET = join(import.meta.dirname, '../../bench/vision/testset');
const DEJAVU_SANS = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

/** The SVG drawn by resvg; with `text`, its <text> in DejaVu Sans (the machine's font, tests only). */
export function svgPicture(svg: string, width?: number, text = false): Picture {
  const font = text ? { fontFiles: [DEJAVU_SANS], loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' } : { loadSystemFonts: false };
  const raster = new Resvg(svg, { fitTo: width ? { mode: 'width', value: width } : { mode: 'original' }, font }).render();
  return opaque({ width: raster.width, height: raster.height, rgba: new Uint8Array(raster.pixels) });
}

/** Composes transparent pixels on white, as the decoding at the edge does. */
function opaque(picture: Picture): Picture {
  const rgba = new Uint8Array(picture.rgba);
  for (let i = 0; i < rgba.length; i += 4) {
    const a = rgba[i + 3]! / 255;
    for (let c = 0; c < 3; c++) rgba[i + c] = Math.round(rgba[i + c]! * a + 255 * (1 - a));
    rgba[i + 3] = 255;
  }
  return { width: picture.width, height: picture.height, rgba };
}

export function boardPicture(fen: string, options: BoardOptions & { size: number }): Picture {
  return svgPicture(renderBoardSvg(fen, options), options.size);
}

/** A picture on a canvas of `width`×`height` in `background`, the picture's top-left at (x, y). */
export function placed(picture: Picture, width: number, height: number, x: number, y: number, background: readonly [number, number, number]): Picture {
  const rgba = new Uint8Array(width * height * 4);
  const row = new Uint8Array(width * 4);
  for (let i = 0; i < width; i++) row.set([...background, 255], i * 4);
  for (let r = 0; r < height; r++) rgba.set(row, r * width * 4);
  for (let row = 0; row < picture.height; row++) {
    rgba.set(picture.rgba.subarray(row * picture.width * 4, (row + 1) * picture.width * 4), ((y + row) * width + x) * 4);
  }
  return { width, height, rgba };
}

/** The picture re-encoded as JPEG at `quality` and decoded again. */
export async function jpegged(picture: Picture, quality: number): Promise<Picture> {
  const bytes = await sharp(Buffer.from(picture.rgba), { raw: { width: picture.width, height: picture.height, channels: 4 } }).jpeg({ quality }).toBuffer();
  return decode(bytes);
}

export async function decode(bytes: Buffer): Promise<Picture> {
  const { data, info } = await sharp(bytes).flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, rgba: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

export function testLabels(): TestLabel[] {
  return JSON.parse(readFileSync(join(TESTSET, 'labels.json'), 'utf8')) as TestLabel[];
}

export async function testPicture(label: TestLabel): Promise<Picture> {
  return decode(readFileSync(join(TESTSET, label.file)));
}

/** The largest distance between two boxes' edges, in squares of the second. */
export function edgeError(found: BoardBox, truth: BoardBox): number {
  return (
    Math.max(
      Math.abs(found.x - truth.x),
      Math.abs(found.y - truth.y),
      Math.abs(found.x + found.width - truth.x - truth.width),
      Math.abs(found.y + found.height - truth.y - truth.height),
    ) /
    (truth.width / 8)
  );
}
