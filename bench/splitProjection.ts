// What a split mate (src/queue/split.ts) would take on more workers than a benchmark machine has:
// replayed from one measured run's parts. A split problem runs its whole solve up to the split
// (one worker), then level by level: every part of a level must answer before the next level
// starts, and BullMQ hands the parts out in the order they were added (the solver's order of the
// first moves) to whichever worker is free. So the time on W workers is the whole solve's, plus
// for each level the time W workers take to work through its parts in that order, each part
// costing its own search time plus the queue's measured cost of one job.

/** One measured split problem: the whole solve before the split, and each level's parts in order. */
export interface SplitRun {
  /** Milliseconds of the whole solve before the split (one worker). */
  readonly beforeSplitMs: number;
  /** Per level, in order of n: each part's search time in its worker (ms), in the order the parts were added. */
  readonly levels: readonly (readonly number[])[];
}

/** When the last of `durations` ends, handed out in order to the first of `workers` free (list scheduling). */
export function levelMakespan(durations: readonly number[], workers: number): number {
  if (!Number.isInteger(workers) || workers < 1) throw new RangeError(`workers must be a positive integer, got ${workers}`);
  const freeAt = new Array<number>(Math.min(workers, Math.max(durations.length, 1))).fill(0);
  for (const duration of durations) {
    let first = 0;
    for (let i = 1; i < freeAt.length; i++) if (freeAt[i]! < freeAt[first]!) first = i;
    freeAt[first]! += duration;
  }
  return Math.max(0, ...freeAt);
}

/** The projected wall time of `run` on `workers` workers, each job costing `overheadMs` besides its search. */
export function projectedMs(run: SplitRun, workers: number, overheadMs: number): number {
  return run.levels.reduce((total, parts) => total + levelMakespan(parts.map((ms) => ms + overheadMs), workers), run.beforeSplitMs);
}

/**
 * The queue's cost of one part, from a run on ONE worker, where nothing overlaps: the wall time
 * not spent searching (the whole solve's or a part's), shared out over the parts.
 */
export function overheadPerPart(wallMs: number, run: SplitRun): number {
  const parts = run.levels.reduce((sum, level) => sum + level.length, 0);
  if (parts === 0) return 0;
  const searching = run.beforeSplitMs + run.levels.reduce((sum, level) => sum + level.reduce((a, b) => a + b, 0), 0);
  return Math.max(0, (wallMs - searching) / parts);
}
