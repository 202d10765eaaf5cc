// The position a board read from a picture gives (src/vision): its placement, the side to move
// the member names (a picture does not show it), castling rights where king and rook stand on
// their home squares, no en passant square. A read that is not sure of every square, or that is
// no legal position, is refused with the FEN read, so that the member can fix it and send it as a FEN.

import { FenError, parseFen } from '../chess/fen.ts';
import { UsageError, quote } from '../errors.ts';
import type { BoardRead } from '../vision/types.ts';

export type SideToMove = 'w' | 'b';

/** The castling rights a placement allows by its kings and rooks on their home squares, "KQkq" order, "-" for none. */
export function castlingFromPlacement(placement: string): string {
  const ranks = placement.split('/');
  const at = (file: number, rankFromTop: number): string | undefined => expandRank(ranks[rankFromTop] ?? '')[file];
  let rights = '';
  if (at(4, 7) === 'K') rights += (at(7, 7) === 'R' ? 'K' : '') + (at(0, 7) === 'R' ? 'Q' : '');
  if (at(4, 0) === 'k') rights += (at(7, 0) === 'r' ? 'k' : '') + (at(0, 0) === 'r' ? 'q' : '');
  return rights === '' ? '-' : rights;
}

/** "r3k2r" → ["r", "", "", "", "k", "", "", "r"]. */
function expandRank(rank: string): string[] {
  return [...rank].flatMap((char) => (/\d/.test(char) ? Array<string>(Number(char)).fill('') : [char]));
}

/** The whole FEN of a board read, with `side` to move. */
export function fenOfBoardRead(read: BoardRead, side: SideToMove): string {
  return `${read.placement} ${side} ${castlingFromPlacement(read.placement)} - 0 1`;
}

/** Unsure squares beyond this many are counted, not listed: a message stays one short line. */
const UNSURE_LISTED = 8;

/** "e4, f7" or "a1, b1, … and 5 more". */
export function listSquares(squares: readonly string[]): string {
  if (squares.length <= UNSURE_LISTED) return squares.join(', ');
  return `${squares.slice(0, UNSURE_LISTED).join(', ')} and ${squares.length - UNSURE_LISTED} more`;
}

/**
 * The FEN of a board read for a search, or a UsageError: no board found, squares read unsure
 * (named), or a position that breaks the rules (the rule named, and the FEN read). `name` names
 * the picture ("board.png", "the picture").
 */
export function positionFromBoardRead(read: BoardRead | null, side: SideToMove, name: string): string {
  if (read === null) throw new UsageError(`no chessboard found in ${name}`);
  const fen = fenOfBoardRead(read, side);
  if (read.unsure.length > 0) {
    throw new UsageError(
      `the board in ${name} is unclear on ${listSquares(read.unsure)}; it reads as ${fen}: check those squares and send the FEN`,
    );
  }
  try {
    parseFen(fen);
  } catch (error) {
    if (error instanceof FenError) throw new UsageError(`the board in ${name} reads as ${fen}, which is not a legal position: ${error.message}`);
    throw error;
  }
  return fen;
}

/** The side to move as a person gives it: "w", "b", "white", "black"; a UsageError otherwise. */
export function parseSideToMove(text: string, what = '--side'): SideToMove {
  const side = text.trim().toLowerCase();
  if (side === 'w' || side === 'white') return 'w';
  if (side === 'b' || side === 'black') return 'b';
  throw new UsageError(`${what} must be w or b (white or black), got ${quote(text, 20)}`);
}

/**
 * What a member should check in a read that took White to be at the bottom for want of
 * coordinates (a board seen from Black's side would be read upside down); null otherwise.
 */
export function orientationNote(read: BoardRead): string | null {
  return read.orientation === 'default' ? 'White taken to be at the bottom, as no coordinates were read' : null;
}
