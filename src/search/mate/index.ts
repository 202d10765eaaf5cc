// The mate solver's public face: solve a position and get a report of plain strings.

import type { Position } from '../../chess/position.ts';
import { type AnalysisOptions, analyseSolution } from './analysis.ts';
import { type MateReport, reportSolution } from './report.ts';
import { MateSolver } from './solver.ts';
import type { MateLimits, MateMode } from './types.ts';

export type { AnalysisOptions, AttackPlay, DefencePlay, PlayedMove, ProblemSolution } from './analysis.ts';
export type { MateReport, ReportNode } from './report.ts';
export type { MateLimits, MateMode, MateProgress, MateSolution } from './types.ts';
export { MateSolver } from './solver.ts';
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
}

/** Solves a request on `solver` (reuse one per thread: its table is large) and reports it. */
export function solveMate(solver: MateSolver, request: MateRequest, limits: MateLimits = {}): MateReport {
  const { position, maxMoves, mode = 'all' } = request;
  const solution = solver.solve(position, maxMoves, mode, limits);
  const tree = request.tree && solution.mateIn !== null && solution.keysComplete
    ? solver.solutionTree(solution.keys, solution.mateIn)
    : undefined;
  const report = reportSolution(position, solution, tree);
  if (request.solution && mode === 'all' && solution.mateIn !== null && solution.keysComplete) {
    report.solution = analyseSolution(solver, solution.keys, solution.mateIn, request.solution);
  }
  return report;
}
