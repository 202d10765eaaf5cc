// Splitting a typed line into words: whitespace separates, and double quotes group, so a FEN
// can be pasted either bare or quoted ("/mate "8/8/8/8/8/8/8/K1k5 w - - 0 1" 2").

import { UsageError } from '../../errors.ts';

export function splitWords(line: string): string[] {
  const words: string[] = [];
  // A quoted group, or a run of characters that are neither space nor quote.
  const token = /"([^"]*)"|([^\s"]+)|(")/g;
  for (const match of line.matchAll(token)) {
    if (match[3] !== undefined) throw new UsageError('unmatched double quote');
    words.push(match[1] ?? match[2]!);
  }
  return words;
}
