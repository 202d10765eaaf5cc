// Choosing a move: the engine's answer in Lichess's castling form, the book first, and a move
// before the hard deadline whatever the pool does (never answers, fails, answers nonsense).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTING_FEN } from '../../src/chess/fen.ts';
import { WHITE } from '../../src/chess/types.ts';
import { type JobRunner, MoveChooser } from '../../src/games/chooseMove.ts';
import { type GameSetup, type GameState, GameSession } from '../../src/games/session.ts';
import type { PolyglotBook } from '../../src/search/book/index.ts';
import type { SearchResult } from '../../src/search/play/index.ts';
import { WorkerPool } from '../../src/workers/index.ts';

const CASTLE_READY = 'r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1';

function session(options: { fen?: string; variant?: string; moves?: string[]; wtime?: number } = {}): GameSession {
  const setup: GameSetup = {
    id: 'abcdefgh', variant: options.variant ?? 'standard', initialFen: options.fen ?? STARTING_FEN, ourColor: WHITE,
    us: { id: 'testbot', name: 'TestBot', title: 'BOT', rating: null }, opponent: { id: 'alice', name: 'Alice', title: null, rating: null },
    rated: false, speed: 'blitz', clock: { initialMs: 60_000, incrementMs: 0 },
  };
  const state: GameState = {
    moves: options.moves ?? ['e2e4', 'e7e5'], wtime: options.wtime ?? 60_000, btime: 60_000, winc: 0, binc: 0, status: 'started',
    winner: null, wdraw: false, bdraw: false, wtakeback: false, btakeback: false, millisToMove: null,
  };
  return GameSession.start(setup, state, performance.now());
}

function result(bestMove: string | null): SearchResult {
  return { bestMove, ponder: null, score: { cp: 12 }, depth: 7, nodes: 1000, timeMs: 5, pv: bestMove ? [bestMove] : [] };
}

const fixed = (answer: (job: unknown) => Promise<unknown>): JobRunner => ((job: unknown) => answer(job)) as JobRunner;

function chooser(run: JobRunner, overrides: Partial<ConstructorParameters<typeof MoveChooser>[0]> = {}) {
  return new MoveChooser({ run, hashMb: 1, book: null, moveOverheadMs: 50, correspondenceMoveMs: 1000, ...overrides });
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
