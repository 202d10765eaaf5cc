// npm start with DISCORD_TOKEN set: the Discord bot logs in (here to the fake Discord, through
// DISCORD_API_URL), answers /mate, stays up while nothing else runs, and on SIGTERM (or the stop
// signal) stops its searches, logs out and lets the process exit.

import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT_BOT_FAILED, EXIT_OK, runApp } from '../src/app.ts';
import { FakeDiscord } from './support/fakeDiscord/index.ts';
import { makeAppDirectory } from './support/appDirectory.ts';
import { freePort } from './support/ports.ts';

const ROOT = join(import.meta.dirname, '..');
// `npm start`: the build (dist/main.js) when it is newer than every source file, so never a stale
// one, else src/main.ts through tsx; it starts in a fraction of the time compiling takes.
const START = join(ROOT, 'bin', 'start.js');
const MATE_IN_1 = '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1';

let dir: string;
let fake: FakeDiscord;

beforeEach(async () => {
  dir = makeAppDirectory('chessbot-app-discord-', '{"workers":{"size":1}}');
  fake = await FakeDiscord.start({ heartbeatIntervalMs: 100 });
});

afterEach(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

function discordEnv(token = fake.token): Record<string, string> {
  return { DISCORD_TOKEN: token, DISCORD_API_URL: fake.apiUrl, DISCORD_APPLICATION_ID: fake.applicationId };
}

/** The environment of a bot pointed at a Discord on `port` of loopback, up or not. */
function envForPort(port: number): Record<string, string> {
  return { DISCORD_TOKEN: fake.token, DISCORD_API_URL: `http://127.0.0.1:${port}/api`, DISCORD_APPLICATION_ID: fake.applicationId };
}

/** Warning lines of the log: one per failed try to reach Discord. */
const warnings = (text: string): string[] => text.split('\n').filter((line) => / warn discord: /.test(line));

/** runApp on a collected error output, with start-up retries a few milliseconds apart. */
function startApp(env: Record<string, string>, stop: AbortSignal, backoff = { backoffBaseMs: 20, backoffMaxMs: 100 }) {
  const errorOutput = new PassThrough();
  let err = '';
  errorOutput.on('data', (chunk) => (err += String(chunk)));
  const status = runApp({
    config: { env, cwd: dir },
    input: new PassThrough(),
    output: new PassThrough(),
    errorOutput,
    interactive: false,
    stop,
    discordBackoff: backoff,
  });
  return { status, err: () => err };
}

/** Resolves once `text()` contains `what`. */
async function waitForText(text: () => string, what: string | RegExp, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!(typeof what === 'string' ? text().includes(what) : what.test(text()))) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what} in ${JSON.stringify(text())}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('runApp with DISCORD_TOKEN', () => {
  it('logs in, answers /mate, stays up without a terminal, and logs out when stopped', async () => {
    const stop = new AbortController();
    const errorOutput = new PassThrough();
    let err = '';
    errorOutput.on('data', (chunk) => (err += String(chunk)));
    let finished = false;
    const status = runApp({
      config: { env: discordEnv(), cwd: dir },
      input: new PassThrough(),
      output: new PassThrough(),
      errorOutput,
      interactive: false,
      stop: stop.signal,
    }).finally(() => (finished = true));

    await waitForText(() => err, /info discord: logged in as chessbot user=\d+ guilds=1/);
    const handle = fake.dispatchInteraction({ name: 'mate', options: [{ name: 'fen', type: 3, value: MATE_IN_1 }, { name: 'n', type: 4, value: 1 }] });
    expect(await handle.ackLatencyMs(5_000)).toBeLessThan(3_000);
    const answer = await handle.edit((e) => Array.isArray(e.body.components) && e.body.components.length === 0, 10_000);
    expect(answer.body.content).toMatch(/^Mate in 1: 1\. Ra8#\nKeys: Ra8#\n/);

    // Nothing else runs, yet it stays up.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(finished).toBe(false);

    stop.abort();
    expect(await status).toBe(EXIT_OK);
    expect(err).toMatch(/info discord: logged out of Discord\n$/);
    await fake.waitUntil(() => !fake.gateway.connected, 2_000, 'the gateway to close');
    expect(err).not.toContain(fake.token);
  });

  it('exits with status 1 and one sentence when Discord refuses the token', async () => {
    const errorOutput = new PassThrough();
    let err = '';
    errorOutput.on('data', (chunk) => (err += String(chunk)));
    const status = await runApp({
      config: { env: discordEnv('Wrong.token.s3cret'), cwd: dir },
      input: new PassThrough(),
      output: new PassThrough(),
      errorOutput,
      interactive: false,
    });
    expect(status).toBe(EXIT_BOT_FAILED);
    expect(err).toBe(
      "error: the Discord bot did not start: Discord refused the bot token: check DISCORD_TOKEN (the token from the developer portal's Bot page)\n",
    );
  });
});

describe('runApp with DISCORD_TOKEN while Discord cannot be reached', () => {
  it('tries again until Discord is up (nothing listening at first), then logs in and answers', async () => {
    const port = await freePort();
    const stop = new AbortController();
    const app = startApp(envForPort(port), stop.signal);
    // Nothing listens: refused connections, tried again and again (each try one warning).
    await expect.poll(() => warnings(app.err()).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    const late = await FakeDiscord.start({ heartbeatIntervalMs: 100, port, token: fake.token, applicationId: fake.applicationId });
    try {
      await waitForText(app.err, /info discord: logged in as chessbot/);
      const handle = late.dispatchInteraction({ name: 'mate', options: [{ name: 'fen', type: 3, value: MATE_IN_1 }, { name: 'n', type: 4, value: 1 }] });
      const answer = await handle.edit((e) => Array.isArray(e.body.components) && e.body.components.length === 0, 10_000);
      expect(answer.body.content).toMatch(/^Mate in 1: 1\. Ra8#\n/);
      stop.abort();
      expect(await app.status).toBe(EXIT_OK);
    } finally {
      stop.abort();
      await late.close();
    }
    expect(app.err()).not.toContain(fake.token);
    expect(app.err()).not.toMatch(/^error/m);
  });

  it('tries again while Discord answers 5xx, then logs in', async () => {
    // Each login asks for the gateway once, and discord.js retries a 5xx three times itself: two logins fail.
    fake.failNext({ method: 'GET', path: '/api/v10/gateway/bot', status: 502, times: 8 });
    const stop = new AbortController();
    const app = startApp(discordEnv(), stop.signal);
    await waitForText(app.err, /info discord: logged in as chessbot/);
    expect(warnings(app.err())).toHaveLength(2);
    expect(fake.requestsWhere((r) => r.path === '/api/v10/gateway/bot').length).toBe(9);
    stop.abort();
    expect(await app.status).toBe(EXIT_OK);
  });

  it('ends at once with status 0 when stopped during the wait', async () => {
    const port = await freePort();
    const stop = new AbortController();
    // The real waits: a second, then two, then four ...
    const app = startApp(envForPort(port), stop.signal, { backoffBaseMs: 1_000, backoffMaxMs: 60_000 });
    await waitForText(app.err, / warn discord: /);
    const stoppedAt = performance.now();
    stop.abort();
    expect(await app.status).toBe(EXIT_OK);
    expect(performance.now() - stoppedAt).toBeLessThan(1_000);
    expect(app.err()).not.toMatch(/^error/m);
  });
});

describe('src/main.ts (npm start) with DISCORD_TOKEN', () => {
  it('on SIGTERM, logs out of Discord and exits 0 promptly', async () => {
    const child = spawn(process.execPath, [START], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', ...discordEnv() },
    });
    let err = '';
    child.stderr.on('data', (chunk) => (err += String(chunk)));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await waitForText(() => err, 'logged in as chessbot', 15_000);
    expect(fake.gateway.connected).toBe(true);

    const signalledAt = performance.now();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(performance.now() - signalledAt).toBeLessThan(5_000);
    expect(err).toContain('logged out of Discord');
    await fake.waitUntil(() => !fake.gateway.connected, 2_000, 'the gateway to close');
  });

  it('on SIGTERM while waiting for an unreachable Discord, exits 0 promptly', async () => {
    const child = spawn(process.execPath, [START], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', ...envForPort(await freePort()) },
    });
    let err = '';
    child.stderr.on('data', (chunk) => (err += String(chunk)));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await waitForText(() => err, / warn discord: /, 15_000);

    const signalledAt = performance.now();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(performance.now() - signalledAt).toBeLessThan(3_000);
    expect(err).not.toContain(fake.token);
    expect(err).not.toMatch(/ error /);
  });
});
