// The engine client: the one seam every search goes through. A caller hands it a job (prove a
// mate, choose a move, prepare the engine) with a signal, a deadline and a progress callback, and
// gets the job's result; where the job runs (worker threads of this process, the calling thread,
// and later a queue served by other machines) is the implementation's business alone.

import type { Job, JobProgress, JobResult } from '../workers/index.ts';

export interface SearchOptions<P> {
  /** Cancels the job: refused with an AbortError if it has not started, stopped if it runs. */
  readonly signal?: AbortSignal;
  /** Epoch milliseconds after which a running job is stopped (it answers with what it has). */
  readonly deadline?: number;
  /** Progress reports from the running job; an exception thrown here is ignored. */
  readonly onProgress?: (progress: P) => void;
  /**
   * Work that may only use capacity nothing else wants (pondering, a search's helper threads):
   * it starts at once or is refused with PoolBusyError, and is stopped as soon as other work
   * would have to wait for it.
   */
  readonly background?: boolean;
}

export interface EngineClient {
  run<J extends Job>(job: J, options?: SearchOptions<JobProgress<J>>): Promise<JobResult<J>>;
}
