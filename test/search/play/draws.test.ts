// Draws by rule inside the search: repetition (perpetual check), the fifty-move rule, stalemate
// and insufficient material all score 0, and the engine steers into them when it is losing and
// away from them when it is winning.
import { describe, expect, it } from 'vitest';
import { parseFen } from '../../../src/chess/fen.ts';
import type { Position } from '../../../src/chess/position.ts';
import { parseUci } from '../../../src/chess/uci.ts';
import { Engine, type Score, type SearchLimits } from '../../../src/search/play/index.ts';

const engine = new Engine(16);

function search(position: Position | string, limits: SearchLimits = { depth: 8 }) {
  engine.newGame();
  const pos = typeof position === 'string' ? parseFen(position) : position;
  return engine.search(pos, limits, { now: () => performance.now() });
}

/** A draw score: {cp: 0} (the engine may report it as -0, which is the same number). */
function expectDraw(score: Score): void {
  expect(score).toHaveProperty('cp');
  expect((score as { cp: number }).cp === 0, JSON.stringify(score)).toBe(true);
}

function play(fen: string, moves: readonly string[]): Position {
  const position = parseFen(fen);
  for (const move of moves) position.make(parseUci(position, move));
  return position;
}

describe('repetition', () => {
  // White is two rooks down but checks for ever: Qg6+ Kh8 Qh6+ Kg8 Qg6+ ... (the black rook on
  // f8 takes the king's flight square, nothing can block or capture).
  const PERPETUAL = '5rk1/8/8/q7/4Q3/8/1r3PPP/6K1 w - - 0 1';

  it('finds the perpetual check of the side that is lost on material, and scores it 0', () => {
    const result = search(PERPETUAL, { depth: 10 });
    expectDraw(result.score);
    expect(result.bestMove).toBe('e4g6');
  });

  it('scores 0 when a position from the game history can be repeated', () => {
    // After Qg6+ Kh8 Qh6+ Kg8 it is white's move again: Qg6+ repeats the position after move 1.
    const position = play(PERPETUAL, ['e4g6', 'g8h8', 'g6h6', 'h8g8']);
    const result = search(position, { depth: 8 });
    expectDraw(result.score);
    expect(result.bestMove).toBe('h6g6');
  });

  it('the side behind does not count on a position that occurred once before the search: its opponent may steer away', () => {
    // Black, a queen down, can go back to the game's first position with Ng8; that would be its
    // second occurrence, no draw, and White need not play Nf3 a third time.
    const position = play('rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', ['g1f3', 'g8f6', 'f3g1']);
    const result = search(position, { depth: 6 });
    expect(result.score).toHaveProperty('cp');
    expect((result.score as { cp: number }).cp).toBeLessThan(-500);
  });

  it('the side ahead does not take the repetition', () => {
    // White, a queen up, has just shuffled Nf3 Nf6 Ng1 Ng8, back to the game's first position:
    // Nf3 again repeats a position once (no draw), but the same round once more would bring the
    // first position a third time, a draw the side ahead must steer clear of.
    const position = play('rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', ['g1f3', 'g8f6', 'f3g1', 'f6g8']);
    const result = search(position, { depth: 6 });
    expect(result.score).toHaveProperty('cp');
    expect((result.score as { cp: number }).cp).toBeGreaterThan(500);
  });
});

describe('the fifty-move rule', () => {
  it('scores 0 when no move can avoid the 100th quiet half-move', () => {
    // Queen against a bare king, no mate in one: every move completes fifty moves.
    const result = search('8/8/8/4k3/8/8/3QK3/8 w - - 99 80');
    expectDraw(result.score);
  });

  it('plays the pawn move that resets the count and keeps the win', () => {
    // No mate in one here (the king is on g5, not g6): any other move lets the fifty-move rule in.
    const result = search('6k1/8/8/6K1/8/8/P7/1Q6 w - - 99 80');
    expect(result.bestMove).toMatch(/^a2a[34]$/);
    expect('mate' in result.score || result.score.cp > 500).toBe(true);
  });

  it('without the rule in sight the same position is a mate in one', () => {
    expect(search('6k1/8/6K1/8/8/8/8/1Q6 w - - 0 80').score).toEqual({ mate: 1 });
  });

  // FIDE 9.6.2 (and Lichess, and this project's src/chess/status.ts `outcome`): a checkmate
  // on the 100th half-move stands; the fifty-move rule applies only if the move did not mate.
  it('checkmate on the 100th half-move takes precedence over the fifty-move rule', () => {
    const result = search('6k1/8/6K1/8/8/8/8/1Q6 w - - 99 80');
    expect(result.score).toEqual({ mate: 1 });
    expect(result.bestMove).toBe('b1b8');
  });
});

describe('stalemate', () => {
  it('scores 0 with no move when the side to move is stalemated', () => {
    const result = search('5k2/5P2/5K2/8/8/8/8/8 b - - 0 1');
    expect(result).toMatchObject({ bestMove: null, score: { cp: 0 }, nodes: 0 });
  });

  it('the lost side sacrifices its last piece into stalemate', () => {
    // White's king is boxed in by the black queen and pawn; Rf8+ Rxf8 leaves white no move.
    const result = search('r6k/6pp/8/8/8/p7/P1q5/K4R2 w - - 0 1');
    expect(result.bestMove).toBe('f1f8');
    expectDraw(result.score);
  });

  it('the winning side mates instead of stalemating', () => {
    // Qb6 would stalemate; Qa4, Qa5, Qa6, Qb7 and Qb8 mate.
    const result = search('k7/2K5/8/1Q6/8/8/8/8 w - - 0 1');
    expect(result.score).toEqual({ mate: 1 });
    expect(result.bestMove).not.toBe('b5b6');
  });
});

describe('insufficient material', () => {
  it.each([
    ['8/8/4k3/8/8/4K3/8/8 w - - 0 1', 'two bare kings'],
    ['8/8/4k3/8/8/3NK3/8/8 w - - 0 1', 'king and knight'],
    ['8/8/4k3/8/8/3BK3/8/8 b - - 0 1', 'king and bishop'],
    ['8/2b5/4k3/8/8/4K3/3B4/8 w - - 0 1', 'bishops on squares of one colour'],
  ])('%s (%s) scores 0', (fen) => {
    expectDraw(search(fen).score);
  });

  it('the lost side captures into a dead draw', () => {
    // Knight against queen: Nxd5 leaves king and knight against a bare king.
    const result = search('4k3/8/8/3q4/8/2N5/8/K7 w - - 0 1');
    expect(result.bestMove).toBe('c3d5');
    expectDraw(result.score);
  });
});
