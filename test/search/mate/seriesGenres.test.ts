// Series-movers: ser-h#n, ser-#n, ser-s#n, ser-=n, ser-h=n against Popeye 4.104 (the suites
// bench/popeye-stipulations.ts made: every solution as Popeye printed it), and the meanings on a
// small position checked by hand against Popeye's output. Popeye is not needed here.

import { describe, expect, it } from 'vitest';
import { parseFen } from '../../../src/chess/fen.ts';
import { SeriesSolver } from '../../../src/search/mate/index.ts';
import type { StipulationKind } from '../../../bench/popeye-stipulations.ts';
import { answerLines, describePopeyeSuite } from './popeyeSuites.ts';

const KINDS = ['series-help', 'series-direct', 'series-self', 'series-stalemate', 'series-help-stalemate'] as const satisfies readonly StipulationKind[];

for (const kind of KINDS) describePopeyeSuite(kind, { least: 20, compare: 'solutions' });

// White Kf6 Qa1 Pb2, Black Kh8 Pa7. Popeye: ser-h#2 1.Kh8-h7 2.Kh7-h6 Qa1-h1 #; ser-#3 (length 2)
// 1.Qa1*a7 2.Qa7-g7 #, 1.Qa1-g1 2.Qg1-g7 #, 1.Kf6-f7 2.Qa1-h1 #; ser-=3 1.Qa1*a7 2.Qa7-f7 =.
const BLACK_TO_MOVE = '7k/p7/5K2/8/8/8/1P6/Q7 b - - 0 1';
const WHITE_TO_MOVE = '7k/p7/5K2/8/8/8/1P6/Q7 w - - 0 1';

describe('series play: one side moves n times in a row, no check on the way', () => {
  it("numbers each series move, the other side's last move after the last (Popeye's numbering)", () => {
    expect(answerLines(BLACK_TO_MOVE, 2, 'series-help').slice(0, 2)).toEqual(['Series helpmate in 2: 1 solution', '  1. Kh7 2. Kh6 Qh1#']);
  });

  it('ser-#n: the shortest series, every one of that length', () => {
    const lines = answerLines(WHITE_TO_MOVE, 3, 'series-direct');
    expect(lines[0]).toBe('Series mate in 2: 3 solutions');
    expect(lines.slice(1, 4).sort()).toEqual(['  1. Kf7 2. Qh1#', '  1. Qg1 2. Qg7#', '  1. Qxa7 2. Qg7#']);
  });

  it('ser-=n: the last move stalemates', () => {
    expect(answerLines(WHITE_TO_MOVE, 3, 'series-stalemate').slice(0, 2)).toEqual(['Series stalemate in 2: 1 solution', '  1. Qxa7 2. Qf7']);
  });

  it('a checking move is no series move: Qa8+ does not begin a ser-#2', () => {
    const solution = new SeriesSolver(16).solve(parseFen(WHITE_TO_MOVE), 2, {}, { end: 'direct', goal: 'mate' });
    const firstMoves = solution.solutions.map((moves) => moves[0]);
    expect(solution.mateIn).toBe(2);
    expect(firstMoves).toHaveLength(3);
  });

  it("says where the FEN's side to move is not Popeye's (Black begins in ser-h#n)", () => {
    expect(answerLines(WHITE_TO_MOVE, 1, 'series-help').find((line) => line.startsWith('Note:'))).toMatch(/Black begins in ser-h#1; here white/);
  });
});
