// The Lichess bot: checks the token and the account, resumes the games in progress, then follows
// the event stream for as long as it runs: challenges are judged by the policy and accepted or
// declined, each started game gets its own GameRunner, and the slots (games plus accepted
// challenges) never exceed the concurrency. stop() stops accepting, closes every stream and
// returns within a few seconds; the games resume when the bot starts again.

import type { Secret } from '../../config/secret.ts';
import type { LichessSettings } from '../../config/types.ts';
import { errorLine } from '../../errors.ts';
import type { MoveChooser } from '../../games/chooseMove.ts';
import { type ChallengeRequest, type DeclineReason, judgeChallenge } from '../../games/policy.ts';
import { GameSlots } from '../../games/slots.ts';
import type { Logger } from '../../log.ts';
import { type Account, LichessApi, UnexpectedAnswerError } from './api.ts';
import { FetchedBlockList } from './blockList.ts';
import { type Challenge, type ChallengeEvent, type LichessEvent, parseEventLine } from './events.ts';
import { StreamFollower } from './follow.ts';
import { GameRunner, type GameSummary } from './gameRunner.ts';
import { LichessHttp, LichessHttpError, LichessNetworkError, RateLimitedError } from './http.ts';
import { Matchmaker, type MatchmakerStats } from './matchmaker.ts';
import { DEFAULT_TIMINGS, type LichessTimings, WindowLimiter, backoffMs, sleep } from './timing.ts';

/**
 * The bot could not start: a bad token, a missing scope, not a BOT account, an answer Lichess does
 * not document, or a stop while it was still waiting for Lichess. (Lichess unreachable or failing
 * with a server error is no reason: start() waits for it.)
 */
export class LichessStartError extends Error {
  override name = 'LichessStartError';
}

export interface LichessBotOptions {
  readonly url: string;
  readonly token: Secret;
  readonly settings: LichessSettings;
  readonly chooser: MoveChooser;
  readonly logger: Logger;
  /** "chessbot 0.1.0": the User-Agent and the !engine answer. */
  readonly engineName: string;
  readonly timings?: Partial<LichessTimings>;
  /** Monotonic ms. */
  readonly now?: () => number;
  readonly random?: () => number;
  /** Ends start()'s wait for an unreachable Lichess (a stop signal during start-up). */
  readonly signal?: AbortSignal;
}

export interface LichessBotStats {
  readonly gamesStarted: number;
  readonly gamesFinished: number;
  readonly summaries: readonly GameSummary[];
  readonly challengesAccepted: number;
  readonly challengesDeclined: number;
  readonly eventStreamReconnects: number;
  readonly requests: Record<string, number>;
  readonly rateLimited: number;
  /** Null when matchmaking is off. */
  readonly matchmaking: MatchmakerStats | null;
}

/** Ids remembered to ignore replays: challenges already judged, games already over. */
const MEMORY = 1000;
/**
 * Tries at accepting or declining a challenge that gets no answer or a server error: Lichess
 * keeps a realtime challenge only about 20 s, so a few quick retries (with the reconnect backoff)
 * are all that can help.
 */
const CHALLENGE_ATTEMPTS = 3;
/** An event stream closed by Lichess within this long of opening counts towards ... */
const SHORT_LIVED_STREAM_MS = 60_000;
/** ... this many such closures in one window: warn of a second instance on the account. */
const DUPLICATE_INSTANCE_CLOSURES = 3;

