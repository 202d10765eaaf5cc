// A MateRunner that sends each search to the worker pool, so the event loop stays free for the
// console, Discord and Lichess while a long proof runs; cancel and time limit act at once.

import type { WorkerPool } from '../../workers/index.ts';
import type { MateRunner } from './mate.ts';

export function poolMateRunner(pool: WorkerPool): MateRunner {
  return (job, options = {}) => {
    const { signal, timeoutMs, onProgress } = options;
    return pool.run(
      { kind: 'mate', fen: job.fen, maxMoves: job.n, mode: job.mode, tree: job.tree ?? false },
      {
        ...(signal ? { signal } : {}),
        ...(timeoutMs !== undefined ? { deadline: Date.now() + timeoutMs } : {}),
        ...(onProgress ? { onProgress } : {}),
      },
    );
  };
}
