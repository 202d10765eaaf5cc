// Errors as people and logs see them: one line, a user's mistake shown as is, ours as "failed".

import { describe, expect, it } from 'vitest';
import { UsageError, commandErrorText, errorLine } from '../src/errors.ts';

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
