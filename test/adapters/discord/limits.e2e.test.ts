// The limits of /mate, end to end: the time cap of one search, searches per member and in total
// (with no room left in the line, refused privately with "try again in …"), and a shutdown that stops the searches in progress,
// says so in their replies, turns new requests away and logs out.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHUTTING_DOWN_TEXT } from '../../../src/adapters/discord/mateRequest.ts';
import type { MateReport } from '../../../src/search/mate/index.ts';
import { mateEngine } from '../../support/fakeEngine.ts';
import { CallbackType, EPHEMERAL, type InteractionHandle } from '../../support/fakeDiscord/index.ts';
import { HEAVY, type Harness, KNIGHT_PROMOTION, MATE_IN_1, PNG_MAGIC, finalEdit, newUser, startHarness } from './harness.ts';

/** The private reply's text, after checking that it is private and the only thing sent. */
async function privateText(handle: InteractionHandle): Promise<string> {
  const callback = await handle.callback();
  expect(callback.type).toBe(CallbackType.ChannelMessageWithSource);
  expect(callback.flags & EPHEMERAL).toBe(EPHEMERAL);
  return String(callback.data.content);
}

/** The seconds in "try again in about N s". */
function waitSeconds(text: string): number {
  const match = /try again in about (\d+) s\.$/.exec(text);
  if (!match) throw new Error(`no wait in ${JSON.stringify(text)}`);
  return Number(match[1]);
}

