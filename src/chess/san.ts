// Standard Algebraic Notation: printing with minimal disambiguation and +/# suffixes, and a
// forgiving parser (0-0 for O-O, missing "=", lower-case promotion letters, annotations !? ignored).

import { generateLegal } from './movegen.ts';
import {
  FLAG_CASTLE, MAX_MOVES, NO_MOVE, isCapture, moveFlag, moveFrom, movePromotion, moveTo,
} from './move.ts';
import type { Position } from './position.ts';
import { KING, PAWN, fileOf, kindOf, makeSquare, rankOf } from './types.ts';

const SAN_LETTERS = '  NBRQK';

function legalMoves(pos: Position): Int32Array {
  const moves = new Int32Array(MAX_MOVES);
  return moves.subarray(0, generateLegal(pos, moves, 0));
}

/** The SAN of a legal move in this position, with "+" or "#" when it checks or mates. */
export function makeSan(pos: Position, move: number): string {
  return makeSanWithoutSuffix(pos, move, legalMoves(pos)) + checkSuffix(pos, move);
}

function makeSanWithoutSuffix(pos: Position, move: number, legal: Int32Array): string {
  const from = moveFrom(move);
  const to = moveTo(move);
  if (moveFlag(move) === FLAG_CASTLE) return to > from ? 'O-O' : 'O-O-O';
  const piece = pos.board[from];
  const kind = kindOf(piece);
  const promotion = movePromotion(move);
  const target = makeSquare(to) + (promotion ? '=' + SAN_LETTERS[promotion] : '');
  if (kind === PAWN) return isCapture(move) ? `${makeSquare(from)[0]}x${target}` : target;

  // Disambiguate against other pieces of the same kind that can also reach `to`: by file if that
  // suffices, else by rank, else by both.
  let others = false;
  let sameFile = false;
  let sameRank = false;
  for (const other of legal) {
    const otherFrom = moveFrom(other);
    if (otherFrom === from || moveTo(other) !== to || pos.board[otherFrom] !== piece) continue;
    if (moveFlag(other) === FLAG_CASTLE) continue;
    others = true;
    if (fileOf(otherFrom) === fileOf(from)) sameFile = true;
    if (rankOf(otherFrom) === rankOf(from)) sameRank = true;
  }
  let disambiguation = '';
  if (others && kind !== KING) {
    const square = makeSquare(from);
    if (!sameFile) disambiguation = square[0];
    else if (!sameRank) disambiguation = square[1];
    else disambiguation = square;
  }
  return SAN_LETTERS[kind] + disambiguation + (isCapture(move) ? 'x' : '') + target;
}

function checkSuffix(pos: Position, move: number): string {
  pos.make(move);
  let suffix = '';
  if (pos.inCheck()) suffix = legalMoves(pos).length === 0 ? '#' : '+';
  pos.unmake(move);
  return suffix;
}

/** SAN for a sequence of moves played from `pos` (which is left unchanged). */
export function makeSanLine(pos: Position, moves: readonly number[]): string[] {
  const line: string[] = [];
  for (const move of moves) {
    line.push(makeSan(pos, move));
    pos.make(move);
  }
  for (let i = moves.length - 1; i >= 0; i--) pos.unmake(moves[i]);
  return line;
}

const SAN_PATTERN = /^([NBRQK])?([a-h])?([1-8])?(x)?([a-h][1-8])(?:=?([NBRQnbrq]))?$/;

/** The legal move a SAN text names, or NO_MOVE when it names none or is ambiguous. */
export function parseSan(pos: Position, text: string): number {
  const clean = text.trim().replace(/[+#!?]+$/, '');
  const legal = legalMoves(pos);
  const castle = clean.replace(/0/g, 'O');
  if (castle === 'O-O' || castle === 'O-O-O') {
    for (const move of legal) {
      if (moveFlag(move) === FLAG_CASTLE && (moveTo(move) > moveFrom(move)) === (castle === 'O-O')) return move;
    }
    return NO_MOVE;
  }
  const match = SAN_PATTERN.exec(clean);
  if (!match) return NO_MOVE;
  const [, pieceLetter, fromFile, fromRank, , toText, promotionLetter] = match;
  const kind = pieceLetter ? SAN_LETTERS.indexOf(pieceLetter) : PAWN;
  const promotion = promotionLetter ? SAN_LETTERS.indexOf(promotionLetter.toUpperCase()) : 0;
  let found = NO_MOVE;
  for (const move of legal) {
    const from = moveFrom(move);
    if (moveFlag(move) === FLAG_CASTLE || kindOf(pos.board[from]) !== kind) continue;
    if (makeSquare(moveTo(move)) !== toText || movePromotion(move) !== promotion) continue;
    // A pawn move names its file only when it captures: "e4" is never dxe4.
    const file = fromFile ?? (kind === PAWN ? toText[0] : undefined);
    if (file && makeSquare(from)[0] !== file) continue;
    if (fromRank && makeSquare(from)[1] !== fromRank) continue;
    if (found !== NO_MOVE) return NO_MOVE;
    found = move;
  }
  return found;
}
