// From FEN fields to a legal Position: every check that a position could occur in a real game
// (kings, pawns, piece counts, castling rights, en passant, checks), each with its own message.
// After this boundary the rest of the core trusts the position and never re-checks it.

import { IS_SLIDER, STEP, attackIndex, pieceAttacks } from './attacks.ts';
import { Position, castlingIndex } from './position.ts';
import {
  ALL_SQUARES, BISHOP, BLACK, COLOR_NAMES, type Color, EMPTY, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE,
  colorOf, fileOf, kindOf, makePiece, makeSquare, rankOf, squareAt,
} from './types.ts';

/** A FEN that cannot be read, or describes a position that cannot occur; the message names the problem. */
export class FenError extends Error {
  override name = 'FenError';
}

/** The FEN fields as values: read, not yet validated. */
export interface Setup {
  board: Uint8Array;
  turn: Color;
  /** The castling field's letters ('' for '-'). */
  castling: string;
  epSquare: number;
  halfmoves: number;
  fullmoves: number;
}

const RANK_NAMES = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th'];

export function positionFromSetup(setup: Setup): Position {
  const { board, turn } = setup;
  checkKings(board);
  checkPawnRanks(board);
  for (const color of [WHITE, BLACK] as const) checkPieceCounts(board, color);

  const pos = new Position();
  for (const sq of ALL_SQUARES) if (board[sq] !== EMPTY) pos.put(sq, board[sq]);
  pos.turn = turn;
  applyCastlingRights(pos, setup.castling);
  pos.epSquare = checkEnPassant(pos, setup.epSquare);
  checkChecks(pos, setup.epSquare);
  pos.halfmoves = setup.halfmoves;
  pos.fullmoves = setup.fullmoves;
  // Keep an en-passant square only where the capture is legal, as make() does: the same position
  // then always has the same hash and FEN, whatever the input said.
  if (pos.epSquare >= 0 && !pos.canCaptureEnPassant(pos.epSquare, turn)) pos.epSquare = -1;
  pos.computeHash();
  return pos;
}

function checkKings(board: Uint8Array): void {
  for (const color of [WHITE, BLACK] as const) {
    const kings = count(board, makePiece(color, KING));
    if (kings === 0) throw new FenError(`${COLOR_NAMES[color]} has no king; each side needs exactly one`);
    if (kings > 1) throw new FenError(`${COLOR_NAMES[color]} has ${kings} kings; each side needs exactly one`);
  }
}

function checkPawnRanks(board: Uint8Array): void {
  for (const sq of ALL_SQUARES) {
    if (kindOf(board[sq]) !== PAWN || board[sq] === EMPTY) continue;
    if (rankOf(sq) === 0 || rankOf(sq) === 7) {
      throw new FenError(`a ${COLOR_NAMES[colorOf(board[sq])]} pawn stands on ${makeSquare(sq)}; pawns never stand on the 1st or 8th rank`);
    }
  }
}

/** At most 16 pieces and 8 pawns, and no more promoted pieces than pawns that are missing. */
function checkPieceCounts(board: Uint8Array, color: Color): void {
  const name = COLOR_NAMES[color];
  let total = 0;
  for (let kind = PAWN; kind <= KING; kind++) total += count(board, makePiece(color, kind));
  if (total > 16) throw new FenError(`${name} has ${total} pieces; a side has at most 16`);
  const pawns = count(board, makePiece(color, PAWN));
  if (pawns > 8) throw new FenError(`${name} has ${pawns} pawns; a side has at most 8`);
  const extra = (kind: number, normal: number) => Math.max(0, count(board, makePiece(color, kind)) - normal);
  const promoted = extra(QUEEN, 1) + extra(ROOK, 2) + extra(BISHOP, 2) + extra(KNIGHT, 2);
  if (promoted > 8 - pawns) {
    throw new FenError(`${name} has ${promoted} promoted piece${promoted === 1 ? '' : 's'} (beyond 1 queen and 2 each of rooks, bishops and knights) but only ${8 - pawns} pawn${8 - pawns === 1 ? '' : 's'} missing to promote`);
  }
}

function count(board: Uint8Array, piece: number): number {
  let n = 0;
  for (const sq of ALL_SQUARES) if (board[sq] === piece) n++;
  return n;
}

/**
 * Reads KQkq (the outermost rook on that side, X-FEN) and rook files (Shredder-FEN, or X-FEN for
 * an inner rook). Each right needs the king on its first rank with that rook beside it.
 */
