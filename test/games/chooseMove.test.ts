// Choosing a move: the engine's answer in Lichess's castling form, the book first, and a move
// before the hard deadline whatever the pool does (never answers, fails, answers nonsense).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTING_FEN } from '../../src/chess/fen.ts';
import { WHITE } from '../../src/chess/types.ts';
import type { EngineClient } from '../../src/engine/index.ts';
import { MoveChooser } from '../../src/games/chooseMove.ts';
import { type GameSetup, type GameState, GameSession } from '../../src/games/session.ts';
import type { PolyglotBook } from '../../src/search/book/index.ts';
import type { SearchInfo, SearchResult } from '../../src/search/play/index.ts';
import { type PlayJob, type RunOptions, WorkerPool } from '../../src/workers/index.ts';

/** How the chooser submits its searches (an EngineClient's run). */
type JobRunner = EngineClient['run'];

const CASTLE_READY = 'r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1';

function session(
  options: { fen?: string; variant?: string; moves?: string[]; wtime?: number; millisToMove?: number; idleMillis?: number } = {},
): GameSession {
  const setup: GameSetup = {
    id: 'abcdefgh', variant: options.variant ?? 'standard', initialFen: options.fen ?? STARTING_FEN, ourColor: WHITE,
    us: { id: 'testbot', name: 'TestBot', title: 'BOT', rating: null }, opponent: { id: 'alice', name: 'Alice', title: null, rating: null },
    rated: false, speed: 'blitz', clock: { initialMs: 60_000, incrementMs: 0 },
  };
  const state: GameState = {
    moves: options.moves ?? ['e2e4', 'e7e5'], wtime: options.wtime ?? 60_000, btime: 60_000, winc: 0, binc: 0, status: 'started',
    winner: null, wdraw: false, bdraw: false, wtakeback: false, btakeback: false,
    millisToMove: options.millisToMove ?? null, idleMillis: options.idleMillis ?? null,
  };
  return GameSession.start(setup, state, performance.now());
}

function result(bestMove: string | null): SearchResult {
  return { bestMove, ponder: null, score: { cp: 12 }, depth: 7, nodes: 1000, timeMs: 5, pv: bestMove ? [bestMove] : [] };
}

const fixed = (answer: (job: unknown) => Promise<unknown>): JobRunner => ((job: unknown) => answer(job)) as JobRunner;

function chooser(run: JobRunner, overrides: Partial<ConstructorParameters<typeof MoveChooser>[0]> = {}) {
  return new MoveChooser({ engine: { run }, hashMb: 1, book: null, moveOverheadMs: 50, correspondenceMoveMs: 1000, ...overrides });
}

