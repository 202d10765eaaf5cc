// Separating "--option" words from positional arguments: flags ("--json") and options that take
// a value ("--timeout 5" or "--timeout=5"). A single "-" or "-1" stays positional (a FEN's "-"
// field, a bad depth).

import { closestWord, quote } from '../../errors.ts';
import { CommandLineError } from './command.ts';

export interface SplitArguments {
  readonly flags: ReadonlySet<string>;
  /** The value of each option given (the last one, if given twice). */
  readonly values: ReadonlyMap<string, string>;
  readonly positionals: readonly string[];
}

/**
 * Splits `args`, rejecting any option that is not a known flag or a known option with a value
 * (both given with their dashes, e.g. "--json", "--timeout"), and any positional word that is one
 * of their names without its dashes ("checks" for "--checks"): no FEN field, number or "startpos"
 * can be, so it is an option mistyped, and it is named as one instead of being misread as data.
 */
export function splitOptions(
  args: readonly string[],
  knownFlags: readonly string[],
  knownValued: readonly string[] = [],
): SplitArguments {
  const flags = new Set<string>();
  const values = new Map<string, string>();
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      const meant = [...knownFlags, ...knownValued].find((option) => option.slice(2) === arg.toLowerCase());
      if (meant !== undefined) throw new CommandLineError(`unknown word ${quote(arg)}: did you mean ${meant}?`);
      positionals.push(arg);
      continue;
    }
    const equals = arg.indexOf('=');
    const name = equals < 0 ? arg : arg.slice(0, equals);
    if (knownValued.includes(name)) {
      const value = equals < 0 ? args[++i] : arg.slice(equals + 1);
      if (value === undefined || value === '') throw new CommandLineError(`option ${quote(name)} needs a value`);
      values.set(name, value);
    } else if (knownFlags.includes(arg)) {
      flags.add(arg);
    } else {
      const meant = closestWord(name, [...knownFlags, ...knownValued]);
      throw new CommandLineError(`unknown option ${quote(arg)}${meant !== null ? `: did you mean ${meant}?` : ''}`);
    }
  }
  return { flags, values, positionals };
}
