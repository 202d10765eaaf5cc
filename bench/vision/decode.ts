// Decodes a picture file's bytes for the bench, as the edge will (src/picture): alpha composed on
// white, 8-bit RGBA. A stand-in until the bench reads through src/picture/decode.ts.

import sharp from 'sharp';
import type { Picture } from '../../src/vision/types.ts';

export async function decodePicture(bytes: Buffer): Promise<Picture> {
  const { data, info } = await sharp(bytes, { pages: 1 }).flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, rgba: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}
