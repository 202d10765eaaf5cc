// The tablebase in a game: the move chosen from answers in the documented shape (win fastest by
// DTM where the fifty-move rule allows, else by DTZ; mate at once; hold the draw; lose slowest),
// the verdict for draws and resignation, which positions are asked about, the wait drawn from the
// clock, and the chooser playing the tablebase's move without a search, asking once per position
// per game, and searching when no answer comes in time.

import { describe, expect, it } from 'vitest';
import { parseFen } from '../../src/chess/fen.ts';
import { WHITE } from '../../src/chess/types.ts';
import type { EngineClient } from '../../src/engine/index.ts';
import { fileConfigSchema } from '../../src/config/schema.ts';
import { MoveChooser } from '../../src/games/chooseMove.ts';
import { ScoreHistory, acceptsDraw, offersDraw, resigns } from '../../src/games/decisions.ts';
import { type GameSetup, GameSession } from '../../src/games/session.ts';
import {
  type TablebaseAnswer, type TablebaseCategory, type TablebaseMove, type TablebaseProber, pickTablebaseMove, tablebaseCovers,
  tablebaseWaitMs, verdictOf,
} from '../../src/games/tablebase.ts';
import type { SearchResult } from '../../src/search/play/index.ts';

function move(uci: string, category: TablebaseCategory, dtz: number | null, dtm: number | null, extra: Partial<TablebaseMove> = {}): TablebaseMove {
  return { uci, category, dtz, dtm, zeroing: false, checkmate: false, stalemate: false, ...extra };
}

function answer(category: TablebaseCategory, moves: TablebaseMove[], dtz: number | null = null, dtm: number | null = null): TablebaseAnswer {
  return { category, dtz, dtm, moves };
}

// The spec's example (examples/tablebase-lookupStandard.json.yaml): 4k3/6KP/8/8/8/8/7p/8 w - - 0 1.
const SPEC_EXAMPLE = answer('win', [
  move('h7h8q', 'loss', -2, -16, { zeroing: true }),
  move('h7h8r', 'loss', -2, -26, { zeroing: true }),
  move('g7g8', 'draw', 0, 0),
  move('g7f6', 'win', 1, 19),
  move('g7g6', 'win', 1, 19),
  move('g7h6', 'win', 1, 19),
], 1, 17);

