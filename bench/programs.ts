// Finding engine programs: a bare command name is looked up on PATH and in /usr/games (where
// Debian installs stockfish, often not on PATH); "stockfish" is installed with apt-get when it
// is missing and we are root. Popeye has no package: it is run only when named (--popeye or the
// POPEYE environment variable). Never throws: says what happened instead.

import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';

export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The full path of a bare program name, or null. Names with a slash are returned unchanged. */
export function findProgram(name: string): string | null {
  if (name.includes('/')) return name;
  const dirs = (process.env.PATH ?? '').split(delimiter).filter((d) => d !== '');
  for (const dir of [...dirs, '/usr/games', '/usr/local/games']) {
    const candidate = join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

/** Tries `apt-get install -y stockfish` (then `apt-get update` and again if that fails). */
export function installStockfish(log: (line: string) => void): { ok: boolean; note: string } {
  if (process.platform !== 'linux' || !isExecutable('/usr/bin/apt-get')) {
    return { ok: false, note: 'stockfish is not installed and there is no apt-get here to install it' };
  }
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    return { ok: false, note: 'stockfish is not installed and installing it needs root: run `sudo apt-get install stockfish`' };
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args: string[]): { ok: boolean; tail: string } => {
    const result = spawnSync('apt-get', args, { env, encoding: 'utf8', timeout: 600_000, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n');
    return { ok: result.status === 0, tail: result.error ? result.error.message : output.slice(-3).join(' / ') };
  };
  log('stockfish not found: installing it with `apt-get install -y stockfish` ...');
  let result = run(['install', '-y', '--no-install-recommends', 'stockfish']);
  if (!result.ok) {
    log('... that failed; running `apt-get update` and trying again ...');
    const update = run(['update']);
    if (!update.ok) return { ok: false, note: `apt-get update failed: ${update.tail}` };
    result = run(['install', '-y', '--no-install-recommends', 'stockfish']);
  }
  if (!result.ok) return { ok: false, note: `apt-get install stockfish failed: ${result.tail}` };
  return { ok: true, note: 'installed stockfish with apt-get' };
}

/**
 * The program to run for argv[0]: its path when found; for a missing "stockfish", installs it.
 * `path` null means it is not available, and `note` says why.
 */
export function resolveProgram(name: string, log: (line: string) => void): { path: string | null; note: string } {
  const found = findProgram(name);
  if (found !== null) return { path: found, note: '' };
  if (name !== 'stockfish') return { path: null, note: `"${name}" is not on PATH (nor in /usr/games)` };
  const installed = installStockfish(log);
  if (!installed.ok) return { path: null, note: installed.note };
  const path = findProgram(name);
  return path !== null ? { path, note: installed.note } : { path: null, note: 'apt-get installed stockfish but no stockfish binary is on PATH or in /usr/games' };
}

/**
 * The Popeye binary named by `--popeye` (`option`) or else by the POPEYE environment variable: a
 * path, or a bare name looked up as findProgram does. `path` null and `note` empty: not asked
 * for; `path` null and a note: asked for but not runnable. Popeye is built from source (see
 * docs/benchmarks.md), never installed here.
 */
export function locatePopeye(option: string | undefined, env: string | undefined = process.env.POPEYE): { path: string | null; note: string } {
  const fromEnv = env !== undefined && env.trim() !== '' ? env.trim() : undefined;
  const named = option ?? fromEnv;
  if (named === undefined) return { path: null, note: '' };
  const source = option !== undefined ? `--popeye ${named}` : `POPEYE=${named}`;
  const found = findProgram(named);
  if (found === null) return { path: null, note: `${source}: not on PATH (nor in /usr/games)` };
  const path = resolve(found);
  let isFile = false;
  try {
    isFile = statSync(path).isFile();
  } catch {
    isFile = false;
  }
  if (!isFile || !isExecutable(path)) return { path: null, note: `${source}: not an executable file` };
  return { path, note: '' };
}
