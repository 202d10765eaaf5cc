import { describe, expect, it } from 'vitest';
import { SearchLimiter } from '../../../src/adapters/discord/limits.ts';

function clock(start = 1_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe('SearchLimiter', () => {
  it('admits up to the per-user limit, and says when the first of that user\'s searches ends', () => {
    const time = clock();
    const limiter = new SearchLimiter({ perUser: 2, total: 10 }, time.now);
    expect(limiter.admit('ann', 60_000).ok).toBe(true);
    time.advance(10_000);
    expect(limiter.admit('ann', 60_000).ok).toBe(true);
    time.advance(5_000);
    expect(limiter.admit('ann', 60_000)).toEqual({ ok: false, reason: 'user', retryInMs: 45_000 });
    // Others are not affected by Ann's limit.
    expect(limiter.admit('bob', 60_000).ok).toBe(true);
    expect(limiter.running).toBe(3);
  });

  it('refuses beyond the total, estimating from the search that ends first', () => {
    const time = clock();
    const limiter = new SearchLimiter({ perUser: 1, total: 2 }, time.now);
    const ann = limiter.admit('ann', 30_000);
    time.advance(1_000);
    expect(limiter.admit('bob', 10_000).ok).toBe(true);
    time.advance(4_000);
    expect(limiter.admit('cid', 30_000)).toEqual({ ok: false, reason: 'total', retryInMs: 6_000 });
    if (!ann.ok) throw new Error('expected a slot');
    ann.slot.release();
    expect(limiter.admit('cid', 30_000).ok).toBe(true);
  });

  it('releasing twice frees one place only, and an overdue search estimates zero', () => {
    const time = clock();
    const limiter = new SearchLimiter({ perUser: 1, total: 1 }, time.now);
    const first = limiter.admit('ann', 1_000);
    if (!first.ok) throw new Error('expected a slot');
    time.advance(5_000);
    expect(limiter.admit('bob', 1_000)).toEqual({ ok: false, reason: 'total', retryInMs: 0 });
    first.slot.release();
    first.slot.release();
    expect(limiter.admit('bob', 1_000).ok).toBe(true);
    expect(limiter.admit('cid', 1_000).ok).toBe(false);
  });

  it('rejects limits below one', () => {
    expect(() => new SearchLimiter({ perUser: 0, total: 1 })).toThrow(/perUser must be an integer >= 1/);
    expect(() => new SearchLimiter({ perUser: 1, total: 1.5 })).toThrow(/total must be an integer >= 1/);
  });
});
