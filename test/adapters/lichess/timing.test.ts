// The timing helpers: jittered exponential backoff within its bounds, the sliding-window limit on
// stream opens (Lichess: 30 per 10 minutes), and a sleep that an abort ends early.

import { describe, expect, it } from 'vitest';
import { WindowLimiter, backoffMs, sleep } from '../../../src/adapters/lichess/timing.ts';

describe('backoffMs', () => {
  const timings = { backoffBaseMs: 1000, backoffMaxMs: 60_000 };
  it('doubles per failure, half of it random, up to the maximum', () => {
    expect(backoffMs(1, timings, () => 0)).toBe(500);
    expect(backoffMs(1, timings, () => 1)).toBe(1000);
    expect(backoffMs(3, timings, () => 0.5)).toBe(3000);
    expect(backoffMs(30, timings, () => 1)).toBe(60_000);
    expect(backoffMs(1000, timings, () => 0)).toBe(30_000);
  });
});

describe('WindowLimiter', () => {
  it('allows `limit` events per window, then says how long to wait', () => {
    let now = 0;
    const limiter = new WindowLimiter(30, 600_000, () => now);
    for (let i = 0; i < 30; i++) {
      expect(limiter.waitMs()).toBe(0);
      limiter.record();
      now += 1000;
    }
    // The window plus a margin of 5 s for the server's later count.
    expect(limiter.waitMs()).toBe(605_000 - 30_000);
    now = 605_000;
    expect(limiter.waitMs()).toBe(0);
  });
});

describe('sleep', () => {
  it('ends early when its signal aborts', async () => {
    const controller = new AbortController();
    const start = performance.now();
    const done = sleep(10_000, controller.signal);
    setTimeout(() => controller.abort(), 20);
    await done;
    expect(performance.now() - start).toBeLessThan(2000);
  });
});
