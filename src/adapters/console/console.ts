// The local console: reads command lines from a stream, answers each in turn, and ends on
// /quit, end of input, or Ctrl+C at the prompt. For trying the bot offline, without Discord or
// Lichess.
//
// Ctrl+C at a terminal. readline reads a terminal in raw mode, so the key arrives as a byte that
// readline reports as its own 'SIGINT' event; the process gets no SIGINT signal from it. The
// console therefore decides what the key does, and the app's process-wide SIGINT handler (which
// ends everything, bots included) only ever sees a real signal: `kill -INT`, a supervisor, or the
// key pressed while the console is not reading the terminal (before it starts, after it ends).
// The key:
// - while a command runs: stops that command (its answer says so), and the console goes on;
// - at the prompt, or again while the stopped command is still ending: leaves the console.
// Aborting `stop` (the app's SIGINT or SIGTERM) stops the command in progress and ends the console
// as soon as that command has returned.
//
// A reader that goes away (`npm start | head -3`): a write to the closed pipe fails with EPIPE,
// which the output stream reports as an 'error' event, and an 'error' nobody listens to ends the
// process with a stack trace. The console listens: it stops the command in progress, ends quietly,
// and says so in its summary, for the program's exit status (141, as the command line's).

import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { terminalEnvironment } from '../../config/terminal.ts';
import { errorLine } from '../../errors.ts';
import {
  NO_STATUS_LINE, type StatusLine, type StatusStream, type StatusText, createStatusLine, intervalTicker, wantsStatusLine,
} from '../../terminal/statusLine.ts';
import { type Command, refuseWords } from './command.ts';
import { helpCommand } from './help.ts';
import { CommandRegistry } from './registry.ts';

export const PROMPT = 'chessbot> ';

export interface ConsoleOptions {
  readonly input: Readable;
  /** Replies go here. */
  readonly output: Writable;
  /** One-line errors go here, so piped output stays clean. */
  readonly errorOutput: Writable;
  /** A person at a terminal: show a greeting and a prompt, and take Ctrl+C. Off when input is piped. */
  readonly interactive: boolean;
  /** The commands beyond /help and /quit (the /mate command, mateCommand.ts). */
  readonly commands: readonly Command[];
  /** Aborting it ends the console at once, cancelling the command in progress (SIGINT, SIGTERM). */
  readonly stop?: AbortSignal;
  /**
   * Starts the live status line of a running command on `terminal` (the output, its writes
   * guarded). By default one is drawn when the output is a terminal that wants one
   * (wantsStatusLine: not with NO_COLOR or TERM=dumb); tests give their own clock this way.
   */
  readonly statusLine?: (terminal: StatusStream) => StatusLine;
}

/** The default status line: at a terminal, redrawn by a timer too (the searches run in worker threads). */
function terminalStatusLine(output: Writable): ((terminal: StatusStream) => StatusLine) | null {
  if (!wantsStatusLine(output as { isTTY?: boolean }, terminalEnvironment())) return null;
  return (terminal) => createStatusLine(terminal, { ticker: intervalTicker });
}

/** How a console session went, for the program's exit status. */
export interface ConsoleSummary {
  /** Lines answered with an error: an unknown command, bad input, a command that failed. */
  readonly errors: number;
  /** The reader of the output went away (a closed pipe): the console ended there, unheard. */
  readonly outputClosed: boolean;
}

