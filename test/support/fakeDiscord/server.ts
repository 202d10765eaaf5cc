// The fake Discord: REST (API v10) and the gateway on one loopback port, enough for the real
// discord.js 14 Client to log in, receive interactions and answer them. Every REST request is
// recorded; faults (429, late acknowledgement, expired tokens, dropped gateway) are scriptable.
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeGateway, type ShardPair } from './gateway.ts';
import {
  faultMatches,
  faultResponse,
  readBody,
  sendEmpty,
  sendJson,
  type ActiveFault,
  type FaultSpec,
  type RecordedRequest,
} from './http.ts';
import {
  InteractionRecord,
  type CallbackEvent,
  type DiscordError,
  type EditEvent,
  type InteractionEvent,
} from './interactions.ts';
import {
  apiUser,
  autocompleteInteractionPayload,
  commandInteractionPayload,
  componentInteractionPayload,
  contextMenuInteractionPayload,
  makeGuildIdOnShard,
  makeInteractionToken,
  makeSnowflake,
  messageObject,
  modalSubmitInteractionPayload,
  shardOf,
  type FakeCommandOption,
  type FakeGuild,
  type FakeMessage,
  type FakeResolvedAttachment,
  type FakeUser,
} from './payloads.ts';

export interface FakeDiscordOptions {
  /** the bot token the client must present (default `fake-bot-token`) */
  token?: string;
  applicationId?: string;
  bot?: FakeUser;
  /**
   * guilds sent as GUILD_CREATE after READY, each on the shard that owns it (default: one guild
   * with one text channel, and with `shards` above 1 one more for each shard that has none)
   */
  guilds?: FakeGuild[];
  /** the shard count GET /gateway/bot recommends (default 1) */
  shards?: number;
  /** refuse an IDENTIFY with fewer than `shards` shards: close 4011, Sharding required (default false) */
  requireShards?: boolean;
  /** HELLO's heartbeat_interval (default 200 ms; Discord's is ~41 s) */
  heartbeatIntervalMs?: number;
  /** the initial-response deadline (default 3000 ms, Discord's) */
  ackDeadlineMs?: number;
  /** how long an interaction token accepts edits and follow-ups (default 15 min, Discord's) */
  tokenLifetimeMs?: number;
  /** the loopback port to listen on (default: a free one); a bot may be pointed at it before it opens */
  port?: number;
}

/** A file attached to an attachment option: Discord uploads it to its CDN and the interaction carries its URL. */
export interface FakeUpload {
  /** The attachment option's name. */
  option: string;
  filename: string;
  bytes: Uint8Array;
  content_type?: string;
  /** The size the interaction states (default: the bytes' length), for a file larger than sent. */
  size?: number;
}

export interface DispatchCommand {
  name: string;
  options?: FakeCommandOption[];
  /** Files attached to attachment options, served by the fake's CDN at their URLs. */
  uploads?: FakeUpload[];
  /** default: a member named `tester` */
  user?: FakeUser;
  /** default: the first guild; `null` for a DM */
  guildId?: string | null;
  /** default: the guild's first channel */
  channelId?: string;
}

export interface DispatchComponent {
  customId: string;
  /** the message carrying the button, e.g. `handle.message` of the command interaction */
  message: FakeMessage;
  /** 2 button (default), 3 string select, 5 user, 6 role, 7 mentionable, 8 channel select */
  componentType?: number;
  /** a select menu's chosen values */
  values?: string[];
  user?: FakeUser;
  guildId?: string | null;
  channelId?: string;
}

/** Where the interaction happens and who does it: as in DispatchCommand. */
type Place = Pick<DispatchCommand, 'user' | 'guildId' | 'channelId'>;

export interface DispatchContextMenu extends Place {
  name: string;
  /** a user command on this member, or a message command on this message */
  target: { user: FakeUser } | { message: FakeMessage };
}

