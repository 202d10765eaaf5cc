// Running a /mate job on the engine client: the time limit becomes a deadline once, progress
// comes as lines, and an unfinished search says why it ended (time, cancel, shutdown).

import { describe, expect, it } from 'vitest';
import type { EngineClient, MateJob, SearchOptions } from '../../src/engine/index.ts';
import { formatMateAnswer } from '../../src/mate/answer.ts';
import { checkMateFields } from '../../src/mate/request.ts';
import { SHUTDOWN, searchMate } from '../../src/mate/search.ts';
import type { MateProgress, MateReport } from '../../src/search/mate/index.ts';
import { mateEngine } from '../support/fakeEngine.ts';

const KNIGHT_PROMOTION = 'b7/PP6/8/8/7K/6B1/6N1/4R1bk w - - 0 1'; // #3, key b7a8n (bxa8=N)
const BARE_KINGS = '8/8/8/8/8/8/8/k1K5 w - - 0 1';

function report(fields: Partial<MateReport>): MateReport {
  return {
    status: 'mate', mateIn: null, keys: [], keysSan: [], keysComplete: true, line: [], lineUci: [], lineComplete: true, nodes: 0,
    provenDepth: 0, ...fields,
  };
}

describe('searchMate', () => {
  function fakeRunner(result: Partial<MateReport>, seen: Array<{ job: MateJob; options: SearchOptions<MateProgress> }> = []): EngineClient {
    return mateEngine(async (job, options = {}) => {
      seen.push({ job, options });
      options.onProgress?.({ depth: 1, nodes: 10, found: false, elapsedMs: 1234 });
      return { ...report(result), elapsedMs: 4321 };
    });
  }

  it('passes the time limit as the engine\'s time limit, the latest end as its deadline, and the progress as lines', async () => {
    const seen: Array<{ job: MateJob; options: SearchOptions<MateProgress> }> = [];
    const lines: string[] = [];
    const result = await searchMate(fakeRunner({ status: 'no-mate' }, seen), { kind: 'mate', fen: BARE_KINGS, maxMoves: 1, mode: 'all' }, {
      timeoutSeconds: 2,
      latestEnd: 1_900_000_000_000,
      onProgress: (line) => lines.push(line),
    });
    // Counted from when the search starts, wherever it waited first; the latest end is absolute.
    expect(seen[0]!.options.timeLimitMs).toBe(2000);
    expect(seen[0]!.options.deadline).toBe(1_900_000_000_000);
    // The times are the search's own, as its thread measured them, not the wait for a thread.
    expect(lines).toEqual(['n=1   nodes          10     1.23 s  no mate']);
    expect(result).toMatchObject({ maxMoves: 1, mode: 'all', stoppedBy: null, timeoutSeconds: 2, ms: 4321 });
  });

  it('tells a cancellation from a time-out', async () => {
    const job = { kind: 'mate', fen: BARE_KINGS, maxMoves: 1, mode: 'all' } as const;
    const aborted = AbortSignal.abort();
    expect((await searchMate(fakeRunner({ status: 'stopped' }), job, { signal: aborted })).stoppedBy).toBe('cancel');
    expect((await searchMate(fakeRunner({ status: 'stopped' }), job, { timeoutSeconds: 1 })).stoppedBy).toBe('timeout');
    expect((await searchMate(fakeRunner({ mateIn: 1, keysComplete: false }), job)).stoppedBy).toBe('timeout');
  });
});

describe('searchMate, stopped', () => {
  const job = { kind: 'mate', fen: KNIGHT_PROMOTION, maxMoves: 3, mode: 'all' } as const;
  const position = checkMateFields({ fen: KNIGHT_PROMOTION, n: 3 }, 10).position;

  it('answers a search cancelled while it waited for a worker as stopped, not failed', async () => {
    const controller = new AbortController();
    controller.abort();
    const refuses = mateEngine(async () => {
      throw Object.assign(new Error('the search was cancelled before it started'), { name: 'AbortError' });
    });
    const outcome = await searchMate(refuses, job, { signal: controller.signal, timeoutSeconds: 5 });
    expect(outcome.stoppedBy).toBe('cancel');
    expect(formatMateAnswer(outcome, position).split('\n')[0]).toBe('Cancelled while searching n = 1: nothing is proven yet.');
  });

  it('still fails on an AbortError when nobody cancelled', async () => {
    const refuses = mateEngine(async () => {
      throw Object.assign(new Error('odd'), { name: 'AbortError' });
    });
    await expect(searchMate(refuses, job)).rejects.toThrow('odd');
  });

  it('says a shutdown stopped it, not the person who asked', async () => {
    const controller = new AbortController();
    const stopped: MateReport = {
      status: 'stopped', mateIn: null, keys: [], keysSan: [], keysComplete: true, line: [], lineUci: [], lineComplete: true,
      nodes: 99, provenDepth: 2,
    };
    const runner = mateEngine(async () => {
      controller.abort(SHUTDOWN);
      return stopped;
    });
    const outcome = await searchMate(runner, job, { signal: controller.signal });
    expect(outcome.stoppedBy).toBe('shutdown');
    expect(formatMateAnswer(outcome, position).split('\n')[0]).toBe(
      'Stopped because the bot is shutting down while searching n = 3: no mate in 2 or fewer is proven.',
    );
  });
});
