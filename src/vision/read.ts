// Reading a board from a picture: find the board (locate.ts), read each square (classifier.ts),
// decide which way up it is (told > the coordinates drawn > White at the bottom), and say how
// sure the read is, square by square.

import { classifySquares } from './classifier.ts';
import { flippedByCoordinates } from './coordinates.ts';
import { findBoard } from './locate.ts';
import type { BoardBox, BoardRead, OrientationSource, Picture, SquareGuess, SquareRead } from './types.ts';

/**
 * A square read below this confidence is named as unsure. Measured with `npm run bench:vision`
 * on the committed test set (held-out styles, today's weights, boards found by findBoard): of 92
 * boards, none was read wrong yet with every square at or above 0.95, 0.98, 0.99 or 0.995, while
 * the boards read right and sure went from 23 to 14 of 38 between 0.95 and 0.99. On 300 freshly
 * drawn held-out boards (train.py's report) the wrong ones read as sure were 10 at 0.95 and 2 at
 * 0.99. A wrong answer given as sure costs a member far more than a request to check a square,
 * so 0.99: the classifier is still over-sure on some styles it never saw.
 */
export const DEFAULT_THRESHOLD = 0.99;

export interface ReadOptions {
  /** Black's side is at the bottom (true) or White's (false), as the member says; else the coordinates decide. */
  readonly flipped?: boolean;
  /** The confidence a square needs not to be named unsure (0 to 1). */
  readonly threshold?: number;
}

/** The board in the picture, read; null when the picture holds no chessboard. */
export function readBoard(picture: Picture, options: ReadOptions = {}): BoardRead | null {
  const box = findBoard(picture);
  if (box === null) return null;
  const guesses = classifySquares(picture, box);
  let flipped = false;
  let orientation: OrientationSource = 'default';
  if (options.flipped !== undefined) {
    flipped = options.flipped;
    orientation = 'told';
  } else {
    const seen = flippedByCoordinates(picture, box);
    if (seen !== null) {
      flipped = seen;
      orientation = 'coordinates';
    }
  }
  return boardRead(guesses, box, flipped, orientation, options.threshold ?? DEFAULT_THRESHOLD);
}

const FILES = 'abcdefgh';

/**
 * The read in the board's own terms from the classifier's guesses in picture order (top row
 * first, left to right as seen): as White sees it, a8 … h1.
 */
export function boardRead(
  guesses: readonly SquareGuess[],
  box: BoardBox,
  flipped: boolean,
  orientation: OrientationSource,
  threshold: number,
): BoardRead {
  if (guesses.length !== 64) throw new RangeError(`a board has 64 squares, the classifier gave ${guesses.length}`);
  if (!(threshold >= 0 && threshold <= 1)) throw new RangeError(`a confidence threshold is from 0 to 1, got ${threshold}`);
  const squares: SquareRead[] = [];
  for (let index = 0; index < 64; index++) {
    // a8 … h1 is the picture's own order when White is at the bottom, and its reverse when Black is.
    const guess = guesses[flipped ? 63 - index : index]!;
    squares.push({ square: `${FILES[index % 8]}${8 - Math.floor(index / 8)}`, piece: guess.piece, confidence: guess.confidence });
  }
  return {
    placement: placementOf(squares),
    squares,
    confidence: squares.reduce((least, s) => Math.min(least, s.confidence), 1),
    unsure: squares.filter((s) => s.confidence < threshold).map((s) => s.square),
    flipped,
    orientation,
    box,
  };
}

/** The FEN's first field for 64 squares a8 … h1. */
function placementOf(squares: readonly SquareRead[]): string {
  const ranks: string[] = [];
  for (let rank = 0; rank < 8; rank++) {
    let text = '';
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const piece = squares[rank * 8 + file]!.piece;
      if (piece === null) {
        empty++;
        continue;
      }
      if (empty > 0) text += String(empty);
      empty = 0;
      text += piece;
    }
    if (empty > 0) text += String(empty);
    ranks.push(text);
  }
  return ranks.join('/');
}
