// Separating "--flag" options from positional arguments. Only long flags without values are
// needed so far; a single "-" or "-1" stays positional (a FEN's "-" field, a bad depth).

import { UsageError } from '../commands/errors.ts';

export interface SplitArguments {
  readonly flags: ReadonlySet<string>;
  readonly positionals: readonly string[];
}

/** Splits `args`, rejecting any flag not in `known` (given with its dashes, e.g. "--json"). */
export function splitOptions(args: readonly string[], known: readonly string[]): SplitArguments {
  const flags = new Set<string>();
  const positionals: string[] = [];
  for (const arg of args) {
    if (!arg.startsWith('--')) positionals.push(arg);
    else if (known.includes(arg)) flags.add(arg);
    else throw new UsageError(`unknown option "${arg}"`);
  }
  return { flags, positionals };
}
