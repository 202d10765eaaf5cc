// `chessbot bench`: a fixed-depth search of the game engine over a fixed set of positions. The
// total node count is a signature of the search (it changes only when the search does, not with
// the machine or its load); the time gives the engine's speed in nodes per second, printed beside
// a quick perft's for comparison. The positions are searched several times: V8 compiles the
// search while the first pass runs, so the timed passes after it give the speed a game sees from
// its second move on, the fastest of them as the figure (the machine's neighbours only ever slow
// a pass down), and every pass must agree node for node.

import { performance } from 'node:perf_hooks';
import { STARTING_FEN, parseFen } from '../../chess/fen.ts';
import { perft } from '../../chess/perft.ts';
import { Engine, type Score } from '../../search/play/index.ts';
import { parseIntegerArgument } from '../../input/arguments.ts';
import { quote } from '../../errors.ts';
import { NO_STATUS_LINE, searchStatus } from '../../terminal/statusLine.ts';
import { type CliCommand, CommandLineError } from './command.ts';
import { BENCH_POSITIONS, type BenchPosition } from './benchPositions.ts';
import { splitOptions } from './options.ts';

/** About 2.2 M nodes with the engine of this writing: some 5 s at its ~430 k nodes/s on one core. */
export const DEFAULT_BENCH_DEPTH = 11;
const MAX_BENCH_DEPTH = 30;
/** Fixed, so that the signature does not depend on the configuration. */
export const BENCH_HASH_MB = 16;
/** Timed passes after the first: the fastest gives the speed. */
export const TIMED_PASSES = 3;
/** The perft figure printed beside the engine's: the initial position, bulk-counted. */
export const BENCH_PERFT_DEPTH = 5;

export interface BenchRequest {
  readonly depth: number;
  readonly json: boolean;
}

export interface BenchPositionResult {
  readonly name: string;
  readonly fen: string;
  readonly nodes: number;
  readonly ms: number;
  readonly bestMove: string | null;
  readonly score: Score;
}

export interface BenchResult {
  readonly depth: number;
  readonly positions: readonly BenchPositionResult[];
  /** Total nodes: the signature. */
  readonly nodes: number;
  /** The fastest timed pass's time and speed. */
  readonly ms: number;
  readonly nps: number;
  /** Every timed pass's, in the order run. */
  readonly passes: readonly { readonly ms: number; readonly nps: number }[];
  /** The first pass's, while the search was still being compiled. */
  readonly cold: { readonly ms: number; readonly nps: number };
  /** Null when the options left it out. */
  readonly perft: { readonly depth: number; readonly nodes: number; readonly ms: number; readonly nps: number } | null;
}

export interface BenchOptions {
  /** The positions to search (default: the fixed bench set). */
  readonly positions?: readonly BenchPosition[];
  /** Timed passes after the first (default TIMED_PASSES). */
  readonly timedPasses?: number;
  /** Called after each position of the first timed pass, e.g. to print a line while the rest are searched. */
  readonly onPosition?: (result: BenchPositionResult, index: number, count: number) => void;
  /** Called when the first pass is done, with its time and speed. */
  readonly onColdPass?: (cold: BenchResult['cold']) => void;
  /** Hears where the bench is every few thousand nodes (a status line); the nodes are all passes' so far. */
  readonly onNodes?: (where: BenchProgress) => void;
  /** The clock (default performance.now); it only affects the times, never the nodes. */
  readonly now?: () => number;
  /** Time the perft too (default true). */
  readonly perft?: boolean;
}

/** Where a running bench is. */
export interface BenchProgress {
  /** 0: the first pass (while V8 compiles the search); then 1, 2, … the timed ones. */
  readonly pass: number;
  readonly passes: number;
  /** The position being searched, from 0, of `count`. */
  readonly index: number;
  readonly count: number;
  /** Nodes searched so far, every pass's. */
  readonly nodes: number;
}

