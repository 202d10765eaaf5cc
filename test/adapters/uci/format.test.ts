// The UCI output lines that carry free text: one line, no control character, bounded, whatever
// the text (a message from a layer below may quote input as it came).

import { describe, expect, it } from 'vitest';
import { MAX_INFO_STRING, formatInfoString } from '../../../src/adapters/uci/format.ts';

describe('formatInfoString', () => {
  it('folds line breaks and tabs, and escapes every other control character', () => {
    expect(formatInfoString('one\r\n  two\tthree\x1b[31m\x07\x7f\x9b')).toBe('info string one two three\\u001b[31m\\u0007\\u007f\\u009b');
  });

  it('cuts text longer than MAX_INFO_STRING, saying how long it was', () => {
    expect(formatInfoString('y'.repeat(MAX_INFO_STRING))).toBe(`info string ${'y'.repeat(MAX_INFO_STRING)}`);
    expect(formatInfoString('y'.repeat(3_000_000))).toBe(`info string ${'y'.repeat(MAX_INFO_STRING)}… (cut: 3,000,000 characters)`);
  });
});
