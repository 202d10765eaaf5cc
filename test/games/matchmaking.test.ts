// The matchmaking decisions with an injected clock: when to challenge (idle time, free slots kept
// for humans, a human's challenge waiting, the rate-limit gate, the daily limit), whom (the rating
// window, declines remembered per bot or per time control, block lists), and the cancel of an
// unanswered challenge.

import { describe, expect, it } from 'vitest';
import { fileConfigSchema } from '../../src/config/schema.ts';
import type { MatchmakingSettings } from '../../src/config/types.ts';
import { Matchmaking, type OnlineBot, botDailyLimitMs, speedOf } from '../../src/games/matchmaking.ts';

const DEFAULTS: MatchmakingSettings = fileConfigSchema.parse({}).lichess.matchmaking;

function setup(settings: Partial<MatchmakingSettings> = {}, concurrency = 2) {
  let now = 1_000_000;
  const clock = { advance: (ms: number) => void (now += ms) };
  const mm = new Matchmaking({ concurrency, matchmaking: { ...DEFAULTS, enabled: true, idleSeconds: 60, ...settings } }, () => now, () => 0);
  return { mm, clock, now: () => now };
}

const free = { slotsInUse: 0, humanWaiting: false, challengeGateMs: 0 };
const bot = (id: string, rating: number, perf = 'blitz'): OnlineBot => ({ id, username: id, ratings: { [perf]: rating } });
const me = { id: 'testbot', ratings: { blitz: 1800, bullet: 1700 } };
const none = () => false;

describe('Matchmaking.next', () => {
  it('challenges once the bot has been idle for idleSeconds, and not before', () => {
    const { mm, clock, now } = setup();
    expect(mm.next(free)).toEqual({ kind: 'wait', atMs: now() + 60_000, why: expect.any(String) });
    clock.advance(59_999);
    expect(mm.next(free).kind).toBe('wait');
    clock.advance(1);
    expect(mm.next(free)).toEqual({ kind: 'challenge' });
  });

  it('starts the idle time again after activity', () => {
    const { mm, clock } = setup();
    clock.advance(50_000);
    mm.noteActivity();
    clock.advance(50_000);
    expect(mm.next(free).kind).toBe('wait');
    clock.advance(10_000);
    expect(mm.next(free).kind).toBe('challenge');
  });

  it('keeps humanSlots free for humans', () => {
    const { mm, clock } = setup({ humanSlots: 1 }, 3);
    clock.advance(60_000);
    expect(mm.next({ ...free, slotsInUse: 1 }).kind).toBe('challenge');
    expect(mm.next({ ...free, slotsInUse: 2 })).toMatchObject({ kind: 'idle' });
    // Once a slot frees, the bot waits its idle time again.
    expect(mm.next({ ...free, slotsInUse: 1 }).kind).toBe('wait');
  });

  it('never challenges while a challenge from a human waits', () => {
    const { mm, clock } = setup();
    clock.advance(120_000);
    expect(mm.next({ ...free, humanWaiting: true })).toMatchObject({ kind: 'idle' });
    expect(mm.next(free).kind).toBe('wait');
  });

  it('waits out the challenge endpoint\'s rate-limit gate', () => {
    const { mm, clock, now } = setup();
    clock.advance(60_000);
    expect(mm.next({ ...free, challengeGateMs: 5000 })).toEqual({ kind: 'wait', atMs: now() + 5000, why: expect.any(String) });
  });

  it('stops at the daily bot-versus-bot limit until the time given', () => {
    const { mm, clock, now } = setup();
    clock.advance(60_000);
    mm.dailyLimit(3_600_000);
    expect(mm.dailyLimitUntil).toBe(now() + 3_600_000);
    expect(mm.next(free)).toMatchObject({ kind: 'wait', atMs: now() + 3_600_000 });
    clock.advance(3_599_999);
    expect(mm.next(free).kind).toBe('wait');
    clock.advance(1);
    expect(mm.dailyLimitUntil).toBe(0);
    expect(mm.next(free).kind).toBe('challenge');
  });

  it('cancels its challenge when unanswered for challengeTimeoutSeconds, then avoids that bot', () => {
    const { mm, clock } = setup({ challengeTimeoutSeconds: 20 });
    clock.advance(60_000);
    mm.sent('abcdefgh', 'otherbot', { baseSeconds: 180, incrementSeconds: 2 });
    expect(mm.next(free).kind).toBe('wait');
    clock.advance(20_000);
    expect(mm.next(free)).toEqual({ kind: 'cancel', challengeId: 'abcdefgh' });
    expect(mm.cancelled('abcdefgh')).toBe(true);
    expect(mm.avoidance('otherbot')).toMatchObject({ reason: 'timeout' });
    expect(mm.pendingChallenge).toBeNull();
  });
});

