// A solver: a BullMQ worker that takes queued /mate jobs and runs them on this machine's engine
// (worker threads, so that this thread stays free to renew the jobs' locks), reporting progress
// per n and stopping a job when its caller cancels it. `chessbot worker` runs one; so does a bot
// process unless configured not to.
//
// A solver that dies mid-job (SIGKILL, the machine gone) stops renewing the job's lock; within
// about lockMs + stalledCheckMs another solver's stalled-job check puts the job back in the
// queue, and it runs again there, under its original deadline. A solver that finds it can no
// longer renew a job's lock stops that search within about lockMs / 2.
//
// A long direct mate is split (split.ts): once its whole solve has searched splitAfterNodes, the
// job becomes the parent of one BullMQ child job per first move at each n, and waits for them
// (moveToWaitingChildren) without holding a thread; every solver takes the parts, after any
// whole problem. A part whose solver dies runs again elsewhere, as any job does.

import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { type Job as BullJob, Queue, WaitingChildrenError, Worker } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import { AbortError, type LocalEngine, type MateJob, type MateJobResult } from '../engine/index.ts';
import { QUEUE_PREFIX, queueKeys } from './names.ts';
import { PART_JOB_NAME, type QueuedJob, type QueuedPart, encodeFailure } from './protocol.ts';
import {
  DEFAULT_SPLIT_AFTER_NODES, type LevelOutcome, PART_PRIORITY, type PartResult, type SplitState, canSplit, firstWide, groupId, judgeLevel,
  leftToSplit, levelParts, splitRoots, workersOn,
} from './split.ts';

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
  /**
   * A direct mate whose whole solve passes this many nodes is split into parts for every solver
   * (split.ts); null: never split here.
   */
  readonly splitAfterNodes?: number | null;
  /** Called with each job's failure or a connection problem, for the log. */
  readonly onError?: (what: string, error: unknown) => void;
}

