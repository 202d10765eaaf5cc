// A long direct mate split over the queue's solvers (src/queue/split.ts, solver.ts) over a real
// redis-server on loopback: the answer is the single-thread solver's, word for word; Cancel stops
// every part; another member's small problem is answered while a big one is split; a part whose
// solver is killed runs again on another. The solvers split after a few thousand nodes here, so
// that public-suite mates in 4 and 5 (under a second or two) are split.

import { Queue } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseFen } from '../../src/chess/fen.ts';
import { type LocalEngine, type MateIterationReport, type MateJob, type MateJobResult, localEngine } from '../../src/engine/index.ts';
import { QUEUE_PREFIX } from '../../src/queue/names.ts';
import { PART_JOB_NAME } from '../../src/queue/protocol.ts';
import { QueuedEngine } from '../../src/queue/queuedEngine.ts';
import { startSolver } from '../../src/queue/solver.ts';
import { MateSolver, solveMate } from '../../src/search/mate/index.ts';
import { killAll, pollUntil, startWorkerProcess } from '../support/processes.ts';
import { type RedisServer, hasRedisServer, startRedis } from '../support/redis.ts';

/** Solvers here split a problem once its whole solve has searched this many nodes. */
const SPLIT_AFTER_NODES = 5_000;
/** Public suite #24 (two keys) and #25 (four keys), mates in 4; #36, a mate in 5. */
const TWO_KEYS: MateJob = { kind: 'mate', fen: '3bN1n1/1pp5/4p2p/1P1kP3/1B4N1/rpPB2p1/p3K3/8 w - - 0 1', maxMoves: 4, mode: 'all', tree: true };
const FOUR_KEYS: MateJob = { kind: 'mate', fen: '4Q2B/8/2p5/6R1/1p3p1p/1p1k1p2/8/1K6 w - - 0 1', maxMoves: 4, mode: 'all' };
const MATE_IN_5: MateJob = { kind: 'mate', fen: '8/8/3p3N/p4B2/2B5/K7/8/k7 w - - 0 1', maxMoves: 5, mode: 'all' };
const MATE_IN_1: MateJob = { kind: 'mate', fen: '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', maxMoves: 1, mode: 'all' };
/** Minutes of search: stopped only by a cancel. */
const HEAVY: MateJob = { kind: 'mate', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', maxMoves: 10, mode: 'all' };

const solver = new MateSolver();

/** The single-thread solver's answer, less the node count and the time. */
function wholeAnswer(job: MateJob): Partial<MateJobResult> {
  const { nodes: _nodes, ...answer } = solveMate(solver, { position: parseFen(job.fen), maxMoves: job.maxMoves, mode: job.mode, tree: job.tree === true });
  return answer;
}

function answerOf(result: MateJobResult): Partial<MateJobResult> {
  const { nodes: _nodes, elapsedMs: _elapsedMs, ...answer } = result;
  return answer;
}

describe.skipIf(!hasRedisServer())('a mate split over the queue’s solvers', () => {
  let redis: RedisServer;
  const engines: LocalEngine[] = [];
  const closers: Array<() => Promise<void>> = [];
  let queueCount = 0;

  beforeAll(async () => {
    redis = await startRedis();
    for (let i = 0; i < 2; i++) engines.push(localEngine({ threads: 1, preload: ['mate'] }));
    await Promise.all(engines.map((engine) => engine.warmUp()));
  });
  afterEach(async () => {
    await killAll();
    await Promise.all(closers.splice(0).map((close) => close()));
  });
  afterAll(async () => {
    await Promise.all(engines.map((engine) => engine.close()));
    await redis.close();
  });

  /** A fresh queue with a caller and `solvers` in-process solvers of one thread each. */
  async function setUp(solvers: number, takeover?: { lockMs: number; stalledCheckMs: number }) {
    const name = `split${++queueCount}`;
    const client = new QueuedEngine({ connection: redis.connection, name });
    closers.push(() => client.close());
    for (const engine of engines.slice(0, solvers)) {
      const started = startSolver({ connection: redis.connection, name, engine, splitAfterNodes: SPLIT_AFTER_NODES, ...takeover });
      closers.push(() => started.close());
      await started.ready();
    }
    const queue = new Queue(name, { connection: redis.connection, prefix: QUEUE_PREFIX });
    queue.on('error', () => {});
    closers.push(() => queue.close());
    await client.ready();
    return { name, client, queue };
  }

  it('answers as the single-thread solver, with the workers on each n in its progress', async () => {
    const { client } = await setUp(2);
    for (const job of [TWO_KEYS, FOUR_KEYS]) {
      const progress: MateIterationReport[] = [];
      const result = await client.run(job, { onProgress: (report) => progress.push(report as MateIterationReport) });
      expect(answerOf(result)).toEqual(wholeAnswer(job));
      expect(progress.map((report) => report.depth)).toEqual([1, 2, 3, 4]);
      // The last n was split: its report counts the solvers that ran its parts.
      expect(progress.at(-1)!.workers).toBeGreaterThanOrEqual(1);
      expect(progress.at(-1)!.found).toBe(true);
    }
    // "No mate in 3" proven in parts too.
    expect(answerOf(await client.run({ ...TWO_KEYS, maxMoves: 3 }))).toEqual(wholeAnswer({ ...TWO_KEYS, maxMoves: 3 }));
  });

  it('stops every part on Cancel, leaving none to run', async () => {
    const { client, queue } = await setUp(2);
    const controller = new AbortController();
    let split!: () => void;
    const splitStarted = new Promise<void>((resolve) => (split = resolve));
    const running = client.run(HEAVY, { signal: controller.signal, onProgress: (report) => (report as MateIterationReport).workers !== undefined && split() });
    running.catch(() => {});
    await splitStarted;
    // Parts of a deeper level are running now.
    await pollUntil(async () => (await queue.getActive()).some((job) => job.name === PART_JOB_NAME), 'a part to run', 20_000);
    const cancelledAt = Date.now();
    controller.abort();
    const outcome = await running.then((result) => result.status, (error: unknown) => (error as Error).name);
    expect(['stopped', 'AbortError']).toContain(outcome);
    expect(Date.now() - cancelledAt).toBeLessThan(5_000);
    const counts = async () => Object.values(await queue.getJobCounts('active', 'waiting', 'prioritized', 'waiting-children'));
    await pollUntil(async () => (await counts()).every((count) => count === 0), 'the queue to empty', 10_000);
  });

  it('answers another member’s small problem while a big one is split', async () => {
    const { name, client } = await setUp(2);
    const other = new QueuedEngine({ connection: redis.connection, name });
    closers.push(() => other.close());
    await other.ready();
    let bigDoneAt = Infinity;
    let split!: () => void;
    const splitStarted = new Promise<void>((resolve) => (split = resolve));
    const big = client.run(MATE_IN_5, { onProgress: (report) => (report as MateIterationReport).workers !== undefined && split() });
    void big.then(() => (bigDoneAt = Date.now()), () => {});
    await splitStarted;
    const small = await other.run(MATE_IN_1);
    const smallDoneAt = Date.now();
    expect(small.keysSan).toEqual(['Ra8#']);
    expect(smallDoneAt).toBeLessThan(bigDoneAt);
    expect(answerOf(await big)).toEqual(wholeAnswer(MATE_IN_5));
  });

  it('runs a part again on another solver when the one running it is killed', async () => {
    const takeover = { lockMs: 1_000, stalledCheckMs: 500 };
    const { name, client, queue } = await setUp(0);
    const worker = startWorkerProcess({ redisUrl: redis.url, queue: name, threads: 1, takeover, splitAfterNodes: SPLIT_AFTER_NODES });
    await pollUntil(async () => (await queue.getWorkersCount()) > 0 || !worker.alive, 'the worker to connect', 30_000);
    const running = client.run(MATE_IN_5, { timeLimitMs: 120_000 });
    running.catch(() => {});
    await pollUntil(async () => (await queue.getActive()).some((job) => job.name === PART_JOB_NAME), 'a part to run', 30_000, 20);
    await worker.kill('SIGKILL');
    // The parts left, the killed one among them, go to a solver started now.
    const solver = startSolver({ connection: redis.connection, name, engine: engines[0]!, splitAfterNodes: SPLIT_AFTER_NODES, ...takeover });
    closers.push(() => solver.close());
    expect(answerOf(await running)).toEqual(wholeAnswer(MATE_IN_5));
  });
});
