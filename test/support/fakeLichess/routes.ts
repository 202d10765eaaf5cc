// The endpoints of the fake Lichess: paths, methods, the scopes each accepts, and the handlers with
// lila's preconditions, status codes and error strings (BOT-API.md §1.2, the OpenAPI spec).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeGame } from './game.ts';
import { sendError, sendJson, sendOk } from './http.ts';
import { accountJson, speedOf } from './json.ts';
import type { LichessState } from './state.ts';
import type { ChallengeTimeControl, FakeUser, RecordedRequest, VariantKey } from './types.ts';

export interface RouteContext {
  req: IncomingMessage;
  res: ServerResponse;
  record: RecordedRequest;
  params: Record<string, string>;
  query: URLSearchParams;
  body: string;
  form: URLSearchParams | undefined;
  /** the token's user (always set unless the route has `auth: 'none'`) */
  user: FakeUser;
  userAgent: string;
  state: LichessState;
}

export interface Route {
  method: string;
  pattern: RegExp;
  keys: string[];
  /** `none`: no token needed; `any`: any valid token; a list: one of these scopes */
  auth: 'none' | 'any' | readonly string[];
  /** only BOT accounts (lila answers 400 to others) */
  botOnly: boolean;
  handle(ctx: RouteContext): void;
}

const BOT = ['bot:play'];
const CHALLENGE_READ = ['challenge:read', 'bot:play', 'board:play'];
const CHALLENGE_WRITE = ['challenge:write', 'bot:play', 'board:play'];

export const NOT_A_BOT = 'This endpoint can only be used with a Bot account. See https://lichess.org/api#operation/botAccountUpgrade';
export const EVENT_STREAM_LIMITED =
  "Please don't poll this endpoint, it is intended to be streamed. See https://lichess.org/api#tag/Board/operation/apiStreamEvent.";

function route(method: string, path: string, auth: Route['auth'], handle: Route['handle'], botOnly = false): Route {
  const keys: string[] = [];
  const source = path.replace(/:(\w+)/g, (_, key: string) => {
    keys.push(key);
    return '([^/]+)';
  });
  return { method, pattern: new RegExp(`^${source}$`), keys, auth, botOnly, handle };
}

/** Match a request to a route; `undefined` when no route has this path (404), `null` for a wrong method. */
export function findRoute(method: string, path: string): { route: Route; params: Record<string, string> } | undefined | null {
  let pathKnown = false;
  for (const r of ROUTES) {
    const m = r.pattern.exec(path);
    if (!m) continue;
    pathKnown = true;
    if (r.method !== method) continue;
    const params: Record<string, string> = {};
    r.keys.forEach((key, i) => (params[key] = m[i + 1]));
    return { route: r, params };
  }
  return pathKnown ? null : undefined;
}

/** A game and the caller's colour in it. */
interface FoundGame {
  game: FakeGame;
  color: 'white' | 'black';
}

/** The game and the caller's colour, or an answer already sent (404 "No such game" / "Not your game"). */
function withGame(ctx: RouteContext): FoundGame | undefined {
  const game = ctx.state.games.get(ctx.params.gameId);
  if (!game) {
    sendError(ctx.res, ctx.record, 404, 'No such game');
    return undefined;
  }
  const color = game.colorOf(ctx.user.id);
  if (!color) {
    sendError(ctx.res, ctx.record, 404, 'Not your game');
    return undefined;
  }
  return { game, color };
}

/**
 * A bot's endpoint about one of its games (bot:play, BOT accounts only): the handler runs once
 * withGame has found the game and the caller's colour, and is not called when it answered 404.
 */
function gameRoute(method: string, path: string, handle: (ctx: RouteContext, found: FoundGame) => void): Route {
  return route(method, path, BOT, (ctx) => {
    const found = withGame(ctx);
    if (found) handle(ctx, found);
  }, true);
}

/** Answer ok, or 400 with lila's text. */
function answer(ctx: RouteContext, error: string | undefined): void {
  if (error) sendError(ctx.res, ctx.record, 400, error);
  else sendOk(ctx.res, ctx.record);
}

function parseBool(text: string | null | undefined): boolean | undefined {
  if (text === null || text === undefined) return undefined;
  if (['yes', 'true', '1'].includes(text)) return true;
  if (['no', 'false', '0'].includes(text)) return false;
  return undefined;
}

