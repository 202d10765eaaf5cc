// The Bot API endpoints the bot uses, one method each, with their paths, methods and bodies as
// Lichess documents them (../shared/lichess/BOT-API.md §1.2). Answers are checked just enough to
// be trusted: the token test and the account are validated, "ok" answers are not read.

import { z } from 'zod';
import type { Secret } from '../../config/secret.ts';
import type { DeclineReason } from '../../games/policy.ts';
import { LichessHttp, type LichessStream } from './http.ts';

const tokenInfo = z.looseObject({ userId: z.string(), scopes: z.string(), expires: z.number().nullable().optional() }).nullable();
export type TokenInfo = NonNullable<z.output<typeof tokenInfo>>;

// A perf's rating, where it has one (puzzle storms and the like have none).
const perfs = z.record(z.string(), z.looseObject({ rating: z.number().optional(), prov: z.boolean().optional() }).catch({})).optional().catch(undefined);

const account = z.looseObject({
  id: z.string().min(1),
  username: z.string().min(1),
  title: z.string().nullable().optional(),
  perfs,
});
export type Account = z.output<typeof account>;

// /api/account/playing: `status` comes as {id,name} although the spec says a string (lila#18230).
const playing = z.looseObject({
  nowPlaying: z.array(z.looseObject({ gameId: z.string().regex(/^[A-Za-z0-9]{8}$/) })),
});

// A line of /api/bot/online (a User); lines in another shape are skipped.
const onlineBot = z.looseObject({ id: z.string().min(1).max(40), username: z.string().min(1), perfs });

/** An online bot and its ratings by perf key. */
export interface OnlineBotInfo {
  readonly id: string;
  readonly username: string;
  readonly ratings: Readonly<Record<string, number | undefined>>;
}

/** The clock of a challenge we send, in seconds. */
export interface ChallengeOffer {
  readonly baseSeconds: number;
  readonly incrementSeconds: number;
  readonly rated: boolean;
}

const createdChallenge = z.looseObject({ id: z.string().regex(/^[A-Za-z0-9]{8}$/) });

/** Answers that are not what the documentation promises. */
export class UnexpectedAnswerError extends Error {
  override name = 'UnexpectedAnswerError';
}

export class LichessApi {
  constructor(readonly http: LichessHttp) {}

  /** What Lichess knows of `token`: its user and scopes, or null when it is not a valid token. */
  async testToken(token: Secret, signal?: AbortSignal): Promise<TokenInfo | null> {
    const { body } = await this.http.request('tokenTest', 'POST', '/api/token/test', { text: token.reveal(), signal });
    const answer = z.record(z.string(), tokenInfo).safeParse(body);
    if (!answer.success) throw new UnexpectedAnswerError('the token test answered in an unknown shape');
    return answer.data[token.reveal()] ?? null;
  }

  async account(signal?: AbortSignal): Promise<Account> {
    const { body } = await this.http.request('account', 'GET', '/api/account', { signal });
    const answer = account.safeParse(body);
    if (!answer.success) throw new UnexpectedAnswerError('/api/account answered in an unknown shape');
    return answer.data;
  }

  /** Ids of the games in progress (nb=50: the default 9 is too few for a busy bot). */
  async playingGameIds(signal?: AbortSignal): Promise<string[]> {
    const { body } = await this.http.request('playing', 'GET', '/api/account/playing', { query: { nb: 50 }, signal });
    const answer = playing.safeParse(body);
    if (!answer.success) throw new UnexpectedAnswerError('/api/account/playing answered in an unknown shape');
    return answer.data.nowPlaying.map((game) => game.gameId);
  }

  /** Irreversible: turns an account that has never played into a BOT account. */
  async upgradeToBot(): Promise<void> {
    await this.http.request('upgrade', 'POST', '/api/bot/account/upgrade');
  }

  streamEvents(options: { signal?: AbortSignal; onActivity?: () => void }): Promise<LichessStream> {
    return this.http.stream('eventStream', '/api/stream/event', options);
  }

  streamGame(gameId: string, options: { signal?: AbortSignal; onActivity?: () => void }): Promise<LichessStream> {
    return this.http.stream('gameStream', `/api/bot/game/stream/${gameId}`, options);
  }

  async move(gameId: string, uci: string, offeringDraw?: boolean, signal?: AbortSignal): Promise<void> {
    const query = offeringDraw === undefined ? undefined : { offeringDraw };
    await this.http.request('move', 'POST', `/api/bot/game/${gameId}/move/${uci}`, { query, signal });
  }

