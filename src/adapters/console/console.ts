// The local console: reads command lines from a stream, answers each in turn, and ends on
// /quit, end of input or Ctrl+C. For trying the bot offline, without Discord or Lichess.

import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { Command } from './command.ts';
import { helpCommand } from './help.ts';
import { CommandRegistry } from './registry.ts';

export const PROMPT = 'chessbot> ';

export interface ConsoleOptions {
  readonly input: Readable;
  /** Replies go here. */
  readonly output: Writable;
  /** One-line errors go here, so piped output stays clean. */
  readonly errorOutput: Writable;
  /** A person at a terminal: show a greeting and a prompt. Off when input is piped. */
  readonly interactive: boolean;
  /** The commands beyond /help and /quit (the /mate command, mateCommand.ts). */
  readonly commands: readonly Command[];
  /** Aborting it ends the console at once, cancelling the command in progress (SIGINT, SIGTERM). */
  readonly stop?: AbortSignal;
}

/** Resolves once the console has ended; commands run one at a time, in input order. */
export async function runConsole(options: ConsoleOptions): Promise<void> {
  const { input, output, errorOutput, interactive } = options;
  const lines = createInterface({ input, output, terminal: interactive, prompt: PROMPT });
  let quitting = false;
  const quit = () => {
    quitting = true;
    lines.close();
  };
  /** Cancels the command in progress, if any. */
  let cancelCurrent = (): void => {};
  // Without a listener readline only pauses on Ctrl+C, which leaves a terminal user stuck.
  lines.on('SIGINT', () => {
    output.write('\n');
    cancelCurrent();
    quit();
  });
  options.stop?.addEventListener('abort', () => {
    cancelCurrent();
    quit();
  }, { once: true });

  const registry = new CommandRegistry();
  registry.add(helpCommand(registry));
  for (const command of options.commands) registry.add(command);
  registry.add(quitCommand(quit));

  if (interactive) {
    output.write('chessbot console: type /help for the commands, /quit to leave.\n');
    lines.prompt();
  }
  // A command's interim output (a board, progress lines) is shown as it comes.
  const progress = (text: string) => output.write(`${text}\n`);
  for await (const line of lines) {
    // Lines typed ahead of /quit are already buffered by the iterator; they are dropped.
    if (quitting) break;
    const running = new AbortController();
    cancelCurrent = () => running.abort();
    const reply = await registry.dispatch(line, { progress, signal: running.signal });
    cancelCurrent = () => {};
    if (reply?.kind === 'ok' && reply.text !== '') output.write(`${reply.text}\n`);
    if (reply?.kind === 'error') errorOutput.write(`error: ${reply.text}\n`);
    if (interactive && !quitting) lines.prompt();
  }
  // End of input (Ctrl+D) leaves the cursor after the prompt; end the line.
  if (interactive && !quitting) output.write('\n');
}

function quitCommand(quit: () => void): Command {
  return {
    name: 'quit',
    usage: '/quit',
    summary: 'leave the console (end of input does too)',
    async run() {
      quit();
      return '';
    },
  };
}
