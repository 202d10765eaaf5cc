// What the worker pool can run: each job kind with its request, its answer and its progress
// report. All of them are plain values (structured-clone safe), because they cross threads.
//
// Adding a kind: one entry in JobTypes here and one handler in handlers.ts.

import type { MateMode, MateProgress, MateReport } from '../search/mate/index.ts';

/** Prove the shortest forced mate in at most `maxMoves` moves for the side to move in `fen`. */
export interface MateJob {
  kind: 'mate';
  fen: string;
  maxMoves: number;
  mode: MateMode;
  /** Also build the full solution tree. */
  tree?: boolean;
  /** Stop after about this many nodes (the answer then says "stopped"). */
  maxNodes?: number;
}

/** The solver's report, plus the search time inside the worker (queueing excluded). */
export interface MateJobResult extends MateReport {
  elapsedMs: number;
}

/** Sent after each completed iteration n = 1, 2, … */
export interface MateJobProgress extends MateProgress {
  /** Milliseconds since the job started in its worker. */
  elapsedMs: number;
}

/** Every job kind: its request, its result and its progress report. */
export interface JobTypes {
  mate: { job: MateJob; result: MateJobResult; progress: MateJobProgress };
}

export type JobKind = keyof JobTypes;
/** Any job the pool runs. */
export type Job = JobTypes[JobKind]['job'];
export type JobResult<J extends Job = Job> = JobTypes[J['kind']]['result'];
export type JobProgress<J extends Job = Job> = JobTypes[J['kind']]['progress'];

/** What a job handler gets from the worker besides its job. */
export interface JobContext<P> {
  /** True once the job is cancelled or past its deadline; cheap enough to poll every few thousand nodes. */
  shouldStop(): boolean;
  /** Posts a progress report to the main thread (forwarded to the caller's onProgress). */
  progress(report: P): void;
  /** Milliseconds since the job started in this worker. */
  elapsedMs(): number;
}

/** Runs one job of kind K inside a worker thread. A thrown error fails only that job. */
export type JobHandler<K extends JobKind> = (
  job: JobTypes[K]['job'],
  context: JobContext<JobTypes[K]['progress']>,
) => JobTypes[K]['result'] | Promise<JobTypes[K]['result']>;
