// The /mate replies in flight, in Redis, for bot processes that share a queue: each deferred reply
// is noted with what it takes to edit it without its interaction (the application id and the
// interaction token, valid 15 minutes) and to answer it again (the request's fields), under the
// process that serves it. A process keeps a key alive while it runs; when that key lapses (the
// process was killed, its machine lost), any other process (or the same bot restarted) claims the
// orphaned replies and finishes them: with the answer when its job ran on, else with a failure.

import type { Redis } from 'ioredis';

export interface PendingReply {
  /** The interaction's id; also the id of its queued job. */
  readonly requestId: string;
  readonly applicationId: string;
  /** The interaction token: a secret for 15 minutes, kept only until the reply is finished. */
  readonly token: string;
  readonly userId: string;
  /** The request's fields as the member gave them (they were valid). */
  readonly fen: string;
  readonly n: string | number | null;
  readonly mode: string | null;
  /** The problemist's solution was asked for (absent in records of older versions). */
  readonly solution?: boolean;
  /** The stipulation asked (`kind`: direct, self, help); absent in records of older versions and for direct mates. */
  readonly kind?: string | null;
  readonly hidden: boolean;
  /** Epoch ms after which the reply can no longer be edited in time. */
  readonly expiresAt: number;
}

interface StoredReply extends PendingReply {
  /** The process serving it. */
  readonly owner: string;
}

// KEYS: the hash, the owner's alive key prefix. ARGV: my owner id.
// Moves every reply whose owner is not alive to me; returns them (JSON).
const CLAIM_ORPHANS = `
local claimed = {}
local all = redis.call('HGETALL', KEYS[1])
for i = 1, #all, 2 do
  local reply = cjson.decode(all[i + 1])
  if reply.owner ~= ARGV[1] and redis.call('EXISTS', KEYS[2] .. reply.owner) == 0 then
    reply.owner = ARGV[1]
    local text = cjson.encode(reply)
    redis.call('HSET', KEYS[1], all[i], text)
    table.insert(claimed, text)
  end
end
return claimed
`;

export interface PendingRepliesOptions {
  readonly redis: Redis;
  /** The hash that holds every process's replies. */
  readonly hashKey: string;
  /** The key that says a process is alive, from its owner id. */
  readonly aliveKey: (owner: string) => string;
  /** This process's owner id (unique per run). */
  readonly owner: string;
  /** How long the alive key lasts unless refreshed: a dead process's replies wait this long. */
  readonly aliveMs?: number;
}

export const DEFAULT_ALIVE_MS = 10_000;

export class PendingReplies {
  readonly #options: PendingRepliesOptions;
  readonly #aliveMs: number;
  #heartbeat: NodeJS.Timeout | null = null;

  constructor(options: PendingRepliesOptions) {
    this.#options = options;
    this.#aliveMs = options.aliveMs ?? DEFAULT_ALIVE_MS;
  }

  get owner(): string {
    return this.#options.owner;
  }

  /** Says this process is alive now and every third of aliveMs until stop(). */
  async start(): Promise<void> {
    await this.#beat();
    this.#heartbeat = setInterval(() => void this.#beat().catch(() => {}), Math.max(100, Math.floor(this.#aliveMs / 3)));
  }

  /** Stops saying so; this process's replies left over become orphans once its key lapses. */
  async stop(): Promise<void> {
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = null;
  }

  async add(reply: PendingReply): Promise<void> {
    const stored: StoredReply = { ...reply, owner: this.#options.owner };
    await this.#options.redis.hset(this.#options.hashKey, reply.requestId, JSON.stringify(stored));
  }

  /** The reply in flight for `requestId`, whoever serves it; null when there is none. */
  async get(requestId: string): Promise<PendingReply | null> {
    const text = await this.#options.redis.hget(this.#options.hashKey, requestId);
    if (text === null) return null;
    const { owner: _owner, ...reply } = JSON.parse(text) as StoredReply;
    return reply;
  }

  async remove(requestId: string): Promise<void> {
    await this.#options.redis.hdel(this.#options.hashKey, requestId);
  }

  /** Takes over the replies of processes that are no longer alive. */
  async claimOrphans(): Promise<PendingReply[]> {
    const { redis, hashKey, aliveKey, owner } = this.#options;
    const claimed = (await redis.eval(CLAIM_ORPHANS, 2, hashKey, aliveKey(''), owner)) as string[];
    return claimed.map((text) => {
      const { owner: _owner, ...reply } = JSON.parse(text) as StoredReply;
      return reply;
    });
  }

  async #beat(): Promise<void> {
    const { redis, aliveKey, owner } = this.#options;
    await redis.set(aliveKey(owner), '1', 'PX', this.#aliveMs);
  }
}
