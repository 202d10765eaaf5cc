// `chessbot mate`: the shortest forced mate in at most n moves for the side to move, every key,
// the main line, or the proof that there is none. The same validation and answer text as the
// console's /mate (the /mate use case, src/mate); here the search runs in this thread (or on
// threads of this process, or with --queue on the job queue's workers, wherever they run). The
// command line is for proofs and benchmarks: n goes up to the solver's own limit, not to the
// config's mate.maxN, which bounds the console and Discord.

import type { EngineClient } from '../../engine/index.ts';
import { UsageError, quote } from '../../errors.ts';
import { MAX_THREADS, isPositionFileName, parseIntegerArgument, splitAtCount } from '../../input/arguments.ts';
import type { PastedPosition } from '../../input/pastedPosition.ts';
import { parseSideToMove } from '../../input/picturedPosition.ts';
import {
  DEFAULT_MAX_REFUTATIONS, type MateOutcome, type MateProblem, checkMateProblem, formatBoard, formatMateAnswer, mateFenFromWords, parseMateKind,
  parseStipulationWord, pastedPositionLine, searchMate, unknownMateWord, withPasted,
} from '../../mate/index.ts';
import { type AnalysisOptions, MAX_MATE_MOVES, type MateReport, genreOf } from '../../search/mate/index.ts';
import { NO_STATUS_LINE, mateStatus } from '../../terminal/statusLine.ts';
import { type CliCommand, CommandLineError, commandPrefix } from './command.ts';
import { splitOptions } from './options.ts';

/** Exit statuses: a mate was found; no mate in n is proven; the time limit ran out. (Bad input: 2, main.ts's EXIT_USAGE.) */
export const EXIT_MATE = 0;
export const EXIT_NO_MATE = 1;
export const EXIT_STOPPED = 3;
/** With --queue: the queue could not answer (no worker running, Redis unreachable, the search lost). */
export const EXIT_QUEUE = 4;

/** The queue's own failures (src/queue/errors.ts), by name: each is said in one line, not as an internal error. */
const QUEUE_FAILURES = ['NoSolverError', 'QueueUnavailableError', 'SolverLostError'];

export interface MateCliRequest {
  readonly problem: MateProblem;
  readonly json: boolean;
  readonly tree: boolean;
  /** --solution / --tries k: the problemist's solution, tries refuted by at most k defences; absent: not asked. */
  readonly solution?: AnalysisOptions;
  /** Null: no time limit. */
  readonly timeoutSeconds: number | null;
  /** Threads to solve on (--threads; 1: this thread). */
  readonly threads: number;
  /** --queue: solved by the workers of the job queue on REDIS_URL (`chessbot worker`), not here. */
  readonly queue: boolean;
}

/**
 * The shortest --timeout: the deadline is read in milliseconds, and polled every thousand nodes
 * or so, so less than this means nothing.
 */
export const MIN_TIMEOUT_SECONDS = 0.001;
/**
 * The longest --timeout, about 11.6 days. A proof that may run longer is run without one (the
 * default); a larger value is a typo, not a time.
 */
export const MAX_TIMEOUT_SECONDS = 1_000_000;
/** The largest k of --tries: a first move refuted by more defences is no try to anyone. */
export const MAX_TRY_REFUTATIONS = 99;

/** An engine for one run, closed (its threads stopped) when the run is over. */
export type MateCliEngine = EngineClient & { close?(): Promise<void> };

/** Where `chessbot mate` runs its search. Tests pass their own. */
export interface MateCliDependencies {
  /** Where the search runs, on `threads` threads, ready to search: called once per run, before the clock starts. */
  readonly engine: (threads: number) => MateCliEngine | Promise<MateCliEngine>;
  /**
   * With --queue: the job queue on REDIS_URL, whose workers solve the search (a long direct mate
   * split over all of them). Throws a UsageError when there is no queue to send it to.
   */
  readonly queue?: () => MateCliEngine | Promise<MateCliEngine>;
}

