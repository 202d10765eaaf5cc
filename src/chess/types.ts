// The vocabulary of the rules core: colours, piece kinds, piece codes and 0x88 squares.
// Every other module in src/chess and src/search speaks in these small integers, never in strings,
// so that the hot paths (move generation, make/unmake, search) allocate nothing.

export type Color = 0 | 1;
export const WHITE: Color = 0;
export const BLACK: Color = 1;

// Piece kinds. A piece code is `kind | color << 3`: white pieces are 1..6, black 9..14, 0 is empty.
export const PAWN = 1;
export const KNIGHT = 2;
export const BISHOP = 3;
export const ROOK = 4;
export const QUEEN = 5;
export const KING = 6;
export const EMPTY = 0;

export const makePiece = (color: Color, kind: number): number => kind | (color << 3);
export const colorOf = (piece: number): Color => (piece >> 3) as Color;
export const kindOf = (piece: number): number => piece & 7;

const PIECE_LETTERS = ' pnbrqk';
/** 'P', 'n', … for a piece code (upper case for white), as in FEN. */
export function pieceLetter(piece: number): string {
  const letter = PIECE_LETTERS[kindOf(piece)];
  return colorOf(piece) === WHITE ? letter.toUpperCase() : letter;
}
/** The piece code for a FEN letter, or 0 when the letter names no piece. */
export function parsePieceLetter(letter: string): number {
  const kind = PIECE_LETTERS.indexOf(letter.toLowerCase());
  if (kind <= 0 || letter.length !== 1) return EMPTY;
  return makePiece(letter === letter.toUpperCase() ? WHITE : BLACK, kind);
}
/** The lower-case kind letter used in UCI promotions ('q', 'r', 'b', 'n'). */
export const kindLetter = (kind: number): string => PIECE_LETTERS[kind];

// Squares are 0x88 indices: rank * 16 + file, a1 = 0, h8 = 119. A square is on the board when
// (sq & 0x88) === 0, which makes ray walks cheap and lets the difference of two squares index the
// attack tables in attacks.ts. Square64 (a1 = 0 … h8 = 63) is used only at the boundary (hash keys).
export const squareAt = (file: number, rank: number): number => (rank << 4) | file;
export const fileOf = (sq: number): number => sq & 7;
export const rankOf = (sq: number): number => sq >> 4;
export const isOnBoard = (sq: number): boolean => (sq & 0x88) === 0;
export const toSquare64 = (sq: number): number => ((sq >> 4) << 3) | (sq & 7);
export const fromSquare64 = (index: number): number => ((index >> 3) << 4) | (index & 7);

/** Every on-board 0x88 square, a1, b1, … h8. */
export const ALL_SQUARES: readonly number[] = Array.from({ length: 64 }, (_, i) => fromSquare64(i));

export const FILE_NAMES = 'abcdefgh';
export const makeSquare = (sq: number): string => FILE_NAMES[fileOf(sq)] + String(rankOf(sq) + 1);
/** 'e4' → its 0x88 square, or -1 when the text is not a square name. */
export function parseSquare(text: string): number {
  if (text.length !== 2) return -1;
  const file = text.charCodeAt(0) - 97;
  const rank = text.charCodeAt(1) - 49;
  if (file < 0 || file > 7 || rank < 0 || rank > 7) return -1;
  return squareAt(file, rank);
}

export const COLOR_NAMES = ['white', 'black'] as const;
