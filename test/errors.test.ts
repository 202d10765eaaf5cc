// Errors as people and logs see them: one line, a user's mistake shown as is, ours as "failed".

import { describe, expect, it } from 'vitest';
import { QUOTE_MAX_CHARS, UsageError, commandErrorText, errorLine, quote } from '../src/errors.ts';

describe('commandErrorText', () => {
  it('shows a usage error as is and our own failures as "failed"', () => {
    expect(commandErrorText('mate', new UsageError('bad FEN: x'))).toBe('/mate: bad FEN: x');
    expect(commandErrorText('mate', new Error('worker crashed\n  at somewhere'))).toBe('/mate: failed: worker crashed; at somewhere');
  });
});

describe('errorLine', () => {
  it('folds a message onto one line, and names the class only when asked', () => {
    expect(errorLine(new Error('worker crashed\n    at somewhere (file.js:1:1)'))).toBe('worker crashed; at somewhere (file.js:1:1)');
    expect(errorLine(new TypeError('bad'), { named: true })).toBe('TypeError: bad');
    expect(errorLine(new TypeError(''), { named: true })).toBe('TypeError');
    expect(errorLine('plain text')).toBe('plain text');
    expect(errorLine(undefined)).toBe('undefined');
  });
});

describe('quote', () => {
  it('quotes as typed, but for control characters, which show as escapes and never reach a terminal raw', () => {
    expect(quote('e2e4')).toBe('"e2e4"');
    expect(quote('C:\\books\\"best".bin')).toBe('"C:\\books\\"best".bin"');
    expect(quote('8\x1b]0;pwned\x07/8')).toBe('"8\\u001b]0;pwned\\u0007/8"');
    expect(quote('a\tb\r\n')).toBe('"a\\tb\\r\\n"');
    // What JSON leaves raw: DEL, the C1 controls (0x9b is CSI), and the marks that reorder text.
    expect(quote('\u007f\u009b31m\u202etxt.exe')).toBe('"\\u007f\\u009b31m\\u202etxt.exe"');
  });

  it('cuts long input to a prefix and says how long it was', () => {
    const long = 'x'.repeat(5_000_000);
    const quoted = quote(long);
    expect(quoted).toBe(`"${'x'.repeat(QUOTE_MAX_CHARS)}"… (5,000,000 characters)`);
    expect(quote('abcdef', 3)).toBe('"abc"… (6 characters)');
    expect(quote('abc', 3)).toBe('"abc"');
  });
});
