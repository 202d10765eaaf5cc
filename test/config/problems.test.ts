// Every kind of zod issue a config check can raise, worded as the others are: "<source>: <key>:
// expected <what the key needs>, got <what was given>", never zod's own "Invalid input: ...".
// The real schema words most of its constraints itself; these schemas leave the words to
// configErrorMap, as any key added later without a message of its own would.

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssues, describeValue, validate } from '../../src/config/problems.ts';

const schema = z
  .strictObject({
    section: z.strictObject({ size: z.int(), name: z.string() }),
    list: z.array(z.string()).max(2),
    number: z.number().positive(),
    integer: z.int().max(10),
    text: z.string().min(1).max(5),
    flag: z.boolean(),
    choice: z.enum(['fast', 'slow']),
    exactly: z.literal('only'),
    either: z.union([z.null(), z.int().min(1)]),
    pattern: z.string().regex(/^[a-z]+$/),
    step: z.number().multipleOf(5),
    checked: z.string().refine((text) => text !== 'bad'),
  })
  .partial();

function problemsFor(input: Record<string, unknown>): string[] {
  const result = validate(schema, input);
  if (result.success) throw new Error('expected problems');
  return describeIssues(result.error.issues, { source: 'test.json', input, defaults: { section: { size: 1, name: 'x' } } });
}

describe('describeIssues with configErrorMap', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['an object', { section: null }, 'section: expected an object (keys: size, name), got null'],
    ['an object, given a list', { section: [1] }, 'section: expected an object (keys: size, name), got [1]'],
    ['a list', { list: 'a' }, 'list: expected a list, got "a"'],
    ['a number', { number: 'one' }, 'number: expected a number, got "one"'],
    ['an integer, given text', { integer: '5' }, 'integer: expected an integer, got "5"'],
    ['an integer, given a fraction', { integer: 2.5 }, 'integer: expected an integer, got 2.5'],
    ['a string', { text: 5 }, 'text: expected a string, got 5'],
    ['true or false', { flag: 'yes' }, 'flag: expected true or false, got "yes"'],
    ['one of an enum', { choice: 'medium' }, 'choice: expected one of fast, slow, got "medium"'],
    ['a literal', { exactly: 'other' }, 'exactly: expected "only", got "other"'],
    ['a number too big', { integer: 11 }, 'integer: expected a number at most 10, got 11'],
    ['a number too small', { number: 0 }, 'number: expected a number above 0, got 0'],
    ['a number out of range', { number: -Infinity }, 'number: expected a number, got a number out of range (below -1.8e308)'],
    ['a string too short', { text: '' }, 'text: expected at least 1 character, got ""'],
    ['a string too long', { text: 'abcdefg' }, 'text: expected at most 5 characters, got "abcdefg"'],
    ['a list too long', { list: ['a', 'b', 'c'] }, 'list: expected at most 2 items, got ["a", "b", "c"]'],
    ['an item of the wrong type', { list: ['a', 7] }, 'list.1: expected a string, got 7'],
    ['a pattern', { pattern: 'A1' }, 'pattern: expected a string matching /^[a-z]+$/, got "A1"'],
    ['a multiple', { step: 7 }, 'step: expected a multiple of 5, got 7'],
    ['a union', { either: 'x' }, 'either: expected null or an integer, got "x"'],
    // The value has the type of one branch: zod reports that branch's own issue.
    ['a union, deeper down', { either: 0 }, 'either: expected a number at least 1, got 0'],
    ['a refinement without words', { checked: 'bad' }, 'checked: expected a valid value, got "bad"'],
    ['a nested key', { section: { size: 'big', name: 'x' } }, 'section.size: expected an integer, got "big"'],
  ];

  for (const [kind, input, line] of cases) {
    it(`words ${kind}`, () => {
      const problems = problemsFor(input);
      expect(problems).toEqual([`test.json: ${line}`]);
      expect(problems[0]).not.toMatch(/Invalid input|Too (big|small)|received/);
    });
  }

  it('lists the known keys next to an unknown one that is near none of them', () => {
    expect(problemsFor({ section: { size: 1, name: 'x', colour: 'red' } })).toEqual([
      'test.json: section.colour: unknown key (known keys: size, name)',
    ]);
  });

  it('names the known key an unknown one is a near miss of, and only that one', () => {
    const problem = problemsFor({ section: { size: 1, name: 'x', nmae: 'x' } }).find((line) => line.includes('nmae'));
    expect(problem).toMatch(/section\.nmae: unknown key \(did you mean name\?\)$/);
    expect(problem).not.toContain('size');
  });

  it('keeps a message the schema words itself', () => {
    const own = z.strictObject({ n: z.int({ error: 'expected a whole number of moves' }) });
    const result = validate(own, { n: 'x' });
    expect(result.success).toBe(false);
    expect(describeIssues(result.error!.issues, { source: 's', input: { n: 'x' } })).toEqual([
      's: n: expected a whole number of moves, got "x"',
    ]);
  });

  it('shows no value for a secret key', () => {
    const secret = z.object({ TOKEN: z.string().regex(/^\S+$/, { error: 'expected a token (value not shown)' }) });
    const input = { TOKEN: 'lip_with space' };
    const result = validate(secret, input);
    expect(describeIssues(result.error!.issues, { source: 'environment', input, secretKeys: ['TOKEN'] })).toEqual([
      'environment: TOKEN: expected a token (value not shown)',
    ]);
  });
});

describe('describeValue', () => {
  it("says a number JSON cannot hold is out of range (JSON.stringify would say null)", () => {
    expect(describeValue(Infinity)).toBe('a number out of range (over 1.8e308)');
    expect(describeValue(-Infinity)).toBe('a number out of range (below -1.8e308)');
    expect(describeValue(null)).toBe('null');
    expect(describeValue(1e300)).toBe('1e+300');
  });

  it('cuts a long string and says how long it was', () => {
    expect(describeValue('y'.repeat(1000))).toBe(`"${'y'.repeat(60)}"… (1,000 characters)`);
  });

  it('escapes control characters', () => {
    expect(describeValue('a\u001bb')).toBe('"a\\u001bb"');
  });

  it("masks a URL's user name and password, before cutting (no half password left)", () => {
    expect(describeValue('https://bob:hunter2@example.org/api')).toBe('"https://[redacted]@example.org/api"');
    const long = `https://bob:${'p'.repeat(80)}@example.org/`;
    expect(describeValue(long)).not.toContain('ppp');
  });

  it('shows a short list item by item, a long one or one of objects by its length', () => {
    expect(describeValue([])).toBe('[]');
    expect(describeValue(['a', 1, null])).toBe('["a", 1, null]');
    expect(describeValue([{}, {}])).toBe('a list of 2 items');
    expect(describeValue(Array.from({ length: 40 }, () => 'abc'))).toBe('a list of 40 items');
    expect(describeValue({ a: 1 })).toBe('an object');
    expect(describeValue(undefined)).toBe('nothing');
  });
});
