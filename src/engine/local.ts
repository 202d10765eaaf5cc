// The embedded default: searches run in worker threads of this process, one job per thread, the
// rest waiting in a bounded queue (src/workers/pool.ts).

import { WorkerPool, type PoolStats } from '../workers/index.ts';
import type { EngineClient } from './client.ts';

export interface LocalEngineOptions {
  /** Worker threads; null or absent means one per core. */
  readonly threads?: number | null;
  /** Jobs that may wait for a free thread; beyond this a job is refused with PoolBusyError. */
  readonly maxQueue?: number;
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
  return new WorkerPool({ size: options.threads, ...(options.maxQueue !== undefined ? { maxQueue: options.maxQueue } : {}) });
}
