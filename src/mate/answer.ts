// The words of a mate answer, written once for every front end: the command line, the console
// and Discord all print a problem, its progress lines and its solution with these functions.

import type { Position } from '../chess/position.ts';
import { COLOR_NAMES, type Color, EMPTY, FILE_NAMES, pieceLetter, squareAt } from '../chess/types.ts';
import { type MateMode, type MateProgress, type MateReport, type ReportNode, type Stipulation, genreOf, lengthText, stipulationText } from '../search/mate/index.ts';
import { formatCount } from '../errors.ts';
import { formatProblemSolution } from './solution.ts';

/** Where the move numbers of a line start: the side to move and the FEN's fullmove number. */
export interface MoveNumbering {
  readonly turn: Color;
  readonly fullmoves: number;
}

/** A finished (or stopped) search, as every front end reports it. */
export interface MateOutcome {
  /** The n that was asked for. */
  readonly maxMoves: number;
  readonly mode: MateMode;
  /** s#n or h#n; absent: a direct mate. */
  readonly stipulation?: Stipulation;
  readonly report: MateReport;
  /** Wall time of the whole request, in milliseconds. */
  readonly ms: number;
  /**
   * Why an unfinished search ended: its time limit, a cancellation by the person who asked, or
   * the program shutting down; null when it finished.
   */
  readonly stoppedBy: 'timeout' | 'cancel' | 'shutdown' | null;
  /** The time limit the search had, in seconds (null: none); named when it ran out. */
  readonly timeoutSeconds: number | null;
}

// The mark problemists put after a key move.
const KEY_MARK = '!';
// Each level of the solution tree (a defence and the attacker's answer) is indented this much.
const TREE_INDENT = '    ';

// Counts as the answers print them; the callers of answer.ts take it from here.
export { formatCount };

/** Milliseconds → "0.46 s". */
export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

/** " (checks only)" in checks mode, "" otherwise: appended to "Mate in 3" and its kin. */
function modeNote(mode: MateMode): string {
  return mode === 'checks' ? ' (checks only)' : '';
}

const capitalized = (text: string): string => text[0]!.toUpperCase() + text.slice(1);

/**
 * The position as a diagram, white at the bottom (as problems are printed), then the stipulation:
 *
 *     8  b . . . . . . .
 *     …
 *        a b c d e f g h
 *     White to play and mate in 3
 */
export function formatBoard(position: Position, n: number, mode: MateMode, stipulation: Stipulation = 'direct'): string {
  const rows: string[] = [];
  for (let rank = 7; rank >= 0; rank--) {
    const squares: string[] = [];
    for (let file = 0; file < 8; file++) {
      const piece = position.board[squareAt(file, rank)]!;
      squares.push(piece === EMPTY ? '.' : pieceLetter(piece));
    }
    rows.push(`${rank + 1}  ${squares.join(' ')}`);
  }
  rows.push(`   ${[...FILE_NAMES].join(' ')}`);
  rows.push(formatStipulation(position.turn, n, mode, stipulation));
  return rows.join('\n');
}

/** "White to play and mate in 3", "Black to play and mate in 2 (checks only)", "White to play, helpmate in 2.5 (h#2.5): …". */
export function formatStipulation(turn: Color, n: number, mode: MateMode, stipulation: Stipulation = 'direct'): string {
  const side = capitalized(COLOR_NAMES[turn]);
  const us = COLOR_NAMES[turn];
  const them = COLOR_NAMES[turn ^ 1];
  const text = stipulationText(stipulation, n);
  const length = lengthText(stipulation, n);
  switch (stipulation) {
    case 'self':
      return `${side} to play and force ${them} to mate in ${n} (s#${n})`;
    case 'help':
      return `${side} to play, helpmate in ${n} (${text}): both sides cooperate until ${them} mates ${us}`;
    case 'help-half':
      return `${side} to play, helpmate in ${length} (${text}): both sides cooperate until ${us} mates ${them}`;
    case 'help-stalemate':
      return `${side} to play, helpstalemate in ${length} (${text}): both sides cooperate until ${them} stalemates ${us}`;
    case 'help-stalemate-half':
      return `${side} to play, helpstalemate in ${length} (${text}): both sides cooperate until ${us} stalemates ${them}`;
    case 'stalemate':
      return `${side} to play and stalemate ${them} in ${n} (${text})`;
    case 'self-stalemate':
      return `${side} to play and force ${them} to stalemate ${us} in ${n} (${text})`;
    case 'series-direct':
      return `${side} to play ${n} moves in a row and mate (${text}): no check on the way`;
    case 'series-stalemate':
      return `${side} to play ${n} moves in a row and stalemate ${them} (${text}): no check on the way`;
    case 'series-help':
      return `${side} to play ${n} moves in a row, then ${them} mates ${us} in one (${text}): no check on the way`;
    case 'series-help-stalemate':
      return `${side} to play ${n} moves in a row, then ${them} stalemates ${us} in one (${text}): no check on the way`;
    case 'reflex':
      return `${side} to play and force ${them} to mate in ${n} (${text}): a side that can mate in one must`;
    case 'semi-reflex':
      return `${side} to play and force ${them} to mate in ${n} (${text}): ${them} must mate in one when it can`;
    case 'help-self':
      return `${side} to play, help-selfmate in ${n} (${text}): both sides cooperate for ${2 * n - 1} plies, then ${them} must mate ${us}`;
    case 'series-self':
      return `${side} to play ${n} moves in a row, then ${them} must mate ${us} in one (${text}): no check on the way`;
    default:
      return `${side} to play and mate in ${n}${modeNote(mode)}`;
  }
}