export function createMateCommand(dependencies: MateCliDependencies): CliCommand {
  return {
    name: 'mate',
    usage: '<fen|image|pgn-file> <n> [--side w|b] [--flipped] [--kind <kind>] [--checks] [--tree] [--solution] [--tries <k>] [--timeout <seconds>] [--threads <n>] [--queue] [--json]',
    summary: 'find the shortest forced mate in at most n moves, every key, or prove there is none',
    details: [
      '<fen>                a position in FEN, quoted or as separate words; the side to move begins.',
      '                     Or a Lichess analysis/editor link, a link with ?fen=, or a PGN in quotes',
      '                     (the position after its main line), or a file: a picture of a board (PNG,',
      '                     JPEG, WebP, GIF; read as `chessbot fen` reads it) or a .pgn',
      '--side <w|b>         with a picture: the side to move (default w; a picture does not show it)',
      '--flipped            with a picture: Black is at the bottom (when no coordinates show it)',
      `<n>                  the most moves it may use, from 1 to ${MAX_MATE_MOVES} (the solver's limit), or the`,
      '                     stipulation as problemists write it: #3 (direct mate), s#2 (selfmate), h#2 (helpmate),',
      '                     h#2.5 (helpmate, a half move more: the side to move begins and mates), h=2',
      '                     (helpstalemate), h=2.5, =3 (stalemate), s=2 (selfstalemate), ser-h#5, ser-#3,',
      '                     ser-s#3, ser-=3, ser-h=4 (series-movers: n moves in a row, no check on the way),',
      '                     r#2 (reflexmate), semi-r#2, hs#2 (help-selfmate)',
      '--kind <kind>        direct (default), self (s#n: the side to move forces the other side to mate it),',
      '                     help (h#n: the side to move begins, both cooperate until the other side mates',
      '                     it; every solution listed), help-half (h#n.5), help-stalemate (h=n),',
      '                     help-stalemate-half (h=n.5), stalemate (=n), self-stalemate (s=n), series-help,',
      '                     series-direct, series-self, series-stalemate, series-help-stalemate, reflex,',
      '                     semi-reflex, help-self;',
      '                     Popeye\'s meanings, the side to move always first',
      '--checks             every move of the mating side must give check (MATER\'s "c" mode)',
      '--tree               also print the solution: every defence and the answer to it',
      '--solution           also the solution as problemists read it (Popeye\'s Variation Try SetPlay):',
      '                     the key "!" with its threat or zugzwang, every defence with all its mates',
      '                     (duals flagged), short variations, tries ("1. Rb8? ... but 1... Kf7!"), set play',
      `--tries <k>          with --solution, tries are first moves refuted by 1 to k defences (Popeye's`,
      `                     Defence k; default ${DEFAULT_MAX_REFUTATIONS}, 0: no tries, at most ${MAX_TRY_REFUTATIONS}); implies --solution`,
      `--timeout <seconds>  stop after this long: ${MIN_TIMEOUT_SECONDS} to ${MAX_TIMEOUT_SECONDS} seconds, such as 5, 0.5 or 1e-3`,
      '                     (default: no limit; Ctrl+C also stops)',
      '--threads <n>        solve a direct mate on n threads at once (default 1; as many as the machine',
      '                     has cores is the most that helps): the same answer, sooner',
      '--queue              send the search to the workers of the job queue on REDIS_URL (`chessbot worker`,',
      '                     on any machine) and print their answer; a long direct mate is split over all of',
      '                     them, with the same answer (docs/deployment.md); Ctrl+C cancels it there',
      '--json               print one JSON line: {"result": "mate"|"no-mate"|"timeout", "mateIn": k|null,',
      '                     "keys": [UCI...], "line": [SAN...], "nodes": N, "ms": T, "proven": d}, and',
      '                     "solution": {keys, tries, setPlay, ...} with --solution (docs/cli.md)',
      '',
      'exit status: 0 mate found, 1 no mate in n (proven), 2 bad input, 3 stopped by --timeout or Ctrl+C',
      '             (with --queue), 4 with --queue: no worker running, Redis unreachable or the search lost',
    ],
    async run(args, out) {
      const request = await parseMateArgumentsReadingFiles(args);
      const { problem, json, tree, solution, timeoutSeconds } = request;
      const { job, position } = problem;
      if (request.queue && dependencies.queue === undefined) throw new CommandLineError('--queue is not available here');
      const engine = request.queue ? await dependencies.queue!() : await dependencies.engine(request.threads);
      // On the queue, the search runs elsewhere: Ctrl+C cancels it there rather than leave it running.
      const cancel = new AbortController();
      const onInterrupt = () => cancel.abort();
      if (request.queue) process.once('SIGINT', onInterrupt);
      // At a terminal, the n being searched and its nodes, rewritten as the search goes; the
      // lines written meanwhile erase it.
      const status = out.statusLine?.() ?? NO_STATUS_LINE;
      const stdout = status.around(out.stdout);
      const pastedLine = pastedPositionLine(problem);
      if (!json && pastedLine !== null) stdout.write(`${pastedLine}\n`);
      if (!json) stdout.write(`${formatBoard(position, job.maxMoves, job.mode, job.stipulation)}\n\n`);
      let outcome: MateOutcome;
      try {
        outcome = await searchMate(engine, { ...job, tree }, {
          timeoutSeconds,
          ...(request.queue ? { signal: cancel.signal } : {}),
          onProgress: json ? undefined : (line) => stdout.write(`${line}\n`),
          ...(status === NO_STATUS_LINE ? {} : { onNodes: (count) => status.report(mateStatus(count)) }),
        });
      } catch (error) {
        if (!(error instanceof Error && QUEUE_FAILURES.includes(error.name))) throw error;
        status.end();
        out.stderr.write(`${commandPrefix('mate')}the job queue could not answer: ${error.message}\n`);
        return EXIT_QUEUE;
      } finally {
        process.off('SIGINT', onInterrupt);
        status.end();
        await engine.close?.();
      }
      out.stdout.write(json ? formatJson(outcome, tree) : `\n${formatMateAnswer(outcome, position, { tree, solution: solution !== undefined })}\n`);
      return exitStatus(outcome.report);
    },
  };
}

