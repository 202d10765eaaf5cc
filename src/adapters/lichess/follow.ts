// Keeps one NDJSON stream open for as long as it is wanted: opens it, hands each line on, and
// after any drop, stall or refusal opens it again with jittered backoff. A watchdog closes a
// stream that sends nothing (not even a keep-alive) for LichessTimings.streamIdleMs: a half-open
// TCP connection otherwise looks alive forever. Used for the event stream (with the 30 opens per
// 10 minutes limit) and for each game stream (reopened at once after its first drop).

import type { Logger } from '../../log.ts';
import { LichessHttpError, type LichessStream, RateLimitedError } from './http.ts';
import { type LichessTimings, type WindowLimiter, backoffMs, sleep } from './timing.ts';

export interface FollowOptions {
  /** For log lines, e.g. "event stream" or "game stream". */
  readonly name: string;
  readonly logFields?: Readonly<Record<string, string>>;
  open(options: { signal: AbortSignal; onActivity: () => void }): Promise<LichessStream>;
  /** One line of the stream; awaited before the next is read. */
  onLine(line: string): void | Promise<void>;
  /** True once the stream is no longer needed (the game is over): no reconnect then. */
  isDone(): boolean;
  /** An error after which reopening is pointless (404 "No such game"): following stops. */
  isFatal?(error: unknown): boolean;
  /** Each successful open: `reconnect` is false for the first. */
  onOpen?(reconnect: boolean): void;
  /** Each loss of an open stream (not stop()): why, and how long it had been open. */
  onLost?(why: string, openMs: number): void;
  readonly timings: Pick<LichessTimings, 'streamIdleMs' | 'backoffBaseMs' | 'backoffMaxMs'>;
  /** Opens allowed per window (the event stream's 30 per 10 minutes). */
  readonly limiter?: WindowLimiter;
  /** Reopen without waiting after the first drop in a row (game streams: the clock runs). */
  readonly reopenAtOnce?: boolean;
  readonly logger: Logger;
  readonly random?: () => number;
}

/** Why following ended. */
export type FollowEnd = 'done' | 'stopped' | { fatal: unknown };

class StalledError extends Error {
  override name = 'StalledError';
}

export class StreamFollower {
  private current: LichessStream | null = null;
  private stopper = new AbortController();
  private opens = 0;
  /** Whether the current connection got past its open (a 200 and a readable body). */
  private opened = false;
  /**
   * Whether the current connection delivered a line. A field, not connectOnce's result: a stream
   * that drops (undici UND_ERR_SOCKET) throws, and the lines it delivered must still count.
   */
  private delivered = false;
  /** The current connection was closed by reopen(): a resynchronisation, not a failure. */
  private reopenRequested = false;

  constructor(private readonly options: FollowOptions) {}

  /** Opens and reopens until isDone(), stop(), or a fatal error. */
  async run(): Promise<FollowEnd> {
    const { options } = this;
    let failures = 0;
    while (!this.stopper.signal.aborted && !options.isDone()) {
      const wait = options.limiter?.waitMs() ?? 0;
      if (wait > 0) {
        options.logger.warn(`${options.name}: waiting to stay under Lichess's limit on opens`, { ...options.logFields, waitMs: Math.round(wait) });
        await sleep(wait, this.stopper.signal);
        continue;
      }
      let problem: string;
      let pause: number | null = null;
      const openedAt = performance.now();
      this.opened = false;
      this.delivered = false;
      this.reopenRequested = false;
      try {
        await this.connectOnce();
        if (this.stopper.signal.aborted || options.isDone()) break;
        problem = 'closed by Lichess';
      } catch (error) {
        if (this.stopper.signal.aborted || options.isDone()) break;
        // Our own close (reopen()) may surface as an error from the body; it is no failure.
        if (!this.reopenRequested) {
          if (options.isFatal?.(error)) return { fatal: error };
          if (error instanceof RateLimitedError) pause = error.waitMs;
        }
        problem = error instanceof Error ? error.message : String(error);
      }
      if (this.reopenRequested) {
        // The caller asked for a fresh stream (a resync): open it at once, and forget earlier
        // failures, since this connection worked. The caller limits how often it asks.
        failures = 0;
        options.logger.info(`${options.name} reopened to resynchronise`, options.logFields);
        continue;
      }
      const openMs = performance.now() - openedAt;
      if (this.opened) options.onLost?.(problem, openMs);
      // A stream that worked for a while (data, or longer than the watchdog) starts the count of
      // failures over; one closed at once does not, so a server that keeps closing is backed off.
      const healthy = this.opened && (this.delivered || openMs >= options.timings.streamIdleMs);
      failures = healthy ? 1 : failures + 1;
      pause ??= options.reopenAtOnce && failures === 1 ? 0 : backoffMs(failures, options.timings, options.random);
      options.logger.warn(`${options.name} lost; reconnecting`, { ...options.logFields, why: problem, inMs: Math.round(pause) });
      await sleep(pause, this.stopper.signal);
    }
    return this.stopper.signal.aborted ? 'stopped' : 'done';
  }

  /**
   * Closes the current connection; run() opens a new one at once (a resynchronisation), without
   * counting it as a failure. Without an open connection there is nothing to do: the next one
   * starts with a fresh gameFull anyway.
   */
  reopen(): void {
    if (!this.current) return;
    this.reopenRequested = true;
    this.current.close();
  }

  /** Ends run() and closes the stream. */
  stop(): void {
    this.stopper.abort();
    this.current?.close();
  }

  /** One connection: resolves when it ends; throws on errors. Sets `delivered` on the first line. */
  private async connectOnce(): Promise<void> {
    const { options } = this;
    const connection = new AbortController();
    const onStop = () => connection.abort();
    this.stopper.signal.addEventListener('abort', onStop, { once: true });
    let watchdog: NodeJS.Timeout | null = null;
    let stalled = false;
    const arm = () => {
      if (watchdog) clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        stalled = true;
        this.current?.close();
        connection.abort();
      }, options.timings.streamIdleMs);
    };
    try {
      options.limiter?.record();
      arm();
      const stream = await options.open({ signal: connection.signal, onActivity: arm });
      this.current = stream;
      this.opened = true;
      options.onOpen?.(this.opens++ > 0);
      if (this.stopper.signal.aborted) return;
      for await (const line of stream.lines) {
        this.delivered = true;
        await options.onLine(line);
        if (options.isDone() || this.stopper.signal.aborted || this.reopenRequested) break;
      }
      if (stalled) throw new StalledError(`no data for ${options.timings.streamIdleMs} ms`);
    } catch (error) {
      if (stalled) throw new StalledError(`no data for ${options.timings.streamIdleMs} ms`);
      throw error;
    } finally {
      if (watchdog) clearTimeout(watchdog);
      this.stopper.signal.removeEventListener('abort', onStop);
      this.current?.close();
      this.current = null;
    }
  }
}

/** A 4xx other than 429 on opening a game stream: the game is not ours or does not exist. */
export function isClientError(error: unknown): boolean {
  return error instanceof LichessHttpError && !(error instanceof RateLimitedError) && error.status >= 400 && error.status < 500;
}
