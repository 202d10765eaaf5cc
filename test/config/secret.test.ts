import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { Secret, redact } from '../../src/config/secret.ts';

describe('Secret', () => {
  const secret = new Secret('lip_topsecret');

  it('gives its value only through reveal()', () => {
    expect(secret.reveal()).toBe('lip_topsecret');
  });

  it('masks itself in every text form', () => {
    for (const text of [String(secret), `${secret}`, JSON.stringify({ secret }), inspect(secret), inspect({ secret })]) {
      expect(text).not.toContain('topsecret');
      expect(text).toContain('[redacted]');
    }
  });
});

describe('redact', () => {
  it('masks every occurrence of every secret', () => {
    const secrets = [new Secret('aaa'), null, new Secret('bbb')];
    expect(redact('aaa then bbb then aaa', secrets)).toBe('[redacted] then [redacted] then [redacted]');
  });

  it('leaves text without secrets alone', () => {
    expect(redact('nothing here', [new Secret('x1y2'), undefined])).toBe('nothing here');
  });
});