export const benchCommand: CliCommand = {
  name: 'bench',
  usage: '[--depth <n>] [--json]',
  summary: 'search fixed positions to a fixed depth: node signature and nodes per second',
  details: [
    `--depth <n>  search each position to this depth, from 1 to ${MAX_BENCH_DEPTH} (default ${DEFAULT_BENCH_DEPTH})`,
    '--json       print one JSON line: {"depth": D, "nodes": N, "ms": T, "nps": X, "passes": [{"ms": T, "nps": X}, ...],',
    '             "cold": {"ms": T, "nps": X}, "perft": {"depth": 5, "nodes": N, "ms": T, "nps": X},',
    '             "positions": [{"name", "fen", "nodes", "ms", "bestMove", "score"}]}',
    '',
    `The ${BENCH_POSITIONS.length} positions are searched one after another in this thread, each by a fresh search`,
    `(${BENCH_HASH_MB} MB table, cleared before each), so the total node count is a signature of the`,
    'search: it is the same on every machine and changes only when the search does. They are searched',
    `${TIMED_PASSES + 1} times: the first pass runs while V8 is still compiling the search (its speed is printed`,
    `as the first pass's), the ${TIMED_PASSES} after it are timed, and the fastest gives the speed (the others`,
    'only differ by what else the machine was doing; each is printed). Every pass must agree node for',
    `node. Then a perft of the initial position to depth ${BENCH_PERFT_DEPTH} gives the move generator's speed for comparison.`,
  ],
  async run(args, out) {
    const request = parseBenchArguments(args);
    const width = Math.max(...BENCH_POSITIONS.map((position) => position.name.length));
    // At a terminal, the pass, the position and the nodes so far, rewritten as the bench goes;
    // the lines written meanwhile erase it.
    const status = out.statusLine?.() ?? NO_STATUS_LINE;
    const stdout = status.around(out.stdout);
    if (!request.json) stdout.write(`first pass (${BENCH_POSITIONS.length} positions at depth ${request.depth}, while V8 compiles the search) ...\n`);
    let result: BenchResult;
    try {
      result = runBench(request.depth, {
        onColdPass: request.json ? undefined : (cold) => stdout.write(`${formatColdPass(cold)}\n`),
        onPosition: request.json ? undefined : (position, index, count) => {
          stdout.write(`${formatPositionLine(position, index, count, width)}\n`);
        },
        ...(status === NO_STATUS_LINE ? {} : { onNodes: (where: BenchProgress) => status.report(searchStatus(formatBenchWhere(where), where.nodes)) }),
      });
    } finally {
      status.end();
    }
    out.stdout.write(request.json ? formatJson(result) : formatSummary(result));
  },
};

export function parseBenchArguments(args: readonly string[]): BenchRequest {
  const { flags, values, positionals } = splitOptions(args, ['--json'], ['--depth']);
  const stray = positionals[0];
  if (stray !== undefined) {
    // "bench 8" most likely means the depth.
    const hint = /^\d+$/.test(stray) ? `: did you mean --depth ${stray}?` : '';
    throw new CommandLineError(`unknown word ${quote(stray)}${hint}`);
  }
  const depthText = values.get('--depth');
  const depth = depthText === undefined
    ? DEFAULT_BENCH_DEPTH
    : parseIntegerArgument(depthText, '--depth', 1, MAX_BENCH_DEPTH);
  return { depth, json: flags.has('--json') };
}

/**
 * Searches every bench position to `depth` once, then `timedPasses` times more, then times a
 * perft; deterministic but for the times. The first pass runs while V8 is still compiling the
 * search (its speed is `cold`); the fastest of the others is the one reported. Throws if the
 * passes disagree on any node count: the search is deterministic, and a signature that is not
 * would be worthless.
 */
export function runBench(depth: number, options: BenchOptions = {}): BenchResult {
  const positions = options.positions ?? BENCH_POSITIONS;
  const now = options.now ?? (() => performance.now());
  const engine = new Engine(BENCH_HASH_MB);
  const timedPasses = Math.max(1, options.timedPasses ?? TIMED_PASSES);
  // Every pass's nodes so far, for onNodes.
  let nodesBefore = 0;
  const watch = (pass: number): PassWatch | undefined => {
    const onNodes = options.onNodes;
    if (!onNodes) return undefined;
    return (index, nodes) => onNodes({ pass, passes: timedPasses + 1, index, count: positions.length, nodes: nodesBefore + nodes });
  };
  const first = searchPositions(engine, positions, depth, now, undefined, watch(0));
  nodesBefore += first.nodes;
  const cold = { ms: Math.round(first.ms), nps: perSecond(first.nodes, first.ms) };
  options.onColdPass?.(cold);
  const timed: ReturnType<typeof searchPositions>[] = [];
  for (let pass = 0; pass < timedPasses; pass++) {
    const next = searchPositions(engine, positions, depth, now, pass === 0 ? options.onPosition : undefined, watch(pass + 1));
    nodesBefore += next.nodes;
    const differs = next.results.findIndex((result, i) => result.nodes !== first.results[i].nodes);
    if (differs >= 0) {
      const { name, nodes } = next.results[differs];
      throw new Error(`bench: two passes searched ${name} in ${first.results[differs].nodes} and ${nodes} nodes: the search is not deterministic`);
    }
    timed.push(next);
  }
  const fastest = timed.reduce((best, pass) => (pass.ms < best.ms ? pass : best));
  return {
    depth,
    positions: fastest.results,
    nodes: fastest.nodes,
    ms: Math.round(fastest.ms),
    nps: perSecond(fastest.nodes, fastest.ms),
    passes: timed.map((pass) => ({ ms: Math.round(pass.ms), nps: perSecond(pass.nodes, pass.ms) })),
    cold,
    perft: options.perft === false ? null : timePerft(now),
  };
}

