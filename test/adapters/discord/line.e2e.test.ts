// The line, end to end over the fake Discord: a burst of members asking at once is answered in
// full, each waiting reply showing its place until its search starts; a full line refuses with
// "try again in …"; and a Cancel while waiting leaves the line at once, moving the others up.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCELLED_WAITING_TEXT } from '../../../src/adapters/discord/mateRequest.ts';
import type { EngineClient } from '../../../src/engine/index.ts';
import { CallbackType, EPHEMERAL, type InteractionHandle } from '../../support/fakeDiscord/index.ts';
import { HEAVY, type Harness, MATE_IN_1, finalEdit, newUser, startHarness } from './harness.ts';

interface Problem {
  readonly fen: string;
  readonly n: number;
  readonly mateIn: number | null;
}

/** The first 18 mates in 2 to 4 of the public suite: each solved in well under a second. */
const BURST: readonly Problem[] = readFileSync(join(import.meta.dirname, '..', '..', '..', 'bench', 'data', 'mate-public.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as Problem)
  .filter((problem) => problem.n >= 2 && problem.n <= 4 && problem.mateIn === problem.n)
  .slice(0, 18);

/** The places in line a reply showed, in order. */
function placesShown(handle: InteractionHandle): number[] {
  return handle.edits.flatMap((edit) => {
    const match = /: (\d+)(?:st|nd|rd|th) in line/.exec(String(edit.body.content ?? ''));
    return match ? [Number(match[1])] : [];
  });
}

describe('a burst of 18 members on two threads', () => {
  let h: Harness;
  // The searches start only once every request is in, as when they all come within the same
  // second: so each waiting reply first shows the place it joined at.
  let openGate!: () => void;
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  const gated: EngineClient = { run: (job, options) => gate.then(() => h.pool.run(job, options)) };

  beforeAll(async () => {
    // The defaults of the configuration: one search per member, 40 running or waiting.
    h = await startHarness({ poolSize: 2, limits: { perUser: 1, total: 40 }, progressIntervalMs: 50, mate: { engine: gated } });
  });

  afterAll(async () => {
    await h?.close();
  });

  it('answers every one, none refused, each waiting reply showing its place until its turn', async () => {
    expect(BURST).toHaveLength(18);
    const handles = BURST.map((problem) => h.mate(problem.fen, problem.n, { user: newUser() }));
    const callbacks = await Promise.all(handles.map((handle) => handle.callback()));
    for (const callback of callbacks) {
      // Deferred in public, within Discord's 3 seconds: nobody was turned away.
      expect(callback.type).toBe(CallbackType.DeferredChannelMessageWithSource);
      expect(callback.flags & EPHEMERAL).toBe(0);
    }
    await Promise.all(handles.slice(2).map((handle) => handle.edit((e) => / in line/.test(String(e.body.content)), 10_000)));
    openGate();
    const answers = await Promise.all(handles.map((handle) => finalEdit(handle, 120_000)));
    answers.forEach((answer, i) => expect(String(answer.body.content)).toMatch(new RegExp(`^Mate in ${BURST[i]!.n}: `)));

    // Two started at once; the other 16 waited, each shown its place, which only moved up.
    const shown = handles.map(placesShown);
    expect(shown.filter((places) => places.length === 0)).toHaveLength(2);
    const firstPlaces = shown.filter((places) => places.length > 0).map((places) => places[0]!);
    expect(firstPlaces.sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    for (const places of shown) expect([...places].sort((a, b) => b - a)).toEqual(places);
    // The place gave way to the search's progress (or straight to the answer).
    for (const handle of handles) {
      const lastWaiting = handle.edits.findLastIndex((edit) => / in line/.test(String(edit.body.content ?? '')));
      expect(lastWaiting).toBeLessThan(handle.edits.length - 1);
    }
  });
});

describe('a line that is full, and a Cancel while waiting', () => {
  let h: Harness;

  beforeAll(async () => {
    // One thread, and room for two more in line.
    h = await startHarness({ poolSize: 1, limits: { perUser: 1, total: 3 }, progressIntervalMs: 50 });
  });

  afterAll(async () => {
    await h?.close();
  });

  it('refuses beyond the line with when to try again, and lets a cancelled request leave at once', async () => {
    const running = h.mate(HEAVY, 10, { user: newUser() });
    await running.edit((e) => String(e.body.content).includes('searching'), 10_000);
    const owner = newUser('owner');
    const first = h.mate(MATE_IN_1, 1, { user: owner });
    const second = h.mate(MATE_IN_1, 2, { user: newUser() });
    await first.edit((e) => String(e.body.content).includes('1st in line'), 10_000);
    await second.edit((e) => String(e.body.content).includes('2nd in line'), 10_000);

    const refused = h.mate(MATE_IN_1, 3, { user: newUser() });
    const refusal = await refused.callback();
    expect(refusal.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(String(refusal.data.content)).toMatch(
      /^Busy: the bot is solving as many problems as it can at once and the line is full; try again in about \d+ (s|min)\.$/,
    );

    // Cancel the first in line: it leaves at once, and the second moves up.
    const clickedAt = Date.now();
    const click = first.click(`mate:cancel:${first.id}`, { user: owner });
    expect((await click.callback()).type).toBe(CallbackType.DeferredUpdateMessage);
    const cancelled = await finalEdit(first, 5_000);
    expect(cancelled.at - clickedAt).toBeLessThan(2_000);
    expect(String(cancelled.body.content)).toBe(CANCELLED_WAITING_TEXT);
    await second.edit((e) => String(e.body.content).includes('1st in line'), 5_000);

    // The heavy search is stopped; the second then runs and is answered.
    running.click(`mate:cancel:${running.id}`);
    expect(String((await finalEdit(second, 20_000)).body.content)).toMatch(/^Mate in 1: 1\. Ra8#/);
    await finalEdit(running, 10_000);
  });
});

describe('a request that would wait longer than its reply lives', () => {
  let h: Harness;

  beforeAll(async () => {
    // One thread; searches stop after a second; and a reply that can be edited only long enough
    // for a search, its final edit's margin, and 0.8 s of waiting.
    h = await startHarness({
      poolSize: 1, mate: { timeoutSeconds: 1 }, limits: { perUser: 1, total: 5 }, interactionLifetimeMs: 3_000 + 30_000 + 800,
    });
  });

  afterAll(async () => {
    await h?.close();
  });

  it('leaves the line in time and says the line is too long, with when to try again', async () => {
    const running = h.mate(HEAVY, 10, { user: newUser() });
    await running.edit((e) => String(e.body.content).includes('searching'), 10_000);
    const waiting = h.mate(MATE_IN_1, 1, { user: newUser() });
    await waiting.edit((e) => String(e.body.content).includes('1st in line'), 5_000);
    const answer = await finalEdit(waiting, 5_000);
    expect(String(answer.body.content)).toMatch(/^Busy: the line is too long .*; try again in about \d+ (s|min)\.$/);
    // It never searched: the running search's answer is the only one.
    await finalEdit(running, 10_000);
    expect(waiting.edits.some((e) => String(e.body.content).includes('searching'))).toBe(false);
  });
});

