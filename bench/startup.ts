// The first touch, timed from outside: how long a cold process takes to answer a mate in 1 from
// the command line, for `npm start`'s console to start and quit, and for the console's first
// /mate, beside Popeye on the same problem and (optionally) beside another build of ours.
//
//   npm run bench:startup -- [--baseline <tree>] [--popeye <path>] [--runs N]
//
// Each command runs N times (after one warm-up run each), the commands taking turns round by
// round so that drift in the machine's speed falls on all alike; the figure is the median wall
// time. A <tree> is a checkout of this project after `npm ci` (its dist/ built). Node's own start
// (`node -e 0`) is printed as the floor. Timing never fails the run; a bad command line exits 2.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { findProgram, isExecutable } from './programs.ts';

const MATE_IN_1 = '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1';
/** The same problem in Popeye's input language. */
const POPEYE_INPUT = 'BeginProblem\nPieces White Kg1 Ra1 Pf2 Pg2 Ph2 Black Kg8 Pf7 Pg7 Ph7\nStipulation #1\nEndProblem\n';
const USAGE = 'usage: npm run bench:startup -- [--baseline <tree>] [--popeye <path>] [--runs N]';

export interface StartupOptions {
  readonly trees: ReadonlyArray<{ readonly label: string; readonly dir: string }>;
  readonly popeye: string | null;
  readonly runs: number;
}

export class StartupUsageError extends Error {}

/** Reads the command line; throws StartupUsageError naming the problem. */
export function parseStartupArguments(argv: readonly string[], env: NodeJS.ProcessEnv = {}, here = process.cwd()): StartupOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { baseline: { type: 'string' }, popeye: { type: 'string' }, runs: { type: 'string', default: '10' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new StartupUsageError(error instanceof Error ? error.message : String(error));
  }
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 100) throw new StartupUsageError(`--runs must be an integer from 1 to 100, got "${values.runs}"`);
  const trees = [{ label: 'this build', dir: here }];
  if (values.baseline !== undefined) {
    const dir = resolve(values.baseline);
    if (!existsSync(join(dir, 'bin', 'chessbot.js'))) throw new StartupUsageError(`--baseline: no bin/chessbot.js in ${dir}`);
    trees.push({ label: 'baseline', dir });
  }
  const popeyePath = values.popeye ?? env.POPEYE ?? null;
  const popeye = popeyePath === null ? null : findProgram(popeyePath);
  if (popeyePath !== null && (popeye === null || !isExecutable(popeye))) throw new StartupUsageError(`--popeye: no program "${popeyePath}"`);
  return { trees, popeye, runs };
}

interface Case {
  readonly name: string;
  readonly command: readonly string[];
  readonly cwd: string;
}

/** The cases for one tree of ours: the command line, the console quitting, the console's first /mate. */
function casesOf(tree: StartupOptions['trees'][number]): Case[] {
  const mateLine = `/mate "${MATE_IN_1}" 1`;
  return [
    { name: `chessbot mate <mate in 1> 1 (${tree.label})`, command: ['node', 'bin/chessbot.js', 'mate', MATE_IN_1, '1'], cwd: tree.dir },
    { name: `echo /quit | npm start (${tree.label})`, command: ['sh', '-c', 'echo /quit | npm start'], cwd: tree.dir },
    { name: `echo '/mate <mate in 1> 1' | npm start (${tree.label})`, command: ['sh', '-c', `echo '${mateLine}' | npm start`], cwd: tree.dir },
  ];
}

/** Runs `command` once; its wall time in ms and its standard output. */
function timeOnce(which: Case): { ms: number; stdout: string } {
  const [program, ...args] = which.command;
  const start = performance.now();
  const result = spawnSync(program!, args, { cwd: which.cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  const ms = performance.now() - start;
  if (result.status !== 0) throw new Error(`${which.name} exited ${String(result.status)}: ${result.stderr.trim().slice(0, 300)}`);
  return { ms, stdout: result.stdout };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The search time a console's answer gives ("17 nodes, 0.01 s"), in ms, or null. */
export function reportedSearchMs(stdout: string): number | null {
  const match = /^[\d,]+ nodes, (\d+\.\d+) s$/m.exec(stdout);
  return match ? Number(match[1]) * 1000 : null;
}

function main(): void {
  let options: StartupOptions;
  try {
    options = parseStartupArguments(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof StartupUsageError)) throw error;
    process.stderr.write(`bench:startup: ${error.message}\n${USAGE}\n`);
    process.exit(2);
  }
  const cases: Case[] = [{ name: 'node -e 0 (Node\'s own start)', command: ['node', '-e', '0'], cwd: process.cwd() }];
  for (const tree of options.trees) cases.push(...casesOf(tree));
  if (options.popeye) {
    const input = join(mkdtempSync(join(tmpdir(), 'chessbot-startup-')), 'mate1.inp');
    writeFileSync(input, POPEYE_INPUT);
    cases.push({ name: 'Popeye, the same mate in 1', command: [options.popeye, input], cwd: process.cwd() });
  }
  const times = cases.map((): number[] => []);
  const searched = cases.map((): number[] => []);
  for (const which of cases) timeOnce(which); // the warm-up: the file system's cache
  for (let round = 0; round < options.runs; round++) {
    cases.forEach((which, i) => {
      const { ms, stdout } = timeOnce(which);
      times[i]!.push(ms);
      const reported = which.name.startsWith('echo \'/mate') ? reportedSearchMs(stdout) : null;
      if (reported !== null) searched[i]!.push(reported);
    });
  }
  const width = Math.max(...cases.map((which) => which.name.length));
  process.stdout.write(`median wall time of ${options.runs} cold runs each (${new Date().toISOString().slice(0, 10)})\n`);
  cases.forEach((which, i) => {
    const extra = searched[i]!.length > 0 ? `   (the answer says ${(median(searched[i]!) / 1000).toFixed(2)} s searched)` : '';
    process.stdout.write(`  ${which.name.padEnd(width)}  ${(median(times[i]!) / 1000).toFixed(3)} s${extra}\n`);
  });
  const ours = median(times[1]!);
  if (options.trees.length > 1) {
    for (let k = 0; k < 3; k++) {
      const ratio = median(times[1 + k]!) / median(times[4 + k]!);
      process.stdout.write(`  this build / baseline, ${cases[1 + k]!.name.replace(/ \(this build\)$/, '')}: ${ratio.toFixed(2)}\n`);
    }
  }
  if (options.popeye) process.stdout.write(`  chessbot mate / Popeye: ${(ours / median(times[times.length - 1]!)).toFixed(1)}\n`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
