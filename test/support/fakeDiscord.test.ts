// The fake Discord drives the real discord.js 14 Client over loopback: login (HELLO, IDENTIFY,
// READY, GUILD_CREATE), heartbeats, slash-command and button interactions, context menus, select
// menus, forms and autocomplete, multipart uploads, and the faults a bot must survive: 429s, late
// acknowledgements, expired tokens, dropped gateways, refused requests.
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  type ClientOptions,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  MessageFlags,
  REST,
  Routes,
  type Interaction,
} from 'discord.js';
import { WebSocket } from 'ws';
import { CallbackType, DEFAULT_USER, EPHEMERAL, FakeDiscord, makeGuildIdOnShard, shardOf } from './fakeDiscord/index.ts';

/** A small "PNG": the magic bytes, then every byte value so any mangling shows. */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(Array.from({ length: 256 }, (_, i) => i))]);

const MATE_OPTIONS = [
  { name: 'fen', type: 3, value: '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1' },
  { name: 'n', type: 4, value: 1 },
];

let fake: FakeDiscord;
let client: Client;

function newClient(): Client {
  return new Client({ intents: [GatewayIntentBits.Guilds], ...fake.clientOptions() }).setMaxListeners(0) as Client;
}

/** The next interaction the client emits (subscribe before dispatching). */
async function nextInteraction(): Promise<Interaction> {
  const [interaction] = (await once(client, Events.InteractionCreate)) as [Interaction];
  return interaction;
}

beforeAll(async () => {
  fake = await FakeDiscord.start({ heartbeatIntervalMs: 100 });
  client = newClient();
  const ready = once(client, Events.ClientReady);
  await client.login(fake.token);
  await ready;
});

afterAll(async () => {
  await client?.destroy();
  await fake?.close();
});

describe('login', () => {
  it('identifies over plain JSON, becomes ready and caches the guild from GUILD_CREATE', () => {
    expect(client.isReady()).toBe(true);
    expect(client.user?.id).toBe(fake.bot.id);
    expect(client.application?.id).toBe(fake.applicationId);
    expect(fake.gateway.stats.identifies).toBe(1);
    const query = fake.gateway.stats.connectQueries[0];
    expect(query.get('v')).toBe('10');
    expect(query.get('encoding')).toBe('json');
    expect(query.get('compress')).toBeNull();
    const identify = fake.gateway.stats.received.find((p) => p.op === 2)?.d as { intents: number; compress: boolean };
    expect(identify.intents).toBe(GatewayIntentBits.Guilds);
    expect(identify.compress).toBe(false);
    expect(client.guilds.cache.get(fake.guilds[0].id)?.name).toBe('Chess Club');
    const gatewayBot = fake.requestsWhere((r) => r.path === '/api/v10/gateway/bot');
    expect(gatewayBot[0].headers.authorization).toBe(`Bot ${fake.token}`);
  });

  it('acknowledges heartbeats, so the client measures a ping', async () => {
    const before = fake.gateway.stats.heartbeats;
    await fake.waitUntil(() => fake.gateway.stats.heartbeats >= before + 2, 1_000, 'two heartbeats');
    expect(fake.gateway.stats.lastHeartbeatSeq).toBeGreaterThan(0);
    expect(client.ws.ping).toBeGreaterThanOrEqual(0);
  });

  it('refuses a wrong token (401 on /gateway/bot → TokenInvalid)', async () => {
    const intruder = newClient();
    await expect(intruder.login('wrong')).rejects.toThrow(/invalid token/i);
    await intruder.destroy();
  });
});

