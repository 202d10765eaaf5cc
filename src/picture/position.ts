// A position given as a file or an attachment rather than typed: a picture of a board (read by
// the vision core) or a PGN file. The bytes are read here, at the edge; what they mean is decided
// by the pure layers below (src/vision reads the board, src/input makes and checks the FEN).

import { readFile, stat } from 'node:fs/promises';
import { UsageError, quote } from '../errors.ts';
import { MAX_PGN_LENGTH, type PastedPosition, readPastedPosition } from '../input/pastedPosition.ts';
import { type SideToMove, orientationNote, positionFromBoardRead } from '../input/picturedPosition.ts';
import { readBoard } from '../vision/read.ts';
import type { BoardRead } from '../vision/types.ts';
import { MAX_PICTURE_BYTES, PICTURE_FORMATS, decodePicture, megabytes, pictureFormat } from './decode.ts';

/** How to read a picture: the side to move (not in a picture) and, when told, which side is at the bottom. */
export interface PictureReading {
  readonly side: SideToMove;
  /** True: Black at the bottom; false: White; absent: the coordinates drawn decide, else White. */
  readonly flipped?: boolean;
}

/** The board in a picture's bytes, or null when it holds none. */
export async function readBoardFromBytes(bytes: Uint8Array, name: string, flipped?: boolean): Promise<BoardRead | null> {
  const picture = await decodePicture(bytes, name);
  return readBoard(picture, flipped === undefined ? {} : { flipped });
}

/** The position in a picture: its FEN, checked, and the read it came from; a UsageError naming what is wrong. */
export async function positionFromPicture(bytes: Uint8Array, name: string, reading: PictureReading): Promise<PastedPosition> {
  return pastedFromRead(await readBoardFromBytes(bytes, name, reading.flipped), reading.side, name);
}

/** The position of a board read, with a note when its orientation was assumed. */
function pastedFromRead(read: BoardRead | null, side: SideToMove, name: string): PastedPosition {
  const fen = positionFromBoardRead(read, side, name);
  const note = read === null ? null : orientationNote(read);
  return note === null ? { fen, from: 'picture' } : { fen, from: 'picture', note };
}

/** What a position file holds: a picture (its board, null when none was found) or a PGN's position. */
export type PositionFile =
  | { readonly kind: 'picture'; readonly read: BoardRead | null }
  | { readonly kind: 'PGN'; readonly pasted: PastedPosition };

/** The file at `path` read as a picture (by its first bytes) or a PGN; a UsageError when it is neither, or cannot be read. */
export async function readPositionFile(path: string, flipped?: boolean): Promise<PositionFile> {
  const name = quote(path);
  const bytes = await readSmallFile(path, name);
  if (pictureFormat(bytes) !== null) return { kind: 'picture', read: await readBoardFromBytes(bytes, name, flipped) };
  const pasted = /\.pgn$/i.test(path) ? readPastedPosition(new TextDecoder().decode(bytes)) : null;
  if (pasted === null || pasted.from !== 'PGN') throw new UsageError(`${name} is neither a picture (${PICTURE_FORMATS.join(', ')}) nor a PGN`);
  return { kind: 'PGN', pasted };
}

/** The position in the file at `path` (a picture of a board, or a PGN), checked; a UsageError naming what is wrong. */
export async function positionFromFile(path: string, reading: PictureReading): Promise<PastedPosition> {
  const file = await readPositionFile(path, reading.flipped);
  if (file.kind === 'PGN') return file.pasted;
  return pastedFromRead(file.read, reading.side, quote(path));
}

/** The bytes of a file small enough to be a picture or a PGN, or a UsageError (missing, a folder, too large). */
export async function readSmallFile(path: string, name = quote(path)): Promise<Uint8Array> {
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new UsageError(`${name} is not a file`);
    size = info.size;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read ${name}: ${describeFileError(error)}`);
  }
  const limit = /\.pgn$/i.test(path) ? MAX_PGN_LENGTH * 4 : MAX_PICTURE_BYTES;
  if (size > limit) throw new UsageError(`${name} is ${megabytes(size)}; the most read is ${megabytes(limit)}`);
  try {
    return new Uint8Array(await readFile(path));
  } catch (error) {
    throw new UsageError(`cannot read ${name}: ${describeFileError(error)}`);
  }
}

function describeFileError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a folder';
  return code ?? 'unreadable';
}
