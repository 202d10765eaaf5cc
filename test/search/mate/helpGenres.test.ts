// Help play beyond h#n: h#n.5, h=n, h=n.5 against Popeye 4.104 (the suites
// bench/popeye-stipulations.ts made: every solution as Popeye printed it), and the solver's
// meanings on small positions checked by hand against Popeye's output. Popeye is not needed here.

import { describe, expect, it } from 'vitest';
import { SUITE_FILES, type StipulationKind, loadStipulationSuite, solveStipulationOurs } from '../../../bench/popeye-stipulations.ts';
import { parseFen } from '../../../src/chess/fen.ts';
import { formatMateAnswer } from '../../../src/mate/answer.ts';
import { HelpmateSolver, MateSolvers, type Stipulation, solveStipulation, stipulationText } from '../../../src/search/mate/index.ts';

const solvers = new MateSolvers();
const LEAST = 20;

for (const kind of ['help-half', 'help-stalemate', 'help-stalemate-half'] as const satisfies readonly StipulationKind[]) {
  const suite = loadStipulationSuite(kind);
  describe(`${kind}: Popeye 4.104's answers (${SUITE_FILES[kind].split('/').at(-1)})`, () => {
    it(`has a suite of at least ${LEAST} problems, both sides beginning`, () => {
      expect(suite.length).toBeGreaterThanOrEqual(LEAST);
      expect(new Set(suite.map((problem) => problem.fen.split(' ')[1]))).toEqual(new Set(['w', 'b']));
    });
    for (const problem of suite) {
      it(`${stipulationText(kind, problem.n)} ${problem.fen}`, () => {
        const ours = solveStipulationOurs(solvers, problem, problem.n);
        expect(ours.n).toBe(problem.n);
        expect(ours.complete).toBe(true);
        expect(ours.solutions).toEqual(problem.solutions);
      });
    }
  });
}

/** The answer's text as the front ends print it. */
function answer(fen: string, n: number, stipulation: Stipulation): string[] {
  const position = parseFen(fen);
  const report = solveStipulation(solvers, { position, maxMoves: n }, stipulation);
  return formatMateAnswer({ maxMoves: n, mode: 'all', stipulation, report, ms: 5, stoppedBy: null, timeoutSeconds: null }, position).split('\n');
}

describe('h#n.5: the side to move begins and mates, 2n+1 plies', () => {
  it('finds h#0.5 (a mate in one) within h#1.5, as Popeye lists it first (Popeye: 1...Qb1-b8 #)', () => {
    const solution = new HelpmateSolver(16).solve(parseFen('7k/8/6K1/8/8/8/8/1Q6 w - - 0 1'), 1, {}, { goal: 'mate', half: true });
    expect(solution).toMatchObject({ status: 'mate', mateIn: 0, provenDepth: 0 });
    expect(solution.solutions).toHaveLength(1);
  });

  it('numbers as Popeye does, the first half move "1...", whichever side the FEN gives', () => {
    // Popeye's h#1.5 of this position: eleven solutions, "1...Re1-a1 2.Kh1*g2 b7*a8=Q #" among them.
    const lines = answer('b7/PP6/8/8/7K/6B1/6N1/4R1bk w - - 0 1', 1, 'help-half');
    expect(lines[0]).toBe('Helpmate in 1.5: 11 solutions');
    expect(lines).toContain('  1... Ra1 2. Kxg2 bxa8=Q#');
    expect(lines).toContain('  1... b8=Q 2. Kxg2 Qxa8#');
    expect(lines.some((line) => line.startsWith('Note:'))).toBe(false);
  });

  it("says where the FEN's side to move is not Popeye's (White begins in h#n.5)", () => {
    const lines = answer('8/8/1bP3p1/1P6/8/6k1/5p2/5K2 b - - 0 1', 2, 'help-half');
    expect(lines.find((line) => line.startsWith('Note:'))).toMatch(/White begins in h#2\.5; here black, the FEN's side to move, begins/);
  });

  it('proves none, and says so in the length asked', () => {
    const lines = answer('k7/8/1K6/8/8/8/8/8 w - - 0 1', 1, 'help-half');
    expect(lines[0]).toBe('No helpmate in 1.5: proven by a complete search.');
  });
});

describe('h=n and h=n.5: the last move stalemates', () => {
  it("h=2 lists Popeye's eleven solutions, each promotion its own (1.Kh1*g2 b7*a8=S 2.Kg2-h1 Kh4-h3 =)", () => {
    const lines = answer('b7/PP6/8/8/7K/6B1/6N1/4R1bk b - - 0 1', 2, 'help-stalemate');
    expect(lines[0]).toBe('Helpstalemate in 2: 11 solutions');
    expect(lines).toContain('  1... Kxg2 2. bxa8=N Kh1 3. Kh3');
    expect(lines).toContain('  1... Kxg2 2. bxa8=R Kh1 3. Kh3');
  });

  it('a mate is no stalemate: a mate in one is not an h=0.5', () => {
    const solution = new HelpmateSolver(16).solve(parseFen('7k/8/6K1/8/8/8/8/1Q6 w - - 0 1'), 0, {}, { goal: 'stalemate', half: true });
    // Popeye's h=0.5: 1...Qb1-a2 =, 1...Qb1-b3 =, 1...Kg6-f7 = (and not Qb8#).
    expect(solution.mateIn).toBe(0);
    expect(solution.solutions).toHaveLength(3);
  });

  it('stops at a node limit, proving what it had', () => {
    const solution = new HelpmateSolver(16).solve(parseFen('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'), 4, { maxNodes: 3000 }, { goal: 'stalemate', half: false });
    expect(solution.status).toBe('stopped');
    expect(solution.solutionsComplete).toBe(false);
  });
});
