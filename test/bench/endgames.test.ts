// The lone-king endgame bench's command line, its positions and its playing out (bench/endgames.ts);
// the engine's own play in these endings is held to account in test/search/play/bareKing.test.ts.

import { describe, expect, it } from 'vitest';
import {
  ENDINGS, EndgameUsageError, endgamePositions, loadTree, parseEndgameArguments, playOut,
} from '../../bench/endgames.ts';
import { parseFen } from '../../src/chess/fen.ts';

describe('parseEndgameArguments', () => {
  it('takes one or two trees, the node budget, the positions per ending and the seed', () => {
    expect(parseEndgameArguments(['.'])).toEqual({ trees: ['.'], nodes: 25_000, per: 6, seed: 1 });
    expect(parseEndgameArguments(['.', '.', '--nodes', '5000', '--per', '2', '--seed', '9']))
      .toEqual({ trees: ['.', '.'], nodes: 5000, per: 2, seed: 9 });
  });

  it('names what is wrong', () => {
    expect(() => parseEndgameArguments([])).toThrow(/one or two source trees, got 0/);
    expect(() => parseEndgameArguments(['.', '.', '.'])).toThrow(/got 3/);
    expect(() => parseEndgameArguments(['/nonexistent'])).toThrow(/not a chessbot source tree/);
    expect(() => parseEndgameArguments(['.', '--nodes', '1e5'])).toThrow(/--nodes needs a whole number .* got "1e5"/);
    expect(() => parseEndgameArguments(['.', '--per', '0'])).toThrow(EndgameUsageError);
    expect(() => parseEndgameArguments(['.', '--seed'])).toThrow(/--seed .* got nothing/);
    expect(() => parseEndgameArguments(['.', '--depth', '3'])).toThrow(/unknown option "--depth"/);
  });
});

describe('endgamePositions', () => {
  it('makes legal positions of each ending, the winning side to move, the same ones for the same seed', () => {
    const positions = endgamePositions(5, 3);
    expect(positions).toHaveLength(5 * Object.keys(ENDINGS).length);
    expect(endgamePositions(5, 3)).toEqual(positions);
    expect(endgamePositions(5, 4)).not.toEqual(positions);
    for (const { ending, fen } of positions) {
      const board = fen.split(' ')[0];
      expect(fen.split(' ')[1]).toBe('w');
      expect(board.replace(/[^a-z]/g, '')).toBe('k');
      expect([...board.replace(/[^A-Z]/g, '')].sort().join('')).toBe([...`K${ENDINGS[ending]}`].sort().join(''));
      expect(() => parseFen(fen)).not.toThrow();
    }
  });

  it('puts the two bishops on squares of both colours', () => {
    for (const { fen } of endgamePositions(20, 5).filter((p) => p.ending === 'KBBK')) {
      const position = parseFen(fen);
      const colours = new Set<number>();
      for (let square = 0; square < 128; square++) {
        if ((square & 0x88) === 0 && position.board[square] === 3) colours.add(((square & 7) + (square >> 4)) & 1);
      }
      expect(colours.size, fen).toBe(2);
    }
  });
});

describe('playOut', () => {
  it('ends at the mate, counting its plies, and at a draw by the rules', async () => {
    const tree = await loadTree('.');
    expect(playOut(tree, '6k1/8/6K1/8/8/8/8/R7 w - - 0 1', 1000)).toEqual({ mate: 1 });
    // Black to move takes the undefended rook beside its king.
    expect(playOut(tree, '8/8/8/8/8/8/6Rk/4K3 b - - 0 1', 1000)).toEqual({ draw: 'material lost' });
    expect(playOut(tree, 'k7/2Q5/1K6/8/8/8/8/8 b - - 0 1', 1000)).toEqual({ draw: 'stalemate' });
    expect(playOut(tree, '8/8/8/3k4/8/8/8/R3K3 w - - 99 80', 1000)).toEqual({ draw: 'fifty moves' });
  });
});
