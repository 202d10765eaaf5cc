// `chessbot uci`: the engine over the UCI protocol on standard input and output, for chess GUIs
// (cutechess, Arena …) and tournament managers. The protocol itself is src/adapters/uci.

import { readFileSync } from 'node:fs';
import { runUci } from '../uci/loop.ts';
import { UsageError } from '../commands/errors.ts';
import type { CliCommand } from './command.ts';

const PACKAGE = new URL('../../../package.json', import.meta.url);

export const uciCommand: CliCommand = {
  name: 'uci',
  usage: '',
  summary: 'speak the UCI protocol on standard input and output (for chess GUIs)',
  details: [
    'Reads UCI commands, one per line, until "quit" or the end of input. Options: Hash (MB, 1 to',
    '1024, default 64), Move Overhead (ms, 0 to 5000, default 100), Clear Hash. "go mate n" asks',
    'the mate solver. In a GUI, set the engine command to "npx chessbot uci" with the project',
    'directory as working directory, or to "node /path/to/bin/chessbot.js uci".',
  ],
  async run(args, out) {
    if (args.length > 0) throw new UsageError(`unexpected argument "${args[0]}"`);
    const { version } = JSON.parse(readFileSync(PACKAGE, 'utf8')) as { version: string };
    // A GUI that goes away closes our output: end as if it had said quit.
    const gone = new AbortController();
    const onError = () => gone.abort();
    process.stdout.on('error', onError);
    try {
      await runUci(
        { input: process.stdin, output: out.stdout, signal: gone.signal },
        { name: `chessbot ${version}`, author: 'the chessbot authors' },
      );
    } finally {
      process.stdout.off('error', onError);
    }
  },
};
