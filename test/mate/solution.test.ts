// The problemist's solution (src/search/mate/analysis.ts) against Popeye 4.104's: threats,
// variations with every mating answer (duals), short variations, tries (Defence k) and set play,
// on the #2 and #3 problems of the public suite. The expected lines were written by Popeye
// (bench/popeye-solutions.ts into test/data/popeye-solutions.json); Popeye is not needed here.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { solutionLines } from '../../bench/solution-lines.ts';
import { parseFen } from '../../src/chess/fen.ts';
import { UsageError } from '../../src/errors.ts';
import { formatProblemSolution, parseMateWords } from '../../src/mate/index.ts';
import { MateSolver, solveMate } from '../../src/search/mate/index.ts';

interface Case {
  fen: string;
  n: number;
  maxRefutations: number;
  source: string;
  lines: string[];
  noShortLines: string[];
}

const data = JSON.parse(readFileSync(new URL('../data/popeye-solutions.json', import.meta.url), 'utf8')) as { cases: Case[] };
const solver = new MateSolver(18);

describe('the solution as Popeye 4.104 prints it', () => {
  it.each(data.cases.map((c) => [`${c.source.split(':')[0]} #${c.n} Defence ${c.maxRefutations}`, c] as const))('%s', (_name, c) => {
    const report = solveMate(solver, { position: parseFen(c.fen), maxMoves: c.n, solution: { maxRefutations: c.maxRefutations } });
    expect(report.solution?.complete).toBe(true);
    expect(solutionLines(report.solution!)).toEqual(c.lines);
    expect(solutionLines(report.solution!, { shortVariations: false })).toEqual(c.noShortLines);
  });
});

const QG4 = '5R2/1N3p2/3pk3/6PR/3Q4/B3K3/8/8 w - - 0 1'; // #2, key Qg4+ (mate-public #11)
const RC8 = '1N3B2/5p2/2R2p2/1p1kpp2/1P2rp2/2P1pB2/2P1P1K1/8 w - - 0 1'; // #3, key Rc8, zugzwang (mate-public #16)
const BLACK_MATES = '2q5/4B2p/7n/4p1pk/P2n1b2/R3P2P/2r3P1/1Q3R1K b - - 0 1'; // #3 for black, key Qxh3+

function solutionText(fen: string, n: number, maxRefutations = 1): string[] {
  const position = parseFen(fen);
  const report = solveMate(solver, { position, maxMoves: n, solution: { maxRefutations } });
  return formatProblemSolution(report.solution!, position);
}

describe('the solution as text', () => {
  it('marks the key, writes each defence with its mates, a dual, the tries with "but" and the set play', () => {
    const lines = solutionText(QG4, 2);
    expect(lines.slice(0, 6)).toEqual([
      'Solution:', '  1. Qg4+!', '      1... Kd5 2. Qe4#', '      1... Ke5 2. Qe4#', '      1... Ke7 2. Bxd6#', '      1... f5 2. gxf6#',
    ]);
    expect(lines).toContain('Tries (refuted by one defence):');
    const ke4 = lines.indexOf('  1. Ke4? threat: 2. Qxd6#');
    expect(lines.slice(ke4, ke4 + 3)).toEqual(['  1. Ke4? threat: 2. Qxd6#', '      1... d5+ 2. Qxd5#', '      but 1... f5+!']);
    expect(lines).toContain('      1... Ke7 2. Qxd6#, 2. Qxf7# (dual)');
    expect(lines.slice(lines.indexOf('Set play:'))).toEqual([
      'Set play:', '      1... Kf5 2. Qe4#', '      1... Kd7 2. Qxd6#', '      1... Ke7 2. Qxd6#', '      1... f5 2. Qxd6#',
    ]);
  });

  it('writes zugzwang, a threat deeper in the play and short variations', () => {
    const lines = solutionText(RC8, 3);
    expect(lines.slice(0, 5)).toEqual([
      'Solution:', '  1. Rc8! zugzwang', '      1... Ke6 2. Rd8 threat: 3. Rd6#', '          2... Rd4 3. Re8#', 'Tries (refuted by one defence):',
    ]);
    expect(lines).toContain('      1... bxc4 2. Rd6# (short)');
    expect(lines.at(-1)).toBe('Set play: none');
  });

  it('numbers black\'s moves when black mates', () => {
    expect(solutionText(BLACK_MATES, 3)[1]).toBe('  1... Qxh3+!');
  });

  it('leaves the tries out with k = 0', () => {
    const lines = solutionText(QG4, 2, 0);
    expect(lines.some((line) => line.startsWith('Tries'))).toBe(false);
  });

  it('is part of the answer when asked for, and refused in checks-only mode', () => {
    expect(parseMateWords([QG4, '2', 'solution'], 5).job.solution).toEqual({ maxRefutations: 1 });
    expect(parseMateWords([QG4, '2', 'Tree'], 5).job.solution).toBeUndefined();
    expect(() => parseMateWords([QG4, '2', 'checks', 'solution'], 5)).toThrow(UsageError);
  });
});
