// `npm run deploy-commands` against a tiny fake of Discord's REST API on 127.0.0.1: it records
// each request and answers the way Discord does (the command list, 401, 403, 404, 429, 500).

import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commandDefinitions } from '../../../src/adapters/discord/commands.ts';
import { makeAppDirectory } from '../../support/appDirectory.ts';
import {
  EXIT_DEPLOY_BAD_CONFIG,
  EXIT_DEPLOY_FAILED,
  EXIT_DEPLOYED,
  type DeployOptions,
  runDeployCommands,
} from '../../../src/adapters/discord/deploy.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SCRIPT = join(ROOT, 'scripts', 'deploy-commands.ts');
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

const TOKEN = 'MTIzNDU2.fake-bot-token.s3cret';
const APP = '123456789012345678';
const GUILD = '876543210987654321';

interface Recorded {
  readonly method: string;
  /** Decoded path, without the query. */
  readonly path: string;
  readonly authorization: string | undefined;
  readonly contentType: string | undefined;
  readonly body: unknown;
}

type Answer = (request: Recorded, count: number) => { status: number; body?: unknown; headers?: Record<string, string> };

/** A fake Discord REST API: answers with `answer`, records every request. */
class FakeDiscordRest {
  readonly requests: Recorded[] = [];
  answer: Answer = (request) => ({
    status: 200,
    body: (request.body as Array<Record<string, unknown>>).map((command, index) => ({
      id: String(1_000_000_000_000_000_000n + BigInt(index)),
      application_id: APP,
      version: '1',
      ...command,
    })),
  });
  readonly #server: Server;

  constructor() {
    this.#server = createServer((req, res) => void this.#handle(req, res));
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
  }

