import { describe, expect, it } from 'vitest';
import { wrapTable, wrapWords } from '../../src/input/wrap.ts';

describe('wrapWords', () => {
  it('fills lines up to the width, breaking only between words, under a hanging indent', () => {
    const lines = wrapWords('one two three four five six', '> ', '  ', 12);
    expect(lines).toEqual(['> one two', '  three four', '  five six']);
    expect(lines.every((line) => line.length <= 12)).toBe(true);
  });

  it('keeps a bracketed group standing alone as one word, but not brackets inside a word', () => {
    expect(wrapWords('cmd [--kind a|b c] [--x]', '', '    ', 16)).toEqual(['cmd', '    [--kind a|b c]', '    [--x]']);
    expect(wrapWords('{"a": [1, 2], "b": 3}', '', '', 12)).toEqual(['{"a": [1,', '2], "b": 3}']);
  });

  it('gives a word longer than the width a line of its own rather than cutting it', () => {
    expect(wrapWords('a abcdefghijklmnop b', '', '', 8)).toEqual(['a', 'abcdefghijklmnop', 'b']);
  });
});

describe('wrapTable', () => {
  it('refills an option and its continuation lines under its second column', () => {
    const lines = wrapTable([
      '--tree     also print the solution: every',
      '           defence and the answer to it',
      '',
      'exit status: 0 found, 1 not',
    ], '  ', 30);
    expect(lines).toEqual([
      '  --tree     also print the',
      '             solution: every',
      '             defence and the',
      '             answer to it',
      '',
      '  exit status: 0 found, 1 not',
    ]);
  });

  it('refills a paragraph written over several lines as one, and starts a new entry at each option', () => {
    expect(wrapTable(['a b', 'c d', '--x  y', '--z  w'], '', 80)).toEqual(['a b c d', '--x  y', '--z  w']);
  });
});
