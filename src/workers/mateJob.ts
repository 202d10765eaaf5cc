// The 'mate' job, run inside a worker thread: parse the FEN, prove, report in plain strings.

import { parseFen } from '../chess/fen.ts';
import { NO_MOVE } from '../chess/move.ts';
import type { Position } from '../chess/position.ts';
import { makeSan } from '../chess/san.ts';
import { parseUci } from '../chess/uci.ts';
import {
  BusyMoves, MAX_HELPMATE_MOVES, MAX_MATE_MOVES, type MateNodeCount, MateSolver, MateSolvers, MateTable, STIPULATIONS, type SharedSolve, genreOf,
  reportSolution, solveStipulation,
} from '../search/mate/index.ts';
import type { JobContext, JobHandler, MateJob, MateKeyJob, MateKeyResult } from './jobs.ts';

// One solver per worker thread, made on the first mate job: its transposition table is large
// (~20 MB) and is cleared, not reallocated, between solves. Each worker loads its own copy of
// this module, so this is per thread.
let solver: MateSolver | undefined;
/** The selfmate and helpmate solvers beside it, each made on its first job. */
let solvers: MateSolvers | undefined;
/**
 * The problem (FEN and mode) whose proofs the solver's own table holds, after a whole direct
 * solve or a part of a split one; null: none worth keeping. A part of the same problem keeps
 * them (and what its move ordering learnt), as the whole solve keeps them from one first move
 * to the next: on one thread, the parts of a problem then search about what its whole solve does.
 */
let tableHolds: string | null = null;

const problemKey = (fen: string, mode: string): string => `${mode} ${fen}`;

/** This thread's solver, made now if it was not yet (its table takes tens of milliseconds to allocate). */
export function prepareMateSolver(): MateSolver {
  solver ??= new MateSolver();
  return solver;
}

function threadSolvers(): MateSolvers {
  solvers ??= new MateSolvers(prepareMateSolver());
  return solvers;
}

export const runMateJob: JobHandler<'mate'> = (job, context) => {
  checkMateJob(job);
  // Throws FenError; the pool rebuilds it as a FenError for the caller.
  const position = parseFen(job.fen);
  const direct = (job.stipulation ?? 'direct') === 'direct';
  // A direct solve on the thread's own table empties it; one on a shared table leaves it be.
  if (direct && !job.shared) tableHolds = null;
  const report = solveStipulation(
    threadSolvers(),
    {
      position, maxMoves: job.maxMoves, mode: job.mode, tree: job.tree === true,
      ...(job.solution ? { solution: job.solution } : {}),
      ...(job.shared ? { shared: sharedSolve(job.shared) } : {}),
    },
    job.stipulation ?? 'direct',
    {
      maxNodes: job.maxNodes,
      shouldStop: () => context.shouldStop(),
      onProgress: (progress) => context.progress({ ...progress, elapsedMs: context.elapsedMs() }),
      ...(job.reportNodes ? { onNodes: (count: MateNodeCount) => context.progress({ kind: 'nodes', ...count, elapsedMs: context.elapsedMs() }) } : {}),
    },
  );
  if (direct && !job.shared) tableHolds = problemKey(job.fen, job.mode);
  return { ...report, elapsedMs: context.elapsedMs() };
};

/** One first move of a split problem (src/queue/split.ts), on this thread's solver. */
export const runMateKeyJob: JobHandler<'mateKey'> = (job, context) => {
  checkMateKeyJob(job);
  const position = parseFen(job.fen);
  const key = parseUci(position, job.key);
  if (key === NO_MOVE) throw new RangeError(`mate key job: ${job.key} is not a legal move in ${job.fen}`);
  if (job.reply !== undefined) return runReplyPart(job, position, key, context);
  const problem = problemKey(job.fen, job.mode);
  const warm = tableHolds === problem;
  tableHolds = null;
  // On a warm table the shorter lengths are known (refuted by the earlier levels): straight to n.
  // On a cold one the move is deepened n = 1, 2, … to warm it, as the whole solve would.
  const proof = prepareMateSolver().proveKey(
    position, key, job.maxMoves, job.mode, { shouldStop: () => context.shouldStop() }, { line: job.line === true, tree: job.tree === true },
    warm, warm ? job.maxMoves : 1,
  );
  tableHolds = problem;
  // The report's own conversions (SAN, UCI, the tree's nodes), as if this move were the only key.
  const report = reportSolution(
    position,
    {
      status: proof.mateIn === null ? (proof.stopped ? 'stopped' : 'no-mate') : 'mate', mateIn: proof.mateIn, keys: [key], keysComplete: true,
      line: proof.line, lineComplete: proof.lineComplete, nodes: proof.nodes, provenDepth: 0,
    },
    proof.tree ?? undefined,
  );
  return {
    key: report.keys[0]!, keySan: report.keysSan[0]!, mateIn: proof.mateIn, stopped: proof.stopped,
    line: report.line, lineUci: report.lineUci, lineComplete: report.lineComplete,
    ...(report.tree ? { tree: report.tree, treeComplete: report.treeComplete ?? false } : {}),
    nodes: proof.nodes, elapsedMs: context.elapsedMs(),
  };
};

