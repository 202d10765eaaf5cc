// `chessbot mate`: the shortest forced mate in at most n moves for the side to move, every key,
// the main line, or the proof that there is none. The same validation and answer text as the
// console's /mate (the /mate use case, src/mate); here the search runs in this thread.

import { ConfigError } from '../../config/errors.ts';
import type { EngineClient } from '../../engine/index.ts';
import { UsageError } from '../../errors.ts';
import { fenFromWords } from '../../input/arguments.ts';
import { type MateOutcome, type MateProblem, checkMateProblem, formatBoard, formatMateAnswer, searchMate } from '../../mate/index.ts';
import type { MateReport } from '../../search/mate/index.ts';
import type { CliCommand } from './command.ts';
import { splitOptions } from './options.ts';

/** Exit statuses: a mate was found; no mate in n is proven; bad input; the time limit ran out. */
export const EXIT_MATE = 0;
export const EXIT_NO_MATE = 1;
export const EXIT_BAD_INPUT = 2;
export const EXIT_STOPPED = 3;

export interface MateCliRequest {
  readonly problem: MateProblem;
  readonly json: boolean;
  readonly tree: boolean;
  /** Null: no time limit. */
  readonly timeoutSeconds: number | null;
}

/** Where `chessbot mate` gets its limit on n and its search. Tests pass their own. */
export interface MateCliDependencies {
  /** The largest n accepted (config mate.maxN); may throw a ConfigError. */
  readonly maxN: () => number;
  /** Where the search runs; called once per run, before the clock starts. */
  readonly engine: () => EngineClient;
}

export function createMateCommand(dependencies: MateCliDependencies): CliCommand {
  return {
    name: 'mate',
    usage: '<fen> <n> [--checks] [--tree] [--timeout <seconds>] [--json]',
    summary: 'find the shortest forced mate in at most n moves, every key, or prove there is none',
    details: [
      '<fen>                a position in FEN, quoted or as separate words; the side to move mates',
      '<n>                  the most moves it may use, from 1 to the config\'s mate.maxN (default 10)',
      '--checks             every move of the mating side must give check (MATER\'s "c" mode)',
      '--tree               also print the solution: every defence and the answer to it',
      '--timeout <seconds>  stop after this long (default: no limit; Ctrl+C also stops)',
      '--json               print one JSON line: {"result":"mate"|"no-mate"|"timeout","mateIn":k|null,',
      '                     "keys":[UCI...],"line":[SAN...],"nodes":N,"ms":T,"proven":d}',
      '',
      'exit status: 0 mate found, 1 no mate in n (proven), 2 bad input, 3 stopped by --timeout',
    ],
    async run(args, out) {
      let maxN: number;
      try {
        maxN = dependencies.maxN();
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        out.stderr.write(`chessbot mate: ${error.message}\n`);
        return EXIT_BAD_INPUT;
      }
      const request = parseMateArguments(args, maxN);
      const { problem, json, tree, timeoutSeconds } = request;
      const { job, position } = problem;
      const engine = dependencies.engine();
      if (!json) out.stdout.write(`${formatBoard(position, job.maxMoves, job.mode)}\n\n`);
      const outcome = await searchMate(engine, { ...job, tree }, {
        timeoutSeconds,
        onProgress: json ? undefined : (line) => out.stdout.write(`${line}\n`),
      });
      out.stdout.write(json ? formatJson(outcome, tree) : `\n${formatMateAnswer(outcome, position, tree)}\n`);
      return exitStatus(outcome.report);
    },
  };
}

export function parseMateArguments(args: readonly string[], maxN: number): MateCliRequest {
  const { flags, values, positionals } = splitOptions(args, ['--checks', '--json', '--tree'], ['--timeout']);
  if (positionals.length < 2) throw new UsageError('expected a FEN and a number of moves n');
  const timeout = values.get('--timeout');
  const timeoutSeconds = timeout === undefined ? null : parseTimeout(timeout);
  const fen = fenFromWords(positionals.slice(0, -1));
  const problem = checkMateProblem(fen, positionals.at(-1), flags.has('--checks') ? 'checks' : 'all', maxN);
  return { problem, json: flags.has('--json'), tree: flags.has('--tree'), timeoutSeconds };
}

/** Seconds, whole or decimal ("5", "0.5"), more than zero. */
function parseTimeout(text: string): number {
  const seconds = /^(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
  if (!(seconds > 0)) throw new UsageError(`timeout must be a number of seconds greater than 0, got ${JSON.stringify(text)}`);
  return seconds;
}

export function exitStatus(report: MateReport): number {
  if (report.mateIn !== null) return EXIT_MATE;
  return report.status === 'no-mate' ? EXIT_NO_MATE : EXIT_STOPPED;
}

/**
 * One line: {"result","mateIn","keys","line","nodes","ms","proven"} in that order, then
 * "keysComplete":false if the time ran out after a mate was found but before every key was, and
 * "tree" with --tree.
 */
export function formatJson(outcome: MateOutcome, tree: boolean): string {
  const { report } = outcome;
  const result = report.mateIn !== null ? 'mate' : report.status === 'no-mate' ? 'no-mate' : 'timeout';
  const json = {
    result,
    mateIn: report.mateIn,
    keys: report.keys,
    line: report.line,
    nodes: report.nodes,
    ms: Math.round(outcome.ms),
    proven: report.provenDepth,
    ...(report.mateIn !== null && !report.keysComplete ? { keysComplete: false } : {}),
    ...(tree && report.tree ? { tree: report.tree } : {}),
  };
  return `${JSON.stringify(json)}\n`;
}
