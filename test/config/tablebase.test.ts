// The config's lichess.tablebase section: its defaults, the URL kept without a trailing slash, and
// each bad value named with its key.

import { describe, expect, it } from 'vitest';
import { fileConfigSchema } from '../../src/config/schema.ts';

function tablebase(value: unknown) {
  return fileConfigSchema.safeParse({ lichess: { tablebase: value } });
}

function problems(value: unknown): string[] {
  const parsed = tablebase(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('config lichess.tablebase', () => {
  it('defaults: on, Lichess\'s tablebase, up to 7 pieces, at most 500 ms a request', () => {
    expect(fileConfigSchema.parse({}).lichess.tablebase).toEqual({
      enabled: true, url: 'https://tablebase.lichess.org', maxPieces: 7, maxWaitMs: 500,
    });
  });

  it('takes another server, kept without its trailing slash', () => {
    expect(tablebase({ url: 'http://127.0.0.1:9000/' }).data?.lichess.tablebase.url).toBe('http://127.0.0.1:9000');
  });

  it('names each bad value with its key', () => {
    expect(problems({ url: 'ftp://example.org' })).toEqual(['lichess.tablebase.url: expected an http:// or https:// URL']);
    expect(problems({ maxPieces: 8 })).toEqual(['lichess.tablebase.maxPieces: expected an integer from 3 to 7']);
    expect(problems({ maxWaitMs: 10 })).toEqual(['lichess.tablebase.maxWaitMs: expected an integer from 50 to 5000']);
    expect(problems({ enabled: 'yes' })).toEqual(['lichess.tablebase.enabled: expected true or false']);
    expect(problems({ maxpieces: 5 })).toHaveLength(1);
  });
});
