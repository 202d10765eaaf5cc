// Selfmates and helpmates against Popeye 4.104: the suites bench/popeye-stipulations.ts made
// (test/data/popeye-selfmates.json, popeye-helpmates.json), each problem's shortest n, every key
// and, for h#, every solution, as Popeye printed them. Popeye is not needed here.

import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SUITE_FILES, loadStipulationSuite, solveStipulationOurs } from '../../../bench/popeye-stipulations.ts';
import { parseFen } from '../../../src/chess/fen.ts';
import { formatMateAnswer } from '../../../src/mate/answer.ts';
import { HelpmateSolver, MateSolvers, SelfmateSolver, solveStipulation } from '../../../src/search/mate/index.ts';

const solvers = new MateSolvers();

for (const kind of ['help', 'self'] as const) {
  const suite = existsSync(SUITE_FILES[kind]) ? loadStipulationSuite(kind) : [];
  const least = 30;
  describe(`${kind}mates: Popeye 4.104's answers`, () => {
    it(`has a suite of at least ${least} problems`, () => expect(suite.length).toBeGreaterThanOrEqual(least));
    for (const problem of suite) {
      it(`${kind === 'self' ? 's' : 'h'}#${problem.n} ${problem.fen}`, () => {
        const ours = solveStipulationOurs(solvers, problem, problem.n);
        expect(ours.n).toBe(problem.n);
        expect(ours.complete).toBe(true);
        expect(ours.keys).toEqual(problem.keys);
        if (kind === 'help') expect(ours.solutions).toEqual(problem.solutions);
      });
    }
  });
}

describe('helpmate solver', () => {
  it('lists every solution of the shortest length (Popeye: h#1 1.Kb8 Rh8#)', () => {
    const solution = new HelpmateSolver(16).solve(parseFen('k7/8/1K6/8/8/8/7R/8 b - - 0 1'), 2);
    expect(solution.status).toBe('mate');
    expect(solution.mateIn).toBe(1);
    expect(solution.solutions).toHaveLength(1);
  });

  it('white to move begins and is mated (Popeye: HalfDuplex)', () => {
    const solution = new HelpmateSolver(16).solve(parseFen('K7/8/1k6/8/8/8/7r/8 w - - 0 1'), 1);
    expect(solution.mateIn).toBe(1);
  });

  it('stops at a node limit', () => {
    const solution = new HelpmateSolver(16).solve(parseFen('k7/8/1K6/8/8/8/7R/8 w - - 0 1'), 6, { maxNodes: 2000 });
    expect(solution.status).toBe('stopped');
    expect(solution.solutionsComplete).toBe(false);
  });
});

describe('selfmate solver', () => {
  it('a selfmate in 2 (Popeye 4.104: s#1 none; s#2 1.Qa8-h1+ !, the only key)', () => {
    const solution = new SelfmateSolver(16).solve(parseFen('Q7/5Q1p/1N6/6K1/q5b1/7k/8/8 w - - 0 1'), 3);
    expect(solution).toMatchObject({ status: 'mate', mateIn: 2, provenDepth: 1, keysComplete: true });
    expect(solution.keys).toHaveLength(1);
  });

  it('a defender with no legal move refutes: no selfmate', () => {
    const solution = new SelfmateSolver(16).solve(parseFen('k7/8/1K6/8/8/8/7R/8 w - - 0 1'), 1);
    expect(solution.status).toBe('no-mate');
  });

  it('stops at a node limit', () => {
    const solution = new SelfmateSolver(16).solve(parseFen('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'), 4, { maxNodes: 3000 });
    expect(solution.status).toBe('stopped');
  });
});

describe('the answer of a helpmate and a selfmate', () => {
  it('lists every helpmate solution on its own line, numbered from the FEN', () => {
    const position = parseFen('k7/8/1K6/8/8/8/7R/8 b - - 0 1');
    const report = solveStipulation(solvers, { position, maxMoves: 2 }, 'help');
    const text = formatMateAnswer({ maxMoves: 2, mode: 'all', stipulation: 'help', report, ms: 5, stoppedBy: null, timeoutSeconds: null }, position);
    expect(text.split('\n').slice(0, 2)).toEqual(['Helpmate in 1: 1 solution', '  1... Kb8 2. Rh8#']);
  });

  it('writes a selfmate like a direct mate: the key marked, the line to the defender\'s forced mate', () => {
    const position = parseFen('Q7/5Q1p/1N6/6K1/q5b1/7k/8/8 w - - 0 1');
    const report = solveStipulation(solvers, { position, maxMoves: 2 }, 'self');
    const text = formatMateAnswer({ maxMoves: 2, mode: 'all', stipulation: 'self', report, ms: 5, stoppedBy: null, timeoutSeconds: null }, position);
    expect(text.split('\n').slice(0, 2)).toEqual(['Selfmate in 2: 1. Qh1+! Kg3 2. Qf4+ Qxf4#', 'Keys: Qh1+']);
  });

  it('says no selfmate when none is proven', () => {
    const position = parseFen('k7/8/1K6/8/8/8/7R/8 b - - 0 1');
    const report = solveStipulation(solvers, { position, maxMoves: 1 }, 'self');
    expect(report.status).toBe('no-mate');
    const text = formatMateAnswer({ maxMoves: 1, mode: 'all', stipulation: 'self', report, ms: 5, stoppedBy: null, timeoutSeconds: null }, position);
    expect(text.split('\n')[0]).toBe('No selfmate in 1: proven by a complete search.');
  });
});
