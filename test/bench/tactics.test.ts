// The tactics bench's command line and EPD reading (bench/tactics.ts); the searching itself is
// the engine's, tested in test/search/play/tactics.test.ts.

import { describe, expect, it } from 'vitest';
import { TacticsUsageError, parseTacticsArguments, parseTacticsEpd } from '../../bench/tactics.ts';

describe('parseTacticsArguments', () => {
  it('takes one or two trees, the node budget and the file', () => {
    expect(parseTacticsArguments(['.'])).toEqual({ trees: ['.'], nodes: 100_000, epd: 'bench/data/wac.epd' });
    expect(parseTacticsArguments(['.', '.', '--nodes', '5000', '--epd', 'bench/data/wac.epd']))
      .toEqual({ trees: ['.', '.'], nodes: 5000, epd: 'bench/data/wac.epd' });
  });

  it('names what is wrong', () => {
    expect(() => parseTacticsArguments([])).toThrow(/one or two source trees, got 0/);
    expect(() => parseTacticsArguments(['.', '.', '.'])).toThrow(/got 3/);
    expect(() => parseTacticsArguments(['/nonexistent'])).toThrow(/not a chessbot source tree/);
    expect(() => parseTacticsArguments(['.', '--nodes', '1e5'])).toThrow(/--nodes needs a whole number .* got "1e5"/);
    expect(() => parseTacticsArguments(['.', '--nodes', '0'])).toThrow(TacticsUsageError);
    expect(() => parseTacticsArguments(['.', '--nodes'])).toThrow(/got nothing/);
    expect(() => parseTacticsArguments(['.', '--epd', 'nope.epd'])).toThrow(/nope\.epd: no such file/);
    expect(() => parseTacticsArguments(['.', '--depth', '3'])).toThrow(/unknown option "--depth"/);
  });
});

describe('parseTacticsEpd', () => {
  it('reads the position, the best moves in SAN and in UCI notation, and the id', () => {
    const [problem] = parseTacticsEpd('2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";\n', 'x.epd');
    expect(problem.id).toBe('WAC.001');
    expect(problem.fen).toBe('2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1');
    expect(problem.bm).toEqual(['Qg6']);
    expect([...problem.best]).toEqual(['g3g6']);
  });

  it('numbers a position without an id by its line, and skips comments and blank lines', () => {
    const problems = parseTacticsEpd('# comment\n\n4k3/8/8/8/8/8/8/R3K3 w - - bm Ra8+ Kd2;\n', 'x.epd');
    expect(problems.map((p) => [p.id, [...p.best]])).toEqual([['x.epd:3', ['a1a8', 'e1d2']]]);
  });

  it('names the line of a position without a best move, or with one that is not legal', () => {
    expect(() => parseTacticsEpd('4k3/8/8/8/8/8/8/R3K3 w - - id "a";', 'x.epd')).toThrow(/x\.epd:1: not a position with a "bm"/);
    expect(() => parseTacticsEpd('\n4k3/8/8/8/8/8/8/R3K3 w - - bm Qh5;', 'x.epd')).toThrow(/x\.epd:2: /);
  });
});