export interface DispatchAutocomplete extends Place {
  name: string;
  /** the options typed so far; the one being typed has `focused: true` */
  options: Array<FakeCommandOption & { focused?: boolean }>;
}

export interface DispatchModalSubmit extends Place {
  customId: string;
  /** the text inputs: custom id and what was typed */
  fields?: Array<{ customId: string; value: string }>;
  /** the message whose component opened the modal, if one did */
  message?: FakeMessage;
}

export interface RegisteredCommands {
  scope: 'global' | { guildId: string };
  body: unknown;
}

const DEFAULT_WAIT_MS = 2_000;

export const DEFAULT_USER: FakeUser = { id: '400000000000000001', username: 'tester', global_name: 'Tester' };

/** A test's view of one dispatched interaction. */
export class InteractionHandle {
  constructor(
    private readonly fake: FakeDiscord,
    readonly record: InteractionRecord,
  ) {}

  get id(): string {
    return this.record.id;
  }
  get token(): string {
    return this.record.token;
  }
  /** the shard `[shard_id, num_shards]` whose connection the INTERACTION_CREATE went to */
  get shard(): ShardPair {
    return this.record.shard;
  }
  /** the INTERACTION_CREATE `d` that was sent */
  get payload(): Record<string, unknown> {
    return this.record.payload;
  }
  get events(): InteractionEvent[] {
    return this.record.events;
  }
  get edits(): EditEvent[] {
    return this.record.events.filter((e): e is EditEvent => e.kind === 'edit');
  }
  /** the response message as it stands now (content, embeds, components, attachments) */
  get message(): FakeMessage | null {
    return this.record.original;
  }
  get followUps(): FakeMessage[] {
    return this.record.followUps;
  }

  /** The accepted initial response (callback), waiting for it if need be. */
  callback(timeoutMs = DEFAULT_WAIT_MS): Promise<CallbackEvent> {
    return this.waitFor((e): e is CallbackEvent => e.kind === 'callback', timeoutMs, 'an interaction callback');
  }

  /** Milliseconds from dispatch to the accepted initial response. */
  async ackLatencyMs(timeoutMs = DEFAULT_WAIT_MS): Promise<number> {
    return (await this.callback(timeoutMs)).at - this.record.createdAt;
  }

  /** The first edit (already recorded or still to come) that satisfies `pred`. */
  edit(pred: (e: EditEvent) => boolean = () => true, timeoutMs = DEFAULT_WAIT_MS): Promise<EditEvent> {
    return this.waitFor((e): e is EditEvent => e.kind === 'edit' && pred(e), timeoutMs, 'an edit of the reply');
  }

  /** The first event that satisfies `pred`, already recorded or still to come. */
  waitFor<E extends InteractionEvent>(pred: (e: InteractionEvent) => e is E, timeoutMs = DEFAULT_WAIT_MS, what = 'an interaction event'): Promise<E> {
    return this.fake.waitUntil(() => this.record.events.find(pred), timeoutMs, `${what} for interaction ${this.id}`);
  }

  /** Makes the interaction look `ms` older: past the ack deadline or token lifetime without waiting. */
  age(ms: number): void {
    this.record.createdAt -= ms;
  }

  /** Expires the token now: callbacks get 10062, edits and follow-ups 401/50027. */
  expireToken(): void {
    this.record.expired = true;
  }

  /** Clicks a button on this interaction's reply: dispatches a component interaction. */
  click(customId: string, opts: { user?: FakeUser } = {}): InteractionHandle {
    const message = this.record.original;
    if (!message) throw new Error(`interaction ${this.id} has no reply to click on`);
    const guildId = (this.payload.guild_id as string | undefined) ?? null;
    return this.fake.dispatchComponent({ customId, message, user: opts.user ?? this.user(), guildId, channelId: this.record.channelId });
  }

  private user(): FakeUser {
    const p = this.payload as { member?: { user: FakeUser }; user?: FakeUser };
    return (p.member?.user ?? p.user)!;
  }
}

