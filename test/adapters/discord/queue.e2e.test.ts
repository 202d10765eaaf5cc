// /mate through the job queue end to end: the real discord.js Client on the fake Discord, a real
// redis-server, and solvers (and bots) in processes of their own (`chessbot worker`, `npm start`),
// killed and restarted as in production. What members see: answers from a worker on another
// process with progress on the way, Cancel reaching that worker, a search that survives its
// worker's death (re-run elsewhere) and Redis restarting (answered or failed, never left at
// "searching…"), a prompt word when no solver runs, and, with two bot processes sharing a queue,
// each interaction's own answer, per-member limits that hold across processes, a reply finished
// by another process after its bot was killed, and answers cached for every process.

import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_FAILED_TEXT, NO_SOLVER_TEXT } from '../../../src/adapters/discord/mateRequest.ts';
import { RECOVERY_FAILED_TEXT } from '../../../src/adapters/discord/recovery.ts';
import { busyText } from '../../../src/adapters/discord/replies.ts';
import { QUEUE_PREFIX, QueuedEngine } from '../../../src/queue/index.ts';
import type { MateJobResult } from '../../../src/engine/index.ts';
import { CallbackType, EPHEMERAL, FakeDiscord, type FakeUser, type InteractionHandle } from '../../support/fakeDiscord/index.ts';
import {
  LOGGED_IN, type Spawned, killAll, pollUntil, startBotProcess, startWorkerProcess,
} from '../../support/processes.ts';
import { type RedisServer, hasRedisServer, startRedis } from '../../support/redis.ts';
import {
  BLACK_MATES, HARD, HEAVY, type HarnessOptions, KNIGHT_PROMOTION, MATE_IN_1, PNG_MAGIC, finalEdit, newUser, startHarness,
} from './harness.ts';

/** HARD asked for a mate in 6: n = 1 to 5 in half a second, then about 3 s for n = 6 (found). */
const HARD_IN_6 = /^Mate in 6: 1\. Rb8! /;
const KNIGHT_IN_3 = /^Mate in 3: 1\. bxa8=N! Kxg2 2\. Nb6 Bf2 3\. a8=Q#\nKeys: bxa8=N\n/;

let queueCount = 0;
/** A queue name of this test's own (jobs, limits and cache included). */
const newQueueName = () => `e2e${process.pid}q${++queueCount}`;

const componentsOf = (edit: { body: Record<string, unknown> }): string => JSON.stringify(edit.body.components ?? []);
const contentOf = (edit: { body: Record<string, unknown> }): string => String(edit.body.content ?? '');

/** The first edit with the Cancel button: the search (or its wait) has begun. */
const progressEdit = (handle: InteractionHandle, timeoutMs = 10_000) =>
  handle.edit((e) => componentsOf(e).includes('mate:cancel:'), timeoutMs);

/** An edit that shows a progress line the solver sent back (a finished n). */
const provenLineEdit = (handle: InteractionHandle, timeoutMs = 10_000) =>
  handle.edit((e) => /searching…\n```\n[^`]*no mate/.test(contentOf(e)), timeoutMs);

/** /mate on the fake, in `guildId` (default: its first guild). */
function askMate(fake: FakeDiscord, fen: string, n: number, user: FakeUser, guildId?: string): InteractionHandle {
  return fake.dispatchInteraction({
    name: 'mate',
    options: [{ name: 'fen', type: 3, value: fen }, { name: 'n', type: 4, value: n }],
    user,
    ...(guildId === undefined ? {} : { guildId }),
  });
}

/** The queue as BullMQ sees it, for the test to look at a job's state and the solvers connected. */
function inspectQueue(redis: RedisServer, name: string): Queue {
  const queue = new Queue(name, { connection: redis.connection, prefix: QUEUE_PREFIX });
  queue.on('error', () => {});
  return queue;
}

/** Output of every process, for a failing test's message. */
function outputs(...processes: Spawned[]): string {
  return processes.map((p) => `--- ${p.name} ---\n${p.output().slice(-3_000)}`).join('\n');
}

