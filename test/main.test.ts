// src/main.ts (npm start) on a failure that escapes everything: an unhandled promise rejection or
// an uncaught exception is logged as one line, tokens masked and no stack trace, and the process
// exits 1. The failure is set off from outside (SIGUSR2) by a module preloaded into the child, once
// the Discord bot is logged in to the fake Discord: the token is then known and must be masked.

import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeDiscord } from './support/fakeDiscord/index.ts';
import { makeAppDirectory } from './support/appDirectory.ts';

const ROOT = join(import.meta.dirname, '..');
// `npm start`: the build (dist/main.js) when it is newer than every source file, so never a stale
// one, else src/main.ts through tsx; it starts in a fraction of the time compiling takes.
const START = join(ROOT, 'bin', 'start.js');

let dir: string;
let fake: FakeDiscord;

beforeEach(async () => {
  dir = makeAppDirectory('chessbot-main-', '{"workers":{"size":1}}');
  fake = await FakeDiscord.start({ heartbeatIntervalMs: 100 });
});

afterEach(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Starts npm start's main.ts with a module that, on SIGUSR2, fails in the way `failure` says. */
function startMain(failure: string): { stderr: () => string; exited: Promise<number | null>; kill: (signal: NodeJS.Signals) => void } {
  const preload = join(dir, 'fail-on-signal.mjs');
  writeFileSync(preload, `process.on('SIGUSR2', () => { ${failure} });\n`);
  const child = spawn(process.execPath, ['--import', pathToFileURL(preload).href, START], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', DISCORD_TOKEN: fake.token, DISCORD_API_URL: fake.apiUrl, DISCORD_APPLICATION_ID: fake.applicationId },
  });
  let err = '';
  child.stderr.on('data', (chunk) => (err += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { stderr: () => err, exited, kill: (signal) => child.kill(signal) };
}

async function waitForText(text: () => string, what: string, timeoutMs = 15_000): Promise<void> {
  const start = Date.now();
  while (!text().includes(what)) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what} in ${JSON.stringify(text())}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('src/main.ts on a failure nothing else caught', () => {
  it.each([
    ['an unhandled promise rejection', 'void Promise.reject(new Error(MESSAGE));', 'unhandled promise rejection'],
    ['an uncaught exception', 'throw new TypeError(MESSAGE);', 'uncaught exception'],
  ])('%s: one line with the token masked, no stack, exit status 1', async (_what, failure, said) => {
    // The error's message carries the bot token and a second line, as a careless library's might.
    const message = JSON.stringify(`request to Bot ${fake.token} failed\n    at somewhere (file.js:1:1)`);
    const main = startMain(`const MESSAGE = ${message}; ${failure}`);
    await waitForText(main.stderr, 'logged in as chessbot');
    const before = main.stderr();

    main.kill('SIGUSR2');
    expect(await main.exited).toBe(1);
    const added = main.stderr().slice(before.length);
    expect(added).toMatch(new RegExp(`^\\S+ error process: ${said}; exiting error="\\w*Error: request to Bot \\[redacted\\] failed; at somewhere \\(file\\.js:1:1\\)"\\n$`));
    expect(main.stderr()).not.toContain(fake.token);
    expect(main.stderr()).not.toMatch(/^\s+at /m);
  });
});
