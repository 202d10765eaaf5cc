// The body of a search worker thread (loaded by bootstrap.js once tsx is registered). It runs one
// job at a time: the job handlers are synchronous loops, so while one runs this thread hears
// nothing; cancellation reaches it through the shared stop flag instead of a message.

import { parentPort, workerData } from 'node:worker_threads';
import { serializeError } from './errors.ts';
import { jobHandlers, preloadPlay } from './handlers.ts';
import { prepareMateSolver } from './mateJob.ts';
import type { JobContext } from './jobs.ts';
import { type FromWorker, STOP_INDEX, type ToWorker, type WorkerData, epochNow } from './protocol.ts';

type AnyHandler = (job: unknown, context: JobContext<unknown>) => unknown;

if (!parentPort) throw new Error('src/workers/worker.ts runs only inside a worker thread (see pool.ts)');
const port = parentPort;
const data = workerData as WorkerData;
const stopFlag = new Int32Array(data.stop);

const handlers = new Map<string, AnyHandler>(Object.entries(jobHandlers) as Array<[string, AnyHandler]>);
if (data.testJobsModule) {
  const extra = (await import(data.testJobsModule)) as { jobKinds: Record<string, AnyHandler> };
  for (const [kind, handler] of Object.entries(extra.jobKinds)) handlers.set(kind, handler);
}

function post(message: FromWorker): void {
  port.postMessage(message);
}

async function run({ id, job, deadline, startedAt }: ToWorker): Promise<void> {
  const context: JobContext<unknown> = {
    shouldStop: () => Atomics.load(stopFlag, STOP_INDEX) !== 0 || (deadline !== null && Date.now() > deadline),
    progress: (progress) => post({ type: 'progress', id, progress }),
    elapsedMs: () => Math.round(epochNow() - startedAt),
  };
  try {
    const handler = typeof job?.kind === 'string' ? handlers.get(job.kind) : undefined;
    if (!handler) throw new TypeError(`unknown job kind ${JSON.stringify(job?.kind)}`);
    const result = await handler(job, context);
    post({ type: 'done', id, result });
  } catch (error) {
    // Also reached when the result cannot be cloned: the job fails, the worker lives on.
    post({ type: 'failed', id, error: serializeError(error) });
  }
}

// Before saying ready, so that what the pool wanted ready is not timed as its first job's.
if (data.preload?.includes('mate')) prepareMateSolver();
if (data.preload?.includes('play')) await preloadPlay();

port.on('message', (message: ToWorker) => {
  if (message.type === 'run') void run(message);
});
post({ type: 'ready' });
