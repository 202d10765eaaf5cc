// The tablebase client against the fake tablebase over loopback: answers read as documented, a
// deadline that holds whatever the server does, a pause after a failure and a minute's silence
// after a 429, and one request at a time.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TablebaseClient } from '../../../src/adapters/lichess/tablebase.ts';
import type { Logger } from '../../../src/log.ts';
import { FakeTablebase } from '../../support/fakeTablebase.ts';

const KQK = '7k/8/8/8/8/8/8/KQ6 w - - 0 1';
const quiet: Logger = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} };

let fake: FakeTablebase;
let client: TablebaseClient;
let clock = 0;

beforeEach(async () => {
  fake = await FakeTablebase.start();
  clock = 0;
  client = new TablebaseClient({ baseUrl: fake.url, userAgent: 'chessbot/0.1.0', logger: quiet, now: () => clock, failurePauseMs: 5_000 });
});

afterEach(async () => {
  await client.close();
  await fake.close();
});

const ask = (timeoutMs = 2_000, signal = new AbortController().signal) => client.probe(KQK, { signal, timeoutMs });

describe('the tablebase client', () => {
  it('reads an answer in the documented shape', async () => {
    const answer = await ask();
    expect(answer).toMatchObject({ category: 'win', dtm: 13 });
    expect(answer!.moves[0]).toMatchObject({ category: 'loss', zeroing: false, checkmate: false });
    expect(answer!.moves.every((m) => /^[a-h][1-8][a-h][1-8]$/.test(m.uci))).toBe(true);
    expect(fake.requests.map((r) => r.fen)).toEqual([KQK]);
  });

  it('gives up a slow answer at its deadline, then leaves the tablebase alone for a while', async () => {
    fake.setDelay(5_000);
    const started = performance.now();
    expect(await ask(150)).toBeNull();
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(client.isAvailable()).toBe(false);
    expect(await ask()).toBeNull();
    expect(fake.requests).toHaveLength(1);
    clock += 5_000;
    fake.setDelay(0);
    expect(client.isAvailable()).toBe(true);
    expect(await ask()).not.toBeNull();
    expect(client.stats).toMatchObject({ requests: 2, answered: 1, timedOut: 1 });
  });

  it('pauses after a server error', async () => {
    fake.failNext({ status: 500 });
    expect(await ask()).toBeNull();
    expect(client.isAvailable()).toBe(false);
    clock += 5_000;
    expect(await ask()).not.toBeNull();
    expect(client.stats).toMatchObject({ failed: 1, answered: 1 });
  });

  it('after a 429 does not ask for a minute, or longer when Retry-After says so', async () => {
    fake.failNext({ status: 429 });
    expect(await ask()).toBeNull();
    clock += 59_000;
    expect(await ask()).toBeNull();
    expect(fake.requests).toHaveLength(1);
    clock += 1_000;
    fake.failNext({ status: 429, retryAfter: 120 });
    expect(await ask()).toBeNull();
    clock += 60_000;
    expect(client.isAvailable()).toBe(false);
    clock += 60_000;
    expect(await ask()).not.toBeNull();
    expect(fake.requests).toHaveLength(3);
    expect(client.stats.rateLimited).toBe(2);
  });

  it('asks one at a time: a second caller waits its turn within its own deadline', async () => {
    fake.failNext({ status: undefined, delayMs: 400 });
    const first = ask(2_000);
    const second = ask(100);
    const third = ask(2_000);
    expect(await second).toBeNull();
    expect(await first).not.toBeNull();
    expect(await third).not.toBeNull();
    // The second never reached the server; the third went once the first was answered.
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.at).toBeGreaterThanOrEqual(fake.requests[0]!.endedAt!);
  });

  it('stops at once, without a pause, when the game moves on', async () => {
    fake.setDelay(5_000);
    const controller = new AbortController();
    const pending = ask(2_000, controller.signal);
    setTimeout(() => controller.abort(), 50);
    expect(await pending).toBeNull();
    expect(client.isAvailable()).toBe(true);
  });
});
