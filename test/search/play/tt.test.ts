// The transposition table: what a probe finds, the replacement rule, and sharing one table
// between threads (UCI Threads) without locks, where a torn entry must read as a miss.
import { describe, expect, it } from 'vitest';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, TranspositionTable } from '../../../src/search/play/tt.ts';

/** A key whose low half picks slot `slot` of a 1 MB table (65,536 entries). */
const key = (slot: number, tag: number) => ({ hi: tag * 7919 - 123456789, lo: (tag << 16) | slot });

describe('the transposition table', () => {
  it('finds what was stored, scores of both signs and mate scores included', () => {
    const tt = new TranspositionTable(1);
    tt.nextAge();
    const a = key(5, 1);
    expect(tt.probe(a.hi, a.lo)).toBe(false);
    tt.store(a.hi, a.lo, 0x1234, -31950, 17, BOUND_LOWER);
    expect(tt.probe(a.hi, a.lo)).toBe(true);
    expect([tt.move(), tt.score(), tt.depth(), tt.bound()]).toEqual([0x1234, -31950, 17, BOUND_LOWER]);
    tt.store(a.hi, a.lo, 0x777, 31990, 3, BOUND_EXACT);
    expect(tt.probe(a.hi, a.lo)).toBe(true);
    expect([tt.move(), tt.score(), tt.depth(), tt.bound()]).toEqual([0x777, 31990, 3, BOUND_EXACT]);
    // Another position with the same slot but another key is not this one.
    const b = key(5, 2);
    expect(tt.probe(b.hi, b.lo)).toBe(false);
    expect(tt.probe(a.hi ^ 1, a.lo)).toBe(false);
  });

  it('keeps the best move of a fail-low that has none, and a deeper entry of this search over a shallower one', () => {
    const tt = new TranspositionTable(1);
    tt.nextAge();
    const a = key(9, 1);
    tt.store(a.hi, a.lo, 0x55, 10, 8, BOUND_EXACT);
    tt.store(a.hi, a.lo, 0, -40, 9, BOUND_UPPER);
    expect(tt.probe(a.hi, a.lo)).toBe(true);
    expect([tt.move(), tt.score(), tt.bound()]).toEqual([0x55, -40, BOUND_UPPER]);
    const b = key(9, 2);
    tt.store(b.hi, b.lo, 0x66, 0, 2, BOUND_EXACT);
    expect(tt.probe(b.hi, b.lo)).toBe(false);
    expect(tt.probe(a.hi, a.lo)).toBe(true);
    // In the next search the old entry gives way.
    tt.nextAge();
    tt.store(b.hi, b.lo, 0x66, 0, 2, BOUND_EXACT);
    expect(tt.probe(b.hi, b.lo)).toBe(true);
    expect(tt.probe(a.hi, a.lo)).toBe(false);
  });

  it('shares one table between tables on the same buffer, as threads do', () => {
    const buffer = TranspositionTable.sharedBuffer(1);
    expect(buffer.byteLength).toBe(1024 * 1024 + 16); // the entries, then the age
    const one = new TranspositionTable(1);
    const two = new TranspositionTable(4);
    one.share(buffer);
    two.share(buffer);
    expect(one.isIn(buffer) && two.isIn(buffer) && one.isShared()).toBe(true);
    one.nextAge();
    const a = key(1234, 3);
    one.store(a.hi, a.lo, 0x99, 55, 6, BOUND_EXACT);
    expect(two.probe(a.hi, a.lo)).toBe(true);
    expect([two.move(), two.score(), two.depth()]).toEqual([0x99, 55, 6]);
    // Clearing is for everyone; a table of its own again no longer sees the others' entries.
    two.clear();
    expect(one.probe(a.hi, a.lo)).toBe(false);
    one.store(a.hi, a.lo, 0x99, 55, 6, BOUND_EXACT);
    two.resize(1);
    expect(two.isShared()).toBe(false);
    expect(two.probe(a.hi, a.lo)).toBe(false);
    expect(() => one.share(new SharedArrayBuffer(3 * 16 + 16))).toThrow(
      'a shared table is a power of two of 16-byte entries and 16 bytes more, got 64 bytes',
    );
  });

  it('keeps one age for all the tables on a buffer: only the main search moves it on', () => {
    const buffer = TranspositionTable.sharedBuffer(1);
    const main = new TranspositionTable(1);
    const helper = new TranspositionTable(1);
    main.share(buffer);
    helper.share(buffer);
    main.nextAge();
    for (let slot = 0; slot < 500; slot++) {
      const k = key(slot, 1);
      helper.store(k.hi, k.lo, 1, 0, 30, BOUND_EXACT);
    }
    // The helper's entries are this search's: they fill the main table's sampled half.
    expect(main.hashfull()).toBe(500);
    // A deep entry of this search, written by the helper, is not replaced by the main search's
    // shallower result for another position; in the next search it is.
    const other = key(3, 2);
    main.store(other.hi, other.lo, 2, 0, 1, BOUND_EXACT);
    expect(main.probe(other.hi, other.lo)).toBe(false);
    main.nextAge();
    expect(helper.hashfull()).toBe(0);
    main.store(other.hi, other.lo, 2, 0, 1, BOUND_EXACT);
    expect(helper.probe(other.hi, other.lo)).toBe(true);
  });

  it('reads an entry torn between two writers (one\'s key words, the other\'s data words) as a miss', () => {
    const buffer = TranspositionTable.sharedBuffer(1);
    const tt = new TranspositionTable(1);
    tt.share(buffer);
    tt.nextAge();
    const words = new Int32Array(buffer);
    const slot = 77;
    const a = key(slot, 1);
    const b = key(slot, 2);
    tt.store(a.hi, a.lo, 0x1111, 100, 5, BOUND_EXACT);
    const entryA = Array.from(words.subarray(slot * 4, slot * 4 + 4));
    tt.nextAge(); // so that b replaces a
    tt.store(b.hi, b.lo, 0x2222, -100, 4, BOUND_LOWER);
    const entryB = Array.from(words.subarray(slot * 4, slot * 4 + 4));
    // Every mix of the two entries' words other than the two whole ones.
    let torn = 0;
    for (let mask = 1; mask < 15; mask++) {
      for (let i = 0; i < 4; i++) words[slot * 4 + i] = (mask >> i) & 1 ? entryB[i]! : entryA[i]!;
      expect(tt.probe(a.hi, a.lo), `mask ${mask}`).toBe(false);
      expect(tt.probe(b.hi, b.lo), `mask ${mask}`).toBe(false);
      torn++;
    }
    expect(torn).toBe(14);
    words.set(entryA, slot * 4);
    expect(tt.probe(a.hi, a.lo)).toBe(true);
    expect(tt.move()).toBe(0x1111);
  });
});
