// Matchmaking, the new challenge rules and per-route 429s end to end: the real bot against the fake
// Lichess. It challenges an online bot within the rating window, stops at the daily bot-versus-bot
// limit until the time Lichess gives, skips a bot that declined, stands aside for a waiting human
// and keeps a slot for humans, cancels a challenge left unanswered; each rating rule declines with
// its reason; a 429 on the challenge endpoint pauses matchmaking alone.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LichessSettings, MatchmakingSettings } from '../../../src/config/types.ts';
import { FakeLichess, type GameHandle } from '../../support/fakeLichess/index.ts';
import { DEFAULT_SETTINGS, KEEP_ALIVE_MS, type TestBot, startTestBot, until } from './harness.ts';

let fake: FakeLichess;
let bot: TestBot | null = null;
let server: Server | null = null;

beforeEach(async () => {
  fake = await FakeLichess.start({ keepAliveMs: KEEP_ALIVE_MS, botDailyWindowMs: 2500, botDailyLimit: 100 });
});

afterEach(async () => {
  await bot?.stop();
  bot = null;
  await fake.close();
  if (server) await new Promise((resolve) => server!.close(resolve));
  server = null;
});

/** testbot is 1800; otherbot 2000 is inside the default window (-300..+300). */
function matchmaking(overrides: Partial<MatchmakingSettings> = {}): Pick<LichessSettings, 'matchmaking'> {
  return {
    matchmaking: {
      ...DEFAULT_SETTINGS.matchmaking, enabled: true, idleSeconds: 0.2, challengeTimeoutSeconds: 5, humanSlots: 0,
      timeControls: [{ baseSeconds: 180, incrementSeconds: 2 }], ...overrides,
    },
  };
}

const challengesTo = (user?: string) => fake.requestsTo(user ? `/api/challenge/${user}` : /^\/api\/challenge\/[^/]+$/, 'POST');

async function gameAgainst(user: string, count = 1): Promise<GameHandle> {
  return fake.waitFor(() => {
    const games = fake.games().filter((g) => g.white.id === user || g.black.id === user);
    return games.length >= count && games[count - 1];
  }, { timeoutMs: 10_000, what: `game ${count} against ${user}` });
}

