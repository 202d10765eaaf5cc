import { describe, expect, it } from 'vitest';
import {
  BoardMoveError,
  DEFAULT_BOARD_SIZE,
  parseBoardMove,
  renderBoardPng,
  renderBoardSvg,
} from '../../../../src/adapters/discord/board/index.ts';
import { STARTING_FEN, parseFen } from '../../../../src/chess/fen.ts';
import { parseSquare } from '../../../../src/chess/types.ts';

// Fool's mate: black to move, Qd8-h4 mates.
const BLACK_TO_MOVE = 'rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2';
// The position after it: white is in check (and mated).
const WHITE_IN_CHECK = 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3';

/** data-square → {x, y} of every square rect. */
function squareRects(svg: string): Map<string, { x: number; y: number }> {
  const rects = new Map<string, { x: number; y: number }>();
  for (const m of svg.matchAll(/<rect class="square" data-square="([a-h][1-8])" x="([\d.]+)" y="([\d.]+)"/g)) {
    rects.set(m[1], { x: Number(m[2]), y: Number(m[3]) });
  }
  return rects;
}

/** square → FEN letter of every drawn piece. */
function drawnPieces(svg: string): Map<string, string> {
  const pieces = new Map<string, string>();
  for (const m of svg.matchAll(/<g class="piece" data-piece="([KQRBNPkqrbnp])" data-square="([a-h][1-8])"/g)) {
    pieces.set(m[2], m[1]);
  }
  return pieces;
}

/** square → FEN letter, read straight from the FEN's board field. */
function fenPieces(fen: string): Map<string, string> {
  const pieces = new Map<string, string>();
  fen.split(' ')[0].split('/').forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) file += Number(ch);
      else pieces.set('abcdefgh'[file++] + String(8 - i), ch);
    }
  });
  return pieces;
}

