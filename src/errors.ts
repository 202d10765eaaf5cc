// Errors as people and logs see them. A UsageError means "your input is wrong" and its message is
// written for the user; anything else is our fault. Every error that reaches a reply or a log line
// goes through errorLine: one line, never a stack.

/** The user's input was wrong; the message says what and is shown to them verbatim. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export interface ErrorLineOptions {
  /** Start with the error's class ("TypeError: …"), for logs, where the kind of failure matters. */
  readonly named?: boolean;
}

/** `error` as one line: its message with line breaks folded to "; " (its name when it has none). */
export function errorLine(error: unknown, options: ErrorLineOptions = {}): string {
  const message = error instanceof Error ? error.message : String(error);
  const folded = message.trim().replace(/\s*\n\s*/g, '; ') || (error instanceof Error ? error.name : 'unknown error');
  return options.named && error instanceof Error && folded !== error.name ? `${error.name}: ${folded}` : folded;
}

/** How much of a person's input a message quotes back, at most. */
export const QUOTE_MAX_CHARS = 60;

/**
 * What must not reach a terminal or a reader raw: the C0 and C1 control characters (ESC starts
 * an escape sequence, as 0x9b does on some terminals), DEL, the line and paragraph separators,
 * and the marks that reorder text (bidirectional overrides).
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const SHORT_ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `text` as typed but for the characters in UNSAFE, which show as escapes (\u001b, \n). */
export function escapeUnsafe(text: string): string {
  return text.replace(UNSAFE, (char) => SHORT_ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * 1234567 → "1,234,567", as toLocaleString('en-US') writes it, without Intl: its first call loads
 * the ICU data, some 17 ms of a cold `chessbot mate`.
 */
export function formatCount(count: number): string {
  const [whole = '', fraction] = String(count).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/**
 * `text`, typed by someone, quoted for a message: in double quotes, escapeUnsafe'd so that no
 * control character reaches a terminal raw, and cut to `maxChars`, saying how long it was, so
 * that a 5 MB line does not come back as a 5 MB error.
 */
export function quote(text: string, maxChars = QUOTE_MAX_CHARS): string {
  if (text.length <= maxChars) return `"${escapeUnsafe(text)}"`;
  return `"${escapeUnsafe(text.slice(0, maxChars))}"… (${formatCount(text.length)} characters)`;
}

/**
 * What a person is told when a command fails: "/mate: bad FEN: …" for their mistake (a
 * UsageError), "/mate: failed: …" for ours. One line; the console and Discord both use it.
 */
export function commandErrorText(commandName: string, error: unknown): string {
  const why = error instanceof UsageError ? errorLine(error) : `failed: ${errorLine(error)}`;
  return `/${commandName}: ${why}`;
}

/**
 * The word of `known` that `word` is a near miss of, if any, for a "did you mean …?": the nearest
 * by edit distance (a letter added, dropped, changed, or two swapped; case ignored), within about
 * a quarter of its length and at most `maxDistance` (2 unless told).
 */
export function closestWord(word: string, known: readonly string[], maxDistance = 2): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const distance = editDistance(word.toUpperCase(), candidate.toUpperCase());
    if (distance <= Math.max(maxDistance, Math.floor(candidate.length / 4)) && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
function editDistance(a: string, b: string): number {
  // Words far apart in length cannot be near misses; skip the table (and a huge one).
  if (Math.abs(a.length - b.length) > 8) return Infinity;
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = value;
    }
  }
  return rows[a.length]![b.length]!;
}
