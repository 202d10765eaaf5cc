// What `npm start` does: load the configuration, start the bots whose tokens are set, and
// offer the local console when there is nothing else to run or a person is at the terminal.

import type { Readable, Writable } from 'node:stream';
import { poolMateRunner } from './adapters/commands/poolMateRunner.ts';
import { sharedCommands } from './adapters/commands/shared.ts';
import { runConsole } from './adapters/console/console.ts';
import { ConfigError } from './config/errors.ts';
import { loadConfig, type LoadConfigOptions } from './config/load.ts';
import type { Config } from './config/types.ts';
import { WorkerPool } from './workers/index.ts';

export const EXIT_OK = 0;
/** The configuration is invalid; the problems were printed. */
export const EXIT_BAD_CONFIG = 2;

export interface AppOptions {
  /** Where the configuration comes from; the process environment and directory by default. */
  readonly config?: LoadConfigOptions;
  readonly input: Readable;
  readonly output: Writable;
  /** Status lines and errors. */
  readonly errorOutput: Writable;
  /** Whether the input is a terminal with a person at it. */
  readonly interactive: boolean;
}

/** Runs until every started part has finished and resolves to the exit status. */
export async function runApp(options: AppOptions): Promise<number> {
  const { errorOutput } = options;
  let config: Config;
  try {
    config = loadConfig(options.config);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    errorOutput.write(`${error.message}\n`);
    return EXIT_BAD_CONFIG;
  }

  const botsEnabled = config.discord.token !== null || config.lichess.token !== null;
  // The Discord issue replaces this line with startDiscord(config).
  if (config.discord.token) errorOutput.write(notInThisBuild('Discord bot', 'DISCORD_TOKEN'));
  // The Lichess issue replaces this line with startLichess(config).
  if (config.lichess.token) errorOutput.write(notInThisBuild('Lichess bot', 'LICHESS_TOKEN'));

  if (!botsEnabled) errorOutput.write('No DISCORD_TOKEN or LICHESS_TOKEN is set: starting the local console.\n');
  // Searches run in worker threads (started on first use), so the console stays responsive.
  const pool = new WorkerPool({ size: config.workers.size, maxQueue: config.workers.maxQueue });
  // SIGINT and SIGTERM end the run promptly, cancelling a search in progress, whatever the input
  // is (readline sees Ctrl+C only at a terminal).
  const shutdown = new AbortController();
  const onSignal = () => shutdown.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    if (!botsEnabled || options.interactive) {
      await runConsole({
        input: options.input,
        output: options.output,
        errorOutput,
        interactive: options.interactive,
        commands: sharedCommands({ mate: { ...config.mate, runner: poolMateRunner(pool) } }),
        stop: shutdown.signal,
      });
    }
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await pool.close();
  }
  return EXIT_OK;
}

function notInThisBuild(bot: string, tokenKey: string): string {
  return `${tokenKey} is set, but the ${bot} is not available in this build yet; not starting it.\n`;
}