describe('the move from a tablebase answer', () => {
  it('plays the spec example\'s best move, a win', () => {
    expect(pickTablebaseMove(SPEC_EXAMPLE, 0)).toEqual({ uci: 'h7h8q', verdict: 'win', category: 'loss', dtz: -2, dtm: -16 });
  });

  it('does not rely on the best-first order', () => {
    const shuffled = answer('win', [...SPEC_EXAMPLE.moves].reverse(), 1, 17);
    expect(pickTablebaseMove(shuffled, 0)?.uci).toBe('h7h8q');
  });

  it('mates at once when it can', () => {
    const a = answer('win', [move('a1a2', 'loss', -2, -2), move('b7b8', 'loss', 0, 0, { checkmate: true }), move('c1c2', 'loss', -1, -1)], 1, 1);
    expect(pickTablebaseMove(a, 0)).toMatchObject({ uci: 'b7b8', verdict: 'win' });
  });

  it('wins by the shortest mate, unless the fifty-move rule could strike first: then by the lowest DTZ', () => {
    const a = answer('win', [move('a1a2', 'loss', -4, -30), move('b1b2', 'loss', -10, -12)], 5, 13);
    expect(pickTablebaseMove(a, 0)?.uci).toBe('b1b2');
    // 80 plies without a capture or pawn move: a mate 12 plies on would come at 93 (in time), 30 on too late for DTM.
    expect(pickTablebaseMove(a, 80)?.uci).toBe('b1b2');
    expect(pickTablebaseMove(a, 90)?.uci).toBe('a1a2');
    // A zeroing move starts the count over.
    const zeroing = answer('win', [move('a1a2', 'loss', -4, -60), move('b1b2', 'loss', -10, -40, { zeroing: true })], 5, 41);
    expect(pickTablebaseMove(zeroing, 90)?.uci).toBe('b1b2');
  });

  it('wins by DTZ where there is no DTM (7 pieces), sure wins before rounded or unsure ones', () => {
    const a = answer('win', [
      move('a1a2', 'maybe-loss', -1, null), move('b1b2', 'syzygy-loss', -3, null), move('c1c2', 'loss', -9, null), move('d1d2', 'loss', -5, null),
    ], 6);
    expect(pickTablebaseMove(a, 0)?.uci).toBe('d1d2');
  });

  it('holds the draw with the tablebase\'s first drawing move', () => {
    const a = answer('draw', [move('a1a2', 'win', 3, 5), move('b1b2', 'draw', 0, 0), move('c1c2', 'draw', 0, 0), move('d1d2', 'syzygy-win', 20, null)]);
    expect(pickTablebaseMove(a, 0)).toMatchObject({ uci: 'b1b2', verdict: 'draw' });
  });

  it('prefers a win cursed by the fifty-move rule to a draw, and calls it a draw', () => {
    const a = answer('cursed-win', [move('a1a2', 'draw', 0, 0), move('b1b2', 'blessed-loss', -120, null)], 121);
    expect(pickTablebaseMove(a, 0)).toMatchObject({ uci: 'b1b2', verdict: 'draw' });
  });

  it('loses slowest: the longest DTZ, then the longest DTM; a blessed loss before a loss', () => {
    const lost = answer('loss', [move('a1a2', 'win', 3, 5), move('b1b2', 'win', 9, 15), move('c1c2', 'win', 9, 21), move('d1d2', 'win', 1, 1)], -10, -22);
    expect(pickTablebaseMove(lost, 0)).toMatchObject({ uci: 'c1c2', verdict: 'loss' });
    const blessed = answer('blessed-loss', [move('a1a2', 'win', 30, 35), move('b1b2', 'cursed-win', 101, null)], -102);
    expect(pickTablebaseMove(blessed, 0)).toMatchObject({ uci: 'b1b2', verdict: 'draw' });
  });

  it('gives no move for an unknown or unsure position, or one without moves', () => {
    expect(pickTablebaseMove(answer('unknown', [move('a1a2', 'unknown', null, null)]), 0)).toBeNull();
    expect(pickTablebaseMove(answer('maybe-win', [move('a1a2', 'maybe-loss', null, null)]), 0)).toBeNull();
    expect(pickTablebaseMove(answer('loss', [], 0, 0), 0)).toBeNull();
  });

  it('reads categories as the side to move\'s prospects', () => {
    expect(['win', 'syzygy-win', 'cursed-win', 'draw', 'blessed-loss', 'syzygy-loss', 'loss', 'maybe-win', 'maybe-loss', 'unknown'].map(
      (c) => verdictOf(c as TablebaseCategory),
    )).toEqual(['win', 'win', 'draw', 'draw', 'draw', 'loss', 'loss', null, null, null]);
  });
});

describe('when the tablebase is asked', () => {
  it('in standard-rules positions of at most maxPieces pieces without castling rights', () => {
    const kqk = parseFen('7k/8/8/8/8/8/8/KQ6 w - - 0 1');
    expect(tablebaseCovers(kqk, 'standard', 7)).toBe(true);
    expect(tablebaseCovers(kqk, 'fromPosition', 3)).toBe(true);
    expect(tablebaseCovers(kqk, 'chess960', 7)).toBe(true);
    expect(tablebaseCovers(kqk, 'standard', 2)).toBe(false);
    expect(tablebaseCovers(kqk, 'atomic', 7)).toBe(false);
    expect(tablebaseCovers(parseFen('4k3/8/8/8/8/8/8/R3K3 w Q - 0 1'), 'standard', 7)).toBe(false);
    expect(tablebaseCovers(parseFen('r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w - - 2 3'), 'standard', 7)).toBe(false);
  });

  it('with a wait drawn from the clock: a small share, capped, none when too little is left', () => {
    expect(tablebaseWaitMs(Infinity, 500)).toBe(500);
    expect(tablebaseWaitMs(60_000, 500)).toBe(500);
    expect(tablebaseWaitMs(10_000, 500)).toBe(250);
    expect(tablebaseWaitMs(4_000, 500)).toBe(100);
    expect(tablebaseWaitMs(500, 500)).toBe(0);
    expect(tablebaseWaitMs(-300, 500)).toBe(0);
  });
});

