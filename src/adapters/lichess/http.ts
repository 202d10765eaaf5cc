// HTTP to Lichess over undici: one Agent with explicit timeouts, the bearer token, a User-Agent
// naming the bot, form and text bodies, NDJSON streams, and the rate-limit rules. Every failure
// becomes one of three errors a caller can tell apart: LichessHttpError (Lichess answered with an
// error status), RateLimitedError (429, after the retries allowed) and LichessNetworkError (no
// answer: refused, reset, timed out).
//
// 429s: Lichess asks clients to pause. Each route has its own gate: after a 429 on it, requests on
// that route wait until the gate opens (a move waits about a second, anything else a minute or
// the ratelimit.seconds or Retry-After Lichess gives). Other routes are not held up: a chat 429
// never stops moves, a challenge 429 never stops games.

import { Agent, request } from 'undici';
import type { Secret } from '../../config/secret.ts';
import type { Logger } from '../../log.ts';
import { ndjsonLines } from './ndjson.ts';
import { type LichessTimings, sleep } from './timing.ts';

/** The endpoints by name: 429 gates, retries and request counts are kept per name. */
export type Route =
  | 'tokenTest' | 'account' | 'playing' | 'upgrade' | 'eventStream' | 'gameStream' | 'move' | 'chat' | 'chatRead'
  | 'abort' | 'resign' | 'draw' | 'takeback' | 'claimVictory' | 'accept' | 'decline'
  | 'botOnline' | 'challenge' | 'cancel';

/**
 * Each route as a message names it ("Lichess answered 502 to the move"): a person reads these
 * (lichess-upgrade's refusal, the bot's log), and a route's name is ours, not theirs.
 */
export const ROUTE_WORDS: Readonly<Record<Route, string>> = {
  tokenTest: 'the token check', account: 'the account request', playing: 'the request for games in progress',
  upgrade: 'the BOT upgrade', eventStream: 'the event stream', gameStream: 'the game stream', move: 'the move',
  chat: 'the chat message', chatRead: 'the chat request', abort: 'the abort', resign: 'the resignation',
  draw: 'the draw answer', takeback: 'the takeback answer', claimVictory: 'the victory claim',
  accept: 'the challenge acceptance', decline: 'the challenge decline', botOnline: 'the online bots request',
  challenge: 'the challenge', cancel: 'the challenge cancellation',
};

/** Lichess answered with an error status (other than a 429 that was retried). */
export class LichessHttpError extends Error {
  override name = 'LichessHttpError';
  constructor(
    readonly route: Route,
    readonly status: number,
    /** Lichess's own words ({"error": …}), or a short description of a non-JSON body. */
    readonly detail: string,
    /** The body as it came (parsed when JSON), for callers that read more than the words. */
    readonly body?: unknown,
  ) {
    super(`Lichess answered ${status} to ${ROUTE_WORDS[route]}: ${detail}`);
  }
}

