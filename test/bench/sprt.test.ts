// The match runner's SPRT: Wald's bounds, the generalized LLR of pentanomial and trinomial counts
// against fishtest's own numbers, the degenerate inputs, the Elo estimate beside it, and the
// counting of game pairs from game records. Pure; no engines.

import { describe, expect, it } from 'vitest';
import { eloFromScore, estimateElo, scoreFromElo } from '../../bench/match/elo.ts';
import { BLACK, WHITE } from '../../bench/match/game.ts';
import { completesPair, countResults } from '../../bench/match/pairs.ts';
import { type SprtCounts, type SprtSettings, estimateFromCounts, llrLogistic, mleWithMean, sprtBounds, sprtLlr, sprtStatus } from '../../bench/match/sprt.ts';
import { sprtJson, sprtOutcome } from '../../bench/match/sprtReport.ts';
import type { GameRecord } from '../../bench/match/stats.ts';

const settings = (over: Partial<SprtSettings> = {}): SprtSettings => ({ elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05, model: 'pentanomial', ...over });
const counts = (pentanomial: number[], unpaired = [0, 0, 0], trinomial?: number[]): SprtCounts => ({
  pentanomial,
  unpaired,
  // Every game as [L, D, W] unless given, taking a 1-point pair as two draws.
  trinomial: trinomial ?? [
    2 * pentanomial[0] + pentanomial[1] + unpaired[0],
    pentanomial[1] + 2 * pentanomial[2] + pentanomial[3] + unpaired[1],
    pentanomial[3] + 2 * pentanomial[4] + unpaired[2],
  ],
});

describe('SPRT bounds', () => {
  it('are log(beta/(1-alpha)) and log((1-beta)/alpha)', () => {
    expect(sprtBounds(0.05, 0.05).lower).toBeCloseTo(-2.944438979166, 10);
    expect(sprtBounds(0.05, 0.05).upper).toBeCloseTo(2.944438979166, 10);
    // alpha 0.05, beta 0.1: ln(0.1/0.95) and ln(0.9/0.05).
    expect(sprtBounds(0.05, 0.1).lower).toBeCloseTo(-2.251291798607, 10);
    expect(sprtBounds(0.05, 0.1).upper).toBeCloseTo(2.890371757896, 10);
  });
});

