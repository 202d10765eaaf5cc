// The game engine's transposition table: per position (by hash) the best move found, a score with
// its bound, and the depth it was searched to. One Int32Array, 4 ints per entry, so a probe touches
// one cache line. Mate scores are stored relative to the entry's position (see search.ts).

export const BOUND_NONE = 0;
export const BOUND_UPPER = 1;
export const BOUND_LOWER = 2;
export const BOUND_EXACT = 3;

const HI = 0;
const LO = 1;
const MOVE = 2;
/** score (16 bits, signed) << 16 | depth (8 bits) << 8 | bound (2 bits) << 6 | age (6 bits) */
const DATA = 3;

export class TranspositionTable {
  private data: Int32Array;
  private mask: number;
  private age = 0;

  constructor(megabytes: number) {
    const entries = TranspositionTable.entriesFor(megabytes);
    this.data = new Int32Array(entries * 4);
    this.mask = entries - 1;
  }

  /** The largest power of two of 16-byte entries that fits in `megabytes`. */
  static entriesFor(megabytes: number): number {
    const wanted = Math.max(1, Math.floor((megabytes * 1024 * 1024) / 16));
    return 2 ** Math.floor(Math.log2(wanted));
  }

  resize(megabytes: number): void {
    const entries = TranspositionTable.entriesFor(megabytes);
    if (entries * 4 === this.data.length) return;
    this.data = new Int32Array(entries * 4);
    this.mask = entries - 1;
  }

  clear(): void {
    this.data.fill(0);
    this.age = 0;
  }

  /** A new search: older entries become the first to be replaced. */
  nextAge(): void {
    this.age = (this.age + 1) & 63;
  }

  /** The entry index of this position, or -1. */
  probe(hi: number, lo: number): number {
    const entry = (lo & this.mask) << 2;
    const data = this.data;
    return data[entry + LO] === lo && data[entry + HI] === hi && data[entry + DATA] !== 0 ? entry : -1;
  }

  move(entry: number): number {
    return this.data[entry + MOVE];
  }

  score(entry: number): number {
    return this.data[entry + DATA] >> 16;
  }

  depth(entry: number): number {
    return (this.data[entry + DATA] >> 8) & 0xff;
  }

  bound(entry: number): number {
    return (this.data[entry + DATA] >> 6) & 3;
  }

  /** Replaces the slot unless it holds a deeper result of this search for another position. */
  store(hi: number, lo: number, move: number, score: number, depth: number, bound: number): void {
    const entry = (lo & this.mask) << 2;
    const data = this.data;
    const old = data[entry + DATA];
    const same = data[entry + LO] === lo && data[entry + HI] === hi;
    if (!same && old !== 0 && (old & 63) === this.age && ((old >> 8) & 0xff) > depth + 2) return;
    // Keep the old best move when this result has none (a fail-low).
    if (move !== 0 || !same) data[entry + MOVE] = move;
    data[entry + HI] = hi;
    data[entry + LO] = lo;
    data[entry + DATA] = (score << 16) | ((depth & 0xff) << 8) | (bound << 6) | this.age;
  }

  /** Permille of sampled entries written by the current search (UCI "hashfull"). */
  hashfull(): number {
    let used = 0;
    const sample = Math.min(1000, this.mask + 1);
    for (let i = 0; i < sample; i++) {
      const data = this.data[(i << 2) + DATA];
      if (data !== 0 && (data & 63) === this.age) used++;
    }
    return Math.round((used * 1000) / sample);
  }
}
