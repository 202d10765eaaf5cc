// The sequential probability ratio test of a match, as fishtest runs it (official-stockfish/fishtest,
// server/fishtest/stats/LLRcalc.py and stat_util.py): H0 "engine 1 is elo0 stronger" against H1
// "elo1 stronger" in logistic Elo, decided by the generalized log-likelihood ratio. Pure.
//
// The LLR is Van den Bergh's LLR_logistic: the maximum-likelihood distribution of the observed
// results constrained to the expected score of each hypothesis (a 1-D root of the secular
// equation), compared with the other one. Results are counts ascending by engine 1's score:
// pentanomial per game pair [0, ½, 1, 1½, 2 points] (a pair is one opening played with both
// colours, so its two games are not independent: the pentanomial model accounts for that), or
// trinomial per game [losses, draws, wins].

import { Z95, eloFromScore, scoreFromElo } from './elo.ts';

export type SprtModel = 'pentanomial' | 'trinomial';
export const SPRT_MODELS: readonly SprtModel[] = ['pentanomial', 'trinomial'];

export interface SprtSettings {
  /** H0 and H1, in logistic Elo from engine 1's view (elo0 < elo1). */
  elo0: number;
  elo1: number;
  /** The largest false-positive (accepting H1 at elo0) and false-negative (H0 at elo1) rates. */
  alpha: number;
  beta: number;
  model: SprtModel;
}

/** What the games have produced so far (finished games only), engine 1's view. */
export interface SprtCounts {
  /** Complete pairs by engine 1's points in the pair: [0, ½, 1, 1½, 2]. */
  pentanomial: number[];
  /** Finished games whose partner game has not finished (or does not exist): [L, D, W]. */
  unpaired: number[];
  /** Every finished game: [L, D, W]. */
  trinomial: number[];
}

export type Verdict = 'H0' | 'H1';

export interface SprtStatus {
  games: number;
  llr: number;
  lower: number;
  upper: number;
  /** The hypothesis whose bound the LLR is past; null while it is between the bounds. */
  verdict: Verdict | null;
}

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

