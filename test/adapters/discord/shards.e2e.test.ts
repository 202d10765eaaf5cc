// The bot as shards (discord.js internal sharding over @discordjs/ws), end to end against the fake
// Discord sharded as Discord is: a guild's events come on shard (guild_id >> 22) % num_shards. One
// bot running every shard answers in every guild; 'auto' takes Discord's count; two bots with a
// shard each answer only their own guilds; a shard lost for good ends the bot.

import { Events } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DiscordBot, DiscordLoginError, clientShardOptions } from '../../../src/adapters/discord/bot.ts';
import { Secret } from '../../../src/config/secret.ts';
import { InlineEngine } from '../../../src/engine/index.ts';
import { streamLogger } from '../../../src/log.ts';
import { FakeDiscord, type InteractionHandle } from '../../support/fakeDiscord/index.ts';
import { BLACK_MATES, type Harness, KNIGHT_PROMOTION, MATE_IN_1, finalEdit, newUser, startHarness } from './harness.ts';
import { Writable } from 'node:stream';

/** The answer's text once the search is over (its final edit). */
async function answer(handle: InteractionHandle): Promise<string> {
  return String((await finalEdit(handle, 15_000)).body.content);
}

/** The ids of the interactions this bot's client has received. */
function received(h: Harness): string[] {
  const ids: string[] = [];
  h.bot.client.on(Events.InteractionCreate, (interaction) => ids.push(interaction.id));
  return ids;
}

/** The shards of the fake's current sessions that have a socket attached, as [id, count]. */
function connectedShards(fake: FakeDiscord): (readonly [number, number])[] {
  return fake.gateway.shardSessions().filter((s) => s.connected).map((s) => s.shard);
}

describe('clientShardOptions: discord.js options from shards and shardIds', () => {
  it('leaves discord.js its defaults for one shard; runs every shard, or the given ones, of N; "auto" asks Discord', () => {
    expect(clientShardOptions()).toEqual({});
    expect(clientShardOptions(1, null)).toEqual({});
    expect(clientShardOptions(3, null)).toEqual({ shards: [0, 1, 2], shardCount: 3 });
    expect(clientShardOptions(4, [3, 1])).toEqual({ shards: [3, 1], shardCount: 4 });
    expect(clientShardOptions('auto', null)).toEqual({ shards: 'auto' });
  });

  it('refuses ids it cannot run', () => {
    expect(() => clientShardOptions('auto', [0])).toThrow(/auto/);
    expect(() => clientShardOptions(2, [2])).toThrow(/0 to 1/);
    expect(() => clientShardOptions(2, [])).toThrow();
  });
});

describe('one bot running both shards of two', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({ fakeOptions: { shards: 2 }, shards: 2, cache: null });
  });

  afterAll(async () => {
    await h?.close();
  });

  it('connects one gateway session per shard and caches the guilds of both', () => {
    expect(connectedShards(h.fake)).toEqual([[0, 2], [1, 2]]);
    expect([...h.bot.client.ws.shards.keys()]).toEqual([0, 1]);
    expect([...h.bot.client.guilds.cache.keys()].sort()).toEqual(h.fake.guilds.map((g) => g.id).sort());
  });

  it('answers /mate in a guild of each shard, each interaction arriving on its own shard', async () => {
    const zero = h.mate(MATE_IN_1, 1, { user: newUser(), guildId: h.fake.guildOnShard(0).id });
    const one = h.mate(KNIGHT_PROMOTION, 3, { user: newUser(), guildId: h.fake.guildOnShard(1).id });
    expect([zero.shard, one.shard]).toEqual([[0, 2], [1, 2]]);
    expect(await answer(zero)).toMatch(/^Mate in 1: 1\. Ra8#/);
    expect(await answer(one)).toMatch(/^Mate in 3: 1\. bxa8=N/);
  });

  it('answers in a direct message too (shard 0)', async () => {
    const dm = h.mate(MATE_IN_1, 1, { user: newUser(), guildId: null });
    expect(dm.shard).toEqual([0, 2]);
    expect(await answer(dm)).toMatch(/^Mate in 1: 1\. Ra8#/);
  });

  it('keeps answering on one shard while the other resumes after a drop', async () => {
    // On a loaded machine a shard can be between sockets just now (a late heartbeat makes
    // discord.js reconnect): the drop is of a live one.
    await vi.waitFor(() => expect(connectedShards(h.fake)).toEqual([[0, 2], [1, 2]]), { timeout: 10_000 });
    const session = h.fake.gateway.shardSessions()[1].sessionId;
    const { resumes } = h.fake.gateway.stats;
    h.fake.dropConnection({ shard: 1 });
    const zero = h.mate(MATE_IN_1, 1, { user: newUser(), guildId: h.fake.guildOnShard(0).id });
    // Sent while shard 1 is away: replayed when it resumes.
    const one = h.mate(MATE_IN_1, 1, { user: newUser(), guildId: h.fake.guildOnShard(1).id });
    expect(await answer(zero)).toMatch(/^Mate in 1: 1\. Ra8#/);
    expect(await answer(one)).toMatch(/^Mate in 1: 1\. Ra8#/);
    // Resumed, not identified afresh: the same session goes on (another late heartbeat may add a resume).
    expect(h.fake.gateway.stats.resumes).toBeGreaterThan(resumes);
    expect(h.fake.gateway.shardSessions()[1]).toMatchObject({ sessionId: session, connected: true });
    expect(connectedShards(h.fake)).toEqual([[0, 2], [1, 2]]);
  });
});

describe('shards "auto"', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({ fakeOptions: { shards: 3 }, shards: 'auto', cache: null, poolSize: 1 });
  });

  afterAll(async () => {
    await h?.close();
  });

  it('runs as many shards as GET /gateway/bot recommends, and answers on the last of them', async () => {
    expect(h.fake.requestsWhere((r) => r.path === '/api/v10/gateway/bot').length).toBeGreaterThan(0);
    expect(connectedShards(h.fake)).toEqual([[0, 3], [1, 3], [2, 3]]);
    expect(h.bot.client.options.shardCount).toBe(3);
    const handle = h.mate(BLACK_MATES, 3, { user: newUser(), guildId: h.fake.guildOnShard(2).id });
    expect(handle.shard).toEqual([2, 3]);
    expect(await answer(handle)).toMatch(/^Mate in 3: 1\.\.\. Qxh3\+/);
  });
});

