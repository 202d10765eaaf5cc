// Pooling SPRT sittings (bench/match/pool.ts): independent sittings' pairs add up, and the pool's
// LLR and Elo are the runner's own, over the summed pairs.

import { describe, expect, it } from 'vitest';
import { UsageError } from '../../bench/match/args.ts';
import { parsePairCounts, poolPairCounts, pooledLine } from '../../bench/match/pool.ts';
import { type SprtSettings, llrLogistic } from '../../bench/match/sprt.ts';

const SETTINGS: SprtSettings = { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05, model: 'pentanomial' };

describe('pooling SPRT sittings', () => {
  it('reads the pair counts as the runner prints them', () => {
    expect(parsePairCounts('75-359-547-387-92')).toEqual([75, 359, 547, 387, 92]);
  });

  it('refuses counts that are not five whole numbers, naming the text', () => {
    for (const bad of ['1-2-3', '1-2-3-4-5-6', '1-2-x-4-5', '1--2-3-4', '-1-2-3-4-5', '1.5-2-3-4-5', '']) {
      expect(() => parsePairCounts(bad), bad).toThrow(UsageError);
    }
    expect(() => parsePairCounts('1-2-3')).toThrow(/"1-2-3"/);
  });

  it('adds the sittings pair by pair, and tests the sum as one SPRT', () => {
    const pooled = poolPairCounts([[75, 359, 547, 387, 92], [54, 275, 360, 280, 62]]);
    expect(pooled.pentanomial).toEqual([129, 634, 907, 667, 154]);
    const line = pooledLine(SETTINGS, pooled);
    expect(line).toContain('4982 games');
    expect(line).toContain(`LLR +${llrLogistic(0, 10, [129, 634, 907, 667, 154]).toFixed(2)}`);
  });

  it('says when the pool is past a bound that neither sitting reached', () => {
    const sitting = [20, 100, 200, 120, 30]; // LLR +1.71 alone, +5.13 three times over
    expect(pooledLine(SETTINGS, poolPairCounts([sitting]))).not.toContain('bound');
    expect(pooledLine(SETTINGS, poolPairCounts([sitting, sitting, sitting]))).toContain('past the H1 bound');
  });
});
