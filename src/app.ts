// What `npm start` does: load the configuration, start the bots whose tokens are set, and
// offer the local console when there is nothing else to run or a person is at the terminal.
// Each bot (discord.js, undici, BullMQ and ioredis with it) is loaded only when its token or the
// queue's URL is set: the console alone starts in a fraction of the time they take to load.

import type { Readable, Writable } from 'node:stream';
import { runConsole } from './adapters/console/console.ts';
import { mateCommand } from './adapters/console/mateCommand.ts';
import type { DiscordBot } from './adapters/discord/bot.ts';
import { streamLogger } from './log.ts';
import type { RunningLichess } from './adapters/lichess/start.ts';
import type { LichessTimings } from './adapters/lichess/timing.ts';
import { ConfigError, warningLines } from './config/errors.ts';
import { loadConfigWithWarnings, type LoadConfigOptions } from './config/load.ts';
import type { BackoffTimings } from './backoff.ts';
import type { Secret } from './config/secret.ts';
import type { Config } from './config/types.ts';
import { localEngine } from './engine/local.ts';
import type { RunningQueue } from './queueing.ts';

export const EXIT_OK = 0;
/** A bot could not start (its token was refused; an unreachable server is waited for) or lost its connection for good. */
export const EXIT_BOT_FAILED = 1;
/** The configuration is invalid; the problems were printed. */
export const EXIT_BAD_CONFIG = 2;
/**
 * The console read piped input and answered at least one line with an error (a script's
 * mistake must not pass unseen). An interactive console exits 0: the person saw every error.
 */
export const EXIT_COMMAND_FAILED = 1;
/**
 * The console's reader went away (`npm start | head -3`): 128 + SIGPIPE, as the command line
 * (src/adapters/cli/main.ts) and any program a closed pipe ends.
 */
export const EXIT_OUTPUT_CLOSED = 141;

export interface AppOptions {
  /** Where the configuration comes from; the process environment and directory by default. */
  readonly config?: LoadConfigOptions;
  readonly input: Readable;
  readonly output: Writable;
  /** Status lines and errors. */
  readonly errorOutput: Writable;
  /** Whether the input is a terminal with a person at it. */
  readonly interactive: boolean;
  /** Aborting it ends the run as SIGINT or SIGTERM do (for tests and embedding). */
  readonly stop?: AbortSignal;
  /** Shorter Lichess waits (reconnect backoff, watchdog), for tests. */
  readonly lichessTimings?: Partial<LichessTimings>;
  /** Shorter waits between tries to reach Discord at start-up, for tests. */
  readonly discordBackoff?: Partial<BackoffTimings>;
  /** Told the tokens once the configuration is read, for a log outside the app to mask (main.ts). */
  readonly onSecrets?: (secrets: ReadonlyArray<Secret>) => void;
}

