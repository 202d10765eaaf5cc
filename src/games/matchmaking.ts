// Matchmaking decisions: when the bot challenges another bot, whom, at which time control, and
// what it remembers afterwards (who declined and why, the daily bot-versus-bot limit). Plain
// inputs and an injected clock, no I/O: the adapter (adapters/lichess/matchmaker.ts) fetches the
// online bots, sends and cancels challenges, and reports back what happened.

import type { LichessSettings, MatchmakingSettings } from '../config/types.ts';

/** A Lichess speed a bot may play. */
export type ClockSpeed = 'ultraBullet' | 'bullet' | 'blitz' | 'rapid' | 'classical';

export interface TimeControlOffer {
  readonly baseSeconds: number;
  readonly incrementSeconds: number;
}

/** An online bot as /api/bot/online describes it: its ratings by perf (speed) key. */
export interface OnlineBot {
  readonly id: string;
  readonly username: string;
  readonly ratings: Readonly<Record<string, number | undefined>>;
}

/** What we challenge: a bot at a time control, and why it fits. */
export interface MatchChoice {
  readonly bot: OnlineBot;
  readonly timeControl: TimeControlOffer;
  readonly speed: ClockSpeed;
  readonly rating: number;
  readonly ourRating: number;
}

/** What the adapter knows now. */
export interface MatchInputs {
  /** Games in progress plus challenges accepted or sent (every slot taken). */
  readonly slotsInUse: number;
  /** A challenge from a human is being answered. */
  readonly humanWaiting: boolean;
  /** Ms until the challenge endpoint may be used again after a 429 (0: now). */
  readonly challengeGateMs: number;
}

/** What the adapter does next. */
export type MatchStep =
  /** Fetch the online bots and challenge one (choose()). */
  | { readonly kind: 'challenge' }
  /** Cancel our challenge: unanswered in time. */
  | { readonly kind: 'cancel'; readonly challengeId: string }
  /** Nothing before `atMs` (unless something changes). */
  | { readonly kind: 'wait'; readonly atMs: number; readonly why: string }
  /** Nothing until something changes (a game ends, a human's challenge is answered). */
  | { readonly kind: 'idle'; readonly why: string };

/** Why we do not ask a bot for a while. */
export interface Avoidance {
  readonly untilMs: number;
  /** Lichess's declineReasonKey (lowercase), or ours: timeout, refused, limited. */
  readonly reason: string;
  /** Set when only this time control was declined (tooFast, tooSlow, timeControl). */
  readonly timeControl?: string;
}

/** Lichess's speed from the estimated duration base + 40 × increment (seconds). */
export function speedOf(baseSeconds: number, incrementSeconds: number): ClockSpeed {
  const total = baseSeconds + 40 * incrementSeconds;
  if (total < 30) return 'ultraBullet';
  if (total < 180) return 'bullet';
  if (total < 480) return 'blitz';
  if (total < 1500) return 'rapid';
  return 'classical';
}

/** The rating Lichess gives a new account, for a perf we have no rating in yet. */
export const DEFAULT_RATING = 1500;
/** The daily bot-versus-bot limit's key in Lichess's 429 body (BOT-API.md §2). */
export const BOT_DAILY_LIMIT_KEY = 'bot.vsBot.day';
/** When the daily limit's body gives no time: wait the day out. */
const DAY_MS = 24 * 60 * 60_000;
/** Declines that concern only the time control offered: other time controls may be asked. */
const TIME_CONTROL_REASONS = new Set(['toofast', 'tooslow', 'timecontrol']);

/**
 * Whether an error body from the challenge endpoint names the daily bot-versus-bot limit, and for
 * how long (ms): `ratelimit.seconds` as documented, else a Retry-After, else a day. Null when it
 * is another answer. (The same body with 400 means the opponent is at its limit.)
 */
export function botDailyLimitMs(body: unknown, retryAfterSeconds: number | null): number | null {
  if (body === null || typeof body !== 'object') {
    return typeof body === 'string' && body.includes(BOT_DAILY_LIMIT_KEY) ? (retryAfterSeconds ?? DAY_MS / 1000) * 1000 : null;
  }
  const ratelimit = (body as { ratelimit?: { key?: unknown; seconds?: unknown } }).ratelimit;
  const named = ratelimit?.key === BOT_DAILY_LIMIT_KEY || JSON.stringify(body).includes(BOT_DAILY_LIMIT_KEY);
  if (!named) return null;
  const seconds = ratelimit?.seconds;
  if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0) return seconds * 1000;
  if (retryAfterSeconds !== null && retryAfterSeconds > 0) return retryAfterSeconds * 1000;
  return DAY_MS;
}

