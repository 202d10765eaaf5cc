// Pooling SPRT sittings. Tests of one change against one base, played with different seeds (so
// with other openings), are independent samples of the same game pairs: their pentanomial counts
// add. Where each sitting stopped for a reason other than its result (a session's end, not an LLR
// bound), the pool is what a single test over all their pairs would show. Pure.

import { UsageError } from './args.ts';
import { formatElo } from './elo.ts';
import { type SprtCounts, type SprtSettings, estimateFromCounts, sprtStatus } from './sprt.ts';
import { boundsText, llrText } from './sprtReport.ts';

/** The five pair counts the runner prints after "pairs": "0-2-5-4-1" (engine 1's 0, ½, 1, 1½, 2 points). */
export function parsePairCounts(text: string): number[] {
  const parts = text.split('-');
  if (parts.length !== 5 || parts.some((part) => !/^\d{1,9}$/.test(part))) {
    throw new UsageError(`pair counts: expected five whole numbers joined by "-" as the runner prints them (0-2-5-4-1), got "${text.slice(0, 40)}"`);
  }
  return parts.map(Number);
}

/**
 * The sittings' pairs added up (no unpaired games: a sitting's counts are its complete pairs).
 * The games' own W/D/L cannot be told from pair counts, so `trinomial` stays empty.
 */
export function poolPairCounts(sittings: readonly (readonly number[])[]): SprtCounts {
  const pentanomial = [0, 0, 0, 0, 0];
  for (const counts of sittings) counts.forEach((count, i) => (pentanomial[i] += count));
  return { pentanomial, unpaired: [0, 0, 0], trinomial: [0, 0, 0] };
}

/** "pairs 75-359-547-387-92  2920 games  LLR +1.19 [-2.94, +2.94]  Elo +7.4 ± 8.8", for a sitting or the pool. */
export function pooledLine(settings: SprtSettings, counts: SprtCounts): string {
  const status = sprtStatus(settings, counts);
  const games = 2 * counts.pentanomial.reduce((a, b) => a + b, 0);
  const verdict = status.verdict === null ? '' : `  -> past the ${status.verdict} bound`;
  return `pairs ${counts.pentanomial.join('-')}  ${games} games  LLR ${llrText(status.llr)} ${boundsText(status)}  Elo ${formatElo(estimateFromCounts(settings, counts))}${verdict}`;
}
