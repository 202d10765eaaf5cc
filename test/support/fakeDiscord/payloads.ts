// The fake Discord's vocabulary and the JSON shapes it sends: snowflakes, users, guilds, READY,
// GUILD_CREATE, INTERACTION_CREATE and message objects, each with only the fields discord.js 14
// reads (found by probing the real Client; see ../../../../shared/discord.md §1).

export interface FakeUser {
  id: string;
  username: string;
  global_name?: string | null;
  discriminator?: string;
  avatar?: string | null;
  bot?: boolean;
}

export interface FakeChannel {
  id: string;
  name: string;
  /** 0 = GUILD_TEXT */
  type?: number;
}

export interface FakeGuild {
  id: string;
  name: string;
  channels: FakeChannel[];
}

/** An application-command option as Discord sends it in `data.options`. */
export interface FakeCommandOption {
  name: string;
  /** 3 string, 4 integer, 5 boolean, 10 number, 11 attachment (ApplicationCommandOptionType). */
  type: number;
  value: string | number | boolean;
}

/** A file a member attached to a command's attachment option, as Discord resolves it (`data.resolved.attachments`). */
export interface FakeResolvedAttachment {
  id: string;
  filename: string;
  size: number;
  url: string;
  proxy_url: string;
  content_type?: string;
}

/** A message as the fake keeps it (the original response, an edit target, or a follow-up). */
export interface FakeMessage {
  id: string;
  channel_id: string;
  content: string;
  embeds: unknown[];
  components: unknown[];
  attachments: FakeAttachmentRecord[];
  flags: number;
  /** true while it is the "Bot is thinking…" placeholder of a deferred reply */
  loading: boolean;
}

export interface FakeAttachmentRecord {
  id: string;
  filename: string;
  size: number;
  content_type: string;
}

const DISCORD_EPOCH = 1_420_070_400_000n;
let increment = 0n;

/** A fresh, increasing snowflake (timestamp << 22 | counter), as Discord makes them. */
export function makeSnowflake(): string {
  increment = (increment + 1n) & 0xfffn;
  return (((BigInt(Date.now()) - DISCORD_EPOCH) << 22n) | increment).toString();
}

/** The shard that gets a guild's events: `(guild_id >> 22) % num_shards`, Discord's formula. */
export function shardOf(guildId: string, numShards: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(numShards));
}

/**
 * A fresh guild id (a snowflake, increasing) that shard `shardId` of `numShards` owns: its
 * timestamp bits are moved forward to the next value with the right remainder.
 */
export function makeGuildIdOnShard(shardId: number, numShards: number): string {
  if (!Number.isSafeInteger(shardId) || !Number.isSafeInteger(numShards) || shardId < 0 || shardId >= numShards) {
    throw new Error(`fake discord: no shard ${shardId} of ${numShards}`);
  }
  const id = BigInt(makeSnowflake());
  const count = BigInt(numShards);
  const shift = (BigInt(shardId) - ((id >> 22n) % count) + count) % count;
  return (id + (shift << 22n)).toString();
}

