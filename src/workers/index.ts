// The worker pool's public face: adapters import from here.

export { WorkerPool, DEFAULT_MAX_QUEUE, DEFAULT_STOP_GRACE_MS } from './pool.ts';
export type { PoolStats, RunOptions, WorkerPoolOptions } from './pool.ts';
export {
  AbortError, IllegalMoveError, PoolBusyError, PoolClosedError, SearchJobError, WorkerCrashedError, WorkerUnresponsiveError,
} from './errors.ts';
export type {
  Job, JobKind, JobProgress, JobResult, MateJob, MateJobProgress, MateJobResult, PlayJob, PlaySetupJob,
  PlaySetupResult,
} from './jobs.ts';
export { helperJobs } from './helperJobs.ts';
export { MAX_HASH_MB, playPosition } from './playJob.ts';
