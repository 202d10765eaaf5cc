// `chessbot uci`: the engine over the UCI protocol on standard input and output, for chess GUIs
// (cutechess, Arena …) and tournament managers. The protocol itself is src/adapters/uci.
// The config's engine section gives the options' starting values and the opening book.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../../config/errors.ts';
import { loadConfig } from '../../config/load.ts';
import type { Config } from '../../config/types.ts';
import { openBook, openConfiguredBook } from '../book/open.ts';
import { runUci } from '../uci/loop.ts';
import type { UciEngineSetup } from '../uci/session.ts';
import { UsageError } from '../commands/errors.ts';
import type { CliCommand } from './command.ts';

const PACKAGE = new URL('../../../package.json', import.meta.url);
// The configuration is read from the project's directory, as `chessbot mate` does.
const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Exit status when the configuration (or its opening book) is unusable. */
export const EXIT_BAD_CONFIG = 2;

/** The session's starting options from the config; opens the book (throws a ConfigError). */
export function engineSetupFromConfig(config: Pick<Config, 'engine' | 'files'>): UciEngineSetup {
  const { hashMb, threads, moveOverheadMs, book: { selection, maxPly } } = config.engine;
  return {
    hashMb,
    threads,
    moveOverheadMs,
    book: openConfiguredBook(config),
    openBook: (path) => openBook(path, { selection, maxPly }),
  };
}

export interface UciCliDependencies {
  /** The engine's starting options; may throw a ConfigError. */
  readonly engine: () => UciEngineSetup;
}

export function createUciCommand(dependencies: UciCliDependencies): CliCommand {
  return {
    name: 'uci',
    usage: '',
    summary: 'speak the UCI protocol on standard input and output (for chess GUIs)',
    details: [
      'Reads UCI commands, one per line, until "quit" or the end of input. Options: Threads (1 to 32,',
      'default 1: the other threads help the main search through a shared table), Hash (MB, 1 to',
      '1024, default 64), Move Overhead (ms, 0 to 5000, default 100), Clear Hash, Ponder, OwnBook',
      '(default false) and Book File (a Polyglot .bin book). The defaults come from the config\'s',
      'engine section (engine.book.path is Book File\'s default). "go mate n" asks the mate solver. In',
      'a GUI, set the engine command to "npx chessbot uci" with the project directory as working',
      'directory, or to "node /path/to/bin/chessbot.js uci".',
      '',
      'exit status: 0 after quit or the end of input, 2 bad configuration (or opening book)',
    ],
    async run(args, out) {
      if (args.length > 0) throw new UsageError(`unexpected argument "${args[0]}"`);
      let engine: UciEngineSetup;
      try {
        engine = dependencies.engine();
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        out.stderr.write(`chessbot uci: ${error.message}\n`);
        return EXIT_BAD_CONFIG;
      }
      const { version } = JSON.parse(readFileSync(PACKAGE, 'utf8')) as { version: string };
      // A GUI that goes away closes our output: end as if it had said quit.
      const gone = new AbortController();
      const onError = () => gone.abort();
      process.stdout.on('error', onError);
      try {
        await runUci(
          { input: process.stdin, output: out.stdout, signal: gone.signal },
          { name: `chessbot ${version}`, author: 'the chessbot authors' },
          engine,
        );
      } finally {
        process.stdout.off('error', onError);
      }
    },
  };
}

export const uciCommand: CliCommand = createUciCommand({
  engine: () => engineSetupFromConfig(loadConfig({ cwd: PROJECT_ROOT })),
});
