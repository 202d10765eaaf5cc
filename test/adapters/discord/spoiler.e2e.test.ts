// /mate for a server that solves before it reads: the spoiler option hides the keys and the
// solution behind Discord's spoiler marks and draws the board without the key; and an answer
// too long for one message is never cut silently: the whole of it comes as an attached file.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderBoardPng } from '../../../src/adapters/discord/board/index.ts';
import type { Position } from '../../../src/chess/position.ts';
import type { MateReport } from '../../../src/search/mate/index.ts';
import { CallbackType, EPHEMERAL } from '../../support/fakeDiscord/index.ts';
import { mateEngine } from '../../support/fakeEngine.ts';
import { type Harness, KNIGHT_PROMOTION, finalEdit, newUser, startHarness } from './harness.ts';

describe('the spoiler option', () => {
  let h: Harness;
  /** The key each picture was drawn with (null: none). */
  const drawnWith: Array<string | null> = [];

  beforeAll(async () => {
    h = await startHarness({
      renderBoard: (position: Position, keyUci: string | null) => {
        drawnWith.push(keyUci);
        return renderBoardPng(position, keyUci === null ? {} : { move: keyUci });
      },
    });
  });

  afterAll(async () => {
    await h?.close();
  });

  it('hides the line and the keys, and draws the board without the key', async () => {
    const handle = h.mate(KNIGHT_PROMOTION, 3, { spoiler: true, user: newUser() });
    const answer = await finalEdit(handle);
    const [line, keys, totals] = String(answer.body.content).split('\n');
    expect(line).toBe('Mate in 3: ||1. bxa8=N! Kxg2 2. Nb6 Bf2 3. a8=Q#||');
    expect(keys).toBe('Keys: ||bxa8=N||');
    expect(totals).toMatch(/^[\d,]+ nodes, \d+\.\d\d s$/);
    expect(drawnWith).toEqual([null]);
    expect(answer.files.map((file) => file.filename)).toEqual(['board.png']);
  });

  it('asked again without spoiler, answers from the cache with the key shown and marked', async () => {
    const handle = h.mate(KNIGHT_PROMOTION, 3, { user: newUser() });
    const reply = await handle.callback();
    expect(String(reply.data.content)).toMatch(/^Mate in 3: 1\. bxa8=N! Kxg2 2\. Nb6 Bf2 3\. a8=Q#\nKeys: bxa8=N\n/);
    expect(drawnWith.at(-1)).toBe('b7a8n');
    // And with spoiler again, from the cache too: hidden, drawn without the key.
    const hidden = await h.mate(KNIGHT_PROMOTION, 3, { spoiler: true, user: newUser() }).callback();
    expect(String(hidden.data.content)).toMatch(/^Mate in 3: \|\|1\. bxa8=N!.*\|\|\nKeys: \|\|bxa8=N\|\|\n/);
    expect(drawnWith.at(-1)).toBeNull();
  });

  it('names a spoiler value that is no yes or no, privately', async () => {
    const reply = await h.mate(KNIGHT_PROMOTION, 3, { spoiler: 'yes', user: newUser() }).callback();
    expect(reply.type).toBe(CallbackType.ChannelMessageWithSource);
    expect(reply.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(String(reply.data.content)).toBe('/mate: spoiler must be true or false, got "yes"');
  });
});

describe('an answer too long for one message', () => {
  let h: Harness;
  // A mate whose main line alone runs to thousands of characters.
  const LINE = Array.from({ length: 600 }, (_, i) => (i % 2 === 0 ? 'Qb1' : 'Ka8'));
  const long: MateReport = {
    status: 'mate', mateIn: 300, keys: ['e1b1'], keysSan: ['Qb1'], keysComplete: true, line: LINE, lineUci: [], lineComplete: true,
    nodes: 1_234, provenDepth: 299,
  };

  beforeAll(async () => {
    h = await startHarness({ mate: { engine: mateEngine(async () => long) } });
  });

  afterAll(async () => {
    await h?.close();
  });

  it('shows what fits, says where the rest is, and attaches the whole answer', async () => {
    const answer = await finalEdit(h.mate(KNIGHT_PROMOTION, 3, { user: newUser() }));
    const content = String(answer.body.content);
    expect(content.length).toBeLessThanOrEqual(2000);
    expect(content).toMatch(/^Mate in 300: 1\. Qb1! Ka8 2\. Qb1 /);
    expect(content).toMatch(/\n… \(the whole answer is in the attached answer\.txt\)$/);
    const file = answer.files.find((f) => f.filename === 'answer.txt');
    expect(file).toBeDefined();
    const whole = file!.data.toString('utf8');
    expect(whole).toMatch(/^Mate in 300: 1\. Qb1! Ka8 2\. Qb1 .* 300\. Qb1 Ka8\nKeys: Qb1\n1,234 nodes, \d+\.\d\d s\n$/);
  });

  it('marks the attachment as a spoiler when the solution is hidden', async () => {
    // Another n than the test before, so that the answer is not the cached one.
    const answer = await finalEdit(h.mate(KNIGHT_PROMOTION, 4, { spoiler: true, user: newUser() }));
    expect(answer.files.map((file) => file.filename)).toContain('SPOILER_answer.txt');
    // The line was cut inside its spoiler marks: they are closed again, so nothing hidden shows.
    const content = String(answer.body.content);
    expect(content.length).toBeLessThanOrEqual(2000);
    expect(content).toMatch(/^Mate in 300: \|\|1\. Qb1! .*\|\|\n… \(the whole answer is in the attached answer\.txt\)$/);
    const whole = answer.files.find((f) => f.filename === 'SPOILER_answer.txt')!.data.toString('utf8');
    expect(whole).not.toContain('||');
  });
});
