// What travels through the queue: a job's data, and a failure as BullMQ keeps it (one string,
// the failedReason), written so that the caller can tell a cancelled search from a broken one.

import { AbortError, type Job, type MateKeyJob, SearchJobError } from '../engine/index.ts';
import type { SplitState } from './split.ts';

/**
 * A queued job's data: the engine job, the epoch ms by which it must be over (null: none), and
 * its own time once a solver starts it (null: none); time spent waiting in the queue is not its.
 */
export interface QueuedJob {
  readonly job: Job;
  readonly deadline: number | null;
  readonly timeLimitMs: number | null;
  /** Once a solver split the problem (split.ts): where it stands. Written by the solver, never by a caller. */
  readonly split?: SplitState;
}

/** The BullMQ job name of one part of a split problem; its parent is the problem's own job. */
export const PART_JOB_NAME = 'mate-part';

/** A part's data: the engine job, the level it belongs to, its problem's job id (for Cancel) and deadline. */
export interface QueuedPart {
  readonly job: MateKeyJob;
  readonly depth: number;
  /** Its place among its level's parts. */
  readonly index: number;
  readonly problemId: string;
  readonly deadline: number | null;
}

/** "Name: message", the form failedReason takes for an error a worker throws (see solver.ts). */
export function encodeFailure(error: unknown): string {
  // A handler's error arrives from the worker thread wrapped; the caller gets it wrapped once.
  if (error instanceof SearchJobError) return `${error.remoteName}: ${error.message.replace(/^search failed: /, '')}`;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return `Error: ${String(error)}`;
}

/** The error a caller gets for a job that failed with `failedReason`. */
export function decodeFailure(failedReason: string | undefined): Error {
  const match = /^(\w+): ([\s\S]*)$/.exec(failedReason ?? '');
  const name = match?.[1] ?? 'Error';
  const message = match?.[2] ?? failedReason ?? 'no reason given';
  if (name === 'AbortError') return new AbortError();
  return new SearchJobError({ name, message });
}
