// A command a person types at the local console: data that describes it for /help, and a
// function from its argument words to the reply text. One rule for every command: a word it does
// not take is refused, named, never ignored (/quit now, /help mate, /mate … 2 self).

import { UsageError, quote } from '../../errors.ts';

import type { StatusText } from '../../terminal/statusLine.ts';

/** What a front end offers a running command besides its words. */
export interface CommandContext {
  /**
   * Shows interim text while the command works (a board, a progress line), before its reply.
   * Absent when the front end has nowhere to show it.
   */
  readonly progress?: (text: string) => void;
  /**
   * Shows the command's live state on the status line (src/terminal/statusLine.ts), erased by the
   * next progress or reply. Absent when the output is no terminal that wants one.
   */
  readonly status?: (text: StatusText) => void;
  /** Aborted when the person cancels the command. */
  readonly signal?: AbortSignal;
}

export interface Command {
  /** The name typed after the slash, e.g. "mate" for /mate. Lower case, no spaces. */
  readonly name: string;
  /** How to call it, as shown by /help, e.g. "/mate <fen> <n> [checks] [tree]". */
  readonly usage: string;
  /** What it does, in a few words for /help. */
  readonly summary: string;
  /** Lines /help shows under the summary, e.g. what each optional word does. */
  readonly details?: readonly string[];
  /**
   * Runs the command on the words that followed its name and resolves to the reply.
   * Bad input is reported by throwing a UsageError whose message is shown as is.
   */
  run(args: readonly string[], context?: CommandContext): Promise<string>;
}

/** For a command that takes no words: refuses the first one given, naming it. */
export function refuseWords(args: readonly string[], usage: string): void {
  if (args.length > 0) throw new UsageError(`unknown word ${quote(args[0]!)}: ${usage} takes no words`);
}