function applyCastlingRights(pos: Position, field: string): void {
  for (const char of field) {
    const color: Color = char === char.toUpperCase() ? WHITE : BLACK;
    const name = COLOR_NAMES[color];
    const rank = Position.backRank(color);
    const king = pos.kingSquare[color];
    const right = `castling right "${char}"`;
    if (rankOf(king) !== rank) {
      throw new FenError(`${right} needs the ${name} king on the ${RANK_NAMES[rank]} rank, but it is on ${makeSquare(king)}`);
    }
    const rook = makePiece(color, ROOK);
    const lower = char.toLowerCase();
    let rookSq = -1;
    let kingSide: boolean;
    if (lower === 'k' || lower === 'q') {
      kingSide = lower === 'k';
      const step = kingSide ? 1 : -1;
      for (let sq = king + step; (sq & 0x88) === 0; sq += step) if (pos.board[sq] === rook) rookSq = sq;
      if (rookSq < 0) {
        throw new FenError(`${right} needs a ${name} rook on the ${kingSide ? 'king' : 'queen'}'s side of the ${name} king on the ${RANK_NAMES[rank]} rank, and there is none`);
      }
    } else {
      rookSq = squareAt(lower.charCodeAt(0) - 97, rank);
      if (rookSq === king) {
        throw new FenError(`${right} names the ${name} king's own file; a file letter names the castling rook's file`);
      }
      if (pos.board[rookSq] !== rook) {
        throw new FenError(`${right} needs a ${name} rook on ${makeSquare(rookSq)}, and there is none`);
      }
      kingSide = rookSq > king;
    }
    const index = castlingIndex(color, kingSide);
    if (pos.castlingRights & (1 << index)) {
      throw new FenError(`the castling field gives ${name} two rights on the ${kingSide ? 'king' : 'queen'}'s side`);
    }
    pos.addCastlingRight(index, rookSq);
    if (fileOf(king) !== 4 || fileOf(rookSq) !== (kingSide ? 7 : 0)) pos.chess960 = true;
  }
}

/** The en-passant square must be right behind a pawn that has just moved two squares. */
function checkEnPassant(pos: Position, ep: number): number {
  if (ep < 0) return -1;
  const us = pos.turn;
  const them = (us ^ 1) as Color;
  const where = `the en passant square ${makeSquare(ep)}`;
  const expectedRank = us === WHITE ? 5 : 2;
  if (rankOf(ep) !== expectedRank) {
    throw new FenError(`${where} is impossible with ${COLOR_NAMES[us]} to move: it must be on the ${RANK_NAMES[expectedRank]} rank`);
  }
  const forward = us === WHITE ? 16 : -16;
  const pushedTo = ep - forward;
  const pushedFrom = ep + forward;
  if (pos.board[pushedTo] !== makePiece(them, PAWN)) {
    throw new FenError(`${where} needs a ${COLOR_NAMES[them]} pawn on ${makeSquare(pushedTo)} that has just moved two squares, and there is none`);
  }
  for (const sq of [ep, pushedFrom]) {
    if (pos.board[sq] !== EMPTY) {
      throw new FenError(`${where} is impossible: ${makeSquare(sq)} is occupied, but the pawn that moved two squares has just crossed ${makeSquare(ep)} from ${makeSquare(pushedFrom)}`);
    }
  }
  return ep;
}

/** The pieces of `by` attacking `sq`. */
function attackersOf(pos: Position, sq: number, by: Color): number[] {
  const found: number[] = [];
  for (const from of ALL_SQUARES) {
    const piece = pos.board[from];
    if (piece !== EMPTY && colorOf(piece) === by && pieceAttacks(pos.board, piece, from, sq)) found.push(from);
  }
  return found;
}

/**
 * The side not to move may not be in check; the side to move may be checked only in ways one
 * move can produce: at most two checkers, never two that a single move could not unveil together.
 */
function checkChecks(pos: Position, ep: number): void {
  const us = pos.turn;
  const them = (us ^ 1) as Color;
  if (attackersOf(pos, pos.kingSquare[them], us).length > 0) {
    throw new FenError(`${COLOR_NAMES[them]} is in check, but it is ${COLOR_NAMES[us]}'s turn: the side not to move can never be in check`);
  }
  const king = pos.kingSquare[us];
  const checkers = attackersOf(pos, king, them);
  const name = COLOR_NAMES[us];
  if (checkers.length > 2) {
    throw new FenError(`${name} is in check from ${checkers.length} pieces at once, which no move can produce`);
  }
  if (checkers.length === 2) {
    const [a, b] = checkers;
    const sliders = IS_SLIDER[pos.board[a]] + IS_SLIDER[pos.board[b]];
    // Two checkers on one line through the king, one each side: no single move unveils both.
    const stepA = STEP[attackIndex(a, king)];
    const aligned = stepA !== 0 && stepA === -STEP[attackIndex(b, king)];
    if (sliders === 0 || aligned) {
      throw new FenError(`${name} is in double check from ${makeSquare(a)} and ${makeSquare(b)}, which no move can produce`);
    }
  }
  if (ep >= 0 && checkers.length > 0) {
    // After a double step the check must come from the pushed pawn, or be unveiled by it.
    const forward = us === WHITE ? 16 : -16;
    const pushedTo = ep - forward;
    const pushedFrom = ep + forward;
    const pawn = pos.board[pushedTo];
    pos.board[pushedTo] = EMPTY;
    pos.board[pushedFrom] = pawn;
    const checkedBefore = attackersOf(pos, king, them).length > 0;
    pos.board[pushedFrom] = EMPTY;
    pos.board[pushedTo] = pawn;
    if (checkers.length > 1 || (checkers[0] !== pushedTo && checkedBefore)) {
      throw new FenError(`${name} is in check, which the double pawn step to ${makeSquare(pushedTo)} named by the en passant square could not have given`);
    }
  }
}
