// The Discord bot: a discord.js Client with only the Guilds intent (slash commands need nothing
// more), pointed at DISCORD_API_URL when that is set, logged in with the bot token, and answering
// interactions through handler.ts. Gateway drops and resumes, and REST 429s, are discord.js's
// job; this module logs them. stop() turns new requests away, stops the searches in progress
// (their replies say so), waits briefly for those replies, then logs out (client.destroy()).

import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { Client, type ClientOptions, DiscordjsErrorCodes, Events, GatewayIntentBits } from 'discord.js';
import type { Config } from '../../config/types.ts';
import { type Secret, maskUrlCredentials, redact } from '../../config/secret.ts';
import type { EngineClient } from '../../engine/index.ts';
import { type QueuedEngine, queueKeys } from '../../queue/index.ts';
import { renderBoardPng } from './board/index.ts';
import { discordRestAgent } from './restAgent.ts';
import { memoryAnswerCache } from './cache.ts';
import type { RemoteSearches } from './cancel.ts';
import { DEFAULT_ALIVE_MS, PendingReplies } from './pendingReplies.ts';
import { recoverOrphanedReplies } from './recovery.ts';
import { redisAnswerCache } from './sharedCache.ts';
import { SharedLine } from './sharedLine.ts';
import { DEFAULT_DISCORD_API_URL } from './deploy.ts';
import { describeDiscordError, isDiscordUnreachable, maskRoute } from './errors.ts';
import { handleInteraction } from './handler.ts';
import { type LineLimits, SearchLine } from './line.ts';
import type { Logger } from '../../log.ts';
import { type BoardRenderer, INTERACTION_LIFETIME_MS, type MateServices } from './mateRequest.ts';
import { RunningSearches } from './running.ts';

/** Progress edits of one reply at most this often: well inside Discord's webhook rate limits. */
export const DEFAULT_PROGRESS_INTERVAL_MS = 2_000;
/** The elapsed time in a progress message is refreshed this often when nothing else changes. */
export const DEFAULT_REFRESH_MS = 5_000;
/** On shutdown, how long the stopped searches get to post their last words. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 5_000;

export interface DiscordBotOptions {
  readonly token: Secret;
  /** The REST base, e.g. http://127.0.0.1:8080/api; null for Discord's own. */
  readonly apiUrl: string | null;
  readonly mate: {
    /** Where the searches run (the worker threads; later, a queue). */
    readonly engine: EngineClient;
    readonly maxN: number;
    /** Time cap of one search, in seconds (fractions allowed, for tests). */
    readonly timeoutSeconds: number;
  };
  /** How many /mate searches run at once, and how many may wait in line. */
  readonly limits: LineLimits;
  /** Null: no cache. */
  readonly cache: { readonly ttlMs: number; readonly maxEntries: number } | null;
  readonly logger: Logger;
  readonly progressIntervalMs?: number;
  readonly refreshMs?: number;
  /** How long Discord lets a reply be edited; its 15 minutes by default (tests shorten it). */
  readonly interactionLifetimeMs?: number;
  readonly shutdownGraceMs?: number;
  readonly renderBoard?: BoardRenderer;
  /** Extra discord.js options, merged over ours (tests: a faster identify throttle). */
  readonly clientOptions?: Partial<ClientOptions>;
  /**
   * The bot's shards (gateway connections) in all, every process together: a number, or 'auto'
   * for the count Discord recommends (GET /gateway/bot). Default 1, one connection.
   */
  readonly shards?: number | 'auto';
  /**
   * The shards this process runs, by id (0 to shards - 1), when several processes share the
   * bot; null or absent: all of them. Not with shards 'auto'.
   */
  readonly shardIds?: readonly number[] | null;
  /**
   * Bot processes that share a job queue (REDIS_URL): the limits, the answer cache and the
   * replies in flight live in Redis, so that they hold whichever process serves a member, and
   * the replies of a process that died are finished by another. Null or absent: all in memory.
   */
  readonly shared?: SharedState | null;
}

export interface SharedState {
  readonly redis: Redis;
  /** The queue the searches go through (also options.mate.engine). */
  readonly engine: QueuedEngine;
  readonly queueName: string;
  /** How long this process's replies wait after it dies before another takes them over. */
  readonly aliveMs?: number;
}

/** The bot's options from the configuration, with searches run by `engine` on its `threads`. */
export function discordBotOptions(
  config: Config,
  engine: EngineClient,
  threads: number,
  logger: Logger,
): DiscordBotOptions {
  const { discord, mate } = config;
  if (!discord.token) throw new Error('the Discord bot needs DISCORD_TOKEN');
  return {
    token: discord.token,
    apiUrl: discord.apiUrl,
    mate: { engine, maxN: mate.maxN, timeoutSeconds: mate.timeoutSeconds },
    // One search per engine thread at once; the others wait in the line, where turns are fair.
    limits: { running: threads, total: Math.max(discord.maxSearches, threads), perUser: discord.maxSearchesPerUser },
    cache: discord.cacheMinutes > 0 ? { ttlMs: discord.cacheMinutes * 60_000, maxEntries: discord.cacheEntries } : null,
    logger,
    shards: discord.shards,
    shardIds: discord.shardIds,
  };
}

