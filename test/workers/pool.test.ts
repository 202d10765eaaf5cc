// The worker pool with real worker threads: answers, progress, cancellation, deadlines, the
// bounded queue, crashes and close(). Test-only job kinds (test/workers/fixtures/testJobs.ts)
// hang, crash or kill workers on purpose.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FenError } from '../../src/chess/fen.ts';
import {
  AbortError, type Job, type MateIterationReport, type MateJob, type MateJobProgress, PoolBusyError, PoolClosedError, type RunOptions,
  SearchJobError, WorkerCrashedError, WorkerPool, type WorkerPoolOptions, WorkerUnresponsiveError, isNodeReport,
} from '../../src/workers/index.ts';
import { NODE_REPORT_INTERVAL } from '../../src/search/mate/index.ts';
import type { SleepResult, TestJob } from './fixtures/testJobs.ts';

const TEST_JOBS = new URL('./fixtures/testJobs.ts', import.meta.url);

// Mate in 2, one key: 1. Nf6+ gxf6 2. Bxf7#.
const MATE_IN_2 = 'r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 0';
// Asked as n = 6 this takes many seconds: long enough to cancel mid-search.
const LONG = '3Q4/5q1k/4ppp1/2Kp1N1B/RR6/3P1r2/4nP2/3b4 w - - 0 1';

function mate(fen: string, maxMoves: number, extra: Partial<MateJob> = {}): MateJob {
  return { kind: 'mate', fen, maxMoves, mode: 'all', ...extra };
}

function testPool(options: WorkerPoolOptions = {}): WorkerPool {
  return new WorkerPool({ size: 1, testJobsModule: TEST_JOBS, ...options });
}

/** Submits a test-only job kind (not in the public Job union). */
function runTest<R = SleepResult>(pool: WorkerPool, job: TestJob, options: RunOptions<unknown> = {}): Promise<R> {
  return pool.run(job as unknown as Job, options) as Promise<unknown> as Promise<R>;
}

