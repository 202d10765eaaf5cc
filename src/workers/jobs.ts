// What the worker pool can run: each job kind with its request, its answer and its progress
// report. All of them are plain values (structured-clone safe), because they cross threads.
//
// Adding a kind: one entry in JobTypes here and one handler in handlers.ts.

import type { AnalysisOptions, MateMode, MateNodeCount, MateProgress, MateReport, ReportNode, Stipulation } from '../search/mate/index.ts';
import type { SearchInfo, SearchLimits, SearchResult } from '../search/play/index.ts';

/** Prove the shortest forced mate in at most `maxMoves` moves for the side to move in `fen`. */
export interface MateJob {
  kind: 'mate';
  fen: string;
  maxMoves: number;
  mode: MateMode;
  /** s#n or h#n (Popeye's meanings, the side to move first); absent: a direct mate. */
  stipulation?: Stipulation;
  /** Also build the full solution tree. */
  tree?: boolean;
  /** Also the solution as problemists read it: threats, variations, duals, tries, set play. */
  solution?: AnalysisOptions;
  /** Stop after about this many nodes (the answer then says "stopped"). */
  maxNodes?: number;
  /**
   * Also report the running node count while an iteration runs (MateNodeReport, every 65,536
   * nodes or so): a terminal's live status line. Off by default: the bots' progress is per n.
   */
  reportNodes?: boolean;
  /**
   * One problem on several threads (src/engine/parallelMate.ts; direct mates only): the table
   * and the busy moves they share, and whether this is a helper (its answer unwanted) or the
   * thread that answers.
   */
  shared?: SharedMateBuffers & { helper: boolean };
}

/** What the threads solving one problem together share: SharedArrayBuffers, to cross threads. */
export interface SharedMateBuffers {
  /** sharedMateTable's buffer. */
  table: SharedArrayBuffer;
  /** sharedBusyMoves's buffer. */
  busy: SharedArrayBuffer;
}

/** The solver's report, plus the search time inside the worker (queueing excluded). */
export interface MateJobResult extends MateReport {
  elapsedMs: number;
}

/** Sent after each completed iteration n = 1, 2, … */
export interface MateIterationReport extends MateProgress {
  /** Milliseconds since the job started in its worker. */
  elapsedMs: number;
  /** A problem split over the queue's workers (src/queue/split.ts): how many ran this n's parts. */
  workers?: number;
}

/** Sent every 65,536 nodes or so while an iteration runs, to a job that asked (MateJob.reportNodes). */
export interface MateNodeReport extends MateNodeCount {
  kind: 'nodes';
  /** Milliseconds since the job started in its worker. */
  elapsedMs: number;
}

/** A mate job's progress: each finished iteration, and the running node count if asked for. */
export type MateJobProgress = MateIterationReport | MateNodeReport;

/** Whether `progress` is a running node count rather than a finished iteration. */
export function isNodeReport(progress: MateJobProgress): progress is MateNodeReport {
  return 'kind' in progress && progress.kind === 'nodes';
}

/**
 * One first move of a direct mate split over machines (src/queue/split.ts): does `key` (UCI) mate
 * within `maxMoves` in `fen`? Searched as the whole problem's solve searches it.
 */
export interface MateKeyJob {
  kind: 'mateKey';
  fen: string;
  key: string;
  /**
   * A finer part: the defender's reply to `key` (UCI); the question is then whether the attacker
   * mates within maxMoves − 1 after the two, and the line and tree are those after the reply.
   */
  reply?: string;
  maxMoves: number;
  mode: MateMode;
  /** Also read out the main line from this move, should it mate (the answer's line when it is the first key). */
  line?: boolean;
  /** Also its part of the solution tree, should it mate. */
  tree?: boolean;
}

