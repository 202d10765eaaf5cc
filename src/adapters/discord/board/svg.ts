// The board picture as an SVG document: an 8 x 8 board drawn from the side to move (or a chosen
// side), file and rank coordinates on the board's edge, the cburnett pieces, an optional marked
// move (both squares tinted, plus an arrow) and a red glow under a king in check.
//
// Pure: position in, string out. The drawing uses 45 user units per square (the pieces' own
// units) and is scaled to `size` pixels by the width/height attributes. No <text> is used, so
// nothing depends on fonts (coordinates are glyph outlines from glyphs.ts).

import { parseFen } from '../../../chess/fen.ts';
import type { Position } from '../../../chess/position.ts';
import { BLACK, type Color, WHITE, fileOf, makeSquare, parseSquare, pieceLetter, rankOf, squareAt } from '../../../chess/types.ts';
import { GLYPHS } from './glyphs.ts';
import { PIECE_SVG, PIECE_UNITS } from './pieces.ts';

/** A move to mark: UCI text ("e2e4", "e7e8q") or its two squares (names like "e2" or 0x88 indices). */
export type BoardMove = string | { readonly from: string | number; readonly to: string | number };

export interface BoardOptions {
  /** Width and height of the picture in pixels. Default 480. */
  readonly size?: number;
  /** The side drawn at the bottom. Default: the side to move. */
  readonly orientation?: 'white' | 'black';
  /** A move to mark (the key move): its squares are tinted and an arrow joins them. */
  readonly move?: BoardMove;
  /** Draw the arrow for `move` (the squares are tinted either way). Default true. */
  readonly arrow?: boolean;
  /** Mark the king of the side to move when it is in check. Default true. */
  readonly check?: boolean;
  /** Draw file and rank coordinates. Default true. */
  readonly coordinates?: boolean;
}

export const DEFAULT_BOARD_SIZE = 480;

/** The palette (the warm brown board most players know from Lichess and printed diagrams). */
export const BOARD_COLORS = {
  light: '#f0d9b5',
  dark: '#b58863',
  /** Tint over the marked move's squares. */
  move: '#9bc700',
  moveOpacity: 0.45,
  arrow: '#15781b',
  arrowOpacity: 0.8,
  check: '#ff0000',
} as const;

const UNIT = PIECE_UNITS; // one square
const BOARD = 8 * UNIT;

/** Thrown for a move to mark that does not name two squares. */
export class BoardMoveError extends Error {
  override name = 'BoardMoveError';
}

/** The from and to squares (0x88) of a move to mark. */
export function parseBoardMove(move: BoardMove): { from: number; to: number } {
  if (typeof move === 'string') {
    const text = move.trim();
    if (!/^[a-h][1-8][a-h][1-8][nbrq]?$/.test(text)) {
      throw new BoardMoveError(`"${move}" is not a move in UCI form (like e2e4 or e7e8q)`);
    }
    return { from: parseSquare(text.slice(0, 2)), to: parseSquare(text.slice(2, 4)) };
  }
  return { from: toSquare(move.from), to: toSquare(move.to) };
}

function toSquare(value: string | number): number {
  const sq = typeof value === 'number' ? (Number.isInteger(value) && (value & ~0x77) === 0 ? value : -1) : parseSquare(value);
  if (sq < 0) throw new BoardMoveError(`${JSON.stringify(value)} is not a square`);
  return sq;
}

/** Top-left corner of a square in board units, for the side at the bottom. */
function squareOrigin(sq: number, bottom: Color): { x: number; y: number } {
  const col = bottom === WHITE ? fileOf(sq) : 7 - fileOf(sq);
  const row = bottom === WHITE ? 7 - rankOf(sq) : rankOf(sq);
  return { x: col * UNIT, y: row * UNIT };
}

const isLight = (sq: number): boolean => (fileOf(sq) + rankOf(sq)) % 2 === 1;
const num = (v: number): string => String(Math.round(v * 100) / 100);

/** One coordinate character as a glyph outline, in a corner of a square. */
function drawLabel(
  char: string,
  box: { x: number; y: number },
  corner: 'top-left' | 'bottom-right',
  fill: string,
): string {
  const glyph = GLYPHS[char];
  const height = UNIT * 0.24; // glyph ink height in board units (about 14 px at 480 px)
  const scale = height / 74; // digits and ascenders are about 74 font units tall at size 100
  const pad = UNIT * 0.05;
  const tx =
    corner === 'top-left' ? box.x + pad - glyph.minX * scale : box.x + UNIT - pad - glyph.maxX * scale;
  const ty =
    corner === 'top-left' ? box.y + pad - glyph.minY * scale : box.y + UNIT - pad - glyph.maxY * scale;
  return `<path class="coord" data-label="${char}" fill="${fill}" transform="translate(${num(tx)} ${num(ty)}) scale(${Math.round(scale * 10000) / 10000})" d="${glyph.d}"/>`;
}

