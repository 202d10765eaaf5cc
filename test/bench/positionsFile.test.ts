// The lines of scored-position files (bench/nnue/positionsFile.ts): fields split, missing ones
// undefined, and games numbered by the ply going back.

import { describe, expect, it } from 'vitest';
import { GameCounter, splitPositionLine } from '../../bench/nnue/positionsFile.ts';

describe('splitPositionLine', () => {
  it('splits a line into the FEN, its fields, the score, the best move and the result', () => {
    expect(splitPositionLine('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1;-20;e7e5;0.5')).toEqual({
      fen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
      fields: ['rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR', 'b', 'KQkq', '-', '0', '1'],
      scoreText: '-20',
      best: 'e7e5',
      result: '0.5',
    });
  });

  it('leaves missing fields undefined', () => {
    const { scoreText, best, result } = splitPositionLine('8/8/8/8/8/8/4k3/4K3 w - - 0 1;0');
    expect([scoreText, best, result]).toEqual(['0', undefined, undefined]);
  });
});

describe('GameCounter', () => {
  it('starts a game where the ply goes back or stays, and counts it', () => {
    const plies = [
      'w - - 0 1', 'b - - 0 1', 'w - - 0 2', // one game, white then black then white
      'b - - 0 1', // back: a new game
      'b - - 0 1', // the same ply again: a new game
      'w - - 0 40', // forward, even far: the same game
    ];
    const counter = new GameCounter();
    const counts = { games: 0 };
    const starts = plies.map((rest) => counter.startsGame(`8/8/8/8/8/8/4k3/4K3 ${rest}`.split(' '), counts));
    expect(starts).toEqual([true, false, false, true, true, false]);
    expect(counts.games).toBe(3);
  });
});
