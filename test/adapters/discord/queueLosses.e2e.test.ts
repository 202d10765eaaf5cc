// What members see when a process dies under a queued /mate, in seconds (a real redis-server, the
// real discord.js Client on the fake Discord): a reply finished by another bot process after its
// own died gives the search's own time, not the time since the takeover; and a search whose last
// solver was killed is answered "no solver is running", not "something went wrong", with nothing
// in the log about a cancel nobody made.

import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NO_SOLVER_TEXT } from '../../../src/adapters/discord/mateRequest.ts';
import { PendingReplies } from '../../../src/adapters/discord/pendingReplies.ts';
import { type LocalEngine, type MateJob, type MateJobResult, localEngine } from '../../../src/engine/index.ts';
import { QUEUE_PREFIX, QueuedEngine, queueKeys } from '../../../src/queue/index.ts';
import { startSolver } from '../../../src/queue/solver.ts';
import { CallbackType, FakeDiscord } from '../../support/fakeDiscord/index.ts';
import { killAll, pollUntil, startWorkerProcess } from '../../support/processes.ts';
import { type RedisServer, hasRedisServer, startRedis } from '../../support/redis.ts';
import { HEAVY, finalEdit, newUser, startHarness } from './harness.ts';

let queueCount = 0;
const newQueueName = () => `losses${process.pid}q${++queueCount}`;

/** The time an answer gives, in ms, from its "N nodes, X.XX s" line. */
function shownMs(content: string): number {
  const match = /nodes, (\d+\.\d\d) s$/m.exec(content);
  if (!match) throw new Error(`no time in ${JSON.stringify(content)}`);
  return Number(match[1]) * 1000;
}

