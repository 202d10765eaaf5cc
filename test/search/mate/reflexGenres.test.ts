// Reflexmates (r#n: a selfmate in which a side that can mate in one must), semi-reflexmates
// (semi-r#n: the defender alone must) and help-selfmates (hs#n: 2n-1 plies of help play, then the
// other side is forced to mate) against Popeye 4.104 (the suites bench/popeye-stipulations.ts
// made), and the meanings on a position checked by hand against Popeye's output.

import { describe, expect, it } from 'vitest';
import { parseFen } from '../../../src/chess/fen.ts';
import { SelfmateSolver } from '../../../src/search/mate/index.ts';
import { answerLines, describePopeyeSuite } from './popeyeSuites.ts';

describePopeyeSuite('reflex', { least: 20, compare: 'keys' });
describePopeyeSuite('semi-reflex', { least: 20, compare: 'keys' });
describePopeyeSuite('help-self', { least: 20, compare: 'both' });

// Popeye 4.104 on this position: r#1 and semi-r#1 33 keys (1.Rg1-a1 ! …), hs#2 53 solutions
// (1.Qg2-e4 Ba2-e6 2.Qe4-h7 + Qf7*h7 # …).
const POSITION = '1r4rk/4Nq2/7K/8/8/6R1/b5Q1/6R1 w - - 0 1';

describe('reflex play', () => {
  it("r#1: Popeye's 33 keys, the defender's mate in one forced", () => {
    const solution = new SelfmateSolver(16).solve(parseFen(POSITION), 1, {}, { by: 'self', goal: 'mate', reflex: 'full' });
    expect(solution).toMatchObject({ status: 'mate', mateIn: 1 });
    expect(solution.keys).toHaveLength(33);
  });

  it('r#: a side to move that can mate in one must, so that nothing solves', () => {
    // White has Rh8#: Popeye 4.104 finds no r#2 (nor a semi-r#2: Black, bare, can never mate).
    const fen = 'k7/8/1K6/8/8/8/8/7R w - - 0 1';
    expect(new SelfmateSolver(16).solve(parseFen(fen), 2, {}, { by: 'self', goal: 'mate', reflex: 'full' }).status).toBe('no-mate');
  });

  it('hs#2: every solution with the forced mate after it, numbered from the FEN', () => {
    const lines = answerLines(POSITION, 2, 'help-self');
    expect(lines[0]).toBe('Help-selfmate in 2: 53 solutions');
    expect(lines).toContain('  1. Qe4 Be6 2. Qh7+ Qxh7#');
  });
});
