// The HTTP client against a small loopback server: headers (token, User-Agent), form and text
// bodies, error statuses with Lichess's words, 429s in JSON and HTML (a move retried after about
// a second, elsewhere after ratelimit.seconds), NDJSON streams, and connection failures.

import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LichessHttp, LichessHttpError, LichessNetworkError, RateLimitedError, rateLimitWaitMs, retryAfterSeconds } from '../../../src/adapters/lichess/http.ts';
import { DEFAULT_TIMINGS } from '../../../src/adapters/lichess/timing.ts';
import { silentLogger, type Logger } from '../../../src/log.ts';
import { Secret } from '../../../src/config/secret.ts';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

let server: Server;
let url: string;
let handler: Handler;
let seen: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string; at: number }>;

beforeEach(async () => {
  seen = [];
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body, at: Date.now() });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const TIMINGS = { ...DEFAULT_TIMINGS, moveRetryMs: 100, rateLimitWaitMs: 300, headersTimeoutMs: 500, bodyTimeoutMs: 500 };

function client(logger: Logger = silentLogger) {
  return new LichessHttp({ baseUrl: url, token: new Secret('lip_secret'), userAgent: 'chessbot/0.1.0', timings: TIMINGS, logger });
}

function json(res: ServerResponse, status: number, value: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

describe('LichessHttp.request', () => {
  it('sends the token, a User-Agent naming the bot and its user, and a form body', async () => {
    handler = (_req, res) => json(res, 200, { ok: true });
    const http = client();
    http.setUser('TestBot');
    const answer = await http.request('decline', 'POST', '/api/challenge/abc/decline', { form: { reason: 'tooFast' } });
    expect(answer).toEqual({ status: 200, body: { ok: true } });
    expect(seen[0]!.headers.authorization).toBe('Bearer lip_secret');
    expect(seen[0]!.headers['user-agent']).toBe('chessbot/0.1.0 user:TestBot');
    expect(seen[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(seen[0]!.body).toBe('reason=tooFast');
    expect(http.stats.requests).toEqual({ decline: 1 });
    await http.close();
  });

  it('turns an error status into a LichessHttpError with Lichess\'s words', async () => {
    handler = (_req, res) => json(res, 400, { error: 'Not your turn, or game already over' });
    const http = client();
    const error = await http.request('move', 'POST', '/api/bot/game/x/move/e2e4').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LichessHttpError);
    expect(error).toMatchObject({ status: 400, detail: 'Not your turn, or game already over' });
    await http.close();
  });

  it('retries a move about a second (here 100 ms) after a 429 with an HTML body', async () => {
    let calls = 0;
    handler = (_req, res) => {
      if (calls++ === 0) {
        res.writeHead(429, { 'content-type': 'text/html' });
        res.end('<html><body>429 Too Many Requests</body></html>');
      } else json(res, 200, { ok: true });
    };
    const warnings: string[] = [];
    const http = client({ ...silentLogger, warn: (m, f) => warnings.push(`${m} ${JSON.stringify(f)}`) });
    await http.request('move', 'POST', '/api/bot/game/x/move/e2e4');
    expect(seen).toHaveLength(2);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(90);
    expect(warnings[0]).toContain('"route":"move"');
    expect(http.stats.rateLimited).toBe(1);
    await http.close();
  });

  it('waits the ratelimit.seconds Lichess gives elsewhere, and only on that route', async () => {
    handler = (req, res) => {
      if (req.url!.includes('chat')) json(res, 429, { error: 'Too many requests', ratelimit: { key: 'x', seconds: 0.4 } });
      else json(res, 200, { ok: true });
    };
    const http = client();
    const error = await http.request('chat', 'POST', '/api/bot/game/x/chat', { form: { room: 'player', text: 'hi' }, retries429: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).waitMs).toBe(400);
    expect(http.gateMs('chat')).toBeGreaterThan(300);
    // Another route is not held up.
    const start = Date.now();
    await http.request('move', 'POST', '/api/bot/game/x/move/e2e4');
    expect(Date.now() - start).toBeLessThan(300);
    // The chat route waits for its gate before sending again.
    handler = (_req, res) => json(res, 200, { ok: true });
    await http.request('chat', 'POST', '/api/bot/game/x/chat', { form: { room: 'player', text: 'hi' } });
    expect(seen.at(-1)!.at - seen[0]!.at).toBeGreaterThanOrEqual(380);
    await http.close();
  });

  it('reports a connection that is refused or reset as a LichessNetworkError', async () => {
    handler = (req) => req.socket.destroy();
    const http = client();
    await expect(http.request('account', 'GET', '/api/account')).rejects.toBeInstanceOf(LichessNetworkError);
    await http.close();
  });

  it('gives up on a server that never answers after headersTimeout', async () => {
    handler = () => {};
    const http = client();
    const start = Date.now();
    await expect(http.request('account', 'GET', '/api/account')).rejects.toBeInstanceOf(LichessNetworkError);
    expect(Date.now() - start).toBeLessThan(3000);
    await http.close();
  });
});

describe('rateLimitWaitMs', () => {
  it('prefers ratelimit.seconds, then Retry-After, then the default; a move always retries fast', () => {
    expect(rateLimitWaitMs('move', { ratelimit: { seconds: 60 } }, '60', TIMINGS)).toBe(100);
    expect(rateLimitWaitMs('accept', { ratelimit: { key: 'bot.vsBot.day', seconds: 86398 } }, undefined, TIMINGS)).toBe(86_398_000);
    expect(rateLimitWaitMs('accept', '<html>', '7', TIMINGS)).toBe(7000);
    expect(rateLimitWaitMs('accept', '<html>', undefined, TIMINGS)).toBe(300);
  });

  it('reads a Retry-After given as an HTTP date', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(retryAfterSeconds('Thu, 01 Jan 2026 12:01:30 GMT', now)).toBe(90);
    expect(retryAfterSeconds('Thu, 01 Jan 2026 11:59:00 GMT', now)).toBeNull();
    expect(retryAfterSeconds('12', now)).toBe(12);
    expect(retryAfterSeconds(undefined, now)).toBeNull();
  });
});

describe('a 429 on the challenge endpoint', () => {
  it('is not retried, carries its body and Retry-After, and closes that route alone', async () => {
    const daily = { error: 'You played 100 games against other bots today, please wait before challenging another bot.', ratelimit: { key: 'bot.vsBot.day', seconds: 5 } };
    handler = (req, res) => {
      if (!req.url!.startsWith('/api/challenge/')) return json(res, 200, { ok: true });
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '5' });
      res.end(JSON.stringify(daily));
    };
    const http = client();
    const error = await http.request('challenge', 'POST', '/api/challenge/otherbot', { retries429: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ body: daily, retryAfterSeconds: 5, waitMs: 5000 });
    expect(seen).toHaveLength(1);
    expect(http.gateMs('challenge')).toBeGreaterThan(4000);
    expect(http.gateMs('accept')).toBe(0);
    const start = Date.now();
    await http.request('accept', 'POST', '/x/abcdefgh/accept');
    expect(Date.now() - start).toBeLessThan(1000);
    await http.close();
  });
});

