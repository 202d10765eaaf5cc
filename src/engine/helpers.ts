// Helper jobs beside a search that answers: they run on the same engine, unheard, until they are
// stopped (when the search they help ends, or the caller's signal aborts). The game engine's lazy
// SMP (playSearch.ts) and one mate problem on every idle thread (parallelMate.ts) both use them.

import type { Job } from '../workers/index.ts';
import type { EngineClient, SearchOptions } from './client.ts';

export interface Helpers {
  /** Stops every helper; resolves once each has ended (refused, stopped or failed alike). */
  stop(): Promise<void>;
}

/**
 * Starts `jobs` as helpers under the caller's signal, deadline and time limit. `background`:
 * they only take threads nothing else wants (refused when none is idle, stopped when other work
 * would wait). A helper's result or failure changes nothing: the search they help answers.
 */
export function startHelpers(
  engine: EngineClient, jobs: readonly Job[], options: Pick<SearchOptions<unknown>, 'signal' | 'deadline' | 'timeLimitMs'>, background: boolean,
): Helpers {
  const controller = new AbortController();
  const abort = (): void => controller.abort();
  options.signal?.addEventListener('abort', abort, { once: true });
  const running = jobs.map((job) => engine.run(job, {
    signal: controller.signal,
    background,
    ...(options.deadline !== undefined ? { deadline: options.deadline } : {}),
    ...(options.timeLimitMs !== undefined ? { timeLimitMs: options.timeLimitMs } : {}),
  }).then(() => {}, () => {}));
  return {
    stop: () => {
      options.signal?.removeEventListener('abort', abort);
      abort();
      return Promise.all(running).then(() => {});
    },
  };
}