export type MatchmakingConfig = Pick<LichessSettings, 'concurrency'> & { readonly matchmaking: MatchmakingSettings };

/**
 * The matchmaking state of one bot: its idle clock, its one pending challenge, the bots it avoids
 * and the daily pause. Every method reads the injected clock; nothing here waits or sends.
 */
export class Matchmaking {
  private readonly settings: MatchmakingSettings;
  private readonly concurrency: number;
  private idleSince: number;
  private pausedUntil = 0;
  private pending: { readonly id: string; readonly botId: string; readonly timeControl: string; readonly sentAt: number } | null = null;
  private readonly avoided = new Map<string, Avoidance[]>();

  constructor(
    config: MatchmakingConfig,
    private readonly now: () => number,
    private readonly random: () => number = Math.random,
  ) {
    this.settings = config.matchmaking;
    this.concurrency = config.concurrency;
    this.idleSince = now();
  }

  /** The challenge we are waiting on, if any. */
  get pendingChallenge(): { readonly id: string; readonly botId: string } | null {
    return this.pending && { id: this.pending.id, botId: this.pending.botId };
  }

  /** Until when (ms, the injected clock) the daily limit stops matchmaking; 0 when it does not. */
  get dailyLimitUntil(): number {
    return this.pausedUntil > this.now() ? this.pausedUntil : 0;
  }

  /** Why `botId` is not asked now, or null. */
  avoidance(botId: string, timeControl?: TimeControlOffer): Avoidance | null {
    const now = this.now();
    const list = (this.avoided.get(botId.toLowerCase()) ?? []).filter((a) => a.untilMs > now);
    const key = timeControl && keyOf(timeControl);
    return list.find((a) => a.timeControl === undefined || a.timeControl === key) ?? null;
  }

  /** A game started or ended, a slot was taken or freed: the idle time starts again. */
  noteActivity(): void {
    this.idleSince = this.now();
  }

  /** What to do now. */
  next(inputs: MatchInputs): MatchStep {
    const now = this.now();
    if (this.pending) {
      const deadline = this.pending.sentAt + this.settings.challengeTimeoutSeconds * 1000;
      if (now >= deadline) return { kind: 'cancel', challengeId: this.pending.id };
      return { kind: 'wait', atMs: deadline, why: 'our challenge waits for an answer' };
    }
    if (now < this.pausedUntil) return { kind: 'wait', atMs: this.pausedUntil, why: 'the daily bot-versus-bot limit is reached' };
    if (inputs.challengeGateMs > 0) return { kind: 'wait', atMs: now + inputs.challengeGateMs, why: 'the challenge endpoint is rate limited' };
    // A human's challenge goes first; once answered, the bot waits its idle time again.
    if (inputs.humanWaiting) {
      this.idleSince = now;
      return { kind: 'idle', why: 'a challenge from a human waits' };
    }
    const free = this.concurrency - this.settings.humanSlots - inputs.slotsInUse;
    if (free <= 0) {
      this.idleSince = now;
      return { kind: 'idle', why: 'no slot free for matchmaking' };
    }
    const at = this.idleSince + this.settings.idleSeconds * 1000;
    if (now < at) return { kind: 'wait', atMs: at, why: 'not idle long enough' };
    return { kind: 'challenge' };
  }

