// /mate end to end: the real discord.js Client logged in to the fake Discord, searches in a real
// worker pool. What members see: a solved problem with its picture, a proof of no mate, private
// answers to bad input (quoted back as typed, never as markdown), progress with a Cancel button
// only the requester can use, answers from the cache, four members at once, a dropped gateway,
// expired tokens, 429s, a refused answer (sent again plainly), and a search that fails on our side
// (one fixed sentence in public, the details in the log).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mateCommand } from '../../../src/adapters/console/mateCommand.ts';
import { InlineEngine } from '../../../src/engine/index.ts';
import { mateEngine } from '../../support/fakeEngine.ts';
import { CommandRegistry } from '../../../src/adapters/console/registry.ts';
import { NO_LONGER_RUNNING_TEXT } from '../../../src/adapters/discord/cancel.ts';
import { SEARCH_FAILED_TEXT, SHUTTING_DOWN_TEXT } from '../../../src/adapters/discord/mateRequest.ts';
import {
  PoolBusyError, PoolClosedError, SearchJobError, WorkerCrashedError,
} from '../../../src/workers/index.ts';
import {
  CallbackType, EPHEMERAL, type EditEvent, type FakeMessage, type InteractionHandle, type RecordedRequest,
} from '../../support/fakeDiscord/index.ts';
import {
  BLACK_MATES, HARD, HEAVY, type Harness, KNIGHT_PROMOTION, MATE_IN_1, PNG_MAGIC, finalEdit, newUser, startHarness,
} from './harness.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
});

/** What the local console answers to the same line (its registry and the shared /mate command). */
async function consoleSays(line: string): Promise<{ kind: string; text: string }> {
  const registry = new CommandRegistry().add(mateCommand({ engine: new InlineEngine(), maxN: 10, timeoutSeconds: 60 }));
  const reply = await registry.dispatch(line);
  if (!reply) throw new Error('no reply');
  return reply;
}

/** The answer's lines without the last one (nodes and time differ from run to run). */
const withoutTotals = (text: string): string[] => text.split('\n').slice(0, -1);

const componentsOf = (edit: EditEvent): string => JSON.stringify(edit.body.components ?? []);

/** The first progress edit, which carries the Cancel button. */
const progressEdit = (handle: InteractionHandle) => handle.edit((e) => componentsOf(e).includes('mate:cancel:'), 5_000);

/** Whether a request to Discord is a final edit: the one that removes the buttons. */
const removesButtons = (r: RecordedRequest): boolean => {
  const components = (r.body as { components?: unknown[] } | undefined)?.components;
  return Array.isArray(components) && components.length === 0;
};

/** The text as Discord shows it: each backslash-escaped sign stands for itself. */
const rendered = (text: string): string => text.replace(/\\([^0-9A-Za-z\s])/g, '$1');