export class LichessBot {
  readonly me: Account;
  private readonly api: LichessApi;
  private readonly http: LichessHttp;
  private readonly options: LichessBotOptions;
  private readonly timings: LichessTimings;
  private readonly now: () => number;
  private readonly slots: GameSlots;
  private readonly runners = new Map<string, { runner: GameRunner; done: Promise<void> }>();
  private readonly judged = new Set<string>();
  private readonly over = new Set<string>();
  private readonly events: StreamFollower;
  private readonly summaries: GameSummary[] = [];
  private accepting = true;
  private stopping: Promise<void> | null = null;
  /** Aborted on stop(): ends the waits between retries. */
  private readonly stopper = new AbortController();
  private eventReconnects = 0;
  private accepted = 0;
  private declined = 0;
  private gamesStarted = 0;
  private readonly shortClosures: number[] = [];
  private warnedDuplicate = false;
  private expiryTimer: NodeJS.Timeout;
  /** Challenges from humans being answered: matchmaking stands aside meanwhile. */
  private readonly humanChallenges = new Set<string>();
  /** The opponent of each game or accepted challenge (for maxGamesPerOpponent). */
  private readonly opponentOf = new Map<string, string>();
  private readonly blockList: FetchedBlockList | null;
  private matchmaker: Matchmaker | null = null;
  /** Settles when the event stream is no longer followed (stop(), or a fatal refusal). */
  readonly closed: Promise<void>;

  private constructor(
    options: LichessBotOptions, http: LichessHttp, api: LichessApi, me: Account, timings: LichessTimings, blockList: FetchedBlockList | null,
  ) {
    this.options = options;
    this.blockList = blockList;
    this.http = http;
    this.api = api;
    this.me = me;
    this.timings = timings;
    this.now = options.now ?? (() => performance.now());
    this.slots = new GameSlots(options.settings.concurrency);
    this.events = new StreamFollower({
      name: 'event stream',
      open: (o) => api.streamEvents(o),
      onLine: (line) => this.onLine(line),
      isDone: () => this.stopping !== null,
      onOpen: (reconnect) => {
        if (reconnect) this.eventReconnects++;
        options.logger.info(reconnect ? 'event stream reconnected' : 'event stream open');
      },
      onLost: (why, openMs) => this.onEventStreamLost(why, openMs),
      timings,
      limiter: new WindowLimiter(timings.eventStreamOpens, timings.eventStreamWindowMs, this.now),
      logger: options.logger,
      random: options.random,
    });
    this.expiryTimer = setInterval(() => this.expireReservations(), Math.max(50, timings.acceptedChallengeTimeoutMs / 3));
    this.expiryTimer.unref();
    this.closed = this.events.run().then(() => undefined);
  }

  /** Checks the token and the account, resumes games in progress, and starts following events. */
  static async start(options: LichessBotOptions): Promise<LichessBot> {
    const timings = { ...DEFAULT_TIMINGS, ...options.timings };
    const http = new LichessHttp({ baseUrl: options.url, token: options.token, userAgent: options.engineName.replace(' ', '/'), timings, logger: options.logger });
    const api = new LichessApi(http);
    let me: Account;
    try {
      me = await checkAccountPatiently(api, options, timings);
    } catch (error) {
      await http.close();
      throw error;
    }
    http.setUser(me.username);
    options.logger.info('signed in to Lichess', { user: me.username, url: options.url, concurrency: options.settings.concurrency });
    // Fetched before the first challenge is judged; a failure leaves it empty until the next refresh.
    const url = options.settings.blockListUrl;
    const blockList = url === null ? null : new FetchedBlockList({
      url, refreshMs: options.settings.blockListRefreshMinutes * 60_000, userAgent: options.engineName.replace(' ', '/'), logger: options.logger,
      timeoutMs: timings.headersTimeoutMs,
    });
    await blockList?.start();
    const bot = new LichessBot(options, http, api, me, timings, blockList);
    await bot.resumePlaying();
    if (options.settings.matchmaking.enabled) bot.startMatchmaking();
    return bot;
  }

  get stats(): LichessBotStats {
    const http = this.http.stats;
    return {
      gamesStarted: this.gamesStarted,
      gamesFinished: this.summaries.length,
      summaries: [...this.summaries],
      challengesAccepted: this.accepted,
      challengesDeclined: this.declined,
      eventStreamReconnects: this.eventReconnects,
      requests: http.requests,
      rateLimited: http.rateLimited,
      matchmaking: this.matchmaker?.stats ?? null,
    };
  }

