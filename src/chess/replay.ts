// Replaying a game: the position after a list of UCI moves played from a FEN, with the game's
// history kept for repetition detection. What a UCI "position" command, a Lichess game and a
// search job all start from.

import { quote } from '../errors.ts';
import { makeFen, parseFen } from './fen.ts';
import { NO_MOVE } from './move.ts';
import type { Position } from './position.ts';
import { parseUci } from './uci.ts';

/**
 * A move in a move list is not legal where it is played (or is not a move at all). Its message
 * names the move and its place in the list; it is for users, like a FenError's.
 */
export class IllegalMoveError extends Error {
  override name = 'IllegalMoveError';
  constructor(message: string) {
    super(message);
  }
}

/**
 * The position after playing `moves` (UCI, e1g1 and e1h1 castling both accepted) from `fen`.
 * Throws a FenError for a bad FEN and an IllegalMoveError naming the first move that is not legal
 * where it is played.
 */
export function playPosition(fen: string, moves: readonly string[]): Position {
  const position = parseFen(fen);
  for (let i = 0; i < moves.length; i++) {
    const text = moves[i]!;
    const move = typeof text === 'string' ? parseUci(position, text) : NO_MOVE;
    if (move === NO_MOVE) {
      const where = moves.length === 1 ? '' : ` (move ${i + 1} of ${moves.length})`;
      throw new IllegalMoveError(`illegal move ${quote(typeof text === 'string' ? text : String(text))}${where} in ${makeFen(position)}`);
    }
    position.make(move);
  }
  return position;
}
