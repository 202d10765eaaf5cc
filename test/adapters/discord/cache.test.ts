import { describe, expect, it } from 'vitest';
import { checkMateFields } from '../../../src/mate/request.ts';
import type { MateOutcome } from '../../../src/mate/answer.ts';
import { ExpiringLruCache, isCacheable, mateAnswerKey } from '../../../src/adapters/discord/cache.ts';
import type { MateReport } from '../../../src/search/mate/index.ts';

function clock() {
  let now = 0;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe('ExpiringLruCache', () => {
  it('serves an entry until its TTL, with its age', () => {
    const time = clock();
    const cache = new ExpiringLruCache<string, number>({ ttlMs: 1_000, maxEntries: 10, now: time.now });
    cache.set('a', 1);
    time.advance(999);
    expect(cache.get('a')).toEqual({ value: 1, ageMs: 999 });
    time.advance(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used entry when full', () => {
    const time = clock();
    const cache = new ExpiringLruCache<string, number>({ ttlMs: 60_000, maxEntries: 2, now: time.now });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a'); // a is now more recent than b
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.value).toBe(1);
    expect(cache.get('c')?.value).toBe(3);
  });

  it('refuses a TTL or size that would make it useless', () => {
    expect(() => new ExpiringLruCache({ ttlMs: 0, maxEntries: 1 })).toThrow(/TTL/);
    expect(() => new ExpiringLruCache({ ttlMs: 1, maxEntries: 0 })).toThrow(/size/);
  });
});

describe('mateAnswerKey', () => {
  const key = (fen: string, n: number, mode?: string) => mateAnswerKey(checkMateFields({ fen, n, mode }, 10));

  it('is the same for the same question however it is spaced', () => {
    const fen = 'b7/PP6/8/8/7K/6B1/6N1/4R1bk w - - 0 1';
    expect(key(`  ${fen.replaceAll(' ', '  ')}`, 3)).toBe(key(fen, 3));
    expect(key('startpos', 3)).toBe(key('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 3, 'all'));
  });

  it('differs by n, mode and move number', () => {
    const fen = 'b7/PP6/8/8/7K/6B1/6N1/4R1bk w - - 0 1';
    const keys = new Set([key(fen, 3), key(fen, 4), key(fen, 3, 'checks'), key(fen.replace(/1$/, '7'), 3)]);
    expect(keys.size).toBe(4);
  });

  it('differs by stipulation: a selfmate or a helpmate never gets the direct mate\'s answer', () => {
    const fen = 'b7/PP6/8/8/7K/6B1/6N1/4R1bk w - - 0 1';
    const keys = new Set(['direct', 'self', 'help'].map((kind) => mateAnswerKey(checkMateFields({ fen, n: 3, kind }, 10))));
    expect(keys.size).toBe(3);
    expect(mateAnswerKey(checkMateFields({ fen, n: 3, kind: 'direct' }, 10))).toBe(key(fen, 3));
  });
});

describe('isCacheable', () => {
  const report = (fields: Partial<MateReport>): MateReport => ({
    status: 'mate', mateIn: 2, keys: ['e1e4'], keysSan: ['Qe4+'], keysComplete: true, line: [], lineUci: [], lineComplete: true,
    nodes: 10, provenDepth: 1, ...fields,
  });
  const outcome = (fields: Partial<MateReport>, stoppedBy: MateOutcome['stoppedBy'] = null): MateOutcome => ({
    maxMoves: 3, mode: 'all', report: report(fields), ms: 5, stoppedBy, timeoutSeconds: 60,
  });

  it('keeps complete answers: a mate with every key, or a proof of no mate', () => {
    expect(isCacheable(outcome({}))).toBe(true);
    expect(isCacheable(outcome({ status: 'no-mate', mateIn: null, keys: [], keysSan: [] }))).toBe(true);
  });

  it('never keeps a stopped search, or a mate whose keys or line were cut short', () => {
    expect(isCacheable(outcome({ status: 'stopped', mateIn: null }, 'timeout'))).toBe(false);
    expect(isCacheable(outcome({ keysComplete: false }, 'timeout'))).toBe(false);
    expect(isCacheable(outcome({ lineComplete: false }, 'cancel'))).toBe(false);
  });
});
