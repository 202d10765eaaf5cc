// REDIS_URL as connection options, and as a log may show it.

import { describe, expect, it } from 'vitest';
import { Secret } from '../../src/config/secret.ts';
import { RedisRefusedError, describeRedis, redisOptions, redisPassword, waitForRedis } from '../../src/queue/index.ts';
import { hasRedisServer, startRedis } from '../support/redis.ts';

describe('redisOptions', () => {
  it('reads the host, port, user, password, database and TLS from the URL', () => {
    expect(redisOptions(new Secret('redis://localhost'))).toMatchObject({ host: 'localhost', port: 6379, db: 0 });
    const full = redisOptions(new Secret('rediss://bot:p%40ss@redis.example:6380/3'));
    expect(full).toMatchObject({ host: 'redis.example', port: 6380, username: 'bot', password: 'p@ss', db: 3, tls: {} });
    expect(redisOptions(new Secret('redis://:secret@[::1]:7000'))).toMatchObject({ host: '::1', port: 7000, password: 'secret' });
  });

  it('leaves the password out of what a log shows', () => {
    const url = new Secret('redis://bot:hunter2@redis.example:6380/0');
    expect(describeRedis(url)).toBe('redis://[redacted]@redis.example:6380/0');
    expect(redisPassword(url)?.reveal()).toBe('hunter2');
    expect(redisPassword(new Secret('redis://redis.example'))).toBeNull();
  });
});

describe.skipIf(!hasRedisServer())('waitForRedis', () => {
  it('resolves at once for a Redis that answers', async () => {
    const redis = await startRedis();
    try {
      await waitForRedis(redis.connection);
    } finally {
      await redis.close();
    }
  });

  it('waits for a Redis that is not up yet, saying why once', async () => {
    const redis = await startRedis();
    await redis.kill();
    const reasons: string[] = [];
    const waiting = waitForRedis(redis.connection, { onWaiting: (why) => reasons.push(why) });
    await expect.poll(() => reasons.length).toBeGreaterThan(0);
    await redis.restart();
    await waiting;
    expect(reasons).toEqual([expect.stringMatching(/ECONNREFUSED/)]);
    await redis.close();
  });

  it('gives up at once when Redis refuses the password, and when told to stop', async () => {
    const redis = await startRedis({ password: 'right' });
    try {
      await expect(waitForRedis({ ...redis.connection, password: 'wrong' })).rejects.toBeInstanceOf(RedisRefusedError);
      await redis.kill();
      const stop = new AbortController();
      const waiting = waitForRedis(redis.connection, { signal: stop.signal });
      stop.abort(new Error('stopped'));
      await expect(waiting).rejects.toThrow('stopped');
    } finally {
      await redis.close();
    }
  });
});
