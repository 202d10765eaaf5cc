// The messages between the pool (main thread) and a worker thread. Internal to src/workers.

import { performance } from 'node:perf_hooks';

/** What a worker can get ready before its first job: see WorkerPoolOptions.preload. */
export type Preload = 'mate' | 'play';

/** Given to each worker when it is made. */
export interface WorkerData {
  /** One Int32 stop flag: the main thread stores 1 to stop the running job, 0 before the next. */
  stop: SharedArrayBuffer;
  /**
   * Test hook, never set in production: the URL of a module whose `jobKinds` export is added to
   * the registry (kinds that crash, exit or hang the worker, to test the pool's recovery).
   */
  testJobsModule?: string;
  /** What to make ready before saying so: the mate solver's table, the game engine (WorkerPoolOptions.preload). */
  preload?: readonly Preload[];
}

export type ToWorker = {
  type: 'run';
  id: number;
  job: { kind: string };
  /** Epoch milliseconds, or null for none. */
  deadline: number | null;
  /**
   * When the pool started the job, in epoch milliseconds (performance.timeOrigin + now(), which
   * both threads read alike): the job's time counts from here, as its time limit does, so that
   * the message's way to the thread is in neither or both.
   */
  startedAt: number;
};

/** An error as it crosses threads: errors thrown by handlers are rebuilt from this on the main side. */
export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
}

export type FromWorker =
  | { type: 'ready' }
  | { type: 'progress'; id: number; progress: unknown }
  | { type: 'done'; id: number; result: unknown }
  | { type: 'failed'; id: number; error: SerializedError };

export const STOP_INDEX = 0;

/** Epoch milliseconds with a fraction, read alike in every thread of the process (ToWorker.startedAt). */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}