/** Resolves once the console has ended; commands run one at a time, in input order. */
export async function runConsole(options: ConsoleOptions): Promise<ConsoleSummary> {
  const { input, output, errorOutput, interactive } = options;
  const lines = createInterface({ input, output, terminal: interactive, prompt: PROMPT });
  let quitting = false;
  const quit = () => {
    quitting = true;
    lines.close();
  };
  /** The command in progress: aborting it cancels the command. */
  let running: AbortController | null = null;
  /** Ends the wait for the command in progress: the console leaves without its answer. */
  let leaveNow = (): void => {};
  // Ctrl+C typed at a terminal (see the top of this file). Without a listener readline would only
  // pause, which leaves a terminal user stuck.
  lines.on('SIGINT', () => {
    if (running && !running.signal.aborted) {
      running.abort();
      return;
    }
    // At the prompt, or a second Ctrl+C while the command is still stopping: leave now.
    write('\n');
    running?.abort();
    leaveNow();
    quit();
  });
  const stop = () => {
    running?.abort();
    quit();
  };
  // The output can no longer be written (see the top of this file): end as a stop does. Another
  // write error (a full disk under "> file") is said once on the error stream.
  let outputClosed = false;
  const onOutputError = (error: unknown) => {
    if (outputClosed) return;
    outputClosed = true;
    if ((error as NodeJS.ErrnoException | null)?.code !== 'EPIPE') {
      errorOutput.write(`error: cannot write the output: ${errorLine(error)}\n`);
    }
    stop();
  };
  // Kept after the console ends: a last reply's write may fail after it has returned.
  output.on('error', onOutputError);
  // The error stream's reader gone (`npm start 2>&1 | head -3`, where the two are one pipe): the
  // same end; there is nowhere left to say anything.
  const onErrorOutputError = () => {
    if (outputClosed) return;
    outputClosed = true;
    stop();
  };
  if (errorOutput !== output) errorOutput.on('error', onErrorOutputError);
  const write = (text: string) => {
    if (!outputClosed) output.write(text);
  };
  const startStatusLine = options.statusLine ?? terminalStatusLine(output);
  const terminal: StatusStream = {
    isTTY: true,
    get columns() {
      return (output as { columns?: number }).columns;
    },
    write,
  };
  // Already aborted (a signal came while the bots were starting): nothing is read.
  if (options.stop?.aborted) stop();
  else options.stop?.addEventListener('abort', stop, { once: true });

  const registry = new CommandRegistry();
  registry.add(helpCommand(registry));
  for (const command of options.commands) registry.add(command);
  registry.add(quitCommand(quit));

  let errors = 0;
  // (Iterating a closed interface would wait forever.)
  if (quitting) return { errors, outputClosed };
  if (interactive) {
    write('chessbot console: type /help for the commands, /quit to leave.\n');
    lines.prompt();
  }
  for await (const line of lines) {
    // Lines typed ahead of /quit are already buffered by the iterator; they are dropped.
    if (quitting) break;
    const command = new AbortController();
    running = command;
    // A command's interim output (a board, progress lines) is shown as it comes, and only while
    // the console is still waiting for it; each line erases the status line, if one is shown.
    const status = startStatusLine?.(terminal) ?? NO_STATUS_LINE;
    const progress = (text: string) => {
      status.clear();
      if (running === command) write(`${text}\n`);
    };
    const showStatus = (text: StatusText) => {
      if (running === command) status.report(text);
    };
    const left = new Promise<undefined>((resolve) => (leaveNow = () => resolve(undefined)));
    const context = { progress, signal: command.signal, ...(startStatusLine ? { status: showStatus } : {}) };
    const reply = await Promise.race([registry.dispatch(line, context), left]);
    status.end();
    running = null;
    leaveNow = () => {};
    // Left with Ctrl+C while the command was still stopping: its answer is not waited for.
    if (reply === undefined) break;
    // The command was stopped because nobody reads its answer any more.
    if (outputClosed) break;
    if (reply?.kind === 'ok' && reply.text !== '') write(`${reply.text}\n`);
    if (reply?.kind === 'error') {
      errors++;
      if (!outputClosed) errorOutput.write(`error: ${reply.text}\n`);
    }
    if (interactive && !quitting) lines.prompt();
  }
  // End of input (Ctrl+D) leaves the cursor after the prompt; end the line.
  if (interactive && !quitting) write('\n');
  options.stop?.removeEventListener('abort', stop);
  return { errors, outputClosed };
}

function quitCommand(quit: () => void): Command {
  return {
    name: 'quit',
    usage: '/quit',
    summary: 'leave the console (so do end of input, and Ctrl+C at the prompt)',
    async run(args) {
      refuseWords(args, '/quit');
      quit();
      return '';
    },
  };
}