describe('the generalized LLR', () => {
  // [elo0, elo1, counts, fishtest's LLRcalc.LLR_logistic(elo0, elo1, counts)], computed with
  // official-stockfish/fishtest server/fishtest/stats/LLRcalc.py (commit b8eecff2) and scipy 1.17.
  const FISHTEST: Array<[number, number, number[], number]> = [
    // The two examples in fishtest's stat_util.py (a -3..1 test of 376 k games, a 0.2..0.9 one).
    [-3, 1, [10789, 19328, 33806, 19402, 10543], 2.1310678117940807],
    [0.2, 0.9, [39, 2226, 31451, 2412, 40], 2.1625425800483593],
    [0, 5, [2, 20, 60, 90, 28], 2.6339985197318394],
    [0, 5, [10, 20, 40, 20, 10], -0.03450685095168987],
    [-5, 0, [30, 50, 100, 40, 20], -0.6331928168432001],
    [0, 5, [30, 40, 50], 0.4134565119450651],
    // Empty categories, regularized with fishtest's prior.
    [0, 5, [0, 0, 50, 0, 0], -0.7176058361124839],
    [0, 5, [0, 0, 0, 0, 10], 0.1429044325441563],
    [0, 400, [0, 0, 0, 0, 5], 2.9892659542777267],
    [0, 400, [5, 0, 0, 0, 0], -8.528256088764394],
    [0, 10, [0, 1, 0, 0, 0], -0.029227736512913376],
    [0, 5, [0, 0, 1], 0.014287371438330072],
    [0, 5, [0, 7, 0], -0.09655302273974462],
  ];

  it("agrees with fishtest's LLR_logistic", () => {
    for (const [elo0, elo1, c, want] of FISHTEST) expect(llrLogistic(elo0, elo1, c), `${elo0},${elo1} ${c.join(' ')}`).toBeCloseTo(want, 8);
  });

  it('is 0 without games, and finite for every degenerate input', () => {
    expect(llrLogistic(0, 5, [0, 0, 0, 0, 0])).toBe(0);
    expect(llrLogistic(0, 5, [0, 0, 0])).toBe(0);
    const lonely = [[1, 0, 0, 0, 0], [0, 0, 0, 0, 1], [0, 0, 3, 0, 0], [1, 0, 0, 0, 1], [1, 0, 0], [0, 1, 0], [0, 0, 1], [1000, 0, 0], [0, 0, 1000]];
    for (const c of lonely) {
      for (const [elo0, elo1] of [[0, 5], [-3, 1], [-900, 900], [0, 0.01]]) expect(Number.isFinite(llrLogistic(elo0, elo1, c)), `${c} ${elo0},${elo1}`).toBe(true);
    }
  });

  it('changes sign when the hypotheses swap, and is 0 for symmetric results between symmetric bounds', () => {
    const c = [30, 50, 100, 40, 20];
    expect(llrLogistic(5, 0, c)).toBeCloseTo(-llrLogistic(0, 5, c), 10);
    expect(llrLogistic(-5, 5, [10, 20, 40, 20, 10])).toBeCloseTo(0, 10);
    expect(llrLogistic(-5, 5, [30, 40, 30])).toBeCloseTo(0, 10);
  });

  it('counts a single win as the likelihood ratio of the best distributions with those scores', () => {
    // The most likely one-win distribution with mean s has P(win) = s (the rest losses), so the
    // LLR is ln(s1/s0), up to the prior on the two empty categories.
    expect(llrLogistic(0, 50, [0, 0, 1])).toBeCloseTo(Math.log(scoreFromElo(50) / 0.5), 3);
  });

  it('finds the constrained MLE: the requested mean, a distribution, the data itself at its own mean', () => {
    const values = [0, 0.25, 0.5, 0.75, 1];
    const probs = [0.1, 0.2, 0.4, 0.2, 0.1];
    for (const s of [0.01, 0.3, 0.5, 0.7, 0.99]) {
      const mle = mleWithMean(values, probs, s);
      expect(mle.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
      expect(mle.reduce((a, p, i) => a + p * values[i], 0)).toBeCloseTo(s, 9);
      for (const p of mle) expect(p).toBeGreaterThan(0);
    }
    mleWithMean(values, probs, 0.5).forEach((p, i) => expect(p).toBeCloseTo(probs[i], 9));
  });

  it('grows with the evidence: more of the same results, further from 0', () => {
    const once = llrLogistic(0, 5, [2, 20, 60, 90, 28]);
    expect(once).toBeGreaterThan(0);
    expect(llrLogistic(0, 5, [4, 40, 120, 180, 56])).toBeCloseTo(2 * once, 9);
  });
});

describe('the SPRT of a match', () => {
  it('decides H1 on strongly positive pairs, H0 on strongly negative ones, and goes on in between', () => {
    expect(sprtStatus(settings(), counts([4, 40, 120, 180, 56]))).toMatchObject({ verdict: 'H1', games: 800 });
    expect(sprtStatus(settings(), counts([56, 180, 120, 40, 4])).verdict).toBe('H0');
    const open = sprtStatus(settings(), counts([2, 20, 60, 90, 28]));
    expect(open.verdict).toBeNull();
    expect(open.llr).toBeGreaterThan(open.lower);
    expect(open.llr).toBeLessThan(open.upper);
  });

  it('goes on with no games', () => {
    expect(sprtStatus(settings(), counts([0, 0, 0, 0, 0]))).toMatchObject({ games: 0, llr: 0, verdict: null });
    expect(sprtStatus(settings({ model: 'trinomial' }), counts([0, 0, 0, 0, 0])).llr).toBe(0);
  });

  it('adds the games of incomplete pairs as trinomial samples in the pentanomial model', () => {
    const c = counts([3, 10, 20, 12, 5], [0, 1, 2]);
    expect(sprtLlr(settings(), c)).toBeCloseTo(llrLogistic(0, 5, [3, 10, 20, 12, 5]) + llrLogistic(0, 5, [0, 1, 2]), 12);
    expect(sprtLlr(settings({ model: 'trinomial' }), c)).toBeCloseTo(llrLogistic(0, 5, c.trinomial), 12);
    expect(c.trinomial).toEqual([16, 63, 24]);
  });

  it('sees through pairs that split a win and a loss, where the trinomial model sees coin flips', () => {
    // 100 pairs of one win and one loss each: 1 point every pair, no variance, strong evidence
    // for elo0 = 0; as 200 separate games it is 100 wins and 100 losses, weak evidence.
    const split = counts([0, 0, 100, 0, 0], [0, 0, 0], [100, 0, 100]);
    const paired = sprtLlr(settings(), split);
    const single = sprtLlr(settings({ model: 'trinomial' }), split);
    expect(paired).toBeCloseTo(-1.4416479084497977, 8);
    expect(single).toBeCloseTo(-0.020710031754900216, 8);
  });
});

describe('the Elo estimate beside the SPRT', () => {
  it('is nothing without games, and 0 at an even score', () => {
    expect(estimateFromCounts(settings(), counts([0, 0, 0, 0, 0])).elo).toBeNaN();
    expect(estimateFromCounts(settings(), counts([1, 2, 4, 2, 1])).elo).toBeCloseTo(0, 12);
  });

  it("is the match's own trinomial estimate in the trinomial model", () => {
    const e = estimateFromCounts(settings({ model: 'trinomial' }), counts([0, 0, 0, 0, 0], [0, 0, 0], [40, 0, 60]));
    const reference = estimateElo({ wins: 60, draws: 0, losses: 40 });
    expect(e.elo).toBeCloseTo(reference.elo, 9);
    expect(e.error).toBeCloseTo(reference.error, 9);
  });

  it('scores pairs and unpaired games together', () => {
    // 3½ points from two pairs, 1 from one unpaired game: 4½ of 5.
    const e = estimateFromCounts(settings(), counts([0, 0, 0, 1, 1], [0, 0, 1]));
    expect(e.games).toBe(5);
    expect(e.score).toBeCloseTo(0.9, 12);
    expect(e.elo).toBeCloseTo(eloFromScore(0.9), 9);
  });

  it('takes the variance per pair: 10 pairs won twice and 10 lost twice give a wider bar than 20-0-20 unpaired', () => {
    // Pair points 0 or 2 around 1: total variance 20, 40 games, standard error √20/40.
    const paired = estimateFromCounts(settings(), counts([10, 0, 0, 0, 10]));
    const half = 1.959963984540054 * (Math.sqrt(20) / 40);
    expect(paired.error).toBeCloseTo((eloFromScore(0.5 + half) - eloFromScore(0.5 - half)) / 2, 9);
    const single = estimateFromCounts(settings({ model: 'trinomial' }), counts([10, 0, 0, 0, 10]));
    expect(single.games).toBe(40);
    expect(single.error).toBeLessThan(paired.error);
  });

  it('has an unbounded bar at 100% or from a single pair, and none when every pair is even', () => {
    expect(estimateFromCounts(settings(), counts([0, 0, 0, 0, 4]))).toMatchObject({ elo: Infinity, error: Infinity });
    expect(estimateFromCounts(settings(), counts([0, 0, 0, 1, 0]))).toMatchObject({ games: 2, score: 0.75, error: Infinity });
    expect(estimateFromCounts(settings(), counts([0, 0, 4, 0, 0]))).toMatchObject({ elo: 0, error: 0 });
  });
});

describe('game pairs', () => {
  const end = (result: '1-0' | '0-1' | '1/2-1/2'): GameRecord['end'] => ({ result, reason: result === '1/2-1/2' ? 'move-cap' : 'checkmate', loser: result === '1-0' ? BLACK : result === '0-1' ? WHITE : null, termination: 'normal', text: '' });
  // Rounds 2k+1 (engine 1 White) and 2k+2 (engine 1 Black) share an opening.
  const rec = (round: number, result: '1-0' | '0-1' | '1/2-1/2' | null): GameRecord => ({ round, opening: Math.floor((round - 1) / 2), engine1White: round % 2 === 1, end: result === null ? null : end(result), plies: 10, moves: [] });
  const records = [
    rec(1, '1-0'), rec(2, '0-1'), // engine 1 wins both: 2 points
    rec(4, '1/2-1/2'), rec(3, '0-1'), // a loss and a draw, finished out of order: ½
    rec(5, '1-0'), rec(6, '1-0'), // a win and a loss: 1
    rec(7, '1/2-1/2'), // partner still playing
    rec(9, '0-1'), rec(10, null), // partner interrupted
  ];

  it('counts complete pairs by points, the rest as single games', () => {
    const c = countResults(records);
    expect(c.pentanomial).toEqual([0, 1, 1, 0, 1]);
    expect(c.unpaired).toEqual([1, 1, 0]);
    expect(c.trinomial).toEqual([3, 2, 3]);
  });

  it('says which game completes its pair', () => {
    expect(completesPair(records.slice(0, 1), records[0])).toBe(false);
    expect(completesPair(records.slice(0, 2), records[1])).toBe(true);
    expect(completesPair(records, records[6])).toBe(false);
    expect(completesPair(records, records[8])).toBe(false);
  });
});

describe('the SPRT report', () => {
  const status = { games: 100, llr: 3.1, lower: -2.94, upper: 2.94, verdict: 'H1' as const };

  it('names the verdict, or why there is none', () => {
    expect(sprtOutcome(status, 'game limit')).toBe('H1 accepted');
    expect(sprtOutcome({ ...status, llr: -3, verdict: 'H0' }, 'interrupted')).toBe('H0 accepted');
    expect(sprtOutcome(null, 'game limit')).toBe('inconclusive (game limit)');
  });

  it('gives JSON without Infinity or NaN, with the state at the decision and at the end', () => {
    const final = { ...status, games: 101, llr: 3.05 };
    const json = sprtJson(settings(), counts([0, 0, 0, 0, 50], [0, 0, 1]), final, status, 'game limit');
    expect(json).toMatchObject({ elo0: 0, elo1: 5, model: 'pentanomial', verdict: 'H1', decidedAfterGames: 100, decidedLlr: 3.1, llr: 3.05, elo: null, eloError: null, pentanomial: [0, 0, 0, 0, 50] });
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });
});
