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
});