describe('matchmaking against the fake Lichess', () => {
  it('challenges an online bot within the rating window, never one outside it or blocked', async () => {
    fake.addUser({ id: 'weakbot', title: 'BOT', rating: 1400 });
    fake.addUser({ id: 'strongbot', title: 'BOT', rating: 2200 });
    fake.addUser({ id: 'blockedbot', title: 'BOT', rating: 1900 });
    fake.addUser({ id: 'offlinebot', title: 'BOT', rating: 1800, online: false });
    fake.user('otherbot').challengeOpponent = { moves: 'never' };
    bot = await startTestBot(fake, { ...matchmaking(), blockList: ['blockedbot'] });
    const first = await gameAgainst('otherbot');
    await until(() => bot!.bot.activeGames.includes(first.id), 'the matchmade game to be played');
    const sent = challengesTo()[0]!;
    expect(sent.path).toBe('/api/challenge/otherbot');
    expect(Object.fromEntries(sent.form!)).toMatchObject({ 'clock.limit': '180', 'clock.increment': '2', rated: 'false', variant: 'standard' });
    expect(fake.requestsTo('/api/bot/online', 'GET').length).toBeGreaterThan(0);
    // Once the game ends, the bot is idle again and asks again: the same bot, the only one in the window.
    first.end('aborted');
    await gameAgainst('otherbot', 2);
    expect(new Set(challengesTo().map((r) => r.path))).toEqual(new Set(['/api/challenge/otherbot']));
    await until(() => bot!.bot.stats.matchmaking?.challengesAccepted === 2, 'both challenges to be counted as accepted');
    expect(bot.bot.stats.matchmaking).toMatchObject({ challengesSent: 2, challengesDeclined: 0 });
  });

  it('stops at the daily bot-versus-bot limit until the time Lichess gives, while games go on', async () => {
    await fake.close();
    fake = await FakeLichess.start({ keepAliveMs: KEEP_ALIVE_MS, botDailyLimit: 1, botDailyWindowMs: 2500 });
    fake.user('otherbot').challengeOpponent = { moves: 'never' };
    bot = await startTestBot(fake, matchmaking());
    const first = await gameAgainst('otherbot');
    first.end('aborted');
    const limited = await fake.waitFor(() => challengesTo('otherbot').find((r) => r.status === 429), { timeoutMs: 10_000, what: 'the daily 429' });
    const body = limited.response as { ratelimit: { key: string; seconds: number } };
    expect(body.ratelimit.key).toBe('bot.vsBot.day');
    await until(() => bot!.bot.matchmaking!.decisions.dailyLimitUntil > 0, 'matchmaking to pause for the day');
    // A human's challenge is still accepted and played meanwhile.
    const human = fake.challenge({ from: 'alice', rated: false, opponent: { moves: 'never' } });
    expect(await human.settled(10_000)).toBe('accepted');
    const after = await fake.waitFor(() => challengesTo('otherbot').find((r) => r.at > limited.at), { timeoutMs: 10_000, what: 'the next challenge' });
    expect(after.at - limited.at).toBeGreaterThanOrEqual(body.ratelimit.seconds * 1000 - 50);
    expect(after.status).toBe(200);
  });

  it('skips a bot that declined (and remembers why) and challenges another', async () => {
    fake.addUser({ id: 'declinerbot', title: 'BOT', rating: 1900, challengeAnswer: 'timeControl' });
    fake.user('otherbot').online = false;
    fake.user('otherbot').challengeOpponent = { moves: 'never' };
    bot = await startTestBot(fake, matchmaking());
    await fake.waitFor(() => fake.challenges().find((c) => c.destUser.id === 'declinerbot' && c.status === 'declined'), { what: 'the decline' });
    await until(() => bot!.bot.stats.matchmaking?.challengesDeclined === 1, 'the decline to be heard');
    expect(bot.bot.matchmaking!.decisions.avoidance('declinerbot', { baseSeconds: 180, incrementSeconds: 2 })).toMatchObject({ reason: 'timecontrol' });
    fake.user('otherbot').online = true;
    await gameAgainst('otherbot');
    expect(challengesTo('declinerbot')).toHaveLength(1);
  });

  it('cancels its challenge when it goes unanswered', async () => {
    fake.user('otherbot').challengeAnswer = 'ignore';
    bot = await startTestBot(fake, matchmaking({ challengeTimeoutSeconds: 1 }));
    const cancel = await fake.waitFor(() => fake.requestsTo('/api/challenge/*/cancel', 'POST')[0], { timeoutMs: 10_000, what: 'the cancel' });
    const sent = challengesTo('otherbot')[0]!;
    expect(cancel.path).toBe(`/api/challenge/${(sent.response as { id: string }).id}/cancel`);
    expect(cancel.at - sent.at).toBeGreaterThanOrEqual(950);
    expect(fake.challenges().find((c) => c.destUser.id === 'otherbot')!.status).toBe('canceled');
    await until(() => bot!.bot.stats.matchmaking?.challengesCancelled === 1, 'the cancel to be counted');
    expect(bot.bot.matchmaking!.decisions.avoidance('otherbot')).toMatchObject({ reason: 'timeout' });
  });

  it('stands aside while a challenge from a human waits, and keeps a slot for humans', async () => {
    fake.user('otherbot').challengeOpponent = { moves: 'never' };
    // The human's challenge is waiting when the bot starts, and its accept takes 1.5 s to answer.
    fake.failNext('/api/challenge/*/accept', { delayMs: 1500 });
    const human = fake.challenge({ from: 'alice', rated: false, opponent: { moves: 'never' } });
    // Three slots, one kept for humans: while the human's challenge is being accepted one slot is
    // still free for matchmaking, which stands aside all the same.
    bot = await startTestBot(fake, { concurrency: 3, ...matchmaking({ humanSlots: 1 }) });
    expect(await human.settled(10_000)).toBe('accepted');
    const accept = fake.requestsTo('/api/challenge/*/accept')[0]!;
    const sent = await fake.waitFor(() => challengesTo('otherbot')[0], { timeoutMs: 10_000, what: 'a challenge once the human game started' });
    expect(sent.at).toBeGreaterThanOrEqual(accept.at + 1500);
    expect(fake.requestsTo('/api/bot/online').every((r) => r.at >= accept.at + 1500)).toBe(true);
    // With the human's game and the matchmade one running, the last slot stays for humans: a
    // human is accepted, and no second bot was challenged.
    const game = await gameAgainst('otherbot');
    await until(() => bot!.bot.activeGames.includes(game.id) && bot!.bot.activeGames.length === 2, 'both games');
    await game.waitForPly(0);
    const second = fake.challenge({ from: 'alice', rated: false, opponent: { moves: 'never' } });
    expect(await second.settled(10_000)).toBe('accepted');
    await until(() => bot!.bot.activeGames.length === 3, 'the second human game');
    expect(challengesTo()).toHaveLength(1);
  });

  it('pauses matchmaking alone after a 429 on the challenge endpoint: games and other endpoints go on', async () => {
    fake.user('otherbot').challengeOpponent = { moves: 'never' };
    fake.failNext('/api/challenge/otherbot', { method: 'POST', status: 429, retryAfter: 2 });
    // A quick game (bullet, 30 s) so that the bot moves several times during the 2 s pause.
    const human = fake.challenge({ from: 'alice', rated: false, color: 'white', speed: 'bullet', timeControl: { limit: 30, increment: 0 }, opponent: { moves: 'random', thinkMs: 20 } });
    bot = await startTestBot(fake, matchmaking());
    const limited = await fake.waitFor(() => challengesTo('otherbot').find((r) => r.status === 429), { timeoutMs: 10_000, what: 'the 429' });
    expect(await human.settled(10_000)).toBe('accepted');
    // The human game goes on: moves are sent during the pause.
    await human.game!.waitForPly(2, 10_000);
    const next = await fake.waitFor(() => challengesTo('otherbot').find((r) => r.at > limited.at), { timeoutMs: 10_000, what: 'the challenge after the pause' });
    const movesDuringPause = fake.requestsTo('/api/bot/game/*/move/*').filter((r) => r.at > limited.at && r.at < next.at && r.status === 200);
    expect(movesDuringPause.length).toBeGreaterThan(0);
    expect(next.at - limited.at).toBeGreaterThanOrEqual(1950);
    expect(next.status).toBe(200);
  });
});

