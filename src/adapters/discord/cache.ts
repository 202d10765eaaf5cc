// Recent /mate answers, so that the same question asked again within a few minutes (a problem
// pasted into a channel is often tried by several members) is answered at once, without a search.
// Least recently used entries go first when the cache is full; every entry expires after its TTL.

import { makeFen } from '../../chess/fen.ts';
import type { MateProblem } from '../../mate/request.ts';
import type { MateOutcome } from '../../mate/answer.ts';

export interface AnswerCacheOptions {
  /** How long an entry is served, in milliseconds. */
  readonly ttlMs: number;
  /** The most entries kept. */
  readonly maxEntries: number;
  readonly now?: () => number;
}

interface Entry<V> {
  readonly value: V;
  readonly storedAt: number;
}

export class ExpiringLruCache<K, V> {
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  readonly #entries = new Map<K, Entry<V>>();

  constructor(options: AnswerCacheOptions) {
    if (!(options.ttlMs > 0)) throw new RangeError(`cache TTL must be positive, got ${options.ttlMs}`);
    if (!Number.isInteger(options.maxEntries) || options.maxEntries < 1) {
      throw new RangeError(`cache size must be an integer >= 1, got ${options.maxEntries}`);
    }
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
    this.#now = options.now ?? Date.now;
  }

  /** The live entry for `key` and its age in milliseconds, or undefined. */
  get(key: K): { readonly value: V; readonly ageMs: number } | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    const ageMs = this.#now() - entry.storedAt;
    this.#entries.delete(key);
    if (ageMs >= this.#ttlMs) return undefined;
    this.#entries.set(key, entry);
    return { value: entry.value, ageMs };
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, storedAt: this.#now() });
    this.#evict();
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Drops expired entries, then the least recently used beyond the size limit. */
  #evict(): void {
    const now = this.#now();
    for (const [key, entry] of this.#entries) {
      if (now - entry.storedAt >= this.#ttlMs) this.#entries.delete(key);
    }
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value as K;
      this.#entries.delete(oldest);
    }
  }
}

/**
 * Where finished answers are kept: this process's memory (memoryAnswerCache), or Redis when bot
 * processes share a queue (sharedCache.ts), so that any of them answers a repeat at once.
 */
export interface AnswerCache {
  /** The live answer for `key` and its age in milliseconds, or undefined. */
  get(key: string): Promise<{ readonly value: CachedAnswer; readonly ageMs: number } | undefined>;
  set(key: string, value: CachedAnswer): Promise<void>;
}

/** An AnswerCache in this process's memory. */
export function memoryAnswerCache(options: AnswerCacheOptions): AnswerCache {
  const cache = new ExpiringLruCache<string, CachedAnswer>(options);
  return {
    get: async (key) => cache.get(key),
    set: async (key, value) => cache.set(key, value),
  };
}

/** The key of a /mate answer: the position written out again (so spacing and "startpos" do not matter), n, the mode, the stipulation (s#, h#), and whether the solution was asked for. */
export function mateAnswerKey(problem: MateProblem): string {
  const { job } = problem;
  const stipulation = job.stipulation && job.stipulation !== 'direct' ? `|${job.stipulation}` : '';
  return `${makeFen(problem.position)}|${job.maxMoves}|${job.mode}${stipulation}${job.solution ? '|solution' : ''}`;
}

/** A finished /mate answer as the cache keeps it: the outcome and its board picture. */
export interface CachedAnswer {
  readonly outcome: MateOutcome;
  readonly png: Buffer | null;
}

/** Only complete answers are kept: a mate with every key, or a proof of no mate; never a stopped search. */
export function isCacheable(outcome: MateOutcome): boolean {
  const { report } = outcome;
  return outcome.stoppedBy === null && report.status !== 'stopped' && report.keysComplete && report.lineComplete;
}
