// A /mate request checked before any work starts: "can the side to move force mate in n moves?"
// The position (a FEN, or a link or PGN read into one: src/input/pastedPosition.ts) must parse and the game must not be over already, n must be within the front
// end's limit, the mode one of the known ones. Typed words (the console, the command line) and
// separate fields (Discord's options) are read into the same MateProblem.

import { FenError, parseFen } from '../chess/fen.ts';
import type { Position } from '../chess/position.ts';
import { isCheckmate, isStalemate } from '../chess/status.ts';
import { COLOR_NAMES } from '../chess/types.ts';
import type { MateJob } from '../engine/index.ts';
import { UsageError, closestWord, quote } from '../errors.ts';
import { type CountedWords, fenFromText, fenFromWords, parseIntegerArgument, splitAtCount } from '../input/arguments.ts';
import { type PastedPosition, readPastedPosition } from '../input/pastedPosition.ts';
import {
  type AnalysisOptions, GENRES, MAX_HELPMATE_MOVES, type MateMode, STIPULATIONS, type Stipulation, genreByPrefix, genreOf, stipulationText,
} from '../search/mate/index.ts';
import { DEFAULT_MAX_REFUTATIONS } from './solution.ts';

/** The limits a front end applies, from the config's "mate" section. */
export interface MateSettings {
  /** The largest n anyone may ask for. */
  readonly maxN: number;
  /** Time limit of one search in seconds; null for none. */
  readonly timeoutSeconds: number | null;
}

/** A validated request: the engine's job, and the parsed position its answer is written against. */
export interface MateProblem {
  readonly job: MateJob;
  readonly position: Position;
  /** Where the position was read from when it came as a link or a PGN, not a FEN. */
  readonly pasted?: PastedPosition;
}

/**
 * The line that shows the FEN read from a link or a PGN, for the member to check and copy; null
 * when a FEN was given (the board shown says enough).
 */
export function pastedPositionLine(problem: MateProblem): string | null {
  if (!problem.pasted) return null;
  const { from, fen, note } = problem.pasted;
  return `Position from the ${from}: ${fen}${note !== undefined ? ` (${note})` : ''}`;
}

/** The position of typed words: a link or a PGN (one quoted word), else a FEN or "startpos" (fenFromWords). */
export function mateFenFromWords(words: readonly string[]): { fen: string; pasted?: PastedPosition } {
  const pasted = words.length > 0 ? readPastedPosition(words.join(' ')) : null;
  return pasted ? { fen: pasted.fen, pasted } : { fen: fenFromWords(words) };
}

/** `problem` marked as read from a link or a PGN when it was. */
export function withPasted(problem: MateProblem, pasted: PastedPosition | undefined): MateProblem {
  return pasted ? { ...problem, pasted } : problem;
}

export const CHECKS_WORD = 'checks';
/** The word after n that asks for the solution tree as well (the command line's --tree). */
export const TREE_WORD = 'tree';
/** The word after n that asks for the solution as problemists read it (the command line's --solution). */
export const SOLUTION_WORD = 'solution';

const SOLUTION_NEEDS_ALL_MOVES = 'the solution (threats, variations, tries) is written for all moves, not in checks-only mode';

/** The modes, as a front end's option values name them (Discord's `mode` choices). */
export const MATE_MODES: readonly MateMode[] = ['all', 'checks'];

/** The job that proves mate in at most `n` moves for the side to move in `fen`; `solution` asks for the problemist's solution too. */
export function mateJob(fen: string, n: number, mode: MateMode, tree = false, solution?: AnalysisOptions, stipulation: Stipulation = 'direct'): MateJob {
  return { kind: 'mate', fen, maxMoves: n, mode, ...(stipulation !== 'direct' ? { stipulation } : {}), ...(tree ? { tree } : {}), ...(solution ? { solution } : {}) };
}

/** The problemists' prefix of each stipulation: #3, s#2, h#2, h=2 (h#n.5 is the prefix h# with n.5). */
export const STIPULATION_PREFIXES = Object.fromEntries(GENRES.map((g) => [g.stipulation, g.prefix])) as Record<Stipulation, string>;

/** The stipulation as a value (a Discord choice, the command line's --kind): direct, self, help, help-half, …; absent means direct. */
export function parseMateKind(value: string | null | undefined): Stipulation {
  if (value === null || value === undefined) return 'direct';
  const kind = STIPULATIONS.find((known) => known === value.toLowerCase());
  if (!kind) throw new UsageError(`kind must be ${STIPULATIONS.map((k) => `"${k}"`).join(', ')}, got ${quote(value)}`);
  return kind;
}

