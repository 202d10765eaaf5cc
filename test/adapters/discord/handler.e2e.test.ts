// Every interaction gets its answer within Discord's 3 seconds, whatever it is: a button, command,
// menu or form the bot does not know gets a private sentence saying so, an autocomplete request an
// empty list of choices. And the first answer's two failures are told apart: 10062 (the 3 seconds
// are over: log it, send nothing more) and 40060 (an earlier attempt got through although its
// answer was lost: the interaction is acknowledged, so carry on).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INACTIVE_BUTTON_TEXT, UNKNOWN_COMMAND_TEXT } from '../../../src/adapters/discord/handler.ts';
import { CallbackType, EPHEMERAL, type FakeMessage, type InteractionHandle } from '../../support/fakeDiscord/index.ts';
import { type Harness, MATE_IN_1, finalEdit, newUser, startHarness } from './harness.ts';

/** A message of the bot's in the fake's channel, with one button on it. */
function messageWithButton(h: Harness, customId: string): FakeMessage {
  return {
    id: '123456789012345670',
    channel_id: h.fake.guilds[0]!.channels[0]!.id,
    content: 'An old message',
    embeds: [],
    components: [{ type: 1, components: [{ type: 2, style: 2, label: 'Press', custom_id: customId }] }],
    attachments: [],
    flags: 0,
    loading: false,
  };
}

/** Asserts the one thing the bot did was a private reply, in time, and returns its text. */
async function privateReplyText(handle: InteractionHandle): Promise<string> {
  expect(await handle.ackLatencyMs()).toBeLessThan(3_000);
  const callback = await handle.callback();
  expect(callback.type).toBe(CallbackType.ChannelMessageWithSource);
  expect(callback.flags & EPHEMERAL).toBe(EPHEMERAL);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(handle.events.map((e) => e.kind)).toEqual(['callback']);
  return String(callback.data.content);
}

/** The callback requests the bot sent for an interaction, accepted or not. */
function callbackRequests(h: Harness, handle: InteractionHandle) {
  return h.fake.requestsWhere((r) => r.method === 'POST' && r.path.startsWith(`/api/v10/interactions/${handle.id}/`));
}

describe('interactions the bot does not know', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('a button that is not a Cancel button: "no longer active", privately', async () => {
    const message = messageWithButton(h, 'poll:vote:yes');
    const click = h.fake.dispatchComponent({ customId: 'poll:vote:yes', message, user: newUser() });
    expect(await privateReplyText(click)).toBe(INACTIVE_BUTTON_TEXT);
    expect(message.content).toBe('An old message');
  });

  it('a slash command the bot no longer has', async () => {
    const handle = h.fake.dispatchInteraction({ name: 'puzzle', user: newUser() });
    expect(await privateReplyText(handle)).toBe(UNKNOWN_COMMAND_TEXT);
  });

  it('a user context-menu command', async () => {
    const handle = h.fake.dispatchContextMenu({ name: 'Challenge', target: { user: newUser('target') }, user: newUser() });
    expect(await privateReplyText(handle)).toBe(UNKNOWN_COMMAND_TEXT);
  });

  it('a message context-menu command', async () => {
    const handle = h.fake.dispatchContextMenu({ name: 'Solve this', target: { message: messageWithButton(h, 'x') }, user: newUser() });
    expect(await privateReplyText(handle)).toBe(UNKNOWN_COMMAND_TEXT);
  });

  it('a select menu', async () => {
    const message = messageWithButton(h, 'theme');
    const handle = h.fake.dispatchComponent({ customId: 'theme', componentType: 3, values: ['dark'], message, user: newUser() });
    expect(await privateReplyText(handle)).toBe(UNKNOWN_COMMAND_TEXT);
  });

  it('a submitted form (modal)', async () => {
    const handle = h.fake.dispatchModalSubmit({ customId: 'feedback', fields: [{ customId: 'text', value: 'hello' }], user: newUser() });
    expect(await privateReplyText(handle)).toBe(UNKNOWN_COMMAND_TEXT);
  });

  it('an autocomplete request gets an empty list of choices (it takes no message)', async () => {
    const handle = h.fake.dispatchAutocomplete({ name: 'mate', options: [{ name: 'fen', type: 3, value: 'rnb', focused: true }], user: newUser() });
    expect(await handle.ackLatencyMs()).toBeLessThan(3_000);
    const callback = await handle.callback();
    expect(callback.type).toBe(CallbackType.ApplicationCommandAutocompleteResult);
    expect(callback.data).toEqual({ choices: [] });
    expect(handle.events.map((e) => e.kind)).toEqual(['callback']);
  });

  it('logs what it did not know, and still answers /mate', async () => {
    expect(h.log.some((line) => /warn discord: unknown command .*command=Challenge kind=User/.test(line))).toBe(true);
    expect(h.log.some((line) => /info discord: unknown button .*customId=poll:vote:yes/.test(line))).toBe(true);
    const handle = h.mate(MATE_IN_1, 1, { user: newUser() });
    expect(String((await finalEdit(handle)).body.content)).toMatch(/^Mate in 1: 1\. Ra8#/);
  });
});

