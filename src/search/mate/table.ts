// The mate solver's transposition table: what has been proven about a position, keyed by its
// Polyglot hash. Two bounds per position: "mate in at most `win` moves" and "no mate in `fail`
// moves" (so none in fewer either). Both are proofs, so an entry is exact for every depth it covers.
//
// Layout: one Int32Array, 4 ints per entry (hash hi, hash lo, bounds, move) so a probe touches one
// cache line; entries come in buckets of two: the first keeps the deeper proof, the second takes
// whatever comes (leaf results would otherwise evict the expensive proofs near the root).
// bounds = win | fail << 8 | generation << 16: clear() starts a new generation instead of wiping
// tens of megabytes, so a small problem costs microseconds, not the time to fill the table.

/** Larger than any depth: "no win proven". */
const NO_WIN = 255;
/**
 * The most moves the solver can search: the longest proof an 8-bit bound can hold below NO_WIN.
 * At 255 a position stored with only a "no mate" bound would read back as a proven win (a false
 * mate), and beyond it a bound would spill into its neighbour.
 */
export const MAX_MATE_MOVES = NO_WIN - 1;
const EMPTY_BOUNDS = NO_WIN;
const HI = 0;
const LO = 1;
const BOUNDS = 2;
const MOVE = 3;

const MAX_GENERATION = 0x7fff;

export const winOf = (bounds: number): number => bounds & 0xff;
export const failOf = (bounds: number): number => (bounds >>> 8) & 0xff;
/** How much work an entry stands for: the longer of its two proofs. */
const worth = (bounds: number): number => Math.max(failOf(bounds), winOf(bounds) === NO_WIN ? 0 : winOf(bounds));

export class MateTable {
  private readonly data: Int32Array;
  private readonly bucketMask: number;
  /** Entries whose bounds carry another generation are empty. Starts at 1: a fresh array is all 0. */
  private generation = 1;

  constructor(bits = 21) {
    this.data = new Int32Array(4 << bits);
    this.bucketMask = (1 << (bits - 1)) - 1;
  }

  /** Forgets everything: a new generation, and a real wipe only when the counter wraps. */
  clear(): void {
    if (++this.generation > MAX_GENERATION) {
      this.data.fill(0);
      this.generation = 1;
    }
  }

  private isCurrent(entry: number, hi: number, lo: number): boolean {
    const data = this.data;
    return data[entry + LO] === lo && data[entry + HI] === hi && data[entry + BOUNDS] >>> 16 === this.generation;
  }

  /** The entry index of this position if stored, else -1. */
  probe(hi: number, lo: number): number {
    const first = (lo & this.bucketMask) << 3;
    if (this.isCurrent(first, hi, lo)) return first;
    if (this.isCurrent(first + 4, hi, lo)) return first + 4;
    return -1;
  }

  win(entry: number): number {
    return winOf(this.data[entry + BOUNDS]);
  }

  fail(entry: number): number {
    return failOf(this.data[entry + BOUNDS]);
  }

  move(entry: number): number {
    return this.data[entry + MOVE];
  }

  /** The entry for this position: its own if stored, else the bucket slot it may take. */
  private claim(hi: number, lo: number, depth: number): number {
    const found = this.probe(hi, lo);
    if (found >= 0) return found;
    const data = this.data;
    const first = (lo & this.bucketMask) << 3;
    const firstWorth = data[first + BOUNDS] >>> 16 === this.generation ? worth(data[first + BOUNDS]) : 0;
    const entry = depth >= firstWorth ? first : first + 4;
    if (entry === first) {
      // The deeper-proof slot's old occupant moves down to the always-replace slot.
      data.copyWithin(first + 4, first, first + 4);
    }
    data[entry + HI] = hi;
    data[entry + LO] = lo;
    data[entry + BOUNDS] = EMPTY_BOUNDS | (this.generation << 16);
    data[entry + MOVE] = 0;
    return entry;
  }

  storeWin(hi: number, lo: number, depth: number, move: number): void {
    const entry = this.claim(hi, lo, depth);
    const bounds = this.data[entry + BOUNDS];
    if (depth < winOf(bounds)) this.data[entry + BOUNDS] = (bounds & ~0xff) | depth;
    this.data[entry + MOVE] = move;
  }

  /** `move`, when given, is the refutation that proved it: the first move to try next time. */
  storeFail(hi: number, lo: number, depth: number, move = 0): void {
    const entry = this.claim(hi, lo, depth);
    const bounds = this.data[entry + BOUNDS];
    if (depth > failOf(bounds)) this.data[entry + BOUNDS] = (bounds & ~0xff00) | (depth << 8);
    if (move !== 0) this.data[entry + MOVE] = move;
  }
}