export const DEFAULT_LOCK_MS = 10_000;
export const DEFAULT_STALLED_CHECK_MS = 5_000;
/** A job whose solvers died this many times is failed: it is likely what kills them. */
const MAX_STALLED = 2;
/** Finished parts are kept this long (an hour), as the caller keeps finished jobs. */
const KEEP_SECONDS = 3_600;

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
  const splitAfterNodes = options.splitAfterNodes === undefined ? DEFAULT_SPLIT_AFTER_NODES : options.splitAfterNodes;
  const keys = queueKeys(name);
  /**
   * Each running job's stop, the problem it belongs to (itself, or a split problem's parent) and,
   * for a part of a wide first move, its group (split.ts's groupId).
   */
  const running = new Map<string, { readonly controller: AbortController; readonly problemId: string; readonly group: string | null }>();
  /** This solver, as a split problem's progress counts the workers on it. */
  const solverId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  // Cancels arrive on a channel; a subscribed connection can do nothing else. A problem's id
  // stops it and every part of it this solver runs.
  const subscriber = new Redis(connection);
  subscriber.on('error', (error) => onError('cancel channel', error));
  subscriber.on('message', (_channel, jobId: string) => {
    for (const [id, job] of running) if (id === jobId || job.problemId === jobId || job.group === jobId) job.controller.abort();
  });
  const subscribed = subscriber.subscribe(keys.cancelChannel);
  const commands = new Redis(connection);
  commands.on('error', (error) => onError('redis', error));
  // Adds the parts of split problems.
  const queue = new Queue(name, { connection, prefix: QUEUE_PREFIX });
  queue.on('error', (error) => onError('queue', error));

  /** Runs `search` with a stop that Cancel (of the job or of its problem) and a lost lock pull. */
  async function tracked<T>(jobId: string, problemId: string, search: (signal: AbortSignal) => Promise<T>, group: string | null = null): Promise<T> {
    const controller = new AbortController();
    running.set(jobId, { controller, problemId, group });
    try {
      // Cancelled before it got here (while waiting, or before its earlier solver died).
      const marks = [keys.cancelled(problemId), ...(group === null ? [] : [keys.cancelled(group)])];
      if ((await commands.exists(...marks)) > 0) controller.abort();
      return await search(controller.signal);
    } catch (error) {
      // failedReason keeps the name, so the caller tells a cancel from a failure.
      throw new Error(encodeFailure(error));
    } finally {
      running.delete(jobId);
    }
  }

  function runWhole(job: BullJob<QueuedJob>, mateJob: MateJob = job.data.job as MateJob, deadline = job.data.deadline): Promise<MateJobResult> {
    return tracked(job.id!, job.id!, (signal) =>
      engine.run(mateJob, {
        signal,
        ...(deadline === null ? {} : { deadline }),
        ...(job.data.timeLimitMs === null ? {} : { timeLimitMs: job.data.timeLimitMs }),
        onProgress: (progress) => void job.updateProgress(progress as object).catch((error: unknown) => onError('progress', error)),
      }),
    );
  }

  /**
   * A direct mate that may be split: solved whole up to splitAfterNodes; then level by level,
   * each level's parts as child jobs, this job waiting for them between levels (a step job:
   * BullMQ runs it again once every part has answered, its state kept in its data).
   */
  async function runSplit(job: BullJob<QueuedJob>, token: string, budget: number): Promise<MateJobResult> {
    const mateJob = job.data.job as MateJob;
    let state = job.data.split;
    if (state === undefined) {
      const begun = await beginSplit(job, mateJob, budget);
      if (!('roots' in begun)) return begun;
      state = begun;
    } else {
      const outcome = await finishLevel(job, mateJob, state);
      if (outcome.kind === 'answer') return outcome.result;
      state = outcome.next;
    }
    for (;;) {
      await job.updateData({ ...job.data, split: state });
      await addParts(job, mateJob, state);
      if (await job.moveToWaitingChildren(token)) throw new WaitingChildrenError();
      // Every part had answered already (this job ran again after its solver died).
      const outcome = await finishLevel(job, mateJob, state);
      if (outcome.kind === 'answer') return outcome.result;
      state = outcome.next;
    }
  }

  /** The whole solve, up to `budget` nodes: its answer if it finished, else where the split starts. */
  async function beginSplit(job: BullJob<QueuedJob>, mateJob: MateJob, budget: number): Promise<MateJobResult | SplitState> {
    const roots = splitRoots(mateJob);
    if (roots.length < 2) return runWhole(job);
    const startedAt = Date.now();
    const { deadline: given, timeLimitMs } = job.data;
    const deadline = timeLimitMs === null ? given : Math.min(given ?? Infinity, startedAt + timeLimitMs);
    let cancelled = false;
    const first = await tracked(job.id!, job.id!, async (signal) => {
      const result = await engine.run({ ...mateJob, maxNodes: budget }, {
        signal,
        ...(deadline === null ? {} : { deadline }),
        onProgress: (progress) => void job.updateProgress(progress as object).catch((error: unknown) => onError('progress', error)),
      });
      cancelled = signal.aborted;
      return result;
    });
    if (cancelled || !leftToSplit(first, budget) || (deadline !== null && Date.now() >= deadline)) return first;
    return { n: first.provenDepth + 1, roots, wide: firstWide(roots), nodes: first.nodes, startedAt, splitAt: Date.now(), deadline };
  }

  /** Adds level `state.n`'s parts as children of `job` (again, harmlessly, when a re-run adds them twice). */
  async function addParts(job: BullJob<QueuedJob>, mateJob: MateJob, state: SplitState): Promise<void> {
    const problemId = job.id!;
    await queue.addBulk(levelParts(mateJob, state).map((part, i) => ({
      name: PART_JOB_NAME,
      data: { job: part, depth: state.n, index: i, problemId, deadline: state.deadline } satisfies QueuedPart,
      opts: {
        jobId: `${problemId}.${state.n}.${i}`,
        parent: { id: problemId, queue: job.queueQualifiedName },
        priority: PART_PRIORITY,
        // A part that fails (not a cancel: a stopped part answers) fails its problem.
        failParentOnFailure: true,
        removeOnComplete: { age: KEEP_SECONDS },
        removeOnFail: { age: KEEP_SECONDS },
      },
    })));
  }

  /** Judges the level whose parts have all answered, and reports it as the caller's progress per n. */
  async function finishLevel(job: BullJob<QueuedJob>, mateJob: MateJob, state: SplitState): Promise<LevelOutcome> {
    const parts = Object.values(await job.getChildrenValues<PartResult>());
    const outcome = judgeLevel(mateJob, state, parts, Date.now());
    const proven = outcome.kind === 'deeper' || outcome.result.status !== 'stopped';
    if (proven) {
      const found = outcome.kind === 'answer' && outcome.found;
      const report = { depth: state.n, nodes: outcome.nodes, found, elapsedMs: Date.now() - state.startedAt, workers: workersOn(parts, state.n) };
      await job.updateProgress(report).catch((error: unknown) => onError('progress', error));
    }
    return outcome;
  }

  /**
   * One part: a first move (or a first move and a reply) proven or refuted; a cancelled one
   * answers as stopped. A reply that refutes its first move stops the rest of its group.
   */
  function runPart(job: BullJob<QueuedPart>): Promise<PartResult> {
    const { job: part, depth, index, problemId, deadline } = job.data;
    const group = part.reply === undefined ? null : groupId(problemId, depth, part.key);
    const stopped: PartResult = {
      key: part.key, keySan: part.key, ...(part.reply === undefined ? {} : { reply: part.reply, replySan: part.reply }), mateIn: null, stopped: true,
      line: [], lineUci: [], lineComplete: false, nodes: 0, elapsedMs: 0, depth, index, solver: solverId,
    };
    return tracked(job.id!, problemId, async (signal) => {
      if (signal.aborted) return stopped;
      let result: PartResult;
      try {
        result = { ...(await engine.run(part, { signal, ...(deadline === null ? {} : { deadline }) })), depth, index, solver: solverId };
      } catch (error) {
        if (error instanceof AbortError) return stopped;
        throw error;
      }
      if (group !== null && result.mateIn === null && !result.stopped) {
        await commands.set(keys.cancelled(group), '1', 'EX', KEEP_SECONDS);
        await commands.publish(keys.cancelChannel, group);
      }
      return result;
    }, group);
  }

  const worker = new Worker<QueuedJob | QueuedPart>(
    name,
    async (job: BullJob<QueuedJob | QueuedPart>, token?: string) => {
      if (job.name === PART_JOB_NAME) return runPart(job as BullJob<QueuedPart>);
      const whole = job as BullJob<QueuedJob>;
      const mateJob = whole.data.job;
      if (splitAfterNodes === null || token === undefined || mateJob.kind !== 'mate' || !canSplit(mateJob)) return runWhole(whole);
      try {
        return await runSplit(whole, token, splitAfterNodes);
      } catch (error) {
        if (error instanceof WaitingChildrenError || (error instanceof Error && /^\w+: /.test(error.message))) throw error;
        throw new Error(encodeFailure(error));
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
    for (const jobId of jobIds) running.get(jobId)?.controller.abort();
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
      await Promise.all([worker.waitUntilReady(), queue.waitUntilReady(), subscribed]);
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
      await queue.close();
      subscriber.disconnect();
      commands.disconnect();
    },
  };
}
