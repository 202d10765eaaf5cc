// readBoard: the board found, its squares read, turned the right way up (told > coordinates >
// White at the bottom), and the unsure squares named.

import { describe, expect, it } from 'vitest';
import { boardRead, readBoard } from '../../src/vision/read.ts';
import type { SquareGuess } from '../../src/vision/types.ts';
import { boardPicture, svgPicture } from './pictures.ts';

const BOX = { x: 0, y: 0, width: 400, height: 400 };

/** Guesses in picture order for a placement seen with White at the bottom. */
function guessesFor(placement: string, confidence = 0.99): SquareGuess[] {
  const squares = placement.replace(/\d/g, (d) => '.'.repeat(Number(d))).replace(/\//g, '');
  return [...squares].map((c) => ({ piece: c === '.' ? null : (c as SquareGuess['piece']), confidence }));
}

describe('boardRead', () => {
  const placement = 'r3k2r/8/8/8/8/8/8/R3K1NR';

  it('keeps the picture order when White is at the bottom', () => {
    const read = boardRead(guessesFor(placement), BOX, false, 'default', 0.9);
    expect(read.placement).toBe(placement);
    expect(read.squares[0]).toEqual({ square: 'a8', piece: 'r', confidence: 0.99 });
    expect(read.squares[63]).toEqual({ square: 'h1', piece: 'R', confidence: 0.99 });
    expect(read.unsure).toEqual([]);
  });

  it('turns the board round when Black is at the bottom', () => {
    // The same picture seen from Black's side: its top-left square is h1.
    const read = boardRead(guessesFor(placement), BOX, true, 'told', 0.9);
    expect(read.placement).toBe('RN1K3R/8/8/8/8/8/8/r2k3r');
    expect(read.squares.find((s) => s.square === 'h1')!.piece).toBe('r');
    expect(read.flipped).toBe(true);
    expect(read.orientation).toBe('told');
  });

  it('names the squares below the threshold and takes the weakest as the board\'s confidence', () => {
    const guesses = guessesFor(placement);
    guesses[4] = { piece: 'k', confidence: 0.6 }; // e8
    guesses[62] = { piece: 'N', confidence: 0.85 }; // g1
    const read = boardRead(guesses, BOX, false, 'default', 0.9);
    expect(read.unsure).toEqual(['e8', 'g1']);
    expect(read.confidence).toBe(0.6);
  });

  it('refuses a classifier answer that is not 64 squares, and a threshold outside 0..1', () => {
    expect(() => boardRead(guessesFor(placement).slice(1), BOX, false, 'default', 0.9)).toThrow(/64 squares/);
    expect(() => boardRead(guessesFor(placement), BOX, false, 'default', 1.5)).toThrow(/threshold/);
  });
});

describe('readBoard', () => {
  const fen = 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4';
  const placement = fen.split(' ')[0]!;

  it('reads a board drawn from White\'s side, its coordinates saying so', () => {
    const read = readBoard(boardPicture(fen, { size: 400, orientation: 'white' }))!;
    expect(read.orientation).toBe('coordinates');
    expect(read.flipped).toBe(false);
    expect(read.placement).toBe(placement);
  });

  it('reads a board drawn from Black\'s side from its coordinates', () => {
    const read = readBoard(boardPicture(fen, { size: 400, orientation: 'black' }))!;
    expect(read.orientation).toBe('coordinates');
    expect(read.flipped).toBe(true);
    expect(read.placement).toBe(placement);
  });

  it('takes the member\'s word over the default when there are no coordinates', () => {
    const picture = boardPicture(fen, { size: 400, orientation: 'black', coordinates: false });
    const told = readBoard(picture, { flipped: true })!;
    expect(told.orientation).toBe('told');
    expect(told.placement).toBe(placement);
    const untold = readBoard(picture)!;
    expect(untold.orientation).toBe('default');
    expect(untold.flipped).toBe(false);
    expect(untold.placement).not.toBe(placement);
  });

  it('says null for a picture with no board', () => {
    expect(readBoard(svgPicture('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" fill="#7a9cc6"/></svg>'))).toBeNull();
  });
});