describe('the first answer fails', () => {
  let h: Harness;

  beforeAll(async () => {
    // A short REST timeout, so that discord.js gives up on a slow answer and sends the request
    // again within the test's time (its default is 15 s).
    h = await startHarness({ clientOptions: { rest: { timeout: 500 } } });
  });

  afterAll(async () => {
    await h?.close();
  });

  it('10062 (the 3 seconds are over): one log line and no second callback', async () => {
    const handle = h.mate(MATE_IN_1, 2, { user: newUser() });
    handle.age(3_001); // the bot took too long: Discord has given up on this interaction
    await h.fake.waitUntil(() => h.log.find((line) => line.includes('expired before it was answered') && line.includes(handle.id)), 2_000, 'the log line');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(callbackRequests(h, handle).map((r) => r.status)).toEqual([404]);
    expect(handle.events.map((e) => (e.kind === 'refused' ? e.code : e.kind))).toEqual([10062]);
    expect(h.log.filter((line) => line.includes(handle.id) && /\b(error|warn)\b discord:/.test(line))).toHaveLength(1);
    expect(h.bot.running).toBe(0);
  });

  it('40060 on the deferral (its answer was lost, discord.js sent it again): the search goes ahead', async () => {
    const user = newUser();
    const handle = h.mate(MATE_IN_1, 3, { user });
    // Discord acknowledges at once, but its answer comes after discord.js has given up waiting.
    h.fake.answerLate({ method: 'POST', path: `/interactions/${handle.id}/`, delayMs: 1_500 });
    const answer = await finalEdit(handle, 5_000);
    expect(String(answer.body.content)).toMatch(/^Mate in 1: 1\. Ra8#/);
    expect(handle.message?.components).toEqual([]);
    const callbacks = callbackRequests(h, handle);
    expect(callbacks).toHaveLength(2);
    expect(callbacks[1]).toMatchObject({ status: 400, response: { code: 40060 } });
    expect(h.log.some((line) => line.includes('acknowledged by an earlier attempt') && line.includes(handle.id))).toBe(true);
    // The member's place is free again.
    await h.fake.waitUntil(() => h.bot.running === 0, 2_000, 'the search to be forgotten');
  });

  it('40060 on a private reply: it got through, so nothing more is sent', async () => {
    const handle = h.mate('8/8/8 w - - 0 1', 1, { user: newUser() });
    h.fake.answerLate({ method: 'POST', path: `/interactions/${handle.id}/`, delayMs: 1_500 });
    const callback = await handle.callback();
    expect(callback.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(String(callback.data.content)).toMatch(/^\/mate: bad FEN: the board has 3 ranks/);
    await h.fake.waitUntil(() => h.log.find((line) => line.includes('answered by an earlier attempt') && line.includes(handle.id)), 3_000, 'the log line');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(callbackRequests(h, handle)).toHaveLength(2);
    expect(handle.events.map((e) => (e.kind === 'refused' ? e.code : e.kind))).toEqual(['callback', 40060]);
  });
});
