// The split mate's projection to more workers (bench/splitProjection.ts): list scheduling in the
// order the parts were added, level after level, and the queue's cost per part from a one-worker run.

import { describe, expect, it } from 'vitest';
import { levelMakespan, overheadPerPart, projectedMs } from '../../bench/splitProjection.ts';

describe('the split projection', () => {
  it('hands the parts out in order to the first worker free', () => {
    expect(levelMakespan([5, 1, 1, 1], 1)).toBe(8);
    expect(levelMakespan([5, 1, 1, 1], 2)).toBe(5);
    // In order, not longest first: the long part last waits for a free worker.
    expect(levelMakespan([1, 1, 1, 5], 2)).toBe(6);
    expect(levelMakespan([3, 3, 3], 64)).toBe(3);
    expect(levelMakespan([], 4)).toBe(0);
    expect(() => levelMakespan([1], 0)).toThrow(/positive integer/);
  });

  it('adds the whole solve before the split and every level, each part with the queue cost', () => {
    const run = { beforeSplitMs: 100, levels: [[10, 10], [40, 20, 20]] };
    expect(projectedMs(run, 1, 0)).toBe(100 + 20 + 80);
    expect(projectedMs(run, 2, 0)).toBe(100 + 10 + 40);
    expect(projectedMs(run, 2, 5)).toBe(100 + 15 + 50);
  });

  it('takes the queue cost per part from a one-worker wall time: what was not searching', () => {
    const run = { beforeSplitMs: 100, levels: [[10, 10], [40, 20, 20]] };
    expect(overheadPerPart(225, run)).toBe(5);
    expect(overheadPerPart(150, run)).toBe(0);
    expect(overheadPerPart(100, { beforeSplitMs: 100, levels: [] })).toBe(0);
  });
});
