// Pawn correction history: how far the static evaluation has lately been from what the search
// found, in positions of the same pawn structure. The network misjudges a structure the same way
// wherever it stands, so that error, learnt during the search, is added back to the evaluation the
// pruning decisions read (as Stockfish, Ethereal, Berserk and Stormphrax do).

import { BOUND_LOWER, BOUND_UPPER } from './tt.ts';

/** Entries per side to move, indexed by the low bits of the pawn hash. */
const ENTRIES_BITS = 14;
const ENTRY_MASK = (1 << ENTRIES_BITS) - 1;
/** Entries hold centipawns times this, so slow averaging does not round small errors away. */
export const CORRECTION_GRAIN = 256;
/** An update's weight is out of this much: the entry keeps (WEIGHT_SCALE - weight) of its old value. */
const WEIGHT_SCALE = 256;
/** Deeper searches are surer of their score and weigh more, up to this weight (1/16 of the entry). */
const MAX_WEIGHT = 16;
/** No structure corrects the evaluation by more than this many centipawns. */
export const CORRECTION_MAX_CP = 32;
const ENTRY_MAX = CORRECTION_MAX_CP * CORRECTION_GRAIN;

/** The table entry of `side` to move with this pawn hash. */
const slot = (side: number, pawnHash: number): number => (side << ENTRIES_BITS) | (pawnHash & ENTRY_MASK);
/** An entry's value in whole centipawns. */
const toCentipawns = (entry: number): number => (entry / CORRECTION_GRAIN) | 0;

export class CorrectionHistory {
  /** [side << ENTRIES_BITS | pawn hash bits]: the running average error, in centipawns × GRAIN. */
  private readonly table = new Int16Array(2 << ENTRIES_BITS);

  /** What to add to the raw static evaluation of `side` to move with these pawns, in centipawns. */
  correction(side: number, pawnHash: number): number {
    return toCentipawns(this.table[slot(side, pawnHash)]);
  }

  /**
   * After a node's search: moves the entry towards `score - rawEval`, the error the search found,
   * by a weight growing with `depth`. `bound` is the score's (tt.ts): a fail-high's score is only
   * a floor, so it may show the evaluation too low but never too high, and a fail-low's only a
   * ceiling, the other way round; an update the bound cannot vouch for is skipped.
   */
  update(side: number, pawnHash: number, depth: number, score: number, rawEval: number, bound: number): void {
    const index = slot(side, pawnHash);
    const table = this.table;
    const entry = table[index];
    const corrected = rawEval + toCentipawns(entry);
    if ((bound === BOUND_LOWER && score <= corrected) || (bound === BOUND_UPPER && score >= corrected)) return;
    const weight = Math.min(depth + 1, MAX_WEIGHT);
    const averaged = ((entry * (WEIGHT_SCALE - weight) + (score - rawEval) * CORRECTION_GRAIN * weight) / WEIGHT_SCALE) | 0;
    table[index] = Math.max(-ENTRY_MAX, Math.min(ENTRY_MAX, averaged));
  }

  /** Forget every structure's error (a new game). */
  clear(): void {
    this.table.fill(0);
  }
}
