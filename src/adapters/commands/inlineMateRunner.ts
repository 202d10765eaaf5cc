// A MateRunner that solves in the calling thread. It blocks the event loop for the whole
// search, so it suits the command line and the local console; the bots use the worker pool.

import { performance } from 'node:perf_hooks';
import { parseFen } from '../../chess/fen.ts';
import { MateSolver, solveMate } from '../../search/mate/index.ts';
import type { MateRunner } from './mate.ts';

/**
 * A runner that reuses one solver: `solver` if given, else its own, made on first use (its table
 * is large and takes tens of milliseconds to allocate). Jobs cannot overlap: each runs to the end
 * before its promise settles.
 */
export function inlineMateRunner(solver: MateSolver | null = null): MateRunner {
  return async (job, options = {}) => {
    solver ??= new MateSolver();
    const { signal, timeoutMs, onProgress } = options;
    const deadline = timeoutMs === undefined ? Infinity : performance.now() + timeoutMs;
    const position = parseFen(job.fen);
    return solveMate(
      solver,
      { position, maxMoves: job.n, mode: job.mode, tree: job.tree ?? false },
      {
        // Polled by the solver every few thousand nodes.
        shouldStop: () => signal?.aborted === true || performance.now() >= deadline,
        ...(onProgress ? { onProgress } : {}),
      },
    );
  };
}
