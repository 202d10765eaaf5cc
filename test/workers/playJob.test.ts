// The 'play' and 'playSetup' job kinds on a real pool of one worker: the position from a FEN and
// moves, progress per iteration, stopping, and the engine (with its table) kept between jobs.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FenError, STARTING_FEN } from '../../src/chess/fen.ts';
import { NO_MOVE } from '../../src/chess/move.ts';
import { parseUci } from '../../src/chess/uci.ts';
import type { SearchInfo } from '../../src/search/play/index.ts';
import { TranspositionTable } from '../../src/search/play/index.ts';
import { IllegalMoveError, playPosition } from '../../src/chess/replay.ts';
import { type PlayJob, SearchJobError, WorkerPool } from '../../src/workers/index.ts';
import { NODE_COUNT_UNIT } from '../../src/workers/playJob.ts';

const MATE_IN_2 = 'r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 0';
// After 1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6: white may castle.
const ITALIAN = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6'];

function play(extra: Partial<PlayJob> = {}): PlayJob {
  return { kind: 'play', fen: STARTING_FEN, moves: [], limits: { depth: 4 }, hashMb: 16, ...extra };
}

let pool: WorkerPool;

beforeAll(async () => {
  pool = new WorkerPool({ size: 1 });
  await pool.warmUp();
});

afterAll(async () => {
  await pool.close();
});

describe('the play job', () => {
  it('searches to the depth asked, reporting each iteration', async () => {
    const infos: SearchInfo[] = [];
    const result = await pool.run(play({ moves: ITALIAN }), { onProgress: (info) => infos.push(info) });
    expect(result.depth).toBe(4);
    expect(result.bestMove).not.toBeNull();
    expect(parseUci(playPosition(STARTING_FEN, ITALIAN), result.bestMove!)).not.toBe(NO_MOVE);
    expect(result.pv[0]).toBe(result.bestMove);
    const completed = infos.map((info) => info.depth);
    expect(completed).toContain(4);
    expect(completed[0]).toBe(1);
    for (const info of infos) {
      expect(info.pv.length).toBeGreaterThan(0);
      expect(info.nodes).toBeGreaterThan(0);
      expect(info.hashfull).toBeGreaterThanOrEqual(0);
    }
  });

  it('finds the mate the solver finds, with the same length', async () => {
    const result = await pool.run(play({ fen: MATE_IN_2, limits: { depth: 6 } }));
    expect(result.bestMove).toBe('d5f6');
    expect(result.score).toEqual({ mate: 2 });
  });

  it('answers a position without legal moves with no move', async () => {
    const mated = 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3';
    const result = await pool.run(play({ fen: mated }));
    expect(result.bestMove).toBeNull();
    expect(result.score).toEqual({ mate: 0 });
  });

  it('rejects an illegal move with an IllegalMoveError naming it', async () => {
    const error = await pool.run(play({ moves: ['e2e4', 'e2e4'] })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IllegalMoveError);
    expect((error as Error).message).toMatch(/^illegal move "e2e4" \(move 2 of 2\) in /);
  });

  it('rejects a bad FEN with a FenError', async () => {
    const error = await pool.run(play({ fen: '8/8/8 w - - 0 1' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FenError);
  });

  it('rejects a bad table size or bad limits before searching', async () => {
    for (const job of [play({ hashMb: 0 }), play({ hashMb: 4096 }), play({ limits: { depth: -1 } })]) {
      const error = await pool.run(job).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SearchJobError);
      expect((error as Error).message).toMatch(/^search failed: play job: /);
    }
  });

  it('stops an infinite search at once when cancelled, with a move', async () => {
    const controller = new AbortController();
    const infos: SearchInfo[] = [];
    const running = pool.run(play({ limits: { infinite: true } }), {
      signal: controller.signal,
      onProgress: (info) => infos.push(info),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stoppedAt = Date.now();
    controller.abort();
    const result = await running;
    expect(Date.now() - stoppedAt).toBeLessThan(200);
    expect(result.bestMove).toMatch(/^[a-h][1-8][a-h][1-8]$/);
    expect(infos.length).toBeGreaterThan(0);
  });

  it('stops at its deadline', async () => {
    const started = Date.now();
    const result = await pool.run(play({ limits: { infinite: true } }), { deadline: Date.now() + 300 });
    expect(Date.now() - started).toBeLessThan(800);
    expect(result.bestMove).not.toBeNull();
  });

  it('keeps its table between jobs, and forgets it for a new game', async () => {
    const job = play({ moves: ITALIAN, limits: { depth: 7 }, newGame: true });
    const first = await pool.run(job);
    const again = await pool.run({ ...job, newGame: false });
    expect(again.nodes).toBeLessThan(first.nodes);
    const fresh = await pool.run(job);
    expect(fresh.nodes).toBe(first.nodes);
    expect(fresh.bestMove).toBe(first.bestMove);
  });

  it('prepares the engine with playSetup: new table size, new game', async () => {
    const job = play({ moves: ITALIAN, limits: { depth: 7 }, hashMb: 8, newGame: true });
    const first = await pool.run(job);
    await pool.run({ ...job, newGame: false });
    const setup = await pool.run({ kind: 'playSetup', hashMb: 8, newGame: true });
    expect(setup.elapsedMs).toBeGreaterThanOrEqual(0);
    const fresh = await pool.run({ ...job, newGame: false });
    expect(fresh.nodes).toBe(first.nodes);
    // A smaller table is a different table: the search still works.
    await pool.run({ kind: 'playSetup', hashMb: 1 });
    const small = await pool.run({ ...job, hashMb: 1, newGame: false });
    expect(small.bestMove).not.toBeNull();
    const error = await pool.run({ kind: 'playSetup', hashMb: 2000 }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/hashMb must be an integer from 1 to 1024, got 2000/);
  });
});

describe('the play job with threads (a shared table)', () => {
  it('reports the helpers\' posted nodes with its own, and finds their work in the shared table', async () => {
    const table = TranspositionTable.sharedBuffer(4);
    const nodeCounts = new SharedArrayBuffer(8);
    const counts = new Int32Array(nodeCounts);
    // A helper (here with a depth, to end by itself) posts its count in units of NODE_COUNT_UNIT.
    await pool.run(play({ moves: ITALIAN, limits: { depth: 8, helper: 1 }, table, nodeCounts }));
    expect(counts[1]).toBeGreaterThan(0);
    // Depth 1 from the start: the root and its 20 moves; plus what the helper posted.
    const own = await pool.run(play({ limits: { depth: 1 }, newGame: true }));
    expect(own.nodes).toBe(21);
    const reports: SearchInfo[] = [];
    const main = await pool.run(play({ limits: { depth: 1 }, table, nodeCounts }), { onProgress: (info) => reports.push(info) });
    expect(main.nodes).toBe(21 + counts[1]! * NODE_COUNT_UNIT);
    expect(reports.at(-1)!.nodes).toBe(main.nodes);
    // The helper filled the shared table, not the worker's own.
    const shared = await pool.run(play({ moves: ITALIAN, limits: { depth: 7 }, table }));
    const alone = await pool.run(play({ moves: ITALIAN, limits: { depth: 7 }, newGame: true }));
    expect(shared.nodes).toBeLessThan(alone.nodes);
    const error = await pool.run(play({ limits: { depth: 1, helper: 2 }, table, nodeCounts })).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/nodeCounts must be a SharedArrayBuffer of one int32 per thread/);
  });
});
