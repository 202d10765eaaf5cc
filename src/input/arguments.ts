// Reading common arguments out of typed words, shared by the command line and the /mate use case
// (src/mate) so that "perft" and "/mate" accept a position the same way.

import { STARTING_FEN } from '../chess/fen.ts';
import { UsageError, quote } from '../errors.ts';

/**
 * The most threads a command may be asked for (`chessbot mate --threads`, `chessbot worker
 * --threads`): more than the biggest servers' cores is a typo, not a machine, and each thread
 * holds tables of its own.
 */
export const MAX_THREADS = 256;

/** The word that names the initial position, as in UCI's "position startpos". */
export const STARTPOS = 'startpos';

/**
 * The FEN typed as one quoted word or spread over several ("rnbqkbnr/... w KQkq - 0 1"), or
 * "startpos". Validation is parseFen's job; this only rejects what would be misread.
 */
export function fenFromWords(words: readonly string[]): string {
  if (words.length === 0) throw new UsageError('missing FEN (or "startpos")');
  // A FEN given whole (quoted, so one word with its spaces, or "startpos") ends there: a word
  // after it is a word out of place, not a seventh FEN field.
  if (words.length > 1 && (words[0] === STARTPOS || /\s/.test(words[0]!))) {
    throw new UsageError(`unexpected word ${quote(words[1]!)} after the FEN`);
  }
  if (words.length === 1 && words[0] === STARTPOS) return STARTING_FEN;
  // Spread over words, a FEN with a halfmove clock but no fullmove number is ambiguous: the
  // next word (read as the depth or n) may have been meant as the fullmove number instead.
  if (words.length === 5 && /^\d+$/.test(words[4]!)) {
    throw new UsageError(
      `the FEN stops after its halfmove clock, so it is unclear whether the next number is its fullmove ` +
        `number; give all six FEN fields or quote the FEN`,
    );
  }
  return words.join(' ');
}

/**
 * The FEN given as one text field (a Discord string option): its fields separated by any run of
 * whitespace, or "startpos", in quotes or not. Unlike words typed on a line, n comes in a field of its own, so a
 * FEN without move numbers is not ambiguous here.
 */
export function fenFromText(text: string): string {
  // Pasted with the quotes a console or a shell needs ("…" or '…'): the quotes are no FEN's.
  const unquoted = /^\s*(["'])(.*)\1\s*$/s.exec(text)?.[2] ?? text;
  const fields = unquoted.trim().split(/\s+/).filter((field) => field !== '');
  if (fields.length === 0) throw new UsageError('missing FEN (or "startpos")');
  return fields.length === 1 && fields[0] === STARTPOS ? STARTING_FEN : fields.join(' ');
}

/** A whole number written in decimal digits, within [min, max], or a UsageError naming it. */
export function parseIntegerArgument(text: string | undefined, name: string, min: number, max: number): number {
  const value = text !== undefined && /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= min && value <= max)) {
    const got = text === undefined ? 'nothing' : quote(text);
    throw new UsageError(`${name} must be an integer from ${min} to ${max}, got ${got}`);
  }
  return value;
}

/**
 * Whether a word is meant as a count (n, a depth) rather than as a FEN field or an option: it
 * starts with a digit or a sign and digit ("3", "2.5", "-1"), or holds the problemists' "#" or
 * "=" ("#3", "s#2", "h=2": no FEN field has either). Such a word is then checked, and named when
 * it is wrong, as that count.
 */
export function looksLikeCount(word: string): boolean {
  return /^[+-]?\d/.test(word) || word.includes('#') || /^[a-z-]*=\d/i.test(word);
}

/** Words typed as "<fen words> <count> [more words]", split at the last count after the first word. */
export interface CountedWords {
  readonly fenWords: readonly string[];
  readonly count: string;
  /** What follows the count: options, or stray words for the caller to name. */
  readonly after: readonly string[];
}

/** Splits `words` at their last count (looksLikeCount) after the first word; null when there is none. */
export function splitAtCount(words: readonly string[]): CountedWords | null {
  for (let i = words.length - 1; i >= 1; i--) {
    if (looksLikeCount(words[i]!)) return { fenWords: words.slice(0, i), count: words[i]!, after: words.slice(i + 1) };
  }
  return null;
}

/** File names that give a position as a file (a picture of a board, a PGN): no FEN's first word ends so. */
const POSITION_FILE = /\.(png|jpe?g|webp|gif|pgn)$/i;

/** Whether a typed word names a file to read the position from rather than a FEN's first field. */
export function isPositionFileName(word: string): boolean {
  return POSITION_FILE.test(word.trim());
}