describe('Matchmaking.choose', () => {
  it('chooses a bot within the window around our rating in the time control\'s speed', () => {
    const { mm } = setup({ minRatingDiff: -100, maxRatingDiff: 200 });
    const bots = [bot('weak', 1699), bot('low', 1700), bot('high', 2000), bot('strong', 2001), bot('testbot', 1800)];
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const choice = new Matchmaking({ concurrency: 2, matchmaking: { ...DEFAULTS, minRatingDiff: -100, maxRatingDiff: 200 } }, () => 0, () => i / 5).choose(bots, me, none);
      seen.add(choice!.bot.id);
      expect(choice).toMatchObject({ speed: 'blitz', ourRating: 1800, timeControl: { baseSeconds: 180, incrementSeconds: 2 } });
    }
    expect([...seen].sort()).toEqual(['high', 'low']);
    expect(mm.window(1800)).toEqual({ low: 1700, high: 2000 });
  });

  it('judges by the speed of the time control, and cuts the window by the absolute bounds', () => {
    const { mm } = setup({ timeControls: [{ baseSeconds: 60, incrementSeconds: 0 }], minRating: 1650, maxRating: 1750 });
    expect(speedOf(60, 0)).toBe('bullet');
    expect(mm.choose([bot('a', 1700, 'blitz')], me, none)).toBeNull();
    expect(mm.choose([bot('b', 1600, 'bullet')], me, none)).toBeNull();
    expect(mm.choose([bot('c', 1700, 'bullet')], me, none)).toMatchObject({ bot: { id: 'c' }, ourRating: 1700, rating: 1700 });
  });

  it('leaves out blocked bots, and a bot that declined for declineCooldownMinutes', () => {
    const { mm, clock } = setup({ declineCooldownMinutes: 30 });
    expect(mm.choose([bot('blocked', 1800)], me, (id) => id === 'blocked')).toBeNull();
    mm.sent('abcdefgh', 'Decliner', { baseSeconds: 180, incrementSeconds: 2 });
    expect(mm.declined('zzzzzzzz', 'later')).toBe(false);
    expect(mm.declined('abcdefgh', 'later')).toBe(true);
    expect(mm.avoidance('decliner')).toMatchObject({ reason: 'later' });
    expect(mm.choose([bot('decliner', 1800)], me, none)).toBeNull();
    clock.advance(30 * 60_000);
    expect(mm.choose([bot('decliner', 1800)], me, none)).toMatchObject({ bot: { id: 'decliner' } });
  });

  it('remembers a decline of the time control for that time control only', () => {
    const tcs = [{ baseSeconds: 60, incrementSeconds: 0 }, { baseSeconds: 300, incrementSeconds: 0 }];
    const { mm } = setup({ timeControls: tcs });
    const picky = { id: 'picky', username: 'Picky', ratings: { bullet: 1700, blitz: 1800 } };
    mm.sent('abcdefgh', 'picky', tcs[0]!);
    mm.declined('abcdefgh', 'toofast');
    expect(mm.avoidance('picky', tcs[0])).toMatchObject({ reason: 'toofast' });
    expect(mm.avoidance('picky', tcs[1])).toBeNull();
    for (let i = 0; i < 3; i++) expect(mm.choose([picky], me, none)?.timeControl).toEqual(tcs[1]);
  });

  it('skips an opponent at its own daily limit, and one Lichess refused', () => {
    const { mm, clock } = setup();
    mm.opponentLimited('tired', 10_000);
    mm.refused('gone');
    expect(mm.choose([bot('tired', 1800), bot('gone', 1800)], me, none)).toBeNull();
    clock.advance(10_000);
    expect(mm.choose([bot('tired', 1800), bot('gone', 1800)], me, none)).toMatchObject({ bot: { id: 'tired' } });
  });
});

describe('botDailyLimitMs', () => {
  it('reads the documented body, else a body naming the limit with Retry-After, else a day', () => {
    const documented = { error: 'You played 100 games against other bots today, please wait before challenging another bot.', ratelimit: { key: 'bot.vsBot.day', seconds: 86_398 } };
    expect(botDailyLimitMs(documented, 5)).toBe(86_398_000);
    expect(botDailyLimitMs({ error: 'limit bot.vsBot.day reached' }, 120)).toBe(120_000);
    expect(botDailyLimitMs('bot.vsBot.day', null)).toBe(86_400_000);
    expect(botDailyLimitMs({ error: 'Too many requests. Try again later.' }, 60)).toBeNull();
    expect(botDailyLimitMs({ ratelimit: { key: 'challenge.create.user', seconds: 60 } }, null)).toBeNull();
    expect(botDailyLimitMs('<html>429</html>', null)).toBeNull();
  });
});
