// Waiting between tries when a server does not answer: jittered exponential backoff, and a sleep
// that a stop signal ends early. Shared by the bots, which both wait out a server that is down
// (Lichess at any time, Discord at start-up) rather than stop for good.

/** The first retry waits about backoffBaseMs; each failure in a row doubles it, up to backoffMaxMs. */
export interface BackoffTimings {
  readonly backoffBaseMs: number;
  readonly backoffMaxMs: number;
}

/** Resolves after `ms`, or as soon as `signal` aborts (check signal.aborted afterwards). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted || ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * The wait before retry `failures` (1 for the first failure in a row): exponential, with "equal
 * jitter" (half fixed, half random) so that many clients dropped together by one server restart
 * do not come back in lockstep.
 */
export function backoffMs(failures: number, timings: BackoffTimings, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(failures - 1, 0), 30);
  const ceiling = Math.min(timings.backoffMaxMs, timings.backoffBaseMs * 2 ** exponent);
  return ceiling / 2 + (ceiling / 2) * random();
}
