// A picture's bytes (a file, a Discord attachment) to pixels for the vision core: PNG, JPEG, WebP
// or a GIF's first frame, decoded by sharp (libvips, shipped inside its npm package). The bytes
// are untrusted: refused by size before any decoding, by their first bytes when they are no
// picture we read, by their dimensions before their pixels are decoded, and cut off by a time limit.

import sharp from 'sharp';
import { UsageError, formatCount } from '../errors.ts';
import type { Picture } from '../vision/types.ts';

/** The largest picture file read: Discord's own upload limit for most members (10 MiB). */
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;
/** The most pixels a picture may have: a 8K screenshot (7680 × 4320) and then some. */
export const MAX_PICTURE_PIXELS = 40_000_000;
/**
 * Pictures are read at this longest side at most: a board of 1,600 pixels inside a 4K screenshot
 * still has squares of 100 pixels, and the board finder's time grows with the pixels.
 */
export const WORKING_SIDE = 2_048;
/** libvips stops a decode that takes longer (a hostile file built to be slow). */
export const DECODE_TIMEOUT_SECONDS = 5;

/** The formats read, by the bytes each file starts with. */
const FORMATS: ReadonlyArray<{ readonly name: string; readonly matches: (bytes: Uint8Array) => boolean }> = [
  { name: 'PNG', matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { name: 'JPEG', matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { name: 'GIF', matches: (b) => startsWith(b, [0x47, 0x49, 0x46, 0x38]) },
  // "RIFF", four bytes of length, "WEBP".
  { name: 'WebP', matches: (b) => startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b.subarray(8), [0x57, 0x45, 0x42, 0x50]) },
];

export const PICTURE_FORMATS = FORMATS.map((format) => format.name);

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);
}

/** The format `bytes` start as ("PNG", …), or null when they are none of those read. */
export function pictureFormat(bytes: Uint8Array): string | null {
  return FORMATS.find((format) => format.matches(bytes))?.name ?? null;
}

/**
 * The pixels of `bytes` (RGBA, transparency laid on white as a page shows it), scaled down to
 * WORKING_SIDE when larger; a UsageError naming what is wrong when they cannot be read.
 * `name` names the picture in messages ("board.png", "the attachment").
 */
export async function decodePicture(bytes: Uint8Array, name: string): Promise<Picture> {
  if (bytes.length > MAX_PICTURE_BYTES) throw tooLarge(name, bytes.length);
  if (bytes.length === 0) throw new UsageError(`${name} is empty`);
  const format = pictureFormat(bytes);
  if (format === null) throw new UsageError(`${name} is not a picture that can be read: send a ${PICTURE_FORMATS.join(', ')} file`);
  const input = (): sharp.Sharp =>
    sharp(bytes, { limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'error', pages: 1 }).timeout({ seconds: DECODE_TIMEOUT_SECONDS });
  let width: number;
  let height: number;
  try {
    // The header only (no pixel is decoded), without the pixel limit, so that the limit is named below.
    ({ width, height } = await sharp(bytes, { limitInputPixels: false, pages: 1 }).metadata());
  } catch {
    throw new UsageError(`${name} is a damaged or unreadable ${format} file`);
  }
  if (width * height > MAX_PICTURE_PIXELS) {
    throw new UsageError(`${name} is ${width} × ${height} pixels; the most read is ${formatCount(MAX_PICTURE_PIXELS)} pixels`);
  }
  try {
    const { data, info } = await input()
      .rotate() // A phone's photo stands as its EXIF orientation says.
      .resize({ width: WORKING_SIDE, height: WORKING_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, rgba: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  } catch (error) {
    if (/timeout/i.test(String((error as Error | null)?.message))) {
      throw new UsageError(`${name} took longer than ${DECODE_TIMEOUT_SECONDS} s to decode; send a smaller picture`);
    }
    throw new UsageError(`${name} is a damaged or unreadable ${format} file`);
  }
}

function tooLarge(name: string, bytes: number): UsageError {
  return new UsageError(`${name} is ${megabytes(bytes)}; the largest picture read is ${megabytes(MAX_PICTURE_BYTES)}`);
}

export function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The UsageError for a picture known to be `bytes` long before it is fetched (a Discord attachment), or null when it may be read. */
export function pictureSizeProblem(bytes: number, name: string): UsageError | null {
  return bytes > MAX_PICTURE_BYTES ? tooLarge(name, bytes) : null;
}
