// Help play beyond h#n: h#n.5, h=n, h=n.5 against Popeye 4.104 (the suites
// bench/popeye-stipulations.ts made: every solution as Popeye printed it), and the solver's
// meanings on small positions checked by hand against Popeye's output. Popeye is not needed here.

import { describe, expect, it } from 'vitest';
import { parseFen } from '../../../src/chess/fen.ts';
import { HelpmateSolver } from '../../../src/search/mate/index.ts';
import type { StipulationKind } from '../../../bench/popeye-stipulations.ts';
import { answerLines, describePopeyeSuite } from './popeyeSuites.ts';

for (const kind of ['help-half', 'help-stalemate', 'help-stalemate-half'] as const satisfies readonly StipulationKind[]) {
  describePopeyeSuite(kind, { least: 20, compare: 'solutions', bothSides: true });
}

describe('h#n.5: the side to move begins and mates, 2n+1 plies', () => {
  it('finds h#0.5 (a mate in one) within h#1.5, as Popeye lists it first (Popeye: 1...Qb1-b8 #)', () => {
    const solution = new HelpmateSolver(16).solve(parseFen('7k/8/6K1/8/8/8/8/1Q6 w - - 0 1'), 1, {}, { goal: 'mate', half: true });
    expect(solution).toMatchObject({ status: 'mate', mateIn: 0, provenDepth: 0 });
    expect(solution.solutions).toHaveLength(1);
  });

  it('numbers as Popeye does, the first half move "1...", whichever side the FEN gives', () => {
    // Popeye's h#1.5 of this position: eleven solutions, "1...Re1-a1 2.Kh1*g2 b7*a8=Q #" among them.
    const lines = answerLines('b7/PP6/8/8/7K/6B1/6N1/4R1bk w - - 0 1', 1, 'help-half');
    expect(lines[0]).toBe('Helpmate in 1.5: 11 solutions');
    expect(lines).toContain('  1... Ra1 2. Kxg2 bxa8=Q#');
    expect(lines).toContain('  1... b8=Q 2. Kxg2 Qxa8#');
    expect(lines.some((line) => line.startsWith('Note:'))).toBe(false);
  });

  it("says where the FEN's side to move is not Popeye's (White begins in h#n.5)", () => {
    const lines = answerLines('8/8/1bP3p1/1P6/8/6k1/5p2/5K2 b - - 0 1', 2, 'help-half');
    expect(lines.find((line) => line.startsWith('Note:'))).toMatch(/White begins in h#2\.5; here black, the FEN's side to move, begins/);
  });

  it('proves none, and says so in the length asked', () => {
    const lines = answerLines('k7/8/1K6/8/8/8/8/8 w - - 0 1', 1, 'help-half');
    expect(lines[0]).toBe('No helpmate in 1.5: proven by a complete search.');
  });
});

describe('h=n and h=n.5: the last move stalemates', () => {
  it("h=2 lists Popeye's eleven solutions, each promotion its own (1.Kh1*g2 b7*a8=S 2.Kg2-h1 Kh4-h3 =)", () => {
    const lines = answerLines('b7/PP6/8/8/7K/6B1/6N1/4R1bk b - - 0 1', 2, 'help-stalemate');
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