/** Wald's stopping bounds for the LLR: below `lower` accept H0, above `upper` accept H1. */
export function sprtBounds(alpha: number, beta: number): { lower: number; upper: number } {
  return { lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

/**
 * What an empty result category counts as. fishtest's `regularize`: a small prior that keeps every
 * category's probability positive, so the constrained MLE exists for any expected score in (0, 1)
 * and no logarithm meets a zero (all draws, all wins, a single game).
 */
export const EMPTY_CATEGORY_PRIOR = 1e-3;

export function regularize(counts: readonly number[]): number[] {
  return counts.map((c) => (c === 0 ? EMPTY_CATEGORY_PRIOR : c));
}

/** Halvings of the root bracket: far more than doubles need, so the loop ends on the bracket collapsing. */
const MAX_BISECTIONS = 200;

/**
 * The root x of Σ pᵢ dᵢ / (1 + x dᵢ) = 0 (the secular equation), where dᵢ take both signs. On the
 * open interval (-1/max d, -1/min d) the left side falls strictly from +∞ to -∞, so bisection
 * always finds the one root (fishtest uses Brent's method on the same bracket).
 */
function secularRoot(d: readonly number[], p: readonly number[]): number {
  const f = (x: number): number => d.reduce((acc, di, i) => acc + (p[i] * di) / (1 + x * di), 0);
  let lo = -1 / Math.max(...d);
  let hi = -1 / Math.min(...d);
  for (let i = 0; i < MAX_BISECTIONS; i++) {
    const mid = (lo + hi) / 2;
    if (mid <= lo || mid >= hi) break;
    if (f(mid) > 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * The distribution on `values` closest (in likelihood) to the empirical `probs` whose mean is `s`:
 * pᵢ / (1 + x (aᵢ - s)) with x the secular root (Van den Bergh, "support_MLE_multinomial", Prop. 1.1).
 * Needs every prob > 0 and min(values) < s < max(values).
 */
export function mleWithMean(values: readonly number[], probs: readonly number[], s: number): number[] {
  const d = values.map((a) => a - s);
  const x = secularRoot(d, probs);
  return probs.map((p, i) => p / (1 + x * d[i]));
}

/**
 * The generalized log-likelihood ratio of H1 (expected score per game L(elo1)) against H0
 * (L(elo0)) for result counts ascending by score: 3 (per game) or 5 (per pair) categories, the
 * score of category i being i/(n-1) of the most. No results: 0 (fishtest's prior alone would give
 * a tiny negative number for an empty test; "no evidence" is what it means).
 */
export function llrLogistic(elo0: number, elo1: number, counts: readonly number[]): number {
  if (sum(counts) === 0) return 0;
  const regular = regularize(counts);
  const n = sum(regular);
  const values = regular.map((_, i) => i / (regular.length - 1));
  const probs = regular.map((c) => c / n);
  const h0 = mleWithMean(values, probs, scoreFromElo(elo0));
  const h1 = mleWithMean(values, probs, scoreFromElo(elo1));
  return n * probs.reduce((acc, p, i) => acc + p * (Math.log(h1[i]) - Math.log(h0[i])), 0);
}

/**
 * The LLR of everything played. Pentanomial: the complete pairs, plus the games whose pair is not
 * complete yet as trinomial samples (separate samples with the same expected score: their
 * generalized LLRs add). Trinomial: every game on its own.
 */
export function sprtLlr(settings: SprtSettings, counts: SprtCounts): number {
  const { elo0, elo1 } = settings;
  if (settings.model === 'trinomial') return llrLogistic(elo0, elo1, counts.trinomial);
  return llrLogistic(elo0, elo1, counts.pentanomial) + llrLogistic(elo0, elo1, counts.unpaired);
}

export function sprtStatus(settings: SprtSettings, counts: SprtCounts): SprtStatus {
  const { lower, upper } = sprtBounds(settings.alpha, settings.beta);
  const llr = sprtLlr(settings, counts);
  // Strictly past a bound, as fishtest decides.
  const verdict: Verdict | null = llr > upper ? 'H1' : llr < lower ? 'H0' : null;
  return { games: gamesIn(counts), llr, lower, upper, verdict };
}

export const gamesIn = (counts: SprtCounts): number => sum(counts.trinomial);

export interface ScoreEstimate {
  games: number;
  /** Points per game, 0..1 (NaN with no games). */
  score: number;
  /** The logistic Elo difference and half its 95% interval (see elo.ts for the infinities). */
  elo: number;
  error: number;
}

/**
 * The Elo estimate from the same samples the LLR uses: pairs and unpaired games (pentanomial) or
 * games (trinomial). The spread is taken per sample, so a pair's correlated games are not counted
 * as independent (which would misstate the error bar of a paired match).
 */
export function estimateFromCounts(settings: SprtSettings, counts: SprtCounts): ScoreEstimate {
  const groups = settings.model === 'trinomial' ? [counts.trinomial] : [counts.pentanomial, counts.unpaired];
  // Category i of a group is worth i/2 points: 0, ½, 1 per game; 0, ½, 1, 1½, 2 per pair.
  const gamesPer = (group: readonly number[]): number => (group.length - 1) / 2;
  const samples = sum(groups.map(sum));
  const games = sum(groups.map((g) => sum(g) * gamesPer(g)));
  if (games === 0) return { games, score: NaN, elo: NaN, error: NaN };
  const score = sum(groups.map((g) => sum(g.map((c, i) => (c * i) / 2)))) / games;
  // One pair (or one game) has no spread to measure: its bar is unbounded, not zero.
  if (samples < 2) return { games, score, elo: eloFromScore(score), error: Infinity };
  // The variance of the total points: each sample around what the common score expects of it.
  const variance = sum(groups.map((g) => sum(g.map((c, i) => c * (i / 2 - gamesPer(g) * score) ** 2))));
  const stderr = Math.sqrt(variance) / games;
  const low = eloFromScore(score - Z95 * stderr);
  const high = eloFromScore(score + Z95 * stderr);
  // At 0% or 100% both ends are the same infinity: the bar is unbounded, not undefined.
  const error = Number.isFinite(low) && Number.isFinite(high) ? (high - low) / 2 : Infinity;
  return { games, score, elo: eloFromScore(score), error };
}
