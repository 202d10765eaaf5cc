// A small cache of static evaluations keyed by position hash: transpositions and the quiescence
// search evaluate the same positions again and again, and evaluation is the search's dearest part.
// One slot is four neighbouring ints (key halves, value, in use), so a probe touches one cache line.

const BITS = 17;
const MASK = (1 << BITS) - 1;
const HI = 0;
const LO = 1;
const VALUE = 2;
/** Whether the slot holds anything (a zero hash is a real, if unlikely, key). */
const USED = 3;

/** What get answers for a position not cached: an integer (V8 keeps integers unboxed, NaN is a
 *  double), far outside any evaluation. */
export const NOT_CACHED = -(1 << 30);

export class EvalCache {
  private readonly slots = new Int32Array(4 << BITS);

  /** The cached value, or NOT_CACHED when this position is not cached. */
  get(hi: number, lo: number): number {
    const slot = (lo & MASK) << 2;
    const slots = this.slots;
    return slots[slot + USED] === 1 && slots[slot + LO] === lo && slots[slot + HI] === hi ? slots[slot + VALUE] : NOT_CACHED;
  }

  set(hi: number, lo: number, value: number): void {
    const slot = (lo & MASK) << 2;
    const slots = this.slots;
    slots[slot + HI] = hi;
    slots[slot + LO] = lo;
    slots[slot + VALUE] = value;
    slots[slot + USED] = 1;
  }

  clear(): void {
    this.slots.fill(0);
  }
}
