// Separating "--option" words from positional arguments: flags ("--json") and options that take
// a value ("--timeout 5" or "--timeout=5"). A single "-" or "-1" stays positional (a FEN's "-"
// field, a bad depth).

import { UsageError } from '../../errors.ts';

export interface SplitArguments {
  readonly flags: ReadonlySet<string>;
  /** The value of each option given (the last one, if given twice). */
  readonly values: ReadonlyMap<string, string>;
  readonly positionals: readonly string[];
}

/**
 * Splits `args`, rejecting any option that is not a known flag or a known option with a value
 * (both given with their dashes, e.g. "--json", "--timeout").
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
      positionals.push(arg);
      continue;
    }
    const equals = arg.indexOf('=');
    const name = equals < 0 ? arg : arg.slice(0, equals);
    if (knownValued.includes(name)) {
      const value = equals < 0 ? args[++i] : arg.slice(equals + 1);
      if (value === undefined || value === '') throw new UsageError(`option "${name}" needs a value`);
      values.set(name, value);
    } else if (knownFlags.includes(arg)) {
      flags.add(arg);
    } else {
      throw new UsageError(`unknown option "${arg}"`);
    }
  }
  return { flags, values, positionals };
}
