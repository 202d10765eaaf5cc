// The game engine's speed, one source tree against another, in one process: e.g. a checkout of
// main against a change.
//
//   npm run bench:speed -- <tree A> <tree B> [--depth D] [--rounds R]
//
// Each tree's `runBench` (src/adapters/cli/bench.ts) is loaded side by side, warmed up, then run
// round after round, the two alternating (A B, then B A, so that drift in the machine's speed
// falls on both alike). Each run is timed in CPU time. The figures are nodes per second per
// round, their mean, and the ratio of B to A. Runs in separate processes on a shared machine
// scatter by ±10%, so a speed-up of a few percent can only be seen this way.
//
// The node counts are the trees' bench signatures at this depth: equal counts mean the two
// searches are the same, and then nodes per second is the measure. When they differ, the search
// changed, and the time to reach the depth (also printed) is the fairer measure.
// Timing never fails the run; a bad command line exits with status 2.

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface SpeedOptions {
  readonly trees: readonly [string, string];
  readonly depth: number;
  readonly rounds: number;
}

export class SpeedUsageError extends Error {}

const USAGE = 'usage: npm run bench:speed -- <tree A> <tree B> [--depth D] [--rounds R]';
const BENCH_MODULE = 'src/adapters/cli/bench.ts';

/** Reads the command line; throws SpeedUsageError naming the problem. */
export function parseSpeedArguments(argv: readonly string[]): SpeedOptions {
  const trees: string[] = [];
  let depth = 9;
  let rounds = 6;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--depth' || arg === '--rounds') {
      const text = argv[++i];
      const [low, high] = arg === '--depth' ? [1, 30] : [1, 100];
      const value = Number(text);
      if (text === undefined || !Number.isInteger(value) || value < low || value > high) {
        throw new SpeedUsageError(`${arg} needs an integer from ${low} to ${high}, got ${text === undefined ? 'nothing' : `"${text}"`}`);
      }
      if (arg === '--depth') depth = value;
      else rounds = value;
    } else if (arg.startsWith('--')) {
      throw new SpeedUsageError(`unknown option "${arg}"`);
    } else {
      trees.push(arg);
    }
  }
  if (trees.length !== 2) throw new SpeedUsageError(`expected two source trees, got ${trees.length}`);
  for (const tree of trees) {
    if (!existsSync(resolve(tree, BENCH_MODULE))) throw new SpeedUsageError(`${tree}: not a chessbot source tree (no ${BENCH_MODULE})`);
  }
  return { trees: [trees[0], trees[1]], depth, rounds };
}

type RunBench = (depth: number, options: { perft: boolean; now: () => number; timedPasses?: number }) => { nodes: number; ms: number };

/** CPU milliseconds of this process: the bench's clock here, so that a busy machine slows neither tree's figures. */
const cpuNow = (): number => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

export interface TreeSpeed {
  readonly tree: string;
  /** The bench signature at this depth. */
  readonly nodes: number;
  /** Nodes per second of CPU time, per round. */
  readonly nps: readonly number[];
  /** CPU milliseconds, per round. */
  readonly ms: readonly number[];
}

/** Runs both trees' bench as the options say; returns the figures in the order of the trees. */
export async function compareTrees(options: SpeedOptions): Promise<[TreeSpeed, TreeSpeed]> {
  const benches: RunBench[] = [];
  for (const tree of options.trees) {
    const module = (await import(pathToFileURL(resolve(tree, BENCH_MODULE)).href)) as { runBench: RunBench };
    benches.push(module.runBench);
  }
  for (const runBench of benches) runBench(Math.min(options.depth, 7), { perft: false, now: cpuNow }); // warm-up
  const figures = options.trees.map((tree) => ({ tree, nodes: 0, nps: [] as number[], ms: [] as number[] }));
  for (let round = 0; round < options.rounds; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const i of order) {
      // The bench's own time: trees that search the positions more than once (a first pass while
      // V8 compiles) report a timed pass alone; one timed pass a round here, since the rounds
      // themselves alternate the trees.
      const { nodes, ms } = benches[i](options.depth, { perft: false, now: cpuNow, timedPasses: 1 });
      figures[i].nodes = nodes;
      figures[i].ms.push(ms);
      figures[i].nps.push(ms > 0 ? (nodes * 1000) / ms : 0);
    }
  }
  return [figures[0], figures[1]];
}

const mean = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;

function report(options: SpeedOptions, [a, b]: [TreeSpeed, TreeSpeed]): void {
  console.log(`bench at depth ${options.depth}, ${options.rounds} rounds alternating, CPU time, node ${process.version}`);
  for (const [label, figures] of [['A', a], ['B', b]] as const) {
    const rounds = figures.nps.map((nps) => Math.round(nps / 1000)).join(' ');
    console.log(`${label} ${figures.tree}: nodes ${figures.nodes}, mean ${Math.round(mean(figures.nps))} nodes/s (by round, k: ${rounds})`);
  }
  console.log(`B/A nodes per second: ${(mean(b.nps) / mean(a.nps)).toFixed(3)}`);
  console.log(`B/A time to depth ${options.depth}: ${(mean(b.ms) / mean(a.ms)).toFixed(3)}`);
  console.log(a.nodes === b.nodes
    ? 'same signature: the searches are the same, so nodes per second compares them'
    : 'different signatures: the searches differ, so compare the time to reach the depth');
}

async function main(): Promise<void> {
  let options: SpeedOptions;
  try {
    options = parseSpeedArguments(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof SpeedUsageError)) throw error;
    console.error(`bench/speed.ts: ${error.message}\n${USAGE}`);
    process.exit(2);
  }
  report(options, await compareTrees(options));
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