  get apiUrl(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/api`;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const request: Recorded = {
      method: req.method ?? '',
      path: decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname),
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      body: text ? JSON.parse(text) : undefined,
    };
    this.requests.push(request);
    const { status, body, headers } = this.answer(request, this.requests.length);
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  }
}

let dir: string;
let discord: FakeDiscordRest;

beforeEach(async () => {
  dir = makeAppDirectory('chessbot-deploy-');
  discord = new FakeDiscordRest();
  await discord.start();
});

afterEach(async () => {
  await discord.close();
  rmSync(dir, { recursive: true, force: true });
});

function env(extra: Record<string, string> = {}): Record<string, string> {
  return { DISCORD_TOKEN: TOKEN, DISCORD_APPLICATION_ID: APP, DISCORD_API_URL: discord.apiUrl, ...extra };
}

async function deploy(environment: Record<string, string>, deployOptions?: DeployOptions) {
  const output = new PassThrough();
  const errorOutput = new PassThrough();
  let out = '';
  let err = '';
  output.on('data', (chunk) => (out += String(chunk)));
  errorOutput.on('data', (chunk) => (err += String(chunk)));
  const status = await runDeployCommands({
    config: { env: environment, cwd: dir },
    output,
    errorOutput,
    ...(deployOptions ? { deploy: deployOptions } : {}),
  });
  expect(out + err).not.toContain(TOKEN);
  expect(err).not.toMatch(/\n\s+at /);
  return { status, out, err };
}

const GUILD_ROUTE = `/applications/${APP}/guilds/${GUILD}/commands`;
const GLOBAL_ROUTE = `/applications/${APP}/commands`;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('runDeployCommands', () => {
  it('overwrites the guild commands with one PUT carrying the bot token and the definitions', async () => {
    writeFileSync(join(dir, 'config', 'local.json'), '{"mate":{"maxN":7}}');
    const { status, out, err } = await deploy(env({ DISCORD_GUILD_ID: GUILD }));
    expect(err).toBe('');
    expect(status).toBe(EXIT_DEPLOYED);
    expect(discord.requests).toHaveLength(1);
    const [request] = discord.requests;
    expect(request.method).toBe('PUT');
    expect(request.path).toBe(`/api/v10${GUILD_ROUTE}`);
    expect(request.authorization).toBe(`Bot ${TOKEN}`);
    expect(request.contentType).toMatch(/^application\/json/);
    expect(request.body).toEqual(commandDefinitions({ mate: { maxN: 7 } }));
    expect((request.body as Array<{ options: Array<{ name: string; max_value?: number }> }>)[0].options[0]).toMatchObject({
      name: 'n',
      max_value: 7,
    });
    expect(out).toBe(
      `Registered 1 command (/mate) in server ${GUILD} (guild commands: usable there at once) via ${discord.apiUrl}.\n`,
    );
  });

  it('registers globally when no DISCORD_GUILD_ID is set', async () => {
    const { status, out } = await deploy(env());
    expect(status).toBe(EXIT_DEPLOYED);
    expect(discord.requests.map((request) => `${request.method} ${request.path}`)).toEqual([`PUT /api/v10${GLOBAL_ROUTE}`]);
    expect(out).toContain(`Registered 1 command (/mate) globally for application ${APP}`);
  });

  it('says when the token is refused (401), without showing it', async () => {
    discord.answer = () => ({ status: 401, body: { message: '401: Unauthorized', code: 0 } });
    const { status, out, err } = await deploy(env({ DISCORD_GUILD_ID: GUILD }));
    expect(status).toBe(EXIT_DEPLOY_FAILED);
    expect(out).toBe('');
    expect(err).toBe(
      `error: the token was refused: Discord answered 401 Unauthorized for PUT ${GUILD_ROUTE}; ` +
        "check DISCORD_TOKEN (the bot token from the developer portal's Bot page, not the client secret)\n",
    );
    expect(discord.requests).toHaveLength(1);
  });

  it('names the route and the likely cause on 403 (bot not in the server)', async () => {
    discord.answer = () => ({ status: 403, body: { message: 'Missing Access', code: 50001 } });
    const { status, err } = await deploy(env({ DISCORD_GUILD_ID: GUILD }));
    expect(status).toBe(EXIT_DEPLOY_FAILED);
    expect(err).toContain(`Discord answered 403 Forbidden: Missing Access (code 50001) for PUT ${GUILD_ROUTE}`);
    expect(err).toContain('applications.commands');
    expect(err.split('\n')).toHaveLength(2);
  });

  it('names the route and the ids to check on 404', async () => {
    discord.answer = () => ({ status: 404, body: { message: 'Unknown Application', code: 10002 } });
    const { status, err } = await deploy(env());
    expect(status).toBe(EXIT_DEPLOY_FAILED);
    expect(err).toContain(`Discord answered 404 Not Found: Unknown Application (code 10002) for PUT ${GLOBAL_ROUTE}`);
    expect(err).toContain('check DISCORD_APPLICATION_ID');
    expect(err).not.toContain('DISCORD_GUILD_ID');
  });

  it("shows Discord's explanation of a refused definition (400), with the token masked if echoed", async () => {
    discord.answer = () => ({
      status: 400,
      body: { message: 'Invalid Form Body', code: 50035, errors: { '0': { name: { _errors: [{ code: 'X', message: `bad ${TOKEN}` }] } } } },
    });
    const { status, err } = await deploy(env());
    expect(status).toBe(EXIT_DEPLOY_FAILED);
    expect(err).toBe(`error: Discord refused PUT ${GLOBAL_ROUTE}: 400 Bad Request: Invalid Form Body; 0.name[X]: bad [redacted] (code 50035)\n`);
    expect(err).not.toContain(TOKEN);
  });

  it('waits out a short 429 as Discord asks, then succeeds', async () => {
    discord.answer = (request, count) =>
      count === 1
        ? {
            status: 429,
            body: { message: 'You are being rate limited.', retry_after: 0.3, global: false },
            headers: {
              'retry-after': '0.3',
              'x-ratelimit-limit': '2',
              'x-ratelimit-remaining': '0',
              'x-ratelimit-reset-after': '0.3',
              'x-ratelimit-bucket': 'commands-bucket',
              'x-ratelimit-scope': 'user',
            },
          }
        : { status: 200, body: [{ id: '1000000000000000001', name: (request.body as Array<{ name: string }>)[0].name }] };
    const started = performance.now();
    const { status, out, err } = await deploy(env({ DISCORD_GUILD_ID: GUILD }));
    const elapsed = performance.now() - started;
    expect(status).toBe(EXIT_DEPLOYED);
    expect(discord.requests).toHaveLength(2);
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(err).toMatch(new RegExp(`^Discord rate limit on PUT ${GUILD_ROUTE}: waiting 0\\.\\d s\\n$`));
    expect(out).toContain('Registered 1 command (/mate)');
  });

  it('gives up at once on a rate limit of hours (the daily limit on command creations)', async () => {
    discord.answer = () => ({
      status: 429,
      body: { message: 'Max number of daily application command creates has been reached (200)', retry_after: 7200, global: false, code: 30034 },
      headers: { 'retry-after': '7200', 'x-ratelimit-scope': 'shared' },
    });
    const started = performance.now();
    const { status, err } = await deploy(env({ DISCORD_GUILD_ID: GUILD }));
    expect(performance.now() - started).toBeLessThan(5000);
    expect(status).toBe(EXIT_DEPLOY_FAILED);
    expect(err).toBe(
      `error: Discord's rate limit on PUT ${GUILD_ROUTE} asks for a wait of 2 h; not waiting. ` +
        'Discord allows 200 command creations a day per server: try again later\n',
    );
  });

  it('retries a server error, then reports it', async () => {
    discord.answer = () => ({ status: 503, body: { message: 'upstream' } });
    const { status, err } = await deploy(env());
    expect(status).toBe(EXIT_DEPLOY_FAILED);
    expect(discord.requests).toHaveLength(4);
    expect(err).toBe(`error: Discord answered 503 Service Unavailable for PUT ${GLOBAL_ROUTE}, also after retries; try again later\n`);
  });

  it('reports a network failure with the address it tried', async () => {
    const apiUrl = discord.apiUrl;
    const environment = env();
    await discord.close();
    const { status, err } = await deploy(environment);
    expect(status).toBe(EXIT_DEPLOY_FAILED);
    expect(err).toMatch(new RegExp(`^error: could not reach Discord at ${apiUrl}: .*ECONNREFUSED.*\\n$`));
    discord = new FakeDiscordRest();
    await discord.start();
  });

  it('reports a request that times out', async () => {
    discord.answer = () => ({ status: 200, body: [] });
    const slow = createServer(() => {
      /* never answers */
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const apiUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/api`;
      const { status, err } = await deploy(env({ DISCORD_API_URL: apiUrl }), { requestTimeoutMs: 100 });
      expect(status).toBe(EXIT_DEPLOY_FAILED);
      expect(err).toBe(`error: no answer from Discord at ${apiUrl} for PUT ${GLOBAL_ROUTE} in time, also after retries\n`);
    } finally {
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });

  it('asks for the token and application id before sending anything (exit 2)', async () => {
    const { status, err } = await deploy({ DISCORD_TOKEN: TOKEN });
    expect(status).toBe(EXIT_DEPLOY_BAD_CONFIG);
    expect(err).toBe(
      'error: set DISCORD_TOKEN and DISCORD_APPLICATION_ID in .env (or the environment) to deploy the slash commands; ' +
        'missing: DISCORD_APPLICATION_ID\n',
    );
    expect(discord.requests).toEqual([]);
  });

  it('reads them from .env too', async () => {
    writeFileSync(join(dir, '.env'), `DISCORD_TOKEN=${TOKEN}\nDISCORD_APPLICATION_ID=${APP}\nDISCORD_GUILD_ID=${GUILD}\n`);
    const { status } = await deploy({ DISCORD_API_URL: discord.apiUrl });
    expect(status).toBe(EXIT_DEPLOYED);
    expect(discord.requests[0].path).toBe(`/api/v10${GUILD_ROUTE}`);
  });

  describe("never shows DISCORD_API_URL's user name and password", () => {
    const withCredentials = (url: string) => url.replace('http://', 'http://bob:hunter2@');
    const masked = (url: string) => url.replace('http://', 'http://[redacted]@');

    it('when Discord cannot be reached', async () => {
      const apiUrl = discord.apiUrl;
      const environment = env({ DISCORD_API_URL: withCredentials(apiUrl) });
      await discord.close();
      const { status, err } = await deploy(environment);
      expect(status).toBe(EXIT_DEPLOY_FAILED);
      expect(err).toMatch(new RegExp(`^error: could not reach Discord at ${escapeRegExp(masked(apiUrl))}: .*ECONNREFUSED.*\\n$`));
      expect(err).not.toMatch(/bob|hunter2/);
      discord = new FakeDiscordRest();
      await discord.start();
    });

    it('when Discord answers, in the success line and in the hint of a 404', async () => {
      const ok = await deploy(env({ DISCORD_API_URL: withCredentials(discord.apiUrl) }));
      expect(ok.status).toBe(EXIT_DEPLOYED);
      expect(ok.out).toContain(` via ${masked(discord.apiUrl)}.`);
      discord.answer = () => ({ status: 404, body: { message: 'Unknown Application', code: 10002 } });
      const refused = await deploy(env({ DISCORD_API_URL: withCredentials(discord.apiUrl) }));
      expect(refused.status).toBe(EXIT_DEPLOY_FAILED);
      expect(refused.err).toContain(`(and DISCORD_API_URL, ${masked(discord.apiUrl)}, which should end in /api without a version)`);
      for (const text of [ok.out, ok.err, refused.out, refused.err]) expect(text).not.toMatch(/bob|hunter2/);
    });

    it('when the configuration quotes it back', async () => {
      const { status, err } = await deploy(env({ DISCORD_API_URL: 'http://bob:hunter2@127.0.0.1:1/api/v10' }));
      expect(status).toBe(EXIT_DEPLOY_BAD_CONFIG);
      expect(err).toContain('got "http://[redacted]@127.0.0.1:1/api/v10"');
      expect(err).not.toMatch(/bob|hunter2/);
    });
  });

  it('warns about a misspelt variable in .env, without its value, before going on', async () => {
    writeFileSync(join(dir, '.env'), `DISCORD_APLICATION_ID=${APP}\n`);
    const { status, err } = await deploy({ DISCORD_TOKEN: TOKEN, DISCORD_API_URL: discord.apiUrl });
    expect(status).toBe(EXIT_DEPLOY_BAD_CONFIG);
    expect(err).toBe(
      'warning: .env: DISCORD_APLICATION_ID: unknown variable, ignored (did you mean DISCORD_APPLICATION_ID?)\n' +
        'error: set DISCORD_TOKEN and DISCORD_APPLICATION_ID in .env (or the environment) to deploy the slash commands; ' +
        'missing: DISCORD_APPLICATION_ID\n',
    );
  });

  it('reports invalid ids and URLs as configuration problems (exit 2)', async () => {
    const { status, err } = await deploy(env({ DISCORD_GUILD_ID: '42', DISCORD_API_URL: 'http://127.0.0.1:1/api/v10' }));
    expect(status).toBe(EXIT_DEPLOY_BAD_CONFIG);
    expect(err).toBe(
      'invalid configuration (2 problems):\n' +
        '  environment: DISCORD_GUILD_ID: expected a Discord id (17 to 20 digits), got "42"\n' +
        '  environment: DISCORD_API_URL: expected the API base without a version, e.g. https://discord.com/api, got "http://127.0.0.1:1/api/v10"\n',
    );
    expect(discord.requests).toEqual([]);
  });
});

describe('scripts/deploy-commands.ts (npm run deploy-commands)', () => {
  // Asynchronous: the fake Discord answers from this process while the script runs.
  function runScript(environment: Record<string, string>) {
    const child = spawn(process.execPath, ['--import', TSX_LOADER, SCRIPT], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', ...environment },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += String(chunk)));
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
      child.on('close', (status) => resolve({ status, stdout, stderr })),
    );
  }

  it('exits 0 and says what it registered where', async () => {
    const result = await runScript(env({ DISCORD_GUILD_ID: GUILD }));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(
      `Registered 1 command (/mate) in server ${GUILD} (guild commands: usable there at once) via ${discord.apiUrl}.\n`,
    );
    expect(discord.requests.map((request) => [request.method, request.path, request.authorization])).toEqual([
      ['PUT', `/api/v10${GUILD_ROUTE}`, `Bot ${TOKEN}`],
    ]);
  });

  it('exits 1 with one line and no stack trace when the token is refused', async () => {
    discord.answer = () => ({ status: 401, body: { message: '401: Unauthorized', code: 0 } });
    const result = await runScript(env());
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: the token was refused: .*\n$/);
    expect(result.stderr).not.toContain(TOKEN);
  });

  it('exits 2 when the token or application id is missing', async () => {
    const result = await runScript({});
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      'error: set DISCORD_TOKEN and DISCORD_APPLICATION_ID in .env (or the environment) to deploy the slash commands; ' +
        'missing: DISCORD_TOKEN, DISCORD_APPLICATION_ID\n',
    );
  });
});
