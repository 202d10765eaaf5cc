// Starting the Lichess bot from the configuration: its own engine threads (one per game it may
// play at once, so a game never waits behind another game or a /mate search, or more when one
// search may take more threads), the opening book, the move chooser, and the bot itself. What
// npm start calls when LICHESS_TOKEN is set. Pondering and helper threads are background
// searches: they only take threads no game's search is waiting for. The endgame tablebase's
// client (./tablebase.ts), when the config enables it, serves every game.

import { engineName } from '../../config/identity.ts';
import type { Config } from '../../config/types.ts';
import { MoveChooser } from '../../games/chooseMove.ts';
import { localEngine, openConfiguredBook } from '../../engine/index.ts';
import type { Logger } from '../../log.ts';
import { LichessBot } from './bot.ts';
import { TablebaseClient } from './tablebase.ts';
import type { LichessTimings } from './timing.ts';

/** A running Lichess bot and the engine threads it owns. */
export interface RunningLichess {
  readonly bot: LichessBot;
  /** Settles when the bot stops following Lichess. */
  readonly closed: Promise<void>;
  /** Stops the bot, then its searches. */
  stop(): Promise<void>;
}

export interface StartLichessOptions {
  readonly logger: Logger;
  /** Shorter waits for tests. */
  readonly timings?: Partial<LichessTimings>;
  /**
   * Ends the wait for an unreachable Lichess at start-up (which otherwise lasts until Lichess
   * answers): startLichess then throws a LichessStartError.
   */
  readonly signal?: AbortSignal;
}

/**
 * Throws a ConfigError (a bad book) or a LichessStartError (token, scope, account, or a stop
 * signal while waiting for an unreachable Lichess).
 */
export async function startLichess(config: Config, options: StartLichessOptions): Promise<RunningLichess> {
  const token = config.lichess.token;
  if (!token) throw new TypeError('startLichess needs LICHESS_TOKEN');
  const book = openConfiguredBook(config);
  const size = Math.max(config.lichess.concurrency, config.engine.threads);
  const engine = localEngine({ threads: size, maxQueue: config.lichess.concurrency * 2, preload: ['play'] });
  const { tablebase: tablebaseSettings } = config.lichess;
  const tablebase = tablebaseSettings.enabled
    ? new TablebaseClient({ baseUrl: tablebaseSettings.url, userAgent: engineName().replace(' ', '/'), logger: options.logger })
    : null;
  const chooser = new MoveChooser({
    engine,
    hashMb: config.engine.hashMb,
    book,
    moveOverheadMs: config.lichess.moveOverheadMs,
    correspondenceMoveMs: config.lichess.correspondenceMoveSeconds * 1000,
    threads: config.engine.threads,
    tablebase: tablebase && { prober: tablebase, maxPieces: tablebaseSettings.maxPieces, maxWaitMs: tablebaseSettings.maxWaitMs },
  });
  let bot: LichessBot;
  try {
    // Start the engine threads now: a game's first move must not wait for a thread to load the
    // engine (in bullet that wait would cost the move its search).
    await engine.warmUp();
    bot = await LichessBot.start({
      url: config.lichess.url,
      token,
      settings: config.lichess,
      chooser,
      logger: options.logger,
      engineName: engineName(),
      timings: options.timings,
      signal: options.signal,
    });
  } catch (error) {
    await engine.close();
    await tablebase?.close();
    throw error;
  }
  return {
    bot,
    closed: bot.closed,
    async stop() {
      await bot.stop();
      await engine.close();
      await tablebase?.close();
    },
  };
}
