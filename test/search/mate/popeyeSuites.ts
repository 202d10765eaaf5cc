// What the genre tests share: each genre's suite of Popeye 4.104's answers
// (bench/popeye-stipulations.ts made them; Popeye is not needed here), solved and compared, and
// an answer's text as the front ends print it.

import { describe, expect, it } from 'vitest';
import { SUITE_FILES, type StipulationKind, loadStipulationSuite, solveStipulationOurs } from '../../../bench/popeye-stipulations.ts';
import { parseFen } from '../../../src/chess/fen.ts';
import { formatMateAnswer } from '../../../src/mate/answer.ts';
import { MateSolvers, type Stipulation, solveStipulation, stipulationText } from '../../../src/search/mate/index.ts';

export const solvers = new MateSolvers();

export interface SuiteCheck {
  /** The fewest problems the suite must hold. */
  readonly least: number;
  /** What must equal Popeye's: the keys (direct and self play), every solution (help and series play), or both. */
  readonly compare: 'keys' | 'solutions' | 'both';
  /** The suite must have problems with each side beginning. */
  readonly bothSides?: boolean;
}

/** One describe per genre: the suite is there and large enough, and each problem is solved as Popeye solved it. */
export function describePopeyeSuite(kind: StipulationKind, check: SuiteCheck): void {
  const suite = loadStipulationSuite(kind);
  describe(`${kind}: Popeye 4.104's answers (${SUITE_FILES[kind].split('/').at(-1)})`, () => {
    it(`has a suite of at least ${check.least} problems${check.bothSides ? ', both sides beginning' : ''}`, () => {
      expect(suite.length).toBeGreaterThanOrEqual(check.least);
      if (check.bothSides) expect(new Set(suite.map((problem) => problem.fen.split(' ')[1]))).toEqual(new Set(['w', 'b']));
    });
    for (const problem of suite) {
      it(`${stipulationText(kind, problem.n)} ${problem.fen}`, () => {
        const ours = solveStipulationOurs(solvers, problem, problem.n);
        expect(ours.n).toBe(problem.n);
        expect(ours.complete).toBe(true);
        if (check.compare !== 'solutions') expect(ours.keys).toEqual(problem.keys);
        if (check.compare !== 'keys') expect(ours.solutions).toEqual(problem.solutions);
      });
    }
  });
}

/** The answer's text, line by line, as the front ends print it. */
export function answerLines(fen: string, n: number, stipulation: Stipulation): string[] {
  const position = parseFen(fen);
  const report = solveStipulation(solvers, { position, maxMoves: n }, stipulation);
  return formatMateAnswer({ maxMoves: n, mode: 'all', stipulation, report, ms: 5, stoppedBy: null, timeoutSeconds: null }, position).split('\n');
}
