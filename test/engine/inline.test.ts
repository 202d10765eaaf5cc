// The engine client that runs jobs in the calling thread (the command line's): the solver's
// answers through the same job handlers the worker threads use, and the deadline and the signal
// polled while the search blocks the thread.

import { describe, expect, it } from 'vitest';
import { InlineEngine } from '../../src/engine/index.ts';
import { mateJob } from '../../src/mate/request.ts';

// Problems with known answers (MATER's worked examples and the public suite in ../shared/bench).
const KNIGHT_PROMOTION = 'b7/PP6/8/8/7K/6B1/6N1/4R1bk w - - 0 1'; // #3, key b7a8n (bxa8=N)
const BISHOP_PROMOTION = '8/2P1P1P1/3PkP2/8/4K3/8/8/8 w - - 0 1'; // #3, key e7e8b (e8=B)
const CASTLING_KEY = '2N2B2/2N1r3/8/3nQ2R/1k6/8/2B5/R3K3 w Q - 0 1'; // #2, key e1c1 (O-O-O); #3 by checks
const COOKED = '8/8/8/2p1R3/1p3p2/1p1k1p2/1B5p/1K2Q3 w - - 0 1'; // #2, keys e1d1 and e1e4
const BLACK_MATES = '2q5/4B2p/7n/4p1pk/P2n1b2/R3P2P/2r3P1/1Q3R1K b - - 0 1'; // #3 for black, key c8h3
const HARD = '3Q4/5q1k/4ppp1/2Kp1N1B/RR6/3P1r2/4nP2/3b4 w - - 0 1'; // #6: seconds of search

const engine = new InlineEngine();

describe('InlineEngine', () => {
  it.each([
    [KNIGHT_PROMOTION, 3, 'all', 3, ['b7a8n']],
    [BISHOP_PROMOTION, 3, 'all', 3, ['e7e8b']],
    [CASTLING_KEY, 2, 'all', 2, ['e1c1']],
    [CASTLING_KEY, 3, 'checks', 3, ['a1a4', 'c7d5', 'f8e7']],
    [COOKED, 2, 'all', 2, ['e1d1', 'e1e4']],
    [BLACK_MATES, 3, 'all', 3, ['c8h3']],
    [KNIGHT_PROMOTION, 2, 'all', null, []],
    [CASTLING_KEY, 2, 'checks', null, []],
  ] as const)('solves %s in %i (%s): mate in %s, keys %j', async (fen, n, mode, mateIn, keys) => {
    const result = await engine.run(mateJob(fen, n, mode));
    expect(result.mateIn).toBe(mateIn);
    expect([...result.keys].sort()).toEqual(keys);
    expect(result.status).toBe(mateIn === null ? 'no-mate' : 'mate');
  });

  it('stops at its time limit and says how far it proved', async () => {
    const start = performance.now();
    const result = await engine.run(mateJob(HARD, 6, 'all'), { deadline: Date.now() + 200 });
    expect(performance.now() - start).toBeLessThan(2000);
    expect(result.status).toBe('stopped');
    expect(result.provenDepth).toBeLessThan(6);
  });

  it('refuses a job whose signal was aborted before it started, as the worker threads do', async () => {
    await expect(engine.run(mateJob(HARD, 6, 'all'), { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('stops when its signal is aborted while it runs', async () => {
    const controller = new AbortController();
    const result = await engine.run(mateJob(HARD, 6, 'all'), {
      signal: controller.signal,
      onProgress: (progress) => {
        if (progress.depth === 2) controller.abort();
      },
    });
    expect(result.status).toBe('stopped');
    expect(result.provenDepth).toBe(2);
  });
});
