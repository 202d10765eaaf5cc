// The line /mate requests wait in. A few searches run at once (one per engine thread); the others
// wait their turn instead of being turned away, each reply showing its place. The line is fair:
// members take turns (one request of each member who is waiting, in the order they came, before
// anyone's second), and one member may hold only so many places, running or waiting. A request
// is refused only when the line is full, when its member holds all their places, or when the
// wait it faces could not end inside the life of its Discord interaction; each refusal says when
// to try again. No I/O here: time is injected, and the caller waits on each ticket.

export interface LineLimits {
  /** Searches running at once (the engine's threads that /mate may use). */
  readonly running: number;
  /** Searches running or waiting at once, all members together. */
  readonly total: number;
  /** Searches one member may have running or waiting at once. */
  readonly perUser: number;
}

/** A place in the line, from join() until release(). */
export interface Ticket {
  /** 0 once the search may run; while it waits, its place in line (1: next to start). */
  readonly place: number;
  /** Resolves when the search may run (at once if a thread was free). */
  readonly started: Promise<void>;
  /** Called whenever the place changes while waiting (the last call says 0: started). */
  onPlace(listener: (place: number) => void): void;
  /**
   * Frees the place: when the search is over (before its answer is posted, since a member who
   * has seen the answer may ask again at once), or when the request leaves the line (cancelled,
   * waited too long). `answered`: the search ran its course, so its time tells how long searches
   * take. Releasing again does nothing.
   */
  release(outcome?: { readonly answered: boolean }): void;
}

export type Admission =
  | { readonly ok: true; readonly ticket: Ticket }
  | {
      readonly ok: false;
      /**
       * Whose limit is reached: the member's own places, the whole line, or the interaction's
       * lifetime (the wait before this search would outlast it).
       */
      readonly reason: 'user' | 'full' | 'lifetime';
      /** When to try again, in milliseconds from now. */
      readonly retryInMs: number;
    };

/**
 * What /mate asks of a line: this process's SearchLine, or the SharedLine in Redis that bot
 * processes sharing a queue all join (where the queue itself is the wait).
 */
export interface MateLine {
  readonly limits: LineLimits;
  /** Searches running now (this process's). */
  readonly running: number;
  /** Requests waiting now (this process's). */
  readonly waiting: number;
  join(userId: string, maxDurationMs: number, maxWaitMs?: number): Admission | Promise<Admission>;
  /** How long a request joining now at the back of the line would wait, as far as is known. */
  estimatedWaitMs(): number;
}

interface Entry {
  readonly userId: string;
  /** The longest the search may take once it runs. */
  readonly maxDurationMs: number;
  place: number;
  /** When it started running (clock ms), or null while it waits. */
  startedAt: number | null;
  released: boolean;
  readonly start: () => void;
  readonly listeners: Array<(place: number) => void>;
}

/** How much a new duration weighs in the running estimate of a typical search. */
const TYPICAL_WEIGHT = 0.25;

export class SearchLine implements MateLine {
  readonly #limits: LineLimits;
  readonly #now: () => number;
  readonly #running = new Set<Entry>();
  /** Each waiting member's requests, oldest first. */
  readonly #waiting = new Map<string, Entry[]>();
  /** Members with requests waiting, in turn order: the first one's oldest request starts next. */
  #turns: string[] = [];
  /** A typical search's duration (ms), from those that finished; null before the first. */
  #typicalMs: number | null = null;

  constructor(limits: LineLimits, now: () => number = Date.now) {
    for (const [name, value] of Object.entries(limits)) {
      if (!Number.isInteger(value) || value < 1) throw new RangeError(`search limit ${name} must be an integer >= 1, got ${value}`);
    }
    this.#limits = limits;
    this.#now = now;
  }

  get limits(): LineLimits {
    return this.#limits;
  }

  /** Searches running now. */
  get running(): number {
    return this.#running.size;
  }