export interface MateKeyResult {
  /** The move, in UCI and SAN. */
  key: string;
  keySan: string;
  /** A finer part's reply, in UCI and SAN; its mateIn, line and tree then count and start after the reply. */
  reply?: string;
  replySan?: string;
  /** The shortest n within maxMoves in which it mates; null: it does not, or a limit stopped first. */
  mateIn: number | null;
  stopped: boolean;
  /** The main line in SAN and UCI, key first, when asked for and it mates; else empty. */
  line: string[];
  lineUci: string[];
  lineComplete: boolean;
  /** Its node of the solution tree, when asked for and it mates. */
  tree?: ReportNode[];
  treeComplete?: boolean;
  nodes: number;
  /** Search time inside the worker. */
  elapsedMs: number;
}

/** The largest transposition table a play job may ask for (UCI option Hash's max). */
export const MAX_HASH_MB = 1024;

/**
 * Choose a move with the game engine: the position is `fen` with `moves` (UCI) played from it,
 * so the engine sees the game's history (repetitions). Each worker keeps one engine, and so its
 * transposition table, from one job to the next: a pool of size 1 keeps it for a whole game.
 */
export interface PlayJob {
  kind: 'play';
  fen: string;
  /** UCI moves played from `fen` (e1g1 and e1h1 castling both accepted). */
  moves: string[];
  limits: SearchLimits;
  /** The transposition table's size; the worker's table is resized when this changes. */
  hashMb: number;
  /** Clear what the engine learnt in earlier games first (UCI ucinewgame). */
  newGame?: boolean;
  /**
   * A transposition table shared by several searches, from TranspositionTable.sharedBuffer: the
   * threads of one search (UCI Threads), or every search of one Lichess game (its moves, its
   * pondering, their helpers). It replaces the worker's own table (and hashMb) for this job.
   */
  table?: SharedArrayBuffer;
  /**
   * With threads searching together: one int32 per thread, where helper n (limits.helper) posts
   * its nodes in units of NODE_COUNT_UNIT at index n, and the main search reads them to report
   * all the threads' nodes.
   */
  nodeCounts?: SharedArrayBuffer;
}

/**
 * Prepare the worker's engine without searching: make it (or resize its table) and clear it for
 * a new game if asked. Lets a UCI "isready" pay for a large table before the clock runs.
 */
export interface PlaySetupJob {
  kind: 'playSetup';
  hashMb: number;
  newGame?: boolean;
  /** The shared table the next play jobs will bring (see PlayJob.table). */
  table?: SharedArrayBuffer;
}

export interface PlaySetupResult {
  elapsedMs: number;
}

/** Every job kind: its request, its result and its progress report. */
export interface JobTypes {
  mate: { job: MateJob; result: MateJobResult; progress: MateJobProgress };
  mateKey: { job: MateKeyJob; result: MateKeyResult; progress: never };
  /** Progress: one report per completed iteration (and per new best move within one). */
  play: { job: PlayJob; result: SearchResult; progress: SearchInfo };
  playSetup: { job: PlaySetupJob; result: PlaySetupResult; progress: never };
}

export type JobKind = keyof JobTypes;
/** Any job the pool runs. */
export type Job = JobTypes[JobKind]['job'];
export type JobResult<J extends Job = Job> = JobTypes[J['kind']]['result'];
export type JobProgress<J extends Job = Job> = JobTypes[J['kind']]['progress'];

/** What a job handler gets from the worker besides its job. */
export interface JobContext<P> {
  /** True once the job is cancelled or past its deadline; cheap enough to poll every few thousand nodes. */
  shouldStop(): boolean;
  /** Posts a progress report to the main thread (forwarded to the caller's onProgress). */
  progress(report: P): void;
  /** Milliseconds since the job started in this worker. */
  elapsedMs(): number;
}

/** Runs one job of kind K inside a worker thread. A thrown error fails only that job. */
export type JobHandler<K extends JobKind> = (
  job: JobTypes[K]['job'],
  context: JobContext<JobTypes[K]['progress']>,
) => JobTypes[K]['result'] | Promise<JobTypes[K]['result']>;
