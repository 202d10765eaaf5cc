// Game pairs: games 2k and 2k+1 (rounds 2k+1 and 2k+2) play the same opening with colours swapped
// (openings.ts, pairing). From the finished games: the pentanomial counts of complete pairs, the
// games still waiting for their partner, and the plain W/D/L, all from engine 1's view. Pure.

import type { SprtCounts } from './sprt.ts';
import { type GameRecord, engine1Points } from './stats.ts';

/** The 0-based pair of a game, from its 1-based round. */
export const pairOf = (record: GameRecord): number => Math.floor((record.round - 1) / 2);

export function countResults(records: readonly GameRecord[]): SprtCounts {
  const pentanomial = [0, 0, 0, 0, 0];
  const unpaired = [0, 0, 0];
  const trinomial = [0, 0, 0];
  // Engine 1's points in each finished game, by pair.
  const byPair = new Map<number, number[]>();
  for (const record of records) {
    const points = engine1Points(record);
    if (points === null) continue;
    trinomial[points * 2]++;
    const pair = byPair.get(pairOf(record));
    if (pair === undefined) byPair.set(pairOf(record), [points]);
    else pair.push(points);
  }
  for (const points of byPair.values()) {
    if (points.length === 2) pentanomial[(points[0] + points[1]) * 2]++;
    else unpaired[points[0] * 2]++;
  }
  return { pentanomial, unpaired, trinomial };
}

/** Whether `record` finished the second game of its pair (both games of the pair are now finished). */
export function completesPair(records: readonly GameRecord[], record: GameRecord): boolean {
  if (record.end === null) return false;
  const pair = pairOf(record);
  return records.some((other) => other !== record && other.end !== null && pairOf(other) === pair);
}
