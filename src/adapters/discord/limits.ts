// How many /mate searches may run at once: per member, and in total. A request beyond either
// limit is refused before anything starts, with an estimate of when to try again taken from the
// searches that hold the places: each ends by its time cap at the latest.

export interface SearchLimits {
  /** Searches one user may have running at once. */
  readonly perUser: number;
  /** Searches running (or queued in the pool) at once, all users together. */
  readonly total: number;
}

/** A place held by one running search. */
export interface SearchSlot {
  /**
   * Frees the place: when the search is over, before its answer is posted (a member who has seen
   * the answer may ask again at once). Releasing again does nothing.
   */
  release(): void;
}

export type Admission =
  | { readonly ok: true; readonly slot: SearchSlot }
  | {
      readonly ok: false;
      /** Whose limit is reached: the user's own, or everybody's together. */
      readonly reason: 'user' | 'total';
      /** When a place should be free at the latest, in milliseconds from now. */
      readonly retryInMs: number;
    };

interface Holder {
  readonly userId: string;
  /** When its search ends at the latest (clock milliseconds). */
  readonly endsBy: number;
}

export class SearchLimiter {
  readonly #limits: SearchLimits;
  readonly #now: () => number;
  readonly #holders = new Set<Holder>();

  constructor(limits: SearchLimits, now: () => number = Date.now) {
    for (const [name, value] of Object.entries(limits)) {
      if (!Number.isInteger(value) || value < 1) throw new RangeError(`search limit ${name} must be an integer >= 1, got ${value}`);
    }
    this.#limits = limits;
    this.#now = now;
  }

  /** Takes a place for `userId`'s search, which will end within `maxDurationMs`, if one is free. */
  admit(userId: string, maxDurationMs: number): Admission {
    const now = this.#now();
    const own = [...this.#holders].filter((holder) => holder.userId === userId);
    if (own.length >= this.#limits.perUser) return { ok: false, reason: 'user', retryInMs: soonestEnd(own, now) };
    if (this.#holders.size >= this.#limits.total) {
      return { ok: false, reason: 'total', retryInMs: soonestEnd(this.#holders, now) };
    }
    const holder: Holder = { userId, endsBy: now + maxDurationMs };
    this.#holders.add(holder);
    return { ok: true, slot: { release: () => void this.#holders.delete(holder) } };
  }

  get limits(): SearchLimits {
    return this.#limits;
  }

  /** Searches holding a place now. */
  get running(): number {
    return this.#holders.size;
  }
}

/** Milliseconds until the first of `holders` must be done (never negative). */
function soonestEnd(holders: Iterable<Holder>, now: number): number {
  let soonest = Infinity;
  for (const holder of holders) soonest = Math.min(soonest, holder.endsBy);
  return Number.isFinite(soonest) ? Math.max(0, soonest - now) : 0;
}
