// One mate problem on every idle thread: the job that answers, plus helpers that solve the same
// problem on the same shared table, spreading over the moves through the busy marks (simplified
// ABDADA, src/search/mate/busy.ts). Every thread proves, so the answer is the one a single
// thread gives; the others only make it come sooner. Helpers are background work: they take
// only threads nothing else wants and give them up the moment another job would wait, so one
// member's problem gets the whole pool and several members' problems share it.

import {
  clearBusyMoves, renewSharedMateTable, sharedBusyMoves, sharedMateTable,
} from '../search/mate/index.ts';
import type { MateJob, MateJobProgress, MateJobResult, SharedMateBuffers } from '../workers/index.ts';
import type { EngineClient, SearchOptions } from './client.ts';
import { startHelpers } from './helpers.ts';

/** The shared table's size: 2^21 entries (32 MB), as a single thread's own. */
const TABLE_BITS = 21;

/**
 * Shared tables kept from one problem to the next: a fresh 32 MB table costs a short problem
 * more (its pages are touched for the first time) than solving it. One per problem in progress.
 */
export class SharedMateTables {
  private readonly free: SharedMateBuffers[] = [];

  /** A table, empty, for one problem; give it back once no thread uses it. */
  take(): SharedMateBuffers {
    const buffers = this.free.pop();
    if (buffers === undefined) return { table: sharedMateTable(TABLE_BITS), busy: sharedBusyMoves() };
    renewSharedMateTable(buffers.table);
    clearBusyMoves(buffers.busy);
    return buffers;
  }

  give(buffers: SharedMateBuffers): void {
    this.free.push(buffers);
  }
}

/**
 * Runs a mate job on `engine` with up to `threads` − 1 helpers (`threads`: those free for it
 * now). Resolves or rejects as the job alone would; the helpers are stopped when it ends (or its
 * signal aborts).
 */
export function solveMateOnThreads(
  engine: EngineClient, threads: number, tables: SharedMateTables, job: MateJob, options: SearchOptions<MateJobProgress> = {},
): Promise<MateJobResult> {
  if (threads <= 1 || (job.stipulation ?? 'direct') !== 'direct' || job.shared !== undefined) return engine.run(job, options);
  const buffers = tables.take();
  const result = engine.run({ ...job, shared: { ...buffers, helper: false } }, options);
  // A helper's answer and reports go unheard: it builds no tree nor solution, and counts unseen.
  const { tree: _tree, solution: _solution, reportNodes: _reportNodes, ...problem } = job;
  const helperJobs = Array.from({ length: threads - 1 }, (): MateJob => ({ ...problem, shared: { ...buffers, helper: true } }));
  const helpers = startHelpers(engine, helperJobs, options, true);
  // The table goes back only when no helper can still write to it.
  return result.finally(() => void helpers.stop().then(() => tables.give(buffers)));
}
