// Lazy SMP (UCI Threads, and the Lichess bot's idle workers): the threads that help a search
// search the same position, unheard, until the main search ends, and share what they find
// through its table. Each starts a ply deeper than the one before (SearchLimits.helper), so that
// they mostly search ahead of the main thread and leave it deeper results.

import type { SearchLimits } from '../search/play/index.ts';
import type { PlayJob } from './jobs.ts';

/** The jobs of the `threads` − 1 threads helping `main`, which must bring a shared table. */
export function helperJobs(main: PlayJob, threads: number): PlayJob[] {
  if (main.table === undefined) throw new TypeError('helper jobs need the main job\'s shared table');
  const { fen, moves, hashMb, table, nodeCounts } = main;
  const searchMoves = main.limits.searchMoves;
  const jobs: PlayJob[] = [];
  for (let helper = 1; helper < threads; helper++) {
    // Until told to stop: the main search's end stops them.
    const limits: SearchLimits = { infinite: true, helper, ...(searchMoves ? { searchMoves } : {}) };
    jobs.push({ kind: 'play', fen, moves, limits, hashMb, table, ...(nodeCounts ? { nodeCounts } : {}) });
  }
  return jobs;
}
