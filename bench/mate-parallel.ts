// `npm run bench:mate-parallel`: one mate problem on every core. The public suite
// (bench/data/mate-public.jsonl) is solved with the embedded engine on one worker thread (the
// peer: the single-thread solver), the problems that took it longest are chosen, and those are
// solved again on a pool of --threads workers, where each problem takes every idle thread
// (src/engine/parallelMate.ts). Printed per problem and in total: both wall times, the speed-up,
// and whether the answers are identical (status, length, every key, the main line). The two
// pools alternate problem by problem, so a change in the machine's load falls on both alike.
//
// A benchmark, not a test: timing never fails it; the goal (1.6 times faster with two threads on
// the 10 longest) is printed as met or not. A differing answer is printed as DIFFERENT and makes
// the exit status 1; a bad command line exits 2.
//
//   npm run bench:mate-parallel -- [--threads <n>] [--longest <k>] [--filter <indexes>] [--json]

import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { type LocalEngine, type MateJobResult, localEngine } from '../src/engine/index.ts';

const USAGE = `usage: npm run bench:mate-parallel -- [options]

Solves the public mate suite on one worker thread, then the problems that took longest again on
--threads workers (each problem using every idle thread), alternating the two, and prints both
wall times, the speed-up and whether the answers are identical.

options:
  --threads <n>      threads of the parallel pool (default 2)
  --longest <k>      how many of the longest problems to time on both (default 10)
  --filter <list>    time these problems instead (comma-separated 1-based indexes or ranges);
                     skips the one-thread pass over the whole suite
  --rounds <n>       time each chosen problem this many times on each pool; the fastest counts
                     (default 1)
  --json             print one JSON document on standard output instead of the table
  --help             this text`;

const SUITE = new URL('./data/mate-public.jsonl', import.meta.url);
/** The issue's goal for two threads on the 10 longest problems. */
const GOAL_SPEEDUP = 1.6;

class UsageError extends Error {}

interface Problem {
  readonly index: number;
  readonly fen: string;
  readonly n: number;
}

interface Options {
  readonly threads: number;
  readonly longest: number;
  readonly filter: number[] | null;
  readonly rounds: number;
  readonly json: boolean;
}

function positiveInteger(name: string, text: string | undefined, fallback: number, max: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > max) throw new UsageError(`--${name}: expected an integer from 1 to ${max}, got "${text}"`);
  return value;
}

function parseIndexes(text: string, count: number): number[] {
  const indexes: number[] = [];
  for (const term of text.split(',').map((t) => t.trim()).filter((t) => t !== '')) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(term);
    const from = range ? Number(range[1]) : NaN;
    const to = range?.[2] === undefined ? from : Number(range[2]);
    if (!(from >= 1 && to >= from && to <= count)) throw new UsageError(`--filter: "${term}" is not an index or range within 1-${count}`);
    for (let i = from; i <= to; i++) indexes.push(i);
  }
  if (indexes.length === 0) throw new UsageError('--filter: no indexes given');
  return indexes;
}

function parseOptions(argv: string[], count: number): Options | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        threads: { type: 'string' }, longest: { type: 'string' }, filter: { type: 'string' }, rounds: { type: 'string' },
        json: { type: 'boolean' }, help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return 'help';
  return {
    threads: positiveInteger('threads', values.threads, 2, 64),
    longest: positiveInteger('longest', values.longest, 10, count),
    filter: values.filter === undefined ? null : parseIndexes(values.filter, count),
    rounds: positiveInteger('rounds', values.rounds, 1, 100),
    json: values.json === true,
  };
}

function loadSuite(): Problem[] {
  return readFileSync(SUITE, 'utf8').split(/\r?\n/).filter((line) => line.trim() !== '').map((line, i) => {
    const { fen, n } = JSON.parse(line) as { fen: string; n: number };
    return { index: i + 1, fen, n };
  });
}

interface Timed {
  readonly ms: number;
  readonly report: MateJobResult;
}

async function solve(engine: LocalEngine, problem: Problem): Promise<Timed> {
  const start = performance.now();
  const report = await engine.run({ kind: 'mate', fen: problem.fen, maxMoves: problem.n, mode: 'all' });
  return { ms: performance.now() - start, report };
}