describe('interactions', () => {
  it('delivers /mate to interactionCreate and records defer + multipart edit with the bytes intact', async () => {
    const arrived = nextInteraction();
    const handle = fake.dispatchInteraction({ name: 'mate', options: MATE_OPTIONS });
    const interaction = await arrived;
    if (!interaction.isChatInputCommand()) throw new Error('expected a chat input command');
    expect(interaction.commandName).toBe('mate');
    expect(interaction.inCachedGuild()).toBe(true);
    expect(interaction.options.getString('fen', true)).toBe(MATE_OPTIONS[0].value);
    expect(interaction.options.getInteger('n', true)).toBe(1);
    expect(interaction.user.id).toBe(DEFAULT_USER.id);

    await interaction.deferReply();
    const ack = await handle.callback();
    expect(ack.type).toBe(CallbackType.DeferredChannelMessageWithSource);
    expect(await handle.ackLatencyMs()).toBeLessThan(3_000);
    expect(ack.request.headers.authorization).toBeUndefined(); // interaction routes are unauthenticated

    const message = await interaction.editReply({
      content: 'Mate in 1',
      embeds: [{ title: 'Mate in 1', image: { url: 'attachment://board.png' } }],
      files: [new AttachmentBuilder(PNG, { name: 'board.png' })],
    });
    expect(message.content).toBe('Mate in 1');
    const edit = await handle.edit();
    expect(edit.request.path).toBe(`/api/v10/webhooks/${fake.applicationId}/${handle.token}/messages/@original`);
    expect(edit.request.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(edit.files).toHaveLength(1);
    expect(edit.files[0]).toMatchObject({ field: 'files[0]', filename: 'board.png', contentType: 'image/png' });
    expect(edit.files[0].data.equals(PNG)).toBe(true);
    expect(handle.message?.attachments.map((a) => a.filename)).toEqual(['board.png']);
    expect(handle.message?.embeds).toEqual([expect.objectContaining({ title: 'Mate in 1' })]);
  });

  it('records an ephemeral reply (flags 64), via `flags` and the deprecated `ephemeral: true`', async () => {
    for (const options of [{ flags: MessageFlags.Ephemeral } as const, { ephemeral: true } as const]) {
      const arrived = nextInteraction();
      const handle = fake.dispatchInteraction({ name: 'mate', options: [{ name: 'fen', type: 3, value: 'nonsense' }, MATE_OPTIONS[1]] });
      const interaction = await arrived;
      if (!interaction.isChatInputCommand()) throw new Error('expected a chat input command');
      await interaction.reply({ content: 'That FEN has 1 rank, not 8.', ...options });
      const ack = await handle.callback();
      expect(ack.type).toBe(CallbackType.ChannelMessageWithSource);
      expect(ack.flags & EPHEMERAL).toBe(EPHEMERAL);
      expect(ack.data.content).toBe('That FEN has 1 rank, not 8.');
    }
  });

  it('routes a Cancel button click (type 3) and records the update and follow-ups', async () => {
    const arrived = nextInteraction();
    const handle = fake.dispatchInteraction({ name: 'mate', options: MATE_OPTIONS });
    const command = await arrived;
    if (!command.isChatInputCommand()) throw new Error('expected a chat input command');
    const cancelId = `mate:cancel:${command.id}`;
    await command.reply({
      content: 'Searching…',
      components: [new ActionRowBuilder<ButtonBuilder>().addComponents(new ButtonBuilder().setCustomId(cancelId).setLabel('Cancel').setStyle(ButtonStyle.Danger))],
    });
    await handle.callback();
    expect(JSON.stringify(handle.message?.components)).toContain(cancelId);

    // Someone else clicks: a private refusal.
    const other = { id: '400000000000000099', username: 'kibitzer' };
    let clicked = nextInteraction();
    const foreign = handle.click(cancelId, { user: other });
    const refused = await clicked;
    if (!refused.isButton()) throw new Error('expected a button');
    expect(refused.customId).toBe(cancelId);
    expect(refused.user.id).toBe(other.id);
    await refused.reply({ content: 'Only the requester can cancel.', flags: MessageFlags.Ephemeral });
    expect((await foreign.callback()).flags).toBe(EPHEMERAL);

    // The requester clicks: deferUpdate (type 6), then the button's message is edited.
    clicked = nextInteraction();
    const own = handle.click(cancelId);
    const cancel = await clicked;
    if (!cancel.isButton()) throw new Error('expected a button');
    await cancel.deferUpdate();
    expect((await own.callback()).type).toBe(CallbackType.DeferredUpdateMessage);
    await cancel.editReply({ content: 'Search cancelled.', components: [] });
    await own.edit();
    expect(handle.message).toMatchObject({ content: 'Search cancelled.', components: [] });

    await command.followUp({ content: 'Cancelled by the requester.', flags: MessageFlags.Ephemeral });
    expect(handle.followUps.map((m) => [m.content, m.flags])).toEqual([['Cancelled by the requester.', EPHEMERAL]]);
  });
});

describe('other kinds of interaction, and the callbacks Discord allows for each', () => {
  it('delivers user and message context-menu commands with their targets', async () => {
    let arrived = nextInteraction();
    const target = { id: '400000000000000077', username: 'opponent' };
    const onUser = fake.dispatchContextMenu({ name: 'Challenge', target: { user: target } });
    const userCommand = await arrived;
    if (!userCommand.isUserContextMenuCommand()) throw new Error('expected a user context-menu command');
    expect(userCommand.commandName).toBe('Challenge');
    expect(userCommand.targetUser.id).toBe(target.id);
    await userCommand.reply({ content: 'no', flags: MessageFlags.Ephemeral });
    expect((await onUser.callback()).flags).toBe(EPHEMERAL);

    arrived = nextInteraction();
    const message = { id: '123456789012345670', channel_id: fake.guilds[0].channels[0].id, content: 'a FEN', embeds: [], components: [], attachments: [], flags: 0, loading: false };
    fake.dispatchContextMenu({ name: 'Solve', target: { message } });
    const messageCommand = await arrived;
    if (!messageCommand.isMessageContextMenuCommand()) throw new Error('expected a message context-menu command');
    expect(messageCommand.targetMessage.content).toBe('a FEN');
    await messageCommand.deferReply();
  });

  it('delivers a select menu with its values, and a submitted form with its fields', async () => {
    let arrived = nextInteraction();
    const message = { id: '123456789012345671', channel_id: fake.guilds[0].channels[0].id, content: 'pick', embeds: [], components: [], attachments: [], flags: 0, loading: false };
    const select = fake.dispatchComponent({ customId: 'theme', componentType: 3, values: ['dark'], message });
    const menu = await arrived;
    if (!menu.isStringSelectMenu()) throw new Error('expected a string select menu');
    expect(menu.values).toEqual(['dark']);
    await menu.update({ content: 'dark it is' });
    expect((await select.callback()).type).toBe(CallbackType.UpdateMessage);
    expect(message.content).toBe('dark it is');

    arrived = nextInteraction();
    const submitted = fake.dispatchModalSubmit({ customId: 'feedback', fields: [{ customId: 'text', value: 'hello' }] });
    const form = await arrived;
    if (!form.isModalSubmit()) throw new Error('expected a modal submit');
    expect(form.fields.getTextInputValue('text')).toBe('hello');
    // Not opened from a message: there is no message to update.
    expect(await form.deferUpdate().catch((e: unknown) => e)).toMatchObject({ code: 50035, status: 400 });
    await form.reply({ content: 'thanks', flags: MessageFlags.Ephemeral });
    expect(submitted.events.map((e) => (e.kind === 'refused' ? e.code : e.kind))).toEqual([50035, 'callback']);
  });

  it('answers autocomplete with choices (type 8) only, and refuses that type anywhere else', async () => {
    let arrived = nextInteraction();
    const typing = fake.dispatchAutocomplete({ name: 'mate', options: [{ name: 'fen', type: 3, value: 'rn', focused: true }] });
    const autocomplete = await arrived;
    if (!autocomplete.isAutocomplete()) throw new Error('expected an autocomplete interaction');
    expect(autocomplete.options.getFocused()).toBe('rn');
    // A message is no answer to an autocomplete: Discord's 400 "Value must be one of {8}".
    const refused = await autocomplete.client.rest
      .post(Routes.interactionCallback(autocomplete.id, autocomplete.token), { body: { type: 4, data: { content: 'x' } }, auth: false })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DiscordAPIError);
    expect(refused).toMatchObject({ code: 50035, status: 400, rawError: { errors: { type: { _errors: [{ message: 'Value must be one of {8}.' }] } } } });
    await autocomplete.respond([{ name: 'startpos', value: 'startpos' }]);
    const callback = await typing.callback();
    expect(callback).toMatchObject({ type: CallbackType.ApplicationCommandAutocompleteResult, data: { choices: [{ name: 'startpos', value: 'startpos' }] } });

    // And a command's reply cannot "update" a message (types 6 and 7 are for components).
    arrived = nextInteraction();
    fake.dispatchInteraction({ name: 'mate', options: MATE_OPTIONS });
    const command = await arrived;
    const update = await client.rest
      .post(Routes.interactionCallback(command.id, (command as { token: string }).token), { body: { type: 6 }, auth: false })
      .catch((e: unknown) => e);
    expect(update).toMatchObject({ code: 50035, status: 400 });
    if (command.isRepliable()) await command.reply({ content: 'ok' });
  });
});

