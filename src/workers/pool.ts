// The worker-thread pool: the one place in the program where threads are made. Search jobs run
// off the event loop, one per worker; the rest wait in a bounded queue.
//
// Stopping is immediate although a search is a synchronous loop that hears no messages: every
// worker shares an Int32 stop flag with this thread. Cancelling a running job (its AbortSignal)
// or passing its deadline (a timer here; the worker also checks the clock) stores 1 there, the
// search polls it, and the job ends with its normal "stopped" answer. A worker that dies is
// dropped, its job fails with WorkerCrashedError, and a fresh worker takes its place when needed.

import { availableParallelism } from 'node:os';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import {
  AbortError, PoolBusyError, PoolClosedError, WorkerCrashedError, WorkerUnresponsiveError, deserializeError,
} from './errors.ts';
import type { Job, JobProgress, JobResult } from './jobs.ts';
import { freshBuild } from './build.js';
import { type FromWorker, type Preload, STOP_INDEX, type ToWorker, type WorkerData, epochNow } from './protocol.ts';

/**
 * A worker thread's entry. From the build (this code bundled into dist/): the worker bundle
 * beside it. From the sources: the worker bundle if a fresh build exists (a worker then starts
 * in a fraction of the time), else the bootstrap that loads the TypeScript through tsx; and
 * always the bootstrap under the test hook, whose module is TypeScript.
 */
function workerEntry(testJobsModule: string | undefined): URL {
  if (!import.meta.url.endsWith('.ts')) return new URL('./worker.js', import.meta.url);
  return (testJobsModule === undefined ? freshBuild('worker.js') : null) ?? new URL('./bootstrap.js', import.meta.url);
}

export const DEFAULT_MAX_QUEUE = 32;
export const DEFAULT_STOP_GRACE_MS = 2000;
/** setTimeout's largest delay; later deadlines are re-armed when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface WorkerPoolOptions {
  /** Worker threads; null or absent means one per core (os.availableParallelism()). */
  readonly size?: number | null;
  /** Jobs that may wait for a free worker; beyond this run() rejects with PoolBusyError. Default 32. */
  readonly maxQueue?: number;
  /**
   * After a job is told to stop, how long its worker may take to answer before it is terminated
   * and replaced (the job then rejects with WorkerUnresponsiveError). Default 2000 ms.
   */
  readonly stopGraceMs?: number;
  /** V8 limits for each worker; a worker exceeding them dies alone (WorkerCrashedError). */
  readonly resourceLimits?: ResourceLimits;
  /**
   * What each worker gets ready as it starts, before its first job: 'mate' allocates the mate
   * solver's table (tens of milliseconds), 'play' loads the game engine and its network (about
   * 0.1 s); by default each is done by the first job that needs it, which then waits for it.
   */
  readonly preload?: readonly Preload[];
  /**
   * Test hook, never for production: URL of a module whose `jobKinds` export adds job kinds to
   * the workers (kinds that crash or hang them). Without it only the kinds in JobTypes exist.
   */
  readonly testJobsModule?: string | URL;
}

export interface RunOptions<P> {
  /** Cancels the job: rejected with AbortError if it has not started, stopped if it runs. */
  readonly signal?: AbortSignal;
  /** Epoch milliseconds after which a running job is stopped (it answers with what it proved). */
  readonly deadline?: number;
  /**
   * The job's own time, in milliseconds from when it starts running (a wait for a free worker
   * does not count): it is stopped then, or at `deadline` if that comes first.
   */
  readonly timeLimitMs?: number;
  /**
   * Names the job where another process may look for it (a queue's job id; unique, e.g. the id
   * of the request it answers). The pool has no use for it.
   */
  readonly jobId?: string;
  /** Progress reports from the running job; an exception thrown here is ignored. */
  readonly onProgress?: (progress: P) => void;
  /**
   * Work that only uses a worker nothing else wants (pondering, a search's helper threads): it
   * starts at once on an idle worker or is refused with PoolBusyError, never queued; and it is
   * told to stop, answering as if cancelled, as soon as another job would have to wait for it.
   */
  readonly background?: boolean;
}

export interface PoolStats {
  readonly size: number;
  /** Live worker threads (they are made on demand, up to size). */
  readonly workers: number;
  readonly running: number;
  readonly queued: number;
  readonly maxQueue: number;
}

