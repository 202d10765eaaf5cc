// The /mate limits in Redis, for bot processes that share a queue: a member's places and the
// total count hold whichever process serves the interaction. Each request in flight is a member
// of two sorted sets (the member's and everyone's), scored by when it lapses: a short lease that
// the process holding the place renews while it holds it (never past the interaction's life), so
// that a process that dies without releasing its places loses them within the lease, not after
// the interaction's 15 minutes (its replies are finished by another process meanwhile, and their
// members may ask again). Joining is one Lua script: count, refuse or take, atomically.
//
// No waiting here: an admitted request goes straight to the queue, whose order is the line.

import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Admission, LineLimits, MateLine, Ticket } from './line.ts';

// KEYS: the member's set, everyone's set. ARGV: now, expiry, id, perUser, total.
// Returns {1} when admitted, {0, 'user' | 'full'} when not.
const JOIN = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return {0, 'user'} end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[5]) then return {0, 'full'} end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
redis.call('PEXPIREAT', KEYS[1], last[2])
return {1}
`;

// KEYS: the member's set, everyone's set. ARGV: the new expiry, id.
// Extends a place still held (one that lapsed stays gone); the member's set lives as long as its latest place.
const RENEW = `
redis.call('ZADD', KEYS[1], 'XX', ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[2], 'XX', ARGV[1], ARGV[2])
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if last[2] then redis.call('PEXPIREAT', KEYS[1], last[2]) end
return 1
`;

/** How long a place lasts unless renewed: the places of a process that died are free by then. */
export const DEFAULT_LEASE_MS = 10_000;

/** Redis has this long to answer a join: the interaction must be answered within 3 s. */
const JOIN_TIMEOUT_MS = 1_500;

export interface SharedLineOptions {
  readonly redis: Redis;
  readonly limits: LineLimits;
  readonly userKey: (userId: string) => string;
  readonly allKey: string;
  /** How long a place is held at most, if nobody releases it (a Discord interaction's life). */
  readonly holdMs: number;
  /** How long a place lasts without renewal; its process renews it every third of this while it holds it. */
  readonly leaseMs?: number;
}

export class SharedLine implements MateLine {
  readonly #options: SharedLineOptions;
  #running = 0;

  constructor(options: SharedLineOptions) {
    this.#options = options;
  }

  get limits(): LineLimits {
    return this.#options.limits;
  }

  get running(): number {
    return this.#running;
  }

  get waiting(): number {
    return 0;
  }

  estimatedWaitMs(): number {
    return 0;
  }

  async join(userId: string, maxDurationMs: number): Promise<Admission> {
    const { redis, limits, userKey, allKey, holdMs } = this.#options;
    const leaseMs = this.#options.leaseMs ?? DEFAULT_LEASE_MS;
    const id = randomUUID();
    const now = Date.now();
    const heldUntil = now + holdMs;
    const lease = (from: number) => Math.min(from + leaseMs, heldUntil);
    const joined = redis.eval(JOIN, 2, userKey(userId), allKey, now, lease(now), id, limits.perUser, limits.total) as Promise<[number, string?]>;
    const [admitted, reason] = await withTimeout(joined, JOIN_TIMEOUT_MS);
    // When a place frees is not known across processes: a running search's longest time is the honest guess.
    if (admitted !== 1) return { ok: false, reason: reason === 'user' ? 'user' : 'full', retryInMs: maxDurationMs };
    this.#running++;
    let released = false;
    // Renewed while held (a renewal lost while Redis is away is made up by the next one).
    const renewal = setInterval(() => {
      const until = lease(Date.now());
      if (until >= heldUntil) clearInterval(renewal);
      void redis.eval(RENEW, 2, userKey(userId), allKey, until, id).catch(() => {});
    }, Math.max(50, Math.floor(leaseMs / 3)));
    renewal.unref();
    const ticket: Ticket = {
      place: 0,
      started: Promise.resolve(),
      onPlace: () => {},
      release: () => {
        if (released) return;
        released = true;
        clearInterval(renewal);
        this.#running--;
        // Lost if Redis is away: the place then lapses by itself at its expiry.
        void redis.multi().zrem(userKey(userId), id).zrem(allKey, id).exec().catch(() => {});
      },
    };
    return { ok: true, ticket };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