describe.skipIf(!hasRedisServer())('/mate through the job queue, solved by worker processes', () => {
  let redis: RedisServer;
  const closers: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterEach(async () => {
    await killAll();
    for (const close of closers.splice(0).reverse()) await close().catch(() => {});
  });
  afterAll(async () => {
    await killAll();
    await redis?.close();
  });

  /**
   * A bot in this process on its own fake Discord whose /mate goes through the queue `queue` of
   * `server` (shared state in Redis too, as the app sets it up), solving nothing itself.
   */
  async function queueBot(server: RedisServer, queue: string, options: HarnessOptions = {}) {
    const engine = new QueuedEngine({ connection: server.connection, name: queue });
    const shared = new Redis(server.connection);
    shared.on('error', () => {});
    const inspect = inspectQueue(server, queue);
    closers.push(async () => {
      await engine.close();
      shared.disconnect();
      await inspect.close();
    });
    await engine.ready();
    const h = await startHarness({
      poolSize: 1,
      ...options,
      mate: { engine, ...options.mate },
      shared: { redis: shared, engine, queueName: queue },
    });
    closers.push(() => h.close());
    return { h, engine, inspect };
  }

  /**
   * A `chessbot worker --threads 1` process on the queue, once it is connected. It solves every
   * problem whole (queue.splitAfterNodes 0): the job these tests cancel, kill the worker of, or
   * restart Redis under is the problem's own, in the state they check, whatever n the search is
   * at (test/queue/split.e2e.test.ts does the same to a split problem; the two bot processes
   * below share a worker that splits).
   */
  async function worker(
    server: RedisServer, queue: string, inspect: Queue, name = 'worker', takeover?: { lockMs: number; stalledCheckMs: number },
  ): Promise<Spawned> {
    const before = await inspect.getWorkersCount();
    const spawned = startWorkerProcess({ redisUrl: server.url, queue, threads: 1, name, ...(takeover ? { takeover } : {}), splitAfterNodes: 0 });
    await pollUntil(async () => (await inspect.getWorkersCount()) > before || !spawned.alive, `${name} to connect`, 20_000);
    if (!spawned.alive) throw new Error(`${name} exited:\n${spawned.output()}`);
    return spawned;
  }

  it('answers /mate from a worker in another process, with progress on the way', async () => {
    const queue = newQueueName();
    const { h, inspect } = await queueBot(redis, queue);
    const solver = await worker(redis, queue, inspect);

    const handle = h.mate(KNIGHT_PROMOTION, 3, { user: newUser() });
    expect((await handle.callback()).type).toBe(CallbackType.DeferredChannelMessageWithSource);
    const progress = await progressEdit(handle);
    expect(contentOf(progress)).toMatch(/^White to play and mate in 3: searching…/);
    const answer = await finalEdit(handle, 15_000).catch((error) => Promise.reject(new Error(`${error}\n${outputs(solver)}`)));
    expect(contentOf(answer)).toMatch(KNIGHT_IN_3);
    expect(answer.files[0]!.data.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
    expect(answer.body.embeds).toEqual([expect.objectContaining({ title: 'White to play and mate in 3' })]);
    // It went through the queue (its job is the interaction's id), to the only solver there is.
    expect(await inspect.getJobState(handle.id)).toBe('completed');

    // And a second one, a mate in 1, on the same worker.
    const second = h.mate(MATE_IN_1, 1, { user: newUser() });
    expect(contentOf(await finalEdit(second, 10_000))).toMatch(/^Mate in 1: 1\. Ra8#\nKeys: Ra8#\n/);
  });

  it('Cancel stops a heavy search on the worker process within a couple of seconds', async () => {
    const queue = newQueueName();
    const { h, inspect } = await queueBot(redis, queue);
    const solver = await worker(redis, queue, inspect);
    const owner = newUser('owner');

    const handle = h.mate(HEAVY, 10, { user: owner });
    // Running on the worker, and its progress back here.
    await provenLineEdit(handle, 15_000);
    expect(await inspect.getJobState(handle.id)).toBe('active');

    const clickedAt = Date.now();
    const click = handle.click(`mate:cancel:${handle.id}`, { user: owner });
    expect((await click.callback()).type).toBe(CallbackType.DeferredUpdateMessage);
    const answer = await finalEdit(handle, 5_000).catch((error) => Promise.reject(new Error(`${error}\n${outputs(solver)}`)));
    expect(answer.at - clickedAt).toBeLessThan(2_500);
    expect(contentOf(answer)).toMatch(/^Cancelled while searching n = \d+: no mate in \d+( or fewer)? is proven\.\n/);
    expect(handle.message?.components).toEqual([]);
    // The worker is free again: the next problem is answered at once.
    const next = h.mate(MATE_IN_1, 1, { user: owner });
    expect(contentOf(await finalEdit(next, 5_000))).toMatch(/^Mate in 1: 1\. Ra8#/);
  });

  it('a worker killed mid-search: the search runs again on another worker and the answer arrives', async () => {
    const queue = newQueueName();
    const { h, inspect } = await queueBot(redis, queue);
    // A shorter lock and stalled-job check than the defaults (10 s and 5 s), so the takeover waits
    // 3 to 4.5 s instead of 10 to 15: the same takeover, sooner.
    const takeover = { lockMs: 3_000, stalledCheckMs: 1_500 };
    const first = await worker(redis, queue, inspect, 'worker 1', takeover);

    const handle = h.mate(HARD, 6, { user: newUser() });
    await provenLineEdit(handle, 15_000);
    expect(await inspect.getJobState(handle.id)).toBe('active');
    // The worker process holds the job's lock for the configured 3 s, not the default 10.
    const look = new Redis(redis.connection);
    const lockLeftMs = await look.pttl(`${QUEUE_PREFIX}:${queue}:${handle.id}:lock`).finally(() => look.disconnect());
    expect(lockLeftMs).toBeGreaterThan(0);
    expect(lockLeftMs).toBeLessThanOrEqual(takeover.lockMs);
    await first.kill('SIGKILL');
    const killedAt = Date.now();
    const second = await worker(redis, queue, inspect, 'worker 2', takeover);

    // Its lock lapses (3 s), the second worker's stalled-job check (every 1.5 s) puts it back, and
    // the second worker solves it again (about 6 s of CPU). The bound was 25 s with the default
    // 10 s lock and 5 s check, and a re-solve slowed by the other test files (three at a time on
    // two cores) once took it to 25.4 s: 5 s less here, for a takeover 7 to 10.5 s sooner.
    const answer = await finalEdit(handle, 25_000).catch((error) => Promise.reject(new Error(`${error}\n${outputs(first, second)}`)));
    expect(contentOf(answer)).toMatch(HARD_IN_6);
    expect(Date.now() - killedAt).toBeLessThan(20_000);
    expect(answer.files[0]!.data.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
    // The progress as the member saw it: each n once and in order, the re-run's repeats left out.
    const progress = handle.edits.filter((e) => contentOf(e).includes('searching…'));
    for (const edit of progress) {
      const proven = [...contentOf(edit).matchAll(/^n=(\d+) /gm)].map((m) => Number(m[1]));
      expect(proven).toEqual(proven.map((_, i) => i + 1));
    }
    expect(contentOf(progress.at(-1)!)).toMatch(/^n=5 .* no mate$/m);
  }, 45_000);

  // Without persistence Redis comes back empty: the job is lost and the member is told the search
  // failed. With it (append-only file, fsync always) the job, its lock and the events stream come
  // back: the worker finishes it and the answer arrives. Either way, never "searching…" for good.
  it.each([
    { persist: false, expected: 'a failure' },
    { persist: true, expected: 'the answer' },
  ])('Redis killed and restarted mid-search (persist: $persist): the reply ends with $expected', async ({ persist }) => {
    const server = await startRedis({ persist });
    closers.push(() => server.close());
    const queue = newQueueName();
    const { h, inspect } = await queueBot(server, queue);
    const solver = await worker(server, queue, inspect);

    const handle = h.mate(HARD, 6, { user: newUser() });
    await provenLineEdit(handle, 15_000);
    expect(await inspect.getJobState(handle.id)).toBe('active');
    await server.kill();
    const killedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 500)); // Down for a moment, not an instant.
    await server.restart();

    const answer = await finalEdit(handle, 30_000).catch((error) => Promise.reject(new Error(`${error}\n${outputs(solver)}`)));
    const content = contentOf(answer);
    if (persist) expect(content).toMatch(HARD_IN_6);
    else expect(content).toBe(SEARCH_FAILED_TEXT);
    expect(Date.now() - killedAt).toBeLessThan(15_000);
    expect(handle.message?.components).toEqual([]);

    // Redis and the worker are back in business: the next problem is answered.
    const next = h.mate(MATE_IN_1, 1, { user: newUser() });
    expect(contentOf(await finalEdit(next, 10_000))).toMatch(/^Mate in 1: 1\. Ra8#/);
  }, 60_000);

  it('no solver running anywhere: the member hears so within seconds', async () => {
    const queue = newQueueName();
    const { h } = await queueBot(redis, queue);
    const user = newUser();
    const handle = h.mate(KNIGHT_PROMOTION, 3, { user });
    const answer = await finalEdit(handle, 5_000);
    expect(contentOf(answer)).toBe(NO_SOLVER_TEXT);
    expect(answer.at - handle.record.createdAt).toBeLessThan(3_000);
    expect(handle.message?.components).toEqual([]);
    // Its place was given back: the member may ask again (and hears the same).
    const again = h.mate(MATE_IN_1, 1, { user });
    expect((await again.callback()).type).toBe(CallbackType.DeferredChannelMessageWithSource);
    expect(contentOf(await finalEdit(again, 5_000))).toBe(NO_SOLVER_TEXT);
  });
});

// Two bot processes, each running one of the fake's two shards (a guild's interactions go to the
// process that runs its shard), one queue, one worker process.
describe.skipIf(!hasRedisServer())('two bot processes sharing one queue', () => {
  let redis: RedisServer;
  let fake: FakeDiscord;
  let inspect: Queue;
  let solver: Spawned;
  let botA: Spawned;
  let botB: Spawned;
  let guildA: string;
  let guildB: string;
  const queue = newQueueName();
  const closers: Array<() => Promise<void>> = [];
  const all = () => outputs(botA, botB, solver);

  beforeAll(async () => {
    redis = await startRedis();
    fake = await FakeDiscord.start({ heartbeatIntervalMs: 100, shards: 2 });
    guildA = fake.guildOnShard(0).id;
    guildB = fake.guildOnShard(1).id;
    inspect = inspectQueue(redis, queue);
    const discord = { token: fake.token, apiUrl: fake.apiUrl, applicationId: fake.applicationId };
    const common = { redisUrl: redis.url, queue, discord };
    botA = startBotProcess({ ...common, name: 'bot A', config: { discord: { shards: 2, shardIds: [0] }, mate: { timeoutSeconds: 60 } } });
    botB = startBotProcess({ ...common, name: 'bot B', config: { discord: { shards: 2, shardIds: [1] }, mate: { timeoutSeconds: 60 } } });
    solver = startWorkerProcess({ redisUrl: redis.url, queue, threads: 1 });
    await Promise.all([botA.waitForOutput(LOGGED_IN, 45_000), botB.waitForOutput(LOGGED_IN, 45_000)]);
    await pollUntil(async () => (await inspect.getWorkersCount()) >= 1, 'the worker to connect', 20_000);
  }, 60_000);

  afterAll(async () => {
    await killAll();
    for (const close of closers.splice(0).reverse()) await close().catch(() => {});
    await inspect?.close();
    await fake?.close();
    await redis?.close();
  });

  it('each process answers its own interactions, with its own problem', async () => {
    const onA = askMate(fake, MATE_IN_1, 1, newUser(), guildA);
    const onB = askMate(fake, KNIGHT_PROMOTION, 3, newUser(), guildB);
    expect([onA.shard, onB.shard]).toEqual([[0, 2], [1, 2]]);
    const [a, b] = await Promise.all([finalEdit(onA, 15_000), finalEdit(onB, 15_000)]).catch((error) =>
      Promise.reject(new Error(`${error}\n${all()}`)),
    );
    // With what the three processes said, should either answer be other than the problem's.
    expect(contentOf(a), all()).toMatch(/^Mate in 1: 1\. Ra8#\nKeys: Ra8#\n/);
    expect(contentOf(b), all()).toMatch(KNIGHT_IN_3);
    expect(await inspect.getJobState(onA.id)).toBe('completed');
    expect(await inspect.getJobState(onB.id)).toBe('completed');
  });

  it('an answer found through one process is answered from the cache by the other', async () => {
    const fen = '8/2P1P1P1/3PkP2/8/4K3/8/8/8 w - - 0 1'; // #3, key e8=B
    const first = askMate(fake, fen, 3, newUser(), guildA);
    const fresh = await finalEdit(first, 15_000);
    expect(contentOf(fresh)).toMatch(/^Mate in 3: 1\. e8=B! /);

    const again = askMate(fake, fen, 3, newUser(), guildB);
    const reply = await again.callback(5_000);
    expect(reply.type).toBe(CallbackType.ChannelMessageWithSource);
    expect(reply.data.content).toBe(fresh.body.content);
    expect(JSON.stringify(reply.data.embeds)).toMatch(/answered from the cache \(solved \d+ s ago\)/);
    expect(reply.files[0]!.data.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
    // No second job was queued.
    expect(await inspect.getJobState(again.id)).toBe('unknown');
  });

  it("a member's limit holds across processes: refused on one while searching on the other, accepted once it is over", async () => {
    const member = newUser('member');
    const heavy = askMate(fake, HEAVY, 10, member, guildA);
    await progressEdit(heavy, 10_000);

    // (Problems nobody asked before: a cached answer is given to anyone, busy or not.)
    const refused = askMate(fake, KNIGHT_PROMOTION, 2, member, guildB);
    const refusal = await refused.callback(5_000);
    expect(refusal.type).toBe(CallbackType.ChannelMessageWithSource);
    expect(refusal.flags & EPHEMERAL).toBe(EPHEMERAL);
    // A running search's longest time (60 s and the stop allowance) is the honest guess of when.
    expect(refusal.data.content).toBe(busyText('user', 62_000, 1));
    expect(await inspect.getJobState(refused.id)).toBe('unknown');

    // Someone else is not held up by it.
    const other = askMate(fake, MATE_IN_1, 2, newUser(), guildB);
    expect((await other.callback(5_000)).type).toBe(CallbackType.DeferredChannelMessageWithSource);

    // The member cancels on A; A's answer frees their place, and B takes their next problem.
    const click = heavy.click(`mate:cancel:${heavy.id}`, { user: member });
    expect((await click.callback(5_000)).type).toBe(CallbackType.DeferredUpdateMessage);
    expect(contentOf(await finalEdit(heavy, 10_000))).toMatch(/^Cancelled while searching n = \d+/);
    const accepted = askMate(fake, BLACK_MATES, 3, member, guildB);
    expect((await accepted.callback(5_000)).type).toBe(CallbackType.DeferredChannelMessageWithSource);
    expect(contentOf(await finalEdit(accepted, 15_000))).toMatch(/^Mate in 3: 1\.\.\. Qxh3\+! /);
    expect(contentOf(await finalEdit(other, 10_000))).toMatch(/^Mate in 1: 1\. Ra8#/);
  }, 45_000);

  it('a bot process killed mid-search: another process finishes its reply with the answer', async () => {
    const member = newUser('member');
    const handle = askMate(fake, HARD, 6, member, guildA);
    await progressEdit(handle, 10_000);
    await pollUntil(async () => (await inspect.getJobState(handle.id)) === 'active', 'the job to run on the worker', 10_000);
    await botA.kill('SIGKILL');
    const killedAt = Date.now();

    // A bot in this process takes over shard 0, checking for orphaned replies every second; bot B
    // (every 10 s) may be first. A's replies become orphans once its alive key (10 s) lapses.
    const engine = new QueuedEngine({ connection: redis.connection, name: queue });
    const shared = new Redis(redis.connection);
    shared.on('error', () => {});
    closers.push(async () => {
      await engine.close();
      shared.disconnect();
    });
    await engine.ready();
    const h = await startHarness({
      fake, poolSize: 1, shards: 2, shardIds: [0], mate: { engine }, shared: { redis: shared, engine, queueName: queue, aliveMs: 1_000 },
    });
    closers.push(() => h.close());

    const answer = await handle
      .edit((e) => Array.isArray(e.body.components) && e.body.components.length === 0, 25_000)
      .catch((error) => Promise.reject(new Error(`${error}\n${all()}\n--- takeover ---\n${h.log.join('\n')}`)));
    expect(contentOf(answer)).not.toBe(RECOVERY_FAILED_TEXT);
    expect(contentOf(answer)).toMatch(HARD_IN_6);
    expect(Date.now() - killedAt).toBeLessThan(20_000);
    expect(answer.body.embeds).toEqual([expect.objectContaining({ title: 'White to play and mate in 6' })]);
    expect(answer.files[0]!.data.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
    // The time given is the search's own (the job's result, as the solver's thread measured it,
    // rounded to hundredths), not the time since the takeover.
    const job = await inspect.getJob(handle.id);
    const shownMs = Number(/nodes, (\d+\.\d\d) s$/m.exec(contentOf(answer))?.[1]) * 1000;
    expect(Math.abs(shownMs - (job!.returnvalue as MateJobResult).elapsedMs)).toBeLessThanOrEqual(5);

    // The dead process's place lapses (its lease, 10 s, is no longer renewed): the member may ask
    // again, here on B, without waiting for the interaction's 15 minutes.
    const next = await pollUntil(async () => {
      const attempt = askMate(fake, BLACK_MATES, 4, member, guildB);
      const callback = await attempt.callback(5_000);
      return callback.type === CallbackType.DeferredChannelMessageWithSource ? attempt : null;
    }, "the member's place to be free again", 15_000, 500);
    expect(Date.now() - killedAt).toBeLessThan(15_000);
    expect(contentOf(await finalEdit(next, 15_000))).toMatch(/^Mate in 3: 1\.\.\. Qxh3\+! /);
  }, 45_000);
});