  /**
   * Whom to challenge among `bots` (ourselves, bots avoided and `blocked` ones left out), at which
   * of the configured time controls: one at random among those whose rating in the time control's
   * speed lies in the window around ours (`ourRatings` by perf key). Null when none fits; the
   * idle time then starts again, so the bot does not ask Lichess again at once.
   */
  choose(bots: readonly OnlineBot[], me: { readonly id: string; readonly ratings: Readonly<Record<string, number | undefined>> }, blocked: (id: string) => boolean): MatchChoice | null {
    const offers = shuffle([...this.settings.timeControls], this.random);
    for (const timeControl of offers) {
      const speed = speedOf(timeControl.baseSeconds, timeControl.incrementSeconds);
      const ourRating = me.ratings[speed] ?? DEFAULT_RATING;
      const { low, high } = this.window(ourRating);
      const fits: MatchChoice[] = [];
      for (const bot of bots) {
        const id = bot.id.toLowerCase();
        if (id === me.id.toLowerCase() || blocked(id) || this.avoidance(id, timeControl)) continue;
        const rating = bot.ratings[speed];
        if (rating === undefined || rating < low || rating > high) continue;
        fits.push({ bot, timeControl, speed, rating, ourRating });
      }
      if (fits.length > 0) return fits[Math.floor(this.random() * fits.length)]!;
    }
    this.idleSince = this.now();
    return null;
  }

  /** The ratings an opponent may have, given ours: the relative window cut by the absolute bounds. */
  window(ourRating: number): { low: number; high: number } {
    const s = this.settings;
    const low = Math.max(ourRating + s.minRatingDiff, s.minRating ?? -Infinity);
    const high = Math.min(ourRating + s.maxRatingDiff, s.maxRating ?? Infinity);
    return { low, high };
  }

  /** Our challenge was created. */
  sent(challengeId: string, botId: string, timeControl: TimeControlOffer): void {
    this.pending = { id: challengeId, botId: botId.toLowerCase(), timeControl: keyOf(timeControl), sentAt: this.now() };
  }

  /** The challenge could not be created for a reason that will not pass soon (a 400): skip the bot. */
  refused(botId: string): void {
    this.avoid(botId, 'refused', this.settings.declineCooldownMinutes * 60_000);
    this.idleSince = this.now();
  }

  /** The opponent is at its own daily limit (a 400 with the limit's body): skip it that long. */
  opponentLimited(botId: string, forMs: number): void {
    this.avoid(botId, 'limited', forMs);
    this.idleSince = this.now();
  }

  /** We are at the daily limit (a 429 naming it): no challenge for `forMs`. */
  dailyLimit(forMs: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.now() + forMs);
    this.idleSince = this.now();
  }

  /** Sending failed another way (no answer, a server error, another 429): try again after the idle time. */
  failed(): void {
    this.idleSince = this.now();
  }

  /**
   * A challenge of ours was declined, with Lichess's lowercase declineReasonKey. The bot is not
   * asked again for declineCooldownMinutes; for a decline of the time control (toofast, tooslow,
   * timecontrol) only that time control is avoided. Returns whether it was ours.
   */
  declined(challengeId: string, reasonKey: string | undefined): boolean {
    if (this.pending?.id !== challengeId) return false;
    const reason = (reasonKey ?? 'generic').toLowerCase();
    const timeControl = TIME_CONTROL_REASONS.has(reason) ? this.pending.timeControl : undefined;
    this.avoid(this.pending.botId, reason, this.settings.declineCooldownMinutes * 60_000, timeControl);
    this.pending = null;
    this.idleSince = this.now();
    return true;
  }

  /** Our challenge was accepted (its game started) or canceled by Lichess. Returns whether it was ours. */
  answered(challengeId: string): boolean {
    if (this.pending?.id !== challengeId) return false;
    this.pending = null;
    this.idleSince = this.now();
    return true;
  }

  /** We cancelled our challenge after challengeTimeoutSeconds: that bot is not asked again for a while either. */
  cancelled(challengeId: string): boolean {
    if (this.pending?.id !== challengeId) return false;
    this.avoid(this.pending.botId, 'timeout', this.settings.declineCooldownMinutes * 60_000);
    this.pending = null;
    this.idleSince = this.now();
    return true;
  }

  private avoid(botId: string, reason: string, forMs: number, timeControl?: string): void {
    if (forMs <= 0) return;
    const id = botId.toLowerCase();
    const now = this.now();
    const list = (this.avoided.get(id) ?? []).filter((a) => a.untilMs > now);
    list.push({ untilMs: now + forMs, reason, ...(timeControl === undefined ? {} : { timeControl }) });
    this.avoided.set(id, list);
  }
}

function keyOf(tc: TimeControlOffer): string {
  return `${tc.baseSeconds}+${tc.incrementSeconds}`;
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