interface Task {
  readonly id: number;
  readonly job: Job;
  readonly options: RunOptions<unknown>;
  readonly resolve: (result: unknown) => void;
  readonly reject: (error: Error) => void;
  slot: Slot | null;
  /** Why the running job was told to stop, if it was. */
  stopReason: 'cancelled' | 'deadline' | null;
  deadlineTimer: NodeJS.Timeout | null;
  graceTimer: NodeJS.Timeout | null;
  abortListener: (() => void) | null;
  settled: boolean;
}

interface Slot {
  readonly worker: Worker;
  readonly stop: Int32Array;
  task: Task | null;
  /** Set once the worker is gone or going (crash, termination): its events are then ignored. */
  dead: boolean;
  /** Whether it has loaded its code and said so. */
  isReady: boolean;
  readonly ready: Promise<void>;
}

export class WorkerPool {
  readonly size: number;
  readonly maxQueue: number;
  private readonly stopGraceMs: number;
  private readonly resourceLimits: ResourceLimits | undefined;
  private readonly testJobsModule: string | undefined;
  private readonly preload: readonly Preload[];
  /** Where each worker thread starts (workerEntry). */
  private readonly entry: URL;
  private readonly slots = new Set<Slot>();
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;
  private readonly exits = new Set<Promise<unknown>>();

  constructor(options: WorkerPoolOptions = {}) {
    const { size, maxQueue = DEFAULT_MAX_QUEUE, stopGraceMs = DEFAULT_STOP_GRACE_MS } = options;
    this.size = size ?? availableParallelism();
    this.maxQueue = maxQueue;
    this.stopGraceMs = stopGraceMs;
    if (!Number.isInteger(this.size) || this.size < 1) {
      throw new RangeError(`worker pool size must be an integer >= 1, got ${this.size}`);
    }
    if (!Number.isInteger(maxQueue) || maxQueue < 0) {
      throw new RangeError(`maxQueue must be an integer >= 0, got ${maxQueue}`);
    }
    if (!(stopGraceMs >= 0 && stopGraceMs <= MAX_TIMER_MS)) {
      throw new RangeError(`stopGraceMs must be from 0 to ${MAX_TIMER_MS} ms, got ${stopGraceMs}`);
    }
    this.resourceLimits = options.resourceLimits;
    this.testJobsModule = options.testJobsModule?.toString();
    this.preload = options.preload ?? [];
    this.entry = workerEntry(this.testJobsModule);
  }

  /**
   * Runs `job` on a worker. Resolves with its result (a stopped search resolves too, saying so);
   * rejects with AbortError (cancelled before it started), PoolBusyError (queue full),
   * PoolClosedError, WorkerCrashedError, WorkerUnresponsiveError, FenError (bad FEN) or
   * SearchJobError (anything else the job threw).
   */
  run<J extends Job>(job: J, options: RunOptions<JobProgress<J>> = {}): Promise<JobResult<J>> {
    return new Promise<JobResult<J>>((resolve, reject) => {
      if (this.closed) return reject(new PoolClosedError());
      const { signal } = options;
      if (signal?.aborted) return reject(abortError(signal));
      if (options.deadline !== undefined && !Number.isFinite(options.deadline)) {
        return reject(new TypeError(`deadline must be a finite time in epoch milliseconds, got ${options.deadline}`));
      }
      if (options.timeLimitMs !== undefined && !(options.timeLimitMs >= 0 && Number.isFinite(options.timeLimitMs))) {
        return reject(new TypeError(`timeLimitMs must be a finite number of milliseconds >= 0, got ${options.timeLimitMs}`));
      }
      const task: Task = {
        id: this.nextId++,
        job,
        options: options as RunOptions<unknown>,
        resolve: resolve as (result: unknown) => void,
        reject,
        slot: null,
        stopReason: null,
        deadlineTimer: null,
        graceTimer: null,
        abortListener: null,
        settled: false,
      };
      const slot = this.freeSlot();
      if (!slot && (options.background || this.queue.length >= this.maxQueue)) return reject(new PoolBusyError(this.queue.length));
      if (signal) {
        task.abortListener = () => this.abort(task);
        signal.addEventListener('abort', task.abortListener, { once: true });
      }
      if (slot) this.start(task, slot);
      else {
        this.queue.push(task);
        this.yieldBackgroundWorker();
      }
    });
  }