/** Resolves once `condition` holds, polling; fails the test after `ms`. */
async function waitFor(condition: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

let pool: WorkerPool;

beforeAll(async () => {
  pool = testPool({ size: 2 });
  await pool.warmUp();
});

afterAll(async () => {
  await pool.close();
});

describe('WorkerPool: mate jobs', () => {
  it('solves a mate in 2 and reports progress per iteration', async () => {
    const progress: MateIterationReport[] = [];
    const result = await pool.run(mate(MATE_IN_2, 2), { onProgress: (p) => progress.push(p as MateIterationReport) });
    expect(result).toMatchObject({
      status: 'mate', mateIn: 2, keys: ['d5f6'], keysSan: ['Nf6+'], keysComplete: true,
      line: ['Nf6+', 'gxf6', 'Bxf7#'], provenDepth: 1,
    });
    expect(result.elapsedMs).toBeGreaterThanOrEqual(0);
    expect(progress.map(({ depth, found }) => ({ depth, found }))).toEqual([
      { depth: 1, found: false },
      { depth: 2, found: true },
    ]);
    expect(progress[1].nodes).toBeGreaterThan(progress[0].nodes);
    expect(progress[1].elapsedMs).toBeGreaterThanOrEqual(progress[0].elapsedMs);
  });

  it('forwards the running node count when the job asks for it, between its iterations, and none when not', async () => {
    // No mate in 5: some 330,000 nodes.
    const progress: MateJobProgress[] = [];
    const result = await pool.run(mate(LONG, 5, { reportNodes: true }), { onProgress: (p) => progress.push(p) });
    expect(result.status).toBe('no-mate');
    const counts = progress.filter(isNodeReport);
    expect(counts.length).toBe(Math.floor(result.nodes / NODE_REPORT_INTERVAL));
    for (const count of counts) expect(count).toEqual({ kind: 'nodes', depth: expect.any(Number), nodes: expect.any(Number), elapsedMs: expect.any(Number) });
    // In order, and each within its iteration: after n - 1's report, before n's.
    let lastIteration = 0;
    let lastNodes = 0;
    for (const report of progress) {
      expect(report.nodes).toBeGreaterThanOrEqual(lastNodes);
      lastNodes = report.nodes;
      if (isNodeReport(report)) expect(report.depth).toBe(lastIteration + 1);
      else lastIteration = report.depth;
    }
    const plain: MateJobProgress[] = [];
    await pool.run(mate(LONG, 5), { onProgress: (p) => plain.push(p) });
    expect(plain.filter(isNodeReport)).toEqual([]);
    expect(plain.map((p) => p.depth)).toEqual([1, 2, 3, 4, 5]);
  });

  it('rejects a bad FEN with a FenError naming the problem', async () => {
    const error = await pool.run(mate('8/8/8 w - - 0 1', 2)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FenError);
    expect((error as FenError).message).toBe('the board has 3 ranks; it needs 8, separated by "/"');
  });

  it('rejects an invalid job with a SearchJobError and keeps the worker', async () => {
    const error = await pool.run(mate(MATE_IN_2, 0)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SearchJobError);
    expect((error as SearchJobError).message).toMatch(/^search failed: mate job: maxMoves must be an integer/);
    expect((error as SearchJobError).remoteName).toBe('RangeError');
    expect((await pool.run(mate(MATE_IN_2, 2))).keys).toEqual(['d5f6']);
  });

  it('runs several jobs in parallel on a pool of 2, queueing the rest', async () => {
    const jobs = [
      { fen: MATE_IN_2, n: 2, keys: ['d5f6'] },
      { fen: 'b7/PP6/8/8/7K/6B1/6N1/4R1bk w - - 0 1', n: 3, keys: ['b7a8n'] },
      { fen: '8/2P1P1P1/3PkP2/8/4K3/8/8/8 w - - 0 1', n: 3, keys: ['e7e8b'] },
      { fen: '4K1R1/PP2P3/2k5/3pP3/3B4/6P1/8/8 w - - 0 1', n: 3, keys: ['b7b8r'] },
    ];
    const results = jobs.map(({ fen, n }) => pool.run(mate(fen, n)));
    expect(pool.stats).toMatchObject({ workers: 2, running: 2, queued: 2 });
    const reports = await Promise.all(results);
    expect(reports.map((r) => [r.mateIn, r.keys])).toEqual(jobs.map(({ n, keys }) => [n, keys]));
    expect(pool.stats).toMatchObject({ running: 0, queued: 0 });
  });

  it('ignores an exception thrown by onProgress', async () => {
    const result = await pool.run(mate(MATE_IN_2, 2), {
      onProgress: () => {
        throw new Error('caller bug');
      },
    });
    expect(result.status).toBe('mate');
  });
});

describe('WorkerPool: stopping a running search', () => {
  it('stops a long search at once when aborted, answering "stopped"', async () => {
    const controller = new AbortController();
    let abortedAt = 0;
    const result = await pool.run(mate(LONG, 6), {
      signal: controller.signal,
      onProgress: ({ depth }) => {
        if (depth >= 3 && abortedAt === 0) {
          abortedAt = Date.now();
          controller.abort();
        }
      },
    });
    const latency = Date.now() - abortedAt;
    expect(result.status).toBe('stopped');
    expect(result.mateIn).toBeNull();
    expect(result.provenDepth).toBeGreaterThanOrEqual(3);
    expect(result.provenDepth).toBeLessThan(6);
    expect(latency).toBeLessThan(1000);
  });

  it('stops a long search at its deadline', async () => {
    const deadline = Date.now() + 400;
    const result = await pool.run(mate(LONG, 6), { deadline });
    expect(result.status).toBe('stopped');
    expect(Date.now() - deadline).toBeLessThan(1000);
  });

  it('gets what it is told to preload ready before its first job, and plays and solves with it', async () => {
    const preloaded = new WorkerPool({ size: 1, preload: ['mate', 'play'] });
    try {
      await preloaded.warmUp();
      const played = await preloaded.run({ kind: 'play', fen: MATE_IN_2, moves: [], limits: { depth: 4 }, hashMb: 1 });
      expect(played.bestMove).toBe('d5f6');
      // The solver's table was made before the job: the job's own time is the search's alone.
      expect((await preloaded.run(mate(MATE_IN_2, 2))).keys).toEqual(['d5f6']);
    } finally {
      await preloaded.close();
    }
  });

  it('counts a time limit from when the job starts, not while it waits for a worker', async () => {
    const single = new WorkerPool({ size: 1 });
    try {
      const blocker = new AbortController();
      const blocking = single.run(mate(LONG, 6), { signal: blocker.signal });
      const limited = single.run(mate(LONG, 6), { timeLimitMs: 500 });
      // The second job waits 700 ms for the thread: more than its whole time limit.
      setTimeout(() => blocker.abort(), 700);
      await blocking;
      const freedAt = Date.now();
      const result = await limited;
      const ranMs = Date.now() - freedAt;
      expect(result.status).toBe('stopped');
      // It ran for about its limit once the thread was free (a limit counted from the wait would have stopped it at once).
      expect(ranMs).toBeGreaterThanOrEqual(400);
      expect(ranMs).toBeLessThan(1_500);
    } finally {
      await single.close();
    }
  });

  it('refuses a time limit that is not a number of milliseconds', async () => {
    await expect(pool.run(mate(LONG, 6), { timeLimitMs: Number.NaN })).rejects.toThrow(/timeLimitMs must be/);
  });

  it('stops at once when the deadline has already passed', async () => {
    const started = Date.now();
    const result = await pool.run(mate(LONG, 6), { deadline: started - 1 });
    expect(result.status).toBe('stopped');
    expect(result.provenDepth).toBeLessThan(6);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('honours maxNodes', async () => {
    const result = await pool.run(mate(LONG, 6, { maxNodes: 50_000 }));
    expect(result.status).toBe('stopped');
    // The solver polls its limits every few thousand nodes; the full search takes millions.
    expect(result.nodes).toBeGreaterThanOrEqual(50_000);
    expect(result.nodes).toBeLessThan(500_000);
  });

  it('terminates and replaces a worker that ignores the stop flag', async () => {
    const own = testPool({ stopGraceMs: 200 });
    try {
      const controller = new AbortController();
      const running = runTest(own, { kind: 'spin', ms: 60_000 }, { signal: controller.signal });
      await waitFor(() => own.stats.running === 1);
      controller.abort();
      const error = await running.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WorkerUnresponsiveError);
      expect((error as Error).message).toBe(
        'search worker did not stop within 200 ms after the cancellation; it was restarted',
      );
      expect((await own.run(mate(MATE_IN_2, 2))).keys).toEqual(['d5f6']);
    } finally {
      await own.close();
    }
  });
});

describe('WorkerPool: cancellation before the start, and the queue', () => {
  it('rejects a job whose signal is already aborted without starting it', async () => {
    const progress: unknown[] = [];
    const error = await pool
      .run(mate(MATE_IN_2, 2), { signal: AbortSignal.abort(), onProgress: (p) => progress.push(p) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).name).toBe('AbortError');
    expect(progress).toEqual([]);
    expect(pool.stats).toMatchObject({ running: 0, queued: 0 });
  });

  it('rejects a queued job aborted while waiting, and never runs it', async () => {
    const own = testPool({ maxQueue: 4 });
    try {
      const blocker = new AbortController();
      const running = runTest(own, { kind: 'sleep', ms: 10_000 }, { signal: blocker.signal });
      const controller = new AbortController();
      const progress: unknown[] = [];
      const queued = own.run(mate(MATE_IN_2, 2), { signal: controller.signal, onProgress: (p) => progress.push(p) });
      expect(own.stats).toMatchObject({ running: 1, queued: 1 });
      controller.abort(new Error('user pressed cancel'));
      const error = await queued.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AbortError);
      expect((error as AbortError).cause).toEqual(new Error('user pressed cancel'));
      expect(own.stats).toMatchObject({ running: 1, queued: 0 });
      blocker.abort();
      expect(await running).toMatchObject({ stopped: true });
      expect(progress).toEqual([]);
    } finally {
      await own.close();
    }
  });

  it('refuses jobs beyond maxQueue with PoolBusyError, at once', async () => {
    const own = testPool({ maxQueue: 2 });
    try {
      const blocker = new AbortController();
      const jobs = [0, 1, 2].map(() => runTest(own, { kind: 'sleep', ms: 10_000 }, { signal: blocker.signal }));
      expect(own.stats).toMatchObject({ running: 1, queued: 2 });
      const error = await own.run(mate(MATE_IN_2, 2)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PoolBusyError);
      expect((error as Error).message).toBe('busy: 2 searches queued, try again later');
      blocker.abort();
      const settled = await Promise.allSettled(jobs);
      // The running one stops; the queued ones were cancelled before they started.
      expect(settled[0]).toEqual({ status: 'fulfilled', value: expect.objectContaining({ stopped: true }) });
      expect(settled.slice(1).map((s) => s.status === 'rejected' && s.reason.name)).toEqual(['AbortError', 'AbortError']);
    } finally {
      await own.close();
    }
  });

  it('runs queued jobs in order as workers free up', async () => {
    const own = testPool({ maxQueue: 4 });
    try {
      const order: number[] = [];
      const jobs = [0, 1, 2].map((i) => runTest(own, { kind: 'sleep', ms: 30 }).then(() => order.push(i)));
      await Promise.all(jobs);
      expect(order).toEqual([0, 1, 2]);
    } finally {
      await own.close();
    }
  });
});

describe('WorkerPool: background jobs', () => {
  it('runs a background job on an idle worker, and refuses one when none is idle instead of queueing it', async () => {
    const own = testPool({ maxQueue: 4 });
    try {
      const blocker = new AbortController();
      const background = runTest(own, { kind: 'sleep', ms: 10_000 }, { signal: blocker.signal, background: true });
      expect(own.stats).toMatchObject({ running: 1, queued: 0 });
      const refused = await runTest(own, { kind: 'sleep', ms: 10 }, { background: true }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(PoolBusyError);
      expect(own.stats).toMatchObject({ running: 1, queued: 0 });
      blocker.abort();
      expect(await background).toMatchObject({ stopped: true });
    } finally {
      await own.close();
    }
  });

  it('stops a background job as soon as a job has to wait for its worker, which then runs that job', async () => {
    const own = testPool({ maxQueue: 4 });
    try {
      const background = runTest(own, { kind: 'sleep', ms: 10_000 }, { background: true });
      const started = Date.now();
      const foreground = await runTest(own, { kind: 'sleep', ms: 20 });
      expect(foreground).toMatchObject({ stopped: false });
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(await background).toMatchObject({ stopped: true });
    } finally {
      await own.close();
    }
  });

  it('stops one background job per waiting job, and none while stopping jobs will free a worker for it', async () => {
    const own = testPool({ size: 3, maxQueue: 4 });
    const stopAll = new AbortController();
    const long = (background = false) => runTest(own, { kind: 'sleep', ms: 10_000 }, { signal: stopAll.signal, background });
    try {
      await own.warmUp();
      const first = new AbortController();
      const busy = runTest(own, { kind: 'sleep', ms: 10_000 }, { signal: first.signal });
      const settled = [false, false];
      const backgrounds = [0, 1].map((i) => long(true).then((result) => {
        settled[i] = true;
        return result;
      }));
      const second = long();
      await waitFor(() => settled.includes(true) && own.stats.queued === 0);
      await new Promise((resolve) => setTimeout(resolve, 50));
      // One background job gave its worker to the waiting job; the other kept its own.
      expect(settled.filter(Boolean)).toHaveLength(1);
      expect(own.stats).toMatchObject({ running: 3, queued: 0 });
      // A job queued while a foreground job stops gets that job's worker: no background job stops.
      first.abort();
      const third = long();
      expect(own.stats).toMatchObject({ queued: 1 });
      await busy;
      await waitFor(() => own.stats.queued === 0);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(settled.filter(Boolean)).toHaveLength(1);
      expect(own.stats).toMatchObject({ running: 3, queued: 0 });
      stopAll.abort();
      expect(await Promise.all([...backgrounds, second, third])).toHaveLength(4);
    } finally {
      stopAll.abort();
      await own.close();
    }
  });
});

describe('WorkerPool: crashed workers', () => {
  it('fails the job of a worker that throws outside its handler, replaces it, spares the others', async () => {
    const other = runTest(pool, { kind: 'sleep', ms: 300 });
    const error = await runTest(pool, { kind: 'crash', message: 'boom' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerCrashedError);
    expect((error as Error).message).toBe('search worker crashed: boom');
    expect(await other).toMatchObject({ stopped: false });
    expect((await pool.run(mate(MATE_IN_2, 2))).keys).toEqual(['d5f6']);
    expect(pool.stats.workers).toBeLessThanOrEqual(2);
  });

  it('fails the job of a worker that exits', async () => {
    const error = await runTest(pool, { kind: 'exit', code: 7 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerCrashedError);
    expect((error as Error).message).toBe('search worker crashed: the worker exited with code 7');
    expect((await pool.run(mate(MATE_IN_2, 2))).status).toBe('mate');
  });

  it('fails the job of a worker that runs out of memory', async () => {
    const own = testPool({ resourceLimits: { maxOldGenerationSizeMb: 48 } });
    try {
      const error = await runTest(own, { kind: 'oom' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WorkerCrashedError);
      expect((error as Error).message).toBe('search worker crashed: out of memory');
      expect((await own.run(mate(MATE_IN_2, 2))).status).toBe('mate');
    } finally {
      await own.close();
    }
  });

  it('fails only the job when its handler throws', async () => {
    const error = await runTest(pool, { kind: 'fail', message: 'nope' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SearchJobError);
    expect((error as Error).message).toBe('search failed: nope');
    const uncloneable = await runTest(pool, { kind: 'uncloneable' }).catch((e: unknown) => e);
    expect(uncloneable).toBeInstanceOf(SearchJobError);
    expect((uncloneable as SearchJobError).remoteName).toBe('DataCloneError');
    expect((await pool.run(mate(MATE_IN_2, 2))).status).toBe('mate');
  });

  it('has no crashing kinds without the test hook', async () => {
    const plain = new WorkerPool({ size: 1 });
    try {
      const error = await runTest(plain, { kind: 'crash', message: 'boom' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SearchJobError);
      expect((error as Error).message).toBe('search failed: unknown job kind "crash"');
    } finally {
      await plain.close();
    }
  });
});

describe('WorkerPool: close()', () => {
  it('rejects running and queued work, then refuses new work', async () => {
    const own = testPool({ maxQueue: 4 });
    const running = runTest(own, { kind: 'sleep', ms: 10_000 });
    const queued = own.run(mate(MATE_IN_2, 2));
    const outcomes = Promise.allSettled([running, queued]);
    await waitFor(() => own.stats.workers === 1);
    await own.close();
    const [first, second] = await outcomes;
    expect(first.status === 'rejected' && first.reason).toBeInstanceOf(PoolClosedError);
    expect(second.status === 'rejected' && second.reason).toBeInstanceOf(PoolClosedError);
    await expect(own.run(mate(MATE_IN_2, 2))).rejects.toBeInstanceOf(PoolClosedError);
    expect(own.stats).toMatchObject({ workers: 0, running: 0, queued: 0 });
    await own.close(); // idempotent
  });
});

describe('WorkerPool: options', () => {
  it('defaults to one worker per core and a queue of 32', () => {
    const own = new WorkerPool({ size: null });
    expect(own.size).toBeGreaterThanOrEqual(1);
    expect(own.maxQueue).toBe(32);
  });

  it('rejects a deadline that is not a finite time', async () => {
    await expect(pool.run(mate(MATE_IN_2, 2), { deadline: Number.NaN })).rejects.toThrow(TypeError);
  });

  it('rejects a bad size or queue length', () => {
    expect(() => new WorkerPool({ size: 0 })).toThrow(RangeError);
    expect(() => new WorkerPool({ maxQueue: -1 })).toThrow(RangeError);
  });
});