  /** The matchmaking loop, when lichess.matchmaking.enabled. */
  get matchmaking(): Matchmaker | null {
    return this.matchmaker;
  }

  /** Games being played now. */
  get activeGames(): readonly string[] {
    return [...this.runners.keys()];
  }

  /** Stops accepting, closes the streams, stops thinking; resolves within the shutdown grace. */
  stop(): Promise<void> {
    this.stopping ??= this.shutdown();
    return this.stopping;
  }

  private async shutdown(): Promise<void> {
    this.accepting = false;
    this.stopper.abort();
    clearInterval(this.expiryTimer);
    this.blockList?.stop();
    const matchmaking = this.matchmaker?.stop() ?? Promise.resolve();
    this.events.stop();
    for (const { runner } of this.runners.values()) runner.stop();
    const all = Promise.all([this.closed, matchmaking, ...[...this.runners.values()].map((r) => r.done)]);
    await Promise.race([all, sleep(this.timings.shutdownGraceMs)]);
    await this.http.close().catch(() => {});
    this.options.logger.info('left Lichess; games in progress resume on the next start', { games: this.runners.size });
  }

  /** Games in progress from before a restart (the event stream's replay also names them). */
  private async resumePlaying(): Promise<void> {
    let ids: string[];
    try {
      ids = await this.api.playingGameIds();
    } catch (error) {
      this.options.logger.warn('could not list the games in progress; relying on the event stream', { why: errorLine(error) });
      return;
    }
    if (ids.length > 0) this.options.logger.info('resuming games in progress', { games: ids.length });
    for (const id of ids) this.startGame(id);
  }

  /** Matchmaking (lichess.matchmaking.enabled): challenges other bots when idle. */
  private startMatchmaking(): void {
    const slots = this.slots;
    this.matchmaker = new Matchmaker({
      api: this.api,
      settings: this.options.settings,
      logger: this.options.logger,
      now: this.now,
      random: this.options.random,
      host: {
        me: this.me,
        slotsInUse: () => slots.count,
        humanWaiting: () => this.humanChallenges.size > 0,
        blocked: (id) => this.isBlocked(id),
        hold: (id) => this.accepting && slots.hold(id),
        // A game that started keeps its slot.
        release: (id) => void (!slots.isActive(id) && slots.release(id)),
      },
    });
  }

  private isBlocked(id: string): boolean {
    const who = id.toLowerCase();
    return this.options.settings.blockList.includes(who) || (this.blockList?.names.has(who) ?? false);
  }

  /** Games in progress or accepted against `who`. */
  private gamesWith(who: string): number {
    let count = 0;
    for (const [id, opponent] of this.opponentOf) {
      if (!this.slots.has(id)) this.opponentOf.delete(id);
      else if (opponent === who) count++;
    }
    return count;
  }

  private humanChallengeDone(id: string): void {
    if (this.humanChallenges.delete(id)) this.matchmaker?.poke();
  }

  // ---- events ----

  private onLine(line: string): void {
    const parsed = parseEventLine(line);
    if (parsed.kind === 'unknown') return this.options.logger.info('unknown event skipped', { type: parsed.type });
    if (parsed.kind === 'invalid') return this.options.logger.warn('bad event skipped', { problem: parsed.problem });
    this.onEvent(parsed.event);
  }

  private onEvent(event: LichessEvent): void {
    switch (event.type) {
      case 'gameStart': {
        const opponent = event.game.opponent?.id;
        if (opponent && !this.opponentOf.has(event.game.gameId)) this.opponentOf.set(event.game.gameId, opponent.toLowerCase());
        return this.startGame(event.game.gameId);
      }
      case 'gameFinish': {
        const entry = this.runners.get(event.game.gameId);
        if (entry) entry.runner.markFinished(event.game.status?.name ?? 'unknownFinish', event.game.winner ?? null);
        else this.slots.release(event.game.gameId);
        return;
      }
      case 'challenge':
        return this.onChallenge(event);
      case 'challengeCanceled':
        this.humanChallengeDone(event.challenge.id);
        if (this.matchmaker?.onCanceled(event.challenge.id)) return;
        if (!this.slots.isActive(event.challenge.id) && this.slots.release(event.challenge.id)) {
          this.options.logger.info('challenge withdrawn', { challenge: event.challenge.id });
        }
        return;
      case 'challengeDeclined':
        if (this.matchmaker?.onDeclined(event.challenge.id, event.challenge.declineReasonKey)) return;
        this.options.logger.info('our challenge was declined', { challenge: event.challenge.id, reason: event.challenge.declineReasonKey });
        return;
    }
  }

