// Slot accounting: reservations and games together never exceed the limit, a slot is freed once,
// games in progress are counted even beyond the limit, stale reservations expire.

import { describe, expect, it } from 'vitest';
import { GameSlots } from '../../src/games/slots.ts';

describe('GameSlots', () => {
  it('never reserves beyond the limit, whatever the flood', () => {
    const slots = new GameSlots(2);
    const taken = ['a', 'b', 'c', 'd', 'e'].filter((id) => slots.reserve(id, 0));
    expect(taken).toEqual(['a', 'b']);
    expect(slots.isFull).toBe(true);
    expect(slots.reserve('a', 0)).toBe(false);
  });

  it('turns a reservation into a game, frees each slot once', () => {
    const slots = new GameSlots(1);
    slots.reserve('a', 0);
    slots.activate('a');
    expect(slots.count).toBe(1);
    expect(slots.isActive('a')).toBe(true);
    expect(slots.release('a')).toBe(true);
    expect(slots.release('a')).toBe(false);
    expect(slots.count).toBe(0);
  });

  it('counts games it did not reserve for (a restart), even beyond the limit', () => {
    const slots = new GameSlots(1);
    slots.activate('x');
    slots.activate('y');
    expect(slots.count).toBe(2);
    expect(slots.reserve('z', 0)).toBe(false);
  });

  it('expires reservations whose game never started', () => {
    const slots = new GameSlots(2);
    slots.reserve('a', 0);
    slots.reserve('b', 500);
    expect(slots.expire(1000, 1000)).toEqual(['a']);
    expect(slots.has('b')).toBe(true);
  });
});