function drawArrow(from: number, to: number, bottom: Color): string {
  const a = squareOrigin(from, bottom);
  const b = squareOrigin(to, bottom);
  const x1 = a.x + UNIT / 2;
  const y1 = a.y + UNIT / 2;
  const x2 = b.x + UNIT / 2;
  const y2 = b.y + UNIT / 2;
  const length = Math.hypot(x2 - x1, y2 - y1);
  if (length === 0) return '';
  const ux = (x2 - x1) / length;
  const uy = (y2 - y1) / length;
  const shaft = UNIT * 0.16;
  const headLength = UNIT * 0.42;
  const headWidth = UNIT * 0.48;
  // The shaft stops where the head begins; the tip ends a little short of the target's centre.
  const tipX = x2 - ux * UNIT * 0.12;
  const tipY = y2 - uy * UNIT * 0.12;
  const baseX = tipX - ux * headLength;
  const baseY = tipY - uy * headLength;
  const px = -uy;
  const py = ux;
  const head = [
    [tipX, tipY],
    [baseX + (px * headWidth) / 2, baseY + (py * headWidth) / 2],
    [baseX - (px * headWidth) / 2, baseY - (py * headWidth) / 2],
  ]
    .map(([x, y]) => `${num(x)},${num(y)}`)
    .join(' ');
  return (
    `<g class="arrow" data-from="${makeSquare(from)}" data-to="${makeSquare(to)}" fill="${BOARD_COLORS.arrow}" stroke="${BOARD_COLORS.arrow}" opacity="${BOARD_COLORS.arrowOpacity}">` +
    `<line x1="${num(x1)}" y1="${num(y1)}" x2="${num(baseX + ux)}" y2="${num(baseY + uy)}" stroke-width="${num(shaft)}" stroke-linecap="round"/>` +
    `<polygon points="${head}" stroke="none"/></g>`
  );
}

/** The board picture as a standalone SVG document. `position` is a Position or a FEN. */
export function renderBoardSvg(position: Position | string, options: BoardOptions = {}): string {
  const pos = typeof position === 'string' ? parseFen(position) : position;
  const size = options.size ?? DEFAULT_BOARD_SIZE;
  if (!Number.isInteger(size) || size < 64 || size > 4096) {
    throw new RangeError(`board size must be an integer from 64 to 4096 pixels, got ${size}`);
  }
  const bottom: Color = options.orientation === undefined ? pos.turn : options.orientation === 'black' ? BLACK : WHITE;
  const marked = options.move === undefined ? undefined : parseBoardMove(options.move);
  const out: string[] = [];

  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${BOARD} ${BOARD}" ` +
      `data-orientation="${bottom === WHITE ? 'white' : 'black'}">`,
  );
  out.push('<defs><radialGradient id="check-glow">' +
    `<stop offset="0" stop-color="${BOARD_COLORS.check}" stop-opacity="1"/>` +
    `<stop offset="0.3" stop-color="${BOARD_COLORS.check}" stop-opacity="0.9"/>` +
    `<stop offset="1" stop-color="${BOARD_COLORS.check}" stop-opacity="0"/>` +
    '</radialGradient></defs>');

  // Squares, from the top-left of the picture.
  out.push('<g class="squares">');
  for (let rank = 0; rank < 8; rank++) {
    for (let file = 0; file < 8; file++) {
      const sq = squareAt(file, rank);
      const { x, y } = squareOrigin(sq, bottom);
      const fill = isLight(sq) ? BOARD_COLORS.light : BOARD_COLORS.dark;
      out.push(`<rect class="square" data-square="${makeSquare(sq)}" x="${x}" y="${y}" width="${UNIT}" height="${UNIT}" fill="${fill}"/>`);
    }
  }
  out.push('</g>');

  if (marked) {
    for (const sq of [marked.from, marked.to]) {
      const { x, y } = squareOrigin(sq, bottom);
      out.push(
        `<rect class="highlight" data-square="${makeSquare(sq)}" x="${x}" y="${y}" width="${UNIT}" height="${UNIT}" ` +
          `fill="${BOARD_COLORS.move}" fill-opacity="${BOARD_COLORS.moveOpacity}"/>`,
      );
    }
  }

  if ((options.check ?? true) && pos.inCheck()) {
    const king = pos.kingSquare[pos.turn];
    const { x, y } = squareOrigin(king, bottom);
    out.push(`<rect class="check" data-square="${makeSquare(king)}" x="${x}" y="${y}" width="${UNIT}" height="${UNIT}" fill="url(#check-glow)"/>`);
  }

  out.push('<g class="pieces">');
  for (let rank = 0; rank < 8; rank++) {
    for (let file = 0; file < 8; file++) {
      const sq = squareAt(file, rank);
      const piece = pos.board[sq];
      if (piece === 0) continue;
      const letter = pieceLetter(piece);
      const { x, y } = squareOrigin(sq, bottom);
      out.push(`<g class="piece" data-piece="${letter}" data-square="${makeSquare(sq)}" transform="translate(${x} ${y})">${PIECE_SVG[letter]}</g>`);
    }
  }
  out.push('</g>');

  // Coordinates: rank numbers in the top-left corner of the left-hand column, file letters in the
  // bottom-right corner of the bottom row, each in the colour of the other kind of square,
  // drawn over the pieces (as Lichess does) so that a piece never hides one.
  if (options.coordinates ?? true) {
    out.push('<g class="coordinates">');
    for (let i = 0; i < 8; i++) {
      const rankSq = bottom === WHITE ? squareAt(0, i) : squareAt(7, i);
      const fileSq = bottom === WHITE ? squareAt(i, 0) : squareAt(i, 7);
      const rankFill = isLight(rankSq) ? BOARD_COLORS.dark : BOARD_COLORS.light;
      const fileFill = isLight(fileSq) ? BOARD_COLORS.dark : BOARD_COLORS.light;
      out.push(drawLabel(String(i + 1), squareOrigin(rankSq, bottom), 'top-left', rankFill));
      out.push(drawLabel('abcdefgh'[i], squareOrigin(fileSq, bottom), 'bottom-right', fileFill));
    }
    out.push('</g>');
  }

  if (marked && (options.arrow ?? true)) out.push(drawArrow(marked.from, marked.to, bottom));

  out.push('</svg>');
  return out.join('');
}
