// Starting the real Lichess bot (real undici, NDJSON, worker pool and engine) against the fake
// Lichess, with short waits, a log kept in memory, and helpers the end-to-end tests share.

import type { LichessBot } from '../../../src/adapters/lichess/bot.ts';
import { LichessBot as Bot } from '../../../src/adapters/lichess/bot.ts';
import type { LichessTimings } from '../../../src/adapters/lichess/timing.ts';
import { type Logger, type LogFields } from '../../../src/log.ts';
import { fileConfigSchema } from '../../../src/config/schema.ts';
import { Secret } from '../../../src/config/secret.ts';
import type { LichessSettings } from '../../../src/config/types.ts';
import type { EngineClient, Job } from '../../../src/engine/index.ts';
import { MoveChooser } from '../../../src/games/chooseMove.ts';
import type { TablebaseUse } from '../../../src/games/tablebase.ts';
import { WorkerPool } from '../../../src/workers/index.ts';
import type { FakeLichess, GameHandle } from '../../support/fakeLichess/index.ts';

export const DEFAULT_SETTINGS: LichessSettings = fileConfigSchema.parse({}).lichess;

/** Waits scaled down for tests; the move retry after a 429 stays at Lichess's one second. */
export const TEST_TIMINGS: Partial<LichessTimings> = {
  streamIdleMs: 600,
  headersTimeoutMs: 3000,
  bodyTimeoutMs: 3000,
  backoffBaseMs: 50,
  backoffMaxMs: 400,
  rateLimitWaitMs: 500,
  acceptedChallengeTimeoutMs: 3000,
  claimMarginMs: 200,
  shutdownGraceMs: 2000,
};

/** Keep-alives every 100 ms: the 600 ms watchdog is six of them (plenty of margin on a busy machine). */
export const KEEP_ALIVE_MS = 100;

export interface TestBot {
  readonly bot: LichessBot;
  readonly log: string[];
  logText(): string;
  stop(): Promise<void>;
}

export async function startTestBot(
  fake: FakeLichess,
  settings: Partial<LichessSettings> = {},
  options: {
    timings?: Partial<LichessTimings>; token?: string; poolSize?: number; threads?: number; signal?: AbortSignal;
    /** The endgame tablebase the games use (none by default). */
    tablebase?: TablebaseUse;
    /** Wraps the engine client the games search through (e.g. to count their jobs). */
    engine?: (pool: EngineClient) => EngineClient;
    /**
     * At most this many nodes a search, beside the clock: for the games whose point is what
     * goes on around the moves (faults, resynchronisation), not how long the bot thinks.
     */
    moveNodes?: number;
  } = {},
): Promise<TestBot> {
  const log: string[] = [];
  const write = (level: string) => (message: string, fields?: LogFields) => {
    log.push(`${level} ${message}${fields ? ` ${JSON.stringify(fields)}` : ''}`);
  };
  const logger: Logger = { error: write('error'), warn: write('warn'), info: write('info'), debug: write('debug') };
  const pool = new WorkerPool({ size: options.poolSize ?? 2 });
  const engine = options.moveNodes === undefined ? pool : withNodeLimit(pool, options.moveNodes);
  const chooser = new MoveChooser({
    engine: options.engine ? options.engine(engine) : engine,
    hashMb: 8,
    book: null,
    moveOverheadMs: 100,
    correspondenceMoveMs: 200,
    threads: options.threads ?? 1,
    tablebase: options.tablebase ?? null,
  });
  let bot: LichessBot;
  try {
    // The engine threads start before the bot, as in production (src/adapters/lichess/start.ts):
    // else a game's first move waits for them to load, which on a busy machine can cost a short
    // clock's first move its search.
    await pool.warmUp();
    bot = await Bot.start({
      url: fake.url,
      token: new Secret(options.token ?? fake.token),
      settings: { ...DEFAULT_SETTINGS, greeting: 'Hi {opponent}!', goodbye: 'Bye {opponent}!', ...settings },
      chooser,
      logger,
      engineName: 'chessbot 0.1.0',
      timings: { ...TEST_TIMINGS, ...options.timings },
      signal: options.signal,
    });
  } catch (error) {
    await pool.close();
    throw error;
  }
  return {
    bot,
    log,
    logText: () => log.join('\n'),
    async stop() {
      await bot.stop();
      await pool.close();
    },
  };
}

/** The engine client, with each game search (a move, a ponder, a helper's) held to `nodes`. */
function withNodeLimit(engine: EngineClient, nodes: number): EngineClient {
  const limit = <J extends Job>(job: J): J =>
    job.kind === 'play' ? { ...job, limits: { ...job.limits, nodes: Math.min(job.limits.nodes ?? nodes, nodes) } } : job;
  return { run: (job, options) => engine.run(limit(job), options) };
}

/** Polls `probe` until true. */
export async function until(probe: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const start = Date.now();
  while (!probe()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The bot's moves in a game: none rejected, none sent twice for one ply, its clock never out. */
export function checkBotMoves(game: GameHandle): void {
  const botMoves = game.moveLog.filter((m) => m.color === game.botColor);
  const plies = botMoves.map((m) => m.ply);
  if (new Set(plies).size !== plies.length) throw new Error(`a ply got two moves: ${plies.join(',')}`);
  const rejectedMoves = game.rejected.filter((r) => r.action.includes('move'));
  if (rejectedMoves.length > 0) throw new Error(`moves rejected: ${JSON.stringify(rejectedMoves)}`);
  for (const move of botMoves) {
    if (move.remainingMs !== undefined && move.remainingMs <= 0) throw new Error(`moved with no time left at ply ${move.ply}`);
  }
  if (game.status === 'outoftime' && game.winner !== game.botColor) throw new Error('lost on time');
}
