// Workers start however the program does: under `node --import tsx` (npm start), with tsx
// registered at run time in the main thread only (bin/chessbot.js, i.e. `npx chessbot`, here from
// another directory), and inside vitest (pool.test.ts). Each child solves a mate in 2 and exits
// on its own with the pool still open.
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const ROOT = join(import.meta.dirname, '..', '..');

function solveIn(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, args, {
    cwd, encoding: 'utf8', timeout: 20_000, env: { PATH: process.env.PATH ?? '' },
  });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout) as { status: string; keys: string[] };
}

describe('worker entry', () => {
  it('works under node --import tsx, as npm start runs', () => {
    const report = solveIn(['--import', 'tsx', join(FIXTURES, 'solve.ts')], ROOT);
    expect(report).toMatchObject({ status: 'mate', keys: ['d5f6'] });
  });

  it('works with tsx registered at run time, as bin/chessbot.js runs, from another directory', () => {
    const report = solveIn([join(FIXTURES, 'solve-register.js')], tmpdir());
    expect(report).toMatchObject({ status: 'mate', keys: ['d5f6'] });
  });
});
