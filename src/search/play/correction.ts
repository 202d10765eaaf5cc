// Correction history: how far the static evaluation has lately been from what the search found,
// in positions that share a key. The network misjudges a pawn structure the same way wherever it
// stands, a side's placement of its other pieces likewise, and what a given move (a piece to a
// square) just changed, so those errors, learnt during the search, are added back to the
// evaluation the pruning decisions read (as Stockfish, Ethereal, Berserk and Stormphrax do). The
// search keeps one table per key and adds their corrections up.

import { BOUND_LOWER, BOUND_UPPER } from './tt.ts';

/** Entries hold centipawns times this, so slow averaging does not round small errors away. */
export const CORRECTION_GRAIN = 256;
/** An update's weight is out of this much: the entry moves by weight / WEIGHT_SCALE of the error left. */
const WEIGHT_SCALE = 256;
/** Deeper searches are surer of their score and weigh more, up to this weight (1/16 of the entry). */
const MAX_WEIGHT = 16;
/** No table corrects the evaluation by more than this many centipawns. */
export const CORRECTION_MAX_CP = 32;
const ENTRY_MAX = CORRECTION_MAX_CP * CORRECTION_GRAIN;

/** An entry's value in whole centipawns. */
const toCentipawns = (entry: number): number => (entry / CORRECTION_GRAIN) | 0;

export class CorrectionHistory {
  /** [side << keyBits | key bits]: the running average error, in centipawns × GRAIN. */
  private readonly table: Int16Array;
  private readonly keyBits: number;
  private readonly keyMask: number;

  /** A table of 2 × 2^keyBits entries, indexed by the side to move and the low bits of the key. */
  constructor(keyBits = 14) {
    this.keyBits = keyBits;
    this.keyMask = (1 << keyBits) - 1;
    this.table = new Int16Array(2 << keyBits);
  }

  private slot(side: number, key: number): number {
    return (side << this.keyBits) | (key & this.keyMask);
  }

  /** What this table adds to the raw static evaluation of `side` to move with this key, in centipawns. */
  correction(side: number, key: number): number {
    return toCentipawns(this.table[this.slot(side, key)]);
  }

  /**
   * After a node's search: moves the entry by a share of `score - corrected`, the error the
   * search found in the evaluation as corrected by every table (so the tables learn what the
   * others leave), by a weight growing with `depth`. `bound` is the score's (tt.ts): a
   * fail-high's score is only a floor, so it may show the evaluation too low but never too high,
   * and a fail-low's only a ceiling, the other way round; an update the bound cannot vouch for is
   * skipped.
   */
  update(side: number, key: number, depth: number, score: number, corrected: number, bound: number): void {
    const index = this.slot(side, key);
    const table = this.table;
    const entry = table[index];
    if ((bound === BOUND_LOWER && score <= corrected) || (bound === BOUND_UPPER && score >= corrected)) return;
    const weight = Math.min(depth + 1, MAX_WEIGHT);
    const averaged = (entry + ((score - corrected) * CORRECTION_GRAIN * weight) / WEIGHT_SCALE) | 0;
    table[index] = Math.max(-ENTRY_MAX, Math.min(ENTRY_MAX, averaged));
  }

  /** Forget every structure's error (a new game). */
  clear(): void {
    this.table.fill(0);
  }
}
