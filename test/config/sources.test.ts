// The .env lines dotenv skips without a word, found so that start-up can warn about each one.

import { parse } from 'dotenv';
import { describe, expect, it } from 'vitest';
import { unparsedDotenvLines } from '../../src/config/sources.ts';

const SAMPLES = [
  'DISCORD_TOKEN\nMTIz.abc\nLOG_LEVEL=warn\n',
  'LICHESS_TOKEN lip_abc\n# a comment\n\nexport REDIS_URL=redis://x\n',
  'A="multi\nline value"\nB=1 # trailing comment\nC: colon form\n  indented=yes\nbroken line here\n',
  "D='single'\r\nE=`back`\r\nF\r\n",
];

describe('unparsedDotenvLines', () => {
  it('finds a name alone and the token on the line after it', () => {
    expect(unparsedDotenvLines('DISCORD_TOKEN\nMTIz.abc\nLOG_LEVEL=warn\n', ['DISCORD_TOKEN'])).toEqual([
      { line: 1, knownName: 'DISCORD_TOKEN' },
      { line: 2, knownName: null },
    ]);
  });

  it('names only a known first word', () => {
    expect(unparsedDotenvLines('LICHESS_TOKEN lip_abc\nlip_abc\n', ['LICHESS_TOKEN'])).toEqual([
      { line: 1, knownName: 'LICHESS_TOKEN' },
      { line: 2, knownName: null },
    ]);
  });

  it.each(SAMPLES)('agrees with dotenv itself on %j: a line it flags gives dotenv nothing, and the rest give every pair', (text) => {
    const lines = text.replace(/\r\n?/g, '\n').split('\n');
    const flagged = new Set(unparsedDotenvLines(text).map(({ line }) => line));
    for (const line of flagged) expect(parse(lines[line - 1]!)).toEqual({});
    const kept = lines.filter((_, index) => !flagged.has(index + 1)).join('\n');
    expect(parse(kept)).toEqual(parse(text));
  });
});