/** The signs that would format `text` (outside the start of a line) because they are not escaped. */
const unescapedMarkdown = (text: string): string[] => [...text.matchAll(/(?<!\\)(?:\\\\)*([*_~|`<[])/g)].map((m) => m[1]!);

/** Asserts the private reply (type 4, flags 64) is the only thing the bot did. */
async function expectPrivateReply(handle: InteractionHandle, text: string): Promise<void> {
  const callback = await handle.callback();
  expect(callback.type).toBe(CallbackType.ChannelMessageWithSource);
  expect(callback.flags & EPHEMERAL).toBe(EPHEMERAL);
  expect(callback.data.content).toBe(text);
  // Nothing follows: no edit, no search.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(handle.events.map((e) => e.kind)).toEqual(['callback']);
}

describe('a solved problem', () => {
  it('defers at once, shows progress with a Cancel button, then the answer with a PNG of the board', async () => {
    const handle = h.mate(KNIGHT_PROMOTION, 3, { user: newUser() });
    expect(await handle.ackLatencyMs()).toBeLessThan(3_000);
    expect((await handle.callback()).type).toBe(CallbackType.DeferredChannelMessageWithSource);

    const progress = await progressEdit(handle);
    expect(progress.body.content).toMatch(/^White to play and mate in 3: searching…/);
    expect(componentsOf(progress)).toContain(`"custom_id":"mate:cancel:${handle.id}"`);

    const answer = await finalEdit(handle);
    const content = String(answer.body.content);
    expect(content).toMatch(/^Mate in 3: 1\. bxa8=N! Kxg2 2\. Nb6 Bf2 3\. a8=Q#\nKeys: bxa8=N\n[\d,]+ nodes, \d+\.\d\d s$/);
    // Word for word what the console says.
    const console = await consoleSays(`/mate "${KNIGHT_PROMOTION}" 3`);
    expect(withoutTotals(content)).toEqual(withoutTotals(console.text));

    expect(answer.files).toHaveLength(1);
    const [png] = answer.files;
    expect(png).toMatchObject({ filename: 'board.png', contentType: 'image/png' });
    expect(png!.data.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
    // 480 x 480 (the IHDR chunk's width and height).
    expect([png!.data.readUInt32BE(16), png!.data.readUInt32BE(20)]).toEqual([480, 480]);
    expect(answer.body.embeds).toEqual([
      expect.objectContaining({ title: 'White to play and mate in 3', image: { url: 'attachment://board.png' } }),
    ]);
    expect(handle.message).toMatchObject({ components: [], content });
    expect(handle.message?.attachments.map((a) => a.filename)).toEqual(['board.png']);
  });

  it('numbers the line from the FEN for black to move, and draws the board from black\'s side', async () => {
    const handle = h.mate(BLACK_MATES, 3, { user: newUser() });
    const answer = await finalEdit(handle);
    expect(String(answer.body.content)).toMatch(/^Mate in 3: 1\.\.\. Qxh3\+! 2\. gxh3 Rh2\+ 3\. Kg1 Ne2#\nKeys: Qxh3\+\n/);
    expect(answer.body.embeds).toEqual([expect.objectContaining({ title: 'Black to play and mate in 3' })]);
    expect(answer.files[0]!.data.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
  });

  it('reads a Lichess link in the fen field, and shows the FEN it read first', async () => {
    // A position of its own: an answer cached here would change what later tests see.
    const fen = '6k1/5ppp/8/8/8/8/8/R6K w - - 0 1';
    const handle = h.mate(`https://lichess.org/analysis/${fen.replaceAll(' ', '_')}?color=black`, 1, { user: newUser() });
    const answer = await finalEdit(handle);
    expect(rendered(String(answer.body.content))).toMatch(new RegExp(`^Position from the link: ${fen}\\nMate in 1: 1\\. Ra8#\\n`));
    const game = h.mate('https://lichess.org/abcdEFGH', 1, { user: newUser() });
    await expectPrivateReply(game, (await consoleSays('/mate https://lichess.org/abcdEFGH 1')).text);
  });

  it('answers checks-only mode, named in the answer', async () => {
    const handle = h.mate('2N2B2/2N1r3/8/3nQ2R/1k6/8/2B5/R3K3 w Q - 0 1', 3, { mode: 'checks', user: newUser() });
    const answer = await finalEdit(handle);
    expect(String(answer.body.content)).toMatch(/^Mate in 3 \(checks only\): .*\nKeys \(cooked, 3\): /);
  });

  it('proves that there is no mate, with the board', async () => {
    const handle = h.mate(KNIGHT_PROMOTION, 2, { user: newUser() });
    const answer = await finalEdit(handle);
    expect(String(answer.body.content)).toMatch(/^No mate in 2: proven by a complete search\.\n[\d,]+ nodes, /);
    expect(answer.files[0]!.data.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
    expect(handle.message?.components).toEqual([]);
  });
});

describe('bad input gets a private reply that names the problem, as the console words it', () => {
  it.each([
    ['a FEN with too few ranks', '8/8/8 w - - 0 1', 2, '/mate "8/8/8 w - - 0 1" 2'],
    ['a FEN with a bad character', '6k1/5ppp/8/8/8/8/8/R5KX w - - 0 1', 1, '/mate "6k1/5ppp/8/8/8/8/8/R5KX w - - 0 1" 1'],
    ['a position that is already mate', 'k7/1Q6/1K6/8/8/8/8/8 b - - 0 1', 2, '/mate "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1" 2'],
    ['n above the maximum', MATE_IN_1, 11, `/mate "${MATE_IN_1}" 11`],
    ['n of zero', MATE_IN_1, 0, `/mate "${MATE_IN_1}" 0`],
  ])('%s', async (_what, fen, n, line) => {
    const console = await consoleSays(line);
    expect(console.kind).toBe('error');
    const handle = h.mate(fen, n, { user: newUser() });
    await expectPrivateReply(handle, console.text);
  });

  it('a mode that is not one of the choices', async () => {
    const handle = h.mate(MATE_IN_1, 1, { mode: 'sideways', user: newUser() });
    await expectPrivateReply(handle, '/mate: mode must be "all" or "checks", got "sideways"');
  });

  it('n that is not a number (a client that ignores the option types)', async () => {
    const handle = h.mate(MATE_IN_1, 'three', { user: newUser() });
    await expectPrivateReply(handle, '/mate: n must be an integer from 1 to 10, got "three"');
  });

  it('a missing FEN', async () => {
    const handle = h.mate('   ', 2, { user: newUser() });
    await expectPrivateReply(handle, '/mate: give the position: a FEN, a link or a PGN in fen, or a picture of the board in image');
  });

  it('quotes the input back as typed: a rank in bold markdown is not shown in bold', async () => {
    const fen = '**@everyone**/8/8/8/8/8/8/8 w - - 0 1';
    const handle = h.mate(fen, 1, { user: newUser() });
    const callback = await handle.callback();
    expect(callback.data.content).toBe(
      '/mate: bad FEN: rank 8 ("\\*\\*@everyone\\*\\*") has an unknown character "\\*": pieces are K Q R B N P, black in lower case',
    );
    expect(callback.data.allowed_mentions).toEqual({ parse: [] });
    // The same words as the console's, once Discord has rendered the escapes.
    expect(rendered(String(callback.data.content))).toBe((await consoleSays(`/mate "${fen}" 1`)).text);
  });

  it('quotes extra text after the FEN without spoilers, links, code, underlines or mentions', async () => {
    // Within the FEN's 100 characters.
    const extra = '||s|| [l](https://e.x) <@1> <#2> __u__ `c` ~~g~~ _i_ *b* \\o/';
    const handle = h.mate(`k7/8/8/8/8/8/8/K7 w - - 0 1 ${extra}`, 1, { user: newUser() });
    const callback = await handle.callback();
    const content = String(callback.data.content);
    expect(content).toMatch(/^\/mate: bad FEN: unexpected text after the FEN: "/);
    expect(unescapedMarkdown(content)).toEqual([]);
    expect(rendered(content)).toBe(`/mate: bad FEN: unexpected text after the FEN: "${extra}"`);
    expect(callback.flags & EPHEMERAL).toBe(EPHEMERAL);
  });
});

describe('cancel', () => {
  it('only the requester can cancel; the answer then says how far the search got', async () => {
    const owner = newUser('owner');
    const handle = h.mate(HEAVY, 10, { user: owner });
    await progressEdit(handle);
    const cancelId = `mate:cancel:${handle.id}`;

    const kibitzer = newUser('kibitzer');
    const refused = handle.click(cancelId, { user: kibitzer });
    const refusal = await refused.callback();
    expect(refusal.type).toBe(CallbackType.ChannelMessageWithSource);
    expect(refusal.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(refusal.data.content).toBe(`Only <@${owner.id}> can cancel this search.`);
    expect(refusal.data.allowed_mentions).toEqual({ parse: [] });
    // Still running.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(handle.message?.components).not.toEqual([]);
    expect(h.bot.running).toBe(1);

    const clickedAt = Date.now();
    const own = handle.click(cancelId, { user: owner });
    expect((await own.callback()).type).toBe(CallbackType.DeferredUpdateMessage);
    const answer = await finalEdit(handle, 5_000);
    expect(answer.at - clickedAt).toBeLessThan(2_500);
    expect(String(answer.body.content)).toMatch(/^Cancelled while searching n = \d+: (no mate in \d+( or fewer)? is proven|nothing is proven yet)\.\n/);
    expect(answer.files[0]!.data.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
    expect(handle.message?.components).toEqual([]);
    await h.fake.waitUntil(() => h.bot.running === 0, 2_000, 'the search to be forgotten');

    // A click after the end is told so, privately.
    const late = handle.click(cancelId, { user: owner });
    const lateReply = await late.callback();
    expect(lateReply.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(lateReply.data.content).toBe(NO_LONGER_RUNNING_TEXT);
  });

  it('a Cancel button whose search is not running (the bot restarted) is taken off its message', async () => {
    // A reply left over from before a restart: progress, and a button for a search nobody runs.
    const cancelId = 'mate:cancel:123456789012345678';
    const stale: FakeMessage = {
      id: '123456789012345679',
      channel_id: h.fake.guilds[0]!.channels[0]!.id,
      content: 'White to play and mate in 3: searching…\nSearching n = 2 · 1,234 nodes · 4 s',
      embeds: [],
      components: [{ type: 1, components: [{ type: 2, style: 2, label: 'Cancel', custom_id: cancelId }] }],
      attachments: [],
      flags: 0,
      loading: false,
    };
    const click = h.fake.dispatchComponent({ customId: cancelId, message: stale, user: newUser() });
    const callback = await click.callback();
    expect(callback.type).toBe(CallbackType.UpdateMessage);
    // Only the button: the text may already be an answer whose edit crossed the click.
    expect(callback.data).toEqual(expect.objectContaining({ components: [] }));
    expect(callback.data).not.toHaveProperty('content');
    expect(stale.components).toEqual([]);
    expect(stale.content).toMatch(/^White to play and mate in 3: searching…/);
    // And the member who clicked is told why, privately.
    await h.fake.waitUntil(() => click.followUps.length === 1, 2_000, 'a follow-up');
    expect(click.followUps.map((m) => [m.content, m.flags & EPHEMERAL])).toEqual([[NO_LONGER_RUNNING_TEXT, EPHEMERAL]]);
  });
});

describe('the cache', () => {
  it('answers an identical request (same position, n and mode) at once, without a search', async () => {
    const fen = '8/2P1P1P1/3PkP2/8/4K3/8/8/8 w - - 0 1'; // #3, key e8=B
    const first = h.mate(fen, 3, { user: newUser() });
    const fresh = await finalEdit(first);
    expect(String(fresh.body.content)).toMatch(/^Mate in 3: 1\. e8=B! /);

    // Another member, the FEN spaced differently: the same question.
    const again = h.mate(`  ${fen.replaceAll(' ', '   ')} `, 3, { user: newUser() });
    const reply = await again.callback();
    expect(reply.type).toBe(CallbackType.ChannelMessageWithSource);
    expect(reply.flags & EPHEMERAL).toBe(0);
    expect(reply.data.content).toBe(fresh.body.content);
    expect(reply.files[0]!.data.equals(fresh.files[0]!.data)).toBe(true);
    expect(JSON.stringify(reply.data.embeds)).toMatch(/answered from the cache \(solved \d+ s ago\)/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(again.edits).toEqual([]);
    expect(h.log.some((line) => line.includes('/mate answered from the cache'))).toBe(true);

    // A different n is a different question.
    const other = h.mate(fen, 4, { user: newUser() });
    expect((await other.callback()).type).toBe(CallbackType.DeferredChannelMessageWithSource);
    await finalEdit(other);
  });

  it('does not keep a cancelled answer', async () => {
    const user = newUser();
    const handle = h.mate(HEAVY, 9, { user });
    await progressEdit(handle);
    handle.click(`mate:cancel:${handle.id}`, { user });
    await finalEdit(handle);
    const again = h.mate(HEAVY, 9, { user });
    // With the text, a failure says whether the cache or the member's limit answered instead.
    const reply = await again.callback();
    expect({ type: reply.type, content: reply.data.content }).toEqual({ type: CallbackType.DeferredChannelMessageWithSource, content: undefined });
    await progressEdit(again);
    again.click(`mate:cancel:${again.id}`, { user });
    await finalEdit(again);
  });
});

describe('several members at once', () => {
  it('acknowledges four requests within 3 s and answers the easy ones while a heavy search runs', async () => {
    const heavyUser = newUser('heavy');
    const heavy = h.mate(HEAVY, 10, { user: heavyUser });
    const easy = [
      h.mate(MATE_IN_1, 1, { user: newUser() }),
      h.mate(KNIGHT_PROMOTION, 3, { mode: 'checks', user: newUser() }),
      h.mate(HARD, 4, { user: newUser() }),
    ];
    for (const handle of [heavy, ...easy]) expect(await handle.ackLatencyMs()).toBeLessThan(3_000);
    const answers = await Promise.all(easy.map((handle) => finalEdit(handle)));
    expect(answers.map((a) => String(a.body.content).split('\n')[0])).toEqual([
      'Mate in 1: 1. Ra8#',
      expect.stringMatching(/^(Mate in 3 \(checks only\)|No mate in 3 \(checks only\))/),
      'No mate in 4: proven by a complete search.',
    ]);
    // The heavy search is still going: it held up nobody.
    expect(heavy.message?.components).not.toEqual([]);
    heavy.click(`mate:cancel:${heavy.id}`, { user: heavyUser });
    expect(String((await finalEdit(heavy)).body.content)).toMatch(/^Cancelled while searching/);
  });
});

describe('faults', () => {
  it('a gateway dropped mid-search is resumed, and the answer still arrives', async () => {
    const { resumes } = h.fake.gateway.stats;
    const handle = h.mate(HARD, 5, { user: newUser() });
    await handle.callback();
    h.fake.dropConnection();
    const answer = await finalEdit(handle);
    expect(String(answer.body.content)).toMatch(/^No mate in 5: proven by a complete search\./);
    await h.fake.waitUntil(() => h.fake.gateway.stats.resumes === resumes + 1 && h.fake.gateway.connected, 5_000, 'a RESUME');
    // And the next request is served over the resumed session (n = 2: not in the cache).
    const next = h.mate(MATE_IN_1, 2, { user: newUser() });
    expect(String((await finalEdit(next)).body.content)).toMatch(/^Mate in 1: 1\. Ra8#/);
    expect(h.log.some((line) => line.includes('gateway connection lost; reconnecting'))).toBe(true);
  });

  it('a Cancel click sent while the gateway is down arrives after the resume', async () => {
    const user = newUser();
    const handle = h.mate(HEAVY, 10, { user });
    await progressEdit(handle);
    h.fake.dropConnection();
    const click = handle.click(`mate:cancel:${handle.id}`, { user });
    expect((await click.callback(5_000)).type).toBe(CallbackType.DeferredUpdateMessage);
    expect(String((await finalEdit(handle)).body.content)).toMatch(/^Cancelled while searching/);
  });

  it('an expired interaction token is logged, the search stopped, and the bot carries on', async () => {
    const handle = h.mate(HEAVY, 10, { user: newUser() });
    await progressEdit(handle);
    handle.expireToken();
    // The next progress refresh is refused with 401/50027.
    await handle.waitFor((e): e is never => e.kind === 'refused', 3_000, 'a refused edit');
    await h.fake.waitUntil(() => h.bot.running === 0, 5_000, 'the search to stop');
    expect(h.log.some((line) => /reply is gone.*code 50027/.test(line))).toBe(true);
    // Nothing more was tried on that token.
    const refusedCount = handle.events.filter((e) => e.kind === 'refused').length;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(handle.events.filter((e) => e.kind === 'refused')).toHaveLength(refusedCount);

    const next = h.mate(MATE_IN_1, 3, { user: newUser() });
    expect(String((await finalEdit(next)).body.content)).toMatch(/^Mate in 1/);
  });

  it('a 429 on the answer is waited out, and the answer goes through', async () => {
    const handle = h.mate('8/8/8/2p1R3/1p3p2/1p1k1p2/1B5p/1K2Q3 w - - 0 1', 2, { user: newUser() });
    await handle.callback();
    h.fake.failNext({ method: 'PATCH', path: `/webhooks/${h.fake.applicationId}/${handle.token}/`, retryAfterMs: 200, times: 2 });
    const answer = await finalEdit(handle);
    expect(String(answer.body.content)).toMatch(/^Mate in 2: .*\nKeys \(cooked, 2\): /);
    const patches = h.fake.requestsWhere((r) => r.method === 'PATCH' && r.path.includes(handle.token));
    expect(patches.filter((r) => r.status === 429)).toHaveLength(2);
  });

  it('an answer Discord refuses (400) is sent again plainly, so no "searching…" or Cancel button is left', async () => {
    const handle = h.mate(MATE_IN_1, 5, { user: newUser() });
    h.fake.failNext({
      method: 'PATCH', path: handle.token, when: removesButtons, status: 400,
      body: { message: 'Invalid Form Body', code: 50035, errors: { embeds: { _errors: [{ code: 'X', message: 'no' }] } } },
    });
    const answer = await finalEdit(handle);
    expect(answer.files).toEqual([]);
    expect(answer.body).toMatchObject({ embeds: [], components: [], attachments: [] });
    expect(handle.message).toMatchObject({ embeds: [], components: [], attachments: [] });
    expect(handle.message?.content).toMatch(/^Mate in 1: 1\. Ra8#\nKeys: Ra8#\n/);
    const finals = h.fake.requestsWhere((r) => r.method === 'PATCH' && r.path.includes(handle.token) && removesButtons(r));
    expect(finals.map((r) => r.status)).toEqual([400, 200]);
    expect(h.log.some((line) => /answer edit failed.*code 50035/.test(line))).toBe(true);
    // Logged once Discord has answered the second edit.
    await h.fake.waitUntil(() => h.log.find((line) => line.includes('/mate answer sent again without embed or picture') && line.includes(handle.id)), 2_000, 'the log line');
  });

  it('an answer that fails with 5xx after discord.js\'s retries is sent again plainly too', async () => {
    const handle = h.mate(MATE_IN_1, 6, { user: newUser() });
    // discord.js tries a 5xx four times in all before it gives up.
    h.fake.failNext({ method: 'PATCH', path: handle.token, when: removesButtons, status: 502, times: 4 });
    const answer = await finalEdit(handle);
    expect(answer.files).toEqual([]);
    expect(handle.message).toMatchObject({ components: [], embeds: [] });
    expect(handle.message?.content).toMatch(/^Mate in 1: 1\. Ra8#/);
    const finals = h.fake.requestsWhere((r) => r.method === 'PATCH' && r.path.includes(handle.token) && removesButtons(r));
    expect(finals.map((r) => r.status)).toEqual([502, 502, 502, 502, 200]);
  });

  it('an answer refused twice is logged in one line, and nothing more is tried', async () => {
    const handle = h.mate(MATE_IN_1, 7, { user: newUser() });
    h.fake.failNext({ method: 'PATCH', path: handle.token, when: removesButtons, status: 400, times: 2, body: { message: 'Invalid Form Body', code: 50035 } });
    await h.fake.waitUntil(() => h.log.find((line) => line.includes('could not be delivered') && line.includes(handle.id)), 5_000, 'the log line');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const finals = h.fake.requestsWhere((r) => r.method === 'PATCH' && r.path.includes(handle.token) && removesButtons(r));
    expect(finals.map((r) => r.status)).toEqual([400, 400]);
    expect(h.log.filter((line) => line.includes('could not be delivered') && line.includes(handle.id))).toHaveLength(1);
    expect(h.log.find((line) => line.includes('/mate answered') && line.includes(handle.id))).toContain('delivered=false');
  });

  it('never writes a token to the log', () => {
    const tokens = [h.fake.token, ...h.fake.requests.map((r) => /\/webhooks\/\d+\/([^/]+)/.exec(r.path)?.[1]).filter(Boolean)];
    expect(tokens.length).toBeGreaterThan(5);
    const log = h.log.join('\n');
    for (const token of tokens) expect(log).not.toContain(token);
  });
});

describe('a search that fails on our side', () => {
  let f: Harness;
  // Each n fails its own way, as the worker pool can.
  const failing = mateEngine(async (job) => {
    if (job.maxMoves === 1) {
      throw new SearchJobError({ name: 'RangeError', message: 'index 4096 out of range in /srv/chessbot/src/search/tt.ts', stack: 'RangeError: …\n    at probe' });
    }
    if (job.maxMoves === 2) throw new WorkerCrashedError('exit code 134 (out of memory)');
    if (job.maxMoves === 3) throw new PoolBusyError(8);
    throw new PoolClosedError();
  });

  beforeAll(async () => {
    f = await startHarness({ mate: { engine: failing }, poolSize: 1 });
  });

  afterAll(async () => {
    await f?.close();
  });

  it.each([
    ['a search that threw in its worker', 1, 'index 4096 out of range'],
    ['a worker that crashed', 2, 'search worker crashed: exit code 134'],
  ])('%s: one fixed sentence in public, the details in the log', async (_what, n, detail) => {
    const handle = f.mate(MATE_IN_1, n, { user: newUser() });
    expect((await handle.callback()).type).toBe(CallbackType.DeferredChannelMessageWithSource);
    const answer = await finalEdit(handle);
    expect(answer.body.content).toBe(SEARCH_FAILED_TEXT);
    expect(handle.message).toMatchObject({ content: SEARCH_FAILED_TEXT, components: [], embeds: [] });
    expect(f.log.some((line) => line.includes('/mate search failed') && line.includes(handle.id) && line.includes(detail))).toBe(true);
  });

  it('a full worker pool says "busy, try again", in words for members', async () => {
    const handle = f.mate(MATE_IN_1, 3, { user: newUser() });
    const content = String((await finalEdit(handle)).body.content);
    expect(content).toMatch(/^Busy: the bot is solving as many problems as it can at once and the line is full; try again in about \d+ (s|min)\.$/);
    expect(content).not.toMatch(/queued|worker/);
  });

  it('a closed worker pool (the bot is shutting down) says the bot is restarting', async () => {
    const handle = f.mate(MATE_IN_1, 4, { user: newUser() });
    expect((await finalEdit(handle)).body.content).toBe(SHUTTING_DOWN_TEXT);
  });
});