  /** Idempotent: Lichess replays gameStart for every game in progress on each reconnect. */
  private startGame(gameId: string): void {
    if (this.runners.has(gameId) || this.over.has(gameId) || this.stopping) return;
    this.slots.activate(gameId);
    this.humanChallengeDone(gameId);
    this.matchmaker?.onActivity(gameId);
    this.gamesStarted++;
    const runner = new GameRunner({
      gameId,
      api: this.api,
      me: this.me,
      chooser: this.options.chooser,
      settings: this.options.settings,
      timings: this.timings,
      logger: this.options.logger,
      engineName: this.options.engineName,
      now: this.now,
      random: this.options.random,
    });
    const done = runner.run().then(
      (summary) => this.onGameEnded(runner, summary),
      (error: unknown) => {
        this.options.logger.error('game runner failed', { game: gameId, why: errorLine(error) });
        this.onGameEnded(runner, null);
      },
    );
    this.runners.set(gameId, { runner, done });
  }

  private onGameEnded(runner: GameRunner, summary: GameSummary | null): void {
    const id = runner.gameId;
    if (this.runners.get(id)?.runner === runner) this.runners.delete(id);
    if (this.stopping) return;
    this.slots.release(id);
    this.opponentOf.delete(id);
    this.matchmaker?.onActivity();
    if (summary) {
      this.summaries.push(summary);
      // A game that ended stays ended; one whose stream refused us may be replayed later.
      if (summary.status !== null) remember(this.over, id);
    }
  }

  private onChallenge(event: ChallengeEvent): void {
    const challenge = event.challenge;
    // Our own outgoing challenges come on the same stream.
    if (challenge.challenger?.id.toLowerCase() === this.me.id) return;
    if (challenge.destUser && challenge.destUser.id.toLowerCase() !== this.me.id) return;
    // Replayed on every reconnect while pending: judged once.
    if (this.judged.has(challenge.id) || this.slots.has(challenge.id)) return;
    remember(this.judged, challenge.id);
    const who = challenge.challenger?.id ?? 'nobody';
    const fields = {
      challenge: challenge.id, from: who, variant: challenge.variant.key, speed: challenge.speed, rated: challenge.rated,
      timeControl: describeTimeControl(challenge.timeControl),
    };
    const context = { gamesWithChallenger: this.gamesWith(who.toLowerCase()), blocked: this.blockList?.names };
    const verdict = judgeChallenge(this.options.settings, challengeRequest(challenge), event.compat?.bot, context);
    if (!verdict.accept) return void this.decline(challenge.id, verdict.reason, verdict.why, fields);
    if (!this.accepting) return void this.decline(challenge.id, 'later', 'shutting down', fields);
    // Taken before the request, so a flood of challenges can never overrun the concurrency.
    if (!this.slots.reserve(challenge.id, this.now())) {
      return void this.decline(challenge.id, 'later', `already playing ${this.slots.count} of ${this.slots.limit} games`, fields);
    }
    this.opponentOf.set(challenge.id, who.toLowerCase());
    if (challenge.challenger?.title !== 'BOT') this.humanChallenges.add(challenge.id);
    void this.accept(challenge.id, fields);
  }