/** The whole answer: what must not depend on the number of threads. */
function answerOf(report: MateJobResult): string {
  return `${report.status} ${report.mateIn ?? '-'} keys ${report.keys.join(',')} line ${report.lineUci.join(' ')}`;
}

async function fastest(engine: LocalEngine, problem: Problem, rounds: number): Promise<Timed> {
  let best: Timed | null = null;
  for (let round = 0; round < rounds; round++) {
    const timed = await solve(engine, problem);
    if (best === null || timed.ms < best.ms) best = timed;
  }
  return best!;
}

interface Row {
  readonly index: number;
  readonly n: number;
  readonly oneMs: number;
  readonly manyMs: number;
  readonly identical: boolean;
  readonly answer: string;
  readonly other: string;
}

async function main(argv: string[]): Promise<number> {
  const suite = loadSuite();
  const options = parseOptions(argv, suite.length);
  if (options === 'help') {
    console.log(USAGE);
    return 0;
  }
  const out = options.json ? (line: string) => process.stderr.write(`${line}\n`) : (line: string) => console.log(line);
  out(`machine: ${cpus()[0]?.model ?? 'unknown cpu'}, ${availableParallelism()} cores, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const one = localEngine({ threads: 1, maxQueue: 0 });
  const many = localEngine({ threads: options.threads, maxQueue: 0 });
  try {
    await Promise.all([one.warmUp(), many.warmUp()]);
    let chosen: Problem[];
    if (options.filter !== null) {
      chosen = options.filter.map((i) => suite[i - 1]);
    } else {
      out(`choosing the ${options.longest} longest: the whole suite (${suite.length} problems) on 1 thread ...`);
      const times = [];
      for (const problem of suite) times.push({ problem, ms: (await solve(one, problem)).ms });
      const total = times.reduce((sum, t) => sum + t.ms, 0);
      out(`  ${(total / 1000).toFixed(1)} s in all`);
      chosen = times.sort((a, b) => b.ms - a.ms).slice(0, options.longest).map((t) => t.problem).sort((a, b) => a.index - b.index);
    }
    out(`timing ${chosen.length} problems on 1 and on ${options.threads} threads, alternating (fastest of ${options.rounds}):`);
    out(`${'#'.padStart(4)} ${'n'.padStart(2)} ${'1 thread'.padStart(10)} ${`${options.threads} threads`.padStart(10)} ${'speed-up'.padStart(8)}  answer`);
    const rows: Row[] = [];
    for (const problem of chosen) {
      const single = await fastest(one, problem, options.rounds);
      const parallel = await fastest(many, problem, options.rounds);
      const answer = answerOf(single.report);
      const other = answerOf(parallel.report);
      const row = { index: problem.index, n: problem.n, oneMs: single.ms, manyMs: parallel.ms, identical: answer === other, answer, other };
      rows.push(row);
      out(`${String(row.index).padStart(4)} ${String(row.n).padStart(2)} ${seconds(row.oneMs)} ${seconds(row.manyMs)} ${`${(row.oneMs / row.manyMs).toFixed(2)}x`.padStart(8)}  ${row.identical ? 'identical' : `DIFFERENT: ${answer} / ${other}`}`);
    }
    const oneTotal = rows.reduce((sum, r) => sum + r.oneMs, 0);
    const manyTotal = rows.reduce((sum, r) => sum + r.manyMs, 0);
    const speedup = oneTotal / manyTotal;
    const identical = rows.every((r) => r.identical);
    out(`total    ${seconds(oneTotal)} ${seconds(manyTotal)} ${`${speedup.toFixed(2)}x`.padStart(8)}  ${identical ? 'every answer identical' : 'ANSWERS DIFFER'}`);
    if (options.threads === 2 && options.filter === null && options.longest === 10) {
      out(`goal: at least ${GOAL_SPEEDUP}x with 2 threads on the 10 longest: ${speedup >= GOAL_SPEEDUP ? 'met' : 'NOT met'}`);
    }
    if (options.json) {
      console.log(JSON.stringify({ threads: options.threads, rounds: options.rounds, problems: rows, oneMs: oneTotal, manyMs: manyTotal, speedup, identical }));
    }
    return identical ? 0 : 1;
  } finally {
    await Promise.all([one.close(), many.close()]);
  }
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`.padStart(10);
}

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
}, (error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`bench:mate-parallel: ${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else {
    console.error(error);
    process.exitCode = 1;
  }
});