describe('challenge rules against the fake Lichess', () => {
  it('declines each rating rule, bullet without increment and a second game against one opponent with its reason', async () => {
    fake.addUser({ id: 'weakling', rating: 1200 });
    fake.addUser({ id: 'master', rating: 2600 });
    fake.addUser({ id: 'nearby', rating: 1500 });
    fake.addUser({ id: 'unrated', rating: 1700 });
    // testbot is 1800: minRating 1300 stops weakling, maxRating 2500 master, a difference of 250 nearby.
    bot = await startTestBot(fake, {
      concurrency: 3, minRating: 1300, maxRating: 2500, maxRatingDifference: 250, bulletRequiresIncrement: true, maxGamesPerOpponent: 1,
    });
    for (const [from, reason] of [['weakling', 'generic'], ['master', 'generic'], ['nearby', 'generic']] as const) {
      const challenge = fake.challenge({ from, rated: false });
      expect(await challenge.settled(10_000), from).toBe('declined');
      expect(challenge.declineReason, from).toBe(reason);
    }
    const bullet = fake.challenge({ from: 'unrated', rated: false, timeControl: { limit: 60, increment: 0 } });
    expect(await bullet.settled(10_000)).toBe('declined');
    expect([bullet.declineReason, bullet.declineReasonKey]).toEqual(['timeControl', 'timecontrol']);
    const first = fake.challenge({ from: 'unrated', rated: false, opponent: { moves: 'never' } });
    expect(await first.settled(10_000)).toBe('accepted');
    await until(() => bot!.bot.activeGames.length === 1, 'the first game');
    const second = fake.challenge({ from: 'unrated', rated: false });
    expect(await second.settled(10_000)).toBe('declined');
    expect(second.declineReason).toBe('later');
  });

  it('declines users of the block list fetched from a URL with generic', async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('# blocked\nMallory\n');
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/blocked.txt`;
    fake.addUser({ id: 'mallory' });
    bot = await startTestBot(fake, { blockListUrl: url });
    const blocked = fake.challenge({ from: 'mallory', rated: false });
    expect(await blocked.settled(10_000)).toBe('declined');
    expect(blocked.declineReason).toBe('generic');
    const fine = fake.challenge({ from: 'alice', rated: false, opponent: { moves: 'never' } });
    expect(await fine.settled(10_000)).toBe('accepted');
  });
});
