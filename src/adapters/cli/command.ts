// A subcommand of the `chessbot` command line: its name, how to call it, and what it does; and
// the error that says the command line itself is wrong.

import { UsageError } from '../../errors.ts';
import type { StatusLine } from '../../terminal/statusLine.ts';

/**
 * The command line itself is wrong: an unknown option or word, an option without its value, a
 * missing argument. Bad data in a well-formed command line (a FEN, a number out of range) is a
 * plain UsageError. Both are shown alike: the message, and a pointer to the command's help.
 */
export class CommandLineError extends UsageError {
  constructor(message: string) {
    super(message);
    this.name = 'CommandLineError';
  }
}

/** The program's name, as its messages begin. */
export const PROGRAM = 'chessbot';

/** How every line a command writes about a problem begins, whatever the problem: "chessbot: worker: ". */
export function commandPrefix(commandName: string): string {
  return `${PROGRAM}: ${commandName}: `;
}

export interface TextSink {
  write(text: string): unknown;
}

export interface CliOutput {
  readonly stdout: TextSink;
  readonly stderr: TextSink;
  /**
   * Starts a live status line on stdout for a long search (src/terminal/statusLine.ts); absent
   * where stdout is no terminal that wants one (a pipe, a file, NO_COLOR): nothing is drawn then.
   */
  readonly statusLine?: () => StatusLine;
}

export interface CliCommand {
  readonly name: string;
  /** Arguments after the name, e.g. "<fen|startpos> <depth> [--divide] [--json]". */
  readonly usage: string;
  /** One line for `chessbot --help`. */
  readonly summary: string;
  /** Lines shown below the usage by `chessbot <name> --help`. */
  readonly details: readonly string[];
  /**
   * Writes its results to `out.stdout`; throws a CommandLineError for a misused command line, a
   * UsageError for bad data (a FEN, a value). Resolves to the exit status when success can end in
   * more than one way (mate found, no mate), else to nothing for status 0.
   */
  run(args: readonly string[], out: CliOutput): Promise<number | void>;
}
