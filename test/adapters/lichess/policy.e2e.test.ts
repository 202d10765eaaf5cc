// The challenge policy end to end: the real bot against the fake Lichess declines each kind of
// challenge with its Lichess reason, accepts the rest, ignores its own outgoing challenges, a
// flood of challenges never takes more games than the concurrency, and an accept or decline that
// fails with a server error or no answer is tried again (and judged again when replayed).

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeLichess } from '../../support/fakeLichess/index.ts';
import { KEEP_ALIVE_MS, type TestBot, startTestBot, until } from './harness.ts';

let fake: FakeLichess;
let bot: TestBot | null = null;

beforeEach(async () => {
  fake = await FakeLichess.start({ keepAliveMs: KEEP_ALIVE_MS });
});

afterEach(async () => {
  await bot?.stop();
  bot = null;
  await fake.close();
});

describe('challenge policy against the fake Lichess', () => {
  it('declines with tooFast, tooSlow, timeControl, variant, casual, noBot and generic, and accepts the rest', async () => {
    fake.addUser({ id: 'mallory' });
    bot = await startTestBot(fake, {
      variants: ['standard', 'chess960'], speeds: ['blitz'], modes: ['casual'], opponents: ['human'], blockList: ['mallory'],
      minIncrementSeconds: 1, concurrency: 1,
    });
    const cases = [
      // Not `standard` ("not accepting variant challenges"): chess960 is accepted.
      ['variant', { variant: 'atomic' as const, rated: false }],
      ['tooFast', { timeControl: { limit: 15, increment: 0 }, rated: false }],
      ['tooFast', { timeControl: { limit: 60, increment: 0 }, rated: false }],
      ['tooSlow', { timeControl: { limit: 900, increment: 0 }, rated: false }],
      ['tooSlow', { timeControl: { daysPerTurn: 2 }, rated: false }],
      ['timeControl', { timeControl: { limit: 240, increment: 0 }, rated: false }],
      ['casual', { rated: true }],
      ['noBot', { from: 'otherbot', rated: false }],
      ['generic', { from: 'mallory', rated: false }],
    ] as const;
    for (const [reason, spec] of cases) {
      const challenge = fake.challenge({ timeControl: { limit: 180, increment: 2 }, ...spec });
      expect(await challenge.settled(10_000), reason).toBe('declined');
      expect(challenge.declineReason, JSON.stringify(spec)).toBe(reason);
    }
    // One acceptable challenge is accepted; the next waits: "later".
    const good = fake.challenge({ rated: false, timeControl: { limit: 180, increment: 2 }, opponent: { moves: 'never' } });
    expect(await good.settled(10_000)).toBe('accepted');
    const busy = fake.challenge({ rated: false, timeControl: { limit: 180, increment: 2 } });
    expect(await busy.settled(10_000)).toBe('declined');
    expect(busy.declineReason).toBe('later');
    expect(bot.logText()).toMatch(/info challenge declined .*"reason":"later","why":"already playing 1 of 1 games"/);
  });

  it('declines with standard when it plays standard chess only', async () => {
    bot = await startTestBot(fake, { variants: ['standard'] });
    const challenge = fake.challenge({ variant: 'crazyhouse', rated: false });
    expect(await challenge.settled(10_000)).toBe('declined');
    expect([challenge.declineReason, challenge.declineReasonKey]).toEqual(['standard', 'standard']);
  });

  it('declines with variant, onlyBot and rated under another policy', async () => {
    bot = await startTestBot(fake, { variants: ['chess960'], modes: ['rated'], opponents: ['bot'] });
    const variant = fake.challenge({ from: 'otherbot', rated: true });
    const onlyBot = fake.challenge({ from: 'alice', variant: 'chess960', rated: true });
    const rated = fake.challenge({ from: 'otherbot', variant: 'chess960', rated: false });
    for (const [challenge, reason] of [[variant, 'variant'], [onlyBot, 'onlyBot'], [rated, 'rated']] as const) {
      expect(await challenge.settled(10_000)).toBe('declined');
      expect(challenge.declineReason).toBe(reason);
    }
  });

  it('never takes more games than the concurrency when challenges flood in', async () => {
    bot = await startTestBot(fake, { concurrency: 1 });
    const flood = Array.from({ length: 4 }, () => fake.challenge({ rated: false, opponent: { moves: 'never' } }));
    const outcomes = await Promise.all(flood.map((c) => c.settled(10_000)));
    expect(outcomes.filter((o) => o === 'accepted')).toHaveLength(1);
    expect(flood.filter((c) => c.declineReason === 'later')).toHaveLength(3);
  });

  it('ignores its own outgoing challenges and judges a replayed challenge once', async () => {
    fake.challenge({ from: fake.botId, to: 'alice', rated: false });
    bot = await startTestBot(fake, { opponents: ['bot'] });
    const pending = fake.challenge({ from: 'alice', rated: false });
    expect(await pending.settled(10_000)).toBe('declined');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fake.requestsTo('/api/challenge/*/accept')).toHaveLength(0);
    expect(fake.requestsTo('/api/challenge/*/decline')).toHaveLength(1);
    expect(bot.bot.stats.challengesDeclined).toBe(1);
  });

  it('retries an accept or a decline that got a server error or no answer', async () => {
    bot = await startTestBot(fake, { concurrency: 1, opponents: ['human'] });
    fake.failNext('/api/challenge/*/accept', { status: 502, body: 'Bad Gateway' });
    fake.failNext('/api/challenge/*/accept', { destroy: true });
    const good = fake.challenge({ rated: false, opponent: { moves: 'never' } });
    expect(await good.settled(10_000)).toBe('accepted');
    expect(fake.requestsTo('/api/challenge/*/accept').map((r) => r.status)).toEqual([502, 0, 200]);
    fake.failNext('/api/challenge/*/decline', { status: 503, body: 'Service Unavailable' });
    const fromBot = fake.challenge({ from: 'otherbot', rated: false });
    expect(await fromBot.settled(10_000)).toBe('declined');
    expect(fromBot.declineReason).toBe('noBot');
    expect(bot.logText()).toMatch(/warn accepting the challenge failed; retrying .*Lichess answered 502 to the challenge acceptance: Bad Gateway/);
    expect(bot.logText()).toMatch(/warn declining the challenge failed; retrying .*Lichess answered 503 to the challenge decline/);
    await until(() => bot!.bot.stats.challengesDeclined === 1, 'the decline to be counted');
    expect(bot.bot.stats.challengesAccepted).toBe(1);
  });

  it('judges a challenge again when the event stream replays it after every attempt failed, without overrunning the slots', async () => {
    bot = await startTestBot(fake, { concurrency: 1 });
    fake.failNext('/api/challenge/*/accept', { status: 502, count: 3 });
    const first = fake.challenge({ rated: false, opponent: { moves: 'never' } });
    await until(() => /warn accepting the challenge failed .*"attempts":3/.test(bot!.logText()), 'the last attempt');
    // An attempt that got no real answer may have gone through: its slot stays taken until the
    // reservation expires, so another challenge meanwhile waits.
    const second = fake.challenge({ rated: false });
    expect(await second.settled(10_000)).toBe('declined');
    expect(second.declineReason).toBe('later');
    await until(() => /an accepted challenge never started; its slot is free again/.test(bot!.logText()), 'the reservation to expire');
    expect(first.status).toBe('created');
    fake.dropEventStream();
    expect(await first.settled(10_000)).toBe('accepted');
    await until(() => bot!.bot.activeGames.length === 1, 'the game to start');
  });

  it('frees the slot of a challenge withdrawn before its game started', async () => {
    bot = await startTestBot(fake, { concurrency: 1 });
    const first = fake.challenge({ rated: false, opponent: { moves: 'never' } });
    expect(await first.settled(10_000)).toBe('accepted');
    await until(() => bot!.bot.activeGames.length === 1, 'the game to start');
    first.game!.end('aborted');
    await until(() => bot!.bot.activeGames.length === 0, 'the slot to be freed');
    const second = fake.challenge({ rated: false, opponent: { moves: 'never' } });
    expect(await second.settled(10_000)).toBe('accepted');
  });
});