const MATE_FLAGS = ['--checks', '--json', '--tree', '--solution', '--flipped', '--queue'];
const MATE_VALUED = ['--timeout', '--tries', '--kind', '--threads', '--side'];

/**
 * parseMateArguments, with the position read from a file when the first word names one (a picture
 * of a board, a .pgn). The reader (sharp and the vision core) is loaded only then.
 */
export async function parseMateArgumentsReadingFiles(args: readonly string[]): Promise<MateCliRequest> {
  const { flags, values, positionals } = splitOptions(args, MATE_FLAGS, MATE_VALUED);
  const path = positionals[0];
  if (path === undefined || positionals.length < 2 || !isPositionFileName(path)) return parseMateArguments(args);
  const { positionFromFile } = await import('../../picture/position.ts');
  const side = values.get('--side');
  const given = await positionFromFile(path, { side: side === undefined ? 'w' : parseSideToMove(side), ...(flags.has('--flipped') ? { flipped: true } : {}) });
  return parseMateArguments(args, given);
}

/** The request a command line makes; `given` is the position when its first word named a file, read by the caller. */
export function parseMateArguments(args: readonly string[], given?: PastedPosition): MateCliRequest {
  const { flags, values, positionals } = splitOptions(args, MATE_FLAGS, MATE_VALUED);
  if (given === undefined && (values.has('--side') || flags.has('--flipped'))) {
    throw new CommandLineError('--side and --flipped are for a picture of a board; a FEN says its side to move');
  }
  if (positionals.length < 2) throw new CommandLineError('expected a FEN and a number of moves n');
  // No number after the FEN: the last word was meant as n, and is named as a bad one.
  const split = splitAtCount(positionals) ?? { fenWords: positionals.slice(0, -1), count: positionals.at(-1)!, after: [] };
  // Nothing but --options follows n: a word there is named, not read as part of the FEN.
  if (split.after.length > 0) throw unknownMateWord(split.after[0]!, split.count, 'command line');
  const timeout = values.get('--timeout');
  const timeoutSeconds = timeout === undefined ? null : parseTimeout(timeout);
  const { fen, pasted } = given ? { fen: given.fen, pasted: given } : mateFenFromWords(split.fenWords);
  const tries = values.get('--tries');
  const maxRefutations = tries === undefined ? DEFAULT_MAX_REFUTATIONS : parseIntegerArgument(tries, '--tries', 0, MAX_TRY_REFUTATIONS);
  const solution = flags.has('--solution') || tries !== undefined ? { maxRefutations } : undefined;
  const kind = values.get('--kind');
  const { stipulation, n } = parseStipulationWord(split.count, parseMateKind(kind), kind !== undefined);
  const tree = flags.has('--tree');
  if (tree && stipulation !== 'direct') throw new UsageError(`the solution tree (--tree) is written for direct mates, not a ${genreOf(stipulation).name}`);
  const problem = withPasted(checkMateProblem(fen, n, flags.has('--checks') ? 'checks' : 'all', MAX_MATE_MOVES, false, solution, stipulation), pasted);
  const threadsText = values.get('--threads');
  const threads = threadsText === undefined ? 1 : parseIntegerArgument(threadsText, '--threads', 1, MAX_THREADS);
  const queue = flags.has('--queue');
  if (queue && threadsText !== undefined) throw new CommandLineError('--threads is for this machine; with --queue the workers solve, on their own threads');
  return { problem, json: flags.has('--json'), tree, ...(solution ? { solution } : {}), timeoutSeconds, threads, queue };
}

