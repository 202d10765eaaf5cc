// The 'play' job, run inside a worker thread: rebuild the game's position from a FEN and the moves
// played since, and let the game engine choose a move. Also the 'playSetup' job, which prepares
// the engine (table size, new game) without searching.

import { performance } from 'node:perf_hooks';
import { playPosition } from '../chess/replay.ts';
import { Engine, type SearchLimits } from '../search/play/index.ts';
import { type JobHandler, MAX_HASH_MB, type PlayJob, type PlaySetupJob } from './jobs.ts';
/** Far longer than any game; it only keeps a runaway move list from tying up the worker. */
const MAX_JOB_MOVES = 10_000;
/** Helpers post their node counts in these units: an int32 then lasts 2^41 nodes. */
export const NODE_COUNT_UNIT = 1024;
/** More than any position has legal moves (218). */
const MAX_SEARCH_MOVES = 256;

// One engine per worker thread, made by the first play job: its transposition table persists
// from one move to the next (a pool of size 1 keeps it for a whole game). Each worker loads its
// own copy of this module, so this is per thread.
let engine: Engine | undefined;
let engineHashMb = 0;

export const runPlayJob: JobHandler<'play'> = (job, context) => {
  checkPlayJob(job);
  // Throws FenError or IllegalMoveError; the pool rebuilds both for the caller.
  const position = playPosition(job.fen, job.moves);
  const ready = prepareEngine(job.hashMb, job.newGame === true, job.table);
  const counts = job.nodeCounts === undefined ? null : new Int32Array(job.nodeCounts);
  const helper = job.limits.helper;
  return ready.search(position, job.limits, {
    now: () => performance.now(),
    // A helper posts its count where the main search reads it, as often as it polls.
    shouldStop: counts !== null && helper !== undefined
      ? () => {
        Atomics.store(counts, helper, Math.floor(ready.nodes / NODE_COUNT_UNIT));
        return context.shouldStop();
      }
      : () => context.shouldStop(),
    onInfo: (info) => context.progress(info),
    ...(counts !== null && helper === undefined ? { helperNodes: () => helperNodes(counts) } : {}),
  });
};

/** The nodes the helpers have posted in `counts`. */
function helperNodes(counts: Int32Array): number {
  let units = 0;
  for (let i = 1; i < counts.length; i++) units += Atomics.load(counts, i);
  return units * NODE_COUNT_UNIT;
}

export const runPlaySetupJob: JobHandler<'playSetup'> = (job, context) => {
  checkHash(job.hashMb);
  checkTable(job.table);
  prepareEngine(job.hashMb, job.newGame === true, job.table);
  return { elapsedMs: context.elapsedMs() };
};

/**
 * The worker's engine, made on first use, with the shared `table` if given, else a table of its
 * own of `hashMb`; cleared if `newGame`.
 */
function prepareEngine(hashMb: number, newGame: boolean, table?: SharedArrayBuffer): Engine {
  if (!engine) {
    // A fresh engine has nothing to forget.
    engine = new Engine(table ? 1 : hashMb);
    engineHashMb = hashMb;
    if (table) engine.tt.share(table);
    return engine;
  }
  if (table) {
    if (!engine.tt.isIn(table)) engine.tt.share(table);
  } else if (hashMb !== engineHashMb || engine.tt.isShared()) {
    engine.tt.resize(hashMb);
  }
  engineHashMb = hashMb;
  if (newGame) engine.newGame();
  return engine;
}

/** Callers validate requests before submitting them; this is the last line of defence. */
function checkPlayJob(job: PlayJob): void {
  if (typeof job.fen !== 'string') throw new TypeError('play job: fen must be a string');
  if (!Array.isArray(job.moves) || job.moves.length > MAX_JOB_MOVES) {
    throw new RangeError(`play job: moves must be an array of at most ${MAX_JOB_MOVES} UCI moves`);
  }
  checkHash(job.hashMb);
  checkLimits(job.limits);
  checkTable(job.table);
  const counts = job.nodeCounts;
  if (counts !== undefined && !(counts instanceof SharedArrayBuffer && counts.byteLength % 4 === 0
    && (job.limits.helper === undefined || job.limits.helper < counts.byteLength / 4))) {
    throw new TypeError('play job: nodeCounts must be a SharedArrayBuffer of one int32 per thread');
  }
}

function checkTable(table: PlayJob['table']): void {
  if (table !== undefined && !(table instanceof SharedArrayBuffer)) throw new TypeError('play job: table must be a SharedArrayBuffer');
}

function checkHash(hashMb: PlaySetupJob['hashMb']): void {
  if (!Number.isInteger(hashMb) || hashMb < 1 || hashMb > MAX_HASH_MB) {
    throw new RangeError(`play job: hashMb must be an integer from 1 to ${MAX_HASH_MB}, got ${String(hashMb)}`);
  }
}

function checkLimits(limits: SearchLimits): void {
  if (typeof limits !== 'object' || limits === null) throw new TypeError('play job: limits must be an object');
  const numbers: Array<[string, unknown]> = [
    ['depth', limits.depth], ['helper', limits.helper], ['nodes', limits.nodes], ['movetimeMs', limits.movetimeMs],
    ['moveOverheadMs', limits.moveOverheadMs],
  ];
  if (limits.clock !== undefined) {
    numbers.push(
      ['clock.timeMs', limits.clock.timeMs], ['clock.incrementMs', limits.clock.incrementMs],
      ['clock.movesToGo', limits.clock.movesToGo],
    );
  }
  const { searchMoves } = limits;
  if (searchMoves !== undefined
    && !(Array.isArray(searchMoves) && searchMoves.length <= MAX_SEARCH_MOVES && searchMoves.every((move) => typeof move === 'string'))) {
    throw new TypeError(`play job: limits.searchMoves must be an array of at most ${MAX_SEARCH_MOVES} UCI moves`);
  }
  for (const [name, value] of numbers) {
    if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value >= 0)) {
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- untrusted, may be anything; String() shows NaN and Infinity as they are
      throw new RangeError(`play job: limits.${name} must be a number >= 0, got ${String(value)}`);
    }
  }
}
