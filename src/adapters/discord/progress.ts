// Edits of one reply while its search runs, within Discord's limits: never two edits at once,
// at most one progress edit per interval (newer progress replaces older progress that has not
// gone out yet), and a final edit that always comes last and always goes out, whatever progress
// was still pending.
//
// The payload is made when the edit is sent, not when it is asked for, so the elapsed time it
// shows is current.

/** What to do after an edit failed: keep editing (a passing fault), or stop for good (the reply is gone). */
export type EditFailureAction = 'continue' | 'stop';

export interface ThrottledEditorOptions<P> {
  /** Sends one edit; its promise settles when Discord has answered. */
  readonly send: (payload: P) => Promise<unknown>;
  /** The least time between the starts of two progress edits. */
  readonly minIntervalMs: number;
  /** Told of every failed edit; `final` for the last one. */
  readonly onError: (error: unknown, final: boolean) => EditFailureAction;
  readonly now?: () => number;
}

export class ThrottledEditor<P> {
  readonly #options: ThrottledEditorOptions<P>;
  readonly #now: () => number;
  #pending: (() => P) | null = null;
  #inFlight: Promise<void> | null = null;
  #timer: NodeJS.Timeout | null = null;
  #lastStart = -Infinity;
  #finished = false;
  #stopped = false;

  constructor(options: ThrottledEditorOptions<P>) {
    this.#options = options;
    this.#now = options.now ?? (() => performance.now());
  }

  /** Whether edits have stopped for good because one failed that way. */
  get stopped(): boolean {
    return this.#stopped;
  }

  /** Asks for a progress edit; it goes out as soon as the interval allows (or is replaced). */
  update(payload: () => P): void {
    if (this.#finished || this.#stopped) return;
    this.#pending = payload;
    this.#schedule();
  }

  /**
   * Sends the final edit once any edit in flight has finished; pending progress is dropped and
   * later updates are ignored. Resolves to true when it was sent, false when it failed (onError
   * was told) or edits had stopped: the caller decides what a reply that never got its last word
   * needs, since it still shows the last progress.
   */
  async finish(payload: P): Promise<boolean> {
    this.#finished = true;
    this.#pending = null;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    // The edit in flight handles its own failure; the final edit waits for it only.
    while (this.#inFlight) await this.#inFlight;
    if (this.#stopped) return false;
    try {
      await this.#options.send(payload);
      return true;
    } catch (error) {
      if (this.#options.onError(error, true) === 'stop') this.#stopped = true;
      return false;
    }
  }

  #schedule(): void {
    if (this.#inFlight || this.#timer || !this.#pending) return;
    const wait = this.#lastStart + this.#options.minIntervalMs - this.#now();
    if (wait > 0) {
      this.#timer = setTimeout(() => {
        this.#timer = null;
        this.#schedule();
      }, wait);
      return;
    }
    const make = this.#pending;
    this.#pending = null;
    this.#lastStart = this.#now();
    this.#inFlight = this.#send(make).finally(() => {
      this.#inFlight = null;
      if (!this.#finished) this.#schedule();
    });
  }

  async #send(make: () => P): Promise<void> {
    try {
      await this.#options.send(make());
    } catch (error) {
      if (this.#options.onError(error, false) === 'stop') {
        this.#stopped = true;
        this.#pending = null;
      }
    }
  }
}
