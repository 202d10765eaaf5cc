// The board picture as PNG bytes: the SVG from svg.ts rasterised in-process by resvg
// (@resvg/resvg-js, a prebuilt native module; no network, no system fonts, no canvas).

import { Resvg } from '@resvg/resvg-js';
import type { Position } from '../../../chess/position.ts';
import { type BoardOptions, DEFAULT_BOARD_SIZE, renderBoardSvg } from './svg.ts';

/** Renders the board (see renderBoardSvg for the options) to a PNG of `size` x `size` pixels. */
export function renderBoardPng(position: Position | string, options: BoardOptions = {}): Buffer {
  const svg = renderBoardSvg(position, options);
  const size = options.size ?? DEFAULT_BOARD_SIZE;
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: size },
    // The SVG has no text (coordinates are outlines), so no font is ever looked up.
    font: { loadSystemFonts: false },
    shapeRendering: 2, // geometricPrecision: anti-aliased edges
    imageRendering: 0,
  });
  return resvg.render().asPng();
}
