// The mate solver's transposition table: what has been proven about a position, keyed by its
// Polyglot hash. Two bounds per position: "mate in at most `win` moves" and "no mate in `fail`
// moves" (so none in fewer either). Both are proofs, so an entry is exact for every depth it covers.
//
// Layout: one Int32Array, 4 ints per entry (check, hash lo, bounds, move) so a probe touches one
// cache line; entries come in buckets of two: the first keeps the deeper proof, the second takes
// whatever comes (leaf results would otherwise evict the expensive proofs near the root).
// bounds = win | fail << 8 | generation << 16: clear() starts a new generation instead of wiping
// tens of megabytes, so a small problem costs microseconds, not the time to fill the table.
//
// Several threads may share one table (sharedMateTable: one problem solved on every core), with
// no locks: each int is written whole, but two threads writing one entry at once can leave it
// mixed. So the hash's high half is stored xor-ed with the bounds and the move (Hyatt's lockless
// hashing): a mixed entry no longer matches its position and reads as empty, never as a proof of
// something else. A probe copies the bounds and the move it checked, so a write in between
// cannot change what it answers.

/** Larger than any depth: "no win proven". */
const NO_WIN = 255;
/**
 * The most moves the solver can search: the longest proof an 8-bit bound can hold below NO_WIN.
 * At 255 a position stored with only a "no mate" bound would read back as a proven win (a false
 * mate), and beyond it a bound would spill into its neighbour.
 */
export const MAX_MATE_MOVES = NO_WIN - 1;
const EMPTY_BOUNDS = NO_WIN;
const CHECK = 0;
const LO = 1;
const BOUNDS = 2;
const MOVE = 3;

const MAX_GENERATION = 0x7fff;
/** A shared table's first ints: its generation, then padding to keep entries on 16-byte lines. */
const HEADER_INTS = 4;
const GENERATION = 0;

export const winOf = (bounds: number): number => bounds & 0xff;
export const failOf = (bounds: number): number => (bounds >>> 8) & 0xff;
/** How much work an entry stands for: the longer of its two proofs. */
const worth = (bounds: number): number => Math.max(failOf(bounds), winOf(bounds) === NO_WIN ? 0 : winOf(bounds));

export class MateTable {
  private readonly data: Int32Array;
  private readonly bucketMask: number;
  /** Entries whose bounds carry another generation are empty. Starts at 1: a fresh array is all 0. */
  private generation = 1;
  /** What the last successful probe found (copied: another thread may rewrite the entry). */
  private foundBounds = EMPTY_BOUNDS;
  private foundMove = 0;

  /** A table of 2^bits entries of its own, or this thread's view of a shared one (sharedMateTable). */
  constructor(size: number | SharedArrayBuffer = 21) {
    if (typeof size === 'number') {
      this.data = new Int32Array(4 << size);
    } else {
      this.data = new Int32Array(size, HEADER_INTS * 4);
      this.generation = new Int32Array(size, 0, HEADER_INTS)[GENERATION];
    }
    // Buckets of two entries of four ints.
    this.bucketMask = (this.data.length >>> 3) - 1;
  }

  /**
   * Forgets everything: a new generation, and a real wipe only when the counter wraps. Not for a
   * shared table while others use it: its owner renews it between problems (renewSharedMateTable).
   */
  clear(): void {
    if (++this.generation > MAX_GENERATION) {
      this.data.fill(0);
      this.generation = 1;
    }
  }

  /** Whether this position is stored; if so, win(), fail() and move() say what is known. */
  probe(hi: number, lo: number): boolean {
    const first = (lo & this.bucketMask) << 3;
    return this.found(first, hi, lo) || this.found(first + 4, hi, lo);
  }

  private found(entry: number, hi: number, lo: number): boolean {
    const data = this.data;
    if (data[entry + LO] !== lo) return false;
    const bounds = data[entry + BOUNDS];
    const move = data[entry + MOVE];
    if ((data[entry + CHECK] ^ bounds ^ move) !== hi || bounds >>> 16 !== this.generation) return false;
    this.foundBounds = bounds;
    this.foundMove = move;
    return true;
  }

  /** After a successful probe: the longest mate proven (NO_WIN, larger than any depth, for none). */
  win(): number {
    return winOf(this.foundBounds);
  }

  /** After a successful probe: the most moves in which mate is proven impossible. */
  fail(): number {
    return failOf(this.foundBounds);
  }

  /** After a successful probe: the move that proved the last bound stored (0 for none). */
  move(): number {
    return this.foundMove;
  }

  private write(entry: number, hi: number, lo: number, bounds: number, move: number): void {
    const data = this.data;
    data[entry + LO] = lo;
    data[entry + BOUNDS] = bounds;
    data[entry + MOVE] = move;
    data[entry + CHECK] = hi ^ bounds ^ move;
  }

  /**
   * The entry this position goes in: its own if stored (foundBounds and foundMove then hold what
   * it says), else a bucket slot, taken over with empty bounds in foundBounds.
   */
  private claim(hi: number, lo: number, depth: number): number {
    const first = (lo & this.bucketMask) << 3;
    if (this.found(first, hi, lo)) return first;
    if (this.found(first + 4, hi, lo)) return first + 4;
    const data = this.data;
    const firstBounds = data[first + BOUNDS];
    const firstWorth = firstBounds >>> 16 === this.generation ? worth(firstBounds) : 0;
    if (depth >= firstWorth) {
      // The deeper-proof slot's old occupant moves down to the always-replace slot.
      data.copyWithin(first + 4, first, first + 4);
    }
    this.foundBounds = EMPTY_BOUNDS | (this.generation << 16);
    this.foundMove = 0;
    return depth >= firstWorth ? first : first + 4;
  }

  storeWin(hi: number, lo: number, depth: number, move: number): void {
    const entry = this.claim(hi, lo, depth);
    const bounds = this.foundBounds;
    this.write(entry, hi, lo, depth < winOf(bounds) ? (bounds & ~0xff) | depth : bounds, move);
  }

  /** `move`, when given, is the refutation that proved it: the first move to try next time. */
  storeFail(hi: number, lo: number, depth: number, move = 0): void {
    const entry = this.claim(hi, lo, depth);
    const bounds = this.foundBounds;
    this.write(entry, hi, lo, depth > failOf(bounds) ? (bounds & ~0xff00) | (depth << 8) : bounds, move !== 0 ? move : this.foundMove);
  }
}

/** A table of 2^bits entries that several threads can share (new MateTable(buffer) in each). */
export function sharedMateTable(bits: number): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer((HEADER_INTS + (4 << bits)) * 4);
  new Int32Array(buffer, 0, HEADER_INTS)[GENERATION] = 1;
  return buffer;
}

/**
 * Empties a shared table for the next problem: a new generation for the MateTables made over it
 * from now on. Only while no thread uses it.
 */
export function renewSharedMateTable(buffer: SharedArrayBuffer): void {
  const header = new Int32Array(buffer, 0, HEADER_INTS);
  if (++header[GENERATION] > MAX_GENERATION) {
    new Int32Array(buffer, HEADER_INTS * 4).fill(0);
    header[GENERATION] = 1;
  }
}
