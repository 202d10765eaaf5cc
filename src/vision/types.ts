// What the vision core takes and gives: pixels in (decoded at the edge, src/picture), squares out.
// Pure values only, so that the same code reads a board in a test, a bench, a worker or a bot.

/** A decoded picture: 8-bit RGBA, row-major, top-left first (alpha already composed on white). */
export interface Picture {
  readonly width: number;
  readonly height: number;
  readonly rgba: Uint8Array;
}

/** Where the 8×8 squares lie in a picture, in pixels: the playing area's outer edge (coordinates outside excluded). */
export interface BoardBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A piece as FEN writes it: upper case White, lower case Black. */
export type PieceLetter = 'P' | 'N' | 'B' | 'R' | 'Q' | 'K' | 'p' | 'n' | 'b' | 'r' | 'q' | 'k';

/** What the classifier says of one square: its piece (null: empty) and how sure it is (0 to 1). */
export interface SquareGuess {
  readonly piece: PieceLetter | null;
  readonly confidence: number;
}

/** How the board's orientation was decided. */
export type OrientationSource = 'coordinates' | 'told' | 'default';

/** One square of a board read, in the board's own terms. */
export interface SquareRead extends SquareGuess {
  /** "a8" … "h1". */
  readonly square: string;
}

/** A board read from a picture. */
export interface BoardRead {
  /** The FEN's first field, rank 8 first, as White sees the board. */
  readonly placement: string;
  /** All 64 squares, a8, b8, … h1. */
  readonly squares: readonly SquareRead[];
  /** The least sure square's confidence: the board is as sure as its weakest square. */
  readonly confidence: number;
  /** Squares read below the confidence a board needs, in a8 … h1 order. */
  readonly unsure: readonly string[];
  /** True when Black's side was at the bottom of the picture. */
  readonly flipped: boolean;
  readonly orientation: OrientationSource;
  readonly box: BoardBox;
}
