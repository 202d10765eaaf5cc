// FEN text in and out. parseFen reads the six fields (the last two may be missing) and names the
// first thing wrong with the text; setup.ts then checks that the position could occur in a game.
// What an error quotes of the text is quoted by `quoted`: a FEN comes from a person, and its
// error goes back to people and terminals.

import { quote } from '../errors.ts';
import { FenError, type Setup, positionFromSetup } from './setup.ts';
import type { Position } from './position.ts';
import {
  BLACK, type Color, EMPTY, FILE_NAMES, ROOK, WHITE, fileOf, makePiece, makeSquare, parsePieceLetter,
  parseSquare, pieceLetter, squareAt,
} from './types.ts';

export { FenError };

export const STARTING_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
/** Longer input is refused before any parsing: no legal FEN comes near it (the longest is ~90). */
export const MAX_FEN_LENGTH = 100;
/** Halfmove and fullmove numbers beyond this are typos, not positions. */
const MAX_COUNTER = 9999;

/**
 * `text` from the FEN quoted as every message quotes input (src/errors.ts): a control character
 * shows as \u001b and never reaches a terminal raw; ordinary text reads as it was typed. (The
 * FEN's length is already bounded by MAX_FEN_LENGTH, so nothing is cut.)
 */
function quoted(text: string): string {
  return quote(text, MAX_FEN_LENGTH);
}

/** Parses and validates a FEN (or X-FEN / Shredder-FEN) into a legal Position; throws FenError. */
export function parseFen(text: string): Position {
  return positionFromSetup(parseSetup(text));
}

/** The FEN fields as values, checked for form but not yet for legality. */
export function parseSetup(text: string): Setup {
  if (typeof text !== 'string' || text.trim() === '') throw new FenError('the FEN is empty');
  if (text.length > MAX_FEN_LENGTH) {
    throw new FenError(`the FEN is ${text.length} characters long; the limit is ${MAX_FEN_LENGTH}`);
  }
  const fields = text.trim().split(/\s+/);
  if (fields.length > 6) {
    throw new FenError(`unexpected text after the FEN: ${quoted(fields.slice(6).join(' '))}`);
  }
  const [boardField, turnField, castlingField = '-', epField = '-', halfmoveField = '0', fullmoveField = '1'] = fields;
  return {
    board: parseBoard(boardField),
    turn: parseTurn(turnField),
    castling: parseCastlingField(castlingField),
    epSquare: parseEpField(epField),
    halfmoves: parseCounter(halfmoveField, 'halfmove clock (5th field)'),
    fullmoves: Math.max(1, parseCounter(fullmoveField, 'fullmove number (6th field)')),
  };
}

function parseBoard(field: string): Uint8Array {
  const ranks = field.split('/');
  if (ranks.length !== 8) {
    throw new FenError(`the board has ${ranks.length} rank${ranks.length === 1 ? '' : 's'}; it needs 8, separated by "/"`);
  }
  const board = new Uint8Array(128);
  ranks.forEach((text, i) => {
    const rank = 7 - i;
    const where = `rank ${rank + 1} (${quoted(text)})`;
    let file = 0;
    for (const char of text) {
      if (char >= '1' && char <= '8') {
        file += Number(char);
        continue;
      }
      const piece = parsePieceLetter(char);
      if (piece === EMPTY) {
        const hint = /[09]/.test(char) ? 'empty squares are counted 1 to 8' : 'pieces are K Q R B N P, black in lower case';
        throw new FenError(`${where} has an unknown character ${quoted(char)}: ${hint}`);
      }
      if (file < 8) board[squareAt(file, rank)] = piece;
      file++;
    }
    if (file !== 8) throw new FenError(`${where} has ${file} squares; every rank needs exactly 8`);
  });
  return board;
}

function parseTurn(field: string | undefined): Color {
  if (field === undefined) throw new FenError('the FEN has no side to move: add " w" or " b" after the board');
  if (field === 'w') return WHITE;
  if (field === 'b') return BLACK;
  throw new FenError(`the side to move must be "w" or "b", not ${quoted(field)}`);
}

function parseCastlingField(field: string): string {
  if (field === '-') return '';
  for (const char of field) {
    if (!/[KQkqA-Ha-h]/.test(char)) {
      throw new FenError(`the castling field ${quoted(field)} has ${quoted(char)}, which is no castling right (use K, Q, k, q, a rook's file, or -)`);
    }
  }
  return field;
}

function parseEpField(field: string): number {
  if (field === '-') return -1;
  const sq = parseSquare(field);
  if (sq < 0) throw new FenError(`the en passant field must be a square such as e3, or -, not ${quoted(field)}`);
  return sq;
}

function parseCounter(field: string, name: string): number {
  if (!/^\d+$/.test(field)) throw new FenError(`the ${name} must be an integer >= 0, not ${quoted(field)}`);
  const value = Number(field);
  if (value > MAX_COUNTER) throw new FenError(`the ${name} ${field} is too large (at most ${MAX_COUNTER})`);
  return value;
}

// ---- output ----

/** The FEN of a position: X-FEN castling (KQkq unless a right needs its rook's file); the ep square only when the capture is legal. */
export function makeFen(pos: Position): string {
  return [
    makeBoardFen(pos.board),
    pos.turn === WHITE ? 'w' : 'b',
    makeCastlingFen(pos),
    pos.epSquare >= 0 ? makeSquare(pos.epSquare) : '-',
    String(pos.halfmoves),
    String(pos.fullmoves),
  ].join(' ');
}

export function makeBoardFen(board: Uint8Array): string {
  const ranks: string[] = [];
  for (let rank = 7; rank >= 0; rank--) {
    let text = '';
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const piece = board[squareAt(file, rank)];
      if (piece === EMPTY) {
        empty++;
        continue;
      }
      if (empty) text += String(empty);
      empty = 0;
      text += pieceLetter(piece);
    }
    ranks.push(empty ? text + String(empty) : text);
  }
  return ranks.join('/');
}

function makeCastlingFen(pos: Position): string {
  let text = '';
  for (const color of [WHITE, BLACK] as const) {
    for (const kingSide of [true, false]) {
      const index = (color << 1) | (kingSide ? 0 : 1);
      if ((pos.castlingRights & (1 << index)) === 0) continue;
      const rook = pos.castlingRook[index];
      const letter = isOutermostRook(pos, color, rook, kingSide) ? (kingSide ? 'k' : 'q') : FILE_NAMES[fileOf(rook)];
      text += color === WHITE ? letter.toUpperCase() : letter;
    }
  }
  return text || '-';
}

function isOutermostRook(pos: Position, color: Color, rookSq: number, kingSide: boolean): boolean {
  const rook = makePiece(color, ROOK);
  const step = kingSide ? 1 : -1;
  for (let sq = rookSq + step; (sq & 0x88) === 0; sq += step) {
    if (pos.board[sq] === rook) return false;
  }
  return true;
}
