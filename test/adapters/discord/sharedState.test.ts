// The state bot processes share in Redis, against a real redis-server: the limits (two lines on
// one Redis stand for two bot processes), the answer cache, and the replies in flight, claimed
// by another process once their own stops saying it is alive.

import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PendingReplies, type PendingReply } from '../../../src/adapters/discord/pendingReplies.ts';
import { redisAnswerCache } from '../../../src/adapters/discord/sharedCache.ts';
import { SharedLine } from '../../../src/adapters/discord/sharedLine.ts';
import type { MateOutcome } from '../../../src/mate/index.ts';
import { queueKeys } from '../../../src/queue/index.ts';
import { type RedisServer, hasRedisServer, startRedis } from '../../support/redis.ts';

describe.skipIf(!hasRedisServer())('shared state in Redis', () => {
  let server: RedisServer;
  let redis: Redis;
  let count = 0;
  const keys = () => queueKeys(`shared${++count}`);

  beforeAll(async () => {
    server = await startRedis();
    redis = new Redis(server.connection);
  });
  afterAll(async () => {
    redis.disconnect();
    await server.close();
  });

  function line(k: ReturnType<typeof queueKeys>, limits = { running: 1, total: 3, perUser: 1 }, holdMs = 60_000) {
    return new SharedLine({ redis, limits, userKey: k.userSlots, allKey: k.allSlots, holdMs });
  }

  it('holds a member to their places across processes, and frees them on release', async () => {
    const k = keys();
    const [a, b] = [line(k), line(k)];
    const first = await a.join('m1', 5_000);
    expect(first.ok).toBe(true);
    const second = await b.join('m1', 5_000);
    expect(second).toEqual({ ok: false, reason: 'user', retryInMs: 5_000 });
    expect((await b.join('m2', 5_000)).ok).toBe(true);
    if (first.ok) first.ticket.release();
    await expect.poll(async () => (await b.join('m1', 5_000)).ok).toBe(true);
  });

  it('holds the total across processes', async () => {
    const k = keys();
    const [a, b] = [line(k), line(k)];
    for (const member of ['x1', 'x2']) expect((await a.join(member, 1_000)).ok).toBe(true);
    expect((await b.join('x3', 1_000)).ok).toBe(true);
    expect(await b.join('x4', 1_000)).toMatchObject({ ok: false, reason: 'full' });
  });

  it('lets the places of a process that died lapse by themselves', async () => {
    const k = keys();
    const dying = line(k, { running: 1, total: 1, perUser: 1 }, 200);
    expect((await dying.join('m', 1_000)).ok).toBe(true);
    const other = line(k, { running: 1, total: 1, perUser: 1 });
    expect((await other.join('n', 1_000)).ok).toBe(false);
    await expect.poll(async () => (await other.join('n', 1_000)).ok, { timeout: 3_000 }).toBe(true);
  });

  it('keeps a place its process holds past the lease (renewed), and lets it lapse within the lease once nobody renews it', async () => {
    const k = keys();
    const limits = { running: 1, total: 3, perUser: 1 };
    const holder = new SharedLine({ redis, limits, userKey: k.userSlots, allKey: k.allSlots, holdMs: 60_000, leaseMs: 300 });
    const other = line(k);
    const held = await holder.join('m', 1_000);
    expect(held.ok).toBe(true);
    // Three leases later, still held: its process is alive and renews it.
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(await other.join('m', 1_000)).toMatchObject({ ok: false, reason: 'user' });
    // A process that dies stops renewing: here, a place taken with renewals that fail.
    const dead = new Redis(server.connection);
    const dying = new SharedLine({ redis: dead, limits, userKey: k.userSlots, allKey: k.allSlots, holdMs: 60_000, leaseMs: 300 });
    expect((await dying.join('d', 1_000)).ok).toBe(true);
    dead.disconnect();
    await expect.poll(async () => (await other.join('d', 1_000)).ok, { timeout: 2_000 }).toBe(true);
    if (held.ok) held.ticket.release();
  });

  it('keeps answers for every process, for the cache time', async () => {
    const k = keys();
    const outcome = { maxMoves: 1, mode: 'all', report: { status: 'mate', mateIn: 1 }, ms: 3, stoppedBy: null, timeoutSeconds: 10 } as unknown as MateOutcome;
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    await redisAnswerCache(redis, k.answer, 60_000).set('fen|1|all', { outcome, png });
    const found = await redisAnswerCache(redis, k.answer, 60_000).get('fen|1|all');
    expect(found?.value.outcome).toEqual(outcome);
    expect(found?.value.png).toEqual(png);
    expect(found?.ageMs).toBeGreaterThanOrEqual(0);
    expect(await redisAnswerCache(redis, k.answer, 60_000).get('other')).toBeUndefined();
    const brief = redisAnswerCache(redis, k.answer, 100);
    await brief.set('short', { outcome, png: null });
    await expect.poll(async () => brief.get('short'), { timeout: 2_000 }).toBeUndefined();
  });

  it('hands the replies of a process that stopped saying it is alive to another, once', async () => {
    const k = keys();
    const pending = (owner: string) =>
      new PendingReplies({ redis, hashKey: k.pendingReplies, aliveKey: k.botAlive, owner, aliveMs: 300 });
    const dead = pending('dead');
    const alive = pending('alive');
    const survivor = pending('survivor');
    await Promise.all([dead.start(), alive.start(), survivor.start()]);
    const reply = (requestId: string): PendingReply => ({
      requestId, applicationId: '1', token: `token-${requestId}`, userId: 'u', fen: '8/8/8/8/8/8/8/8 w - - 0 1', n: 2, mode: null,
      hidden: false, expiresAt: 1_900_000_000_000,
    });
    await dead.add(reply('r1'));
    await alive.add(reply('r2'));
    await alive.add(reply('r3'));
    await alive.remove('r3');
    expect(await survivor.claimOrphans()).toEqual([]);
    await dead.stop();
    await expect.poll(async () => (await survivor.claimOrphans()).map((r) => r.requestId), { timeout: 3_000 }).toEqual(['r1']);
    // Claimed: no one else takes it while the survivor lives; r2's owner is alive throughout.
    expect(await alive.claimOrphans()).toEqual([]);
    await Promise.all([alive.stop(), survivor.stop()]);
  });
});
