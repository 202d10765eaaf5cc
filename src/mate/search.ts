// Running a validated /mate job on the engine client, timed, and noting why an unfinished search
// ended. The time limit arrives in seconds (the config's unit) and becomes the engine's time
// limit here, once: it counts from when the search starts, wherever it waited before, and so does
// the time the answer gives.

import { type EngineClient, type MateJob, type MateJobProgress, type MateJobResult, isNodeReport } from '../engine/index.ts';
import type { MateNodeCount, MateProgress } from '../search/mate/index.ts';
import { type MateOutcome, formatProgress } from './answer.ts';

/**
 * The reason to abort a search's signal with when the program is shutting down, so that the
 * answer says so instead of "Cancelled" (which would blame the person who asked).
 */
export const SHUTDOWN = Symbol('shutdown');

export interface MateSearchOptions {
  readonly signal?: AbortSignal;
  /** The search's time limit in seconds, counted from when it starts running; null or absent for none. */
  readonly timeoutSeconds?: number | null;
  /** Epoch ms by which the search must be over whenever it starts (a Discord reply's last chance). */
  readonly latestEnd?: number;
  /** Names the search where it runs (a queue's job id): unique, e.g. the request's id. */
  readonly jobId?: string;
  /** Each progress line (formatProgress), as it happens. */
  readonly onProgress?: (line: string, progress: MateProgress) => void;
  /** The running node count, every 65,536 nodes or so while an iteration runs (a terminal's status line). */
  readonly onNodes?: (count: MateNodeCount) => void;
}

/** Runs a validated job on `engine`, timing it and noting why an unfinished search ended. */
export async function searchMate(engine: EngineClient, job: MateJob, options: MateSearchOptions = {}): Promise<MateOutcome> {
  const { signal, onProgress, onNodes } = options;
  const timeoutSeconds = options.timeoutSeconds ?? null;
  let report: MateJobResult;
  try {
    const hear = (progress: MateJobProgress): void => {
      if (!isNodeReport(progress)) onProgress?.(formatProgress(progress, progress.elapsedMs), progress);
      else onNodes?.({ depth: progress.depth, nodes: progress.nodes });
    };
    report = await engine.run(onNodes ? { ...job, reportNodes: true } : job, {
      ...(signal ? { signal } : {}),
      ...(timeoutSeconds === null ? {} : { timeLimitMs: timeoutSeconds * 1000 }),
      ...(options.latestEnd === undefined ? {} : { deadline: options.latestEnd }),
      ...(options.jobId === undefined ? {} : { jobId: options.jobId }),
      ...(onProgress || onNodes ? { onProgress: hear } : {}),
    });
  } catch (error) {
    // A search cancelled while it waited for a worker never started: it is answered as a
    // stopped search that proved nothing, not as a failure. (By name: an engine in another
    // process sends its errors as plain values.)
    if (!(signal?.aborted && error instanceof Error && error.name === 'AbortError')) throw error;
    report = UNSTARTED_REPORT;
  }
  // The search's own time, as its thread measured it: not the wait for a thread (or for a queue's
  // worker), nor the thread's start, which the time limit does not count either.
  const ms = report.elapsedMs;
  const unfinished = report.status === 'stopped' || !report.keysComplete;
  const stoppedBy = !unfinished ? null : signal?.aborted ? (signal.reason === SHUTDOWN ? 'shutdown' : 'cancel') : 'timeout';
  return { maxMoves: job.maxMoves, mode: job.mode, ...(job.stipulation && job.stipulation !== 'direct' ? { stipulation: job.stipulation } : {}), report, ms, stoppedBy, timeoutSeconds };
}

/** The report of a search that was stopped before it began. */
const UNSTARTED_REPORT: MateJobResult = Object.freeze({
  status: 'stopped',
  mateIn: null,
  keys: [],
  keysSan: [],
  keysComplete: false,
  line: [],
  lineUci: [],
  lineComplete: false,
  nodes: 0,
  provenDepth: 0,
  elapsedMs: 0,
}) as MateJobResult;
