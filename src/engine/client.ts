// The engine client: the one seam every search goes through. A caller hands it a job (prove a
// mate, choose a move, prepare the engine) with a signal, a deadline and a progress callback, and
// gets the job's result; where the job runs (worker threads of this process, the calling thread,
// and later a queue served by other machines) is the implementation's business alone.

import type { Job, JobProgress, JobResult, RunOptions } from '../workers/index.ts';

/**
 * How a job is run: `signal` cancels it (refused with an AbortError before it starts, stopped
 * while it runs), `deadline` (epoch ms) stops it with what it has, `onProgress` hears its reports,
 * and `background` work only takes capacity nothing else wants. The worker pool's RunOptions is
 * the first implementation's; every implementation takes the same.
 */
export type SearchOptions<P> = RunOptions<P>;

export interface EngineClient {
  run<J extends Job>(job: J, options?: SearchOptions<JobProgress<J>>): Promise<JobResult<J>>;
}
