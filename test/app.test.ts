import { spawn, spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT_BAD_CONFIG, EXIT_COMMAND_FAILED, EXIT_OK, runApp } from '../src/app.ts';
import { makeAppDirectory } from './support/appDirectory.ts';

const ROOT = join(import.meta.dirname, '..');
// `npm start`: the build (dist/main.js) when it is newer than every source file, so never a stale
// one, else src/main.ts through tsx; it starts in a fraction of the time compiling takes.
const START = join(ROOT, 'bin', 'start.js');

let dir: string;

beforeEach(() => {
  dir = makeAppDirectory('chessbot-app-');
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function run(env: Record<string, string>, typed: string, interactive = false) {
  const input = new PassThrough();
  const output = new PassThrough();
  const errorOutput = new PassThrough();
  const out: string[] = [];
  const err: string[] = [];
  output.on('data', (chunk) => out.push(String(chunk)));
  errorOutput.on('data', (chunk) => err.push(String(chunk)));
  const status = runApp({ config: { env, cwd: dir }, input, output, errorOutput, interactive });
  input.end(typed);
  return { status: await status, out: out.join(''), err: err.join('') };
}

describe('runApp', () => {
  it('starts the local console when no token is set', async () => {
    const { status, out, err } = await run({}, '/help\n/quit\n');
    expect(status).toBe(EXIT_OK);
    expect(out).toMatch(/^Commands:\n {2}\/help/);
    expect(err).toBe('No DISCORD_TOKEN or LICHESS_TOKEN is set: starting the local console.\n');
  });

  it('keeps trying an unreachable Lichess, one line a try without the token, and stops cleanly on a signal', async () => {
    // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    const stop = new AbortController();
    const errorOutput = new PassThrough();
    let err = '';
    const tries = new Promise<void>((resolve) => {
      errorOutput.on('data', (chunk) => {
        err += String(chunk);
        if ((err.match(/not answering at start-up/g) ?? []).length >= 2) resolve();
      });
    });
    const output = new PassThrough();
    let out = '';
    output.on('data', (chunk) => (out += String(chunk)));
    const status = runApp({
      config: { env: { LICHESS_TOKEN: 'lip_secret', LICHESS_URL: 'http://127.0.0.1:9' }, cwd: dir },
      input: new PassThrough(),
      output,
      errorOutput,
      interactive: false,
      stop: stop.signal,
      lichessTimings: { backoffBaseMs: 20, backoffMaxMs: 50 },
    });
    await tries;
    stop.abort();
    expect(await status).toBe(EXIT_OK);
    expect(out).toBe('');
    const lines = err.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line).toMatch(/not answering at start-up; trying again/);
    expect(err).not.toContain('secret');
  });

  it('offers /mate in the console, limited by the configured mate.maxN', async () => {
    writeFileSync(join(dir, 'config', 'local.json'), '{"mate":{"maxN":2}}');
    const { status, out, err } = await run({}, '/mate "8/8/8/2p1R3/1p3p2/1p1k1p2/1B5p/1K2Q3 w - - 0 1" 2\n/mate startpos 3\n');
    expect(status).toBe(EXIT_COMMAND_FAILED);
    expect(out).toMatch(/\nMate in 2: 1\. Q.*\nKeys \(cooked, 2\): /);
    expect(err).toContain('error: /mate: n must be an integer from 1 to 2, got "3"\n');
  });

  it('exits 1 when a piped console answered a line with an error, 0 when interactive', async () => {
    expect((await run({}, '/help\n/mate startpos 1\n')).status).toBe(EXIT_OK);
    const piped = await run({}, '/nope\n/help\n');
    expect(piped.status).toBe(EXIT_COMMAND_FAILED);
    expect(piped.err).toContain('error: unknown command "/nope"');
    expect((await run({}, '/nope\n/help\n', true)).status).toBe(EXIT_OK);
  });

  it('at a terminal, Ctrl+C stops the console\'s search and the console goes on; Ctrl+C at the prompt leaves', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let out = '';
    const shown = () => out.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '').replaceAll('\r', '');
    const progressed = (pattern: RegExp) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (pattern.test(shown())) {
            output.off('data', check);
            resolve();
          }
        };
        output.on('data', check);
      });
    output.on('data', (chunk) => (out += String(chunk)));
    // interactive: readline reads the stream as a terminal, where Ctrl+C is the byte \x03.
    const status = runApp({ config: { env: {}, cwd: dir }, input, output, errorOutput: new PassThrough(), interactive: true });
    // A mate in 8 that takes about a minute to prove.
    input.write('/mate 8/8/4N3/p3R2p/k6P/2p1p2p/2P1P2P/4K3 w - - 0 1 8\n');
    await progressed(/n=3 /);
    input.write('\x03');
    await progressed(/Cancelled while searching n = \d+: no mate in \d+ or fewer is proven\.\n[\d,]+ nodes, [\d.]+ s\nchessbot> $/);
    input.write('/mate "b7/PP6/8/8/7K/6B1/6N1/4R1bk w - - 0 1" 3\n');
    await progressed(/Mate in 3: 1\. bxa8=N! .*\n.*\n.*nodes.*\nchessbot> $/);
    input.write('\x03');
    expect(await status).toBe(EXIT_OK);
    expect(shown()).toMatch(/chessbot> \n$/);
  });

  it('prints every configuration problem and exits with status 2', async () => {
    writeFileSync(join(dir, 'config', 'local.json'), '{"mate":{"maxN":"many"}}');
    const { status, out, err } = await run({ LOG_LEVEL: 'loud', LICHESS_TOKEN: 'lip_secret' }, '');
    expect(status).toBe(EXIT_BAD_CONFIG);
    expect(out).toBe('');
    expect(err).toBe(
      'invalid configuration (2 problems):\n' +
        '  environment: LOG_LEVEL: expected one of error, warn, info, debug, got "loud"\n' +
        '  config/local.json: mate.maxN: expected an integer from 1 to 50, got "many"\n',
    );
  });
});