/** A word written as a stipulation: a genre's prefix, then # or =, then n (h#2, ser-h#5, =3, h#2.5). */
const STIPULATION_WORD = /^([a-z]*(?:-[a-z]*)*)([#=])(.*)$/i;

/**
 * n as the problemists write it: "#3" (direct), "s#2" (selfmate), "h#2" (helpmate), "h#2.5"
 * (a half move more), "h=2" (helpstalemate), … (GENRES), or a bare number (the stipulation then
 * comes from elsewhere: `fallback`). A prefix that disagrees with an explicit kind is an error,
 * and so is a prefix no genre has.
 */
export function parseStipulationWord(word: string | undefined, fallback: Stipulation, explicit = false): { stipulation: Stipulation; n: string | undefined } {
  const m = word === undefined ? null : STIPULATION_WORD.exec(word);
  if (!m) return { stipulation: fallback, n: word };
  const prefix = `${m[1]!.toLowerCase()}${m[2]}`;
  const half = /^\d+\.5$/.exec(m[3]!) !== null;
  const n = half ? m[3]!.slice(0, -2) : m[3];
  const genre = genreByPrefix(prefix, half);
  if (genre === null) {
    const whole = genreByPrefix(prefix, false);
    if (half && whole !== null) throw new UsageError(`${quote(word!)}: a ${whole.name} (${prefix}n) has no half move; n is a whole number`);
    const known = [...new Set(GENRES.map((g) => `${g.prefix}n${g.half ? '.5' : ''}`))].join(', ');
    throw new UsageError(`unknown stipulation ${quote(word!)}: the genres solved are ${known}`);
  }
  if (explicit && genre.stipulation !== fallback) {
    throw new UsageError(`${quote(word!)} is a ${genre.name}, but the kind asked is ${fallback}`);
  }
  return { stipulation: genre.stipulation, n };
}

/** What only a direct mate can be asked for: refused for a selfmate or a helpmate, named. */
function checkStipulationOptions(stipulation: Stipulation, mode: MateMode, tree: boolean, solution: boolean, n: number): void {
  if (stipulation === 'direct') return;
  const genre = genreOf(stipulation);
  const name = `a ${genre.name} (${stipulationText(stipulation, n)})`;
  if (mode === 'checks') throw new UsageError(`checks-only mode is for direct mates, not ${name}`);
  if (tree) throw new UsageError(`the solution tree is written for direct mates, not ${name}`);
  if (solution) throw new UsageError(`the problemist's solution (threats, variations, tries) is written for direct mates, not ${name}`);
  if (genre.family === 'help' && n > MAX_HELPMATE_MOVES) throw new UsageError(`a ${genre.name} has at most ${MAX_HELPMATE_MOVES} moves, got ${stipulationText(stipulation, n)}`);
}

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
  if (!mode) throw new UsageError(`mode must be ${MATE_MODES.map((m) => `"${m}"`).join(' or ')}, got ${quote(value)}`);
  return mode;
}

/** The fields of a request that come as separate values (Discord's options), checked in order. */
export interface MateFields {
  readonly fen: string | null | undefined;
  readonly n: string | number | null | undefined;
  readonly mode?: string | null | undefined;
  /** direct, self or help (Discord's `kind` choice); absent: direct. */
  readonly kind?: string | null | undefined;
  /** Also the problemist's solution (threats, variations, tries, set play). */
  readonly solution?: boolean;
}

/**
 * Validates a request whose fields come separately: the FEN, then n, then the mode. `given` is the
 * position when it came another way (a picture or a file, read by the caller): then it stands for the FEN.
 */
export function checkMateFields(fields: MateFields, maxN: number, given?: PastedPosition): MateProblem {
  const pasted = given ?? readPastedPosition(fields.fen ?? '') ?? undefined;
  const fen = pasted?.fen ?? fenFromText(fields.fen ?? '');
  const position = parseMatePosition(fen);
  const n = parseMateMoves(fields.n ?? undefined, maxN);
  const mode = parseMateMode(fields.mode);
  const stipulation = parseMateKind(fields.kind);
  checkStipulationOptions(stipulation, mode, false, fields.solution === true, n);
  if (fields.solution && mode === 'checks') throw new UsageError(SOLUTION_NEEDS_ALL_MOVES);
  const job = mateJob(fen, n, mode, false, fields.solution ? { maxRefutations: DEFAULT_MAX_REFUTATIONS } : undefined, stipulation);
  return withPasted({ job, position }, pasted);
}

/**
 * Validates the fields of a request, in the order they are typed; `tree` asks for the solution
 * tree, `solution` for the problemist's solution (refused in checks-only mode, where a threat
 * or a try means nothing).
 */
export function checkMateProblem(
  fen: string, n: string | number | undefined, mode: MateMode, maxN: number, tree = false, solution?: AnalysisOptions,
  stipulation: Stipulation = 'direct',
): MateProblem {
  const position = parseMatePosition(fen);
  const moves = parseMateMoves(n, maxN);
  checkStipulationOptions(stipulation, mode, tree, solution !== undefined, moves);
  if (solution && mode === 'checks') throw new UsageError(SOLUTION_NEEDS_ALL_MOVES);
  return { job: mateJob(fen, moves, mode, tree, solution, stipulation), position };
}

/**
 * The words after /mate: the FEN (quoted or spread over words), n (or the stipulation: #3, s#2, h#2), then optionally "checks",
 * "tree" and "solution" in any order, in any case. Any other word is named, with what was likely meant (unknownMateWord).
 * `given` is the position when the first word named a file the caller has read (a picture, a PGN).
 */
export function parseMateWords(words: readonly string[], maxN: number, given?: PastedPosition): MateProblem {
  const split = splitAtCount(words) ?? lastWordAsCount(words);
  const options = new Set<string>();
  for (const word of split.after) {
    const lower = word.toLowerCase();
    if (!OPTION_WORDS.includes(lower)) throw unknownMateWord(word, split.count, 'console');
    options.add(lower);
  }
  const misplaced = split.fenWords.slice(1).find((word) => OPTION_WORDS.includes(word.toLowerCase()));
  if (misplaced !== undefined) throw new UsageError(`${quote(misplaced)} goes after n, not before it`);
  const mode = options.has(CHECKS_WORD) ? 'checks' : 'all';
  const solution = options.has(SOLUTION_WORD) ? { maxRefutations: DEFAULT_MAX_REFUTATIONS } : undefined;
  const { stipulation, n } = parseStipulationWord(split.count, 'direct');
  const { fen, pasted } = given ? { fen: given.fen, pasted: given } : mateFenFromWords(split.fenWords);
  return withPasted(checkMateProblem(fen, n, mode, maxN, options.has(TREE_WORD), solution, stipulation), pasted);
}

/**
 * Without a number after the FEN, the last word was meant as n (and is named as a bad one), unless
 * it is an option word or all there is: then n is missing.
 */
function lastWordAsCount(words: readonly string[]): CountedWords {
  const last = words.at(-1);
  if (words.length < 2 || OPTION_WORDS.includes(last!.toLowerCase())) throw new UsageError('expected a FEN and a number of moves n');
  return { fenWords: words.slice(0, -1), count: last!, after: [] };
}

/** The words that may follow n on a typed /mate line. */
const OPTION_WORDS: readonly string[] = [CHECKS_WORD, TREE_WORD, SOLUTION_WORD];

/** Where a /mate line was typed: its options are words in the console, --options on the command line. */
export type MateFrontEnd = 'console' | 'command line';

/**
 * The error for a word after n that is no option: it names the word, and what was likely meant:
 * the way a stipulation is written ("self" for s#2), the option it nearly is ("tre" for tree),
 * or the other front end's spelling ("--tree" in the console, where it is the word tree).
 * `count` is the n typed, to write the hint with.
 */
export function unknownMateWord(word: string, count: string, front: MateFrontEnd): UsageError {
  const n = /\d+$/.exec(count)?.[0] ?? '2';
  const bare = word.replace(/^-+/, '').toLowerCase();
  const option = (name: string) => (front === 'console' ? name : `--${name}`);
  const kind = (prefix: string, name: string) => (front === 'console' ? `${prefix}${n}` : `${prefix}${n} (or --kind ${name})`);
  let hint: string;
  if (['self', 'selfmate', 's'].includes(bare)) hint = `a selfmate is written ${kind('s#', 'self')}`;
  else if (['help', 'helpmate', 'h'].includes(bare)) hint = `a helpmate is written ${kind('h#', 'help')}`;
  else if (['direct', 'mate', '#'].includes(bare)) hint = `a direct mate is written #${n} or ${n}`;
  else if (front === 'console' && word.startsWith('-') && OPTION_WORDS.includes(bare)) hint = `in the console it is the word ${bare}, without dashes`;
  else {
    const meant = closestWord(bare, OPTION_WORDS);
    const only = front === 'console' ? `only ${OPTION_WORDS.join(', ')} may follow n` : 'only --options may follow n';
    hint = meant !== null ? `did you mean ${option(meant)}?` : only;
  }
  return new UsageError(`unknown word ${quote(word)}: ${hint}`);
}