describe('faults', () => {
  it('a 429 on the callback is retried by discord.js after retry_after', async () => {
    fake.failNext({ method: 'POST', path: /\/callback$/, retryAfterMs: 150 });
    const arrived = nextInteraction();
    const handle = fake.dispatchInteraction({ name: 'mate', options: MATE_OPTIONS });
    const interaction = await arrived;
    if (!interaction.isChatInputCommand()) throw new Error('expected a chat input command');
    const started = Date.now();
    await interaction.deferReply();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    // Interaction callbacks go through @discordjs/rest's BurstHandler, which retries silently:
    // no `rateLimited` event for them (only a debug line).
    const callbacks = fake.requestsWhere((r) => r.path.startsWith(`/api/v10/interactions/${handle.id}/`));
    expect(callbacks.map((r) => r.status)).toEqual([429, 204]);
    expect(callbacks[0].response).toMatchObject({ retry_after: 0.15, global: false });
    expect((await handle.callback()).type).toBe(CallbackType.DeferredChannelMessageWithSource);
  });

  it('answering after the 3-second deadline gets Discord’s 10062 "Unknown interaction"', async () => {
    const arrived = nextInteraction();
    const handle = fake.dispatchInteraction({ name: 'mate', options: MATE_OPTIONS });
    const interaction = await arrived;
    if (!interaction.isChatInputCommand()) throw new Error('expected a chat input command');
    handle.age(3_001); // as if the bot had been busy for 3 s
    const error = await interaction.deferReply().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect(error).toMatchObject({ code: 10062, status: 404, message: 'Unknown interaction' });
    expect(handle.events.map((e) => e.kind)).toEqual(['refused']);
  });

  it('a fault can pick requests by their body: only the edit that removes the buttons fails', async () => {
    const arrived = nextInteraction();
    const handle = fake.dispatchInteraction({ name: 'mate', options: MATE_OPTIONS });
    const interaction = await arrived;
    if (!interaction.isChatInputCommand()) throw new Error('expected a chat input command');
    fake.failNext({
      method: 'PATCH', path: handle.token, status: 400, body: { message: 'Invalid Form Body', code: 50035 },
      when: (r) => (r.body as { components?: unknown[] } | undefined)?.components?.length === 0,
    });
    await interaction.deferReply();
    await interaction.editReply({ content: 'progress' });
    expect(await interaction.editReply({ content: 'final', components: [] }).catch((e: unknown) => e)).toMatchObject({ code: 50035, status: 400 });
    expect(handle.message?.content).toBe('progress');
    await interaction.editReply({ content: 'final', components: [] });
    expect(handle.message?.content).toBe('final');
  });

  it('a second acknowledgement gets 40060, an expired token 401/50027', async () => {
    const arrived = nextInteraction();
    const handle = fake.dispatchInteraction({ name: 'mate', options: MATE_OPTIONS });
    const interaction = await arrived;
    if (!interaction.isChatInputCommand()) throw new Error('expected a chat input command');
    await interaction.deferReply();
    // discord.js guards a second reply itself; go around it to see Discord's answer.
    const again = await client.rest
      .post(Routes.interactionCallback(interaction.id, interaction.token), { body: { type: 4, data: { content: 'x' } }, auth: false })
      .catch((e: unknown) => e);
    expect(again).toMatchObject({ code: 40060, status: 400 });

    handle.age(15 * 60_000); // the token's 15 minutes are over
    const error = await interaction.editReply('too late').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect(error).toMatchObject({ code: 50027, status: 401, message: 'Invalid Webhook Token' });
  });

  it('after dropConnection() the client resumes (no new IDENTIFY) and gets the events it missed', async () => {
    const { identifies, resumes, connections } = fake.gateway.stats;
    const sessionId = fake.gateway.sessionId;
    fake.dropConnection();
    // Dispatched while the client is away: replayed on RESUME.
    const arrived = nextInteraction();
    const handle = fake.dispatchInteraction({ name: 'mate', options: MATE_OPTIONS });
    const interaction = await arrived;
    if (!interaction.isChatInputCommand()) throw new Error('expected a chat input command');
    await interaction.deferReply();
    await handle.callback();
    expect(fake.gateway.stats).toMatchObject({ identifies, resumes: resumes + 1, connections: connections + 1 });
    expect(fake.gateway.sessionId).toBe(sessionId);
    const resume = fake.gateway.stats.received.findLast((p) => p.op === 6)?.d as { session_id: string; seq: number };
    expect(resume.session_id).toBe(sessionId);

    // And the link keeps working for the next one.
    const next = nextInteraction();
    const second = fake.dispatchInteraction({ name: 'mate', options: MATE_OPTIONS });
    const again = await next;
    if (!again.isChatInputCommand()) throw new Error('expected a chat input command');
    await again.reply({ content: 'ok', flags: MessageFlags.Ephemeral });
    await second.callback();
  });

  it('a connection lost without a close frame (1006) is resumed too', async () => {
    const { identifies, resumes } = fake.gateway.stats;
    fake.dropConnection({ terminate: true });
    await fake.waitUntil(() => fake.gateway.stats.resumes === resumes + 1 && fake.gateway.connected, 3_000, 'a RESUME');
    expect(fake.gateway.stats.identifies).toBe(identifies);
    const arrived = nextInteraction();
    const handle = fake.dispatchInteraction({ name: 'mate', options: MATE_OPTIONS });
    await arrived;
    expect(handle.events).toEqual([]);
  });

  it('a refused RESUME (op 9) makes the client IDENTIFY again and carry on', async () => {
    const { identifies } = fake.gateway.stats;
    fake.gateway.refuseNextResume();
    fake.dropConnection();
    await fake.waitUntil(() => fake.gateway.stats.identifies === identifies + 1 && fake.gateway.connected, 3_000, 'a fresh IDENTIFY');
    const arrived = nextInteraction();
    const handle = fake.dispatchInteraction({ name: 'mate', options: MATE_OPTIONS });
    const interaction = await arrived;
    if (!interaction.isChatInputCommand()) throw new Error('expected a chat input command');
    await interaction.deferReply();
    await handle.callback();
  });
});

