// The bot process's side of the job queue, when REDIS_URL is set: the client that sends /mate
// searches to the queue, a Redis connection for the state bot processes share, and (unless
// queue.solveInBot is false) a solver that serves the queue on this process's own worker threads.

import { Redis } from 'ioredis';
import { ConfigError } from './config/errors.ts';
import type { Config } from './config/types.ts';
import type { LocalEngine } from './engine/index.ts';
import { errorLine } from './errors.ts';
import type { Logger } from './log.ts';
import {
  QueuedEngine, RedisRefusedError, type Solver, describeRedis, redisOptions, startSolver, waitForRedis,
} from './queue/index.ts';

export interface RunningQueue {
  readonly engine: QueuedEngine;
  readonly redis: Redis;
  /** Stops the solver (its running searches are another's to finish), then the connections. */
  close(): Promise<void>;
}

/** How long this process's solver lets running searches finish when the bot stops. */
const SOLVER_STOP_GRACE_MS = 5_000;

/**
 * Connects to the queue's Redis, waiting for it as long as it is unreachable (until `signal`);
 * throws a ConfigError when Redis refuses the credentials.
 */
export async function startQueue(config: Config, local: LocalEngine, logger: Logger, signal: AbortSignal): Promise<RunningQueue> {
  const url = config.queue.redisUrl!;
  const connection = redisOptions(url);
  const where = describeRedis(url);
  try {
    await waitForRedis(connection, { signal, onWaiting: (why) => logger.warn('waiting for Redis', { redis: where, why }) });
  } catch (error) {
    if (error instanceof RedisRefusedError) throw new ConfigError([`REDIS_URL: ${error.message}`]);
    throw error;
  }
  const engine = new QueuedEngine({ connection, name: config.queue.name });
  const redis = new Redis(connection);
  redis.on('error', () => {});
  let solver: Solver | null = null;
  if (config.queue.solveInBot) {
    solver = startSolver({
      connection, name: config.queue.name, engine: local, lockMs: config.queue.lockMs, stalledCheckMs: config.queue.stalledCheckMs,
      splitAfterNodes: config.queue.splitAfterNodes === 0 ? null : config.queue.splitAfterNodes,
      onError: (what, error) => logger.debug(`${what}: ${errorLine(error)}`),
    });
    await solver.ready();
  }
  await engine.ready();
  logger.info('/mate searches go through the queue', {
    queue: config.queue.name, redis: where, solverThreads: solver ? local.size : 0, solvers: await engine.solvers(),
  });
  return {
    engine,
    redis,
    async close() {
      await solver?.close(SOLVER_STOP_GRACE_MS);
      await engine.close();
      redis.disconnect();
    },
  };
}
