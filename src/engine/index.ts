// The engine client's public face: everything above it (games, /mate, the adapters) submits
// searches through an EngineClient and imports the jobs, results and errors from here. Not the
// fallback move (fallback.ts): it holds a game engine of its own, and so the evaluation network,
// which nothing that only solves mates should load.

export type { EngineClient, SearchOptions } from './client.ts';
export { type LocalEngine, type LocalEngineOptions, localEngine } from './local.ts';
export { InlineEngine } from './inline.ts';
export { SharedTable } from './sharedTable.ts';
export { type PlaySearchOptions, searchWithHelpers } from './playSearch.ts';
export { type RaceOutcome, raceTimeout } from './clockRace.ts';
export { openBook, openConfiguredBook } from './book.ts';
export {
  AbortError, DEFAULT_MAX_QUEUE, MAX_HASH_MB, PoolBusyError, PoolClosedError, SearchJobError, WorkerCrashedError,
  WorkerUnresponsiveError,
} from '../workers/index.ts';
export type {
  Job, JobKind, JobProgress, JobResult, MateIterationReport, MateJob, MateJobProgress, MateJobResult, MateKeyJob, MateKeyResult,
  MateNodeReport, PlayJob, PlaySetupJob, PlaySetupResult, PoolStats,
} from '../workers/index.ts';
export { isNodeReport } from '../workers/index.ts';
