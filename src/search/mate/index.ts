// The mate solver's public face: solve a position and get a report of plain strings.

import type { Position } from '../../chess/position.ts';
import { type AnalysisOptions, analyseSolution } from './analysis.ts';
import { genreOf } from './genres.ts';
import { HelpmateSolver } from './helpmate.ts';
import { type MateReport, reportHelpmate, reportSeries, reportSolution } from './report.ts';
import { SelfmateSolver } from './selfmate.ts';
import { SeriesSolver } from './series.ts';
import { MateSolver, type SharedSolve } from './solver.ts';
import type { MateLimits, MateMode, Stipulation } from './types.ts';

export type { AnalysisOptions, AttackPlay, DefencePlay, PlayedMove, ProblemSolution } from './analysis.ts';
export type { HelpLine, MateReport, ReportNode } from './report.ts';
export { reportSolution } from './report.ts';
export type { KeyProof, MateLimits, MateMode, MateNodeCount, MateProgress, MateSolution, Stipulation } from './types.ts';
export { NODE_REPORT_INTERVAL, READ_OUT_NODES } from './polling.ts';
export { STIPULATIONS } from './types.ts';
export { GENRES, type Genre, type GenreFamily, type Goal, genreByPrefix, genreOf, lengthText, stipulationText } from './genres.ts';
export { HELPMATE, type HelpPlay, HelpmateSolver, MAX_HELPMATE_MOVES, MAX_HELPMATE_SOLUTIONS, type HelpmateSolution } from './helpmate.ts';
export { type ForcedPlay, SELFMATE, SelfmateSolver } from './selfmate.ts';
export { type SeriesPlay, SeriesSolver } from './series.ts';
export { MateSolver, type SharedSolve } from './solver.ts';
export { type BusyMarks, BusyMoves, clearBusyMoves, sharedBusyMoves } from './busy.ts';
export { MateTable, renewSharedMateTable, sharedMateTable } from './table.ts';
export { MAX_MATE_MOVES } from './table.ts';

export interface MateRequest {
  position: Position;
  /** The most moves the attacker may use (mate in n counts the attacker's moves). */
  maxMoves: number;
  mode?: MateMode;
  /** Also build the full solution tree. */
  tree?: boolean;
  /** Also the solution as problemists read it (analysis.ts); direct mates in 'all' mode only. */
  solution?: AnalysisOptions;
  /** Solved together with other threads (solver.ts); a helper's report is keys only. */
  shared?: SharedSolve;
}

/** Solves a request on `solver` (reuse one per thread: its table is large) and reports it. */
export function solveMate(solver: MateSolver, request: MateRequest, limits: MateLimits = {}): MateReport {
  const { position, maxMoves, mode = 'all' } = request;
  const solution = solver.solve(position, maxMoves, mode, limits, request.shared);
  if (request.shared?.helper) return reportSolution(position, solution);
  const tree = request.tree && solution.mateIn !== null && solution.keysComplete
    ? solver.solutionTree(solution.keys, solution.mateIn)
    : undefined;
  const report = reportSolution(position, solution, tree);
  if (request.solution && mode === 'all' && solution.mateIn !== null && solution.keysComplete) {
    report.solution = analyseSolution(solver, solution.keys, solution.mateIn, request.solution);
  }
  return report;
}

/** The solvers of one thread, one per stipulation, each made on its first use (their tables are large). */
export class MateSolvers {
  private directSolver?: MateSolver;
  private selfSolver?: SelfmateSolver;
  private helpSolver?: HelpmateSolver;
  private seriesSolver?: SeriesSolver;

  constructor(direct?: MateSolver) {
    this.directSolver = direct;
  }

  get direct(): MateSolver {
    return (this.directSolver ??= new MateSolver());
  }

  get self(): SelfmateSolver {
    return (this.selfSolver ??= new SelfmateSolver());
  }

  get help(): HelpmateSolver {
    return (this.helpSolver ??= new HelpmateSolver());
  }

  get series(): SeriesSolver {
    return (this.seriesSolver ??= new SeriesSolver());
  }
}

/**
 * Solves a request of any stipulation: direct mates through solveMate; a selfmate (keys and main
 * line, like a direct mate) or help play (every solution) on their own solvers. The mode, the
 * tree and the problemist's solution are the direct mate's only.
 */
export function solveStipulation(
  solvers: MateSolvers, request: MateRequest, stipulation: Stipulation, limits: MateLimits = {},
): MateReport {
  if (stipulation === 'direct') return solveMate(solvers.direct, request, limits);
  const { position, maxMoves } = request;
  const genre = genreOf(stipulation);
  if (genre.family === 'forced') {
    const play = { by: genre.by === 'direct' ? 'direct' : 'self', goal: genre.goal, ...(genre.reflex ? { reflex: genre.reflex } : {}) } as const;
    return reportSolution(position, solvers.self.solve(position, maxMoves, limits, play));
  }
  if (genre.family === 'series') return reportSeries(position, solvers.series.solve(position, maxMoves, limits, { end: genre.by, goal: genre.goal }), maxMoves);
  return reportHelpmate(position, solvers.help.solve(position, maxMoves, limits, { goal: genre.goal, half: genre.half, selfEnd: genre.by === 'self' }));
}
