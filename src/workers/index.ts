// The worker threads' public face, for the engine client (src/engine): the pool, the job kinds
// and their handlers (which the engine can also run in the calling thread), and the errors.

export { WorkerPool, DEFAULT_MAX_QUEUE, DEFAULT_STOP_GRACE_MS, effectiveDeadline } from './pool.ts';
export type { PoolStats, RunOptions, WorkerPoolOptions } from './pool.ts';
export {
  AbortError, PoolBusyError, PoolClosedError, SearchJobError, WorkerCrashedError, WorkerUnresponsiveError,
} from './errors.ts';
export type {
  Job, JobKind, JobProgress, JobResult, MateIterationReport, MateJob, MateJobProgress, MateJobResult, MateKeyJob, MateKeyResult,
  MateNodeReport, PlayJob, PlaySetupJob, PlaySetupResult, SharedMateBuffers,
} from './jobs.ts';
export { isNodeReport } from './jobs.ts';
export { helperJobs } from './helperJobs.ts';
export { jobHandlers } from './handlers.ts';
export type { Preload } from './protocol.ts';
export type { JobContext } from './jobs.ts';
export { prepareMateSolver } from './mateJob.ts';
export { MAX_HASH_MB } from './jobs.ts';
