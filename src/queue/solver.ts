// A solver: a BullMQ worker that takes queued /mate jobs and runs them on this machine's engine
// (worker threads, so that this thread stays free to renew the jobs' locks), reporting progress
// per n and stopping a job when its caller cancels it. `chessbot worker` runs one; so does a bot
// process unless configured not to.
//
// A solver that dies mid-job (SIGKILL, the machine gone) stops renewing the job's lock; within
// about lockMs + stalledCheckMs another solver's stalled-job check puts the job back in the
// queue, and it runs again there, under its original deadline. A solver that finds it can no
// longer renew a job's lock stops that search within about lockMs / 2.

import { type Job as BullJob, Worker } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import type { LocalEngine } from '../engine/index.ts';
import { QUEUE_PREFIX, queueKeys } from './names.ts';
import { type QueuedJob, encodeFailure } from './protocol.ts';

export interface SolverOptions {
  readonly connection: RedisOptions;
  /** The queue's name (config queue.name). */
  readonly name: string;
  /** Runs the jobs; as many run at once as it has threads. */
  readonly engine: LocalEngine;
  /** How long a job's lock lasts without renewal: a dead solver's job waits about this long. */
  readonly lockMs?: number;
  /** How often this solver looks for jobs whose solver died. */
  readonly stalledCheckMs?: number;
  /** Called with each job's failure or a connection problem, for the log. */
  readonly onError?: (what: string, error: unknown) => void;
}

export const DEFAULT_LOCK_MS = 10_000;
export const DEFAULT_STALLED_CHECK_MS = 5_000;
/** A job whose solvers died this many times is failed: it is likely what kills them. */
const MAX_STALLED = 2;

export interface Solver {
  /** Jobs running now. */
  readonly running: number;
  /** Resolves once connected and taking jobs. */
  ready(): Promise<void>;
  /**
   * Stops taking jobs. Running jobs get `graceMs` to finish; those still running after it are
   * left to another solver (their locks lapse and they run again there).
   */
  close(graceMs?: number): Promise<void>;
}

export function startSolver(options: SolverOptions): Solver {
  const { connection, name, engine, onError = () => {} } = options;
  const keys = queueKeys(name);
  const running = new Map<string, AbortController>();

  // Cancels arrive on a channel; a subscribed connection can do nothing else.
  const subscriber = new Redis(connection);
  subscriber.on('error', (error) => onError('cancel channel', error));
  subscriber.on('message', (_channel, jobId: string) => running.get(jobId)?.abort());
  const subscribed = subscriber.subscribe(keys.cancelChannel);
  const commands = new Redis(connection);
  commands.on('error', (error) => onError('redis', error));

  const worker = new Worker<QueuedJob>(
    name,
    async (job: BullJob<QueuedJob>) => {
      const jobId = job.id!;
      const controller = new AbortController();
      running.set(jobId, controller);
      try {
        // Cancelled before it got here (while waiting, or before its earlier solver died).
        if ((await commands.exists(keys.cancelled(jobId))) === 1) controller.abort();
        return await engine.run(job.data.job, {
          signal: controller.signal,
          ...(job.data.deadline === null ? {} : { deadline: job.data.deadline }),
          ...(job.data.timeLimitMs === null ? {} : { timeLimitMs: job.data.timeLimitMs }),
          onProgress: (progress) => void job.updateProgress(progress as object).catch((error: unknown) => onError('progress', error)),
        });
      } catch (error) {
        // failedReason keeps the name, so the caller tells a cancel from a failure.
        throw new Error(encodeFailure(error));
      } finally {
        running.delete(jobId);
      }
    },
    {
      connection,
      prefix: QUEUE_PREFIX,
      concurrency: engine.size,
      lockDuration: options.lockMs ?? DEFAULT_LOCK_MS,
      stalledInterval: options.stalledCheckMs ?? DEFAULT_STALLED_CHECK_MS,
      maxStalledCount: MAX_STALLED,
      // Named, so that callers can count the solvers connected (Queue.getWorkersCount).
      name: 'solver',
    },
  );
  // A job whose lock this solver could not renew is no longer its own: Redis lost it (restarted
  // empty) or another solver took it over after a stall. Searching on would hold a thread, and
  // keep the next job waiting, for an answer nobody reads.
  worker.on('lockRenewalFailed', (jobIds) => {
    for (const jobId of jobIds) running.get(jobId)?.abort();
  });
  worker.on('error', (error) => onError('queue', error));
  worker.on('failed', (job, error) => {
    if (job && !error.message.startsWith('AbortError')) onError(`job ${job.id}`, error);
  });

  return {
    get running() {
      return running.size;
    },
    async ready() {
      await Promise.all([worker.waitUntilReady(), subscribed]);
    },
    async close(graceMs = 0) {
      const closing = worker.close();
      let timer: NodeJS.Timeout | undefined;
      const waited = await Promise.race([
        closing.then(() => 'closed' as const),
        new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), graceMs))),
      ]);
      clearTimeout(timer);
      // Past the grace: stop listening without finishing; the jobs' locks lapse, another solver takes them.
      if (waited === 'late') await worker.close(true);
      subscriber.disconnect();
      commands.disconnect();
    },
  };
}
