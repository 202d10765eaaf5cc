// Random positions for the board renderer: game-like ones (the start position thinned and
// shuffled), sparse problem-like ones (two kings and a few pieces, as /mate's posts are), dense
// ones, and placements with no rules at all (ten queens, pawns on the first rank), so that the
// classifier learns what a square shows rather than what a position usually holds.

import type { PieceLetter } from '../../src/vision/types.ts';

export type Random = () => number;
/** 64 squares, a8 … h1 (rank 8 first, as a FEN writes them); null: empty. */
export type Placement = (PieceLetter | null)[];

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR';
const NON_KINGS: readonly PieceLetter[] = ['P', 'N', 'B', 'R', 'Q', 'p', 'n', 'b', 'r', 'q'];
const ALL: readonly PieceLetter[] = ['P', 'N', 'B', 'R', 'Q', 'K', 'p', 'n', 'b', 'r', 'q', 'k'];

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

export function parsePlacement(fen: string): Placement {
  const squares: Placement = [];
  for (const char of fen.split(' ')[0]!) {
    if (char === '/') continue;
    if (/[1-8]/.test(char)) for (let i = 0; i < Number(char); i++) squares.push(null);
    else squares.push(char as PieceLetter);
  }
  if (squares.length !== 64) throw new Error(`not a placement: ${fen}`);
  return squares;
}

export function makePlacement(squares: Placement): string {
  const ranks: string[] = [];
  for (let rank = 0; rank < 8; rank++) {
    let text = '';
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const piece = squares[rank * 8 + file];
      if (piece) {
        if (empty) text += String(empty);
        empty = 0;
        text += piece;
      } else empty++;
    }
    ranks.push(empty ? text + String(empty) : text);
  }
  return ranks.join('/');
}

function emptySquare(random: Random, squares: Placement, pawn: boolean): number {
  for (;;) {
    const index = Math.floor(random() * 64);
    const rank = index >> 3;
    if (squares[index] === null && !(pawn && (rank === 0 || rank === 7))) return index;
  }
}

function gameLike(random: Random): Placement {
  const squares = parsePlacement(START);
  const removal = random() * 0.85;
  for (let i = 0; i < 64; i++) {
    const piece = squares[i];
    if (piece && piece.toLowerCase() !== 'k' && random() < removal) squares[i] = null;
  }
  const moves = Math.floor(random() * 14);
  for (let m = 0; m < moves; m++) {
    const from = Math.floor(random() * 64);
    const piece = squares[from];
    if (!piece) continue;
    squares[from] = null;
    squares[emptySquare(random, squares, piece.toLowerCase() === 'p')] = piece;
  }
  return squares;
}

function scattered(random: Random, count: number, letters: readonly PieceLetter[], kings: boolean): Placement {
  const squares: Placement = new Array<PieceLetter | null>(64).fill(null);
  if (kings) {
    squares[emptySquare(random, squares, false)] = 'K';
    squares[emptySquare(random, squares, false)] = 'k';
  }
  for (let i = 0; i < count; i++) {
    const piece = pick(random, letters);
    squares[emptySquare(random, squares, kings && piece.toLowerCase() === 'p')] = piece;
  }
  return squares;
}

/** A random placement of one of the four kinds above. */
export function randomPlacement(random: Random): Placement {
  const kind = random();
  if (kind < 0.35) return gameLike(random);
  if (kind < 0.65) return scattered(random, Math.floor(random() * 13), NON_KINGS, true);
  if (kind < 0.8) return scattered(random, 18 + Math.floor(random() * 13), NON_KINGS, true);
  return scattered(random, Math.floor(random() * 50), ALL, false);
}
