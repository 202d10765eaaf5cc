// Forced stalemates: =n (the side to move stalemates the other by its own move) and s=n (it forces
// the other side to stalemate it), against Popeye 4.104 (the suites bench/popeye-stipulations.ts
// made: every key as Popeye printed it), and the meanings on small positions checked by hand
// against Popeye's output. Popeye is not needed here.

import { describe, expect, it } from 'vitest';
import { parseFen } from '../../../src/chess/fen.ts';
import { SelfmateSolver } from '../../../src/search/mate/index.ts';
import { type StipulationKind, loadStipulationSuite } from '../../../bench/popeye-stipulations.ts';
import { answerLines, describePopeyeSuite } from './popeyeSuites.ts';

for (const kind of ['stalemate', 'self-stalemate'] as const satisfies readonly StipulationKind[]) {
  describePopeyeSuite(kind, { least: 20, compare: 'keys', bothSides: true });
}

describe('=n: the side to move stalemates the other by its own move', () => {
  it("=1 with Popeye's ten keys (1.Kg6-f5 = ! … 1.Qf7-e6 = !)", () => {
    const lines = answerLines('7k/5Q2/6K1/8/8/8/8/8 w - - 0 1', 2, 'stalemate');
    expect(lines[0]).toMatch(/^Stalemate in 1: 1\. Kf5/);
    expect(lines[1]).toBe('Keys (cooked, 10): Kf5, Kg5, Kh5, Kf6, Kh6, Qa2, Qb3, Qc4, Qd5, Qe6');
  });

  it('a mate is not a stalemate: K+R v K mates in 2 and stalemates in 3 at the soonest', () => {
    const solution = new SelfmateSolver(16).solve(parseFen('k7/8/1K6/8/8/8/8/7R w - - 0 1'), 3, {}, { by: 'direct', goal: 'stalemate' });
    expect(solution).toMatchObject({ status: 'mate', mateIn: 3, provenDepth: 2 });
  });

  it('the other side stalemated by its own move fails, and so does a side with nothing but blocked pawns', () => {
    expect(answerLines('8/8/8/8/8/1p6/1P6/k1K5 w - - 0 1', 2, 'stalemate')[0]).toBe('No stalemate in 2: proven by a complete search.');
  });

  it("says where the FEN's side to move is not Popeye's (White begins in =n)", () => {
    const lines = answerLines('8/8/6r1/8/6k1/8/7K/8 b - - 0 1', 2, 'stalemate');
    expect(lines.find((line) => line.startsWith('Note:'))).toMatch(/White begins in =2; here black/);
  });
});

describe('s=n: the side to move forces the other side to stalemate it', () => {
  it('every defence must stalemate the attacker; one that does not refutes', () => {
    const problem = loadStipulationSuite('self-stalemate')[0]!;
    const solution = new SelfmateSolver(16).solve(parseFen(problem.fen), problem.n, {}, { by: 'self', goal: 'stalemate' });
    expect(solution.mateIn).toBe(problem.n);
    // The same position asked as a selfmate: a stalemate is not a mate.
    expect(new SelfmateSolver(16).solve(parseFen(problem.fen), problem.n).keys).not.toEqual(solution.keys);
  });

  it('names what it found as a selfstalemate', () => {
    expect(answerLines('7k/5Q2/6K1/8/8/8/8/8 w - - 0 1', 2, 'self-stalemate')[0]).toBe('No selfstalemate in 2: proven by a complete search.');
  });
});