/**
 * Where the FEN's side to move is not the one that begins in Popeye's convention for the genre
 * (Black in h#n, White in h#n.5 …), a line that says so: the FEN's side begins all the same, as
 * Popeye's Option HalfDuplex would have it. Null where they agree, and for direct mates.
 */
export function formatConventionNote(turn: Color, n: number, stipulation: Stipulation): string | null {
  const genre = genreOf(stipulation);
  if (stipulation === 'direct' || genre.popeyeFirst === turn) return null;
  const text = stipulationText(stipulation, n);
  return `Note: in Popeye's convention ${capitalized(COLOR_NAMES[genre.popeyeFirst])} begins in ${text}; ` +
    `here ${COLOR_NAMES[turn]}, the FEN's side to move, begins (Popeye's Option HalfDuplex).`;
}

/**
 * One MATER-style line per finished iteration: "n=3  nodes      3,351    0.45 s  mate found", and
 * "(3 workers)" after it for an n split over the queue's workers.
 */
export function formatProgress(progress: MateProgress & { readonly workers?: number }, elapsedMs: number): string {
  const depth = `n=${progress.depth}`.padEnd(4);
  const nodes = formatCount(progress.nodes).padStart(11);
  const time = formatSeconds(elapsedMs).padStart(9);
  // A problem split over the queue's workers says how many took part in this n.
  const workers = progress.workers === undefined ? '' : `  (${progress.workers} worker${progress.workers === 1 ? '' : 's'})`;
  return `${depth}  nodes ${nodes}  ${time}  ${progress.found ? 'mate found' : 'no mate'}${workers}`;
}

/**
 * SAN moves with move numbers, the first one starting at ply `firstPly` after the position:
 * "1. bxa8=N Kxg2 2. Nb6" when white starts, "1... Qd1+ 2. Kb3" when black does.
 */
export function numberMoves(sans: readonly string[], numbering: MoveNumbering, firstPly = 0): string {
  const words: string[] = [];
  sans.forEach((san, i) => {
    const ply = firstPly + i;
    // Plies counted from the last white move at or before the position.
    const fromWhite = ply + numbering.turn;
    const number = numbering.fullmoves + Math.floor(fromWhite / 2);
    const blackMoves = fromWhite % 2 === 1;
    if (!blackMoves) words.push(`${number}. ${san}`);
    else if (i === 0) words.push(`${number}... ${san}`);
    else words.push(san);
  });
  return words.join(' ');
}

/** A key as the main line shows it: marked "!", unless it mates at once (the mark says "quiet"). */
function markKey(san: string): string {
  return san.endsWith('#') ? san : `${san}${KEY_MARK}`;
}

/** The main line, key marked: "1. bxa8=N! Kxg2 2. Nb6 Kf3 3. a8=Q#". */
export function formatMainLine(line: readonly string[], numbering: MoveNumbering): string {
  if (line.length === 0) return '';
  return numberMoves([markKey(line[0]!), ...line.slice(1)], numbering);
}