describe('the verdict in draw and resign decisions', () => {
  const DEFAULTS = fileConfigSchema.parse({}).lichess;
  const KQK = parseFen('7k/8/8/8/8/8/8/KQ6 w - - 0 1');
  const hopeless = new ScoreHistory();
  for (let i = 0; i < 6; i++) hopeless.push({ cp: -3000 });
  const winning = new ScoreHistory();
  winning.push({ cp: 900 });

  it('never takes a draw in a tablebase win, takes it in a tablebase draw or loss', () => {
    expect(acceptsDraw(DEFAULTS, hopeless, KQK, 'win')).toBe(false);
    expect(acceptsDraw(DEFAULTS, winning, KQK, 'draw')).toBe(true);
    expect(acceptsDraw(DEFAULTS, winning, KQK, 'loss')).toBe(true);
    expect(acceptsDraw({ ...DEFAULTS, draw: { ...DEFAULTS.draw, accept: false } }, winning, KQK, 'loss')).toBe(false);
  });

  it('offers a draw in a tablebase draw only', () => {
    expect(offersDraw(DEFAULTS, winning, KQK, 'draw')).toBe(true);
    expect(offersDraw(DEFAULTS, winning, KQK, 'win')).toBe(false);
    expect(offersDraw({ ...DEFAULTS, draw: { ...DEFAULTS.draw, offer: false } }, winning, KQK, 'draw')).toBe(false);
  });

  it('resigns a tablebase loss only when resigning is enabled, and never a tablebase draw however bad the evaluations', () => {
    const enabled = { ...DEFAULTS, resign: { ...DEFAULTS.resign, enabled: true } };
    expect(resigns(DEFAULTS, winning, 'loss')).toBe(false);
    expect(resigns(enabled, winning, 'loss')).toBe(true);
    expect(resigns(enabled, hopeless, 'draw')).toBe(false);
    expect(resigns(enabled, hopeless, null)).toBe(true);
  });
});

// ---- the chooser with a tablebase ----

const KQK_FEN = '7k/8/8/8/8/8/8/KQ6 w - - 0 1';

function kqkSession(wtime = 60_000): GameSession {
  const setup: GameSetup = {
    id: 'abcdefgh', variant: 'fromPosition', initialFen: KQK_FEN, ourColor: WHITE,
    us: { id: 'testbot', name: 'TestBot', title: 'BOT', rating: null }, opponent: { id: 'alice', name: 'Alice', title: null, rating: null },
    rated: false, speed: 'bullet', clock: { initialMs: 60_000, incrementMs: 0 },
  };
  // Two plies played (the clocks run): Qb1-b2, Kh8-g8 and back... simply a shuffle that keeps KQK.
  return GameSession.start(setup, {
    moves: ['b1b2', 'h8g8'], wtime, btime: 60_000, winc: 0, binc: 0, status: 'started', winner: null,
    wdraw: false, bdraw: false, wtakeback: false, btakeback: false, millisToMove: null,
  }, performance.now());
}

const WIN_ANSWER = answer('win', [move('b2b7', 'loss', -2, -2), move('b2g7', 'loss', -3, -9)], 3, 3);