describe('runApp: warnings about the configuration', () => {
  it('warns about a misspelt variable in .env on its error output, without the value, and starts anyway', async () => {
    writeFileSync(join(dir, '.env'), 'LICHES_TOKEN=lip_secretvalue\n');
    const { status, out, err } = await run({}, '/help\n');
    expect(status).toBe(EXIT_OK);
    expect(out).toMatch(/^Commands:/);
    expect(err).toBe(
      'warning: .env: LICHES_TOKEN: unknown variable, ignored (did you mean LICHESS_TOKEN?)\n' +
        'No DISCORD_TOKEN or LICHESS_TOKEN is set: starting the local console.\n',
    );
    expect(out + err).not.toContain('lip_secretvalue');
  });

  it('prints the warnings before the problems when the configuration is invalid', async () => {
    writeFileSync(join(dir, '.env'), 'LOG_LEVL=debug\nLICHESS_URL=nowhere\n');
    const { status, err } = await run({}, '');
    expect(status).toBe(EXIT_BAD_CONFIG);
    expect(err).toBe(
      'warning: .env: LOG_LEVL: unknown variable, ignored (did you mean LOG_LEVEL?)\n' +
        'invalid configuration (1 problem):\n' +
        '  .env: LICHESS_URL: expected an http:// or https:// URL, got "nowhere"\n',
    );
  });
});

describe('src/main.ts (npm start)', () => {
  function start(env: Record<string, string>, input: string) {
    return spawnSync(process.execPath, [START], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', ...env },
      input,
      encoding: 'utf8',
    });
  }

  it('runs the console on piped input and exits 0 at end of input', () => {
    const result = start({}, '/help\n');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('/quit');
  });

  it('exits 1 when a command on piped input failed', () => {
    const result = start({}, '/help\n/nope\n');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('error: unknown command "/nope"; type /help for the list\n');
  });

  it('exits 2 with the problems and no stack trace on bad configuration', () => {
    const result = start({ LICHESS_URL: 'nowhere' }, '');
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      'invalid configuration (1 problem):\n' +
        '  environment: LICHESS_URL: expected an http:// or https:// URL, got "nowhere"\n',
    );
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`on ${signal}, cancels the search in progress and exits promptly, whatever stdin does`, async () => {
      const child = spawn(process.execPath, [START], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '' },
      });
      let out = '';
      child.stdout.on('data', (chunk) => (out += String(chunk)));
      // A mate in 8 that takes about a minute to prove; stdin stays open, as a pipe's writer might.
      child.stdin.write('/mate 8/8/4N3/p3R2p/k6P/2p1p2p/2P1P2P/4K3 w - - 0 1 8\n');
      await new Promise<void>((resolve) => {
        child.stdout.on('data', () => {
          if (out.includes('n=3')) resolve();
        });
      });
      const signalledAt = performance.now();
      child.kill(signal);
      const status = await new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      expect(status).toBe(0);
      expect(performance.now() - signalledAt).toBeLessThan(3000);
      expect(out).toContain('Cancelled while searching');
    });
  }
});