/** Hears, during a pass, the position being searched and the pass's nodes so far. */
type PassWatch = (index: number, nodes: number) => void;

/** One pass: each position searched to `depth` by a fresh search (the table and histories cleared). */
function searchPositions(
  engine: Engine, positions: readonly BenchPosition[], depth: number, now: () => number,
  onPosition?: BenchOptions['onPosition'], watch?: PassWatch,
): { results: BenchPositionResult[]; nodes: number; ms: number } {
  const results: BenchPositionResult[] = [];
  let nodes = 0;
  let ms = 0;
  for (const [index, { name, fen }] of positions.entries()) {
    engine.newGame();
    const position = parseFen(fen);
    const start = now();
    const done = nodes;
    const result = engine.search(position, { depth }, watch ? { now, onNodes: (searched) => watch(index, done + searched) } : { now });
    const elapsed = now() - start;
    nodes += result.nodes;
    ms += elapsed;
    const entry = { name, fen, nodes: result.nodes, ms: Math.round(elapsed), bestMove: result.bestMove, score: result.score };
    results.push(entry);
    onPosition?.(entry, index, positions.length);
  }
  return { results, nodes, ms };
}

function timePerft(now: () => number): BenchResult['perft'] {
  const position = parseFen(STARTING_FEN);
  const start = now();
  const nodes = perft(position, BENCH_PERFT_DEPTH);
  const ms = now() - start;
  return { depth: BENCH_PERFT_DEPTH, nodes, ms: Math.round(ms), nps: perSecond(nodes, ms) };
}

/** A run can finish within the timer's resolution; count it as one microsecond. */
function perSecond(nodes: number, ms: number): number {
  return Math.round((nodes * 1000) / Math.max(ms, 0.001));
}

/** "first pass, position 3/32", "timed pass 2/3, position 17/32". */
export function formatBenchWhere(where: BenchProgress): string {
  const pass = where.pass === 0 ? 'first pass' : `timed pass ${where.pass}/${where.passes - 1}`;
  return `${pass}, position ${where.index + 1}/${where.count}`;
}

function formatScore(score: Score): string {
  return 'mate' in score ? `mate ${score.mate}` : `cp ${score.cp}`;
}

export function formatPositionLine(result: BenchPositionResult, index: number, count: number, nameWidth = 0): string {
  const number = `${index + 1}/${count}`.padStart(2 * String(count).length + 1);
  return [
    number,
    result.name.padEnd(nameWidth),
    `nodes ${String(result.nodes).padStart(10)}`,
    `${String(result.ms).padStart(6)} ms`,
    `bestmove ${(result.bestMove ?? '(none)').padEnd(5)}`,
    formatScore(result.score),
  ].join('  ');
}

/** The first pass's line, printed before the timed passes start. */
export function formatColdPass(cold: BenchResult['cold']): string {
  return `first pass: ${cold.ms} ms, ${cold.nps} nodes/s; the first timed pass:`;
}

export function formatSummary(result: BenchResult): string {
  const { perft: p } = result;
  return [
    '',
    `positions: ${result.positions.length} at depth ${result.depth}`,
    `nodes: ${result.nodes}`,
    `time: ${result.ms} ms (the fastest of ${result.passes.length} timed passes)`,
    `nps: ${result.nps}`,
    `timed passes nps: ${result.passes.map((pass) => pass.nps).join(' ')}`,
    `first pass nps: ${result.cold.nps} (while V8 compiled the search)`,
    ...(p ? [`perft nps: ${p.nps} (initial position, depth ${p.depth}: ${p.nodes} nodes in ${p.ms} ms)`] : []),
    '',
  ].join('\n');
}

function formatJson(result: BenchResult): string {
  const { depth, nodes, ms, nps, passes, cold, perft: p, positions } = result;
  return `${JSON.stringify({ depth, nodes, ms, nps, passes, cold, perft: p, positions })}\n`;
}