describe('MoveChooser', () => {
  it('plays the engine\'s move, castling as e1g1 in standard and e1h1 in chess960', async () => {
    const run = fixed(async () => result('e1g1'));
    const standard = await chooser(run).choose(session({ fen: CASTLE_READY, moves: [] }), new AbortController().signal);
    expect(standard).toMatchObject({ uci: 'e1g1', source: 'engine', score: { cp: 12 }, depth: 7 });
    const chess960 = await chooser(run).choose(session({ fen: CASTLE_READY, moves: [], variant: 'chess960' }), new AbortController().signal);
    expect(chess960?.uci).toBe('e1h1');
  });

  it('sends the play job the game\'s start, moves and clock', async () => {
    const jobs: unknown[] = [];
    await chooser(fixed(async (job) => (jobs.push(job), result('g1f3')))).choose(session({ wtime: 30_000 }), new AbortController().signal);
    expect(jobs[0]).toMatchObject({ kind: 'play', fen: STARTING_FEN, moves: ['e2e4', 'e7e5'], hashMb: 1, limits: { moveOverheadMs: 50 } });
    expect((jobs[0] as { limits: { clock: { timeMs: number } } }).limits.clock.timeMs).toBeLessThanOrEqual(30_000);
  });

  it('thinks on its first move for a quarter of what is left of Lichess\'s first-move wait, not of the whole wait', async () => {
    const limits: unknown[] = [];
    const run = fixed(async (job) => (limits.push((job as PlayJob).limits), result('e2e4')));
    // 30 s to make the first move, 29 s of it already gone (a game resumed after a restart).
    await chooser(run).choose(session({ moves: [], millisToMove: 30_000, idleMillis: 29_000 }), new AbortController().signal);
    // A quarter of the second left, and the 50 ms overhead: far below the 2 s a fresh wait allows.
    expect((limits[0] as { movetimeMs: number }).movetimeMs).toBeLessThanOrEqual(300);
    await chooser(run).choose(session({ moves: [], millisToMove: 30_000, idleMillis: 0 }), new AbortController().signal);
    expect((limits[1] as { movetimeMs: number }).movetimeMs).toBe(2050);
  });

  it('answers from the book without asking the engine', async () => {
    const book = { pick: () => ({ uci: 'g1f3', weight: 10 }) } as unknown as PolyglotBook;
    const choice = await chooser(fixed(async () => { throw new Error('not asked'); }), { book }).choose(session(), new AbortController().signal);
    expect(choice).toMatchObject({ uci: 'g1f3', source: 'book', score: null });
  });

  it('moves before the deadline when the pool never answers, with the best move it reported', async () => {
    const run = ((_job: unknown, options: { onProgress?: (info: unknown) => void }) => {
      options.onProgress?.({ depth: 3, seldepth: 3, score: { cp: 5 }, nodes: 10, timeMs: 1, nps: 0, pv: ['g1f3'], hashfull: 0 });
      return new Promise(() => {});
    }) as JobRunner;
    const start = performance.now();
    // 2 s on the clock: the outer deadline is a fraction of that.
    const choice = await chooser(run).choose(session({ wtime: 2000, moves: ['e2e4', 'e7e5', 'd2d4', 'e5d4'] }), new AbortController().signal);
    expect(performance.now() - start).toBeLessThan(1500);
    expect(choice).toMatchObject({ uci: 'g1f3', source: 'fallback', why: 'the engine missed its deadline' });
  });

  it('falls back to a quick search of its own when the pool fails or answers an illegal move', async () => {
    const failed = await chooser(fixed(async () => { throw new Error('search worker crashed: out of memory'); })).choose(session(), new AbortController().signal);
    expect(failed).toMatchObject({ source: 'fallback', why: 'search worker crashed: out of memory' });
    expect(failed!.uci).toMatch(/^[a-h][1-8][a-h][1-8]$/);
    const nonsense = await chooser(fixed(async () => result('e2e5'))).choose(session(), new AbortController().signal);
    expect(nonsense).toMatchObject({ source: 'fallback', why: 'the engine answered e2e5, not a legal move here' });
  });

  it('answers null when there is no legal move or the caller aborts', async () => {
    const mated = session({ moves: ['f2f3', 'e7e5', 'g2g4', 'd8h4'] });
    expect(await chooser(fixed(async () => result(null))).choose(mated, new AbortController().signal)).toBeNull();
    const controller = new AbortController();
    const pending = chooser(((_job: unknown, options: { signal: AbortSignal }) => new Promise((_resolve, reject) => {
      options.signal.addEventListener('abort', () => reject(new Error('cancelled')));
    })) as JobRunner).choose(session(), controller.signal);
    controller.abort();
    expect(await pending).toBeNull();
  });

  describe('pondering and helper threads', () => {
    /**
     * A runner that records each job with its options: searches to be stopped (infinite ones)
     * wait for their signal, the others answer `bestMove` at once.
     */
    function recording(bestMove = 'g1f3') {
      const calls: Array<{ job: PlayJob; options: RunOptions<unknown> }> = [];
      const run = ((job: PlayJob, options: RunOptions<unknown>) => {
        calls.push({ job, options });
        if (!job.limits.infinite) return Promise.resolve(result(bestMove));
        return new Promise((_resolve, reject) => options.signal?.addEventListener('abort', () => reject(new Error('stopped'))));
      }) as JobRunner;
      return { calls, run };
    }
    // White is us; after 1. e4 it is black's (the opponent's) turn.
    const theirTurn = () => session({ moves: ['e2e4'] });

    it('ponders the opponent\'s position as background work on the game\'s own table, until told to stop', async () => {
      const { calls, run } = recording();
      const moves = chooser(run);
      const game = theirTurn();
      const stop = new AbortController();
      const before = Date.now();
      const pondering = moves.ponder(game, stop.signal);
      expect(calls).toHaveLength(1);
      const { job, options } = calls[0]!;
      expect(job).toMatchObject({ kind: 'play', fen: STARTING_FEN, moves: ['e2e4'], limits: { infinite: true }, hashMb: 1 });
      expect(job.table).toBeInstanceOf(SharedArrayBuffer);
      expect(options).toMatchObject({ background: true, signal: stop.signal });
      // It ends by itself once the opponent's clock (60 s) would have run out, and a second more.
      expect(options.deadline! - before).toBeGreaterThanOrEqual(61_000);
      expect(options.deadline! - Date.now()).toBeLessThanOrEqual(61_000);
      stop.abort();
      expect(await pondering).toBe(0);
      // Our next search on that game finds what the pondering left in its table; another game has its own.
      game.update({ ...game.state, moves: ['e2e4', 'e7e5'] }, performance.now());
      expect((await moves.choose(game, new AbortController().signal))?.uci).toBe('g1f3');
      expect(calls[1]!.job.table).toBe(job.table);
      await moves.choose(session(), new AbortController().signal);
      expect(calls[2]!.job.table).toBeInstanceOf(SharedArrayBuffer);
      expect(calls[2]!.job.table).not.toBe(job.table);
    });

    it('does not ponder on its own turn, nor after the game is over', async () => {
      const { calls, run } = recording();
      expect(await chooser(run).ponder(session(), new AbortController().signal)).toBe(0);
      expect(await chooser(run).ponder(session({ moves: ['f2f3', 'e7e5', 'g2g4', 'd8h4'] }), new AbortController().signal)).toBe(0);
      expect(calls).toHaveLength(0);
    });

    it('with threads, adds helper searches as background work on the same table, stopped with the main search', async () => {
      const { calls, run } = recording();
      const answer = new AbortController();
      // The main search answers when told to; the helpers (infinite) wait to be stopped.
      const main = ((job: PlayJob, options: RunOptions<unknown>) => {
        if (job.limits.helper !== undefined) return run(job, options as never);
        calls.push({ job, options });
        return new Promise((resolve) => answer.signal.addEventListener('abort', () => resolve(result('g1f3'))));
      }) as JobRunner;
      const choosing = chooser(main, { threads: 3 }).choose(session(), new AbortController().signal);
      const [first, ...helpers] = calls;
      expect(first!.job.limits.helper).toBeUndefined();
      expect(first!.options.background).toBeUndefined();
      expect(helpers.map((h) => h.job.limits)).toEqual([{ infinite: true, helper: 1 }, { infinite: true, helper: 2 }]);
      for (const helper of helpers) {
        expect(helper.job.table).toBe(first!.job.table);
        expect(helper.options).toMatchObject({ background: true, deadline: first!.options.deadline });
        expect(helper.options.signal?.aborted).toBe(false);
      }
      answer.abort();
      expect((await choosing)?.uci).toBe('g1f3');
      for (const helper of helpers) expect(helper.options.signal?.aborted).toBe(true);
      // One thread (the default): no helpers.
      const single = recording();
      await chooser(single.run).choose(session(), new AbortController().signal);
      expect(single.calls).toHaveLength(1);
    });

    it('fills the game\'s table from a real worker while pondering, and yields that worker to the next search', async () => {
      const pool = new WorkerPool({ size: 1 });
      try {
        await pool.warmUp();
        const tables: SharedArrayBuffer[] = [];
        const run = ((job: PlayJob, options: RunOptions<SearchInfo>) => {
          tables.push(job.table!);
          return pool.run(job, options);
        }) as JobRunner;
        const moves = chooser(run);
        const game = theirTurn();
        const stop = new AbortController();
        const pondering = moves.ponder(game, stop.signal);
        // 300 ms at least, so the pondering gets some way; longer while the worker has written
        // nothing yet, as on a loaded machine, where its thread may take that long to search.
        const filled = () => tables.length > 0 && new Int32Array(tables[0]!).some((word) => word !== 0);
        const since = performance.now();
        while (performance.now() - since < 300 || (!filled() && performance.now() - since < 10_000)) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(filled()).toBe(true);
        // The opponent moves: our search must not wait for the pondering to end by itself.
        game.update({ ...game.state, moves: ['e2e4', 'c7c5'] }, performance.now());
        const start = performance.now();
        const choice = await moves.choose(game, new AbortController().signal);
        expect(choice?.source).toBe('engine');
        expect(performance.now() - start).toBeLessThan(5000);
        // The pool stopped the pondering for the search; it had got some way.
        expect(await pondering).toBeGreaterThan(3);
        stop.abort();
      } finally {
        await pool.close();
      }
    });
  });

  describe('with the real worker pool', () => {
    const pool = new WorkerPool({ size: 1 });
    // As the bot does at start-up: the thread loads the engine before the first clock runs.
    beforeAll(() => pool.warmUp());
    afterAll(() => pool.close());

    it('plays a legal move within its budget from a short clock', async () => {
      const run: JobRunner = (job, options) => pool.run(job, options);
      const start = performance.now();
      const choice = await chooser(run).choose(session({ wtime: 3000, moves: ['e2e4', 'e7e5', 'g1f3', 'b8c6'] }), new AbortController().signal);
      expect(choice?.source).toBe('engine');
      expect(choice?.uci).toMatch(/^[a-h][1-8][a-h][1-8]$/);
      // The budget is a fraction of the 3 s clock.
      expect(performance.now() - start).toBeLessThan(2500);
    });
  });
});
