// Time management: how long to think about one move, from the clock. A soft limit (do not start
// another iteration after it) and a hard limit (stop at once), both well inside what is left,
// so the engine never loses on time through its own slowness.

import type { SearchLimits } from './types.ts';

/** A sudden-death game is planned as if this many moves were still to come. */
const ASSUMED_MOVES_TO_GO = 30;
/** Never plan to use more than this share of the remaining time on one move. */
const MAX_SHARE_OF_CLOCK = 0.2;
/** The hard limit may stretch the soft one by this factor (an unstable search wants more). */
const HARD_OVER_SOFT = 3;
/** Whatever happens, keep this much on the clock beyond the overhead. */
const SAFETY_MARGIN_MS = 50;
/** Default reserve for network and GUI lag per move (Lichess measures ~100 ms). */
export const DEFAULT_MOVE_OVERHEAD_MS = 100;

export interface TimeBudget {
  /** Do not begin a new iteration after this many ms. */
  softMs: number;
  /** Stop searching after this many ms. */
  hardMs: number;
}

/** The budget for one search, or null when the limits set no time (depth, nodes, infinite). */
export function planTime(limits: SearchLimits): TimeBudget | null {
  if (limits.infinite) return null;
  const overhead = limits.moveOverheadMs ?? DEFAULT_MOVE_OVERHEAD_MS;
  if (limits.movetimeMs !== undefined) {
    const ms = Math.max(1, limits.movetimeMs - overhead);
    return { softMs: ms, hardMs: ms };
  }
  const clock = limits.clock;
  if (!clock) return null;
  const usable = Math.max(1, clock.timeMs - overhead - SAFETY_MARGIN_MS);
  const movesToGo = Math.max(1, Math.min(clock.movesToGo ?? ASSUMED_MOVES_TO_GO, ASSUMED_MOVES_TO_GO));
  // A share of what is left, plus most of the increment (it comes back after the move).
  const base = usable / movesToGo + clock.incrementMs * 0.75;
  const softMs = Math.max(1, Math.min(base, usable * MAX_SHARE_OF_CLOCK));
  const hardMs = Math.max(1, Math.min(softMs * HARD_OVER_SOFT, usable * (movesToGo === 1 ? 0.9 : MAX_SHARE_OF_CLOCK * 2)));
  return { softMs: Math.min(softMs, hardMs), hardMs };
}

/** Share of the soft limit to use by how many iterations in a row kept the same best move: a best
 *  move that keeps changing deserves more time, a settled one less (the hard limit bounds both). */
const STABILITY_SCALE = [1.4, 1.1, 0.9, 0.8, 0.7];
export const MIN_STABILITY_SCALE = Math.min(...STABILITY_SCALE);

/** The soft limit after an iteration, given how long the best move has stayed the same. */
export function softLimitMs(budget: TimeBudget, stableIterations: number): number {
  return budget.softMs * STABILITY_SCALE[Math.min(stableIterations, STABILITY_SCALE.length - 1)];
}

/** How far a falling score stretches the soft limit: +1% per centipawn lost since our last move. */
const FALLING_EVAL_PER_CP = 0.01;
const FALLING_EVAL_MIN = 0.85;
const FALLING_EVAL_MAX = 1.5;

/** The soft limit's scale by how the score moved since the search for our previous move: a score
 *  that falls means that search missed something, and this one deserves more time; one that rises
 *  a little less. 1 when there is no previous score to compare with. */
export function fallingEvalScale(previousScore: number | null, score: number): number {
  if (previousScore === null) return 1;
  const scale = 1 + (previousScore - score) * FALLING_EVAL_PER_CP;
  return Math.max(FALLING_EVAL_MIN, Math.min(FALLING_EVAL_MAX, scale));
}
