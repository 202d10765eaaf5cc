// /mate <fen> <n> [checks]: "can the side to move force mate in n moves?" Validation of the
// request, the search through an injected runner (inline now, the worker pool later) and the
// answer text, shared by the console, the Discord bot and `chessbot mate`.

import { performance } from 'node:perf_hooks';
import { FenError, parseFen } from '../../chess/fen.ts';
import type { Position } from '../../chess/position.ts';
import { isCheckmate, isStalemate } from '../../chess/status.ts';
import { COLOR_NAMES } from '../../chess/types.ts';
import type { MateMode, MateProgress, MateReport } from '../../search/mate/index.ts';
import { fenFromText, fenFromWords, parseIntegerArgument } from './arguments.ts';
import type { Command, CommandContext } from './command.ts';
import { UsageError } from './errors.ts';
import { type MateOutcome, formatBoard, formatMateAnswer, formatProgress } from './mateText.ts';

/** What a runner is asked to solve: plain values, so the job can cross to a worker thread. */
export interface MateJob {
  /** A FEN that parseMatePosition accepted. */
  readonly fen: string;
  /** The most moves the attacker may use. */
  readonly n: number;
  readonly mode: MateMode;
  /** Also build the full solution tree (report.tree). */
  readonly tree?: boolean;
}

export interface MateRunOptions {
  /** Aborting it stops the search; the report then says "stopped". */
  readonly signal?: AbortSignal;
  /**
   * Stop after this many milliseconds. The runner enforces it itself, by polling: a search that
   * runs inline blocks the event loop, so neither timers nor AbortSignal.timeout() could fire.
   */
  readonly timeoutMs?: number;
  /** After each finished iteration n = 1, 2, … */
  readonly onProgress?: (progress: MateProgress) => void;
}

/** Solves a job somewhere (this thread, a worker pool) and resolves to the solver's report. */
export type MateRunner = (job: MateJob, options?: MateRunOptions) => Promise<MateReport>;

/** The limits a front end applies, from the config's "mate" section. */
export interface MateSettings {
  /** The largest n anyone may ask for. */
  readonly maxN: number;
  /** Time limit of one search in seconds; null for none. */
  readonly timeoutSeconds: number | null;
}

/** A validated request: the job, and the parsed position its answer is written against. */
export interface MateProblem {
  readonly job: MateJob;
  readonly position: Position;
}

export const CHECKS_WORD = 'checks';

/** The modes, as a front end's option values name them (Discord's `mode` choices). */
export const MATE_MODES: readonly MateMode[] = ['all', 'checks'];

/**
 * The reason to abort a search's signal with when the program is shutting down, so that the
 * answer says so instead of "Cancelled" (which would blame the person who asked).
 */
export const SHUTDOWN = Symbol('shutdown');

/**
 * The position of a /mate request, or a UsageError naming what is wrong: the rules core's FEN
 * error, or a game that is already over for the side to move.
 */
export function parseMatePosition(fen: string): Position {
  let position: Position;
  try {
    position = parseFen(fen);
  } catch (error) {
    if (error instanceof FenError) throw new UsageError(`bad FEN: ${error.message}`);
    throw error;
  }
  const side = COLOR_NAMES[position.turn];
  if (isCheckmate(position)) throw new UsageError(`${side} is already checkmated: there is nothing to solve`);
  if (isStalemate(position)) throw new UsageError(`${side} is already stalemated: there is nothing to solve`);
  return position;
}

/** The n of a /mate request, typed (a word) or given as a number (a Discord integer option). */
export function parseMateMoves(value: string | number | undefined, maxN: number): number {
  return parseIntegerArgument(typeof value === 'number' ? String(value) : value, 'n', 1, maxN);
}

/** The mode of a /mate request given as a value (a Discord option); absent means all moves. */
export function parseMateMode(value: string | null | undefined): MateMode {
  if (value === null || value === undefined) return 'all';
  const mode = MATE_MODES.find((known) => known === value);
  if (!mode) throw new UsageError(`mode must be ${MATE_MODES.map((m) => `"${m}"`).join(' or ')}, got ${JSON.stringify(value)}`);
  return mode;
}

