// Tactics: the whole "Win At Chess" set (bench/data/wac.epd, 300 positions but one) searched to a
// node budget by one source tree or two side by side, e.g. main and a change to the search.
//
//   npm run bench:tactics -- <tree A> [<tree B>] [--nodes N] [--epd FILE]
//
// test/search/play/tactics.test.ts holds the engine to a floor on this set at one budget; here a
// change to the search is compared with the build before it, position by position and at any
// budget (a pruning change can lose tactics at a small budget and gain them at a larger one).
// Nodes, not time: the figures are the same on any machine and under any load. Each tree's own
// engine and FEN reader are loaded; the best moves are read once, in this tree. Prints the count each tree solved, and the positions only
// one of them solved. A bad command line exits with status 2.

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseFen } from '../src/chess/fen.ts';
import { NO_MOVE } from '../src/chess/move.ts';
import { parseSan } from '../src/chess/san.ts';
import { makeUci } from '../src/chess/uci.ts';

export interface TacticsOptions {
  readonly trees: readonly string[];
  readonly nodes: number;
  readonly epd: string;
}

export interface TacticsProblem {
  readonly id: string;
  /** Four EPD fields and the move counters. */
  readonly fen: string;
  /** The best moves in SAN. */
  readonly bm: readonly string[];
  /** The same in UCI notation. */
  readonly best: ReadonlySet<string>;
}

export class TacticsUsageError extends Error {}

const USAGE = 'usage: npm run bench:tactics -- <tree A> [<tree B>] [--nodes N] [--epd FILE]';
const ENGINE_MODULE = 'src/search/play/index.ts';
const FEN_MODULE = 'src/chess/fen.ts';
const MAX_NODES = 100_000_000;

/** Reads the command line; throws TacticsUsageError naming the problem. */
export function parseTacticsArguments(argv: readonly string[]): TacticsOptions {
  const trees: string[] = [];
  let nodes = 100_000;
  let epd = 'bench/data/wac.epd';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--nodes') {
      const text = argv[++i];
      const value = Number(text);
      if (text === undefined || !/^\d+$/.test(text) || value < 1 || value > MAX_NODES) {
        throw new TacticsUsageError(`--nodes needs a whole number from 1 to ${MAX_NODES}, got ${text === undefined ? 'nothing' : `"${text}"`}`);
      }
      nodes = value;
    } else if (arg === '--epd') {
      const text = argv[++i];
      if (text === undefined) throw new TacticsUsageError('--epd needs a file');
      epd = text;
    } else if (arg.startsWith('--')) {
      throw new TacticsUsageError(`unknown option "${arg}"`);
    } else {
      trees.push(arg);
    }
  }
  if (trees.length < 1 || trees.length > 2) throw new TacticsUsageError(`expected one or two source trees, got ${trees.length}`);
  for (const tree of trees) {
    if (!existsSync(resolve(tree, ENGINE_MODULE))) throw new TacticsUsageError(`${tree}: not a chessbot source tree (no ${ENGINE_MODULE})`);
  }
  if (!existsSync(epd)) throw new TacticsUsageError(`${epd}: no such file`);
  return { trees, nodes, epd };
}

/** The positions of an EPD file with `bm` and `id` operations; throws naming the first bad line. */
export function parseTacticsEpd(text: string, source: string): TacticsProblem[] {
  const problems: TacticsProblem[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '' || line.startsWith('#')) return;
    const fields = line.trim().split(/\s+/);
    const bm = /\bbm ([^;]+);/.exec(line)?.[1]?.trim().split(/\s+/);
    const id = /\bid "([^"]+)";/.exec(line)?.[1] ?? `${source}:${index + 1}`;
    if (fields.length < 4 || bm === undefined) throw new TacticsUsageError(`${source}:${index + 1}: not a position with a "bm" operation`);
    const fen = `${fields.slice(0, 4).join(' ')} 0 1`;
    try {
      const position = parseFen(fen);
      const best = new Set(bm.map((san) => {
        const move = parseSan(position, san);
        if (move === NO_MOVE) throw new TacticsUsageError(`best move "${san.slice(0, 12)}" is not a legal move there`);
        return makeUci(position, move);
      }));
      problems.push({ id, fen, bm, best });
    } catch (error) {
      throw new TacticsUsageError(`${source}:${index + 1}: ${(error as Error).message}`);
    }
  });
  return problems;
}

interface TreeEngine {
  search(position: unknown, limits: { nodes: number }, hooks: { now: () => number }): { bestMove: string | null };
  newGame(): void;
}

export interface TreeResult {
  readonly tree: string;
  /** The ids of the positions whose best move it found. */
  readonly solved: ReadonlySet<string>;
}

/** Searches every position with each tree's engine; returns the solved ids per tree. */
export async function solveAll(options: TacticsOptions, problems: readonly TacticsProblem[]): Promise<TreeResult[]> {
  const results: TreeResult[] = [];
  for (const tree of options.trees) {
    const { Engine } = (await import(pathToFileURL(resolve(tree, ENGINE_MODULE)).href)) as { Engine: new (mb: number) => TreeEngine };
    const fen = (await import(pathToFileURL(resolve(tree, FEN_MODULE)).href)) as { parseFen: (text: string) => unknown };
    const engine = new Engine(16);
    const solved = new Set<string>();
    for (const { id, fen: text, best } of problems) {
      engine.newGame();
      const result = engine.search(fen.parseFen(text), { nodes: options.nodes }, { now: () => performance.now() });
      if (best.has(result.bestMove ?? '')) solved.add(id);
    }
    results.push({ tree, solved });
  }
  return results;
}

function report(options: TacticsOptions, problems: readonly TacticsProblem[], results: readonly TreeResult[]): void {
  console.log(`${problems.length} positions from ${options.epd}, ${options.nodes} nodes each`);
  results.forEach(({ tree, solved }, i) => console.log(`${'AB'[i]} ${tree}: ${solved.size}/${problems.length} solved`));
  if (results.length < 2) return;
  const [a, b] = results;
  const only = (x: TreeResult, y: TreeResult): string[] => problems.map((p) => p.id).filter((id) => x.solved.has(id) && !y.solved.has(id));
  for (const [label, ids] of [['A', only(a, b)], ['B', only(b, a)]] as const) {
    console.log(`solved by ${label} only (${ids.length}): ${ids.join(' ') || '-'}`);
  }
  console.log(`B - A: ${b.solved.size - a.solved.size >= 0 ? '+' : ''}${b.solved.size - a.solved.size}`);
}

async function main(): Promise<void> {
  let options: TacticsOptions;
  let problems: TacticsProblem[];
  try {
    options = parseTacticsArguments(process.argv.slice(2));
    problems = parseTacticsEpd(readFileSync(options.epd, 'utf8'), options.epd);
  } catch (error) {
    if (!(error instanceof TacticsUsageError)) throw error;
    console.error(`bench/tactics.ts: ${error.message}\n${USAGE}`);
    process.exit(2);
  }
  report(options, problems, await solveAll(options, problems));
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
