// The engine client that sends /mate jobs through a BullMQ queue on Redis, to solver workers on
// any machine (solver.ts), and brings their progress and answers back to the process that asked.
//
// BullMQ does the queueing, the hand-over to a free worker, the locks and the re-run of a job
// whose worker died. What this adds is the caller's side of the bargain the EngineClient makes:
//   - results come back here, and only here: every bot process listens to the queue's events
//     and keeps those of its own jobs (their ids are random);
//   - Cancel reaches the worker that holds the job, through a Redis channel (and a mark, for a
//     worker that picks the job up a moment later); a job still waiting is simply removed;
//   - nobody waits forever: a watchdog looks at the job every second and ends the wait when no
//     worker is running at all, when the job is gone (Redis lost it), when Redis stays away, or
//     when the deadline is well past without an answer.

import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import { AbortError, type EngineClient, type Job, type JobProgress, type JobResult, type SearchOptions } from '../engine/index.ts';
import { QUEUE_PREFIX, queueKeys } from './names.ts';
import { NoSolverError, QueueUnavailableError, SolverLostError } from './errors.ts';
import { type QueuedJob, decodeFailure } from './protocol.ts';

export interface QueuedEngineOptions {
  readonly connection: RedisOptions;
  /** The queue's name (config queue.name). */
  readonly name: string;
  /** How often the watchdog looks at each job. */
  readonly checkEveryMs?: number;
  /** How long a job may wait with no worker running before its caller is told. */
  readonly noSolverGraceMs?: number;
  /** How long Redis may stay unreachable before a job's caller is told. */
  readonly unavailableGraceMs?: number;
  /** How long past its deadline a job may go unanswered (a worker lost, its re-run late). */
  readonly deadlineGraceMs?: number;
  /**
   * How long a running job's caller waits once no solver at all is connected (the one running
   * it died): long enough for a solver that lost Redis for a moment to reconnect.
   */
  readonly activeNoSolverGraceMs?: number;
}

export const DEFAULT_CHECK_EVERY_MS = 1_000;
export const DEFAULT_NO_SOLVER_GRACE_MS = 3_000;
export const DEFAULT_UNAVAILABLE_GRACE_MS = 15_000;
export const DEFAULT_DEADLINE_GRACE_MS = 20_000;
export const DEFAULT_ACTIVE_NO_SOLVER_GRACE_MS = 15_000;
/** How long a cancelled job's worker has to answer before its caller stops waiting. */
const CANCEL_GRACE_MS = 5_000;
/** Cancel marks and finished jobs are kept this long (an hour: any interaction is long over). */
const KEEP_SECONDS = 3_600;

interface Waiter {
  readonly resolve: (result: unknown) => void;
  readonly reject: (error: Error) => void;
  readonly onProgress: ((progress: never) => void) | undefined;
  /** The deepest n reported so far: a job run again (its solver died) reports n = 1, 2, … anew. */
  depth: number;
}

export class QueuedEngine implements EngineClient {
  readonly #queue: Queue;
  readonly #events: QueueEvents;
  /** For our own keys and the cancel channel. */
  readonly #redis: Redis;
  readonly #keys: ReturnType<typeof queueKeys>;
  readonly #waiters = new Map<string, Waiter>();
  readonly #options: Required<Omit<QueuedEngineOptions, 'connection' | 'name'>>;
  readonly #ready: Promise<void>;
  #closed = false;

