// `chessbot fen <image>`: the FEN of the board in a picture (a screenshot, a diagram), as /mate
// reads it, with the squares it is unsure of; also the FEN of a link or a PGN (file or text).
// The picture is read in this process: decoded by sharp, its board found and read by src/vision.

import { FenError, parseFen } from '../../chess/fen.ts';
import { UsageError, quote } from '../../errors.ts';
import { isPositionFileName } from '../../input/arguments.ts';
import { readPastedPosition } from '../../input/pastedPosition.ts';
import { type SideToMove, fenOfBoardRead, listSquares, parseSideToMove } from '../../input/picturedPosition.ts';
import type { PositionFile } from '../../picture/position.ts';
import { type CliCommand, CommandLineError } from './command.ts';
import { splitOptions } from './options.ts';

/** Exit statuses: a board was read, sure of every square; no board, or one read unsure or illegal. (Bad input: 2.) */
export const EXIT_READ = 0;
export const EXIT_NOT_READ = 1;

/** What `chessbot fen` needs from outside: the reader of a file. Tests pass their own. */
export interface FenCliDependencies {
  /** The picture (its board, null when none) or PGN in the file at `path`, or a UsageError (unreadable, too large, neither). */
  readonly readFile: (path: string, flipped: boolean | undefined) => Promise<PositionFile>;
}

/** The rule the position `fen` breaks (the rules core's words), or null when it is legal. */
function illegality(fen: string): string | null {
  try {
    parseFen(fen);
    return null;
  } catch (error) {
    if (error instanceof FenError) return error.message;
    throw error;
  }
}

export function createFenCommand(dependencies: FenCliDependencies): CliCommand {
  return {
    name: 'fen',
    usage: '<image|link|pgn> [--side w|b] [--flipped] [--json]',
    summary: 'read the position in a picture of a board (or a link, or a PGN) and print its FEN',
    details: [
      '<image>         a PNG, JPEG, WebP or GIF file: a screenshot or a diagram; the board is found,',
      '                its orientation read from the coordinates drawn (else White at the bottom)',
      '<link|pgn>      also a Lichess analysis/editor link, a link with ?fen=, a PGN in quotes, a .pgn file',
      '--side <w|b>    the side to move, which a picture does not show (default w); castling rights',
      '                are granted where king and rook stand on their home squares',
      '--flipped       Black is at the bottom (for a picture without coordinates)',
      '--json          one JSON line: {"fen", "confidence", "unsure": [squares], "flipped",',
      '                "orientation": "coordinates"|"told"|"default", "board": {x, y, width, height},',
      '                "illegal": reason (only when the position breaks the rules)}; no board: {"fen": null}',
      '',
      'exit status: 0 the board was read, sure of every square, and is a legal position;',
      '             1 no board found, squares unsure (named) or an illegal position (named);',
      '             2 a bad argument or a file that cannot be read',
    ],
    async run(args, out) {
      const { flags, values, positionals } = splitOptions(args, ['--json', '--flipped'], ['--side']);
      if (positionals.length === 0) throw new CommandLineError('expected a picture of a board (a file), a link or a PGN');
      if (positionals.length > 1 && isPositionFileName(positionals[0]!)) throw new CommandLineError(`unexpected word ${quote(positionals[1]!)} after the file`);
      const sideText = values.get('--side');
      const side: SideToMove = sideText === undefined ? 'w' : parseSideToMove(sideText);
      const json = flags.has('--json');
      const text = positionals.join(' ');
      const file = isPositionFileName(positionals[0]!) ? await dependencies.readFile(positionals[0]!, flags.has('--flipped') ? true : undefined) : null;
      if (file === null || file.kind === 'PGN') {
        // A link or a PGN: its FEN, as /mate reads it (already checked by the reader).
        const pasted = file?.pasted ?? readPastedPosition(text);
        if (pasted === null) throw new UsageError(`${quote(text)} is no picture file (.png, .jpg, .webp, .gif), link or PGN`);
        out.stdout.write(json ? `${JSON.stringify({ fen: pasted.fen, from: pasted.from })}\n` : `${pasted.fen}\n`);
        return EXIT_READ;
      }
      const { read } = file;
      if (read === null) {
        if (json) out.stdout.write(`${JSON.stringify({ fen: null, error: 'no chessboard found' })}\n`);
        else out.stderr.write(`chessbot: fen: no chessboard found in ${quote(positionals[0]!)}\n`);
        return EXIT_NOT_READ;
      }
      const fen = fenOfBoardRead(read, side);
      const illegal = illegality(fen);
      if (json) {
        out.stdout.write(`${JSON.stringify({
          fen, confidence: round(read.confidence), unsure: read.unsure, flipped: read.flipped, orientation: read.orientation,
          board: { x: Math.round(read.box.x), y: Math.round(read.box.y), width: Math.round(read.box.width), height: Math.round(read.box.height) },
          ...(illegal !== null ? { illegal } : {}),
        })}\n`);
      } else {
        out.stdout.write(`${fen}\n`);
        if (read.unsure.length > 0) out.stderr.write(`chessbot: fen: unsure of ${listSquares(read.unsure)}: check those squares\n`);
        if (illegal !== null) out.stderr.write(`chessbot: fen: not a legal position: ${illegal}\n`);
      }
      return read.unsure.length > 0 || illegal !== null ? EXIT_NOT_READ : EXIT_READ;
    },
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