const ROUTES: Route[] = [
  route('POST', '/api/token/test', 'none', (ctx) => {
    const result: Record<string, unknown> = {};
    for (const token of ctx.body.split(',').map((t) => t.trim()).filter(Boolean)) {
      const user = ctx.state.userByToken(token);
      result[token] = user ? { userId: user.id, scopes: user.scopes.join(','), expires: null } : null;
    }
    sendJson(ctx.res, ctx.record, 200, result);
  }),

  route('GET', '/api/account', 'any', (ctx) => {
    const playing = [...ctx.state.games.values()].filter((g) => !g.isOver && g.colorOf(ctx.user.id)).length;
    sendJson(ctx.res, ctx.record, 200, accountJson(ctx.user, ctx.state.baseUrl, playing, ctx.state.createdAt));
  }),

  route('GET', '/api/account/playing', 'any', (ctx) => {
    const nb = Math.min(50, Math.max(1, Number(ctx.query.get('nb') ?? 9) || 9));
    const entries = [...ctx.state.games.values()]
      .filter((g) => !g.isOver && g.colorOf(ctx.user.id))
      .map((g) => g.nowPlaying(g.colorOf(ctx.user.id)!))
      .sort((a, b) => Number(b.isMyTurn) - Number(a.isMyTurn) || (a.secondsLeft as number) - (b.secondsLeft as number));
    sendJson(ctx.res, ctx.record, 200, { nowPlaying: entries.slice(0, nb), nbMyTurn: entries.filter((e) => e.isMyTurn).length });
  }),

  route('POST', '/api/bot/account/upgrade', BOT, (ctx) => {
    const played = ctx.user.gamesPlayed > 0 || [...ctx.state.games.values()].some((g) => g.colorOf(ctx.user.id));
    if (ctx.user.title !== 'BOT' && played) return sendError(ctx.res, ctx.record, 400, 'You already have games played. Make a new account.');
    ctx.user.title = 'BOT';
    sendOk(ctx.res, ctx.record);
  }),

  route('GET', '/api/bot/online', 'none', (ctx) => {
    const nb = Math.min(512, Math.max(1, Number(ctx.query.get('nb') ?? 100) || 100));
    const bots = [...ctx.state.users.values()].filter((u) => u.title === 'BOT' && u.online).slice(0, nb);
    const perf = (u: FakeUser) => ({ games: u.gamesPlayed, rating: u.rating, rd: 60, prog: 0, ...(u.provisional ? { prov: true } : {}) });
    const perfs = (u: FakeUser) => ({ bullet: perf(u), blitz: perf(u), rapid: perf(u), classical: perf(u), storm: { runs: 0, score: 0 } });
    const text = bots.map((u) => JSON.stringify({ id: u.id, username: u.username, title: 'BOT', perfs: perfs(u), createdAt: ctx.state.createdAt, seenAt: Date.now(), playTime: { total: 0, tv: 0 } }) + '\n').join('');
    ctx.record.status = 200;
    ctx.record.response = text;
    ctx.res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
    ctx.res.end(text);
  }),

  route('GET', '/api/stream/event', CHALLENGE_READ, (ctx) => {
    const limit = ctx.state.settings.eventStreamLimit;
    if (limit) {
      const now = ctx.state.now();
      const opens = (ctx.state.eventOpens.get(ctx.user.id) ?? []).filter((t) => now - t < limit.windowMs);
      ctx.state.eventOpens.set(ctx.user.id, opens);
      if (opens.length >= limit.max) return sendError(ctx.res, ctx.record, 429, EVENT_STREAM_LIMITED);
      opens.push(now);
    }
    ctx.record.status = 200;
    ctx.state.openEventStream(ctx.res, ctx.user, ctx.userAgent);
  }),

  route('GET', '/api/challenge', CHALLENGE_READ, (ctx) => {
    const pending = [...ctx.state.challenges.values()].filter((c) => c.status === 'created');
    sendJson(ctx.res, ctx.record, 200, {
      in: pending.filter((c) => c.destUser.id === ctx.user.id).map((c) => c.json('in')),
      out: pending.filter((c) => c.challenger.id === ctx.user.id).map((c) => c.json('out')),
    });
  }),

  route('GET', '/api/challenge/:challengeId/show', CHALLENGE_READ, (ctx) => {
    const c = ctx.state.challenges.get(ctx.params.challengeId);
    if (!c || (c.destUser.id !== ctx.user.id && c.challenger.id !== ctx.user.id)) return sendError(ctx.res, ctx.record, 404, 'Not found');
    sendJson(ctx.res, ctx.record, 200, c.json(c.destUser.id === ctx.user.id ? 'in' : 'out'));
  }),

  // Challenge creation (BOT-API.md §1.2 row 17): lila's validity rules and its bot-versus-bot
  // daily limit (BotLimit: 429 for the challenger, 400 with the same body for an opponent at it).
  route('POST', '/api/challenge/:username', CHALLENGE_WRITE, (ctx) => {
    const dest = ctx.state.users.get(ctx.params.username.toLowerCase());
    if (!dest) return sendError(ctx.res, ctx.record, 400, `No such user: ${ctx.params.username}`);
    if (dest.id === ctx.user.id) return sendError(ctx.res, ctx.record, 400, 'You cannot challenge yourself');
    const form = ctx.form ?? new URLSearchParams();
    const limitText = form.get('clock.limit');
    const incrementText = form.get('clock.increment');
    const daysText = form.get('days');
    let timeControl: ChallengeTimeControl = 'unlimited';
    if (limitText !== null || incrementText !== null) {
      const limit = Number(limitText);
      const increment = Number(incrementText);
      const validLimit = Number.isInteger(limit) && ([0, 15, 30, 45, 90].includes(limit) || (limit % 60 === 0 && limit >= 0 && limit <= 10_800));
      if (!validLimit || !Number.isInteger(increment) || increment < 0 || increment > 60) {
        return sendJson(ctx.res, ctx.record, 400, { error: { clock: ['Invalid clock'] } });
      }
      if (ctx.user.title === 'BOT' && speedOf(limit, increment) === 'ultraBullet') {
        return sendError(ctx.res, ctx.record, 400, 'Bots cannot play UltraBullet. Choose a slower time control.');
      }
      timeControl = { limit, increment };
    } else if (daysText !== null) {
      const days = Number(daysText);
      if (![1, 2, 3, 5, 7, 10, 14].includes(days)) return sendJson(ctx.res, ctx.record, 400, { error: { days: ['error.number'] } });
      timeControl = { daysPerTurn: days };
    }
    if (ctx.user.title === 'BOT' && dest.title === 'BOT') {
      const limit = ctx.state.settings.botDailyLimit;
      const limited = (user: FakeUser) => {
        const { count, resetMs } = ctx.state.botGamesOf(user.id);
        return count >= limit ? Math.max(1, Math.ceil(resetMs / 1000)) : null;
      };
      const ours = limited(ctx.user);
      const body = (seconds: number) => ({
        error: `You played ${limit} games against other bots today, please wait before challenging another bot.`,
        ratelimit: { key: 'bot.vsBot.day', seconds },
      });
      if (ours !== null) return sendJson(ctx.res, ctx.record, 429, body(ours));
      const theirs = limited(dest);
      if (theirs !== null) return sendJson(ctx.res, ctx.record, 400, body(theirs));
    }
    const rated = parseBool(form.get('rated')) ?? false;
    const color = form.get('color');
    const variant = (form.get('variant') ?? 'standard') as VariantKey;
    const challenge = ctx.state.challengeByApi(ctx.user, dest, {
      timeControl, rated, variant, color: color === 'white' || color === 'black' ? color : 'random',
    });
    sendJson(ctx.res, ctx.record, 200, challenge.json('out'));
  }),

  route('POST', '/api/challenge/:challengeId/accept', CHALLENGE_WRITE, (ctx) => {
    const c = ctx.state.challenges.get(ctx.params.challengeId);
    if (!c || c.destUser.id !== ctx.user.id || c.status === 'accepted') return sendError(ctx.res, ctx.record, 404, 'Not found');
    if (c.status === 'canceled') return sendError(ctx.res, ctx.record, 400, 'The challenge has been canceled.');
    if (c.status === 'declined') return sendError(ctx.res, ctx.record, 400, 'The challenge has been declined.');
    if (ctx.user.title === 'BOT' && !c.compatBot) return sendError(ctx.res, ctx.record, 400, 'Game incompatible with a BOT account');
    ctx.state.acceptChallenge(c);
    sendOk(ctx.res, ctx.record);
  }),

  route('POST', '/api/challenge/:challengeId/decline', CHALLENGE_WRITE, (ctx) => {
    const c = ctx.state.challenges.get(ctx.params.challengeId);
    if (!c || c.destUser.id !== ctx.user.id || c.status !== 'created') return sendError(ctx.res, ctx.record, 404, 'Not found');
    ctx.state.declineChallenge(c, ctx.form?.get('reason') ?? null);
    sendOk(ctx.res, ctx.record);
  }),

  route('POST', '/api/challenge/:challengeId/cancel', CHALLENGE_WRITE, (ctx) => {
    const c = ctx.state.challenges.get(ctx.params.challengeId);
    if (!c) return sendError(ctx.res, ctx.record, 404, 'Not found');
    if (c.status === 'created' && c.challenger.id === ctx.user.id) c.cancel();
    else if (c.status === 'created' && c.destUser.id === ctx.user.id) ctx.state.declineChallenge(c, 'generic');
    else if (c.status === 'accepted' && c.game && !c.game.isOver && c.game.moves.length < 2) c.game.end('aborted');
    else return sendError(ctx.res, ctx.record, 404, 'Not found');
    sendOk(ctx.res, ctx.record);
  }),

  gameRoute('GET', '/api/bot/game/stream/:gameId', (ctx, found) => {
    if (found.game.speed === 'ultraBullet') return sendError(ctx.res, ctx.record, 400, 'This game cannot be played with the Bot API.');
    ctx.record.status = 200;
    ctx.state.openGameStream(ctx.res, found.game, ctx.user, ctx.userAgent);
  }),

  gameRoute('POST', '/api/bot/game/:gameId/move/:move', (ctx, found) => {
    const offeringDraw = parseBool(ctx.query.get('offeringDraw'));
    answer(ctx, found.game.move(found.color, ctx.params.move, 'api', offeringDraw));
  }),

  gameRoute('POST', '/api/bot/game/:gameId/chat', (ctx, found) => {
    const room = ctx.form?.get('room');
    const text = ctx.form?.get('text') ?? '';
    // lila's form errors: {"error":{"field":["error.key"]}}
    if (room !== 'player' && room !== 'spectator') return sendJson(ctx.res, ctx.record, 400, { error: { room: ['error.required'] } });
    if (!text.trim()) return sendJson(ctx.res, ctx.record, 400, { error: { text: ['error.required'] } });
    if (text.length > 140) return sendJson(ctx.res, ctx.record, 400, { error: { text: ['error.maxLength'] } });
    found.game.say(ctx.user, room, text, 'api');
    sendOk(ctx.res, ctx.record);
  }),

  gameRoute('GET', '/api/bot/game/:gameId/chat', (ctx, found) => {
    const lines = found.game.chat.filter((l) => l.room === 'player').map((l) => ({ text: l.text, user: l.username }));
    sendJson(ctx.res, ctx.record, 200, lines);
  }),

  gameRoute('POST', '/api/bot/game/:gameId/abort', (ctx, found) => {
    answer(ctx, found.game.abortBy(found.color));
  }),

  gameRoute('POST', '/api/bot/game/:gameId/resign', (ctx, found) => {
    answer(ctx, found.game.resignBy(found.color));
  }),

  gameRoute('POST', '/api/bot/game/:gameId/draw/:accept', (ctx, found) => {
    const yes = parseBool(ctx.params.accept);
    if (yes === undefined) return sendError(ctx.res, ctx.record, 400, `Invalid value: ${ctx.params.accept}`);
    found.game.draw(found.color, yes, 'api');
    sendOk(ctx.res, ctx.record);
  }),

  gameRoute('POST', '/api/bot/game/:gameId/takeback/:accept', (ctx, found) => {
    const yes = parseBool(ctx.params.accept);
    if (yes === undefined) return sendError(ctx.res, ctx.record, 400, `Invalid value: ${ctx.params.accept}`);
    found.game.takeback(found.color, yes);
    sendOk(ctx.res, ctx.record);
  }),

  gameRoute('POST', '/api/bot/game/:gameId/claim-victory', (ctx, found) => {
    answer(ctx, found.game.claimVictory(found.color));
  }),

  gameRoute('POST', '/api/bot/game/:gameId/claim-draw', (ctx, found) => {
    answer(ctx, found.game.claimDraw(found.color));
  }),
];
