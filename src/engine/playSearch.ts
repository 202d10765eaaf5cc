// One game-engine search on several threads (lazy SMP): the main search, whose result is the
// answer, and helpers that search the same position unheard on the same shared table, each
// starting a ply deeper than the one before (src/workers/helperJobs.ts). The helpers stop when
// the main search ends, or when the caller's signal aborts.

import type { SearchInfo, SearchResult } from '../search/play/index.ts';
import { type PlayJob, helperJobs } from '../workers/index.ts';
import type { EngineClient, SearchOptions } from './client.ts';
import { startHelpers } from './helpers.ts';

export interface PlaySearchOptions extends SearchOptions<SearchInfo> {
  /** Threads in all, the main one included (1: no helpers). More need the job's shared table. */
  readonly threads: number;
  /**
   * Whether the helpers only take threads nothing else wants (refused when none is idle, stopped
   * when other work would wait): true for a bot serving several games, false for a UCI session
   * whose threads are all its own.
   */
  readonly helpersInBackground: boolean;
}

/** Runs `job` and its helpers; resolves or rejects as the main search does. */
export function searchWithHelpers(engine: EngineClient, job: PlayJob, options: PlaySearchOptions): Promise<SearchResult> {
  const { threads, helpersInBackground, ...mainOptions } = options;
  if (threads <= 1) return engine.run(job, mainOptions);
  // The helpers post their nodes here, so the main search's reports count every thread's.
  const main: PlayJob = job.nodeCounts ? job : { ...job, nodeCounts: new SharedArrayBuffer(4 * threads) };
  const result = engine.run(main, mainOptions);
  const helpers = startHelpers(engine, helperJobs(main, threads), options, helpersInBackground);
  return result.finally(() => void helpers.stop());
}