describe.skipIf(!hasRedisServer())('/mate through the queue when a process dies', () => {
  let redis: RedisServer;
  let fake: FakeDiscord;
  let solverEngine: LocalEngine;
  const closers: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    redis = await startRedis();
    fake = await FakeDiscord.start({ heartbeatIntervalMs: 100 });
    solverEngine = localEngine({ threads: 1 });
  });
  afterEach(async () => {
    await killAll();
    for (const close of closers.splice(0).reverse()) await close().catch(() => {});
  });
  afterAll(async () => {
    await solverEngine?.close();
    await fake?.close();
    await redis?.close();
  });

  /** A queued engine on `queue`, and a Redis connection for the bot's shared state, closed after the test. */
  async function queueParts(queue: string, options: { activeNoSolverGraceMs?: number; noSolverGraceMs?: number } = {}) {
    const engine = new QueuedEngine({ connection: redis.connection, name: queue, ...options });
    const shared = new Redis(redis.connection);
    shared.on('error', () => {});
    const inspect = new Queue(queue, { connection: redis.connection, prefix: QUEUE_PREFIX });
    inspect.on('error', () => {});
    closers.push(async () => {
      await engine.close();
      shared.disconnect();
      await inspect.close();
    });
    await engine.ready();
    return { engine, shared, inspect };
  }

  /**
   * What a bot process left when it died: a member's /mate interaction deferred, and its reply
   * noted as in flight under that process, whose alive key is gone. (Its job is the test's to queue.)
   */
  async function leftByADeadProcess(queue: string, redisOfTheDead: Redis) {
    const member = newUser();
    const handle = fake.recordInteraction({ name: 'mate', options: [{ name: 'fen', type: 3, value: HEAVY }, { name: 'n', type: 4, value: 10 }], user: member });
    const deferred = await fetch(`${fake.apiUrl}/v10/interactions/${handle.id}/${handle.token}/callback`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: CallbackType.DeferredChannelMessageWithSource }),
    });
    expect(deferred.ok).toBe(true);
    const keys = queueKeys(queue);
    await new PendingReplies({ redis: redisOfTheDead, hashKey: keys.pendingReplies, aliveKey: keys.botAlive, owner: 'a-dead-process' }).add({
      requestId: handle.id, applicationId: fake.applicationId, token: handle.token, userId: member.id,
      fen: HEAVY, n: 10, mode: null, hidden: false, expiresAt: Date.now() + 10 * 60_000,
    });
    return handle;
  }

  it("a reply finished by another bot process gives the search's own time, not the time since the takeover", async () => {
    const queue = newQueueName();
    const solver = startSolver({ connection: redis.connection, name: queue, engine: solverEngine });
    closers.push(() => solver.close());
    await solver.ready();
    const { engine: deadEngine, shared: deadRedis, inspect } = await queueParts(queue);

    const handle = await leftByADeadProcess(queue, deadRedis);
    // Stopped by its time limit: it runs this long, whoever follows it.
    const searchMs = 3_000;
    const job: MateJob = { kind: 'mate', fen: HEAVY, maxMoves: 10, mode: 'all' };
    void deadEngine.run(job, { jobId: handle.id, timeLimitMs: searchMs }).catch(() => {});
    // Well into its search before another process takes the reply over.
    await pollUntil(async () => {
      const started = (await inspect.getJob(handle.id))?.processedOn;
      return started !== undefined && Date.now() - started >= 1_500;
    }, 'the search to be well under way', 10_000, 50);
    await deadEngine.close();

    const { engine, shared } = await queueParts(queue);
    const takeover = await startHarness({ fake, poolSize: 1, mate: { engine }, shared: { redis: shared, engine, queueName: queue, aliveMs: 1_000 } });
    closers.push(() => takeover.close());
    const answer = await finalEdit(handle, 15_000).catch((error) => Promise.reject(new Error(`${error}\n${takeover.log.join('\n')}`)));
    const content = String(answer.body.content);
    expect(content).toMatch(/^Stopped by the time limit.* while searching n = \d+/);
    // The search's own time, as the solver's thread measured it (the job's result), rounded to
    // hundredths: not the second or so since the takeover.
    const finished = await inspect.getJob(handle.id);
    const ownMs = (finished!.returnvalue as MateJobResult).elapsedMs;
    expect(ownMs).toBeGreaterThanOrEqual(searchMs);
    expect(Math.abs(shownMs(content) - ownMs)).toBeLessThanOrEqual(5);
  }, 40_000);

  it('a reply taken over whose search no solver is left to run: the member hears that no solver is running', async () => {
    const queue = newQueueName();
    const { shared: deadRedis, inspect } = await queueParts(queue);
    const handle = await leftByADeadProcess(queue, deadRedis);
    // Queued by the dead process while a solver still ran; none runs now.
    const job: MateJob = { kind: 'mate', fen: HEAVY, maxMoves: 10, mode: 'all' };
    await inspect.add('mate', { job, deadline: null, timeLimitMs: 60_000 }, { jobId: handle.id });

    const { engine, shared } = await queueParts(queue, { noSolverGraceMs: 500 });
    const takeover = await startHarness({ fake, poolSize: 1, mate: { engine }, shared: { redis: shared, engine, queueName: queue, aliveMs: 1_000 } });
    closers.push(() => takeover.close());
    const answer = await finalEdit(handle, 10_000).catch((error) => Promise.reject(new Error(`${error}\n${takeover.log.join('\n')}`)));
    expect(answer.body.content).toBe(NO_SOLVER_TEXT);
  }, 30_000);

  it('a search whose last solver is killed: the member hears that no solver is running, and the log says no cancel', async () => {
    const queue = newQueueName();
    const { engine, shared, inspect } = await queueParts(queue, { activeNoSolverGraceMs: 1_500 });
    const h = await startHarness({ fake, poolSize: 1, mate: { engine }, shared: { redis: shared, engine, queueName: queue } });
    closers.push(() => h.close());
    const worker = startWorkerProcess({ redisUrl: redis.url, queue, threads: 1 });
    await pollUntil(async () => (await inspect.getWorkersCount()) > 0 || !worker.alive, 'the worker to connect', 20_000);

    const handle = h.mate(HEAVY, 10, { user: newUser() });
    await pollUntil(async () => (await inspect.getJobState(handle.id)) === 'active', 'the search to run on the worker', 10_000, 50);
    await worker.kill('SIGKILL');
    const killedAt = Date.now();

    const answer = await finalEdit(handle, 10_000).catch((error) => Promise.reject(new Error(`${error}\n${h.log.join('\n')}`)));
    expect(answer.body.content).toBe(NO_SOLVER_TEXT);
    expect(answer.at - killedAt).toBeLessThan(5_000);
    expect(handle.message?.components).toEqual([]);
    expect(h.log.filter((line) => /cancel/i.test(line))).toEqual([]);
  }, 40_000);
});