describe('with a one-second time cap and room for two searches (both running, none waiting)', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({ mate: { timeoutSeconds: 1 }, limits: { perUser: 1, total: 2 } });
  });

  afterAll(async () => {
    await h?.close();
  });

  it('stops a search at its time cap and says how far it proved', async () => {
    const handle = h.mate(HEAVY, 10, { user: newUser() });
    const deferredAt = (await handle.callback()).at;
    const answer = await finalEdit(handle, 6_000);
    expect(String(answer.body.content)).toMatch(
      /^Stopped by the time limit \(1 s\) while searching n = \d+: no mate in \d+ or fewer is proven\.\n[\d,]+ nodes, 1\.\d\d s$/,
    );
    expect(answer.at - deferredAt).toBeLessThan(4_000);
    expect(answer.files[0]!.data.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
    expect(handle.message?.components).toEqual([]);

    // A stopped search is not an answer to keep: asked again, it is searched again.
    const again = h.mate(HEAVY, 10, { user: newUser() });
    expect((await again.callback()).type).toBe(CallbackType.DeferredChannelMessageWithSource);
    await finalEdit(again, 6_000);
  });

  it('lets a member run one search at a time; others may still ask', async () => {
    const member = newUser();
    const first = h.mate(HEAVY, 10, { user: member });
    await first.callback();
    const second = h.mate(MATE_IN_1, 1, { user: member });
    const text = await privateText(second);
    expect(text).toMatch(/^You already have a \/mate search running or waiting: wait for its answer or cancel it, or try again in about \d+ s\.$/);
    // Its search ends within its 1 s cap (plus the pool's 2 s to stop).
    expect(waitSeconds(text)).toBeGreaterThanOrEqual(1);
    expect(waitSeconds(text)).toBeLessThanOrEqual(3);

    const other = h.mate(MATE_IN_1, 2, { user: newUser() });
    expect(String((await finalEdit(other)).body.content)).toMatch(/^Mate in 1: 1\. Ra8#/);
    await finalEdit(first, 6_000);

    // Once the answer is out, the member may ask again.
    const third = h.mate(MATE_IN_1, 3, { user: member });
    expect(String((await finalEdit(third)).body.content)).toMatch(/^Mate in 1: 1\. Ra8#/);
  });

  it('frees the member\'s place before the answer is shown, not when Discord confirms it', async () => {
    // Discord shows an edit to members before it answers the bot: a member may read the answer
    // and ask again while the bot still waits for that answer.
    const member = newUser();
    const first = h.mate(MATE_IN_1, 5, { user: member });
    h.fake.answerLate({ method: 'PATCH', path: first.token, times: 100, delayMs: 500 });
    await finalEdit(first);
    const edits = h.fake.requestsWhere((r) => r.method === 'PATCH' && r.path.includes(first.token));
    expect(edits.at(-1)?.status).toBe(0); // not answered yet

    const next = h.mate(MATE_IN_1, 6, { user: member });
    const reply = await next.callback();
    expect({ type: reply.type, content: reply.data.content }).toEqual({ type: CallbackType.DeferredChannelMessageWithSource, content: undefined });
    expect(String((await finalEdit(next)).body.content)).toMatch(/^Mate in 1: 1\. Ra8#/);
  });

  it('refuses beyond the total (the line is full) with "busy, try again in …", but still answers from the cache', async () => {
    const cached = h.mate(KNIGHT_PROMOTION, 3, { user: newUser() });
    await finalEdit(cached);

    const heavy = [h.mate(HEAVY, 10, { user: newUser() }), h.mate(HEAVY, 9, { user: newUser() })];
    await Promise.all(heavy.map((handle) => handle.callback()));
    const refused = h.mate(MATE_IN_1, 4, { user: newUser() });
    const text = await privateText(refused);
    expect(text).toMatch(/^Busy: the bot is solving as many problems as it can at once and the line is full; try again in about \d+ s\.$/);
    expect(waitSeconds(text)).toBeLessThanOrEqual(3);
    expect(refused.events.map((e) => e.kind)).toEqual(['callback']);

    const fromCache = h.mate(KNIGHT_PROMOTION, 3, { user: newUser() });
    const reply = await fromCache.callback();
    expect(reply.flags & EPHEMERAL).toBe(0);
    expect(String(reply.data.content)).toMatch(/^Mate in 3: 1\. bxa8=N!/);

    await Promise.all(heavy.map((handle) => finalEdit(handle, 6_000)));
    const later = h.mate(MATE_IN_1, 4, { user: newUser() });
    expect(String((await finalEdit(later)).body.content)).toMatch(/^Mate in 1/);
  });
});

describe('shutdown', () => {
  let h: Harness;
  // A search that takes half a second to stop, as a busy worker might: long enough to see how
  // the bot treats a request that arrives while it is shutting down.
  const slowToStop = mateEngine((_job, options) =>
    new Promise<MateReport>((resolve) => {
      options.signal?.addEventListener('abort', () =>
        setTimeout(
          () =>
            resolve({
              status: 'stopped', mateIn: null, keys: [], keysSan: [], keysComplete: true, line: [], lineUci: [],
              lineComplete: true, nodes: 12_345, provenDepth: 4,
            }),
          500,
        ),
      );
    }));

  beforeAll(async () => {
    h = await startHarness({ mate: { engine: slowToStop, timeoutSeconds: 60 } });
  });

  afterAll(async () => {
    await h?.close();
  });

  it('stops the searches (their replies say why), turns new requests away, then logs out', async () => {
    const running = h.mate(HEAVY, 10, { user: newUser() });
    await running.edit((e) => JSON.stringify(e.body.components).includes('mate:cancel:'));
    const stopping = h.bot.stop();

    const late = h.mate(MATE_IN_1, 1, { user: newUser() });
    expect(await privateText(late)).toBe(SHUTTING_DOWN_TEXT);

    const answer = await finalEdit(running);
    expect(String(answer.body.content)).toMatch(
      /^Stopped because the bot is shutting down while searching n = 5: no mate in 4 or fewer is proven\.\n12,345 nodes, /,
    );
    await stopping;
    expect(h.fake.gateway.connected).toBe(false);
    expect(h.bot.client.isReady()).toBe(false);
    expect(h.log.at(-1)).toMatch(/info discord: logged out of Discord$/);
  });
});