/** An interaction token: opaque, long, URL-safe, unique. */
export function makeInteractionToken(): string {
  return `aW50ZXJhY3Rpb24.${makeSnowflake()}.${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
}

export function apiUser(user: FakeUser): Record<string, unknown> {
  return {
    id: user.id,
    username: user.username,
    global_name: user.global_name ?? null,
    discriminator: user.discriminator ?? '0',
    avatar: user.avatar ?? null,
    bot: user.bot ?? false,
    public_flags: 0,
    flags: 0,
  };
}

export function readyPayload(opts: {
  bot: FakeUser;
  applicationId: string;
  sessionId: string;
  resumeUrl: string;
  guilds: FakeGuild[];
  /** [shard_id, num_shards] of the session (default [0, 1]) */
  shard?: readonly [number, number];
}): Record<string, unknown> {
  return {
    v: 10,
    user: { ...apiUser(opts.bot), bot: true, verified: true, mfa_enabled: false },
    // An array is required (discord.js iterates it); each listed guild must follow as GUILD_CREATE
    // or the Client waits `waitGuildTimeout` (15 s) before `clientReady`.
    guilds: opts.guilds.map((g) => ({ id: g.id, unavailable: true })),
    session_id: opts.sessionId,
    session_type: 'normal',
    resume_gateway_url: opts.resumeUrl,
    // Without `application`, discord.js throws inside its READY handler and never becomes ready.
    application: { id: opts.applicationId, flags: 0 },
    shard: [...(opts.shard ?? [0, 1])],
    private_channels: [],
    presences: [],
    relationships: [],
    user_settings: {},
    _trace: ['["fake-discord",{"micros":0}]'],
  };
}

const EVERYONE_PERMISSIONS = '2248473465835073';

export function guildCreatePayload(guild: FakeGuild, bot: FakeUser): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    owner_id: '1',
    unavailable: false,
    large: false,
    member_count: 2,
    joined_at: now,
    application_id: null,
    afk_channel_id: null,
    afk_timeout: 300,
    system_channel_id: guild.channels[0]?.id ?? null,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    mfa_level: 0,
    premium_tier: 0,
    premium_subscription_count: 0,
    preferred_locale: 'en-US',
    features: [],
    nsfw_level: 0,
    roles: [
      {
        id: guild.id, // @everyone has the guild's id
        name: '@everyone',
        color: 0,
        hoist: false,
        position: 0,
        permissions: EVERYONE_PERMISSIONS,
        managed: false,
        mentionable: false,
        flags: 0,
      },
    ],
    emojis: [],
    stickers: [],
    channels: guild.channels.map((c, i) => ({
      id: c.id,
      type: c.type ?? 0,
      name: c.name,
      position: i,
      parent_id: null,
      permission_overwrites: [],
      nsfw: false,
      topic: null,
      last_message_id: null,
      rate_limit_per_user: 0,
      guild_id: guild.id,
    })),
    threads: [],
    members: [{ user: { ...apiUser(bot), bot: true }, roles: [], joined_at: now, deaf: false, mute: false, flags: 0 }],
    voice_states: [],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
    application_command_counts: {},
  };
}

function channelObject(guild: FakeGuild | undefined, channelId: string): Record<string, unknown> {
  const channel = guild?.channels.find((c) => c.id === channelId);
  return {
    id: channelId,
    type: channel?.type ?? 0,
    name: channel?.name ?? 'general',
    guild_id: guild?.id,
    position: 0,
    parent_id: null,
    permission_overwrites: [],
    nsfw: false,
    last_message_id: null,
    rate_limit_per_user: 0,
    flags: 0,
  };
}

function context(
  guild: FakeGuild | undefined,
  channelId: string,
  user: FakeUser,
): Record<string, unknown> {
  const base: Record<string, unknown> = {
    channel_id: channelId,
    channel: channelObject(guild, channelId),
    app_permissions: EVERYONE_PERMISSIONS,
    locale: 'en-US',
    // discord.js calls `.reduce` on it: must be an array.
    entitlements: [],
    attachment_size_limit: 10 * 1024 * 1024,
  };
  if (guild) {
    base.guild_id = guild.id;
    base.guild_locale = 'en-US';
    base.guild = { id: guild.id, locale: 'en-US', features: [] };
    base.member = {
      user: apiUser(user),
      roles: [],
      joined_at: new Date().toISOString(),
      deaf: false,
      mute: false,
      flags: 0,
      pending: false,
      nick: null,
      avatar: null,
      premium_since: null,
      communication_disabled_until: null,
      permissions: EVERYONE_PERMISSIONS,
    };
    base.context = 0; // GUILD
    base.authorizing_integration_owners = { '0': guild.id };
  } else {
    base.user = apiUser(user);
    base.context = 1; // BOT_DM
    base.authorizing_integration_owners = { '1': user.id };
  }
  return base;
}

/** What every interaction names: itself, its token, the application, and who made it where. */
interface InteractionSource {
  id: string;
  token: string;
  applicationId: string;
  user: FakeUser;
  guild: FakeGuild | undefined;
  channelId: string;
}

/** An interaction of `type` (2 command, 3 component, 4 autocomplete, 5 modal) carrying `data`, and `extra` fields. */
function interactionPayload(
  source: InteractionSource, type: number, data: Record<string, unknown>, extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id: source.id,
    application_id: source.applicationId,
    type,
    token: source.token,
    version: 1,
    data,
    ...extra,
    ...context(source.guild, source.channelId, source.user),
  };
}

export function commandInteractionPayload(opts: {
  id: string;
  token: string;
  applicationId: string;
  commandId: string;
  name: string;
  options: FakeCommandOption[];
  user: FakeUser;
  guild: FakeGuild | undefined;
  channelId: string;
  attachments?: FakeResolvedAttachment[];
}): Record<string, unknown> {
  return interactionPayload(opts, 2 /* APPLICATION_COMMAND */, {
    id: opts.commandId,
    name: opts.name,
    type: 1, // CHAT_INPUT
    options: opts.options,
    ...(opts.attachments?.length ? { resolved: { attachments: Object.fromEntries(opts.attachments.map((a) => [a.id, a])) } } : {}),
    ...(opts.guild ? { guild_id: opts.guild.id } : {}),
  });
}

/** What a context-menu command (type 2 or 3) is used on: a member, or a message. */
export type ContextMenuTarget = { user: FakeUser } | { message: Record<string, unknown> };

/** A user (type 2) or message (type 3) context-menu command: `data.target_id` and its `resolved` object. */
export function contextMenuInteractionPayload(opts: {
  id: string;
  token: string;
  applicationId: string;
  commandId: string;
  name: string;
  target: ContextMenuTarget;
  user: FakeUser;
  guild: FakeGuild | undefined;
  channelId: string;
}): Record<string, unknown> {
  const { target } = opts;
  const targetId = 'user' in target ? target.user.id : String(target.message.id);
  const resolved = 'user' in target ? { users: { [targetId]: apiUser(target.user) } } : { messages: { [targetId]: target.message } };
  return interactionPayload(opts, 2 /* APPLICATION_COMMAND */, {
    id: opts.commandId,
    name: opts.name,
    type: 'user' in target ? 2 : 3, // USER, MESSAGE
    target_id: targetId,
    resolved,
    ...(opts.guild ? { guild_id: opts.guild.id } : {}),
  });
}

/** An autocomplete request (type 4): the command's options so far, the one being typed `focused`. */
export function autocompleteInteractionPayload(opts: {
  id: string;
  token: string;
  applicationId: string;
  commandId: string;
  name: string;
  options: Array<FakeCommandOption & { focused?: boolean }>;
  user: FakeUser;
  guild: FakeGuild | undefined;
  channelId: string;
}): Record<string, unknown> {
  return {
    ...commandInteractionPayload(opts),
    type: 4, // APPLICATION_COMMAND_AUTOCOMPLETE
  };
}

export function componentInteractionPayload(opts: {
  id: string;
  token: string;
  applicationId: string;
  customId: string;
  /** 2 button (default), 3 string select, 5 user, 6 role, 7 mentionable, 8 channel select */
  componentType?: number;
  /** a select menu's chosen values */
  values?: string[];
  message: Record<string, unknown>;
  user: FakeUser;
  guild: FakeGuild | undefined;
  channelId: string;
}): Record<string, unknown> {
  const componentType = opts.componentType ?? 2;
  return interactionPayload(
    opts,
    3, // MESSAGE_COMPONENT
    { custom_id: opts.customId, component_type: componentType, ...(componentType === 2 ? {} : { values: opts.values ?? [] }) },
    { message: opts.message },
  );
}

/** A submitted modal (type 5): its text inputs by custom id, and the message it came from, if any. */
export function modalSubmitInteractionPayload(opts: {
  id: string;
  token: string;
  applicationId: string;
  customId: string;
  fields: Array<{ customId: string; value: string }>;
  message: Record<string, unknown> | undefined;
  user: FakeUser;
  guild: FakeGuild | undefined;
  channelId: string;
}): Record<string, unknown> {
  return interactionPayload(
    opts,
    5, // MODAL_SUBMIT
    {
      custom_id: opts.customId,
      // Each text input in its action row (type 1), as Discord sends them.
      components: opts.fields.map((f) => ({ type: 1, components: [{ type: 4, custom_id: f.customId, value: f.value }] })),
    },
    opts.message ? { message: opts.message } : {},
  );
}

/** A message object as REST returns it (discord.js builds a Message from it). */
export function messageObject(msg: FakeMessage, bot: FakeUser, applicationId: string, interactionType = 20): Record<string, unknown> {
  return {
    id: msg.id,
    channel_id: msg.channel_id,
    author: { ...apiUser(bot), bot: true },
    content: msg.content,
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: msg.attachments.map((a) => ({
      ...a,
      url: `https://cdn.discordapp.com/attachments/${msg.channel_id}/${a.id}/${a.filename}`,
      proxy_url: `https://media.discordapp.net/attachments/${msg.channel_id}/${a.id}/${a.filename}`,
    })),
    embeds: msg.embeds,
    components: msg.components,
    pinned: false,
    type: interactionType, // 20 = CHAT_INPUT_COMMAND reply, 0 = DEFAULT (follow-ups)
    flags: msg.flags | (msg.loading ? 128 : 0), // 128 = LOADING
    webhook_id: applicationId,
    application_id: applicationId,
  };
}