describe('command registration', () => {
  it('records a bulk overwrite of guild and global commands, and dispatches with their ids', async () => {
    const rest = new REST({ api: fake.apiUrl }).setToken(fake.token);
    const body = [{ name: 'mate', description: 'Find a forced mate', options: [{ type: 3, name: 'fen', description: 'FEN', required: true }] }];
    const guildId = fake.guilds[0].id;
    const created = (await rest.put(Routes.applicationGuildCommands(fake.applicationId, guildId), { body })) as { id: string; name: string }[];
    await rest.put(Routes.applicationCommands(fake.applicationId), { body: [] });
    expect(fake.commandPuts).toEqual([
      { scope: { guildId }, body },
      { scope: 'global', body: [] },
    ]);
    expect(created).toEqual([expect.objectContaining({ name: 'mate', id: expect.any(String), guild_id: guildId })]);
    expect(fake.commands(guildId).map((c) => c.name)).toEqual(['mate']);

    const arrived = nextInteraction();
    fake.dispatchInteraction({ name: 'mate', options: MATE_OPTIONS });
    const interaction = await arrived;
    expect(interaction.isChatInputCommand() && interaction.commandId).toBe(created[0].id);
    if (interaction.isRepliable()) await interaction.reply({ content: 'ok' });
  });
});

