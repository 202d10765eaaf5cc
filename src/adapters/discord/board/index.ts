// Board pictures for the Discord replies: position in, SVG text or PNG bytes out.
export { BOARD_COLORS, type BoardMove, BoardMoveError, type BoardOptions, DEFAULT_BOARD_SIZE, parseBoardMove, renderBoardSvg } from './svg.ts';
export { renderBoardPng } from './png.ts';
export { PIECE_ART_AUTHOR, PIECE_ART_LICENSE, PIECE_ART_NAME } from './pieces.ts';
