// The queued engine and its solvers over a real redis-server on loopback: answers and progress
// come back to the caller that asked, Cancel reaches the solver, and no caller waits forever
// (no solver at all, a solver gone, Redis gone).

import { Queue } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AbortError, type LocalEngine, type MateJob, type MateJobProgress, type MateJobResult, type SearchOptions, localEngine,
} from '../../src/engine/index.ts';
import { NoSolverError, SolverLostError } from '../../src/queue/errors.ts';
import { QUEUE_PREFIX } from '../../src/queue/names.ts';
import { QueuedEngine } from '../../src/queue/queuedEngine.ts';
import { type Solver, startSolver } from '../../src/queue/solver.ts';
import { killAll, pollUntil, startWorkerProcess } from '../support/processes.ts';
import { type RedisServer, hasRedisServer, startRedis } from '../support/redis.ts';

const MATE_IN_1: MateJob = { kind: 'mate', fen: '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', maxMoves: 1, mode: 'all' };
const MATE_IN_3: MateJob = { kind: 'mate', fen: 'b7/PP6/8/8/7K/6B1/6N1/4R1bk w - - 0 1', maxMoves: 3, mode: 'all' };
/** Minutes of search for any solver: stopped only by a cancel or a deadline. */
const HEAVY: MateJob = { kind: 'mate', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', maxMoves: 10, mode: 'all' };

/**
 * Runs HEAVY on `client` and waits for its search's first progress report, so the job is known
 * to be in a solver's hands. The job's promise comes back wrapped: awaiting it is the test's to do.
 */
async function startHeavy(client: QueuedEngine, options: SearchOptions<MateJobProgress>): Promise<{ running: Promise<MateJobResult> }> {
  let firstProgress!: () => void;
  const started = new Promise<void>((resolve) => (firstProgress = resolve));
  const running = client.run(HEAVY, { ...options, onProgress: () => firstProgress() });
  running.catch(() => {}); // Handled where the test awaits it; unhandled meanwhile would fail the run.
  await started;
  return { running };
}

describe.skipIf(!hasRedisServer())('the queued engine over a real Redis', () => {
  let redis: RedisServer;
  let engine: LocalEngine;
  const closers: Array<() => Promise<void>> = [];
  let queueCount = 0;

  beforeAll(async () => {
    redis = await startRedis();
    engine = localEngine({ threads: 2 });
    await engine.warmUp();
  });
  afterEach(async () => {
    await killAll();
    await Promise.all(closers.splice(0).map((close) => close()));
  });
  afterAll(async () => {
    await engine.close();
    await redis.close();
  });

  /** The queue as BullMQ sees it, to look at a job's state. */
  function inspect(name: string): Queue {
    const queue = new Queue(name, { connection: redis.connection, prefix: QUEUE_PREFIX });
    queue.on('error', () => {});
    closers.push(() => queue.close());
    return queue;
  }

  /** A fresh queue with a caller and (unless told otherwise) a solver on the shared engine. */
  async function setUp(options: { solver?: boolean } = {}) {
    const name = `test${++queueCount}`;
    const client = new QueuedEngine({ connection: redis.connection, name });
    closers.push(() => client.close());
    let solver: Solver | null = null;
    if (options.solver !== false) {
      solver = startSolver({ connection: redis.connection, name, engine });
      closers.push(() => solver!.close());
      await solver.ready();
    }
    await client.ready();
    return { name, client, solver };
  }

  it('answers a mate job with the solver’s report, and its progress per n on the way', async () => {
    const { client } = await setUp();
    const progress: number[] = [];
    const report = await client.run(MATE_IN_3, { onProgress: (p) => progress.push(p.depth) });
    expect(report.mateIn).toBe(3);
    expect(report.keysSan).toEqual(['bxa8=N']);
    expect(progress).toEqual([1, 2, 3]);
  });

  it('stops a running search on Cancel within a second, answering with what it has', async () => {
    const { client, solver } = await setUp();
    const controller = new AbortController();
    const { running } = await startHeavy(client, { signal: controller.signal });
    expect(solver!.running).toBe(1);
    const cancelledAt = Date.now();
    controller.abort();
    const report = await running;
    expect(Date.now() - cancelledAt).toBeLessThan(1_000);
    expect(report.status).toBe('stopped');
    expect(report.provenDepth).toBeGreaterThanOrEqual(1);
  });

  it('holds the deadline in the solver', async () => {
    const { client } = await setUp();
    const report = await client.run(HEAVY, { deadline: Date.now() + 500 });
    expect(report.status).toBe('stopped');
  });

  it('tells the caller at once when no solver is running, and within seconds when the last one leaves', async () => {
    const { client } = await setUp({ solver: false });
    await expect(client.run(MATE_IN_1)).rejects.toBeInstanceOf(NoSolverError);
  });

  it('refuses a job cancelled before it was sent', async () => {
    const { client } = await setUp();
    const controller = new AbortController();
    controller.abort();
    await expect(client.run(MATE_IN_1, { signal: controller.signal })).rejects.toBeInstanceOf(AbortError);
  });

  it('brings each caller its own answers when two share the queue', async () => {
    const { name, client } = await setUp();
    const other = new QueuedEngine({ connection: redis.connection, name });
    closers.push(() => other.close());
    await other.ready();
    const [a, b] = await Promise.all([client.run(MATE_IN_1), other.run(MATE_IN_3)]);
    expect(a.keysSan).toEqual(['Ra8#']);
    expect(b.keysSan).toEqual(['bxa8=N']);
  });

  it('tells the caller that no solver is running when the solver running its job is killed and no other is left', async () => {
    const name = `test${++queueCount}`;
    const client = new QueuedEngine({ connection: redis.connection, name, activeNoSolverGraceMs: 1_500 });
    closers.push(() => client.close());
    const queue = inspect(name);
    // A solver process, killed as a machine is lost: no answer, no lock renewed, no word.
    const solver = startWorkerProcess({ redisUrl: redis.url, queue: name, threads: 1 });
    await pollUntil(async () => (await queue.getWorkersCount()) > 0 || !solver.alive, 'the worker to connect', 20_000);
    await client.ready();
    const { running } = await startHeavy(client, { timeLimitMs: 600_000 });
    await solver.kill('SIGKILL');
    const killedAt = Date.now();
    const error = await running.then(() => null, (reason: unknown) => reason);
    expect(error).toBeInstanceOf(NoSolverError);
    expect(String(error)).not.toMatch(/cancel/i);
    expect(Date.now() - killedAt).toBeLessThan(5_000);
  }, 40_000);

  it('stops the search of a job Redis lost in a restart, so the next job does not wait behind it', async () => {
    const server = await startRedis();
    const name = `test${++queueCount}`;
    const client = new QueuedEngine({ connection: server.connection, name });
    const own = localEngine({ threads: 1 });
    const lockMs = 2_000;
    const solver = startSolver({ connection: server.connection, name, engine: own, lockMs });
    // Redis last: the others close their connections to it.
    closers.push(async () => {
      await Promise.all([solver.close(), client.close(), own.close()]);
      await server.close();
    });
    await solver.ready();
    await client.ready();
    const { running: lost } = await startHeavy(client, { timeLimitMs: 600_000 });
    await server.kill();
    await server.restart(); // Empty: the job, its lock and its progress are gone.
    await expect(lost).rejects.toBeInstanceOf(SolverLostError);
    // Its search, minutes long, stops once the solver fails to renew its lock (every lockMs / 2).
    const restartedAt = Date.now();
    while (solver.running > 0 && Date.now() - restartedAt < 10 * lockMs) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(solver.running).toBe(0);
    const next = await client.run(MATE_IN_1);
    expect(next.keysSan).toEqual(['Ra8#']);
  }, 60_000);
});
