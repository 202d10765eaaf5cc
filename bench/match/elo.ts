// Match statistics: the score, the Elo difference it implies and its 95% error bar, and the
// likelihood of superiority. The same formulas as cutechess-cli: the logistic Elo curve, and the
// standard error of the mean score from the trinomial (win/draw/loss) per-game variance.

export interface Wdl {
  wins: number;
  draws: number;
  losses: number;
}

export interface EloEstimate {
  games: number;
  /** Points per game, 0..1 (NaN with no games). */
  score: number;
  /** Elo difference implied by the score; ±Infinity at 0% or 100%, NaN with no games. */
  elo: number;
  /** Half the width of the 95% interval, in Elo; Infinity when the interval reaches 0% or 100%. */
  error: number;
  /** The interval's ends in Elo (may be ±Infinity). */
  low: number;
  high: number;
  /** Likelihood of superiority (0..1): the chance that engine 1 is the stronger, from W and L. */
  los: number;
  drawRatio: number;
}

/** The two-sided 95% quantile of the normal distribution. */
export const Z95 = 1.959963984540054;

/** Elo difference for an expected score s (0 < s < 1) on the logistic curve. */
export function eloFromScore(s: number): number {
  if (Number.isNaN(s)) return NaN;
  if (s <= 0) return -Infinity;
  if (s >= 1) return Infinity;
  return 400 * Math.log10(s / (1 - s));
}

/** The expected score for an Elo difference (the inverse of eloFromScore). */
export function scoreFromElo(elo: number): number {
  return 1 / (1 + 10 ** (-elo / 400));
}

/** The error function, Abramowitz & Stegun 7.1.26 (absolute error < 1.5e-7): enough for LOS. */
export function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return sign * y;
}

export function estimateElo({ wins, draws, losses }: Wdl): EloEstimate {
  const games = wins + draws + losses;
  if (games === 0) {
    return { games, score: NaN, elo: NaN, error: NaN, low: NaN, high: NaN, los: NaN, drawRatio: NaN };
  }
  const score = (wins + draws / 2) / games;
  // Per-game variance of the result (1, ½, 0) around the mean score, then the mean's standard error.
  const variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / games;
  const stderr = Math.sqrt(variance / games);
  const low = eloFromScore(score - Z95 * stderr);
  const high = eloFromScore(score + Z95 * stderr);
  const decisive = wins + losses;
  const los = decisive === 0 ? 0.5 : 0.5 * (1 + erf((wins - losses) / Math.sqrt(2 * decisive)));
  return { games, score, elo: eloFromScore(score), error: (high - low) / 2, low, high, los, drawRatio: draws / games };
}

/** "+52.3 ± 60.1", with "inf" where the score is 0% or 100% (no finite estimate exists). */
export function formatElo(estimate: Pick<EloEstimate, 'elo' | 'error'>): string {
  if (Number.isNaN(estimate.elo)) return 'n/a (no games)';
  const elo = Number.isFinite(estimate.elo) ? `${estimate.elo >= 0 ? '+' : ''}${estimate.elo.toFixed(1)}` : estimate.elo > 0 ? '+inf' : '-inf';
  const error = Number.isFinite(estimate.error) ? estimate.error.toFixed(1) : 'inf';
  return `${elo} ± ${error}`;
}
