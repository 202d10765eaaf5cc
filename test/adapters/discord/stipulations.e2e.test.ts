// /mate beyond direct mates on Discord: the kind option asks for a helpmate (every solution
// listed) or a selfmate; each answer is cached apart from the direct mate of the same position.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EPHEMERAL } from '../../support/fakeDiscord/index.ts';
import { type Harness, finalEdit, newUser, startHarness } from './harness.ts';

/** h#2 with 11 solutions (test/data/popeye-helpmates.json, as Popeye 4.104 proved it). */
const HELPMATE = '8/8/K7/1N6/1Bk5/3N2p1/1P5p/7B b - - 0 1';

describe('the kind option', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('lists every solution of a helpmate', async () => {
    const answer = await finalEdit(h.mate(HELPMATE, 2, { kind: 'help', user: newUser() }));
    const lines = String(answer.body.content).split('\n');
    expect(lines[0]).toBe('Helpmate in 2: 11 solutions');
    expect(lines).toContain('  1... Kb3 2. Bd5+ Ka4 3. b3#');
    expect(lines.filter((line) => /^ {2}1\.\.\. /.test(line))).toHaveLength(11);
  });

  it('answers the same position as a direct mate apart (no mate for black), not from the helpmate’s cache entry', async () => {
    const answer = await finalEdit(h.mate(HELPMATE, 2, { user: newUser() }));
    expect(String(answer.body.content)).toMatch(/^No mate in 2/);
  });

  it('names what is wrong with a kind it does not know, privately', async () => {
    const reply = await h.mate(HELPMATE, 2, { kind: 'series', user: newUser() }).callback();
    expect(reply.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(String(reply.data.content)).toMatch(/^\/mate: .*kind/);
  });
});