/** A decimal number, signed, with a fraction and an exponent if any: "5", "0.5", ".5", "1e-3", "-1". */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** Seconds as a person types them, from MIN_TIMEOUT_SECONDS to MAX_TIMEOUT_SECONDS, or a UsageError saying which is wrong. */
export function parseTimeout(text: string): number {
  if (!DECIMAL.test(text)) throw new UsageError(`--timeout must be a number of seconds such as 5, 0.5 or 1e-3, got ${quote(text)}`);
  const seconds = Number(text);
  const range = `it must be from ${MIN_TIMEOUT_SECONDS} to ${MAX_TIMEOUT_SECONDS} seconds (about ${(MAX_TIMEOUT_SECONDS / 86_400).toFixed(1)} days)`;
  // By its digits, so that "1e-400" (0 as a double) is too short, not "not positive".
  const zero = !/[1-9]/.test(text.replace(/e.*$/i, ''));
  if (zero || text.startsWith('-')) throw new UsageError(`--timeout ${quote(text)} is not positive: ${range}`);
  // Below the minimum, or so small that it is 0 as a double.
  if (seconds < MIN_TIMEOUT_SECONDS) throw new UsageError(`--timeout ${quote(text)} is too short: ${range}`);
  if (seconds > MAX_TIMEOUT_SECONDS) throw new UsageError(`--timeout ${quote(text)} is too long: ${range}`);
  return seconds;
}

export function exitStatus(report: MateReport): number {
  if (report.mateIn !== null) return EXIT_MATE;
  return report.status === 'no-mate' ? EXIT_NO_MATE : EXIT_STOPPED;
}

/**
 * One line: {"result","mateIn","keys","line","nodes","ms","proven"} in that order, then
 * "keysComplete":false if the time ran out after a mate was found but before every key was,
 * "tree" with --tree, and "solution" (ProblemSolution) with --solution when it was written.
 */
export function formatJson(outcome: MateOutcome, tree: boolean): string {
  const { report } = outcome;
  const result = report.mateIn !== null ? 'mate' : report.status === 'no-mate' ? 'no-mate' : 'timeout';
  const json = {
    result,
    // As problemists write the length: 1.5 in h#n.5 and h=n.5.
    mateIn: report.mateIn !== null && outcome.stipulation && genreOf(outcome.stipulation).half ? report.mateIn + 0.5 : report.mateIn,
    keys: report.keys,
    line: report.line,
    nodes: report.nodes,
    ms: Math.round(outcome.ms),
    proven: report.provenDepth,
    ...(report.mateIn !== null && !report.keysComplete ? { keysComplete: false } : {}),
    ...(tree && report.tree ? { tree: report.tree } : {}),
    ...(report.solution ? { solution: report.solution } : {}),
    ...(outcome.stipulation ? { stipulation: outcome.stipulation } : {}),
    ...(report.helpSolutions ? { solutions: report.helpSolutions.map((line) => line.san) } : {}),
  };
  return `${JSON.stringify(json)}\n`;
}