function prober(reply: (fen: string, timeoutMs: number) => Promise<TablebaseAnswer | null>, available = () => true) {
  const asked: Array<{ fen: string; timeoutMs: number }> = [];
  const p: TablebaseProber = {
    probe: (fen, { timeoutMs }) => {
      asked.push({ fen, timeoutMs });
      return reply(fen, timeoutMs);
    },
    isAvailable: available,
  };
  return { prober: p, asked };
}

function searcher() {
  const jobs: unknown[] = [];
  const result: SearchResult = { bestMove: 'b2b8', ponder: null, score: { mate: 2 }, depth: 5, nodes: 10, timeMs: 1, pv: ['b2b8'] };
  const engine: EngineClient = { run: (async (job: unknown) => (jobs.push(job), result)) as EngineClient['run'] };
  return { engine, jobs };
}

describe('the chooser with a tablebase', () => {
  it('plays the tablebase\'s move without a search, and asks once per position in a game', async () => {
    const { engine, jobs } = searcher();
    const { prober: p, asked } = prober(async () => WIN_ANSWER);
    const chooser = new MoveChooser({ engine, hashMb: 1, book: null, moveOverheadMs: 50, correspondenceMoveMs: 1000, tablebase: { prober: p, maxPieces: 7, maxWaitMs: 300 } });
    const game = kqkSession();
    const choice = await chooser.choose(game, new AbortController().signal);
    expect(choice).toMatchObject({ uci: 'b2b7', source: 'tablebase', score: null, tablebase: { verdict: 'win', category: 'loss', dtm: -2 } });
    expect(asked).toEqual([{ fen: '6k1/8/8/8/8/8/1Q6/K7 w - - 2 2', timeoutMs: 300 }]);
    await chooser.choose(game, new AbortController().signal);
    expect(asked).toHaveLength(1);
    // Another game asks for itself.
    await chooser.choose(kqkSession(), new AbortController().signal);
    expect(asked).toHaveLength(2);
    expect(jobs).toHaveLength(0);
  });

  it('gives the request a deadline from the clock, and searches when no answer comes', async () => {
    const { engine, jobs } = searcher();
    const { prober: p, asked } = prober(async () => null);
    const chooser = new MoveChooser({ engine, hashMb: 1, book: null, moveOverheadMs: 100, correspondenceMoveMs: 1000, tablebase: { prober: p, maxPieces: 7, maxWaitMs: 500 } });
    const choice = await chooser.choose(kqkSession(8_000), new AbortController().signal);
    expect(choice).toMatchObject({ uci: 'b2b8', source: 'engine' });
    expect(jobs).toHaveLength(1);
    // (8000 - 100 overhead - 100 reserve - a few ms) / 40.
    expect(asked[0]!.timeoutMs).toBeGreaterThan(180);
    expect(asked[0]!.timeoutMs).toBeLessThanOrEqual(195);
  });

  it('does not ask while the tablebase is paused, nor in positions it does not hold, and ponders only then', async () => {
    const { engine, jobs } = searcher();
    let available = false;
    const { prober: p, asked } = prober(async () => WIN_ANSWER, () => available);
    const chooser = new MoveChooser({ engine, hashMb: 1, book: null, moveOverheadMs: 50, correspondenceMoveMs: 1000, tablebase: { prober: p, maxPieces: 2, maxWaitMs: 300 } });
    expect((await chooser.choose(kqkSession(), new AbortController().signal))?.source).toBe('engine');
    const covered = new MoveChooser({ engine, hashMb: 1, book: null, moveOverheadMs: 50, correspondenceMoveMs: 1000, tablebase: { prober: p, maxPieces: 7, maxWaitMs: 300 } });
    expect((await covered.choose(kqkSession(), new AbortController().signal))?.source).toBe('engine');
    expect(asked).toHaveLength(0);
    expect(jobs).toHaveLength(2);
    available = true;
    const theirTurn = GameSession.start(kqkSession().setup, { ...kqkSession().state, moves: ['b1b2'] }, performance.now());
    expect(await covered.ponder(theirTurn, new AbortController().signal)).toBe(0);
    expect(jobs).toHaveLength(2);
  });
});
