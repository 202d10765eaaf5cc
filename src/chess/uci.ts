// UCI move notation. Castling is printed as e1g1 in standard chess and as king-takes-rook (e1h1)
// in Chess960; both forms are accepted when parsing, as Lichess and GUIs send either.

import { generateLegal } from './movegen.ts';
import { FLAG_CASTLE, MAX_MOVES, NO_MOVE, moveFlag, moveFrom, movePromotion, moveTo } from './move.ts';
import { type Position, castledKingSquare } from './position.ts';
import { type Color, kindLetter, makeSquare } from './types.ts';

/** The UCI text of a legal move; `chess960` picks the castling form (default: the position's). */
export function makeUci(pos: Position, move: number, chess960 = pos.chess960): string {
  const from = moveFrom(move);
  let to = moveTo(move);
  if (moveFlag(move) === FLAG_CASTLE && !chess960) {
    to = castledKingSquare(pos.turn as Color, to > from);
  }
  const promotion = movePromotion(move);
  return makeSquare(from) + makeSquare(to) + (promotion ? kindLetter(promotion) : '');
}

/** The legal move that `text` names in this position, or NO_MOVE when it names none. */
export function parseUci(pos: Position, input: string): number {
  // Some GUIs send the promotion letter in upper case (e7e8Q); the squares must be lower case.
  const text = input.length === 5 ? input.slice(0, 4) + input[4].toLowerCase() : input;
  if (!/^[a-h][1-8][a-h][1-8][qrbn]?$/.test(text)) return NO_MOVE;
  const moves = new Int32Array(MAX_MOVES);
  const end = generateLegal(pos, moves, 0);
  for (let i = 0; i < end; i++) {
    if (makeUci(pos, moves[i], true) === text) return moves[i];
  }
  // The king-to-destination castling form (e1g1), and a plain king move of that text, never coexist.
  for (let i = 0; i < end; i++) {
    if (moveFlag(moves[i]) === FLAG_CASTLE && makeUci(pos, moves[i], false) === text) return moves[i];
  }
  return NO_MOVE;
}
