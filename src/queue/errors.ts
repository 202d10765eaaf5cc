// The ways a queued search can fail besides the engine's own: each a class the Discord adapter
// words for the member who asked.

/**
 * No solver worker is connected to the queue: nothing would ever start the search, or finish one
 * whose solver died with no other left to run it again.
 */
export class NoSolverError extends Error {
  override name = 'NoSolverError';
  constructor(message = 'no solver worker is running') {
    super(message);
  }
}

/** Redis cannot be reached (or the queue was closed): the search cannot be sent or heard from. */
export class QueueUnavailableError extends Error {
  override name = 'QueueUnavailableError';
}

/** The job was lost on the way: its worker and its re-run gave no answer, or Redis forgot it. */
export class SolverLostError extends Error {
  override name = 'SolverLostError';
}
