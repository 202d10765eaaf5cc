// Starting the Discord bot, patiently: a Discord that cannot be reached (the network not up yet
// when a service starts at boot, DNS not answering, a 5xx) is tried again with jittered
// exponential backoff for as long as it takes, one warning per try, as the Lichess bot waits for
// Lichess. What retrying cannot mend (a refused token, disallowed intents) fails at once, and a
// stop signal ends the wait at once.

import { type BackoffTimings, backoffMs, sleep } from '../../backoff.ts';
import { DiscordBot, type DiscordBotOptions, DiscordLoginError } from './bot.ts';

/** From about 1 s, doubling to about a minute between tries. */
export const DEFAULT_DISCORD_BACKOFF: BackoffTimings = { backoffBaseMs: 1_000, backoffMaxMs: 60_000 };

export interface DiscordStartOptions {
  /** Ends the wait: startDiscordBot then rejects with a DiscordLoginError (check signal.aborted). */
  readonly signal?: AbortSignal;
  /** Shorter waits, for tests. */
  readonly backoff?: Partial<BackoffTimings>;
  /** The jitter's source; Math.random by default. */
  readonly random?: () => number;
  /** One login attempt; DiscordBot.start by default (tests count or script them). */
  readonly attempt?: (options: DiscordBotOptions) => Promise<DiscordBot>;
}

/** Logs in, trying again while Discord cannot be reached; rejects with a DiscordLoginError. */
export async function startDiscordBot(options: DiscordBotOptions, start: DiscordStartOptions = {}): Promise<DiscordBot> {
  const { signal, random, attempt = (botOptions) => DiscordBot.start(botOptions) } = start;
  const timings = { ...DEFAULT_DISCORD_BACKOFF, ...start.backoff };
  for (let failures = 1; ; failures++) {
    if (signal?.aborted) throw stopped();
    const trying = attempt(options);
    const stop = abortion(signal);
    const outcome = await Promise.race([
      trying.then((bot) => ({ bot }), (error: unknown) => ({ error })),
      stop.promise.then(() => 'stopped' as const),
    ]);
    stop.dispose();
    if (outcome === 'stopped') {
      // The try may still be waiting on a connection that hangs: whatever it comes to, it is not wanted.
      void trying.then((bot) => bot.stop()).catch(() => {});
      throw stopped();
    }
    if ('bot' in outcome) return outcome.bot;
    const { error } = outcome;
    if (!(error instanceof DiscordLoginError) || !error.unreachable) throw error;
    const waitMs = backoffMs(failures, timings, random);
    options.logger.warn('Discord is not answering at start-up; trying again', { why: error.message, inMs: Math.round(waitMs) });
    await sleep(waitMs, signal);
  }
}

function stopped(): DiscordLoginError {
  return new DiscordLoginError('stopped while waiting for Discord to answer');
}

/**
 * A promise that resolves when `signal` aborts (never without one), and the means to stop
 * listening: a wait that lasts hours tries many times, and each try's listener must go.
 */
function abortion(signal: AbortSignal | undefined): { promise: Promise<void>; dispose(): void } {
  if (!signal) return { promise: new Promise(() => {}), dispose: () => {} };
  let onAbort = () => {};
  const promise = new Promise<void>((resolve) => {
    onAbort = () => resolve();
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  return { promise, dispose: () => signal.removeEventListener('abort', onAbort) };
}
