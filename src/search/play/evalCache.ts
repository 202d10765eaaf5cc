// A small cache of static evaluations keyed by position hash: transpositions and the quiescence
// search evaluate the same positions again and again, and evaluation is the search's dearest part.

const BITS = 16;
const MASK = (1 << BITS) - 1;

export class EvalCache {
  private readonly keyHi = new Int32Array(1 << BITS);
  private readonly keyLo = new Int32Array(1 << BITS);
  private readonly value = new Int32Array(1 << BITS);
  /** Whether slot i holds anything (a zero hash is a real, if unlikely, key). */
  private readonly used = new Uint8Array(1 << BITS);

  /** The cached value, or NaN when this position is not cached. */
  get(hi: number, lo: number): number {
    const slot = lo & MASK;
    return this.used[slot] === 1 && this.keyLo[slot] === lo && this.keyHi[slot] === hi ? this.value[slot] : NaN;
  }

  set(hi: number, lo: number, value: number): void {
    const slot = lo & MASK;
    this.keyHi[slot] = hi;
    this.keyLo[slot] = lo;
    this.value[slot] = value;
    this.used[slot] = 1;
  }

  clear(): void {
    this.used.fill(0);
  }
}
