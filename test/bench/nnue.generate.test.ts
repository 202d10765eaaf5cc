// nnue:generate end to end with the scripted fake engine: every line it writes is a whole
// position record, --seconds stops it starting new games (a run sized to a machine's time), and
// a bad --seconds is refused by name before any engine starts.

import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFakeUci } from './fixtures/buildFakeUci.ts';

const dir = mkdtempSync(join(tmpdir(), 'nnue-generate-'));
// generate.ts takes a program's path (no arguments), so the fake engine gets a launcher.
const engine = join(dir, 'fake-engine.sh');
writeFileSync(engine, `#!/bin/sh\nexec node ${buildFakeUci()} --think 0 --random 7\n`);
chmodSync(engine, 0o755);

function generate(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'bench/nnue/generate.ts', '--engine', engine, '--workers', '1', ...args], { encoding: 'utf8', timeout: 60_000 });
}

describe('nnue:generate', () => {
  it('stops starting games once --seconds have passed, and writes whole records', () => {
    const out = join(dir, 'games.txt');
    const run = generate('--games', '100000', '--seconds', '1', '--out', out);
    expect(run.status).toBe(0);
    const done = /done: (\d+) games, (\d+) positions/.exec(run.stderr);
    expect(done).not.toBeNull();
    const games = Number(done![1]);
    // A game of a few hundred plies at most starts within the second: far fewer than asked for.
    expect(games).toBeGreaterThan(0);
    expect(games).toBeLessThan(100000);
    const lines = readFileSync(out, 'utf8').split('\n').filter((line) => line !== '');
    expect(lines.length).toBe(Number(done![2]));
    for (const line of lines) expect(line).toMatch(/^[^;]+ [wb] [-KQkq]+ [-a-h1-8]+ \d+ \d+;-?\d+;[a-h][1-8][a-h][1-8][qrbn]?;(1|0|0\.5)$/);
  });

  it('refuses a --seconds that is not a number above 0, naming it', () => {
    for (const bad of ['0', 'soon']) {
      const run = generate('--seconds', bad, '--out', join(dir, 'never.txt'));
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(`--seconds must be a number above 0, not "${bad}"`);
    }
    // A value that looks like an option is refused by the argument parser, still by name and
    // without a stack trace.
    const dashed = generate('--seconds', '-5', '--out', join(dir, 'never.txt'));
    expect(dashed.status).toBe(2);
    expect(dashed.stderr).toMatch(/^nnue:generate: .*'--seconds'/);
    expect(dashed.stderr).not.toMatch(/^\s+at /m);
  });
});