/**
 * discord.js's shard options (internal sharding: one @discordjs/ws connection per shard, in this
 * process): one shard leaves its defaults; N shards run all of 0..N-1, or `shardIds` of N; 'auto'
 * lets discord.js ask Discord for the count.
 */
export function clientShardOptions(
  shards: number | 'auto' = 1,
  shardIds: readonly number[] | null = null,
): Pick<ClientOptions, 'shards' | 'shardCount'> {
  if (shards === 'auto') {
    if (shardIds !== null) throw new Error('shard ids need a fixed shard count, not "auto"');
    return { shards: 'auto' };
  }
  if (shardIds === null) return shards === 1 ? {} : { shards: Array.from({ length: shards }, (_, id) => id), shardCount: shards };
  if (shardIds.length === 0 || shardIds.some((id) => !Number.isSafeInteger(id) || id < 0 || id >= shards)) {
    throw new Error(`expected shard ids from 0 to ${shards - 1}, got [${shardIds.join(', ')}]`);
  }
  return { shards: [...shardIds], shardCount: shards };
}

/** Searches of other bot processes, found through the replies in flight and stopped through the queue (the job's id is the request's). */
function remoteSearches(pending: PendingReplies, engine: QueuedEngine): RemoteSearches {
  return {
    ownerOf: async (requestId) => (await pending.get(requestId))?.userId ?? null,
    cancel: (requestId) => engine.cancel(requestId),
  };
}

/** The login failed; the message is one sentence for the operator, without the token. */
export class DiscordLoginError extends Error {
  override name = 'DiscordLoginError';
  /** Discord could not be reached (no connection, a time-out, a 5xx): trying again later may work. */
  readonly unreachable: boolean;

  constructor(message: string, options: { unreachable?: boolean } = {}) {
    super(message);
    this.unreachable = options.unreachable ?? false;
  }
}

export class DiscordBot {
  readonly client: Client;
  /** Resolves (to a reason) if the gateway connection ends for good without stop() being called. */
  readonly closed: Promise<string>;
  readonly #options: DiscordBotOptions;
  readonly #running = new RunningSearches();
  readonly #services: MateServices;
  readonly #pending: PendingReplies | null;
  #recoveryTimer: NodeJS.Timeout | null = null;
  #accepting = true;
  #stopping: Promise<void> | null = null;

