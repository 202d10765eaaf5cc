// The /mate searches in progress, by request id (the id of the interaction they answer), so that
// a Cancel click can find its search without any message cache, and shutdown can stop them all.

import { SHUTDOWN } from '../../mate/index.ts';

export interface RunningSearch {
  readonly requestId: string;
  /** Who asked: the only one who may cancel it. */
  readonly userId: string;
  readonly controller: AbortController;
  /** Settles when the request has posted its final answer (or given up). */
  readonly done: Promise<void>;
}

export class RunningSearches {
  readonly #searches = new Map<string, RunningSearch>();

  add(search: RunningSearch): void {
    this.#searches.set(search.requestId, search);
    // Forget it when it is over, whatever happens to the request.
    const forget = () => {
      if (this.#searches.get(search.requestId) === search) this.#searches.delete(search.requestId);
    };
    void search.done.then(forget, forget);
  }

  get(requestId: string): RunningSearch | undefined {
    return this.#searches.get(requestId);
  }

  get size(): number {
    return this.#searches.size;
  }

  /**
   * Stops every search for a shutdown (their answers say so) and waits, at most `graceMs`, for
   * them to post those answers. Resolves to the number still unfinished when it gave up.
   */
  async stopAll(graceMs: number): Promise<number> {
    const searches = [...this.#searches.values()];
    for (const search of searches) search.controller.abort(SHUTDOWN);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), graceMs);
    });
    const finished = Promise.allSettled(searches.map((search) => search.done));
    const result = await Promise.race([finished, timeout]);
    clearTimeout(timer);
    return result === 'timeout' ? this.#searches.size : 0;
  }
}
