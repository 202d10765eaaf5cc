// Waiting for a search against a clock the search itself cannot be trusted to keep: a worker may
// be stuck, crashed or queued behind other work, and a game must still move in time.

export type RaceOutcome<T> =
  | { readonly kind: 'done'; readonly value: T }
  | { readonly kind: 'failed'; readonly error: unknown }
  | { readonly kind: 'timeout' };

/** How `promise` ends within `ms`: its value, its error, or a time-out (it goes on regardless). */
export function raceTimeout<T>(promise: Promise<T>, ms: number): Promise<RaceOutcome<T>> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ kind: 'timeout' }), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve({ kind: 'done', value });
      },
      (error: unknown) => {
        clearTimeout(timer);
        resolve({ kind: 'failed', error });
      },
    );
  });
}
