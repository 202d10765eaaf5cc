// /mate's `image` option: the file a member attached (a picture of a board, or a .pgn), fetched
// from Discord's CDN and read into a position. The file is untrusted: refused by the size Discord
// states before it is fetched, cut off if more arrives, and bounded in time; its URL, which carries
// Discord's signature, is never logged. The picture stays in this process (src/picture, src/vision).

import { request } from 'undici';
import { UsageError } from '../../errors.ts';
import { MAX_PGN_LENGTH, type PastedPosition, readPastedPosition } from '../../input/pastedPosition.ts';
import type { SideToMove } from '../../input/picturedPosition.ts';

/** An attachment as discord.js resolves it. */
export interface AttachedFile {
  readonly url: string;
  readonly name: string;
  /** In bytes, as Discord states it. */
  readonly size: number;
  readonly contentType: string | null;
}

/** How long fetching the file may take: the whole request must be acknowledged within Discord's 3 s. */
export const ATTACHMENT_FETCH_TIMEOUT_MS = 2_000;
const THE_FILE = 'the attached file';

/** The position in an attached file (a picture or a PGN); a UsageError naming what is wrong. */
export async function positionFromAttachment(
  file: AttachedFile, reading: { readonly side: SideToMove; readonly flipped?: boolean },
): Promise<PastedPosition> {
  const isPgn = /\.pgn$/i.test(file.name) || /^(?:application\/x-chess-pgn|text\/)/i.test(file.contentType ?? '');
  if (isPgn) {
    const text = new TextDecoder().decode(await fetchAttachment(file, MAX_PGN_LENGTH * 4));
    const pasted = readPastedPosition(text);
    if (pasted === null || pasted.from !== 'PGN') throw new UsageError(`${THE_FILE} holds no PGN`);
    return pasted;
  }
  // sharp and the vision core are loaded by the first picture, not at the bot's start.
  const [{ MAX_PICTURE_BYTES, pictureSizeProblem }, { positionFromPicture }] = await Promise.all([
    import('../../picture/decode.ts'), import('../../picture/position.ts'),
  ]);
  const tooLarge = pictureSizeProblem(file.size, THE_FILE);
  if (tooLarge) throw tooLarge;
  return positionFromPicture(await fetchAttachment(file, MAX_PICTURE_BYTES), THE_FILE, reading);
}

/** The file's bytes, at most `limit` of them; a UsageError when Discord does not give it in time or it is larger. */
export async function fetchAttachment(file: AttachedFile, limit: number): Promise<Uint8Array> {
  if (file.size > limit) throw new UsageError(`${THE_FILE} is ${file.size} bytes; the most read is ${limit}`);
  const signal = AbortSignal.timeout(ATTACHMENT_FETCH_TIMEOUT_MS);
  try {
    const response = await request(file.url, { signal });
    if (response.statusCode !== 200) {
      await response.body.dump();
      throw new UsageError(`${THE_FILE} could not be fetched from Discord (HTTP ${response.statusCode}); please attach it again`);
    }
    const chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of response.body) {
      length += (chunk as Buffer).length;
      if (length > limit) {
        response.body.destroy();
        throw new UsageError(`${THE_FILE} is larger than the ${limit} bytes read`);
      }
      chunks.push(chunk as Buffer);
    }
    return new Uint8Array(Buffer.concat(chunks));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    if (signal.aborted) throw new UsageError(`${THE_FILE} took longer than ${ATTACHMENT_FETCH_TIMEOUT_MS / 1000} s to fetch from Discord; please try again`);
    throw new UsageError(`${THE_FILE} could not be fetched from Discord; please try again`);
  }
}