  constructor(options: QueuedEngineOptions) {
    const { connection, name } = options;
    this.#options = {
      checkEveryMs: options.checkEveryMs ?? DEFAULT_CHECK_EVERY_MS,
      noSolverGraceMs: options.noSolverGraceMs ?? DEFAULT_NO_SOLVER_GRACE_MS,
      unavailableGraceMs: options.unavailableGraceMs ?? DEFAULT_UNAVAILABLE_GRACE_MS,
      deadlineGraceMs: options.deadlineGraceMs ?? DEFAULT_DEADLINE_GRACE_MS,
      activeNoSolverGraceMs: options.activeNoSolverGraceMs ?? DEFAULT_ACTIVE_NO_SOLVER_GRACE_MS,
    };
    this.#keys = queueKeys(name);
    this.#queue = new Queue(name, { connection, prefix: QUEUE_PREFIX });
    this.#events = new QueueEvents(name, { connection, prefix: QUEUE_PREFIX });
    // Errors are the connection's (Redis restarting); ioredis reconnects, the watchdogs judge.
    this.#redis = new Redis(connection);
    this.#redis.on('error', () => {});
    this.#queue.on('error', () => {});
    this.#events.on('error', () => {});
    this.#events.on('progress', ({ jobId, data }) => {
      const waiter = this.#waiters.get(jobId);
      // Only news: a re-run's progress up to where the first run got is already known.
      const depth = (data as { depth?: unknown } | null)?.depth;
      if (!waiter || (typeof depth === 'number' && depth <= waiter.depth)) return;
      if (typeof depth === 'number') waiter.depth = depth;
      waiter.onProgress?.(data as never);
    });
    this.#events.on('completed', ({ jobId, returnvalue }) => this.#settle(jobId, { result: returnvalue }));
    this.#events.on('failed', ({ jobId, failedReason }) => this.#settle(jobId, { error: decodeFailure(failedReason) }));
    // Events sent before the reader is listening would be lost: no job goes out before it is.
    this.#ready = Promise.all([this.#queue.waitUntilReady(), this.#events.waitUntilReady()]).then(() => {});
    this.#ready.catch(() => {});
  }

  /** Resolves once the queue and its event reader are connected. */
  ready(): Promise<void> {
    return this.#ready;
  }

  /** Solver workers connected to the queue now, on every machine. */
  async solvers(): Promise<number> {
    return this.#queue.getWorkersCount();
  }

  async run<J extends Job>(job: J, options: SearchOptions<JobProgress<J>> = {}): Promise<JobResult<J>> {
    if (job.kind !== 'mate') throw new TypeError(`only mate jobs go through the queue, not ${job.kind}`);
    if (this.#closed) throw new QueueUnavailableError('the queue is closed');
    const { signal, deadline = null, timeLimitMs = null } = options;
    if (signal?.aborted) throw new AbortError();
    await withTimeout(this.#ready, this.#options.unavailableGraceMs, () => new QueueUnavailableError('Redis is not reachable'));
    // Told at once, not after the deadline: with no worker anywhere, nothing would ever start it.
    if ((await withTimeout(this.solvers(), this.#options.unavailableGraceMs, unreachable)) === 0) throw new NoSolverError();
    if (signal?.aborted) throw new AbortError();

    const jobId = options.jobId ?? randomUUID();
    const data: QueuedJob = { job, deadline, timeLimitMs };
    const add = () =>
      withTimeout(
        this.#queue.add('mate', data, { jobId, removeOnComplete: { age: KEEP_SECONDS }, removeOnFail: { age: KEEP_SECONDS } }),
        this.#options.unavailableGraceMs,
        unreachable,
      );
    return this.#follow(jobId, options, add) as Promise<JobResult<J>>;
  }

  /**
   * Waits for a job another process queued (a bot that died while its search ran on): its
   * progress and its result come here from now on, under the same watch as a job run here. A job
   * the queue no longer holds fails with SolverLostError within a second or two.
   */
  async attach<J extends Job>(jobId: string, options: SearchOptions<JobProgress<J>> = {}): Promise<JobResult<J>> {
    if (this.#closed) throw new QueueUnavailableError('the queue is closed');
    await withTimeout(this.#ready, this.#options.unavailableGraceMs, unreachable);
    const queued = await withTimeout(this.#queue.getJob(jobId), this.#options.unavailableGraceMs, unreachable);
    const data = queued?.data as QueuedJob | undefined;
    const limits = {
      ...(data?.deadline == null ? {} : { deadline: data.deadline }),
      ...(data?.timeLimitMs == null ? {} : { timeLimitMs: data.timeLimitMs }),
    };
    return this.#follow(jobId, { ...options, ...limits }, async () => {}) as Promise<JobResult<J>>;
  }

  /** Sends the job (`send`), then waits for its outcome under the watchdog, cancelling it when the signal says. */
  async #follow<P>(jobId: string, options: SearchOptions<P>, send: () => Promise<unknown>): Promise<unknown> {
    const { signal, deadline = null, timeLimitMs = null, onProgress } = options;
    const result = new Promise<unknown>((resolve, reject) => {
      this.#waiters.set(jobId, { resolve, reject, onProgress: onProgress as Waiter['onProgress'], depth: 0 });
    });
    const watchdog = this.#watch(jobId, deadline, timeLimitMs, signal);
    // A worker answers a cancel with what it has within a second; one that is gone never does.
    let cancelTimer: NodeJS.Timeout | undefined;
    const onAbort = () => {
      void this.#cancel(jobId).catch(() => {});
      cancelTimer = setTimeout(() => this.#settle(jobId, { error: new AbortError() }), CANCEL_GRACE_MS);
    };
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
    try {
      await send();
      return await result;
    } catch (error) {
      this.#waiters.delete(jobId);
      throw error;
    } finally {
      watchdog.stop();
      clearTimeout(cancelTimer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Stops listening; jobs still waited for fail with QueueUnavailableError. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const jobId of [...this.#waiters.keys()]) this.#settle(jobId, { error: new QueueUnavailableError('the queue is closed') });
    await Promise.allSettled([this.#events.close(), this.#queue.close()]);
    this.#redis.disconnect();
  }

  #settle(jobId: string, outcome: { result: unknown } | { error: Error }): void {
    const waiter = this.#waiters.get(jobId);
    if (!waiter) return;
    this.#waiters.delete(jobId);
    if ('error' in outcome) waiter.reject(outcome.error);
    else waiter.resolve(outcome.result);
  }

  /**
   * Stops the job wherever it is: a waiting job is removed (its caller hears AbortError, as from
   * the local pool), a running one is told to stop through the channel and answers with what it
   * has, and the mark catches a worker that takes the job in between.
   */
  /**
   * Stops a job this process did not send, or no longer follows (a reply taken over from a bot
   * process that died): the same channel and mark as a cancel of its own.
   */
  async cancel(jobId: string): Promise<void> {
    await this.#cancel(jobId);
  }

  async #cancel(jobId: string): Promise<void> {
    await this.#redis.set(this.#keys.cancelled(jobId), '1', 'EX', KEEP_SECONDS);
    await this.#redis.publish(this.#keys.cancelChannel, jobId);
    // remove() refuses (0) a job a worker holds the lock of.
    if ((await this.#queue.remove(jobId)) === 1) this.#settle(jobId, { error: new AbortError() });
  }

  /** Looks at the job every checkEveryMs until stop(), ending its wait when nothing will answer it. */
  #watch(jobId: string, deadline: number | null, timeLimitMs: number | null, signal: AbortSignal | undefined): { stop(): void } {
    const { checkEveryMs, noSolverGraceMs, unavailableGraceMs, deadlineGraceMs, activeNoSolverGraceMs } = this.#options;
    let lastReachable = Date.now();
    let solverSeen = Date.now();
    let activeSince: number | null = null;
    let busy = false;
    const check = async () => {
      if (busy || !this.#waiters.has(jobId)) return;
      busy = true;
      try {
        const state = await withTimeout(this.#queue.getJobState(jobId), checkEveryMs * 2, unreachable);
        lastReachable = Date.now();
        if (state === 'completed' || state === 'failed') {
          // Its event was missed (the reader was reconnecting): the job itself holds the outcome.
          const finished = await this.#queue.getJob(jobId);
          if (!finished) return this.#settle(jobId, { error: new SolverLostError('the job vanished from the queue') });
          return this.#settle(jobId, state === 'completed' ? { result: finished.returnvalue } : { error: decodeFailure(finished.failedReason) });
        }
        if (state === 'unknown') {
          // Gone without an outcome: removed by a cancel, or lost by a Redis that restarted empty.
          return this.#settle(jobId, { error: signal?.aborted ? new AbortError() : new SolverLostError('Redis lost the job') });
        }
        if (state === 'waiting' || state === 'prioritized' || state === 'delayed') {
          if ((await this.solvers()) > 0) solverSeen = Date.now();
          else if (Date.now() - solverSeen >= noSolverGraceMs) {
            await this.#queue.remove(jobId);
            return this.#settle(jobId, { error: new NoSolverError() });
          }
        }
        if (state === 'active') {
          // Its solver died and no other is left to take the job over: said long before the
          // deadline, but only after a solver reconnecting (Redis restarting) has had its chance.
          // The caller hears what happened (no solver is running) before the job is withdrawn:
          // withdrawing a job whose lock has lapsed removes it, which would settle it as cancelled.
          if ((await this.solvers()) > 0) solverSeen = Date.now();
          else if (Date.now() - solverSeen >= activeNoSolverGraceMs) {
            this.#settle(jobId, { error: new NoSolverError('its solver stopped and no other solver is running') });
            return await this.#cancel(jobId);
          }
        }
        // A job that ran past its time (counted from when it went active) is as late as one past its deadline.
        // (A job put back in the queue after its solver died starts its time again when re-run.)
        if (state === 'active') activeSince ??= Date.now();
        else activeSince = null;
        const due = Math.min(deadline ?? Infinity, activeSince === null || timeLimitMs === null ? Infinity : activeSince + timeLimitMs);
        if (Date.now() > due + deadlineGraceMs) {
          this.#settle(jobId, { error: new SolverLostError('no answer came by the deadline') });
          return await this.#cancel(jobId);
        }
      } catch {
        if (Date.now() - lastReachable >= unavailableGraceMs) {
          this.#settle(jobId, { error: new QueueUnavailableError('Redis has not been reachable for a while') });
        }
      } finally {
        busy = false;
      }
    };
    const timer = setInterval(() => void check(), checkEveryMs);
    return { stop: () => clearInterval(timer) };
  }
}

const unreachable = () => new QueueUnavailableError('Redis is not reachable');

/** `promise`, or the error `onTimeout` makes if it takes longer than `ms`. */
function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