  private async accept(id: string, fields: Record<string, string | boolean>): Promise<void> {
    const { outcome, uncertain } = await this.answerChallenge('accepting', id, () => this.api.acceptChallenge(id));
    if (outcome === 'done') {
      this.accepted++;
      this.options.logger.info('challenge accepted', fields);
      return;
    }
    // Not accepted as far as we know. The slot stays taken if an attempt that got no answer may
    // have gone through after all (Lichess answers a second accept 404): its gameStart will come,
    // or the reservation expires. Freeing it early could let one game too many in.
    if (!uncertain && !this.slots.isActive(id)) this.slots.release(id);
    this.humanChallengeDone(id);
    this.forgetUnanswered(id, outcome);
  }

  private async decline(id: string, reason: DeclineReason, why: string, fields: Record<string, string | boolean>): Promise<void> {
    this.options.logger.info('challenge declined', { ...fields, reason, why });
    const { outcome } = await this.answerChallenge('declining', id, () => this.api.declineChallenge(id, reason));
    if (outcome === 'done') this.declined++;
    this.forgetUnanswered(id, outcome);
  }

  /**
   * Sends an accept or a decline; a server error or no answer is retried with the reconnect
   * backoff. 'refused': Lichess said no with a 4xx (the challenge is gone, cancelled or not for a
   * bot), which is final. 'failed': no answer after every attempt, or a 429 (Lichess asks for a
   * pause longer than the challenge lives). `uncertain`: an attempt may have been carried out.
   */
  private async answerChallenge(
    what: 'accepting' | 'declining', id: string, send: () => Promise<void>,
  ): Promise<{ outcome: 'done' | 'refused' | 'failed'; uncertain: boolean }> {
    let uncertain = false;
    for (let attempt = 1; ; attempt++) {
      try {
        await send();
        return { outcome: 'done', uncertain };
      } catch (error) {
        const fields = { challenge: id, why: errorLine(error) };
        if (error instanceof LichessHttpError && !(error instanceof RateLimitedError) && error.status < 500) {
          this.options.logger.info(`${what} the challenge refused by Lichess`, fields);
          return { outcome: 'refused', uncertain };
        }
        const retry = !(error instanceof RateLimitedError) && attempt < CHALLENGE_ATTEMPTS && !this.stopping;
        if (!(error instanceof RateLimitedError)) uncertain = true;
        if (!retry) {
          this.options.logger.warn(`${what} the challenge failed`, { ...fields, attempts: attempt });
          return { outcome: 'failed', uncertain };
        }
        const waitMs = backoffMs(attempt, this.timings, this.options.random);
        this.options.logger.warn(`${what} the challenge failed; retrying`, { ...fields, inMs: Math.round(waitMs) });
        await sleep(waitMs, this.stopper.signal);
        if (this.stopping) return { outcome: 'failed', uncertain };
      }
    }
  }

  /** A challenge Lichess never heard our answer to is judged again when the event stream replays it. */
  private forgetUnanswered(id: string, outcome: 'done' | 'refused' | 'failed'): void {
    if (outcome === 'failed') this.judged.delete(id);
  }

  /**
   * Lichess keeps one event stream per account and closes the older one when another opens: a
   * stream closed again and again soon after opening means a second bot on this account.
   */
  private onEventStreamLost(why: string, openMs: number): void {
    if (why !== 'closed by Lichess' || openMs > SHORT_LIVED_STREAM_MS) return;
    const now = this.now();
    this.shortClosures.push(now);
    while (this.shortClosures.length > 0 && this.shortClosures[0]! < now - this.timings.eventStreamWindowMs) this.shortClosures.shift();
    if (this.shortClosures.length >= DUPLICATE_INSTANCE_CLOSURES && !this.warnedDuplicate) {
      this.warnedDuplicate = true;
      this.options.logger.warn(
        'Lichess keeps closing the event stream soon after it opens: is another bot running with this account? (one event stream per account)',
      );
    }
  }

  private expireReservations(): void {
    for (const id of this.slots.expire(this.now(), this.timings.acceptedChallengeTimeoutMs)) {
      this.humanChallengeDone(id);
      this.matchmaker?.onActivity();
      this.options.logger.warn('an accepted challenge never started; its slot is free again', { challenge: id });
    }
  }
}

