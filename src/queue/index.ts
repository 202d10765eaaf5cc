// The job queue's public face: /mate searches sent through BullMQ on Redis to solvers on any
// machine, and the state bot processes share there (limits, answers, replies in flight).

export { RedisRefusedError, describeRedis, redisOptions, redisPassword, waitForRedis } from './connection.ts';
export { NoSolverError, QueueUnavailableError, SolverLostError } from './errors.ts';
export { QueuedEngine, type QueuedEngineOptions } from './queuedEngine.ts';
export { type Solver, type SolverOptions, startSolver } from './solver.ts';
export { QUEUE_PREFIX, queueKeys } from './names.ts';