describe('sharding (Discord\'s: a guild\'s events on shard (guild_id >> 22) % num_shards, DMs on shard 0)', () => {
  let sharded: FakeDiscord;
  const clients: Client[] = [];

  /** A client of the sharded fake running these shards (discord.js internal sharding), logged in and ready. */
  async function shardedClient(shards: ClientOptions['shards'], shardCount?: number): Promise<Client> {
    const c = new Client({ intents: [GatewayIntentBits.Guilds], ...sharded.clientOptions(), shards, ...(shardCount ? { shardCount } : {}) });
    clients.push(c);
    const ready = once(c, Events.ClientReady);
    await c.login(sharded.token);
    await ready;
    return c;
  }

  /** The shard each INTERACTION_CREATE reached the client on, by interaction id. */
  function interactionShards(c: Client): Map<string, number> {
    const seen = new Map<string, number>();
    c.on(Events.Raw, (packet: { t?: string; d?: { id?: string } }, shardId: number) => {
      if (packet.t === 'INTERACTION_CREATE' && packet.d?.id) seen.set(packet.d.id, shardId);
    });
    return seen;
  }

  /** Connects a bare socket, IDENTIFYs with `shard`, and resolves with the close code (or 0 on READY). */
  async function identifyWith(fakeDiscord: FakeDiscord, shard: unknown): Promise<{ code: number; ready?: { shard: unknown; guilds: { id: string }[] } }> {
    const socket = new WebSocket(`${fakeDiscord.gatewayUrl}/?v=10&encoding=json`);
    return new Promise((resolve, reject) => {
      socket.on('error', reject);
      socket.on('close', (code) => resolve({ code }));
      socket.on('message', (data) => {
        const payload = JSON.parse(String(data)) as { op: number; t?: string; d: unknown };
        if (payload.op === 10) socket.send(JSON.stringify({ op: 2, d: { token: fakeDiscord.token, intents: 1, properties: {}, ...(shard === undefined ? {} : { shard }) } }));
        if (payload.t === 'READY') {
          socket.removeAllListeners('close');
          socket.close(1000);
          resolve({ code: 0, ready: payload.d as { shard: unknown; guilds: { id: string }[] } });
        }
      });
    });
  }

  beforeAll(async () => {
    sharded = await FakeDiscord.start({ heartbeatIntervalMs: 100, shards: 2 });
  });

  afterAll(async () => {
    for (const c of clients) await c.destroy();
    await sharded?.close();
  });

  it('has a guild on each shard by default, and recommends its shard count on GET /gateway/bot', async () => {
    expect(sharded.guilds.map((g) => shardOf(g.id, 2))).toEqual([0, 1]);
    expect(sharded.guildOnShard(1).id).toBe(sharded.guilds[1].id);
    expect(() => sharded.guildOnShard(2)).toThrow(/no guild on shard 2 of 2/);
    const rest = new REST({ api: sharded.apiUrl }).setToken(sharded.token);
    expect(await rest.get(Routes.gatewayBot())).toMatchObject({ shards: 2, url: sharded.gatewayUrl });
  });

  it('makes guild ids that land on the shard asked for', () => {
    for (const [shard, count] of [[0, 1], [0, 3], [1, 3], [2, 3], [5, 16]] as const) {
      expect(shardOf(makeGuildIdOnShard(shard, count), count)).toBe(shard);
    }
    expect(() => makeGuildIdOnShard(2, 2)).toThrow();
  });

  it('READY names the shard and lists only its guilds; GUILD_CREATE follows for those alone', async () => {
    const first = await identifyWith(sharded, [0, 2]);
    expect(first.ready?.shard).toEqual([0, 2]);
    expect(first.ready?.guilds.map((g) => g.id)).toEqual([sharded.guildOnShard(0).id]);
    const second = await identifyWith(sharded, [1, 2]);
    expect(second.ready?.shard).toEqual([1, 2]);
    expect(second.ready?.guilds.map((g) => g.id)).toEqual([sharded.guildOnShard(1).id]);
    // No shard means [0, 1]: every guild.
    const whole = await identifyWith(sharded, undefined);
    expect(whole.ready?.shard).toEqual([0, 1]);
    expect(whole.ready?.guilds.map((g) => g.id)).toEqual(sharded.guilds.map((g) => g.id));
  });

  it('closes an IDENTIFY with an invalid shard with 4010', async () => {
    for (const shard of [[2, 2], [-1, 2], [0, 0], [0], 'x', [0.5, 2]]) {
      expect((await identifyWith(sharded, shard)).code).toBe(4010);
    }
  });

  it('with requireShards, closes an IDENTIFY with fewer shards than it recommends with 4011', async () => {
    const strict = await FakeDiscord.start({ shards: 3, requireShards: true });
    try {
      expect((await identifyWith(strict, undefined)).code).toBe(4011);
      expect((await identifyWith(strict, [1, 2])).code).toBe(4011);
      expect((await identifyWith(strict, [2, 3])).ready?.shard).toEqual([2, 3]);
    } finally {
      await strict.close();
    }
  });

  it('a client running both shards opens a session per shard, caches every guild, and gets each guild\'s interactions on its shard', async () => {
    const c = await shardedClient([0, 1], 2);
    const seen = interactionShards(c);
    expect([...c.ws.shards.keys()]).toEqual([0, 1]);
    expect(sharded.gateway.shardSessions().map((s) => [s.shard, s.connected])).toEqual([[[0, 2], true], [[1, 2], true]]);
    expect([...c.guilds.cache.keys()].sort()).toEqual(sharded.guilds.map((g) => g.id).sort());

    for (const shard of [0, 1]) {
      const guild = sharded.guildOnShard(shard);
      const arrived = once(c, Events.InteractionCreate) as Promise<[Interaction]>;
      const handle = sharded.dispatchInteraction({ name: 'mate', options: MATE_OPTIONS, guildId: guild.id });
      const [interaction] = await arrived;
      expect(handle.shard).toEqual([shard, 2]);
      expect(seen.get(handle.id)).toBe(shard);
      expect(interaction.guildId).toBe(guild.id);
      if (interaction.isRepliable()) await interaction.reply({ content: `shard ${shard}` });
      expect((await handle.callback()).data.content).toBe(`shard ${shard}`);
    }

    // A DM goes to shard 0.
    const arrived = once(c, Events.InteractionCreate);
    const dm = sharded.dispatchInteraction({ name: 'mate', options: MATE_OPTIONS, guildId: null });
    await arrived;
    expect(dm.shard).toEqual([0, 2]);
    expect(seen.get(dm.id)).toBe(0);
  });

  it('drops one shard\'s connection alone: it resumes and gets what it missed, the other shard is untouched', async () => {
    const c = clients.at(-1)!;
    const seen = interactionShards(c);
    const [zero] = sharded.gateway.shardSessions();
    const { resumes, identifies } = sharded.gateway.stats;
    sharded.dropConnection({ shard: 1 });
    const arrived = once(c, Events.InteractionCreate);
    const handle = sharded.dispatchInteraction({ name: 'mate', options: MATE_OPTIONS, guildId: sharded.guildOnShard(1).id });
    await arrived;
    expect(seen.get(handle.id)).toBe(1);
    expect(sharded.gateway.stats).toMatchObject({ resumes: resumes + 1, identifies });
    expect(sharded.gateway.shardSessions()[0]).toEqual(zero);
    const resume = sharded.gateway.stats.received.findLast((p) => p.op === 6)?.d as { session_id: string };
    expect(resume.session_id).toBe(sharded.gateway.shardSessions()[1].sessionId);
  });

  it('two clients running a shard each: a guild\'s interaction reaches only the client of its shard', async () => {
    for (const c of clients.splice(0)) await c.destroy();
    const [a, b] = [await shardedClient([0], 2), await shardedClient([1], 2)];
    expect([...a.guilds.cache.keys()]).toEqual([sharded.guildOnShard(0).id]);
    expect([...b.guilds.cache.keys()]).toEqual([sharded.guildOnShard(1).id]);
    const [seenA, seenB] = [interactionShards(a), interactionShards(b)];

    const toB = once(b, Events.InteractionCreate);
    const handleB = sharded.dispatchInteraction({ name: 'mate', options: MATE_OPTIONS, guildId: sharded.guildOnShard(1).id });
    await toB;
    const toA = once(a, Events.InteractionCreate);
    const handleA = sharded.dispatchInteraction({ name: 'mate', options: MATE_OPTIONS, guildId: sharded.guildOnShard(0).id });
    await toA;
    // Each has seen exactly its own (A's arrived after B's, on the same loopback).
    expect([...seenA.keys()]).toEqual([handleA.id]);
    expect([...seenB.keys()]).toEqual([handleB.id]);
  });
});