/** A 429 that outlasted the retries allowed for its route. */
export class RateLimitedError extends LichessHttpError {
  override name = 'RateLimitedError';
  constructor(
    route: Route,
    detail: string,
    readonly waitMs: number,
    body?: unknown,
    /** The Retry-After header, in seconds, when Lichess sent one. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(route, 429, detail, body);
  }
}

/** No usable answer: connection refused or reset, timed out, or the body broke off. */
export class LichessNetworkError extends Error {
  override name = 'LichessNetworkError';
  constructor(readonly route: Route, cause: unknown) {
    super(`no answer from Lichess to ${ROUTE_WORDS[route]}: ${describeCause(cause)}`, { cause });
  }
}

export interface LichessHttpOptions {
  /** e.g. https://lichess.org, without a trailing slash. */
  readonly baseUrl: string;
  readonly token: Secret;
  readonly userAgent: string;
  readonly timings: Pick<LichessTimings, 'headersTimeoutMs' | 'bodyTimeoutMs' | 'moveRetryMs' | 'rateLimitWaitMs'>;
  readonly logger: Logger;
  readonly now?: () => number;
}

export interface RequestOptions {
  readonly query?: Readonly<Record<string, string | number | boolean>>;
  /** Sent as application/x-www-form-urlencoded. */
  readonly form?: Readonly<Record<string, string>>;
  /** Sent as text/plain. */
  readonly text?: string;
  readonly signal?: AbortSignal;
  /** How many times a 429 is waited out and the request repeated (default: 8 for a move, else 1). */
  readonly retries429?: number;
}

/** A successful answer: the status and the body, parsed when it is JSON. */
export interface LichessResponse {
  readonly status: number;
  readonly body: unknown;
}

/** An open NDJSON stream: its lines (keep-alives dropped) and a way to close it. */
export interface LichessStream {
  readonly lines: AsyncIterable<string>;
  close(): void;
}

export interface HttpStats {
  /** Requests sent (streams included), by route. */
  readonly requests: Record<string, number>;
  readonly rateLimited: number;
}

const MOVE_RETRIES_429 = 8;
/** Error bodies are cut to this before they reach a log line or a message. */
const MAX_DETAIL = 200;

export class LichessHttp {
  private readonly agent: Agent;
  private readonly now: () => number;
  /** Per route: the time before which no request may be sent (after a 429). */
  private readonly gates = new Map<Route, number>();
  private readonly counts: Record<string, number> = {};
  private rateLimited = 0;
  /** Names the bot and, once known, its account (as lichess-bot does: "name/version user:x"). */
  private userAgent: string;

  constructor(private readonly options: LichessHttpOptions) {
    this.userAgent = options.userAgent;
    this.agent = new Agent({
      headersTimeout: options.timings.headersTimeoutMs,
      bodyTimeout: options.timings.bodyTimeoutMs,
      connectTimeout: options.timings.headersTimeoutMs,
    });
    this.now = options.now ?? Date.now;
  }

  /** Adds the account's name to the User-Agent, once the account is known. */
  setUser(username: string): void {
    this.userAgent = `${this.options.userAgent} user:${username}`;
  }

  get stats(): HttpStats {
    return { requests: { ...this.counts }, rateLimited: this.rateLimited };
  }

  /** Sends one request and reads its whole answer; 429s are waited out as the route allows. */
  async request(route: Route, method: 'GET' | 'POST', path: string, options: RequestOptions = {}): Promise<LichessResponse> {
    let retries = options.retries429 ?? (route === 'move' ? MOVE_RETRIES_429 : 1);
    for (;;) {
      await this.waitForGate(route, options.signal);
      const response = await this.send(route, method, path, options);
      const text = await readBody(route, response.body);
      if (response.statusCode !== 429) {
        const body = parseBody(text, response.headers['content-type']);
        if (response.statusCode >= 400) throw new LichessHttpError(route, response.statusCode, describeErrorBody(body, text), body);
        return { status: response.statusCode, body };
      }
      const waitMs = this.onRateLimited(route, text, response.headers);
      if (retries-- <= 0 || options.signal?.aborted) throw rateLimited(route, text, response.headers, waitMs);
    }
  }

  /**
   * Opens an NDJSON stream. Rejects like request() for an error status (a 429 is not retried: the
   * caller's reconnect loop waits for the gate). `onActivity` hears every chunk, keep-alives too.
   */
  async stream(route: Route, path: string, options: { signal?: AbortSignal; onActivity?: () => void } = {}): Promise<LichessStream> {
    await this.waitForGate(route, options.signal);
    const response = await this.send(route, 'GET', path, { signal: options.signal });
    if (response.statusCode >= 300) {
      const text = await readBody(route, response.body);
      if (response.statusCode === 429) {
        const waitMs = this.onRateLimited(route, text, response.headers);
        throw rateLimited(route, text, response.headers, waitMs);
      }
      const body = parseBody(text, response.headers['content-type']);
      throw new LichessHttpError(route, response.statusCode, describeErrorBody(body, text), body);
    }
    const body = response.body;
    const lines = (async function* () {
      try {
        yield* ndjsonLines(body, { onActivity: options.onActivity });
      } catch (error) {
        if (options.signal?.aborted) return;
        throw error instanceof LichessNetworkError ? error : new LichessNetworkError(route, error);
      }
    })();
    return {
      lines,
      close: () => {
        if (!body.destroyed) body.destroy();
      },
    };
  }

  /** Ms until the route's 429 gate opens (0 when it is open). */
  gateMs(route: Route): number {
    return Math.max(0, (this.gates.get(route) ?? 0) - this.now());
  }

  async close(): Promise<void> {
    await this.agent.destroy();
  }

  private async waitForGate(route: Route, signal: AbortSignal | undefined): Promise<void> {
    const wait = this.gateMs(route);
    if (wait > 0) await sleep(wait, signal);
  }

  private async send(route: Route, method: 'GET' | 'POST', path: string, options: RequestOptions) {
    const url = new URL(this.options.baseUrl + path);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.token.reveal()}`,
      'user-agent': this.userAgent,
      accept: 'application/json, application/x-ndjson',
    };
    let body: string | undefined;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.text !== undefined) {
      headers['content-type'] = 'text/plain';
      body = options.text;
    }
    this.counts[route] = (this.counts[route] ?? 0) + 1;
    try {
      return await request(url, { dispatcher: this.agent, method, headers, body, signal: options.signal });
    } catch (error) {
      throw new LichessNetworkError(route, error);
    }
  }

  /** Closes the route's gate for as long as Lichess asks; returns that wait. */
  private onRateLimited(route: Route, text: string, headers: Record<string, string | string[] | undefined>): number {
    const waitMs = rateLimitWaitMs(route, parseBody(text, undefined), headers['retry-after'], this.options.timings);
    this.gates.set(route, Math.max(this.gates.get(route) ?? 0, this.now() + waitMs));
    this.rateLimited++;
    this.options.logger.warn('rate limited by Lichess (429)', { route, waitMs: Math.round(waitMs) });
    return waitMs;
  }
}

/**
 * How long to pause a route after a 429: about a second for a move; otherwise the
 * ratelimit.seconds Lichess gives in a JSON body, else a Retry-After header, else a minute.
 */
export function rateLimitWaitMs(
  route: Route,
  body: unknown,
  retryAfter: string | string[] | undefined,
  timings: Pick<LichessTimings, 'moveRetryMs' | 'rateLimitWaitMs'>,
): number {
  if (route === 'move') return timings.moveRetryMs;
  const seconds = (body as { ratelimit?: { seconds?: unknown } } | null)?.ratelimit?.seconds;
  if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0) return seconds * 1000;
  const header = retryAfterSeconds(retryAfter);
  if (header !== null) return header * 1000;
  return timings.rateLimitWaitMs;
}

/** A Retry-After header in seconds: a number of seconds, or an HTTP date; null when absent or past. */
export function retryAfterSeconds(retryAfter: string | string[] | undefined, now: number = Date.now()): number | null {
  const text = (Array.isArray(retryAfter) ? retryAfter[0] : retryAfter)?.trim();
  if (!text) return null;
  const seconds = Number(text);
  if (Number.isFinite(seconds)) return seconds > 0 ? seconds : null;
  const date = Date.parse(text);
  return Number.isFinite(date) && date > now ? (date - now) / 1000 : null;
}

function rateLimited(route: Route, text: string, headers: Record<string, string | string[] | undefined>, waitMs: number): RateLimitedError {
  const body = parseBody(text, undefined);
  return new RateLimitedError(route, describeErrorBody(body, text), waitMs, body, retryAfterSeconds(headers['retry-after']));
}

async function readBody(route: Route, body: { text(): Promise<string> }): Promise<string> {
  try {
    return await body.text();
  } catch (error) {
    throw new LichessNetworkError(route, error);
  }
}

/** JSON when it parses as JSON (whatever the content type claims), else the text itself. */
function parseBody(text: string, contentType: string | string[] | undefined): unknown {
  const type = String(contentType ?? '');
  const looksJson = type.includes('json') || /^\s*[[{"]|^\s*(null|true|false|-?\d)/.test(text);
  if (!looksJson) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Lichess's {"error": …}, or a short description of what came instead (an HTML page on a 429). */
function describeErrorBody(body: unknown, text: string): string {
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error === 'string') return cut(error);
  if (/^\s*</.test(text)) return 'an HTML page';
  if (text.trim() === '') return 'no details';
  return cut(text.trim().replace(/\s+/g, ' '));
}

function cut(text: string): string {
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL)}…` : text;
}

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const code = (cause as { code?: unknown }).code;
  return typeof code === 'string' ? `${cause.message} (${code})` : cause.message;
}
