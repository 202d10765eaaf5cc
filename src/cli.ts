// What `chessbot` runs (bin/chessbot.js): the command line's commands, each wired to what it
// needs: the engine in this thread for `mate` (which reads no configuration: its n goes up to the
// solver's own limit), the configuration from the program's directory and the UCI adapter for
// `uci`, the Lichess adapter for `lichess-upgrade`, the job queue's solver for `worker`; and the
// program's version for --version.
//
// Each command is loaded when it is run, with only what it needs: `chessbot mate` does not parse
// the game engine's network (4.6 MB of source), the configuration's schema (zod), the UCI adapter
// or the HTTP and Redis clients, which together were two thirds of its cold start.

import type { CliCommand } from './adapters/cli/command.ts';
import { processOutput, runCli } from './adapters/cli/main.ts';
import { PROGRAM_DIRECTORY, engineName } from './config/identity.ts';
import type { Config } from './config/types.ts';

/**
 * The configuration from the program's directory. Its warnings (a variable in .env that looks
 * like ours but is not one) go to standard error first, also when it is invalid.
 */
async function config(): Promise<Config> {
  const [{ ConfigError, warningLines }, { loadConfigWithWarnings }] = await Promise.all([
    import('./config/errors.ts'), import('./config/load.ts'),
  ]);
  try {
    const loaded = loadConfigWithWarnings({ cwd: PROGRAM_DIRECTORY });
    process.stderr.write(warningLines(loaded.warnings));
    return loaded.config;
  } catch (error) {
    if (error instanceof ConfigError) process.stderr.write(warningLines(error.warnings));
    throw error;
  }
}

async function mateCommand(): Promise<CliCommand> {
  const { createMateCommand } = await import('./adapters/cli/mate.ts');
  return createMateCommand({
    // One thread: this one (one search, nothing else to serve), its solver's table allocated here,
    // before the clock starts. More: a pool of worker threads, started before the clock too.
    engine: async (threads) => {
      if (threads > 1) {
        const { localEngine } = await import('./engine/local.ts');
        const pool = localEngine({ threads, maxQueue: 0 });
        await pool.warmUp();
        return pool;
      }
      const { InlineEngine } = await import('./engine/inline.ts');
      const engine = new InlineEngine();
      engine.prepareMate();
      return engine;
    },
    // --queue: the configuration's queue (REDIS_URL, queue.name), loaded only then with its Redis client.
    queue: async () => {
      const [{ UsageError }, { ConfigError }] = await Promise.all([import('./errors.ts'), import('./config/errors.ts')]);
      let settings: Config['queue'];
      try {
        settings = (await config()).queue;
      } catch (error) {
        if (error instanceof ConfigError) throw new UsageError(error.message);
        throw error;
      }
      if (settings.redisUrl === null) {
        throw new UsageError('--queue needs REDIS_URL, the Redis the workers take their searches from (e.g. REDIS_URL=redis://host:6379)');
      }
      const { QueuedEngine, redisOptions } = await import('./queue/index.ts');
      return new QueuedEngine({ connection: redisOptions(settings.redisUrl), name: settings.name });
    },
  });
}

async function fenCommand(): Promise<CliCommand> {
  const { createFenCommand } = await import('./adapters/cli/fen.ts');
  // sharp and the vision core only once a file is read: `chessbot fen <link>` needs neither.
  return createFenCommand({ readFile: async (path, flipped) => (await import('./picture/position.ts')).readPositionFile(path, flipped) });
}

async function uciCommand(): Promise<CliCommand> {
  const { createUciCommand } = await import('./adapters/cli/uci.ts');
  return createUciCommand({
    prepare: async () => {
      const { runUci, uciSetupFromConfig } = await import('./adapters/uci/loop.ts');
      const setup = uciSetupFromConfig(await config());
      return (streams) => runUci(streams, { name: engineName(), author: 'the chessbot authors' }, setup);
    },
  });
}

async function lichessUpgradeCommand(): Promise<CliCommand> {
  const { askAtTerminal, createLichessUpgradeCommand } = await import('./adapters/cli/lichessUpgrade.ts');
  return createLichessUpgradeCommand({
    config,
    // Loaded when asked for, as the worker is: their HTTP and Redis clients (undici, BullMQ).
    ask: process.stdin.isTTY ? askAtTerminal : null,
    upgrade: async (options) => (await import('./adapters/lichess/upgrade.ts')).upgradeToBot(options),
  });
}

async function workerCommand(): Promise<CliCommand> {
  const { createWorkerCommand } = await import('./adapters/cli/worker.ts');
  return createWorkerCommand({
    start: async ({ threads, stop }) => {
      const { startWorkerProcess } = await import('./worker.ts');
      return startWorkerProcess(await config(), { threads, stop, errorOutput: process.stderr });
    },
  });
}

/** The commands by name, in the order `chessbot --help` lists them, each loaded when asked for. */
const COMMANDS: ReadonlyArray<readonly [name: string, load: () => Promise<CliCommand>]> = [
  ['mate', mateCommand],
  ['fen', fenCommand],
  ['perft', async () => (await import('./adapters/cli/perft.ts')).perftCommand],
  ['uci', uciCommand],
  ['bench', async () => (await import('./adapters/cli/bench.ts')).benchCommand],
  ['worker', workerCommand],
  ['lichess-upgrade', lichessUpgradeCommand],
];

/** Every command, loaded: for the help, which lists them all. */
export function loadCliCommands(): Promise<CliCommand[]> {
  return Promise.all(COMMANDS.map(([, load]) => load()));
}

/** Runs the command line `argv` (without "node" and the script) and resolves to the exit status. */
export async function runCommandLine(argv: readonly string[]): Promise<number> {
  // A command named first needs only itself; anything else (help, --version, a misspelt name)
  // may list them all.
  const named = COMMANDS.find(([name]) => name === argv[0]);
  const commands = named ? [await named[1]()] : await loadCliCommands();
  return runCli(argv, processOutput(), commands, engineName());
}
