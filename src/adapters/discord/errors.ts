// Telling Discord's errors apart and describing them for the log. A failed edit of one reply
// must never take the bot down; some failures mean the reply is gone for good (the interaction
// token expired after 15 minutes, or someone deleted the message), and further edits are pointless.
//
// A REST error's URL holds the interaction token (a credential for that reply), so the log gets
// the method, status, Discord's code and message, and a route with tokens masked: never the URL.

import { DiscordAPIError, HTTPError, RateLimitError } from 'discord.js';
import { errorLine } from '../../errors.ts';

/** Discord's JSON error codes a bot meets when answering interactions. */
export const DiscordErrorCode = {
  UnknownWebhook: 10015,
  UnknownMessage: 10008,
  UnknownInteraction: 10062,
  AlreadyAcknowledged: 40060,
  InvalidWebhookToken: 50027,
} as const;

const REPLY_GONE: ReadonlySet<number> = new Set([
  DiscordErrorCode.UnknownWebhook,
  DiscordErrorCode.UnknownMessage,
  DiscordErrorCode.UnknownInteraction,
  DiscordErrorCode.InvalidWebhookToken,
]);

/** Whether an error means the reply can no longer be edited (expired token, deleted message). */
export function isReplyGone(error: unknown): boolean {
  return error instanceof DiscordAPIError && typeof error.code === 'number' && REPLY_GONE.has(error.code);
}

/**
 * Whether a callback was refused because the interaction is unknown (10062): its 3 seconds are
 * over, and nothing sent on it can reach the person any more.
 */
export function isUnknownInteraction(error: unknown): boolean {
  return error instanceof DiscordAPIError && error.code === DiscordErrorCode.UnknownInteraction;
}

/**
 * Whether a callback was refused because the interaction is already acknowledged (40060). We send
 * one callback per interaction, so this is an earlier attempt of that same callback which Discord
 * carried out although its answer never reached us (discord.js retries a request that timed out).
 */
export function isAlreadyAcknowledged(error: unknown): boolean {
  return error instanceof DiscordAPIError && error.code === DiscordErrorCode.AlreadyAcknowledged;
}

/** System and undici error codes of a server that cannot be reached now, but may be later. */
const NETWORK_ERROR_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'EHOSTDOWN', 'ENETUNREACH',
  'ENETDOWN', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_SOCKET', 'UND_ERR_CLOSED',
]);

/**
 * Whether a failure to reach Discord may pass by itself: no connection (the network not up yet,
 * DNS not answering), a request that timed out, a 5xx after discord.js's own retries, or a 429.
 * What a retry cannot mend (a refused token, any other 4xx, a bad option) is not.
 */
export function isDiscordUnreachable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    if (cause.name === 'AbortError' || cause.name === 'TimeoutError') return true;
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_ERROR_CODES.has(code)) return true;
    const status = (cause as { status?: unknown }).status;
    if (typeof status === 'number') return status >= 500 || status === 429;
    if (cause instanceof RateLimitError) return true;
  }
  return false;
}

/**
 * An error as one log-safe line: Discord's answer without the request's URL (which holds the
 * interaction token), or else errorLine's line, named.
 */
export function describeDiscordError(error: unknown): string {
  if (error instanceof DiscordAPIError) {
    const code = typeof error.code === 'number' && error.code !== 0 ? ` code ${error.code}` : '';
    return `Discord answered ${error.status}${code} to ${error.method.toUpperCase()} ${maskRoute(error.url)}: ${errorLine(error)}`;
  }
  if (error instanceof HTTPError) return `Discord answered ${error.status} to ${error.method.toUpperCase()} ${maskRoute(error.url)}`;
  if (error instanceof RateLimitError) return `rate limited on ${error.method.toUpperCase()} ${maskRoute(error.route)}`;
  return errorLine(error, { named: true });
}

/**
 * A REST URL or route reduced to its path with interaction and webhook tokens masked:
 * ".../webhooks/123/aW50ZXJh.../messages/@original" → "/webhooks/123/:token/messages/@original".
 */
export function maskRoute(urlOrRoute: string): string {
  let path = urlOrRoute;
  try {
    path = decodeURIComponent(new URL(urlOrRoute).pathname);
  } catch {
    // Already a route, not a URL.
  }
  return path
    .replace(/^\/api(\/v\d+)?/, '')
    .replace(/(\/(?:webhooks|interactions)\/\d+\/)[^/]+/g, '$1:token');
}