  /** Starts every worker now and waits until each is ready (otherwise they start with the first jobs). */
  async warmUp(): Promise<void> {
    if (this.closed) throw new PoolClosedError();
    while (this.slots.size < this.size) this.spawn();
    await Promise.all([...this.slots].map((slot) => slot.ready));
  }

  /** Terminates every worker; running and queued jobs reject with PoolClosedError. Idempotent. */
  async close(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      for (const task of this.queue.splice(0)) this.settle(task, new PoolClosedError());
      for (const slot of [...this.slots]) {
        if (slot.task) this.settle(slot.task, new PoolClosedError());
        this.kill(slot);
      }
    }
    await Promise.all([...this.exits]);
  }

  get stats(): PoolStats {
    let running = 0;
    for (const slot of this.slots) if (slot.task) running++;
    return { size: this.size, workers: this.slots.size, running, queued: this.queue.length, maxQueue: this.maxQueue };
  }

  /** An idle live worker, or a new one if the pool is not full; null when all are busy. */
  private freeSlot(): Slot | null {
    for (const slot of this.slots) if (!slot.task) return slot;
    return this.slots.size < this.size ? this.spawn() : null;
  }

  private spawn(): Slot {
    const stop = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
    const workerData: WorkerData = {
      stop: stop.buffer as SharedArrayBuffer, testJobsModule: this.testJobsModule, preload: this.preload,
    };
    const worker = new Worker(this.entry, { workerData, resourceLimits: this.resourceLimits });
    let markReady!: () => void;
    let failReady!: (error: Error) => void;
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      failReady = reject;
    });
    ready.catch(() => {}); // Only warmUp() awaits it.
    const slot: Slot = { worker, stop, task: null, dead: false, isReady: false, ready };
    this.slots.add(slot);

    const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
    this.exits.add(exited);
    void exited.then(() => this.exits.delete(exited));

    worker.on('message', (message: FromWorker) => {
      if (slot.dead) return;
      if (message.type === 'ready') {
        slot.isReady = true;
        markReady();
        updateRef(slot);
      } else {
        this.onMessage(slot, message);
      }
    });
    worker.on('error', (error: unknown) => {
      failReady(error instanceof Error ? error : new Error(String(error)));
      this.onDeath(slot, describeCrash(error), error instanceof Error ? error : undefined);
    });
    worker.on('messageerror', (error: Error) => {
      // A message that could not be deserialised: that job cannot be answered.
      if (slot.task && !slot.dead) this.onDeath(slot, `unreadable message: ${error.message}`, error);
    });
    worker.on('exit', (code: number) => {
      const error = new Error(`the worker exited with code ${code}`);
      failReady(error);
      this.onDeath(slot, error.message);
    });
    // After the listeners: adding a 'message' listener refs the worker's port again.
    updateRef(slot);
    return slot;
  }

  private onMessage(slot: Slot, message: Exclude<FromWorker, { type: 'ready' }>): void {
    const task = slot.task;
    if (!task || task.id !== message.id) return;
    switch (message.type) {
      case 'progress':
        try {
          task.options.onProgress?.(message.progress);
        } catch {
          // The caller's callback failing must not fail the search nor the pool.
        }
        return;
      case 'done':
        this.release(slot);
        this.settle(task, null, message.result);
        this.pump();
        return;
      case 'failed':
        this.release(slot);
        this.settle(task, deserializeError(message.error));
        this.pump();
        return;
    }
  }

  /** The worker is gone or must go: fail its job, forget it, and start queued work elsewhere. */
  private onDeath(slot: Slot, reason: string, cause?: Error): void {
    if (slot.dead) return;
    const task = slot.task;
    this.kill(slot);
    if (task) this.settle(task, new WorkerCrashedError(reason, cause ? { cause } : undefined));
    this.pump();
  }

  private kill(slot: Slot): void {
    slot.dead = true;
    slot.task = null;
    this.slots.delete(slot);
    void slot.worker.terminate();
  }

  private start(task: Task, slot: Slot): void {
    task.slot = slot;
    slot.task = task;
    Atomics.store(slot.stop, STOP_INDEX, 0);
    updateRef(slot);
    // The job's time (and its time limit) counts from when its thread can run it: a thread still
    // starting (loading the code, preloading) is waited for, as a busy one would be.
    if (slot.isReady) this.post(task, slot);
    else {
      slot.ready.then(() => {
        if (slot.task === task) this.post(task, slot);
      }, () => {
        // A thread that fails to start fails its job: onDeath settles it.
      });
    }
  }

  /** Sends a started job to its ready thread, and arms its deadline. */
  private post(task: Task, slot: Slot): void {
    const deadline = effectiveDeadline(task.options);
    const message: ToWorker = { type: 'run', id: task.id, job: task.job, deadline, startedAt: epochNow() };
    try {
      slot.worker.postMessage(message);
    } catch (error) {
      // The job is not cloneable (a function, a symbol …): the caller's mistake, not the worker's.
      this.release(slot);
      this.settle(task, error instanceof Error ? error : new Error(String(error)));
      this.pump();
      return;
    }
    if (deadline !== null) this.armDeadline(task, deadline);
  }

  private armDeadline(task: Task, deadline: number): void {
    const wait = deadline - Date.now();
    if (wait <= 0) return this.requestStop(task, 'deadline');
    task.deadlineTimer = setTimeout(() => {
      task.deadlineTimer = null;
      this.armDeadline(task, deadline);
    }, Math.min(wait, MAX_TIMER_MS));
  }

  /** The signal fired: a queued job is dropped, a running one is told to stop. */
  private abort(task: Task): void {
    if (task.settled) return;
    if (task.slot) return this.requestStop(task, 'cancelled');
    const index = this.queue.indexOf(task);
    if (index >= 0) this.queue.splice(index, 1);
    this.settle(task, abortError(task.options.signal!));
  }

  private requestStop(task: Task, reason: 'cancelled' | 'deadline'): void {
    const slot = task.slot;
    if (!slot || task.settled || task.stopReason) return;
    task.stopReason = reason;
    Atomics.store(slot.stop, STOP_INDEX, 1);
    task.graceTimer = setTimeout(() => {
      task.graceTimer = null;
      if (slot.task !== task) return;
      // The handler ignores the flag (or is stuck): only terminating the thread ends it.
      this.kill(slot);
      this.settle(task, new WorkerUnresponsiveError(this.stopGraceMs, reason));
      this.pump();
    }, this.stopGraceMs);
  }

  /**
   * A job had to queue: unless the jobs already told to stop will free a worker for each queued
   * one, stop a background job, whose worker takes the queued job when it answers.
   */
  private yieldBackgroundWorker(): void {
    let stopping = 0;
    for (const slot of this.slots) if (slot.task?.stopReason) stopping++;
    if (stopping >= this.queue.length) return;
    for (const slot of this.slots) {
      const task = slot.task;
      if (task?.options.background && !task.stopReason) return this.requestStop(task, 'cancelled');
    }
  }

  /** The slot's job is over: the worker is idle again. */
  private release(slot: Slot): void {
    slot.task = null;
    updateRef(slot);
  }

  /** Resolves (error null) or rejects a task exactly once and drops its timers and listener. */
  private settle(task: Task, error: Error | null, result?: unknown): void {
    if (task.settled) return;
    task.settled = true;
    if (task.deadlineTimer) clearTimeout(task.deadlineTimer);
    if (task.graceTimer) clearTimeout(task.graceTimer);
    if (task.abortListener) task.options.signal?.removeEventListener('abort', task.abortListener);
    task.slot = null;
    if (error) task.reject(error);
    else task.resolve(result);
  }

  /** Starts queued jobs on idle (or new) workers while there are both. */
  private pump(): void {
    while (!this.closed && this.queue.length > 0) {
      const slot = this.freeSlot();
      if (!slot) return;
      this.start(this.queue.shift()!, slot);
    }
  }
}

/**
 * A worker keeps the process alive while it starts up or runs a job, not while it idles: a
 * program that forgets close() still exits when its work is done.
 */
function updateRef(slot: Slot): void {
  if (slot.dead) return;
  if (slot.task || !slot.isReady) slot.worker.ref();
  else slot.worker.unref();
}

function abortError(signal: AbortSignal): AbortError {
  return new AbortError('the search was cancelled before it started', { cause: signal.reason });
}

function describeCrash(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if ((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') return 'out of memory';
  return error.message || error.name;
}

/** When a job starting now must stop: its deadline or the end of its time limit, the sooner. */
export function effectiveDeadline(options: { readonly deadline?: number; readonly timeLimitMs?: number }): number | null {
  const ends = [options.deadline, options.timeLimitMs === undefined ? undefined : Date.now() + options.timeLimitMs];
  const given = ends.filter((end): end is number => end !== undefined);
  return given.length === 0 ? null : Math.min(...given);
}
