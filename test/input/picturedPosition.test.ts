import { describe, expect, it } from 'vitest';
import { castlingFromPlacement, fenOfBoardRead, listSquares, parseSideToMove, positionFromBoardRead } from '../../src/input/picturedPosition.ts';
import type { BoardRead } from '../../src/vision/types.ts';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR';

/** A read of `placement`, sure of every square but those named. */
function boardRead(placement: string, unsure: string[] = []): BoardRead {
  return { placement, squares: [], confidence: unsure.length > 0 ? 0.5 : 0.99, unsure, flipped: false, orientation: 'default', box: { x: 0, y: 0, width: 400, height: 400 } };
}

describe('castlingFromPlacement', () => {
  it('grants each right whose king and rook stand on their home squares', () => {
    expect(castlingFromPlacement(START)).toBe('KQkq');
    expect(castlingFromPlacement('r3k3/8/8/8/8/8/8/4K2R')).toBe('Kq');
    expect(castlingFromPlacement('1r2k2r/8/8/8/8/8/8/R3K3')).toBe('Qk');
    // A king off its square castles on neither side, rooks at home or not.
    expect(castlingFromPlacement('r2k3r/8/8/8/8/8/8/R2K3R')).toBe('-');
    // Colours matter: a black rook on h1 is no white rook.
    expect(castlingFromPlacement('4k3/8/8/8/8/8/8/4K2r')).toBe('-');
  });
});

describe('fenOfBoardRead', () => {
  it('is the placement read, the side told, castling by home squares, no en passant', () => {
    expect(fenOfBoardRead(boardRead(START), 'w')).toBe(`${START} w KQkq - 0 1`);
    expect(fenOfBoardRead(boardRead('6k1/5ppp/8/8/8/8/8/R5K1'), 'b')).toBe('6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1');
  });
});

describe('positionFromBoardRead', () => {
  it('gives the FEN of a legal read sure of every square', () => {
    expect(positionFromBoardRead(boardRead('6k1/5ppp/8/8/8/8/8/R5K1'), 'w', 'board.png')).toBe('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1');
  });

  it('says when no board was found', () => {
    expect(() => positionFromBoardRead(null, 'w', '"cat.jpg"')).toThrow('no chessboard found in "cat.jpg"');
  });

  it('names the unsure squares and gives the FEN read to fix, instead of a made-up position', () => {
    expect(() => positionFromBoardRead(boardRead('6k1/5ppp/8/8/8/8/8/R5K1', ['f7', 'a1']), 'w', 'the picture')).toThrow(
      'the board in the picture is unclear on f7, a1; it reads as 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1: check those squares and send the FEN',
    );
  });

  it('names what makes a read illegal, with the FEN read', () => {
    expect(() => positionFromBoardRead(boardRead('6k1/8/8/8/8/8/8/K5K1'), 'w', 'the picture')).toThrow(
      'the board in the picture reads as 6k1/8/8/8/8/8/8/K5K1 w - - 0 1, which is not a legal position: white has 2 kings; each side needs exactly one',
    );
    expect(() => positionFromBoardRead(boardRead('6k1/8/8/8/8/8/8/P5K1'), 'w', 'the picture')).toThrow(/pawn stands on a1; pawns never stand on the 1st or 8th rank/);
    // The side told matters: Black in check with White to move is no position.
    expect(() => positionFromBoardRead(boardRead('R5k1/8/8/8/8/8/8/6K1'), 'w', 'the picture')).toThrow(/black is in check, but it is white's turn/i);
    expect(positionFromBoardRead(boardRead('R5k1/8/8/8/8/8/8/6K1'), 'b', 'the picture')).toBe('R5k1/8/8/8/8/8/8/6K1 b - - 0 1');
  });
});

describe('listSquares', () => {
  it('lists a few squares, and counts the rest', () => {
    expect(listSquares(['e4'])).toBe('e4');
    expect(listSquares(['a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1', 'a2', 'b2'])).toBe('a1, b1, c1, d1, e1, f1, g1, h1 and 2 more');
  });
});

describe('parseSideToMove', () => {
  it('takes w, b, white, black in any case', () => {
    expect(['w', 'W', 'white', 'White'].map((text) => parseSideToMove(text))).toEqual(['w', 'w', 'w', 'w']);
    expect(['b', 'black', 'BLACK'].map((text) => parseSideToMove(text))).toEqual(['b', 'b', 'b']);
  });
  it('names a bad value', () => {
    expect(() => parseSideToMove('red')).toThrow('--side must be w or b (white or black), got "red"');
    expect(() => parseSideToMove('\u001b[31m', 'side')).toThrow('side must be w or b (white or black), got "\\u001b[31m"');
  });
});
