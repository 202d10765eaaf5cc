// The /mate answer cache in Redis, for bot processes that share a queue: a repeat is answered at
// once whichever process it reaches. Each answer is one key that expires by itself after the
// cache's time (Redis's maxmemory policy, not an entry count, bounds it).

import type { Redis } from 'ioredis';
import type { MateOutcome } from '../../mate/index.ts';
import type { AnswerCache, CachedAnswer } from './cache.ts';

interface StoredAnswer {
  readonly outcome: MateOutcome;
  /** The board picture, base64; null when the answer has none. */
  readonly png: string | null;
  readonly storedAt: number;
}

export function redisAnswerCache(redis: Redis, keyOf: (key: string) => string, ttlMs: number): AnswerCache {
  return {
    async get(key) {
      const text = await redis.get(keyOf(key));
      if (text === null) return undefined;
      const stored = JSON.parse(text) as StoredAnswer;
      const png = stored.png === null ? null : Buffer.from(stored.png, 'base64');
      return { value: { outcome: stored.outcome, png }, ageMs: Math.max(0, Date.now() - stored.storedAt) };
    },
    async set(key, value: CachedAnswer) {
      const stored: StoredAnswer = { outcome: value.outcome, png: value.png?.toString('base64') ?? null, storedAt: Date.now() };
      await redis.set(keyOf(key), JSON.stringify(stored), 'PX', ttlMs);
    },
  };
}