describe('two bots, shardIds [0] and [1] of two, sharing one Discord', () => {
  let fake: FakeDiscord;
  let a: Harness;
  let b: Harness;

  beforeAll(async () => {
    fake = await FakeDiscord.start({ heartbeatIntervalMs: 100, shards: 2 });
    a = await startHarness({ fake, shards: 2, shardIds: [0], cache: null, poolSize: 1 });
    b = await startHarness({ fake, shards: 2, shardIds: [1], cache: null, poolSize: 1 });
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await fake?.close();
  });

  it('each runs its own shard and holds only its guilds', () => {
    expect(connectedShards(fake)).toEqual([[0, 2], [1, 2]]);
    expect([...a.bot.client.ws.shards.keys()]).toEqual([0]);
    expect([...b.bot.client.ws.shards.keys()]).toEqual([1]);
    expect([...a.bot.client.guilds.cache.keys()]).toEqual([fake.guildOnShard(0).id]);
    expect([...b.bot.client.guilds.cache.keys()]).toEqual([fake.guildOnShard(1).id]);
  });

  it("answers each guild's /mate from the bot of its shard; the other bot never sees it", async () => {
    const [seenByA, seenByB] = [received(a), received(b)];
    const inZero = a.mate(MATE_IN_1, 1, { user: newUser(), guildId: fake.guildOnShard(0).id });
    const inOne = b.mate(KNIGHT_PROMOTION, 3, { user: newUser(), guildId: fake.guildOnShard(1).id });
    expect(await answer(inZero)).toMatch(/^Mate in 1: 1\. Ra8#/);
    expect(await answer(inOne)).toMatch(/^Mate in 3: 1\. bxa8=N/);
    expect(seenByA).toEqual([inZero.id]);
    expect(seenByB).toEqual([inOne.id]);
  });
});

describe('a shard lost for good', () => {
  let fake: FakeDiscord | undefined;
  const bots: DiscordBot[] = [];

  afterEach(async () => {
    for (const bot of bots.splice(0)) await bot.stop();
    await fake?.close();
    fake = undefined;
  });

  function quietBot(fakeDiscord: FakeDiscord, shards: number | 'auto') {
    const token = new Secret(fakeDiscord.token);
    const output = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    return DiscordBot.start({
      token,
      apiUrl: fakeDiscord.apiUrl,
      mate: { engine: new InlineEngine(), maxN: 3, timeoutSeconds: 10 },
      limits: { running: 1, total: 2, perUser: 1 },
      cache: null,
      logger: streamLogger({ output, level: 'debug', scope: 'discord', secrets: [token] }),
      clientOptions: fakeDiscord.clientOptions(),
      shards,
    });
  }

  it('a Discord that requires more shards than the bot runs (4011) refuses the login', async () => {
    fake = await FakeDiscord.start({ shards: 2, requireShards: true });
    const error = await quietBot(fake, 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiscordLoginError);
    expect(String(error)).toMatch(/sharding is required/i);
    // With 'auto' the bot takes Discord's count and logs in.
    const bot = await quietBot(fake, 'auto');
    bots.push(bot);
    expect([...bot.client.ws.shards.keys()]).toEqual([0, 1]);
  });

  it("closes the bot when any one shard's connection ends for good", async () => {
    fake = await FakeDiscord.start({ shards: 2 });
    const bot = await quietBot(fake, 2);
    bots.push(bot);
    fake.dropConnection({ shard: 1, code: 4010 }); // Invalid shard: discord.js gives the shard up
    expect(await bot.closed).toMatch(/4010/);
  });
});
