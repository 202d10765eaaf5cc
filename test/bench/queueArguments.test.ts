// bench:queue's command line: the throughput run's options, and --split's own.

import { describe, expect, it } from 'vitest';
import { SPLIT_PROBLEM_IDS, parseQueueArguments } from '../../bench/queue.ts';

describe('bench:queue arguments', () => {
  it('reads the throughput run by default and --split with its problems and threshold', () => {
    expect(parseQueueArguments([])).toMatchObject({ split: false, problems: null, splitAfterNodes: null });
    expect(parseQueueArguments(['--split'])).toMatchObject({ split: true, problems: null, splitAfterNodes: null });
    expect(parseQueueArguments(['--split', '--problems', '51,52', '--split-after', '50000'])).toMatchObject({
      split: true, problems: [51, 52], splitAfterNodes: 50_000,
    });
    expect(SPLIT_PROBLEM_IDS).toHaveLength(10);
  });

  it('names what is wrong', () => {
    expect(() => parseQueueArguments(['--problems', '51'])).toThrow(/go with --split/);
    expect(() => parseQueueArguments(['--split', '--problems', '5x'])).toThrow(/suite ids/);
    expect(() => parseQueueArguments(['--split', '--split-after', '0'])).toThrow(/positive integer/);
    expect(() => parseQueueArguments(['--splat'])).toThrow(/unknown argument "--splat"/);
  });
});