/** "Keys: bxa8=N", or for a cooked problem "Keys (cooked, 2): Qd1, Qe4"; `hide` wraps the moves. */
export function formatKeys(keysSan: readonly string[], hide: (solution: string) => string = shown): string {
  const label = keysSan.length > 1 ? `Keys (cooked, ${keysSan.length})` : 'Keys';
  return `${label}: ${hide(keysSan.join(', '))}`;
}

/** How an answer is written besides its facts. */
export interface AnswerOptions {
  /** Also the solution tree: every defence and the answer to it. */
  readonly tree?: boolean;
  /** Also the solution as problemists read it (solution.ts), when the report has it. */
  readonly solution?: boolean;
  /**
   * Wraps each part that gives the solution away (the main line, the keys, each line of the
   * tree), e.g. in a front end's spoiler marks, so that readers can solve before they look.
   */
  readonly hide?: (solution: string) => string;
}

/** The solution shown as it is. */
const shown = (solution: string): string => solution;

/** Why a search ended early, as the start of a sentence. */
function stopReason(outcome: MateOutcome): string {
  if (outcome.stoppedBy === 'cancel') return 'Cancelled';
  if (outcome.stoppedBy === 'shutdown') return 'Stopped because the bot is shutting down';
  const limit = outcome.timeoutSeconds === null ? '' : ` (${outcome.timeoutSeconds} s)`;
  return `Stopped by the time limit${limit}`;
}

/**
 * The answer, one fact per line:
 *
 *     Mate in 3: 1. bxa8=N! Kxg2 2. Nb6 Kf3 3. a8=Q#
 *     Keys: bxa8=N
 *     3,409 nodes, 0.46 s
 *
 * or "No mate in 2: proven by a complete search.", or "Stopped by the time limit (5 s) while
 * searching n = 4: no mate in 3 or fewer is proven." The tree, when given, goes before the totals.
 */
export function formatMateAnswer(outcome: MateOutcome, numbering: MoveNumbering, options: AnswerOptions = {}): string {
  const { report, mode } = outcome;
  const hide = options.hide ?? shown;
  const lines: string[] = [];
  const stipulation = outcome.stipulation ?? 'direct';
  const word = genreOf(stipulation).word;
  const what = { found: capitalized(word), none: word };
  const length = (n: number): string => lengthText(stipulation, n);
  if (report.mateIn !== null && report.helpSolutions) {
    lines.push(...formatHelpmate(outcome, report.helpSolutions.map((line) => line.san), numbering, hide));
  } else if (report.mateIn !== null) {
    const line = formatMainLine(report.line, numbering);
    const cut = report.keysComplete && !report.lineComplete ? ` (${stopReason(outcome).toLowerCase()} while the line was being read out)` : '';
    lines.push(`${what.found} in ${report.mateIn}${modeNote(mode)}: ${hide(line || numberMoves([markKey(report.keysSan[0]!)], numbering))}${cut}`);
    if (report.keysComplete) {
      lines.push(formatKeys(report.keysSan, hide));
    } else {
      // The solver found these keys, then ran out of time before trying every other first move.
      lines.push(
        `${formatKeys(report.keysSan, hide)} (${stopReason(outcome).toLowerCase()} before every first move was tried: ` +
          'there may be more)',
      );
    }
    if (options.tree) lines.push(...formatTreeSection(report, numbering, hide));
    if (options.solution) lines.push(...formatSolutionSection(outcome, numbering, hide));
  } else if (report.status === 'no-mate') {
    lines.push(`No ${what.none} in ${length(outcome.maxMoves)}${modeNote(mode)}: proven by a complete search.`);
  } else {
    // In a half-move genre provenDepth counts the lengths proven empty (0.5, 1.5, …).
    const half = genreOf(stipulation).half;
    const provenLength = half ? report.provenDepth - 1 : report.provenDepth;
    const searching = provenLength + 1;
    const proven =
      report.provenDepth === 0
        ? 'nothing is proven yet'
        : `no ${what.none} in ${length(provenLength)}${report.provenDepth === 1 ? '' : ' or fewer'} is proven`;
    lines.push(`${stopReason(outcome)} while searching n = ${length(searching)}${modeNote(mode)}: ${proven}.`);
  }
  const note = formatConventionNote(numbering.turn, outcome.maxMoves, stipulation);
  if (note !== null) lines.push(note);
  lines.push(`${formatCount(report.nodes)} nodes, ${formatSeconds(outcome.ms)}`);
  return lines.join('\n');
}

