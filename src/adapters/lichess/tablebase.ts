// Lichess's endgame tablebase over HTTP (GET {url}/standard?fen=…, OpenAPI tag `tablebase`): the
// games' TablebaseProber. It never costs a game time and never hammers the service:
// - each request has the deadline its caller gives (drawn from the game's clock) and ends there,
//   answered or not: the game then searches;
// - one request at a time, all games together: a second caller waits its turn within its own
//   deadline, or goes without;
// - after a 429 the tablebase is not asked again for a minute (or the Retry-After it was given);
//   after a failure (a server error, no answer in time, an answer it cannot read) for a few seconds.
// It answers no question of chess: the move is chosen from its answer in src/games/tablebase.ts.

import { Agent, request } from 'undici';
import { z } from 'zod';
import { errorLine } from '../../errors.ts';
import { TABLEBASE_CATEGORIES, type TablebaseAnswer, type TablebaseCategory, type TablebaseProber } from '../../games/tablebase.ts';
import type { Logger } from '../../log.ts';

export interface TablebaseClientOptions {
  /** e.g. https://tablebase.lichess.org, without a trailing slash. */
  readonly baseUrl: string;
  readonly userAgent: string;
  readonly logger: Logger;
  /** How long the tablebase is left alone after a 429 (default a minute; longer when Retry-After says so). */
  readonly rateLimitPauseMs?: number;
  /** How long after a failure or an answer too slow (default 5 s). */
  readonly failurePauseMs?: number;
  /** Monotonic ms. */
  readonly now?: () => number;
}

export interface TablebaseStats {
  readonly requests: number;
  readonly answered: number;
  /** Gave up waiting: for the answer or for another game's request to end. */
  readonly timedOut: number;
  readonly failed: number;
  readonly rateLimited: number;
}

const RATE_LIMIT_PAUSE_MS = 60_000;
const FAILURE_PAUSE_MS = 5_000;

const nullableInt = z.number().int().nullable().optional().transform((n) => n ?? null);
const category = z.enum(TABLEBASE_CATEGORIES as [TablebaseCategory, ...TablebaseCategory[]]).catch('unknown');
const flag = z.boolean().optional().transform((b) => b ?? false);
const answerSchema = z.looseObject({
  category,
  dtz: nullableInt,
  dtm: nullableInt,
  moves: z.array(z.looseObject({
    uci: z.string().regex(/^[a-h][1-8][a-h][1-8][qrbn]?$/),
    category,
    dtz: nullableInt,
    dtm: nullableInt,
    zeroing: flag,
    checkmate: flag,
    stalemate: flag,
  })),
});

/** The tablebase did not answer in time: the request was given up. */
class TablebaseTimeout extends Error {}

export class TablebaseClient implements TablebaseProber {
  private readonly agent = new Agent({ connectTimeout: 5_000, headersTimeout: 10_000, bodyTimeout: 10_000 });
  private readonly now: () => number;
  /** No request before this time (monotonic ms). */
  private pausedUntil = 0;
  /** Settles when the request in flight (and those waiting before the last caller) are done. */
  private tail: Promise<void> = Promise.resolve();
  private counts = { requests: 0, answered: 0, timedOut: 0, failed: 0, rateLimited: 0 };

  constructor(private readonly options: TablebaseClientOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  get stats(): TablebaseStats {
    return { ...this.counts };
  }

  isAvailable(): boolean {
    return this.now() >= this.pausedUntil;
  }

  async probe(fen: string, options: { readonly signal: AbortSignal; readonly timeoutMs: number }): Promise<TablebaseAnswer | null> {
    const { signal, timeoutMs } = options;
    if (signal.aborted || timeoutMs <= 0 || !this.isAvailable()) return null;
    const deadline = this.now() + timeoutMs;
    const previous = this.tail;
    let release!: () => void;
    const ours = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.tail = previous.then(() => ours);
    try {
      // Our turn once the request before ours is done, if that is before our deadline.
      if (!(await settlesWithin(previous, timeoutMs, signal))) {
        if (!signal.aborted) this.counts.timedOut++;
        return null;
      }
      const left = deadline - this.now();
      if (signal.aborted || left <= 0 || !this.isAvailable()) return null;
      return await this.ask(fen, signal, left);
    } finally {
      release();
    }
  }

  async close(): Promise<void> {
    await this.agent.destroy();
  }

  private async ask(fen: string, signal: AbortSignal, timeoutMs: number): Promise<TablebaseAnswer | null> {
    const { logger } = this.options;
    const url = new URL(`${this.options.baseUrl}/standard`);
    url.searchParams.set('fen', fen);
    const timer = new AbortController();
    const timeout = setTimeout(() => timer.abort(new TablebaseTimeout()), timeoutMs);
    const both = AbortSignal.any([signal, timer.signal]);
    this.counts.requests++;
    try {
      const response = await request(url, {
        dispatcher: this.agent,
        method: 'GET',
        headers: { 'user-agent': this.options.userAgent, accept: 'application/json' },
        signal: both,
      });
      if (response.statusCode === 429) {
        await response.body.dump();
        // The minute at least, longer when the server asks for longer.
        const waitMs = Math.max(retryAfterMs(response.headers['retry-after']) ?? 0, this.options.rateLimitPauseMs ?? RATE_LIMIT_PAUSE_MS);
        this.pause(waitMs);
        this.counts.rateLimited++;
        logger.warn('tablebase rate limited (429); not asked again for a while', { waitMs });
        return null;
      }
      if (response.statusCode !== 200) {
        await response.body.dump();
        return this.failed(`answered ${response.statusCode}`);
      }
      const parsed = answerSchema.safeParse(await response.body.json());
      if (!parsed.success) return this.failed('answered in an unknown shape');
      this.counts.answered++;
      return parsed.data;
    } catch (error) {
      if (signal.aborted) return null; // the game moved on: nothing wrong with the tablebase
      if (timer.signal.aborted) {
        this.counts.timedOut++;
        this.pause(this.options.failurePauseMs ?? FAILURE_PAUSE_MS);
        logger.info('tablebase too slow; searching instead', { timeoutMs });
        return null;
      }
      return this.failed(errorLine(error));
    } finally {
      clearTimeout(timeout);
    }
  }

  private failed(why: string): null {
    this.counts.failed++;
    this.pause(this.options.failurePauseMs ?? FAILURE_PAUSE_MS);
    this.options.logger.warn('tablebase failed; searching instead', { why });
    return null;
  }

  private pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.now() + ms);
  }
}

/** Whether `promise` settles within `ms` (false as well when `signal` aborts first). */
async function settlesWithin(promise: Promise<unknown>, ms: number, signal: AbortSignal): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const lost = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    onAbort = () => resolve(false);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([promise.then(() => true, () => true), lost]);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort!);
  }
}

/** A Retry-After in seconds, as ms; null when absent or not a number of seconds. */
function retryAfterMs(header: string | string[] | undefined): number | null {
  const seconds = Number(Array.isArray(header) ? header[0] : header);
  return header !== undefined && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null;
}