/** A finer part: the key and a reply played, the attacker's shortest mate after them, deepened from 1 on. */
function runReplyPart(job: MateKeyJob, position: Position, key: number, context: JobContext<never>): MateKeyResult {
  const keySan = makeSan(position, key);
  const afterKey = position.clone();
  afterKey.make(key);
  const reply = parseUci(afterKey, job.reply!);
  if (reply === NO_MOVE) throw new RangeError(`mate key job: ${job.reply!} is not a legal reply to ${job.key} in ${job.fen}`);
  const replySan = makeSan(afterKey, reply);
  const problem = problemKey(job.fen, job.mode);
  const warm = tableHolds === problem;
  tableHolds = null;
  const proof = prepareMateSolver().proveReply(
    position, key, reply, job.maxMoves - 1, job.mode, { shouldStop: () => context.shouldStop() },
    { line: job.line === true, tree: job.tree === true }, warm,
  );
  tableHolds = problem;
  const afterReply = afterKey.clone();
  afterReply.make(reply);
  // The line and tree from the attacker's answer on, converted where they start.
  const report = reportSolution(
    afterReply,
    {
      status: proof.mateIn === null ? (proof.stopped ? 'stopped' : 'no-mate') : 'mate', mateIn: proof.mateIn, keys: [], keysComplete: true,
      line: proof.line, lineComplete: proof.lineComplete, nodes: proof.nodes, provenDepth: 0,
    },
    proof.tree ?? undefined,
  );
  return {
    key: job.key, keySan, reply: job.reply!, replySan, mateIn: proof.mateIn, stopped: proof.stopped,
    line: report.line, lineUci: report.lineUci, lineComplete: report.lineComplete,
    ...(report.tree ? { tree: report.tree, treeComplete: report.treeComplete ?? false } : {}),
    nodes: proof.nodes, elapsedMs: context.elapsedMs(),
  };
}

function checkMateKeyJob(job: MateKeyJob): void {
  if (typeof job.fen !== 'string' || typeof job.key !== 'string') throw new TypeError('mate key job: fen and key must be strings');
  if (!Number.isInteger(job.maxMoves) || job.maxMoves < 1 || job.maxMoves > MAX_MATE_MOVES) {
    throw new RangeError(`mate key job: maxMoves must be an integer from 1 to ${MAX_MATE_MOVES}, got ${String(job.maxMoves)}`);
  }
  if (job.mode !== 'all' && job.mode !== 'checks') throw new RangeError(`mate key job: mode must be "all" or "checks", got ${String(job.mode)}`);
  if (job.reply !== undefined && (typeof job.reply !== 'string' || job.maxMoves < 2)) {
    throw new RangeError('mate key job: a reply is a UCI string, and needs maxMoves of 2 or more');
  }
}

/** This thread's views of the buffers a problem's threads share (cheap: no copy). */
function sharedSolve(shared: NonNullable<MateJob['shared']>): SharedSolve {
  return { table: new MateTable(shared.table), busy: new BusyMoves(shared.busy), helper: shared.helper };
}

/** Callers validate requests before submitting them; this is the last line of defence. */
function checkMateJob(job: Parameters<typeof runMateJob>[0]): void {
  if (typeof job.fen !== 'string') throw new TypeError('mate job: fen must be a string');
  // The solver's own limit (its table's), not a policy: front ends apply their own below it.
  if (!Number.isInteger(job.maxMoves) || job.maxMoves < 1 || job.maxMoves > MAX_MATE_MOVES) {
    const got = String(job.maxMoves);
    throw new RangeError(`mate job: maxMoves must be an integer from 1 to ${MAX_MATE_MOVES}, got ${got}`);
  }
  if (job.mode !== 'all' && job.mode !== 'checks') {
    throw new RangeError(`mate job: mode must be "all" or "checks", got ${String(job.mode)}`);
  }
  if (job.stipulation !== undefined && !STIPULATIONS.includes(job.stipulation)) {
    throw new RangeError(`mate job: stipulation must be ${STIPULATIONS.map((s) => `"${s}"`).join(', ')}, got ${String(job.stipulation)}`);
  }
  if (job.stipulation !== undefined && genreOf(job.stipulation).family === 'help' && job.maxMoves > MAX_HELPMATE_MOVES) {
    throw new RangeError(`mate job: help play has at most ${MAX_HELPMATE_MOVES} moves, got ${job.maxMoves}`);
  }
  if (job.solution !== undefined && !(Number.isInteger(job.solution.maxRefutations) && job.solution.maxRefutations >= 0)) {
    throw new RangeError(`mate job: solution.maxRefutations must be an integer >= 0, got ${String(job.solution.maxRefutations)}`);
  }
  if (job.shared !== undefined && (job.stipulation ?? 'direct') !== 'direct') {
    throw new RangeError('mate job: only a direct mate is solved on several threads');
  }
  if (job.shared !== undefined && !(job.shared.table instanceof SharedArrayBuffer && job.shared.busy instanceof SharedArrayBuffer)) {
    throw new TypeError('mate job: shared.table and shared.busy must be SharedArrayBuffers');
  }
  if (job.maxNodes !== undefined && !(typeof job.maxNodes === 'number' && job.maxNodes > 0)) {
    throw new RangeError(`mate job: maxNodes must be a positive number, got ${String(job.maxNodes)}`);
  }
}
