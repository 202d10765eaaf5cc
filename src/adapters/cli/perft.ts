// `chessbot perft`: counts the leaf nodes of the legal move tree, the standard check of a
// move generator against published numbers, and prints them with the time taken.

import { performance } from 'node:perf_hooks';
import { FenError, parseFen } from '../../chess/fen.ts';
import { type PerftCountListener, perft, perftDivide } from '../../chess/perft.ts';
import { fenFromWords, parseIntegerArgument, splitAtCount } from '../../input/arguments.ts';
import { UsageError, quote } from '../../errors.ts';
import { NO_STATUS_LINE, searchStatus } from '../../terminal/statusLine.ts';
import { type CliCommand, CommandLineError } from './command.ts';
import { splitOptions } from './options.ts';

// Depth 10 from the start position is 69 trillion leaves; anything deeper cannot finish.
const MAX_PERFT_DEPTH = 10;

export interface PerftRequest {
  readonly fen: string;
  readonly depth: number;
  readonly divide: boolean;
  readonly json: boolean;
}

export interface PerftResult {
  readonly nodes: number;
  readonly ms: number;
  readonly nps: number;
  /** Leaf count under each root move, by UCI move, when --divide was given. */
  readonly divide?: ReadonlyMap<string, number>;
}

export const perftCommand: CliCommand = {
  name: 'perft',
  usage: '<fen|startpos> <depth> [--divide] [--json]',
  summary: 'count the leaves of the legal move tree (tests move generation)',
  details: [
    `<fen>       a position in FEN, quoted or as separate words; "startpos" for the initial one`,
    `<depth>     plies to search, an integer from 1 to ${MAX_PERFT_DEPTH}`,
    '--divide    also print the count under each root move (UCI notation)',
    '--json      print one JSON line: {"nodes":N,"ms":T,"nps":X} (plus "divide" with --divide)',
  ],
  async run(args, out) {
    const request = parsePerftArguments(args);
    // At a terminal, the leaves counted so far, rewritten as the count goes; the answer erases it.
    const status = out.statusLine?.() ?? NO_STATUS_LINE;
    let result: PerftResult;
    try {
      result = runPerft(request, status === NO_STATUS_LINE ? undefined : (leaves) => status.report(searchStatus(`depth ${request.depth}`, leaves)));
    } finally {
      status.end();
    }
    out.stdout.write(request.json ? formatJson(result) : formatText(result));
  },
};

export function parsePerftArguments(args: readonly string[]): PerftRequest {
  const { flags, positionals } = splitOptions(args, ['--divide', '--json']);
  if (positionals.length < 2) throw new CommandLineError('expected a FEN (or "startpos") and a depth');
  // No number after the FEN: the last word was meant as the depth, and is named as a bad one.
  const split = splitAtCount(positionals) ?? { fenWords: positionals.slice(0, -1), count: positionals.at(-1)!, after: [] };
  // Nothing but --options follows the depth: a word there is named, not read as the depth.
  if (split.after.length > 0) throw new CommandLineError(`unknown word ${quote(split.after[0]!)} after the depth`);
  const depth = parseIntegerArgument(split.count, 'depth', 1, MAX_PERFT_DEPTH);
  const fen = fenFromWords(split.fenWords);
  return { fen, depth, divide: flags.has('--divide'), json: flags.has('--json') };
}

/** Counts; `onCount` hears the leaves counted so far every few milliseconds. */
export function runPerft(request: PerftRequest, onCount?: PerftCountListener): PerftResult {
  const position = parsePosition(request.fen);
  const start = performance.now();
  let nodes: number;
  let divide: Map<string, number> | undefined;
  if (request.divide) {
    const moves = perftDivide(position, request.depth, onCount);
    divide = new Map([...moves].sort((a, b) => (a.uci < b.uci ? -1 : 1)).map((move) => [move.uci, move.nodes]));
    nodes = moves.reduce((sum, move) => sum + move.nodes, 0);
  } else {
    nodes = perft(position, request.depth, onCount);
  }
  const elapsed = performance.now() - start;
  // A shallow perft can finish within the timer's resolution; count it as one microsecond.
  const nps = Math.round((nodes * 1000) / Math.max(elapsed, 0.001));
  return { nodes, ms: Math.round(elapsed), nps, ...(divide ? { divide } : {}) };
}

function parsePosition(fen: string) {
  try {
    return parseFen(fen);
  } catch (error) {
    if (error instanceof FenError) throw new UsageError(`bad FEN: ${error.message}`);
    throw error;
  }
}

function formatJson(result: PerftResult): string {
  const { nodes, ms, nps, divide } = result;
  const json = divide ? { nodes, ms, nps, divide: Object.fromEntries(divide) } : { nodes, ms, nps };
  return `${JSON.stringify(json)}\n`;
}

function formatText(result: PerftResult): string {
  const lines: string[] = [];
  if (result.divide) {
    for (const [uci, nodes] of result.divide) lines.push(`${uci}: ${nodes}`);
    lines.push('');
  }
  lines.push(`nodes: ${result.nodes}`, `time: ${result.ms} ms`, `nps: ${result.nps}`);
  return `${lines.join('\n')}\n`;
}
