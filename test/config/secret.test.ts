import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { Secret, maskUrlCredentials, redact } from '../../src/config/secret.ts';

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

describe('maskUrlCredentials', () => {
  it("masks a URL's user name and password, keeping the rest", () => {
    expect(maskUrlCredentials('http://user:pass@127.0.0.1:9/api')).toBe('http://[redacted]@127.0.0.1:9/api');
    expect(maskUrlCredentials('HTTPS://ghp_token@github.com/x')).toBe('HTTPS://[redacted]@github.com/x');
    expect(maskUrlCredentials('redis://:pw@host:6379')).toBe('redis://[redacted]@host:6379');
  });

  it('masks every URL in a text, as a library quotes it, in quotes or not', () => {
    expect(maskUrlCredentials('GET "http://a:b@x/api" then connect ECONNREFUSED http://c:d@y:9 failed')).toBe(
      'GET "http://[redacted]@x/api" then connect ECONNREFUSED http://[redacted]@y:9 failed',
    );
  });

  it('masks a password with a raw "@" in it whole', () => {
    expect(maskUrlCredentials('http://bob:p@ss@host/api')).toBe('http://[redacted]@host/api');
  });

  it('leaves "@" in a path, e-mail addresses and URLs without credentials alone', () => {
    for (const text of ['https://lichess.org/@/bob', 'write to bob@example.org', 'http://127.0.0.1:9/api?x=a@b', 'no url']) {
      expect(maskUrlCredentials(text)).toBe(text);
    }
  });

  it('is idempotent', () => {
    const once = maskUrlCredentials('http://u:p@h/');
    expect(maskUrlCredentials(once)).toBe(once);
  });
});
