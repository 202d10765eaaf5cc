import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/errors.ts';
import { splitWords } from '../../../src/adapters/console/words.ts';

describe('splitWords', () => {
  it('splits on any whitespace', () => {
    expect(splitWords(' /mate\tabc   2 \n')).toEqual(['/mate', 'abc', '2']);
  });

  it('keeps a double-quoted group as one word', () => {
    expect(splitWords('/mate "8/8/8/8/8/8/8/K1k5 w - - 0 1" 2')).toEqual(['/mate', '8/8/8/8/8/8/8/K1k5 w - - 0 1', '2']);
  });

  it('gives nothing for a blank line', () => {
    expect(splitWords('   ')).toEqual([]);
  });

  it('rejects an unmatched quote', () => {
    expect(() => splitWords('/mate "8/8 w')).toThrow(UsageError);
  });
});