/** Runs until every started part has finished and resolves to the exit status. */
export async function runApp(options: AppOptions): Promise<number> {
  const { errorOutput } = options;
  let config: Config;
  try {
    const loaded = loadConfigWithWarnings(options.config);
    config = loaded.config;
    // A misspelt variable in .env, say: the run goes on, and the person hears about it first.
    if (loaded.warnings.length > 0) errorOutput.write(warningLines(loaded.warnings));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    errorOutput.write(`${warningLines(error.warnings)}${error.message}\n`);
    return EXIT_BAD_CONFIG;
  }
  options.onSecrets?.([config.discord.token, config.lichess.token].filter((secret) => secret !== null));

  const botsEnabled = config.discord.token !== null || config.lichess.token !== null;

  if (!botsEnabled) errorOutput.write('No DISCORD_TOKEN or LICHESS_TOKEN is set: starting the local console.\n');
  // Searches run in worker threads (started on first use), so the console and the bots stay
  // responsive, and one long search never holds up another request.
  const engine = localEngine({ threads: config.workers.size, maxQueue: config.workers.maxQueue, preload: ['mate'] });
  // SIGINT and SIGTERM end the run promptly, cancelling the searches in progress, whatever the
  // input is. Ctrl+C typed into the interactive console is not a SIGINT: readline reads the
  // terminal in raw mode and hands the key to the console, which stops its own search with it
  // (console.ts). So the signal keeps one meaning, "end everything", for the bots' sake too.
  const shutdown = new AbortController();
  const onSignal = () => shutdown.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  options.stop?.addEventListener('abort', onSignal, { once: true });
  let discord: DiscordBot | null = null;
  let lichess: RunningLichess | null = null;
  let queue: RunningQueue | null = null;
  let status = EXIT_OK;
  try {
    if (config.queue.redisUrl !== null && config.discord.token) {
      const [{ startQueue }, { redisPassword }] = await Promise.all([import('./queueing.ts'), import('./queue/index.ts')]);
      const logger = streamLogger({ output: errorOutput, level: config.logLevel, scope: 'queue', secrets: [redisPassword(config.queue.redisUrl)] });
      try {
        queue = await startQueue(config, engine, logger, shutdown.signal);
      } catch (error) {
        if (shutdown.signal.aborted) return EXIT_OK;
        if (!(error instanceof ConfigError)) throw error;
        errorOutput.write(`${error.message}\n`);
        return EXIT_BAD_CONFIG;
      }
    }
    if (config.lichess.token) {
      const [{ startLichess }, { LichessStartError }] = await Promise.all([
        import('./adapters/lichess/start.ts'), import('./adapters/lichess/bot.ts'),
      ]);
      const logger = streamLogger({ output: errorOutput, level: config.logLevel, scope: 'lichess', secrets: [config.lichess.token] });
      try {
        // An unreachable Lichess is waited for (it may be down for a while); a signal ends the wait.
        lichess = await startLichess(config, { logger, timings: options.lichessTimings, signal: shutdown.signal });
      } catch (error) {
        if (error instanceof ConfigError) {
          errorOutput.write(`${error.message}\n`);
          return EXIT_BAD_CONFIG;
        }
        if (!(error instanceof LichessStartError)) throw error;
        // Stopped while waiting for Lichess to answer: what was asked for, not a failure.
        if (shutdown.signal.aborted) return EXIT_OK;
        errorOutput.write(`error: the Lichess bot did not start: ${error.message}\n`);
        return EXIT_BOT_FAILED;
      }
    }
    if (config.discord.token) {
      const [{ DiscordLoginError, discordBotOptions }, { startDiscordBot }] = await Promise.all([
        import('./adapters/discord/bot.ts'), import('./adapters/discord/start.ts'),
      ]);
      const logger = streamLogger({ output: errorOutput, level: config.logLevel, scope: 'discord', secrets: [config.discord.token] });
      try {
        // An unreachable Discord is waited for (the network may not be up yet); a signal ends the wait.
        discord = await startDiscordBot(
          {
            ...discordBotOptions(config, queue?.engine ?? engine, engine.size, logger),
            shared: queue ? { redis: queue.redis, engine: queue.engine, queueName: config.queue.name } : null,
          },
          { signal: shutdown.signal, backoff: options.discordBackoff },
        );
      } catch (error) {
        if (!(error instanceof DiscordLoginError)) throw error;
        // Stopped while waiting for Discord to answer: what was asked for, not a failure.
        if (shutdown.signal.aborted) return EXIT_OK;
        errorOutput.write(`error: the Discord bot did not start: ${error.message}\n`);
        return EXIT_BOT_FAILED;
      }
    }
    if (!botsEnabled || options.interactive) {
      // At a terminal the threads start while the person types, not with the first /mate (a
      // thread that fails to start fails that search instead). Piped input may hold no /mate at
      // all: there they start with the first one, which does not count their start as its time.
      if (options.interactive) engine.warmUp().catch(() => {});
      const { errors, outputClosed } = await runConsole({
        input: options.input,
        output: options.output,
        errorOutput,
        interactive: options.interactive,
        commands: [mateCommand({ ...config.mate, engine })],
        stop: shutdown.signal,
      });
      if (outputClosed) status = EXIT_OUTPUT_CLOSED;
      else if (errors > 0 && !options.interactive) status = EXIT_COMMAND_FAILED;
    } else {
      // Only the bots run: they live until a signal, or until Discord ends the session for good.
      // (The Lichess bot reconnects by itself for as long as it runs.)
      const lost = await Promise.race([
        aborted(shutdown.signal).then(() => null),
        ...(discord ? [discord.closed] : []),
      ]);
      if (lost !== null) {
        errorOutput.write(`error: the Discord bot stopped: ${lost}\n`);
        status = EXIT_BOT_FAILED;
      }
    }
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    options.stop?.removeEventListener('abort', onSignal);
    // The bots first: their searches are stopped and answered while the engine still runs them.
    await Promise.all([discord?.stop(), lichess?.stop()]);
    await queue?.close();
    await engine.close();
  }
  return status;
}

/** Resolves when `signal` is aborted. */
function aborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}
