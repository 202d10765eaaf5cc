// The console of `npm start` (src/main.ts) writing into a closed pipe, as a child process: it
// ends at once and quietly, with the status of a program a closed pipe ended (141), never an
// "uncaught exception … write EPIPE" and status 1.

import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeAppDirectory } from '../../support/appDirectory.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
// `npm start`: the fresh build, else src/main.ts through tsx (bin/start.js).
const START = join(ROOT, 'bin', 'start.js');
/** 128 + SIGPIPE: what the shell reports for `seq 1 1000000 | head -1`'s seq. */
const EXIT_OUTPUT_CLOSED = 141;
const MATE_IN_3 = '/mate "b7/PP6/8/8/7K/6B1/6N1/4R1bk w - - 0 1" 3 tree\n';
/** A mate in 6 whose search takes seconds: the process must not wait for it. */
const HARD = '/mate "3Q4/5q1k/4ppp1/2Kp1N1B/RR6/3P1r2/4nP2/3b4 w - - 0 1" 6\n';
/** What the console says on stderr when it starts without tokens: the only line expected there. */
const STARTING = 'No DISCORD_TOKEN or LICHESS_TOKEN is set: starting the local console.\n';

let dir: string;
// The defaults only, and no token, whatever the developer's shell holds.
const env = () => ({ PATH: process.env.PATH ?? '', HOME: dir });

beforeEach(() => {
  dir = makeAppDirectory('chessbot-closed-pipe-', '{"workers":{"size":1}}');
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the console into a closed pipe', () => {
  it('ends at its first write, silently, with status 141, though its search would take seconds', async () => {
    const child = spawn(process.execPath, [START], { cwd: dir, env: env(), stdio: ['pipe', 'pipe', 'pipe'], timeout: 60_000 });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.stdin.end(HARD);
    const status = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    expect(stderr).toBe(STARTING);
    expect(status).toBe(EXIT_OUTPUT_CLOSED);
  }, 60_000);

  it('ends "echo /mate … | npm start | head -3" quietly', () => {
    const script = '{ printf "%s" "$1" | "$0" "$2"; echo "status $?" >&2; } | head -3';
    const result = spawnSync('sh', ['-c', script, process.execPath, MATE_IN_3, START], { cwd: dir, env: env(), encoding: 'utf8', timeout: 60_000 });
    expect(result.stdout).toBe('8  b . . . . . . .\n7  P P . . . . . .\n6  . . . . . . . .\n');
    // The whole answer may fit in the pipe before head has gone (0), or not (141).
    expect(result.stderr).toMatch(new RegExp(`^${STARTING}status (0|${EXIT_OUTPUT_CLOSED})\\n$`));
  }, 60_000);
});