/** The fields of a request that come as separate values (Discord's options), checked in order. */
export interface MateFields {
  readonly fen: string | null | undefined;
  readonly n: string | number | null | undefined;
  readonly mode?: string | null | undefined;
}

/** Validates a request whose fields come separately: the FEN, then n, then the mode. */
export function checkMateFields(fields: MateFields, maxN: number): MateProblem {
  const fen = fenFromText(fields.fen ?? '');
  const position = parseMatePosition(fen);
  const n = parseMateMoves(fields.n ?? undefined, maxN);
  return { job: { fen, n, mode: parseMateMode(fields.mode) }, position };
}

/** Validates the three fields of a request, in the order they are typed. */
export function checkMateProblem(fen: string, n: string | number | undefined, mode: MateMode, maxN: number): MateProblem {
  const position = parseMatePosition(fen);
  return { job: { fen, n: parseMateMoves(n, maxN), mode }, position };
}

/** The words after /mate: the FEN (quoted or spread over words), n, then "checks" optionally. */
export function parseMateWords(words: readonly string[], maxN: number): MateProblem {
  const rest = [...words];
  const checks = rest.at(-1)?.toLowerCase() === CHECKS_WORD;
  if (checks) rest.pop();
  if (rest.length < 2) throw new UsageError('expected a FEN and a number of moves n');
  return checkMateProblem(fenFromWords(rest.slice(0, -1)), rest.at(-1), checks ? 'checks' : 'all', maxN);
}

export interface MateSearchOptions {
  readonly signal?: AbortSignal;
  readonly timeoutSeconds?: number | null;
  /** Each progress line (formatProgress), as it happens. */
  readonly onProgress?: (line: string, progress: MateProgress) => void;
}

/** Runs a validated job on `runner`, timing it and noting why an unfinished search ended. */
export async function searchMate(runner: MateRunner, job: MateJob, options: MateSearchOptions = {}): Promise<MateOutcome> {
  const { signal, onProgress } = options;
  const timeoutSeconds = options.timeoutSeconds ?? null;
  const start = performance.now();
  let report: MateReport;
  try {
    report = await runner(job, {
      signal,
      timeoutMs: timeoutSeconds === null ? undefined : timeoutSeconds * 1000,
      onProgress: onProgress && ((progress) => onProgress(formatProgress(progress, performance.now() - start), progress)),
    });
  } catch (error) {
    // A pooled search cancelled while it waited for a worker never started: it is answered as a
    // stopped search that proved nothing, not as a failure.
    if (!(signal?.aborted && error instanceof Error && error.name === 'AbortError')) throw error;
    report = UNSTARTED_REPORT;
  }
  const ms = performance.now() - start;
  const unfinished = report.status === 'stopped' || !report.keysComplete;
  const stoppedBy = !unfinished ? null : signal?.aborted ? (signal.reason === SHUTDOWN ? 'shutdown' : 'cancel') : 'timeout';
  return { n: job.n, mode: job.mode, report, ms, stoppedBy, timeoutSeconds };
}

/** The report of a search that was stopped before it began. */
const UNSTARTED_REPORT: MateReport = Object.freeze({
  status: 'stopped',
  mateIn: null,
  keys: [],
  keysSan: [],
  keysComplete: false,
  line: [],
  lineUci: [],
  lineComplete: false,
  nodes: 0,
  provenDepth: 0,
}) as MateReport;

export interface MateCommandOptions extends MateSettings {
  readonly runner: MateRunner;
}

/**
 * The /mate command. With a progress sink (the console) it first shows the board and then one
 * line per iteration, exactly as `chessbot mate` prints them; the reply is the answer.
 */
export function mateCommand(options: MateCommandOptions): Command {
  const { runner, maxN, timeoutSeconds } = options;
  return {
    name: 'mate',
    usage: `/mate <fen> <n> [${CHECKS_WORD}]`,
    summary: `find the shortest forced mate in at most n moves (n up to ${maxN})`,
    async run(args, context: CommandContext = {}) {
      const { job, position } = parseMateWords(args, maxN);
      const { progress, signal } = context;
      progress?.(`${formatBoard(position, job.n, job.mode)}\n`);
      const outcome = await searchMate(runner, job, { signal, timeoutSeconds, onProgress: progress });
      progress?.('');
      return formatMateAnswer(outcome, position);
    },
  };
}
