// npm start with LICHESS_TOKEN set: the Lichess bot checks its token and account (and says
// clearly what is wrong), plays the games it is given, stays up while nothing else runs, and on
// SIGTERM (or the stop signal) closes its streams and exits within seconds; the games resume on
// the next start.

import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT_BAD_CONFIG, EXIT_BOT_FAILED, EXIT_OK, runApp } from '../src/app.ts';
import { FakeLichess, SHORT_CHALLENGE } from './support/fakeLichess/index.ts';
import { makeAppDirectory } from './support/appDirectory.ts';

const ROOT = join(import.meta.dirname, '..');
// `npm start`: the build (dist/main.js) when it is newer than every source file, so never a stale
// one, else src/main.ts through tsx; it starts in a fraction of the time compiling takes.
const START = join(ROOT, 'bin', 'start.js');

let dir: string;
let fake: FakeLichess;

beforeEach(async () => {
  // No test reaches the internet: the tablebase (Lichess's own by default) is off here.
  dir = makeAppDirectory('chessbot-app-lichess-', '{"workers":{"size":1},"engine":{"hashMb":8},"lichess":{"tablebase":{"enabled":false}}}');
  fake = await FakeLichess.start({ keepAliveMs: 100 });
});

afterEach(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

async function waitForText(text: () => string, what: string | RegExp, timeoutMs = 15_000): Promise<void> {
  const start = Date.now();
  while (!(typeof what === 'string' ? text().includes(what) : what.test(text()))) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what} in ${JSON.stringify(text())}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function startApp(env: Record<string, string>, stop?: AbortSignal) {
  const errorOutput = new PassThrough();
  const output = { err: '' };
  errorOutput.on('data', (chunk) => (output.err += String(chunk)));
  const status = runApp({
    config: { env, cwd: dir },
    input: new PassThrough(),
    output: new PassThrough(),
    errorOutput,
    interactive: false,
    stop,
    lichessTimings: { streamIdleMs: 1000, backoffBaseMs: 50, backoffMaxMs: 200 },
  });
  return { status, output };
}

describe('runApp with LICHESS_TOKEN', () => {
  it('plays a game, stays up, and leaves within seconds when stopped, never logging the token', async () => {
    const stop = new AbortController();
    const { status, output } = startApp({ LICHESS_TOKEN: fake.token, LICHESS_URL: fake.url }, stop.signal);
    await waitForText(() => output.err, 'info lichess: event stream open');
    const challenge = fake.challenge({ rated: true, ...SHORT_CHALLENGE, opponent: { moves: ['f7f6', 'g7g5'], whenDone: 'resign' }, color: 'black' });
    expect(await challenge.settled()).toBe('accepted');
    // Mate (Qh5#) if the engine sees it, else the opponent resigns.
    const result = await challenge.game!.ended();
    expect(result.winner).toBe('white');
    await waitForText(() => output.err, new RegExp(`info lichess: game over .*status=${result.status} result=win`));

    const stoppedAt = performance.now();
    stop.abort();
    expect(await status).toBe(EXIT_OK);
    expect(performance.now() - stoppedAt).toBeLessThan(5_000);
    expect(output.err).toMatch(/info lichess: left Lichess/);
    expect(output.err).toMatch(/info lichess: challenge accepted challenge=\w+ from=alice/);
    expect(output.err).not.toContain(fake.token);
    expect(fake.streams().filter((s) => s.kind === 'event')).toHaveLength(0);
  });

  it.each([
    ['an unknown token', 'lip_unknown', 'LICHESS_TOKEN is not a valid Lichess token (unknown, revoked or expired)'],
    ['a token without bot:play', 'lip_alice', 'LICHESS_TOKEN lacks the bot:play scope (it has: challenge:read, challenge:write, board:play); create a token with "Play games with the bot API"'],
  ])('exits 1 with one line for %s', async (_what, token, why) => {
    const { status, output } = startApp({ LICHESS_TOKEN: token, LICHESS_URL: fake.url });
    expect(await status).toBe(EXIT_BOT_FAILED);
    expect(output.err).toBe(`error: the Lichess bot did not start: ${why}\n`);
  });

  it('exits 1 naming the upgrade command when the account is not a BOT', async () => {
    fake.addUser({ id: 'human', token: 'lip_human', scopes: ['bot:play'] });
    const { status, output } = startApp({ LICHESS_TOKEN: 'lip_human', LICHESS_URL: fake.url });
    expect(await status).toBe(EXIT_BOT_FAILED);
    expect(output.err).toBe(
      'error: the Lichess bot did not start: the Lichess account human is not a BOT account; upgrade it (irreversible) with "npx chessbot lichess-upgrade --yes"\n',
    );
  });

  it('exits 2 when the configured policy is invalid', async () => {
    writeFileSync(join(dir, 'config', 'local.json'), '{"lichess":{"concurrency":0}}');
    const { status, output } = startApp({ LICHESS_TOKEN: fake.token, LICHESS_URL: fake.url });
    expect(await status).toBe(EXIT_BAD_CONFIG);
    expect(output.err).toContain('lichess.concurrency: expected an integer from 1 to 100, got 0');
  });
});

describe('src/main.ts (npm start) with LICHESS_TOKEN', () => {
  it('on SIGTERM, closes its streams and exits 0 promptly; the game resumes on the next start', async () => {
    // Bullet's shortest clock (the bot thinks a second a move, not two on a minute), and no shorter:
    // the bot's clock runs while it restarts.
    const game = fake.startGame({ color: 'white', clock: { initial: 30_000, increment: 0 }, opponent: { moves: ['e7e5', 'b8c6', 'g8f6'] } });
    const start = () => {
      const child = spawn(process.execPath, [START], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '', LICHESS_TOKEN: fake.token, LICHESS_URL: fake.url },
      });
      const output = { err: '' };
      child.stderr.on('data', (chunk) => (output.err += String(chunk)));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      return { child, output, exited };
    };
    const first = start();
    await waitForText(() => first.output.err, 'info lichess: game started', 20_000);
    await game.waitForPly(3, 20_000);
    const signalledAt = performance.now();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(performance.now() - signalledAt).toBeLessThan(5_000);
    expect(game.isOver).toBe(false);

    const second = start();
    await waitForText(() => second.output.err, /resuming games in progress games=1/, 20_000);
    await game.waitForPly(6, 30_000);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(game.chat.filter((c) => c.userId === fake.botId)).toHaveLength(1);
  }, 90_000);
});
