// bench:startup's command line and its reading of the figures (its timings are never tested).
import { describe, expect, it } from 'vitest';
import { StartupUsageError, median, parseStartupArguments, reportedSearchMs } from '../../bench/startup.ts';

describe('bench:startup', () => {
  it('reads its options, and names what is wrong', () => {
    expect(parseStartupArguments([], {})).toMatchObject({ runs: 10, popeye: null, trees: [{ label: 'this build' }] });
    expect(parseStartupArguments(['--runs', '3'], {}).runs).toBe(3);
    expect(() => parseStartupArguments(['--runs', '0'], {})).toThrow(/--runs must be an integer from 1 to 100, got "0"/);
    expect(() => parseStartupArguments(['--baseline', '/nowhere'], {})).toThrow(/no bin\/chessbot\.js in \/nowhere/);
    expect(() => parseStartupArguments(['--popeye', '/nowhere/py'], {})).toThrow(StartupUsageError);
    expect(() => parseStartupArguments(['--fast'], {})).toThrow(StartupUsageError);
  });

  it('takes the median, and the search time an answer gives', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(reportedSearchMs('Mate in 1: 1. Ra8#\nKeys: Ra8#\n17 nodes, 0.01 s\n')).toBe(10);
    expect(reportedSearchMs('no answer')).toBeNull();
  });
});
