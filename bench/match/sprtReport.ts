// What the runner prints about a match's SPRT: the header line, a progress line after each finished
// pair, the verdict at the end, and the --json fields. Pure (text and plain objects).

import { formatElo } from './elo.ts';
import { type SprtCounts, type SprtSettings, type SprtStatus, estimateFromCounts, sprtBounds } from './sprt.ts';
import { wdlText } from './stats.ts';

/** Why the games ended when no bound was crossed. */
export type SprtEnding = 'game limit' | 'interrupted' | 'match stopped';

export type SprtOutcome = 'H1 accepted' | 'H0 accepted' | `inconclusive (${SprtEnding})`;

export function sprtOutcome(decided: SprtStatus | null, ending: SprtEnding): SprtOutcome {
  if (decided?.verdict === 'H1') return 'H1 accepted';
  if (decided?.verdict === 'H0') return 'H0 accepted';
  return `inconclusive (${ending})`;
}

export const llrText = (llr: number): string => `${llr >= 0 ? '+' : ''}${llr.toFixed(2)}`;
export const boundsText = (s: { lower: number; upper: number }): string => `[${llrText(s.lower)}, ${llrText(s.upper)}]`;

export function sprtHeader(settings: SprtSettings): string {
  const bounds = sprtBounds(settings.alpha, settings.beta);
  return `sprt: H0 elo ≤ ${settings.elo0} against H1 elo ≥ ${settings.elo1} (logistic Elo, engine 1's view), alpha ${settings.alpha}, beta ${settings.beta}, ${settings.model} model; stops when the LLR leaves ${boundsText(bounds)}`;
}

/** "sprt  24 games  W/D/L 10-8-6  pairs 0-2-5-4-1  LLR +1.23 [-2.94, +2.94]  Elo +25.1 ± 40.2" */
export function sprtLine(settings: SprtSettings, counts: SprtCounts, status: SprtStatus): string {
  const [losses, draws, wins] = counts.trinomial;
  const unpaired = counts.unpaired.reduce((a, b) => a + b, 0);
  const pairs = `pairs ${counts.pentanomial.join('-')}${unpaired > 0 ? ` (+${unpaired} unpaired)` : ''}`;
  const verdict = status.verdict === null ? '' : `  -> ${status.verdict} accepted`;
  return `sprt  ${status.games} games  W/D/L ${wdlText({ wins, draws, losses })}  ${pairs}  LLR ${llrText(status.llr)} ${boundsText(status)}  Elo ${formatElo(estimateFromCounts(settings, counts))}${verdict}`;
}

/**
 * The verdict lines of the summary. `decided` is the status when a bound was crossed (the SPRT's
 * stopping point, which its error rates are about); `final` adds the games that were in flight.
 */
export function sprtSummary(settings: SprtSettings, final: SprtStatus, decided: SprtStatus | null, ending: SprtEnding): string[] {
  const outcome = sprtOutcome(decided, ending);
  if (decided === null) return [`SPRT (${settings.elo0}, ${settings.elo1}): ${outcome}: LLR ${llrText(final.llr)} ${boundsText(final)} after ${final.games} games`];
  const bound = decided.verdict === 'H1' ? `the upper bound ${llrText(decided.upper)}` : `the lower bound ${llrText(decided.lower)}`;
  const lines = [`SPRT (${settings.elo0}, ${settings.elo1}): ${outcome}: LLR ${llrText(decided.llr)} passed ${bound} after ${decided.games} games`];
  if (final.games > decided.games) {
    const extra = final.games - decided.games;
    lines.push(`  with the ${extra} game${extra === 1 ? '' : 's'} in flight then: LLR ${llrText(final.llr)} after ${final.games} games`);
  }
  return lines;
}

const rounded = (x: number, digits: number): number | null => (Number.isFinite(x) ? Number(x.toFixed(digits)) : null);

/** The `sprt` object of the --json summary. */
export function sprtJson(settings: SprtSettings, counts: SprtCounts, final: SprtStatus, decided: SprtStatus | null, ending: SprtEnding): Record<string, unknown> {
  const estimate = estimateFromCounts(settings, counts);
  return {
    ...settings,
    lowerBound: rounded(final.lower, 4),
    upperBound: rounded(final.upper, 4),
    llr: rounded(final.llr, 4),
    verdict: decided?.verdict ?? null,
    outcome: sprtOutcome(decided, ending),
    decidedAfterGames: decided?.games ?? null,
    decidedLlr: decided === null ? null : rounded(decided.llr, 4),
    pentanomial: counts.pentanomial,
    unpaired: counts.unpaired,
    elo: rounded(estimate.elo, 1),
    eloError: rounded(estimate.error, 1),
  };
}