  async chat(gameId: string, room: 'player' | 'spectator', text: string): Promise<void> {
    await this.http.request('chat', 'POST', `/api/bot/game/${gameId}/chat`, { form: { room, text } });
  }

  /** The player-room chat so far (JSON, although the spec says NDJSON). */
  async readChat(gameId: string, signal?: AbortSignal): Promise<Array<{ user: string; text: string }>> {
    const { body } = await this.http.request('chatRead', 'GET', `/api/bot/game/${gameId}/chat`, { signal });
    const answer = z.array(z.looseObject({ user: z.string(), text: z.string() })).safeParse(body);
    if (!answer.success) throw new UnexpectedAnswerError('the game chat answered in an unknown shape');
    return answer.data;
  }

  async abort(gameId: string): Promise<void> {
    await this.http.request('abort', 'POST', `/api/bot/game/${gameId}/abort`);
  }

  async resign(gameId: string): Promise<void> {
    await this.http.request('resign', 'POST', `/api/bot/game/${gameId}/resign`);
  }

  /** Offers a draw, or accepts the opponent's (yes); declines it (no). */
  async draw(gameId: string, accept: boolean): Promise<void> {
    await this.http.request('draw', 'POST', `/api/bot/game/${gameId}/draw/${accept ? 'yes' : 'no'}`);
  }

  async takeback(gameId: string, accept: boolean): Promise<void> {
    await this.http.request('takeback', 'POST', `/api/bot/game/${gameId}/takeback/${accept ? 'yes' : 'no'}`);
  }

  async claimVictory(gameId: string): Promise<void> {
    await this.http.request('claimVictory', 'POST', `/api/bot/game/${gameId}/claim-victory`);
  }

  /**
   * The bots online now (/api/bot/online, NDJSON, up to `nb`), with their ratings by perf. A line
   * that is not a user is skipped.
   */
  async onlineBots(nb: number, signal?: AbortSignal): Promise<OnlineBotInfo[]> {
    const stream = await this.http.stream('botOnline', `/api/bot/online?nb=${nb}`, { signal });
    const bots: OnlineBotInfo[] = [];
    try {
      for await (const line of stream.lines) {
        let value: unknown;
        try {
          value = JSON.parse(line);
        } catch {
          continue;
        }
        const bot = onlineBot.safeParse(value);
        if (bot.success) bots.push({ id: bot.data.id.toLowerCase(), username: bot.data.username, ratings: ratingsOf(bot.data.perfs) });
        if (bots.length >= nb) break;
      }
    } finally {
      stream.close();
    }
    return bots;
  }

  /**
   * Challenges `username` to a standard game at a clock, colour at random (POST
   * /api/challenge/{username}); returns the challenge's id (its game's, once accepted). A 429 is
   * not waited out here: the route's gate closes and the caller decides (the daily bot limit).
   */
  async createChallenge(username: string, offer: ChallengeOffer, signal?: AbortSignal): Promise<string> {
    const form = {
      rated: String(offer.rated),
      'clock.limit': String(offer.baseSeconds),
      'clock.increment': String(offer.incrementSeconds),
      color: 'random',
      variant: 'standard',
    };
    const { body } = await this.http.request('challenge', 'POST', `/api/challenge/${encodeURIComponent(username)}`, { form, signal, retries429: 0 });
    const answer = createdChallenge.safeParse(body);
    if (!answer.success) throw new UnexpectedAnswerError('the challenge was created but its answer names no challenge id');
    return answer.data.id;
  }

  /** Withdraws a challenge we sent. */
  async cancelChallenge(challengeId: string): Promise<void> {
    // Not retried after a 429: an unanswered realtime challenge lapses by itself after 20 s.
    await this.http.request('cancel', 'POST', `/api/challenge/${challengeId}/cancel`, { retries429: 0 });
  }

  async acceptChallenge(challengeId: string): Promise<void> {
    await this.http.request('accept', 'POST', `/api/challenge/${challengeId}/accept`);
  }

  async declineChallenge(challengeId: string, reason: DeclineReason): Promise<void> {
    await this.http.request('decline', 'POST', `/api/challenge/${challengeId}/decline`, { form: { reason } });
  }
}

/** Ratings by perf key, from a user's perfs. */
export function ratingsOf(perfs: Record<string, { rating?: number | undefined }> | undefined): Record<string, number | undefined> {
  const ratings: Record<string, number | undefined> = {};
  for (const [key, perf] of Object.entries(perfs ?? {})) if (typeof perf.rating === 'number') ratings[key] = perf.rating;
  return ratings;
}
