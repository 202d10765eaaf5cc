// What `chessbot` runs (bin/chessbot.js): the command line's commands, each wired to what it
// needs: the engine in this thread for `mate` (which reads no configuration: its n goes up to the
// solver's own limit), the configuration from the program's directory and the UCI adapter for
// `uci`, the Lichess adapter for `lichess-upgrade`, the job queue's solver for `worker`; and the
// program's version for --version.

import { benchCommand } from './adapters/cli/bench.ts';
import type { CliCommand } from './adapters/cli/command.ts';
import { askAtTerminal, createLichessUpgradeCommand } from './adapters/cli/lichessUpgrade.ts';
import { processOutput, runCli } from './adapters/cli/main.ts';
import { createMateCommand } from './adapters/cli/mate.ts';
import { perftCommand } from './adapters/cli/perft.ts';
import { createUciCommand } from './adapters/cli/uci.ts';
import { createWorkerCommand } from './adapters/cli/worker.ts';
import { runUci, uciSetupFromConfig } from './adapters/uci/loop.ts';
import { PROGRAM_DIRECTORY, engineName } from './config/identity.ts';
import { ConfigError, warningLines } from './config/errors.ts';
import { loadConfigWithWarnings } from './config/load.ts';
import type { Config } from './config/types.ts';
import { InlineEngine, localEngine } from './engine/index.ts';

/**
 * The configuration from the program's directory. Its warnings (a variable in .env that looks
 * like ours but is not one) go to standard error first, also when it is invalid.
 */
function config(): Config {
  try {
    const loaded = loadConfigWithWarnings({ cwd: PROGRAM_DIRECTORY });
    process.stderr.write(warningLines(loaded.warnings));
    return loaded.config;
  } catch (error) {
    if (error instanceof ConfigError) process.stderr.write(warningLines(error.warnings));
    throw error;
  }
}

const mateCommand = createMateCommand({
  // One thread: this one (one search, nothing else to serve), its solver's table allocated here,
  // before the clock starts. More: a pool of worker threads, started before the clock too.
  engine: async (threads) => {
    if (threads > 1) {
      const pool = localEngine({ threads, maxQueue: 0 });
      await pool.warmUp();
      return pool;
    }
    const engine = new InlineEngine();
    engine.prepareMate();
    return engine;
  },
});

const uciCommand = createUciCommand({
  prepare: () => {
    const setup = uciSetupFromConfig(config());
    return (streams) => runUci(streams, { name: engineName(), author: 'the chessbot authors' }, setup);
  },
});

const lichessUpgradeCommand = createLichessUpgradeCommand({
  config,
  ask: process.stdin.isTTY ? askAtTerminal : null,
  // Loaded when asked for, as the worker below is: loading their HTTP and Redis clients (undici,
  // BullMQ) at start took some 0.25 s of every command's 0.6 s cold start.
  upgrade: async (options) => (await import('./adapters/lichess/upgrade.ts')).upgradeToBot(options),
});

const workerCommand = createWorkerCommand({
  start: async ({ threads, stop }) => {
    const { startWorkerProcess } = await import('./worker.ts');
    return startWorkerProcess(config(), { threads, stop, errorOutput: process.stderr });
  },
});

/** In the order `chessbot --help` lists them. */
export const CLI_COMMANDS: readonly CliCommand[] = [
  mateCommand, perftCommand, uciCommand, benchCommand, workerCommand, lichessUpgradeCommand,
];

/** Runs the command line `argv` (without "node" and the script) and resolves to the exit status. */
export function runCommandLine(argv: readonly string[]): Promise<number> {
  return runCli(argv, processOutput(), CLI_COMMANDS, engineName());
}
