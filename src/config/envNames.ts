// The names in .env that look like ours but are not: a misspelt LICHES_TOKEN would otherwise be
// ignored without a word, while a misspelt JSON key is an error. Only .env is looked at (the
// user's own file for this program); the process environment holds every other program's
// variables too. Each becomes a warning, naming the variable and never its value.

import { closestWord } from '../errors.ts';

/** Prefixes that mark a variable as meant for this program. */
export const OUR_ENV_PREFIXES = ['CHESSBOT_', 'DISCORD_', 'LICHESS_'] as const;

// A name in a message is cut to this (dotenv's names are [\w.-]+, of any length).
const MAX_SHOWN_NAME_LENGTH = 60;

/**
 * One warning line ("<source>: <name>: unknown variable, ignored (did you mean X?)") for each
 * name in `names` that is not in `known` but looks meant for this program: it has one of our
 * prefixes (in any case), or it is a near miss of a name we read (LOG_LEVL, log_level).
 */
export function unknownVariableWarnings(source: string, names: Iterable<string>, known: readonly string[]): string[] {
  const knownSet = new Set(known);
  const warnings: string[] = [];
  for (const name of names) {
    if (knownSet.has(name)) continue;
    const suggestion = closestName(name, known);
    const prefix = OUR_ENV_PREFIXES.find((candidate) => name.toUpperCase().startsWith(candidate));
    if (!suggestion && !prefix) continue;
    const hint = suggestion
      ? `did you mean ${suggestion}?`
      : `known: ${known.filter((candidate) => candidate.startsWith(prefix!)).join(', ')}`;
    warnings.push(`${source}: ${shownName(name)}: unknown variable, ignored (${hint})`);
  }
  return warnings;
}

/**
 * The known name `name` is a near miss of, if any: the nearest by edit distance (a letter
 * added, dropped, changed, or two swapped; case ignored), within about a quarter of its length.
 */
export function closestName(name: string, known: readonly string[]): string | null {
  return closestWord(name, known);
}

function shownName(name: string): string {
  return name.length <= MAX_SHOWN_NAME_LENGTH ? name : `${name.slice(0, MAX_SHOWN_NAME_LENGTH)}… (${name.length} characters)`;
}
