// An engine client that runs each job in the calling thread, with the job handlers the worker
// threads use. A job blocks the event loop until it ends, so this suits the command line (one
// search, nothing else to serve), not the bots. The signal and the deadline are polled by the
// search, since no timer can fire while it runs.

import { performance } from 'node:perf_hooks';
import { type Job, type JobContext, type JobProgress, type JobResult, jobHandlers, prepareMateSolver } from '../workers/index.ts';
import { AbortError, effectiveDeadline } from '../workers/index.ts';
import type { EngineClient, SearchOptions } from './client.ts';

type AnyHandler = (job: Job, context: JobContext<unknown>) => unknown;

export class InlineEngine implements EngineClient {
  /** Allocates the mate solver's table now (tens of milliseconds), so that no timed search pays for it. */
  prepareMate(): void {
    prepareMateSolver();
  }

  async run<J extends Job>(job: J, options: SearchOptions<JobProgress<J>> = {}): Promise<JobResult<J>> {
    const { signal, onProgress } = options;
    const deadline = effectiveDeadline(options) ?? undefined;
    if (signal?.aborted) throw new AbortError('the search was cancelled before it started', { cause: signal.reason });
    const startedAt = performance.now();
    const context: JobContext<JobProgress<J>> = {
      shouldStop: () => signal?.aborted === true || (deadline !== undefined && Date.now() > deadline),
      progress: (report) => {
        try {
          onProgress?.(report);
        } catch {
          // The caller's callback failing must not fail the search.
        }
      },
      elapsedMs: () => Math.round(performance.now() - startedAt),
    };
    const handler = jobHandlers[job.kind] as AnyHandler;
    return (await handler(job, context as JobContext<unknown>)) as JobResult<J>;
  }
}