describe('LichessHttp.stream', () => {
  it('yields the lines of an NDJSON stream, keep-alives dropped, and counts activity', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.write('\n{"type":"a"}\n{"ty');
      setTimeout(() => res.end('pe":"b"}\n\n'), 20);
    };
    const http = client();
    let activity = 0;
    const stream = await http.stream('eventStream', '/api/stream/event', { onActivity: () => activity++ });
    const lines: string[] = [];
    for await (const line of stream.lines) lines.push(line);
    expect(lines).toEqual(['{"type":"a"}', '{"type":"b"}']);
    expect(activity).toBeGreaterThanOrEqual(2);
    await http.close();
  });

  it('rejects an error status and a 429 without retrying', async () => {
    handler = (_req, res) => json(res, 404, { error: 'No such game' });
    const http = client();
    await expect(http.stream('gameStream', '/api/bot/game/stream/x')).rejects.toMatchObject({ status: 404, detail: 'No such game' });
    handler = (_req, res) => json(res, 429, { error: "Please don't poll this endpoint" });
    await expect(http.stream('eventStream', '/api/stream/event')).rejects.toBeInstanceOf(RateLimitedError);
    expect(seen).toHaveLength(2);
    await http.close();
  });

  it('ends with a LichessNetworkError when the connection drops mid-stream', async () => {
    handler = (req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.write('{"type":"a"}\n');
      setTimeout(() => req.socket.destroy(), 20);
    };
    const http = client();
    const stream = await http.stream('eventStream', '/api/stream/event');
    const lines: string[] = [];
    const error = await (async () => {
      for await (const line of stream.lines) lines.push(line);
    })().catch((e: unknown) => e);
    expect(lines).toEqual(['{"type":"a"}']);
    expect(error).toBeInstanceOf(LichessNetworkError);
    await http.close();
  });
});
