// How a game stands: check, mate, stalemate, and the draws by rule (fifty moves, threefold
// repetition, insufficient material). Used by the CLI, the game sessions and the tests.

import { generateLegal } from './movegen.ts';
import { MAX_MOVES } from './move.ts';
import type { Position } from './position.ts';
import { BISHOP, BLACK, type Color, KNIGHT, PAWN, QUEEN, ROOK, WHITE, makePiece } from './types.ts';

export function hasLegalMoves(pos: Position): boolean {
  return generateLegal(pos, new Int32Array(MAX_MOVES), 0) > 0;
}

export const isCheckmate = (pos: Position): boolean => pos.inCheck() && !hasLegalMoves(pos);
export const isStalemate = (pos: Position): boolean => !pos.inCheck() && !hasLegalMoves(pos);
/** Fifty moves by each side without a capture or a pawn move (a claimable draw). */
export const isFiftyMoveDraw = (pos: Position): boolean => pos.halfmoves >= 100;
/** The position has occurred three times (a claimable draw); needs the moves that led here. */
export const isThreefoldRepetition = (pos: Position): boolean => pos.repetitions() >= 2;

/**
 * Can `color` never mate, whatever the opponent does? A lone king; a king and one knight when the
 * opponent has nothing but queens; bishops all on one square colour with no pawns or knights left.
 * (chessops' rule, so that the bot and Lichess agree.)
 */
export function hasInsufficientMaterial(pos: Position, color: Color): boolean {
  // Plain loads, no helper closures: the game search asks this at every node.
  const m = pos.material;
  const own = color << 3;
  const theirs = (color ^ 1) << 3;
  if (m[own | PAWN] + m[own | ROOK] + m[own | QUEEN] > 0) return false;
  if (m[own | KNIGHT] > 0) {
    return m[own | KNIGHT] + m[own | BISHOP] <= 1 && m[theirs | PAWN] + m[theirs | KNIGHT] + m[theirs | BISHOP] + m[theirs | ROOK] === 0;
  }
  if (m[own | BISHOP] > 0) {
    const noPawnsOrKnights = m[makePiece(WHITE, PAWN)] + m[makePiece(BLACK, PAWN)] + m[makePiece(WHITE, KNIGHT)] + m[makePiece(BLACK, KNIGHT)] === 0;
    return noPawnsOrKnights && bishopsOnOneColour(pos);
  }
  return true;
}

function bishopsOnOneColour(pos: Position): boolean {
  let light = false;
  let dark = false;
  for (let i = 0; i < 32; i++) {
    const color = i >> 4;
    if ((i & 15) >= pos.pieceCount[color]) continue;
    const sq = pos.pieceList[i];
    if ((pos.board[sq] & 7) !== BISHOP) continue;
    if ((((sq >> 4) + (sq & 7)) & 1) === 0) dark = true;
    else light = true;
  }
  return !(light && dark);
}

export const isInsufficientMaterial = (pos: Position): boolean =>
  hasInsufficientMaterial(pos, WHITE) && hasInsufficientMaterial(pos, BLACK);

export type Outcome =
  | { kind: 'checkmate'; winner: Color }
  | { kind: 'stalemate' | 'insufficient-material' | 'fifty-moves' | 'threefold-repetition'; winner: null };

/** The game's result if the rules end it (or let it be claimed) here; null while play goes on. */
export function outcome(pos: Position): Outcome | null {
  if (!hasLegalMoves(pos)) {
    return pos.inCheck() ? { kind: 'checkmate', winner: (pos.turn ^ 1) as Color } : { kind: 'stalemate', winner: null };
  }
  if (isInsufficientMaterial(pos)) return { kind: 'insufficient-material', winner: null };
  if (isFiftyMoveDraw(pos)) return { kind: 'fifty-moves', winner: null };
  if (isThreefoldRepetition(pos)) return { kind: 'threefold-repetition', winner: null };
  return null;
}

