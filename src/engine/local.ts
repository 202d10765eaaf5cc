// The embedded default: searches run in worker threads of this process, one job per thread, the
// rest waiting in a bounded queue (src/workers/pool.ts). A mate problem also takes every idle
// thread (parallelMate.ts).

import {
  type Job, type JobProgress, type JobResult, type MateJobProgress, type PoolStats, type Preload, WorkerPool,
} from '../workers/index.ts';
import type { EngineClient, SearchOptions } from './client.ts';
import { SharedMateTables, solveMateOnThreads } from './parallelMate.ts';

export interface LocalEngineOptions {
  /** Worker threads; null or absent means one per core. */
  readonly threads?: number | null;
  /** Jobs that may wait for a free thread; beyond this a job is refused with PoolBusyError. */
  readonly maxQueue?: number;
  /**
   * What each thread gets ready as it starts rather than with its first job: 'mate' (the solver's
   * table) for threads that answer /mate, 'play' (the game engine) for threads that play games.
   */
  readonly preload?: readonly Preload[];
}

export interface LocalEngine extends EngineClient {
  /** Its number of threads. */
  readonly size: number;
  /** Jobs that may wait for a free thread. */
  readonly maxQueue: number;
  readonly stats: PoolStats;
  /** Starts every thread now (a game's first move must not wait for one to load the engine). */
  warmUp(): Promise<void>;
  /** Stops every thread; running and queued jobs fail with PoolClosedError. */
  close(): Promise<void>;
}

export function localEngine(options: LocalEngineOptions = {}): LocalEngine {
  return new PoolEngine(new WorkerPool({
    size: options.threads,
    ...(options.maxQueue !== undefined ? { maxQueue: options.maxQueue } : {}),
    ...(options.preload ? { preload: options.preload } : {}),
  }));
}

class PoolEngine implements LocalEngine {
  private readonly mateTables = new SharedMateTables();

  constructor(private readonly pool: WorkerPool) {}

  get size(): number {
    return this.pool.size;
  }

  get maxQueue(): number {
    return this.pool.maxQueue;
  }

  get stats(): PoolStats {
    return this.pool.stats;
  }

  run<J extends Job>(job: J, options?: SearchOptions<JobProgress<J>>): Promise<JobResult<J>> {
    if (job.kind !== 'mate') return this.pool.run(job, options);
    // The threads free now: the job's and its helpers'. A job that would wait, or find no thread
    // for a helper, runs alone (and holds no shared table while it waits).
    const { size, running, queued } = this.pool.stats;
    const idle = queued > 0 ? 0 : size - running;
    const mateOptions = options as SearchOptions<MateJobProgress> | undefined;
    return solveMateOnThreads(this.pool, idle, this.mateTables, job, mateOptions) as Promise<JobResult<J>>;
  }

  warmUp(): Promise<void> {
    return this.pool.warmUp();
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