export class FakeDiscord {
  readonly token: string;
  readonly applicationId: string;
  readonly bot: FakeUser;
  readonly guilds: FakeGuild[];
  /** the shard count GET /gateway/bot recommends */
  readonly shards: number;
  readonly requests: RecordedRequest[] = [];
  /** bodies of bulk overwrites (PUT …/commands), in order */
  readonly commandPuts: RegisteredCommands[] = [];
  readonly gateway: FakeGateway;
  private readonly server: Server;
  private readonly changes = new EventEmitter();
  private readonly interactions = new Map<string, InteractionRecord>();
  /** The CDN: uploaded files by path (/attachments/<channel>/<id>/<name>). */
  private readonly cdn = new Map<string, FakeUpload>();
  private readonly faults: ActiveFault[] = [];
  private readonly slowAnswers: ActiveFault[] = [];
  private readonly registered = new Map<string, { id: string; name: string }[]>();
  private readonly lifetimes: { ackDeadlineMs: number; tokenLifetimeMs: number };
  private port = 0;

  private constructor(opts: FakeDiscordOptions) {
    this.token = opts.token ?? 'fake-bot-token';
    this.applicationId = opts.applicationId ?? '300000000000000001';
    this.bot = opts.bot ?? { id: this.applicationId, username: 'chessbot', bot: true };
    this.shards = opts.shards ?? 1;
    if (!Number.isSafeInteger(this.shards) || this.shards < 1) throw new Error(`fake discord: shards must be an integer >= 1, got ${this.shards}`);
    this.guilds = opts.guilds ?? defaultGuilds(this.shards);
    this.lifetimes = { ackDeadlineMs: opts.ackDeadlineMs ?? 3_000, tokenLifetimeMs: opts.tokenLifetimeMs ?? 15 * 60_000 };
    this.changes.setMaxListeners(0);
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { message: String(err), code: 0 });
      });
    });
    this.gateway = new FakeGateway(this.server, {
      token: this.token,
      bot: this.bot,
      applicationId: this.applicationId,
      guilds: this.guilds,
      heartbeatIntervalMs: opts.heartbeatIntervalMs ?? 200,
      url: () => this.gatewayUrl,
      requiredShards: opts.requireShards ? this.shards : 0,
    });
    for (const event of ['ready', 'resumed', 'identify', 'heartbeat', 'disconnect']) {
      this.gateway.on(event, () => this.changes.emit('change'));
    }
  }

  /** Starts a fake Discord on 127.0.0.1 and `opts.port`, or a free port. */
  static async start(opts: FakeDiscordOptions = {}): Promise<FakeDiscord> {
    const fake = new FakeDiscord(opts);
    await new Promise<void>((resolve, reject) => {
      fake.server.once('error', reject);
      fake.server.listen(opts.port ?? 0, '127.0.0.1', resolve);
    });
    fake.port = (fake.server.address() as AddressInfo).port;
    return fake;
  }

  /** For discord.js `rest.api`: `http://127.0.0.1:PORT/api`. */
  get apiUrl(): string {
    return `http://127.0.0.1:${this.port}/api`;
  }

  get gatewayUrl(): string {
    return `ws://127.0.0.1:${this.port}`;
  }

  /**
   * Client options that point discord.js at the fake and skip the 5 s identify throttle between
   * re-IDENTIFYs. Spread into `new Client({ intents, ...fake.clientOptions() })`.
   */
  clientOptions(): { rest: { api: string }; ws: { buildIdentifyThrottler: () => Promise<{ waitForIdentify: () => Promise<void> }> } } {
    return {
      rest: { api: this.apiUrl },
      ws: { buildIdentifyThrottler: async () => ({ waitForIdentify: async () => {} }) },
    };
  }

  /**
   * The first of `guilds` that shard `shardId` of `numShards` (default: `shards`) owns, i.e. whose
   * events go to that shard's connection.
   */
  guildOnShard(shardId: number, numShards = this.shards): FakeGuild {
    const guild = this.guilds.find((g) => shardOf(g.id, numShards) === shardId);
    if (!guild) throw new Error(`fake discord: no guild on shard ${shardId} of ${numShards}`);
    return guild;
  }

  /** Sends INTERACTION_CREATE for a slash command (type 2) with a fresh id and token. */
  dispatchInteraction(cmd: DispatchCommand): InteractionHandle {
    return this.send(this.commandRecord(cmd));
  }

  /**
   * A slash command interaction as if delivered to a bot process that has since died: nothing
   * goes out on the gateway, but its id and token take callbacks and webhook edits, as another
   * process taking over its reply needs.
   */
  recordInteraction(cmd: DispatchCommand): InteractionHandle {
    const record = this.commandRecord(cmd);
    this.interactions.set(record.token, record);
    return new InteractionHandle(this, record);
  }

  private commandRecord(cmd: DispatchCommand): InteractionRecord {
    const { guild, channelId } = this.place(cmd.guildId, cmd.channelId);
    const id = makeSnowflake();
    const token = makeInteractionToken();
    const attachments = (cmd.uploads ?? []).map((upload) => this.upload(channelId, upload));
    const payload = commandInteractionPayload({
      id,
      token,
      applicationId: this.applicationId,
      commandId: this.commandId(cmd.name, guild?.id),
      name: cmd.name,
      options: [...(cmd.options ?? []), ...attachments.map((a, i) => ({ name: cmd.uploads![i]!.option, type: 11, value: a.id }))],
      attachments,
      user: cmd.user ?? DEFAULT_USER,
      guild,
      channelId,
    });
    return new InteractionRecord(id, token, 2, payload, channelId, null, this.lifetimes, () => this.changes.emit('change'));
  }

  /** Puts `upload` on the CDN, with a signed URL as Discord's are (ex, is, hm: expiry and signature). */
  private upload(channelId: string, upload: FakeUpload): FakeResolvedAttachment {
    const id = makeSnowflake();
    const path = `/attachments/${channelId}/${id}/${upload.filename}`;
    this.cdn.set(path, upload);
    const url = `http://127.0.0.1:${this.port}${path}?ex=${(Math.floor(Date.now() / 1000) + 86_400).toString(16)}&is=0&hm=${makeInteractionToken().slice(0, 32)}&`;
    return {
      id, filename: upload.filename, size: upload.size ?? upload.bytes.length, url, proxy_url: url,
      ...(upload.content_type ? { content_type: upload.content_type } : {}),
    };
  }

  /** Sends INTERACTION_CREATE for a button click or select-menu choice (type 3) on `message`. */
  dispatchComponent(click: DispatchComponent): InteractionHandle {
    const { guild, channelId } = this.place(click.guildId, click.channelId ?? click.message.channel_id);
    const id = makeSnowflake();
    const token = makeInteractionToken();
    const payload = componentInteractionPayload({
      id,
      token,
      applicationId: this.applicationId,
      customId: click.customId,
      componentType: click.componentType,
      values: click.values,
      message: messageObject(click.message, this.bot, this.applicationId),
      user: click.user ?? DEFAULT_USER,
      guild,
      channelId,
    });
    // The component interaction's "original" is the message its button is on (shared object).
    return this.send(new InteractionRecord(id, token, 3, payload, channelId, click.message, this.lifetimes, () => this.changes.emit('change')));
  }

  /** Sends INTERACTION_CREATE for a user or message context-menu command (type 2, data.type 2 or 3). */
  dispatchContextMenu(cmd: DispatchContextMenu): InteractionHandle {
    const { guild, channelId } = this.place(cmd.guildId, cmd.channelId);
    const id = makeSnowflake();
    const token = makeInteractionToken();
    const { target } = cmd;
    const payload = contextMenuInteractionPayload({
      id,
      token,
      applicationId: this.applicationId,
      commandId: this.commandId(cmd.name, guild?.id),
      name: cmd.name,
      target: 'user' in target ? target : { message: messageObject(target.message, this.bot, this.applicationId) },
      user: cmd.user ?? DEFAULT_USER,
      guild,
      channelId,
    });
    return this.send(new InteractionRecord(id, token, 2, payload, channelId, null, this.lifetimes, () => this.changes.emit('change')));
  }

  /** Sends INTERACTION_CREATE for an autocomplete request (type 4): only a result (type 8) answers it. */
  dispatchAutocomplete(cmd: DispatchAutocomplete): InteractionHandle {
    const { guild, channelId } = this.place(cmd.guildId, cmd.channelId);
    const id = makeSnowflake();
    const token = makeInteractionToken();
    const payload = autocompleteInteractionPayload({
      id,
      token,
      applicationId: this.applicationId,
      commandId: this.commandId(cmd.name, guild?.id),
      name: cmd.name,
      options: cmd.options,
      user: cmd.user ?? DEFAULT_USER,
      guild,
      channelId,
    });
    return this.send(new InteractionRecord(id, token, 4, payload, channelId, null, this.lifetimes, () => this.changes.emit('change')));
  }

  /** Sends INTERACTION_CREATE for a submitted modal (type 5). */
  dispatchModalSubmit(submit: DispatchModalSubmit): InteractionHandle {
    const { guild, channelId } = this.place(submit.guildId, submit.channelId ?? submit.message?.channel_id);
    const id = makeSnowflake();
    const token = makeInteractionToken();
    const payload = modalSubmitInteractionPayload({
      id,
      token,
      applicationId: this.applicationId,
      customId: submit.customId,
      fields: submit.fields ?? [],
      message: submit.message ? messageObject(submit.message, this.bot, this.applicationId) : undefined,
      user: submit.user ?? DEFAULT_USER,
      guild,
      channelId,
    });
    const original = submit.message ?? null;
    return this.send(new InteractionRecord(id, token, 5, payload, channelId, original, this.lifetimes, () => this.changes.emit('change')));
  }

  /** The next matching REST request(s) fail: by default a 429 with retry_after 100 ms. */
  failNext(spec: FaultSpec = {}): void {
    this.faults.push({ spec, times: spec.times ?? 1, status: spec.status ?? 429, hits: 0 });
  }

  /**
   * The next matching REST request(s) are served as usual (an edit is applied and recorded at
   * once, so members see it) but answered `delayMs` late: the bot hears back after the world has
   * moved on, as with a slow link to the real Discord.
   */
  answerLate(spec: Pick<FaultSpec, 'method' | 'path' | 'when' | 'times'> & { delayMs: number }): void {
    this.slowAnswers.push({ spec, times: spec.times ?? 1, status: 200, hits: 0, delayMs: spec.delayMs });
  }

  /**
   * Closes the gateway socket of a shard, or of every shard (code 4000 → discord.js resumes). See
   * FakeGateway.dropConnection.
   */
  dropConnection(opts?: { code?: number; terminate?: boolean; shard?: number }): void {
    this.gateway.dropConnection(opts);
  }

  /** The REST requests recorded so far that satisfy `pred`. */
  requestsWhere(pred: (r: RecordedRequest) => boolean): RecordedRequest[] {
    return this.requests.filter(pred);
  }

  /** The current registered commands of a scope (global, or a guild's). */
  commands(guildId?: string): { id: string; name: string }[] {
    return this.registered.get(guildId ?? 'global') ?? [];
  }

  /** Resolves when `check` returns a value (re-checked on every request and gateway event). */
  waitUntil<T>(check: () => T | undefined | null | false, timeoutMs = DEFAULT_WAIT_MS, what = 'a condition'): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const probe = (): boolean => {
        const value = check();
        if (value === undefined || value === null || value === false) return false;
        cleanup();
        resolve(value);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`fake discord: timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      const cleanup = (): void => {
        clearTimeout(timer);
        this.changes.off('change', onChange);
      };
      const onChange = (): void => void probe();
      this.changes.on('change', onChange);
      probe();
    });
  }

  /** Stops the gateway and REST server (terminating open sockets). */
  async close(): Promise<void> {
    await this.gateway.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** INTERACTION_CREATE on the connection of the shard that owns the guild (a DM: shard 0). */
  private send(record: InteractionRecord): InteractionHandle {
    const guildId = (record.payload.guild_id as string | undefined) ?? null;
    record.shard = this.gateway.dispatchToGuild('INTERACTION_CREATE', record.payload, guildId);
    this.interactions.set(record.token, record);
    return new InteractionHandle(this, record);
  }

  private place(guildId: string | null | undefined, channelId: string | undefined): { guild: FakeGuild | undefined; channelId: string } {
    const guild = guildId === null ? undefined : guildId === undefined ? this.guilds[0] : this.guilds.find((g) => g.id === guildId);
    if (guildId && !guild) throw new Error(`fake discord: unknown guild ${guildId}`);
    return { guild, channelId: channelId ?? guild?.channels[0]?.id ?? makeSnowflake() };
  }

  private commandId(name: string, guildId: string | undefined): string {
    const scopes = [guildId ?? '', 'global'];
    for (const scope of scopes) {
      const found = this.registered.get(scope)?.find((c) => c.name === name);
      if (found) return found.id;
    }
    return '100000000000000001';
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = decodeURIComponent(url.pathname);
    const method = req.method ?? 'GET';
    const { body, files } = await readBody(req);
    const request: RecordedRequest = { method, path, query: url.searchParams, headers: req.headers, body, files, status: 0, response: undefined, at: Date.now() };
    this.requests.push(request);
    const reply = (status: number, response?: unknown, headers: Record<string, string> = {}): void => {
      request.status = status;
      request.response = response;
      if (response === undefined) sendEmpty(res, status);
      else sendJson(res, status, response, headers);
      this.changes.emit('change');
    };

    const fault = this.faults.find((f) => faultMatches(f, request));
    if (fault) {
      fault.hits++;
      const { status, headers, body: faultBody } = faultResponse(fault);
      return reply(status, faultBody, headers);
    }
    const file = method === 'GET' ? this.cdn.get(path) : undefined;
    if (file) {
      request.status = 200;
      res.writeHead(200, { 'content-type': file.content_type ?? 'application/octet-stream', 'content-length': String(file.bytes.length) });
      res.end(Buffer.from(file.bytes));
      return;
    }
    const route = this.route(method, path, request);
    if (!route) return reply(404, { message: '404: Not Found', code: 0 });
    const [status, response] = route;
    const slow = this.slowAnswers.find((f) => faultMatches(f, request));
    if (slow) {
      slow.hits++;
      return void setTimeout(() => reply(status, response), slow.delayMs);
    }
    return reply(status, response);
  }

  /** REST routes: returns [status, JSON body or undefined for an empty answer], or null (404). */
  private route(method: string, path: string, request: RecordedRequest): [number, unknown] | null {
    const m = /^\/api\/v10(\/.*)$/.exec(path);
    if (!m) return null;
    const p = m[1];
    const body = (request.body ?? {}) as Record<string, unknown>;
    const authed = request.headers.authorization === `Bot ${this.token}`;
    const unauthorized: [number, unknown] = [401, { message: '401: Unauthorized', code: 0 }];
    let r: RegExpExecArray | null;

    if (method === 'GET' && p === '/gateway/bot') {
      if (!authed) return unauthorized;
      return [200, { url: this.gatewayUrl, shards: this.shards, session_start_limit: { total: 1000, remaining: 999, reset_after: 14_400_000, max_concurrency: 1 } }];
    }
    if (method === 'GET' && p === '/gateway') return [200, { url: this.gatewayUrl }];
    if (method === 'GET' && p === '/users/@me') {
      if (!authed) return unauthorized;
      return [200, { ...apiUser(this.bot), bot: true, verified: true }];
    }
    if (method === 'GET' && p === '/applications/@me') {
      if (!authed) return unauthorized;
      return [200, { id: this.applicationId, name: this.bot.username, flags: 0, bot_public: true, bot: { ...apiUser(this.bot), bot: true } }];
    }
    if ((r = /^\/applications\/(\d+)(?:\/guilds\/(\d+))?\/commands$/.exec(p))) {
      if (!authed) return unauthorized;
      if (r[1] !== this.applicationId) return [403, { message: 'Missing Access', code: 50001 }];
      const scope = r[2] ?? 'global';
      if (method === 'GET') return [200, this.commandObjects(scope)];
      if (method === 'PUT') {
        const list = Array.isArray(request.body) ? (request.body as { name: string }[]) : [];
        this.commandPuts.push({ scope: r[2] ? { guildId: r[2] } : 'global', body: request.body });
        this.registered.set(scope, list.map((c) => ({ ...c, id: this.registered.get(scope)?.find((o) => o.name === c.name)?.id ?? makeSnowflake() })));
        return [200, this.commandObjects(scope)];
      }
      return null;
    }
    if (method === 'POST' && (r = /^\/interactions\/(\d+)\/([^/]+)\/callback$/.exec(p))) {
      const record = this.interactions.get(r[2]);
      if (!record || record.id !== r[1]) return errorReply({ status: 404, body: { message: 'Unknown interaction', code: 10062 } });
      const err = record.acknowledge(body, request.files, request);
      if (err) return errorReply(err);
      if (request.query.get('with_response') === 'true') {
        return [200, { interaction: { id: record.id, type: record.type }, resource: { type: Number(body.type), message: record.original ? this.message(record.original) : undefined } }];
      }
      return [204, undefined];
    }
    if ((r = /^\/webhooks\/(\d+)\/([^/]+)(?:\/messages\/([^/]+))?$/.exec(p))) {
      const record = this.interactions.get(r[2]);
      if (r[1] !== this.applicationId || !record) return errorReply({ status: 404, body: { message: 'Unknown Webhook', code: 10015 } });
      const messageId = r[3];
      let result: DiscordError | FakeMessage;
      if (messageId === undefined && method === 'POST') result = record.followUp(body, request.files, request);
      else if (messageId !== undefined && method === 'PATCH') result = record.edit(messageId, body, request.files, request);
      else if (messageId !== undefined && method === 'GET') result = record.fetch(messageId, request);
      else if (messageId !== undefined && method === 'DELETE') {
        result = record.fetch(messageId, request);
        if (!('status' in result)) return [204, undefined];
      } else return null;
      return 'status' in result ? errorReply(result) : [200, this.message(result)];
    }
    return null;
  }

  private message(msg: FakeMessage): Record<string, unknown> {
    return messageObject(msg, this.bot, this.applicationId);
  }

  private commandObjects(scope: string): unknown[] {
    return (this.registered.get(scope) ?? []).map((c) => ({
      version: '1',
      type: 1,
      ...c,
      application_id: this.applicationId,
      ...(scope === 'global' ? {} : { guild_id: scope }),
    }));
  }
}

/** Chess Club, and with several shards one guild more for each shard that owns none. */
function defaultGuilds(shards: number): FakeGuild[] {
  const guilds: FakeGuild[] = [
    { id: '200000000000000001', name: 'Chess Club', channels: [{ id: '200000000000000002', name: 'puzzles' }] },
  ];
  for (let shard = 0; shard < shards; shard++) {
    if (guilds.some((g) => shardOf(g.id, shards) === shard)) continue;
    guilds.push({ id: makeGuildIdOnShard(shard, shards), name: `Chess Club ${shard}`, channels: [{ id: makeSnowflake(), name: 'puzzles' }] });
  }
  return guilds;
}

function errorReply(err: DiscordError): [number, unknown] {
  return [err.status, err.body];
}