  /** Requests waiting now. */
  get waiting(): number {
    let count = 0;
    for (const entries of this.#waiting.values()) count += entries.length;
    return count;
  }

  /**
   * Takes a place for `userId`'s search, which runs for `maxDurationMs` at most; refused when the
   * member holds all their places, the line is full, or the wait would last longer than
   * `maxWaitMs` as far as the searches so far tell.
   */
  join(userId: string, maxDurationMs: number, maxWaitMs = Infinity): Admission {
    const own = [...this.#running].filter((entry) => entry.userId === userId);
    const ownWaiting = this.#waiting.get(userId) ?? [];
    if (own.length + ownWaiting.length >= this.#limits.perUser) {
      return { ok: false, reason: 'user', retryInMs: this.#ownRetryMs(own, ownWaiting) };
    }
    if (this.#running.size + this.waiting >= this.#limits.total) {
      return { ok: false, reason: 'full', retryInMs: this.#soonestEndMs() };
    }
    const expectedWaitMs = this.#expectedWaitMs(this.#placeOfNewcomer(userId));
    if (expectedWaitMs > maxWaitMs) return { ok: false, reason: 'lifetime', retryInMs: expectedWaitMs - maxWaitMs };

    let start!: () => void;
    const started = new Promise<void>((resolve) => (start = resolve));
    const entry: Entry = { userId, maxDurationMs, place: 0, startedAt: null, released: false, start, listeners: [] };
    if (ownWaiting.length === 0) this.#turns.push(userId);
    this.#waiting.set(userId, [...ownWaiting, entry]);
    this.#update();
    return {
      ok: true,
      ticket: {
        get place() {
          return entry.place;
        },
        started,
        onPlace: (listener) => void entry.listeners.push(listener),
        release: (outcome) => this.#release(entry, outcome?.answered === true),
      },
    };
  }

  /** How long a request joining now at the back of the line would wait, as far as the searches so far tell. */
  estimatedWaitMs(): number {
    return this.#expectedWaitMs(this.#runningFull() ? this.waiting + 1 : 0);
  }

  #release(entry: Entry, answered: boolean): void {
    if (entry.released) return;
    entry.released = true;
    if (entry.startedAt !== null) {
      this.#running.delete(entry);
      // Only a search that ran its course says how long searches take (not one cancelled at once).
      if (answered) {
        const took = this.#now() - entry.startedAt;
        this.#typicalMs = this.#typicalMs === null ? took : this.#typicalMs + TYPICAL_WEIGHT * (took - this.#typicalMs);
      }
    } else {
      const rest = (this.#waiting.get(entry.userId) ?? []).filter((other) => other !== entry);
      if (rest.length > 0) this.#waiting.set(entry.userId, rest);
      else {
        this.#waiting.delete(entry.userId);
        this.#turns = this.#turns.filter((userId) => userId !== entry.userId);
      }
    }
    this.#update();
  }

  /** Starts what may start, then tells every waiting request its place if it changed. */
  #update(): void {
    while (!this.#runningFull() && this.#turns.length > 0) {
      const userId = this.#turns.shift()!;
      const [next, ...rest] = this.#waiting.get(userId)!;
      if (rest.length > 0) {
        this.#waiting.set(userId, rest);
        this.#turns.push(userId);
      } else {
        this.#waiting.delete(userId);
      }
      next!.startedAt = this.#now();
      this.#running.add(next!);
      this.#moveTo(next!, 0);
      next!.start();
    }
    this.#order().forEach((entry, i) => this.#moveTo(entry, i + 1));
  }

  /** The waiting requests in the order they will start: one of each member per round, in turn order. */
  #order(): Entry[] {
    return roundRobin(this.#turns.map((userId) => this.#waiting.get(userId)!));
  }

  /** The place a request of `userId` would take if it joined now (0: it would start at once). */
  #placeOfNewcomer(userId: string): number {
    if (!this.#runningFull()) return 0;
    const newcomer = {} as Entry;
    const queues = this.#turns.map((member) => (member === userId ? [...this.#waiting.get(member)!, newcomer] : this.#waiting.get(member)!));
    if (!this.#waiting.has(userId)) queues.push([newcomer]);
    return roundRobin(queues).indexOf(newcomer) + 1;
  }

  #moveTo(entry: Entry, place: number): void {
    if (entry.place === place) return;
    entry.place = place;
    for (const listener of entry.listeners) {
      try {
        listener(place);
      } catch {
        // A listener's failure must not stop the line.
      }
    }
  }

  #runningFull(): boolean {
    return this.#running.size >= this.#limits.running;
  }

  /** Milliseconds until a running search must be over, at the latest (0 when one is overdue). */
  #soonestEndMs(): number {
    const now = this.#now();
    let soonest = Infinity;
    for (const entry of this.#running) soonest = Math.min(soonest, entry.startedAt! + entry.maxDurationMs);
    return Number.isFinite(soonest) ? Math.max(0, soonest - now) : 0;
  }

  /** When the member's own place frees: their running search's end, or their waiting one's start and end. */
  #ownRetryMs(running: readonly Entry[], waiting: readonly Entry[]): number {
    const now = this.#now();
    if (running.length > 0) return Math.max(0, Math.min(...running.map((entry) => entry.startedAt! + entry.maxDurationMs)) - now);
    const first = waiting[0]!;
    return this.#expectedWaitMs(first.place) + first.maxDurationMs;
  }

  /** The expected wait of the request at `place` (0: none), from the typical search so far. */
  #expectedWaitMs(place: number): number {
    if (place === 0 || this.#typicalMs === null) return 0;
    return Math.ceil(place / this.#limits.running) * this.#typicalMs;
  }
}

/** One entry of each queue per round, the queues in the order given, until all are taken. */
function roundRobin<T>(queues: readonly (readonly T[])[]): T[] {
  const order: T[] = [];
  const longest = Math.max(0, ...queues.map((queue) => queue.length));
  for (let round = 0; round < longest; round++) {
    for (const queue of queues) if (round < queue.length) order.push(queue[round]!);
  }
  return order;
}
