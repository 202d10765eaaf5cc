// The matchmaking loop: carries out what games/matchmaking.ts decides. It asks the decisions what
// to do next, then fetches the online bots and sends a challenge, or cancels ours when it went
// unanswered, or waits (for a time, or until the bot reports a change). Challenge outcomes come
// back through the event stream, which the bot forwards here. A 429 on the challenge endpoint
// closes that route's gate alone (http.ts): games and every other endpoint go on.

import type { MatchmakingSettings } from '../../config/types.ts';
import { errorLine } from '../../errors.ts';
import { Matchmaking, botDailyLimitMs } from '../../games/matchmaking.ts';
import type { Logger } from '../../log.ts';
import { type Account, type LichessApi, ratingsOf } from './api.ts';
import { LichessHttpError, RateLimitedError } from './http.ts';

/** What the matchmaker needs of the bot. */
export interface MatchmakerHost {
  readonly me: Account;
  /** Games in progress plus challenges accepted or sent. */
  slotsInUse(): number;
  /** A challenge from a human is being answered. */
  humanWaiting(): boolean;
  /** On a block list (configured or fetched). */
  blocked(id: string): boolean;
  /** Takes a slot for our challenge; false when none is free (a human's challenge came first). */
  hold(id: string): boolean;
  release(id: string): void;
}

export interface MatchmakerOptions {
  readonly api: LichessApi;
  readonly host: MatchmakerHost;
  readonly settings: { readonly concurrency: number; readonly matchmaking: MatchmakingSettings };
  readonly logger: Logger;
  readonly now: () => number;
  readonly random?: () => number;
}

/** How many online bots are asked for (Lichess's most, as lichess-bot asks). */
const ONLINE_BOTS = 512;
/** The slot held while the challenge is being created, before Lichess names its id. */
const SENDING = 'matchmaking:sending';

export interface MatchmakerStats {
  readonly challengesSent: number;
  readonly challengesDeclined: number;
  readonly challengesCancelled: number;
  readonly challengesAccepted: number;
}

export class Matchmaker {
  readonly decisions: Matchmaking;
  private readonly options: MatchmakerOptions;
  private readonly stopper = new AbortController();
  private wake: (() => void) | null = null;
  private stopped = false;
  private sent = 0;
  private declinedCount = 0;
  private cancelledCount = 0;
  private acceptedCount = 0;
  /**
   * Outcomes heard while a challenge was being created: Lichess may start (or decline) it before
   * the answer that names its id reaches us. Kept only for the challenge in flight.
   */
  private readonly early = new Map<string, { readonly declined: boolean; readonly reason?: string }>();
  private sending = false;
  /** Settles when the loop has ended (after stop()). */
  readonly done: Promise<void>;

  constructor(options: MatchmakerOptions) {
    this.options = options;
    this.decisions = new Matchmaking(options.settings, options.now, options.random);
    this.done = this.run().catch((error: unknown) => {
      options.logger.error('matchmaking stopped by an error', { why: errorLine(error) });
    });
  }

  get stats(): MatchmakerStats {
    return { challengesSent: this.sent, challengesDeclined: this.declinedCount, challengesCancelled: this.cancelledCount, challengesAccepted: this.acceptedCount };
  }

  /** Ends the loop, and withdraws our challenge if one waits (a game must not start while we are gone). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopper.abort();
    this.poke();
    await this.done;
    const pending = this.decisions.pendingChallenge;
    if (pending) await this.options.api.cancelChallenge(pending.id).catch(() => {});
  }

  /** Something changed (a game started or ended, a challenge came or went): decide again now. */
  poke(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  /** A game started or ended: the idle time starts again. */
  onActivity(gameId?: string): void {
    if (gameId !== undefined && this.decisions.answered(gameId)) {
      this.acceptedCount++;
      this.options.logger.info('our challenge was accepted', { challenge: gameId });
    } else if (gameId !== undefined && this.sending) {
      this.early.set(gameId, { declined: false });
    }
    this.decisions.noteActivity();
    this.poke();
  }

  /** challengeDeclined on the event stream: returns whether it was our pending challenge. */
  onDeclined(challengeId: string, reasonKey: string | undefined): boolean {
    if (this.sending) {
      this.early.set(challengeId, { declined: true, reason: reasonKey });
      return true;
    }
    const botId = this.decisions.pendingChallenge?.botId;
    if (!this.decisions.declined(challengeId, reasonKey)) return false;
    this.declinedCount++;
    this.options.host.release(challengeId);
    this.options.logger.info('our challenge was declined; not asking that bot again for a while', { challenge: challengeId, bot: botId ?? '?', reason: reasonKey ?? 'generic' });
    this.poke();
    return true;
  }

  /** challengeCanceled on the event stream (Lichess dropped it): returns whether it was ours. */
  onCanceled(challengeId: string): boolean {
    if (!this.decisions.answered(challengeId)) return false;
    this.options.host.release(challengeId);
    this.poke();
    return true;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const step = this.decisions.next({
        slotsInUse: this.options.host.slotsInUse(),
        humanWaiting: this.options.host.humanWaiting(),
        challengeGateMs: this.options.api.http.gateMs('challenge'),
      });
      switch (step.kind) {
        case 'challenge':
          await this.challenge();
          break;
        case 'cancel':
          await this.cancel(step.challengeId);
          break;
        case 'wait':
          await this.pause(step.atMs - this.options.now());
          break;
        case 'idle':
          await this.pause(null);
          break;
      }
    }
  }

