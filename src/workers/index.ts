// The worker pool's public face: adapters import from here.

export { WorkerPool, DEFAULT_MAX_QUEUE, DEFAULT_STOP_GRACE_MS } from './pool.ts';
export type { PoolStats, RunOptions, WorkerPoolOptions } from './pool.ts';
export {
  AbortError, PoolBusyError, PoolClosedError, SearchJobError, WorkerCrashedError, WorkerUnresponsiveError,
} from './errors.ts';
export type { Job, JobKind, JobProgress, JobResult, MateJob, MateJobProgress, MateJobResult } from './jobs.ts';
