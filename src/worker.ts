// What `chessbot worker` runs: a solver for the /mate job queue on this machine's cores, with the
// configuration's Redis and queue, logging to standard error (the Redis password masked).

import { ConfigError } from './config/errors.ts';
import type { Config } from './config/types.ts';
import { localEngine } from './engine/index.ts';
import { errorLine } from './errors.ts';
import { type Logger, streamLogger } from './log.ts';
import { RedisRefusedError, describeRedis, redisOptions, redisPassword, startSolver, waitForRedis } from './queue/index.ts';

/** Running searches get this long to finish when the worker is stopped; then another solver takes them. */
export const WORKER_STOP_GRACE_MS = 10_000;

export interface WorkerProcessOptions {
  /** Threads; null: the configuration's workers.size. */
  readonly threads: number | null;
  readonly stop: AbortSignal;
  readonly errorOutput: NodeJS.WritableStream;
}

/** Starts the solver; `stopped` resolves once `stop` has been aborted and it has wound down. */
export async function startWorkerProcess(config: Config, options: WorkerProcessOptions): Promise<{ stopped: Promise<void> }> {
  const { redisUrl } = config.queue;
  if (redisUrl === null) {
    throw new ConfigError(['REDIS_URL: not set: a worker takes its searches from the Redis a bot queues them on (e.g. REDIS_URL=redis://host:6379)']);
  }
  const logger = streamLogger({ output: options.errorOutput as never, level: config.logLevel, scope: 'worker', secrets: [redisPassword(redisUrl)] });
  const connection = redisOptions(redisUrl);
  const redis = describeRedis(redisUrl);
  // A Redis that is not up yet is waited for (it may be starting beside us); one that refuses
  // our credentials is a configuration mistake, said once.
  try {
    await waitForRedis(connection, {
      signal: options.stop,
      onWaiting: (why) => logger.warn('waiting for Redis', { redis, why }),
    });
  } catch (error) {
    if (options.stop.aborted) return { stopped: Promise.resolve() };
    if (error instanceof RedisRefusedError) throw new ConfigError([`REDIS_URL: ${error.message}`]);
    throw error;
  }
  const engine = localEngine({ threads: options.threads ?? config.workers.size, preload: ['mate'] });
  await engine.warmUp();
  const warn = repeatedOnce(logger);
  const { name, lockMs, stalledCheckMs, splitAfterNodes } = config.queue;
  const solver = startSolver({
    connection, name, engine, lockMs, stalledCheckMs, splitAfterNodes: splitAfterNodes === 0 ? null : splitAfterNodes,
    onError: (what, error) => warn(what, errorLine(error)),
  });
  await solver.ready();
  logger.info('solving /mate searches from the queue', { queue: config.queue.name, redis, threads: engine.size });
  const stopped = new Promise<void>((resolve) => {
    const stop = async () => {
      logger.info('stopping: no new searches', { running: solver.running });
      await solver.close(WORKER_STOP_GRACE_MS);
      await engine.close();
      logger.info('stopped');
      resolve();
    };
    if (options.stop.aborted) void stop();
    else options.stop.addEventListener('abort', () => void stop(), { once: true });
  });
  return { stopped };
}

/** Connection trouble repeats every second while Redis is away: each message is logged once a minute at most. */
function repeatedOnce(logger: Logger): (what: string, why: string) => void {
  const lastLogged = new Map<string, number>();
  return (what, why) => {
    const key = `${what}: ${why}`;
    const last = lastLogged.get(key);
    if (last !== undefined && Date.now() - last < 60_000) return;
    lastLogged.set(key, Date.now());
    logger.warn(key);
  };
}