  /** Until `ms` have passed (null: no limit), poke() is called or the matchmaker stops. */
  private pause(ms: number | null): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = ms === null ? null : setTimeout(() => done(), Math.max(1, ms));
      const done = () => {
        if (timer) clearTimeout(timer);
        if (this.wake === done) this.wake = null;
        resolve();
      };
      this.wake = done;
    });
  }

  private async challenge(): Promise<void> {
    const { api, host, logger } = this.options;
    let bots;
    try {
      bots = await api.onlineBots(ONLINE_BOTS, this.stopper.signal);
    } catch (error) {
      if (this.stopped) return;
      logger.warn('could not list the online bots', { why: errorLine(error) });
      this.decisions.failed();
      return;
    }
    if (this.stopped) return;
    const choice = this.decisions.choose(bots, { id: host.me.id, ratings: ratingsOf(host.me.perfs) }, (id) => host.blocked(id));
    if (!choice) {
      logger.info('no online bot to challenge within the rating window', { online: bots.length });
      return;
    }
    // The slot is taken before the request: a human's challenge meanwhile finds it taken.
    if (!host.hold(SENDING)) {
      this.decisions.failed();
      return;
    }
    const { bot, timeControl } = choice;
    const fields = { bot: bot.id, rating: choice.rating, ours: choice.ourRating, timeControl: `${timeControl.baseSeconds}+${timeControl.incrementSeconds}`, rated: this.options.settings.matchmaking.rated };
    let id: string;
    this.sending = true;
    try {
      id = await api.createChallenge(bot.id, { ...timeControl, rated: this.options.settings.matchmaking.rated }, this.stopper.signal);
    } catch (error) {
      host.release(SENDING);
      this.sending = false;
      this.early.clear();
      if (this.stopped) return;
      this.onSendFailed(bot.id, error, fields);
      return;
    }
    this.sending = false;
    host.release(SENDING);
    this.decisions.sent(id, bot.id, timeControl);
    this.sent++;
    const early = this.early.get(id);
    this.early.clear();
    if (early) {
      // Answered before we knew its id: the game started (its slot is taken), or it was declined.
      logger.info('challenged a bot', { challenge: id, ...fields });
      if (early.declined) this.onDeclined(id, early.reason);
      else this.onActivity(id);
      return;
    }
    if (!host.hold(id)) {
      // Filled meanwhile (only a game we did not reserve for can do that): withdraw it.
      logger.warn('no slot left for our challenge; withdrawing it', { challenge: id });
      await this.cancel(id);
      return;
    }
    logger.info('challenged a bot', { challenge: id, ...fields });
  }

  private onSendFailed(botId: string, error: unknown, fields: Record<string, string | number | boolean>): void {
    const { logger } = this.options;
    if (error instanceof RateLimitedError) {
      const dailyMs = botDailyLimitMs(error.body, error.retryAfterSeconds);
      if (dailyMs !== null) {
        this.decisions.dailyLimit(dailyMs);
        logger.warn('the daily bot-versus-bot limit is reached; matchmaking pauses', { ...fields, forSeconds: Math.round(dailyMs / 1000) });
      } else {
        this.decisions.failed();
        logger.warn('challenging is rate limited; matchmaking pauses', { ...fields, forSeconds: Math.round(error.waitMs / 1000) });
      }
      return;
    }
    if (error instanceof LichessHttpError && error.status < 500) {
      // The same body with 400: the opponent is at its own daily limit.
      const limitedMs = botDailyLimitMs(error.body, null);
      if (limitedMs !== null) this.decisions.opponentLimited(botId, limitedMs);
      else this.decisions.refused(botId);
      logger.info('Lichess refused our challenge; not asking that bot again for a while', { ...fields, why: errorLine(error) });
      return;
    }
    this.decisions.failed();
    logger.warn('could not send our challenge', { ...fields, why: errorLine(error) });
  }

  /** Withdraws our unanswered challenge; a 404 means it is gone already (answered or lapsed). */
  private async cancel(id: string): Promise<void> {
    const { api, host, logger } = this.options;
    try {
      await api.cancelChallenge(id);
      logger.info('our challenge went unanswered; cancelled it', { challenge: id });
    } catch (error) {
      if (this.stopped) return;
      logger.info('cancelling our challenge failed (it may be gone already)', { challenge: id, why: errorLine(error) });
    }
    if (this.decisions.cancelled(id)) this.cancelledCount++;
    // The game may have started after all (accepted just before the cancel): keep its slot then.
    host.release(id);
  }
}