/**
 * Help play's answer: how many solutions, then every one on its own line, in problemist style
 * ("1... Kd5 2. Qe4+ Ke6 3. Qf5#" when black begins). A half-move genre is numbered as Popeye
 * numbers it, whoever begins: the first half move "1...", then a move of each side per number.
 */
function formatHelpmate(outcome: MateOutcome, solutions: readonly string[][], numbering: MoveNumbering, hide: (solution: string) => string): string[] {
  const { report } = outcome;
  const stipulation = outcome.stipulation ?? 'help';
  const genre = genreOf(stipulation);
  const count = `${solutions.length} solution${solutions.length === 1 ? '' : 's'}`;
  const cut = report.helpSolutionsComplete === false ? ` (${stopReason(outcome).toLowerCase()} before every sequence was tried: there may be more)` : '';
  const found = capitalized(genre.word);
  const number = (sans: readonly string[]): string =>
    genre.family === 'series' ? numberSeries(sans, report.mateIn!) : genre.half ? numberHalfMoveHelp(sans) : numberMoves(sans, numbering);
  return [`${found} in ${lengthText(stipulation, report.mateIn!)}: ${count}${cut}`, ...solutions.map((sans) => `  ${hide(number(sans))}`)];
}

/** Popeye's numbering of a series: each of its `series` moves numbered, the other side's last move after: "1. Kh7 2. Kh6 Qh1#". */
export function numberSeries(sans: readonly string[], series: number): string {
  return sans.map((san, i) => (i < series ? `${i + 1}. ${san}` : san)).join(' ');
}

/** Popeye's numbering of help play a half move longer: "1... Ra1 2. Kxg2 bxa8=Q#". */
export function numberHalfMoveHelp(sans: readonly string[]): string {
  const words: string[] = [];
  sans.forEach((san, i) => {
    // Counted as if a first half move of the other side came before.
    const ply = i + 1;
    const number = Math.floor(ply / 2) + 1;
    if (ply % 2 === 0) words.push(`${number}. ${san}`);
    else words.push(i === 0 ? `${number}... ${san}` : san);
  });
  return words.join(' ');
}

function formatSolutionSection(outcome: MateOutcome, numbering: MoveNumbering, hide: (solution: string) => string): string[] {
  const { report } = outcome;
  if (report.solution) return formatProblemSolution(report.solution, numbering, hide);
  if (outcome.mode === 'checks') return ['Solution: not written in checks-only mode (threats and tries need every move)'];
  return ['Solution: not written (the search stopped before every key was proven)'];
}

function formatTreeSection(report: MateReport, numbering: MoveNumbering, hide: (solution: string) => string): string[] {
  if (!report.tree) return ['Solution tree: not built (the search stopped before every key was proven)'];
  const cut = report.treeComplete === false ? ['(the time limit cut the tree short: some defences are missing)'] : [];
  return ['Solution tree:', ...formatSolutionTree(report.tree, numbering).map(hide), ...cut];
}

/**
 * Every key, and under it each defence with the attacker's answer, indented by level:
 *
 *     1. bxa8=N!
 *         1... Kxg2 2. Nb6
 *             2... Kf3 3. a8=Q#
 */
export function formatSolutionTree(keys: readonly ReportNode[], numbering: MoveNumbering): string[] {
  const lines: string[] = [];
  const defences = (nodes: readonly ReportNode[], ply: number, indent: string): void => {
    for (const defence of nodes) {
      const [answer, ...others] = defence.replies;
      if (answer !== undefined && others.length === 0) {
        // The usual case: one answer, written on the defence's line.
        lines.push(indent + numberMoves([defence.san, answer.san], numbering, ply));
        defences(answer.replies, ply + 2, indent + TREE_INDENT);
        continue;
      }
      lines.push(indent + numberMoves([defence.san], numbering, ply));
      for (const reply of defence.replies) {
        lines.push(indent + TREE_INDENT + numberMoves([reply.san], numbering, ply + 1));
        defences(reply.replies, ply + 2, indent + TREE_INDENT + TREE_INDENT);
      }
    }
  };
  for (const key of keys) {
    lines.push(`  ${numberMoves([markKey(key.san)], numbering)}`);
    defences(key.replies, 1, `  ${TREE_INDENT}`);
  }
  return lines;
}

