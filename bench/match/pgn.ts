// PGN export (the "export format" of the PGN standard): the seven tag roster, then TimeControl,
// SetUp/FEN for games from a position, Termination; SAN movetext with move numbers, optional
// per-move comments, a final comment saying how the game ended, lines of at most 79 characters.

import type { Color } from '../../src/chess/types.ts';
import { WHITE } from '../../src/chess/types.ts';

export interface PgnMove {
  san: string;
  /** Printed after the move in braces, e.g. "+0.35/12 0.52s". */
  comment?: string;
}

export interface PgnGame {
  event: string;
  site: string;
  /** The game's date, printed as YYYY.MM.DD (local time). */
  date: Date;
  round: string;
  white: string;
  black: string;
  result: '1-0' | '0-1' | '1/2-1/2' | '*';
  /** PGN TimeControl: "base+increment" in seconds, e.g. "10+0.1". */
  timeControl: string;
  /** The start position; null for the standard initial position (no SetUp/FEN tags). */
  startFen: string | null;
  startTurn: Color;
  startFullmove: number;
  termination: string;
  moves: PgnMove[];
  /** How the game ended, e.g. "White mates" (printed before the result). */
  finalComment?: string;
  /** More tags, printed after the standard ones in this order. */
  extraTags?: Array<[string, string]>;
}

const MAX_LINE = 79;

export function pgnDate(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}.${two(date.getMonth() + 1)}.${two(date.getDate())}`;
}

/** A tag value with backslashes and double quotes escaped, and no line breaks. */
export function escapeTag(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').replace(/\\/g, '\\\\').replace(/"/g, '\\"');
}

/** Comment text safe inside braces (a brace would end the comment). */
function cleanComment(text: string): string {
  return text.replace(/[{}]/g, (c) => (c === '{' ? '(' : ')')).replace(/\s+/g, ' ').trim();
}

/** The PGN text of one game, ending with a blank line. */
export function writePgn(game: PgnGame): string {
  const tags: Array<[string, string]> = [
    ['Event', game.event],
    ['Site', game.site],
    ['Date', pgnDate(game.date)],
    ['Round', game.round],
    ['White', game.white],
    ['Black', game.black],
    ['Result', game.result],
    ['TimeControl', game.timeControl],
  ];
  if (game.startFen !== null) tags.push(['SetUp', '1'], ['FEN', game.startFen]);
  tags.push(['Termination', game.termination]);
  if (game.extraTags) tags.push(...game.extraTags);
  const header = tags.map(([name, value]) => `[${name} "${escapeTag(value)}"]`).join('\n');
  return `${header}\n\n${wrap(movetextTokens(game)).join('\n')}\n\n`;
}

/** A comment as words, braces on the first and last, so that a long one can wrap across lines. */
function commentTokens(text: string): string[] {
  const words = cleanComment(text).split(' ');
  words[0] = '{' + words[0];
  words[words.length - 1] += '}';
  return words;
}

/** The movetext as tokens: move numbers, SAN, comment words, the result. */
export function movetextTokens(game: PgnGame): string[] {
  const tokens: string[] = [];
  let turn = game.startTurn;
  let fullmove = game.startFullmove;
  // A black move needs its own "n..." number at the start and after a comment.
  let needNumber = true;
  for (const move of game.moves) {
    if (turn === WHITE) tokens.push(`${fullmove}.`);
    else if (needNumber) tokens.push(`${fullmove}...`);
    tokens.push(move.san);
    needNumber = false;
    if (move.comment !== undefined && move.comment !== '') {
      tokens.push(...commentTokens(move.comment));
      needNumber = true;
    }
    if (turn !== WHITE) fullmove++;
    turn = (turn ^ 1) as Color;
  }
  if (game.finalComment !== undefined && game.finalComment !== '') tokens.push(...commentTokens(game.finalComment));
  tokens.push(game.result);
  return tokens;
}

/** Joins tokens with spaces into lines of at most MAX_LINE characters (a longer token stands alone). */
function wrap(tokens: string[]): string[] {
  const lines: string[] = [];
  let line = '';
  for (const token of tokens) {
    if (line === '') line = token;
    else if (line.length + 1 + token.length <= MAX_LINE) line += ' ' + token;
    else {
      lines.push(line);
      line = token;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}
