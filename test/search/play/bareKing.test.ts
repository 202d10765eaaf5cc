// A lone king against mating material: the evaluation that leads the search to the mate
// (bareKing.ts), and the engine playing such endings out within the fifty-move rule.
import { describe, expect, it } from 'vitest';
import { parseFen } from '../../../src/chess/fen.ts';
import { MAX_MOVES } from '../../../src/chess/move.ts';
import { generateLegal } from '../../../src/chess/movegen.ts';
import { parseUci } from '../../../src/chess/uci.ts';
import { NOT_BARE_KING, bareKingScore } from '../../../src/search/play/bareKing.ts';
import { Engine } from '../../../src/search/play/index.ts';

const score = (fen: string): number => bareKingScore(parseFen(fen));

describe('bareKingScore', () => {
  it('scores only a lone king against a queen, a rook, bishops of both colours or a bishop and knight', () => {
    for (const fen of [
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      '8/8/8/3k4/8/8/8/4K3 w - - 0 1', // two bare kings
      '8/8/8/3k4/8/8/8/4KN2 w - - 0 1',
      '8/8/8/3k4/8/8/8/4KB2 w - - 0 1',
      '8/8/8/3k4/8/8/8/3NKN2 w - - 0 1', // two knights cannot force mate
      '8/8/8/3k4/8/8/8/2B1K1B1 w - - 0 1', // c1 and g1: both dark
      '8/8/8/3k4/8/4P3/8/4K3 w - - 0 1', // pawns are the network's to judge
      '8/8/8/3k4/8/4P3/8/4KB2 w - - 0 1',
      '8/8/8/3k4/8/8/8/R3K2r w - - 0 1', // neither king alone
    ]) {
      expect(score(fen), fen).toBe(NOT_BARE_KING);
    }
    for (const fen of [
      '8/8/8/3k4/8/8/8/4K1Q1 w - - 0 1',
      '8/8/8/3k4/8/8/8/4K2R w - - 0 1',
      '8/8/8/3k4/8/8/8/2B1KB2 w - - 0 1',
      '8/8/8/3k4/8/8/8/1B2KN2 w - - 0 1',
      '8/8/8/3k4/8/4P3/8/R3K3 w - - 0 1',
    ]) {
      expect(score(fen), fen).toBeGreaterThan(2000);
    }
  });

  it('is the side to move\'s: the lone king\'s side sees the same score negated', () => {
    expect(score('8/8/8/3k4/8/8/8/4K2R b - - 0 1')).toBe(-score('8/8/8/3k4/8/8/8/4K2R w - - 0 1'));
    expect(score('8/8/8/3K4/8/8/8/4k2r b - - 0 1')).toBeGreaterThan(2000);
  });

  it('rises as the lone king is pushed to the edge, and as the winning king comes nearer', () => {
    // Black's king on d5, d7 and d8, white's king and rook where they were.
    const centre = score('8/8/8/3k4/8/8/8/R3K3 w - - 0 1');
    const nearEdge = score('8/3k4/8/8/8/8/8/R3K3 w - - 0 1');
    const onEdge = score('3k4/8/8/8/8/8/8/R3K3 w - - 0 1');
    expect(nearEdge).toBeGreaterThan(centre);
    expect(onEdge).toBeGreaterThan(nearEdge);
    expect(score('3k4/8/3K4/8/8/8/8/R7 w - - 0 1')).toBeGreaterThan(onEdge);
  });

  it('drives the king against a bishop and knight to a corner of the bishop\'s colour', () => {
    // A dark-squared bishop (c1) mates on a1 or h8, never on a8 or h1.
    const rightCorner = score('8/8/8/8/8/8/8/k1B1KN2 w - - 0 1');
    const wrongCorner = score('k7/8/8/8/8/8/8/2B1KN2 w - - 0 1');
    expect(rightCorner).toBeGreaterThan(wrongCorner);
    // The same with a light-squared bishop (f1): now a8 is the right corner.
    expect(score('k7/8/8/8/8/8/8/3NKB2 w - - 0 1')).toBeGreaterThan(score('8/8/8/8/8/8/8/k2NKB2 w - - 0 1'));
  });
});

/** Plays the engine against itself from `fen`: the plies to mate, or null when the fifty-move rule or a lost piece came first. */
function pliesToMate(fen: string, nodes: number): number | null {
  const pos = parseFen(fen);
  const engine = new Engine(16);
  const moves = new Int32Array(MAX_MOVES);
  for (let ply = 0; pos.halfmoves < 100; ply++) {
    if (generateLegal(pos, moves, 0) === 0) return pos.inCheck() ? ply : null;
    if (pos.pieceCount[0] + pos.pieceCount[1] <= 3 && bareKingScore(pos) === NOT_BARE_KING) return null;
    const { bestMove } = engine.search(pos, { nodes }, { now: () => performance.now() });
    pos.make(parseUci(pos, bestMove!));
  }
  return null;
}

describe('the engine against a lone king', () => {
  // From random positions the engine had failed to win at 25,000 nodes a move: the queen ending
  // and the bishop and knight drawn by the fifty-move rule, the rook lost to the lone king.
  it.each([
    ['a queen', '5Q2/8/8/3k4/8/8/8/4K3 w - - 0 1'],
    ['a rook', '8/8/8/6k1/8/8/K1R5/8 w - - 0 1'],
    ['two bishops', '8/8/8/8/3k4/3B2B1/4K3/8 w - - 0 1'],
    ['a bishop and knight', '7k/8/1N6/8/6K1/8/8/3B4 w - - 0 1'],
  ])('mates with %s within the fifty-move rule at 25,000 nodes a move', (_, fen) => {
    const plies = pliesToMate(fen, 25_000);
    expect(plies).not.toBeNull();
    expect(plies!).toBeLessThan(100);
  }, 60_000);
});