  private constructor(options: DiscordBotOptions) {
    this.#options = options;
    const { logger } = options;
    this.client = new Client({
      ...clientShardOptions(options.shards, options.shardIds),
      ...options.clientOptions,
      intents: [GatewayIntentBits.Guilds],
      rest: {
        // Its own version's agent: another undici in this process (the Lichess client's) must not carry its requests (restAgent.ts).
        agent: discordRestAgent() as NonNullable<ClientOptions['rest']>['agent'],
        ...options.clientOptions?.rest,
        api: options.apiUrl ?? DEFAULT_DISCORD_API_URL,
      },
    });
    let closedFor!: (reason: string) => void;
    this.closed = new Promise((resolve) => (closedFor = resolve));

    const { shared } = options;
    this.#pending = shared
      ? new PendingReplies({
          redis: shared.redis,
          hashKey: queueKeys(shared.queueName).pendingReplies,
          aliveKey: queueKeys(shared.queueName).botAlive,
          owner: randomUUID(),
          ...(shared.aliveMs === undefined ? {} : { aliveMs: shared.aliveMs }),
        })
      : null;
    const services = (this.#services = this.#makeServices());
    this.client.on(Events.InteractionCreate, (interaction) => void handleInteraction(interaction, services));
    this.client.on(Events.ShardReconnecting, (shard) => logger.warn('gateway connection lost; reconnecting', { shard }));
    this.client.on(Events.ShardResume, (shard, replayed) => logger.info('gateway connection resumed', { shard, replayed }));
    this.client.on(Events.ShardReady, (shard) => logger.debug('gateway session ready', { shard }));
    this.client.on(Events.ShardError, (error, shard) => logger.warn('gateway error', { shard, error: this.#describe(error) }));
    this.client.on(Events.ShardDisconnect, (event, shard) => {
      // Only for close codes discord.js will not recover from (bad token, disallowed intents,
      // invalid shard, sharding required). Any shard lost for good ends the bot: its servers
      // would go unanswered.
      logger.error('the gateway closed the connection for good', { shard, code: event.code });
      closedFor(`the Discord gateway closed the connection of shard ${shard} (code ${event.code})`);
    });
    this.client.on(Events.Warn, (message) => logger.warn(this.#redact(message)));
    this.client.on(Events.Error, (error) => logger.error('client error', { error: this.#describe(error) }));
    this.client.rest.on('rateLimited', (info) =>
      logger.warn('rate limited by Discord; waiting', {
        route: `${info.method.toUpperCase()} ${maskRoute(info.route)}`, waitMs: info.timeToReset, global: info.global,
        scope: info.scope,
      }),
    );
  }

  /**
   * Logs in and resolves once the bot is ready to answer; rejects with a DiscordLoginError. One
   * try: start.ts's startDiscordBot tries again while Discord cannot be reached.
   */
  static async start(options: DiscordBotOptions): Promise<DiscordBot> {
    const bot = new DiscordBot(options);
    const { client } = bot;
    const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
    try {
      await client.login(options.token.reveal());
    } catch (error) {
      await client.destroy().catch(() => {});
      throw new DiscordLoginError(bot.#loginFailure(error), { unreachable: isDiscordUnreachable(error) });
    }
    // A gateway that refuses the session (bad token at IDENTIFY, disallowed intents) never gets ready.
    const refused = bot.closed.then((reason) => Promise.reject(new DiscordLoginError(reason)));
    try {
      await Promise.race([ready, refused]);
    } catch (error) {
      await client.destroy().catch(() => {});
      throw error;
    }
    await bot.#startRecovery();
    const user = client.user;
    options.logger.info(`logged in as ${user?.tag ?? 'unknown'}`, {
      user: user?.id, guilds: client.guilds.cache.size, shards: [...client.ws.shards.keys()].join(','),
      shardCount: client.options.shardCount, api: options.apiUrl ?? DEFAULT_DISCORD_API_URL,
    });
    return bot;
  }

  /** Searches in progress. */
  get running(): number {
    return this.#running.size;
  }

  /** Stops taking requests, stops the searches (their replies say why), and logs out. Idempotent. */
  stop(): Promise<void> {
    this.#stopping ??= this.#stop();
    return this.#stopping;
  }

  async #stop(): Promise<void> {
    const { logger } = this.#options;
    this.#accepting = false;
    const searches = this.#running.size;
    if (searches > 0) logger.info('shutting down: stopping the searches in progress', { searches });
    if (this.#recoveryTimer) clearInterval(this.#recoveryTimer);
    const unfinished = await this.#running.stopAll(this.#options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS);
    if (unfinished > 0) logger.warn('shutting down without the last answers', { unfinished });
    // Replies still noted as in flight are another process's to finish once this one's key lapses.
    await this.#pending?.stop();
    await this.client.destroy();
    logger.info('logged out of Discord');
  }

  /**
   * With shared state: says this process is alive, then takes over the replies of processes that
   * are not, now and every few seconds (a process may die at any time).
   */
  async #startRecovery(): Promise<void> {
    const pending = this.#pending;
    const shared = this.#options.shared;
    if (!pending || !shared) return;
    const { logger } = this.#options;
    await pending.start();
    const recover = () =>
      recoverOrphanedReplies({ client: this.client, engine: shared.engine, pending, services: this.#services })
        .then((count) => {
          if (count > 0) logger.info('took over replies of a stopped bot process', { replies: count });
        })
        .catch((error: unknown) => logger.warn('could not look for replies of stopped bot processes', { error: this.#describe(error) }));
    void recover();
    this.#recoveryTimer = setInterval(() => void recover(), shared.aliveMs ?? DEFAULT_ALIVE_MS);
  }

  #makeServices(): MateServices {
    const options = this.#options;
    const { shared } = options;
    const keys = shared ? queueKeys(shared.queueName) : null;
    const lifetimeMs = options.interactionLifetimeMs ?? INTERACTION_LIFETIME_MS;
    return {
      engine: options.mate.engine,
      maxN: options.mate.maxN,
      timeoutSeconds: options.mate.timeoutSeconds,
      line:
        shared && keys
          ? new SharedLine({ redis: shared.redis, limits: options.limits, userKey: keys.userSlots, allKey: keys.allSlots, holdMs: lifetimeMs })
          : new SearchLine(options.limits),
      cache: !options.cache ? null
        : shared && keys ? redisAnswerCache(shared.redis, keys.answer, options.cache.ttlMs)
        : memoryAnswerCache(options.cache),
      pending: this.#pending,
      remote: this.#pending && shared ? remoteSearches(this.#pending, shared.engine) : null,
      running: this.#running,
      renderBoard:
        options.renderBoard ?? ((position, keyUci) => renderBoardPng(position, keyUci === null ? {} : { move: keyUci })),
      logger: options.logger,
      progressIntervalMs: options.progressIntervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS,
      refreshMs: options.refreshMs ?? DEFAULT_REFRESH_MS,
      interactionLifetimeMs: lifetimeMs,
      accepting: () => this.#accepting,
    };
  }

  #loginFailure(error: unknown): string {
    const api = this.#options.apiUrl ?? DEFAULT_DISCORD_API_URL;
    if (error instanceof Error && 'code' in error && error.code === DiscordjsErrorCodes.TokenInvalid) {
      return `Discord refused the bot token: check DISCORD_TOKEN (the token from the developer portal's Bot page)`;
    }
    return this.#redact(`could not log in to Discord at ${api}: ${describeDiscordError(error)}`);
  }

  #describe(error: unknown): string {
    return this.#redact(describeDiscordError(error));
  }

  /** Without the token, and without the user name and password of DISCORD_API_URL or any other URL. */
  #redact(text: string): string {
    return maskUrlCredentials(redact(text, [this.#options.token]));
  }
}
