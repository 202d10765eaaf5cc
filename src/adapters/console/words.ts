// Splitting a typed line into words: whitespace separates, and double or single quotes group, as
// in a shell, so a FEN can be pasted bare or quoted either way
// (/mate "8/8/8/8/8/8/8/K1k5 w - - 0 1" 2, or /mate '8/8/8/8/8/8/8/K1k5 w - - 0 1' 2).

import { UsageError } from '../../errors.ts';

export function splitWords(line: string): string[] {
  const words: string[] = [];
  // A double-quoted group, a single-quoted one, a run of characters that are neither space nor
  // quote, or a quote left open.
  const token = /"([^"]*)"|'([^']*)'|([^\s"']+)|(["'])/g;
  for (const match of line.matchAll(token)) {
    if (match[4] !== undefined) throw new UsageError(`unmatched ${match[4] === '"' ? 'double' : 'single'} quote`);
    words.push(match[1] ?? match[2] ?? match[3]!);
  }
  return words;
}
