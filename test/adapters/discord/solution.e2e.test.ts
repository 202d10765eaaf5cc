// /mate for problemists on Discord: the solution option writes the key with every defence and
// its mates (duals flagged), the tries with their refutations and the set play, as problem
// magazines (and Popeye) print them; kept apart from the plain answer in the cache.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallbackType, EPHEMERAL } from '../../support/fakeDiscord/index.ts';
import { type Harness, MATE_IN_1, finalEdit, newUser, startHarness } from './harness.ts';

/** #2 with tries, a dual after one of them, and set play (test/mate/solution.test.ts has Popeye's answer). */
const TWO_MOVER = '5R2/1N3p2/3pk3/6PR/3Q4/B3K3/8/8 w - - 0 1';

describe('the solution option', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('writes the key, every defence with its mates, the tries with their refutations, and the set play', async () => {
    const answer = await finalEdit(h.mate(TWO_MOVER, 2, { solution: true, user: newUser() }));
    const text = String(answer.body.content);
    // The whole solution is longer than one message: it is attached whole, never cut.
    const attached = answer.files.find((file) => file.filename === 'answer.txt');
    const full = attached ? String(attached.data) : text;
    expect(full).toContain('Solution:\n  1. Qg4+!\n      1... Kd5 2. Qe4#\n      1... Ke5 2. Qe4#\n      1... Ke7 2. Bxd6#\n      1... f5 2. gxf6#');
    expect(full).toContain('  1. Ke4? threat: 2. Qxd6#\n      1... d5+ 2. Qxd5#\n      but 1... f5+!');
    expect(full).toContain('      1... Ke7 2. Qxd6#, 2. Qxf7# (dual)');
    expect(full).toMatch(/Set play:[\s\S]*1\.\.\. Kf5 2\. Qe4#/);
  });

  it('answers the same problem without the solution apart, from its own search', async () => {
    const plain = await finalEdit(h.mate(TWO_MOVER, 2, { user: newUser() }));
    expect(String(plain.body.content)).not.toContain('Solution:');
    expect(String(plain.body.content)).toMatch(/^Mate in 2: 1\. Qg4\+! Kd5 2\. Qe4#\nKeys: Qg4\+\n/);
  });

  it('refuses it in checks-only mode, and a value that is no yes or no, privately', async () => {
    const checks = await h.mate(MATE_IN_1, 1, { mode: 'checks', solution: true, user: newUser() }).callback();
    expect(checks.type).toBe(CallbackType.ChannelMessageWithSource);
    expect(checks.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(String(checks.data.content)).toMatch(/^\/mate: the solution \(threats, variations, tries\) is written for all moves/);
    const odd = await h.mate(MATE_IN_1, 1, { solution: 'please', user: newUser() }).callback();
    expect(String(odd.data.content)).toBe('/mate: solution must be true or false, got "please"');
  });
});