/**
 * checkAccount, waiting out what passes: no answer, a server error or a 429 from Lichess is
 * retried with the reconnect backoff (growing to timings.backoffMaxMs) for as long as it takes,
 * with one log line per try, as a bot under a supervisor should (a Lichess restart must not stop
 * it for good). What retrying cannot mend (a bad token, a missing scope, not a BOT account) fails
 * at once.
 */
async function checkAccountPatiently(api: LichessApi, options: LichessBotOptions, timings: LichessTimings): Promise<Account> {
  for (let failures = 1; ; failures++) {
    try {
      return await checkAccount(api, options.token);
    } catch (error) {
      if (!isTransient(error)) throw error;
      if (options.signal?.aborted) throw new LichessStartError(`stopped while waiting for Lichess (${errorLine(error)})`);
      const waitMs = backoffMs(failures, timings, options.random);
      options.logger.warn('Lichess is not answering at start-up; trying again', { why: errorLine(error), inMs: Math.round(waitMs) });
      await sleep(waitMs, options.signal);
      if (options.signal?.aborted) throw new LichessStartError(`stopped while waiting for Lichess (${errorLine(error)})`);
    }
  }
}

/** No answer, a server error, or a 429: Lichess may well answer later. */
function isTransient(error: unknown): boolean {
  return error instanceof LichessNetworkError || (error instanceof LichessHttpError && (error.status >= 500 || error instanceof RateLimitedError));
}

/**
 * The token must be known to Lichess, carry bot:play, and belong to a BOT account. Transient
 * failures are thrown as they are (see isTransient), anything else as a LichessStartError.
 */
async function checkAccount(api: LichessApi, token: Secret): Promise<Account> {
  let info;
  try {
    info = await api.testToken(token);
  } catch (error) {
    throw startFailure(error, 'cannot check LICHESS_TOKEN');
  }
  if (!info) throw new LichessStartError('LICHESS_TOKEN is not a valid Lichess token (unknown, revoked or expired)');
  const scopes = info.scopes.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (!scopes.includes('bot:play')) {
    throw new LichessStartError(
      `LICHESS_TOKEN lacks the bot:play scope (it has: ${scopes.join(', ') || 'none'}); create a token with "Play games with the bot API"`,
    );
  }
  let me: Account;
  try {
    me = await api.account();
  } catch (error) {
    throw startFailure(error, 'cannot read the Lichess account');
  }
  if (me.title !== 'BOT') {
    throw new LichessStartError(
      `the Lichess account ${me.username} is not a BOT account; upgrade it (irreversible) with "npx chessbot lichess-upgrade --yes"`,
    );
  }
  return { ...me, id: me.id.toLowerCase() };
}

function startFailure(error: unknown, what: string): unknown {
  if (isTransient(error)) return error;
  if (error instanceof LichessHttpError && error.status === 401) {
    return new LichessStartError('LICHESS_TOKEN is not a valid Lichess token (unknown, revoked or expired)');
  }
  if (error instanceof LichessHttpError || error instanceof UnexpectedAnswerError) return new LichessStartError(`${what}: ${error.message}`);
  return error;
}

function remember(set: Set<string>, id: string): void {
  set.add(id);
  if (set.size > MEMORY) set.delete(set.values().next().value!);
}

function describeTimeControl(tc: ChallengeEvent['challenge']['timeControl']): string {
  if (tc.type === 'clock') return `${tc.limit}+${tc.increment}`;
  if (tc.type === 'correspondence') return `${tc.daysPerTurn}d`;
  return 'unlimited';
}

/** What the policy judges of a challenge. */
function challengeRequest(challenge: Challenge): ChallengeRequest {
  const { challenger, destUser, variant, speed, rated, timeControl } = challenge;
  return {
    challenger: challenger && { id: challenger.id, title: challenger.title ?? null, rating: challenger.rating ?? null },
    ourRating: destUser?.rating ?? null,
    variant: { key: variant.key }, speed, rated, timeControl,
  };
}
