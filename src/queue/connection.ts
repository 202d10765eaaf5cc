// Where the queue's Redis is: REDIS_URL as ioredis connection options, and as logs may show it
// (its user name and password masked).

import { Redis, type RedisOptions } from 'ioredis';
import { Secret, maskUrlCredentials } from '../config/secret.ts';

/** ioredis options for the server `url` names (redis:// or rediss://, user, password, database). */
export function redisOptions(url: Secret): RedisOptions {
  const parsed = new URL(url.reveal());
  const db = parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0;
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: parsed.port === '' ? 6379 : Number(parsed.port),
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    db,
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
    // Blocking commands (BullMQ's workers and event readers) wait as long as Redis is away, and
    // reconnect when it is back; our own watchdogs decide when a wait has gone on too long.
    maxRetriesPerRequest: null,
    // Back off to at most two seconds between attempts, for as long as it takes.
    retryStrategy: (attempt: number) => Math.min(100 * attempt, 2_000),
  };
}

/** The URL for a log line: "redis://[redacted]@host:6379/0". */
export function describeRedis(url: Secret): string {
  return maskUrlCredentials(url.reveal());
}

/**
 * The password in `url`, for a log to mask wherever a library's message might quote it (the URL
 * itself is logged with describeRedis); null when it has none.
 */
export function redisPassword(url: Secret): Secret | null {
  const { password } = new URL(url.reveal());
  return password ? new Secret(decodeURIComponent(password)) : null;
}

/** Redis answered but refused us (a wrong password, a user without rights): retrying will not help. */
export class RedisRefusedError extends Error {
  override name = 'RedisRefusedError';
}

/**
 * Resolves once Redis at `connection` answers a PING, trying every second or two for as long as
 * it is unreachable (`onWaiting` hears why, once per new reason) until `signal` ends the wait
 * (rejects with its reason). Rejects with RedisRefusedError when Redis refuses the credentials.
 */
export async function waitForRedis(
  connection: RedisOptions,
  options: { readonly signal?: AbortSignal; readonly onWaiting?: (why: string) => void } = {},
): Promise<void> {
  let lastWhy = '';
  for (let attempt = 1; ; attempt++) {
    options.signal?.throwIfAborted();
    const client = new Redis({ ...connection, lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    // The connection's own error says more than the "Connection is closed." connect() rejects with.
    let cause: unknown = null;
    client.on('error', (error: unknown) => (cause ??= error));
    try {
      await client.connect();
      await client.ping();
      return;
    } catch (error) {
      const failure = cause ?? error;
      const why = failure instanceof Error ? failure.message : String(failure);
      if (/WRONGPASS|NOAUTH|NOPERM|invalid password/i.test(why)) throw new RedisRefusedError(`Redis refused the connection: ${why}`);
      if (why !== lastWhy) options.onWaiting?.(why);
      lastWhy = why;
    } finally {
      client.disconnect();
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.min(250 * attempt, 2_000));
      options.signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
  }
}
