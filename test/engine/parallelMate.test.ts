// One mate problem on every idle thread of the local engine (real worker threads): the same
// answers as one thread, the whole pool for one problem, and the helpers giving their threads up
// the moment another problem would have to wait.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalEngine, InlineEngine, type MateJob, type MateJobResult, localEngine } from '../../src/engine/index.ts';
import { SharedMateTables } from '../../src/engine/parallelMate.ts';
import { MateTable } from '../../src/search/mate/index.ts';

// From the public suite (bench/data/mate-public.jsonl).
const PROBLEMS: ReadonlyArray<{ fen: string; n: number }> = [
  { fen: '4Q2B/8/2p5/6R1/1p3p1p/1p1k1p2/8/1K6 w - - 0 1', n: 4 },
  { fen: '8/2Nb4/pp6/4rp1p/1Pp1pPkP/PpPpR3/1B1P2N1/1K6 w - - 0 1', n: 5 },
  { fen: '8/2Nb4/pp6/4rp1p/1Pp1pPkP/PpPpR3/1B1P2N1/1K6 w - - 0 1', n: 4 },
  { fen: '8/8/8/1p6/8/PK6/B6P/k7 w - - 0 1', n: 8 },
  { fen: '5r1k/pR2Q1pp/8/q2pP3/3Pn3/4B1P1/7P/7K b - - 0 1', n: 7 },
];
// Several seconds on one thread: long enough to watch while it runs.
const LONG: MateJob = { kind: 'mate', fen: '3Q4/5q1k/4ppp1/2Kp1N1B/RR6/3P1r2/4nP2/3b4 w - - 0 1', maxMoves: 6, mode: 'all' };
const MATE_IN_2: MateJob = { kind: 'mate', fen: 'r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 0', maxMoves: 2, mode: 'all' };

function job(problem: { fen: string; n: number }): MateJob {
  return { kind: 'mate', fen: problem.fen, maxMoves: problem.n, mode: 'all', tree: true };
}

function answer(report: MateJobResult): unknown {
  return { status: report.status, mateIn: report.mateIn, keys: report.keys, line: report.lineUci, tree: report.tree };
}

async function waitFor(condition: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('a mate problem on every idle thread', () => {
  let engine: LocalEngine;

  beforeAll(async () => {
    engine = localEngine({ threads: 2 });
    await engine.warmUp();
  }, 60_000);

  afterAll(async () => {
    await engine.close();
  });

  it('answers exactly as one thread does: length, keys, main line, tree', async () => {
    const inline = new InlineEngine();
    for (const problem of PROBLEMS) {
      const alone = await inline.run(job(problem));
      const together = await engine.run(job(problem));
      expect(answer(together)).toEqual(answer(alone));
    }
  }, 60_000);

  it('takes the whole pool for one problem, and gives a thread up when a second problem comes', async () => {
    const stop = new AbortController();
    const long = engine.run(LONG, { signal: stop.signal });
    let longEnded = false;
    void long.finally(() => {
      longEnded = true;
    });
    await waitFor(() => engine.stats.running === 2);
    // The helper is stopped for it: the short problem does not wait for the long one.
    const short = await engine.run(MATE_IN_2);
    expect(short.keysSan).toEqual(['Nf6+']);
    expect(longEnded).toBe(false);
    stop.abort();
    const stopped = await long;
    expect(stopped.status).toBe('stopped');
    await waitFor(() => engine.stats.running === 0);
  }, 60_000);

  it('stops its helpers with it: a cancelled problem leaves every thread free', async () => {
    const stop = new AbortController();
    const long = engine.run(LONG, { signal: stop.signal });
    await waitFor(() => engine.stats.running === 2);
    stop.abort();
    await long;
    await waitFor(() => engine.stats.running === 0, 3000);
  }, 60_000);
});

describe('the shared tables kept between problems', () => {
  it('hands the same table back out, emptied', () => {
    const tables = new SharedMateTables();
    const first = tables.take();
    const table = new MateTable(first.table);
    table.storeWin(1, 2, 3, 4);
    tables.give(first);
    const second = tables.take();
    expect(second.table).toBe(first.table);
    expect(new MateTable(second.table).probe(1, 2)).toBe(false);
    // One in use is not handed out twice.
    expect(tables.take().table).not.toBe(second.table);
  });
});
