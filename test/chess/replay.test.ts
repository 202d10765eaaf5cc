// Replaying a game from a FEN and UCI moves: both castling forms, the first illegal move named,
// and the history kept for repetitions.

import { describe, expect, it } from 'vitest';
import { STARTING_FEN, parseFen } from '../../src/chess/fen.ts';
import { NO_MOVE } from '../../src/chess/move.ts';
import { IllegalMoveError, playPosition } from '../../src/chess/replay.ts';
import { parseUci } from '../../src/chess/uci.ts';

// After 1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6: white may castle.
const ITALIAN = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6'];

describe('playPosition', () => {
  it('plays the moves from the FEN, accepting both castling forms', () => {
    for (const castle of ['e1g1', 'e1h1']) {
      const position = playPosition(STARTING_FEN, [...ITALIAN, castle]);
      expect(position.turn).toBe(1);
      // The king is on g1 and the rook on f1 either way: black may now answer.
      expect(parseUci(position, 'f8c5')).not.toBe(NO_MOVE);
    }
  });

  it('names the first illegal move and where it is in the list', () => {
    expect(() => playPosition(STARTING_FEN, ['e2e4', 'e7e5', 'e1g1'])).toThrow(IllegalMoveError);
    expect(() => playPosition(STARTING_FEN, ['e2e4', 'e7e5', 'e1g1'])).toThrow(
      'illegal move "e1g1" (move 3 of 3) in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2',
    );
    expect(() => playPosition(STARTING_FEN, ['e2e5'])).toThrow(
      `illegal move "e2e5" in ${STARTING_FEN}`,
    );
    expect(() => playPosition(STARTING_FEN, ['castle'])).toThrow('illegal move "castle"');
  });

  it('keeps the history, so repetitions count', () => {
    const shuffle = ['g1f3', 'g8f6', 'f3g1', 'f6g8'];
    const position = playPosition(STARTING_FEN, [...shuffle, ...shuffle]);
    expect(position.repetitions()).toBe(2);
  });
});

describe('playPosition with no moves', () => {
  it('is the position parseFen gives', () => {
    const position = playPosition(STARTING_FEN, []);
    expect(position.hashLo).toBe(parseFen(STARTING_FEN).hashLo);
  });
});
