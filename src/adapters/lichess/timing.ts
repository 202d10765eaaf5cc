// The waits of the Lichess client, in one place so tests can shrink them: keep-alive watchdog,
// reconnect backoff, 429 pauses. Plus the small timing helpers they need (a sleep that an abort
// signal ends early and jittered exponential backoff, from src/backoff.ts; a sliding-window limit
// on stream opens).

export interface LichessTimings {
  /** No byte (not even a keep-alive) for this long means a stream is dead: about 3 keep-alives. */
  readonly streamIdleMs: number;
  /** undici's limits: waiting for response headers, and between two chunks of a body. */
  readonly headersTimeoutMs: number;
  readonly bodyTimeoutMs: number;
  /** The first reconnect waits about this long; each failure in a row doubles it ... */
  readonly backoffBaseMs: number;
  /** ... up to this. */
  readonly backoffMaxMs: number;
  /** After a 429 on a move: a minute's pause would lose a bullet game. */
  readonly moveRetryMs: number;
  /** After a 429 elsewhere, when Lichess does not say how long (its advice: a minute). */
  readonly rateLimitWaitMs: number;
  /** Lichess allows 30 event-stream opens per 10 minutes. */
  readonly eventStreamOpens: number;
  readonly eventStreamWindowMs: number;
  /** How long an accepted challenge may wait for its gameStart before its slot is freed. */
  readonly acceptedChallengeTimeoutMs: number;
  /** Spare time a game keeps before claiming a victory (Lichess's countdown is in whole seconds). */
  readonly claimMarginMs: number;
  /** After a signal, how long the bot may take to close its streams before it gives up waiting. */
  readonly shutdownGraceMs: number;
}

export const DEFAULT_TIMINGS: LichessTimings = {
  // Lichess sends keep-alives every 6 s (event stream) and 7 s (game stream).
  streamIdleMs: 21_000,
  headersTimeoutMs: 15_000,
  // Above the watchdog, so the watchdog (which reconnects) fires first; but far below undici's
  // default of 300 s, which hides a dead stream for five minutes.
  bodyTimeoutMs: 25_000,
  backoffBaseMs: 1_000,
  backoffMaxMs: 60_000,
  moveRetryMs: 1_000,
  rateLimitWaitMs: 60_000,
  eventStreamOpens: 30,
  eventStreamWindowMs: 10 * 60_000,
  acceptedChallengeTimeoutMs: 30_000,
  claimMarginMs: 500,
  shutdownGraceMs: 3_000,
};

export { backoffMs, sleep } from '../../backoff.ts';

/** At most `limit` events in any `windowMs`: how long to wait before the next one is allowed. */
export class WindowLimiter {
  private readonly times: number[] = [];

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Ms to wait before an event may happen (0: now). */
  waitMs(): number {
    const now = this.now();
    // The server counts from when each request arrived, a little after we recorded it: keep a
    // margin (5% of the window, at most 5 s) so our count never runs ahead of Lichess's.
    const window = this.windowMs + Math.min(5000, this.windowMs / 20);
    while (this.times.length > 0 && this.times[0]! <= now - window) this.times.shift();
    if (this.times.length < this.limit) return 0;
    return this.times[0]! + window - now;
  }

  /** Records that the event happened now. */
  record(): void {
    this.times.push(this.now());
  }
}
