// The ways a pooled job can fail, as classes callers can tell apart (and adapters can word).

import { FenError } from '../chess/fen.ts';
import { IllegalMoveError } from '../chess/replay.ts';
import type { SerializedError } from './protocol.ts';

/** The job was cancelled through its AbortSignal before it started. */
export class AbortError extends Error {
  override name = 'AbortError';
  readonly code = 'ABORT_ERR';
  constructor(message = 'the search was cancelled', options?: ErrorOptions) {
    super(message, options);
  }
}

/** The queue is full: refused at once, nothing was started. */
export class PoolBusyError extends Error {
  override name = 'PoolBusyError';
  constructor(readonly queued: number) {
    super(
      queued > 0
        ? `busy: ${queued} search${queued === 1 ? '' : 'es'} queued, try again later`
        : 'busy: every search worker is in use, try again later',
    );
  }
}

/** The pool was closed before the job could finish (or before it was submitted). */
export class PoolClosedError extends Error {
  override name = 'PoolClosedError';
  constructor(message = 'the search worker pool is closed') {
    super(message);
  }
}

/** The worker thread running the job died (uncaught error, exit, out of memory); it was replaced. */
export class WorkerCrashedError extends Error {
  override name = 'WorkerCrashedError';
  constructor(reason: string, options?: ErrorOptions) {
    super(`search worker crashed: ${reason}`, options);
  }
}

/**
 * The job was asked to stop (cancelled or past its deadline) but its worker did not answer in
 * time, so the worker was terminated and replaced.
 */
export class WorkerUnresponsiveError extends Error {
  override name = 'WorkerUnresponsiveError';
  constructor(graceMs: number, why: 'cancelled' | 'deadline') {
    const after = why === 'cancelled' ? 'the cancellation' : 'the deadline';
    super(`search worker did not stop within ${graceMs} ms after ${after}; it was restarted`);
  }
}

/**
 * The job's handler threw inside the worker (other than a FenError or an IllegalMoveError, which
 * are rebuilt as such).
 */
export class SearchJobError extends Error {
  override name = 'SearchJobError';
  /** The error's name inside the worker, e.g. "RangeError". */
  readonly remoteName: string;
  readonly remoteStack: string | undefined;
  constructor(remote: SerializedError) {
    super(`search failed: ${remote.message}`);
    this.remoteName = remote.name;
    this.remoteStack = remote.stack;
  }
}

export function serializeError(error: unknown): SerializedError {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { name: 'Error', message: String(error) };
}

/**
 * Rebuilds a worker's error on the main thread: a FenError stays a FenError and an
 * IllegalMoveError an IllegalMoveError (their messages are for users).
 */
export function deserializeError(remote: SerializedError): Error {
  if (remote.name === 'FenError') return new FenError(remote.message);
  if (remote.name === 'IllegalMoveError') return new IllegalMoveError(remote.message);
  return new SearchJobError(remote);
}
