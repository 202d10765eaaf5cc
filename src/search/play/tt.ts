// The game engine's transposition table: per position (by hash) the best move found, a score with
// its bound, and the depth it was searched to. One Int32Array, 4 ints per entry, so a probe touches
// one cache line. Mate scores are stored relative to the entry's position (see search.ts).
//
// Several searches may share one table (a SharedArrayBuffer): the threads of UCI Threads, or all
// the searches of one game, pondering and helpers included, on whichever workers run them. They
// read and write it without locks, so an entry may be read half-written, or half overwritten by
// another thread. Each key half is therefore stored XORed with a data half ("lockless hashing",
// Hyatt and Mann): a torn entry no longer matches its key, and reads as a miss. A probe copies the
// entry's data out at once, so later reads cannot see another thread's write. The age of the
// entries being written (which search they belong to) is kept in the buffer too, after the
// entries, so that the threads agree on it; main searches move it on, helpers never do.

export const BOUND_NONE = 0;
export const BOUND_UPPER = 1;
export const BOUND_LOWER = 2;
export const BOUND_EXACT = 3;

/** Key high half XOR DATA. */
const HI = 0;
/** Key low half XOR MOVE. */
const LO = 1;
const MOVE = 2;
/** score (16 bits, signed) << 16 | depth (8 bits) << 8 | bound (2 bits) << 6 | age (6 bits) */
const DATA = 3;
const ENTRY_BYTES = 16;
/** After the entries: the age (one int) and padding to a whole entry. */
const TAIL_BYTES = 16;

export class TranspositionTable {
  private data: Int32Array;
  private mask: number;
  /** Where in data the age is. */
  private ageAt: number;
  /** The entry the last successful probe found (its move and data word). */
  private foundMove = 0;
  private foundData = 0;

  constructor(megabytes: number) {
    const entries = TranspositionTable.entriesFor(megabytes);
    this.data = new Int32Array((entries * ENTRY_BYTES + TAIL_BYTES) >> 2);
    this.mask = entries - 1;
    this.ageAt = entries * 4;
  }

  /** The largest power of two of 16-byte entries that fits in `megabytes`. */
  static entriesFor(megabytes: number): number {
    const wanted = Math.max(1, Math.floor((megabytes * 1024 * 1024) / ENTRY_BYTES));
    return 2 ** Math.floor(Math.log2(wanted));
  }

  /** A zeroed buffer for a table of `megabytes` that threads can share (see share). */
  static sharedBuffer(megabytes: number): SharedArrayBuffer {
    return new SharedArrayBuffer(TranspositionTable.entriesFor(megabytes) * ENTRY_BYTES + TAIL_BYTES);
  }

  /** Whether the table is shared with other threads (share). */
  isShared(): boolean {
    return this.data.buffer instanceof SharedArrayBuffer;
  }

  /** Whether the table lives in `buffer` now. */
  isIn(buffer: SharedArrayBuffer): boolean {
    return this.data.buffer === buffer;
  }

  /** Uses `buffer` (from sharedBuffer, maybe in use by other threads' tables) from now on, as it is. */
  share(buffer: SharedArrayBuffer): void {
    const entries = (buffer.byteLength - TAIL_BYTES) / ENTRY_BYTES;
    if (!Number.isInteger(entries) || entries < 1 || (entries & (entries - 1)) !== 0) {
      throw new RangeError(`a shared table is a power of two of ${ENTRY_BYTES}-byte entries and ${TAIL_BYTES} bytes more, got ${buffer.byteLength} bytes`);
    }
    this.data = new Int32Array(buffer);
    this.mask = entries - 1;
    this.ageAt = entries * 4;
  }

  /** A table of its own of `megabytes` (emptied), unless it already has one of that size. */
  resize(megabytes: number): void {
    const entries = TranspositionTable.entriesFor(megabytes);
    if (entries * 4 === this.ageAt && !this.isShared()) return;
    this.data = new Int32Array((entries * ENTRY_BYTES + TAIL_BYTES) >> 2);
    this.mask = entries - 1;
    this.ageAt = entries * 4;
  }

  /** Empties the table (and restarts its age). */
  clear(): void {
    this.data.fill(0);
  }

  /** A new search: older entries become the first to be replaced. */
  nextAge(): void {
    this.data[this.ageAt] = (this.data[this.ageAt] + 1) & 63;
  }

  /** Whether the table has this position; if so, move(), score(), depth() and bound() describe it. */
  probe(hi: number, lo: number): boolean {
    const entry = (lo & this.mask) << 2;
    const data = this.data;
    const move = data[entry + MOVE];
    const word = data[entry + DATA];
    if (word === 0 || (data[entry + LO] ^ move) !== lo || (data[entry + HI] ^ word) !== hi) return false;
    this.foundMove = move;
    this.foundData = word;
    return true;
  }

  move(): number {
    return this.foundMove;
  }

  score(): number {
    return this.foundData >> 16;
  }

  depth(): number {
    return (this.foundData >> 8) & 0xff;
  }

  bound(): number {
    return (this.foundData >> 6) & 3;
  }

  /** Replaces the slot unless it holds a deeper result of this search for another position. */
  store(hi: number, lo: number, move: number, score: number, depth: number, bound: number): void {
    const entry = (lo & this.mask) << 2;
    const data = this.data;
    const old = data[entry + DATA];
    const oldMove = data[entry + MOVE];
    const same = (data[entry + LO] ^ oldMove) === lo && (data[entry + HI] ^ old) === hi;
    const age = data[this.ageAt];
    if (!same && old !== 0 && (old & 63) === age && ((old >> 8) & 0xff) > depth + 2) return;
    // Keep the old best move when this result has none (a fail-low).
    const kept = move !== 0 || !same ? move : oldMove;
    const word = (score << 16) | ((depth & 0xff) << 8) | (bound << 6) | age;
    data[entry + MOVE] = kept;
    data[entry + DATA] = word;
    data[entry + HI] = hi ^ word;
    data[entry + LO] = lo ^ kept;
  }

  /** Permille of sampled entries written by the current search (UCI "hashfull"). */
  hashfull(): number {
    let used = 0;
    const sample = Math.min(1000, this.mask + 1);
    const age = this.data[this.ageAt];
    for (let i = 0; i < sample; i++) {
      const data = this.data[(i << 2) + DATA];
      if (data !== 0 && (data & 63) === age) used++;
    }
    return Math.round((used * 1000) / sample);
  }
}
