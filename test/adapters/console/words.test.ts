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

  it('keeps a single-quoted group as one word, as a double-quoted one', () => {
    expect(splitWords("/mate '8/8/8/8/8/8/8/K1k5 w - - 0 1' 2")).toEqual(['/mate', '8/8/8/8/8/8/8/K1k5 w - - 0 1', '2']);
    expect(splitWords(`/x 'a "b" c' "d 'e'"`)).toEqual(['/x', 'a "b" c', "d 'e'"]);
  });

  it('rejects an unmatched quote, saying which', () => {
    expect(() => splitWords('/mate "8/8 w')).toThrow(UsageError);
    expect(() => splitWords("/mate '8/8 w")).toThrow(/single quote/);
  });
});
