import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_PICTURE_BYTES, WORKING_SIDE, decodePicture, pictureFormat, pictureSizeProblem } from '../../src/picture/decode.ts';

/** A `width` × `height` picture, left half red, right half blue, encoded as `format`. */
async function twoColours(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 64, height = 32, alpha = 1): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const raw = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      raw.set(x < half ? [255, 0, 0, 255 * alpha] : [0, 0, 255, 255 * alpha], at);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 4 } }).toFormat(format).toBuffer();
}

function pixel(picture: { width: number; rgba: Uint8Array }, x: number, y: number): number[] {
  const at = (y * picture.width + x) * 4;
  return [...picture.rgba.subarray(at, at + 4)];
}

describe('decodePicture', () => {
  it('reads PNG, JPEG, WebP and a GIF into RGBA pixels', async () => {
    for (const format of ['png', 'jpeg', 'webp', 'gif'] as const) {
      const picture = await decodePicture(await twoColours(format), 'board');
      expect([picture.width, picture.height, picture.rgba.length]).toEqual([64, 32, 64 * 32 * 4]);
      const [r, , b, a] = pixel(picture, 5, 5);
      expect(r).toBeGreaterThan(200);
      expect(b).toBeLessThan(60);
      expect(a).toBe(255);
      expect(pixel(picture, 60, 5)[2]).toBeGreaterThan(200);
    }
  });

  it('lays transparency on white, as a page shows it', async () => {
    const picture = await decodePicture(await twoColours('png', 8, 8, 0), 'board');
    expect(pixel(picture, 1, 1)).toEqual([255, 255, 255, 255]);
  });

  it('scales a huge screenshot down to its working size', async () => {
    const picture = await decodePicture(await twoColours('png', 4_000, 1_000), 'board');
    expect([picture.width, picture.height]).toEqual([WORKING_SIDE, 512]);
  });

  it('names what is wrong with bytes that are no picture it reads', async () => {
    await expect(decodePicture(new Uint8Array(), 'the file')).rejects.toThrow('the file is empty');
    await expect(decodePicture(new TextEncoder().encode('8/8/8/8/8/8/8/8 w - - 0 1'), 'the file')).rejects.toThrow(
      'the file is not a picture that can be read: send a PNG, JPEG, GIF, WebP file',
    );
    const png = await twoColours('png');
    await expect(decodePicture(png.subarray(0, 60), '"cut.png"')).rejects.toThrow('"cut.png" is a damaged or unreadable PNG file');
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    await expect(decodePicture(svg, 'x')).rejects.toThrow(/not a picture that can be read/);
  });

  it('refuses a file too large by its size, before decoding anything', async () => {
    await expect(decodePicture(new Uint8Array(MAX_PICTURE_BYTES + 1), 'the attachment')).rejects.toThrow(
      'the attachment is 10.0 MB; the largest picture read is 10.0 MB',
    );
    expect(pictureSizeProblem(MAX_PICTURE_BYTES + 1, 'the attachment')?.message).toMatch(/largest picture read/);
    expect(pictureSizeProblem(1_000, 'the attachment')).toBeNull();
  });

  it('refuses a picture with too many pixels by its header, before decoding them', async () => {
    // A tiny file that claims 10,000 × 5,000 pixels: the header is read, the pixels never are.
    const png = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: '#fff' } }).png().toBuffer();
    expect(png.length).toBeLessThan(MAX_PICTURE_BYTES);
    await expect(decodePicture(png, 'the attachment')).rejects.toThrow('the attachment is 10000 × 5000 pixels; the most read is 40,000,000 pixels');
  });
});

describe('pictureFormat', () => {
  it('tells the formats read by their first bytes', async () => {
    expect(pictureFormat(await twoColours('png'))).toBe('PNG');
    expect(pictureFormat(await twoColours('jpeg'))).toBe('JPEG');
    expect(pictureFormat(await twoColours('webp'))).toBe('WebP');
    expect(pictureFormat(await twoColours('gif'))).toBe('GIF');
    expect(pictureFormat(new TextEncoder().encode('[Event "x"]'))).toBeNull();
  });
});