function pngSize(png: Buffer): { width: number; height: number } {
  // 8-byte signature, then the IHDR chunk: length (4), "IHDR" (4), width (4), height (4).
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('renderBoardSvg', () => {
  it('draws 64 squares, alternating light and dark, with a1 dark', () => {
    const svg = renderBoardSvg(STARTING_FEN);
    const rects = [...svg.matchAll(/<rect class="square" data-square="([a-h][1-8])"[^>]*fill="(#[0-9a-f]+)"/g)];
    expect(rects).toHaveLength(64);
    expect(new Set(rects.map((m) => m[1])).size).toBe(64);
    const fill = new Map(rects.map((m) => [m[1], m[2]]));
    expect(fill.get('a1')).toBe(fill.get('h8'));
    expect(fill.get('a1')).not.toBe(fill.get('h1'));
  });

  it('puts the right piece on the right square', () => {
    for (const fen of [STARTING_FEN, BLACK_TO_MOVE, WHITE_IN_CHECK, '8/8/8/4k3/8/8/3QK3/8 w - - 0 1']) {
      const svg = renderBoardSvg(fen);
      const drawn = drawnPieces(svg);
      expect(drawn).toEqual(fenPieces(fen));
      expect(svg.match(/<g class="piece"/g)?.length).toBe(fenPieces(fen).size);
    }
  });

  it('accepts a Position as well as a FEN', () => {
    expect(renderBoardSvg(parseFen(BLACK_TO_MOVE))).toBe(renderBoardSvg(BLACK_TO_MOVE));
  });

  it('is drawn from the side to move: a1 bottom-left for white, h8 bottom-left for black', () => {
    const white = squareRects(renderBoardSvg(STARTING_FEN));
    expect(white.get('a1')).toEqual({ x: 0, y: 315 });
    expect(white.get('h8')).toEqual({ x: 315, y: 0 });
    expect(white.get('h1')).toEqual({ x: 315, y: 315 });

    const black = squareRects(renderBoardSvg(BLACK_TO_MOVE));
    expect(black.get('h8')).toEqual({ x: 0, y: 315 });
    expect(black.get('a1')).toEqual({ x: 315, y: 0 });
    expect(black.get('a8')).toEqual({ x: 315, y: 315 });
    expect(renderBoardSvg(BLACK_TO_MOVE)).toContain('data-orientation="black"');

    // An explicit orientation wins over the side to move.
    const forced = squareRects(renderBoardSvg(BLACK_TO_MOVE, { orientation: 'white' }));
    expect(forced.get('a1')).toEqual({ x: 0, y: 315 });
  });

  it('labels files and ranks on the edge, in the reading order of the orientation', () => {
    const labels = (svg: string) => [...svg.matchAll(/class="coord" data-label="(.)"/g)].map((m) => m[1]).join('');
    expect(labels(renderBoardSvg(STARTING_FEN))).toBe('1a2b3c4d5e6f7g8h');
    expect(labels(renderBoardSvg(BLACK_TO_MOVE))).toBe('1a2b3c4d5e6f7g8h');
    // No <text>: coordinates are outlines, so rendering never depends on installed fonts.
    expect(renderBoardSvg(STARTING_FEN)).not.toContain('<text');
    expect(renderBoardSvg(STARTING_FEN, { coordinates: false })).not.toContain('class="coord"');
  });

  it('marks the key move given as UCI or as squares, with an arrow', () => {
    for (const move of ['d8h4', { from: 'd8', to: 'h4' }, { from: parseSquare('d8'), to: parseSquare('h4') }]) {
      const svg = renderBoardSvg(BLACK_TO_MOVE, { move });
      const marked = [...svg.matchAll(/<rect class="highlight" data-square="([a-h][1-8])"/g)].map((m) => m[1]);
      expect(marked).toEqual(['d8', 'h4']);
      expect(svg).toContain('<g class="arrow" data-from="d8" data-to="h4"');
    }
    const noArrow = renderBoardSvg(BLACK_TO_MOVE, { move: 'd8h4', arrow: false });
    expect(noArrow).toContain('class="highlight"');
    expect(noArrow).not.toContain('class="arrow"');
    expect(renderBoardSvg(BLACK_TO_MOVE)).not.toContain('class="highlight"');
  });

  it('takes promotions in UCI and refuses what is not a move', () => {
    expect(parseBoardMove('e7e8q')).toEqual({ from: parseSquare('e7'), to: parseSquare('e8') });
    for (const bad of ['e2', 'e2e9', 'e7e8k', 'hello']) {
      expect(() => parseBoardMove(bad)).toThrow(BoardMoveError);
    }
    expect(() => parseBoardMove({ from: 'e2', to: 'z9' })).toThrow(/"z9" is not a square/);
    expect(() => parseBoardMove({ from: 8, to: 0 })).toThrow(BoardMoveError);
  });

  it('marks the king in check, and only then', () => {
    const svg = renderBoardSvg(WHITE_IN_CHECK);
    expect([...svg.matchAll(/<rect class="check" data-square="([a-h][1-8])"/g)].map((m) => m[1])).toEqual(['e1']);
    expect(renderBoardSvg(WHITE_IN_CHECK, { check: false })).not.toContain('class="check"');
    expect(renderBoardSvg(STARTING_FEN)).not.toContain('class="check"');
  });

  it('sizes the picture and rejects silly sizes', () => {
    expect(renderBoardSvg(STARTING_FEN)).toMatch(/^<svg [^>]*width="480" height="480"/);
    expect(renderBoardSvg(STARTING_FEN, { size: 800 })).toMatch(/^<svg [^>]*width="800" height="800"/);
    expect(() => renderBoardSvg(STARTING_FEN, { size: 10 })).toThrow(RangeError);
    expect(() => renderBoardSvg(STARTING_FEN, { size: 480.5 })).toThrow(RangeError);
  });

  it('passes a bad FEN error through', () => {
    expect(() => renderBoardSvg('not a fen')).toThrow();
  });
});

describe('renderBoardPng', () => {
  it('makes a PNG of the requested size, 480 px by default', () => {
    const png = renderBoardPng(BLACK_TO_MOVE, { move: 'd8h4' });
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(pngSize(png)).toEqual({ width: DEFAULT_BOARD_SIZE, height: DEFAULT_BOARD_SIZE });
    expect(pngSize(renderBoardPng(STARTING_FEN, { size: 256 }))).toEqual({ width: 256, height: 256 });
    expect(png.length).toBeGreaterThan(5_000);
    expect(png.length).toBeLessThan(200_000);
  });

  it('differs when the orientation, the marked move or the check changes', () => {
    const base = renderBoardPng(BLACK_TO_MOVE);
    expect(renderBoardPng(BLACK_TO_MOVE, { orientation: 'white' }).equals(base)).toBe(false);
    expect(renderBoardPng(BLACK_TO_MOVE, { move: 'd8h4' }).equals(base)).toBe(false);
    expect(renderBoardPng(WHITE_IN_CHECK).equals(renderBoardPng(WHITE_IN_CHECK, { check: false }))).toBe(false);
  });

  it('renders in well under a second', () => {
    renderBoardPng(STARTING_FEN); // load the native module first
    const start = performance.now();
    for (let i = 0; i < 5; i++) renderBoardPng(BLACK_TO_MOVE, { move: 'd8h4' });
    const each = (performance.now() - start) / 5;
    expect(each).toBeLessThan(250);
  });
});
