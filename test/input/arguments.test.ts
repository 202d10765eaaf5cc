import { describe, expect, it } from 'vitest';
import { STARTING_FEN } from '../../src/chess/fen.ts';
import { fenFromText, fenFromWords, looksLikeCount, parseIntegerArgument, splitAtCount } from '../../src/input/arguments.ts';
import { UsageError } from '../../src/errors.ts';

describe('fenFromWords', () => {
  it('reads "startpos" as the initial position', () => {
    expect(fenFromWords(['startpos'])).toBe(STARTING_FEN);
  });

  it('takes a quoted FEN as it is', () => {
    expect(fenFromWords(['8/8/8/8/8/8/8/K1k5 w - - 0 1'])).toBe('8/8/8/8/8/8/8/K1k5 w - - 0 1');
  });

  it('joins a FEN spread over words', () => {
    expect(fenFromWords(['8/8/8/8/8/8/8/K1k5', 'w', '-', '-', '0', '1'])).toBe('8/8/8/8/8/8/8/K1k5 w - - 0 1');
    expect(fenFromWords(['8/8/8/8/8/8/8/K1k5', 'w', '-', '-'])).toBe('8/8/8/8/8/8/8/K1k5 w - -');
  });

  it('refuses a spread FEN that ends at its halfmove clock (the next number is ambiguous)', () => {
    expect(() => fenFromWords(['8/8/8/8/8/8/8/K1k5', 'w', '-', '-', '0'])).toThrow(/give all six FEN fields/);
  });

  it('asks for a FEN when there is none', () => {
    expect(() => fenFromWords([])).toThrow(UsageError);
  });
});

describe('fenFromWords: a whole FEN ends there', () => {
  it('names a word after a quoted FEN or "startpos" instead of reading it as a FEN field', () => {
    expect(() => fenFromWords(['8/8/8/8/8/8/8/K1k5 w - - 0 1', 'self'])).toThrow(/unexpected word "self" after the FEN/);
    expect(() => fenFromWords(['startpos', '2'])).toThrow(/unexpected word "2" after the FEN/);
  });
});

describe('fenFromText', () => {
  it('takes a FEN pasted in double or single quotes as the FEN inside them', () => {
    expect(fenFromText('"8/8/8/8/8/8/8/K1k5 w - - 0 1"')).toBe('8/8/8/8/8/8/8/K1k5 w - - 0 1');
    expect(fenFromText(" '8/8/8/8/8/8/8/K1k5 w - - 0 1' ")).toBe('8/8/8/8/8/8/8/K1k5 w - - 0 1');
    expect(fenFromText("'startpos'")).toBe(STARTING_FEN);
  });

  it('leaves a quote that does not close the text alone (the FEN then says what is wrong)', () => {
    expect(fenFromText('"8/8/8/8/8/8/8/K1k5 w - - 0 1')).toBe('"8/8/8/8/8/8/8/K1k5 w - - 0 1');
  });
});

describe('splitAtCount', () => {
  it('splits at the last count after the first word', () => {
    expect(splitAtCount(['fen', '3', 'tree'])).toEqual({ fenWords: ['fen'], count: '3', after: ['tree'] });
    expect(splitAtCount(['8/8/8/8/8/8/8/K1k5', 'w', '-', '-', '0', '1', 's#2', 'x'])).toEqual({
      fenWords: ['8/8/8/8/8/8/8/K1k5', 'w', '-', '-', '0', '1'], count: 's#2', after: ['x'],
    });
  });

  it('finds none without a count after the first word', () => {
    expect(splitAtCount(['3'])).toBeNull();
    expect(splitAtCount(['fen', 'tree'])).toBeNull();
  });

  it('counts what starts with a digit or a sign, or holds "#"', () => {
    expect(['3', '-1', '2.5', '#3', 's#2', 'h#x'].every(looksLikeCount)).toBe(true);
    expect(['tree', 'w', '-', 'KQkq', 'e3', 'self'].some(looksLikeCount)).toBe(false);
  });
});

describe('parseIntegerArgument', () => {
  it('accepts decimal integers in range', () => {
    expect(parseIntegerArgument('1', 'depth', 1, 10)).toBe(1);
    expect(parseIntegerArgument('10', 'depth', 1, 10)).toBe(10);
  });

  it.each(['0', '11', '-1', '3.0', '2e1', ' 3', 'x', ''])('rejects %j, naming the argument and the range', (text) => {
    expect(() => parseIntegerArgument(text, 'depth', 1, 10)).toThrow(
      `depth must be an integer from 1 to 10, got ${JSON.stringify(text)}`,
    );
  });

  it('quotes the value escaped and cut short, as every message that quotes a person\'s input', () => {
    expect(() => parseIntegerArgument('3\x1b]0;pwned\x07', 'n', 1, 5)).toThrow(
      'n must be an integer from 1 to 5, got "3\\u001b]0;pwned\\u0007"',
    );
    expect(() => parseIntegerArgument('9'.repeat(5000), 'depth', 1, 10)).toThrow(
      `depth must be an integer from 1 to 10, got "${'9'.repeat(60)}"… (5,000 characters)`,
    );
  });

  it('reports a missing value', () => {
    expect(() => parseIntegerArgument(undefined, 'n', 1, 5)).toThrow('n must be an integer from 1 to 5, got nothing');
  });
});
