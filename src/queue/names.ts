// The names everything on one queue agrees on: BullMQ's prefix and the keys and channel of ours
// beside it, all under one queue name so that several bots can share one Redis.

/** BullMQ's key prefix for our queues. */
export const QUEUE_PREFIX = 'chessbot';

/** Our own keys and channel for the queue called `queue`. */
export function queueKeys(queue: string) {
  const base = `${QUEUE_PREFIX}:${queue}`;
  return {
    /** Pub/sub channel: a job id published here is stopped by whichever worker runs it. */
    cancelChannel: `${base}:cancel`,
    /** Set (with an expiry) for a cancelled job, for a worker that picks it up afterwards. */
    cancelled: (jobId: string) => `${base}:cancelled:${jobId}`,
    /** A sorted set per member of their /mate requests in flight, scored by when they expire. */
    userSlots: (userId: string) => `${base}:slots:user:${userId}`,
    /** The sorted set of every /mate request in flight. */
    allSlots: `${base}:slots:all`,
    /** A finished /mate answer, by its cache key. */
    answer: (key: string) => `${base}:answer:${key}`,
    /** Hash of the replies not yet answered, by request id. */
    pendingReplies: `${base}:pending`,
    /** Present while the bot process `owner` is alive. */
    botAlive: (owner: string) => `${base}:bot:${owner}`,
  };
}
