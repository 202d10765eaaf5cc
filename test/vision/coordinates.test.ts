// Orientation from coordinates: the labels drawn in the corner squares or in the margin say which
// side is at the bottom; without labels (or when they cannot be read) the answer is null.

import { describe, expect, it } from 'vitest';
import { flippedByCoordinates, readCoordinates } from '../../src/vision/coordinates.ts';
import { findBoard } from '../../src/vision/locate.ts';
import { renderBoardSvg } from '../../src/adapters/discord/board/svg.ts';
import { boardPicture, placed, svgPicture, testLabels, testPicture } from './pictures.ts';

const FEN = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';
const whole = (size: number) => ({ x: 0, y: 0, width: size, height: size });

describe('coordinates inside the board (our own renderer: ranks top-left, files bottom-right)', () => {
  it.each([240, 480, 900])('reads White at the bottom at %i px', (size) => {
    expect(flippedByCoordinates(boardPicture(FEN, { size, orientation: 'white' }), whole(size))).toBe(false);
  });

  it.each([240, 480, 900])('reads Black at the bottom at %i px', (size) => {
    expect(flippedByCoordinates(boardPicture(FEN, { size, orientation: 'black' }), whole(size))).toBe(true);
  });

  it('reads them on a board found in a larger picture', () => {
    const picture = placed(boardPicture(FEN, { size: 320, orientation: 'black' }), 600, 400, 150, 40, [49, 51, 56]);
    const box = findBoard(picture)!;
    expect(flippedByCoordinates(picture, box)).toBe(true);
  });

  it('takes no move list beside the board for coordinates', () => {
    const moves = ['1. e4 e5', '2. Nf3 Nc6', '3. Bb5 a6', '4. Ba4 Nf6', '5. O-O Be7', '6. Re1 b5', '7. Bb3 d6', '8. c3 O-O', '9. h3 Nb8', '10. d4 Nbd7', '11. c4 c6', '12. Nc3 Qc7'];
    const board = renderBoardSvg(FEN, { size: 360, coordinates: false }).replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '');
    const text = moves.map((move, i) => `<text x="364" y="${24 + i * 30}" font-size="16">${move}</text>`).join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="560" height="380"><rect width="560" height="380" fill="#fff"/><svg width="360" height="360" viewBox="0 0 360 360">${board}</svg>${text}</svg>`;
    const picture = svgPicture(svg, undefined, true);
    // The move list is drawn (resvg drops text silently when it finds no font).
    let ink = 0;
    for (let y = 0; y < 380; y++) for (let x = 364; x < 560; x++) if (picture.rgba[(y * 560 + x) * 4]! < 128) ink++;
    expect(ink).toBeGreaterThan(500);
    expect(readCoordinates(picture, findBoard(picture)!).flipped).toBeNull();
  });

  it('says nothing for a board without coordinates, either way up', () => {
    for (const orientation of ['white', 'black'] as const) {
      const votes = readCoordinates(boardPicture(FEN, { size: 400, orientation, coordinates: false }), whole(400));
      expect(votes).toEqual({ white: 0, black: 0, flipped: null });
    }
  });
});

describe('coordinates in the committed test set', () => {
  const labels = testLabels().filter((l) => l.board);
  const pick = (coordinates: string, flipped: boolean) =>
    labels.filter((l) => l.coordinates === coordinates && l.flipped === flipped && l.box!.width >= 300)[0]!;
  it.each([
    ['outside', false],
    ['outside', true],
    ['inside', false],
    ['inside', true],
  ] as const)('reads labels %s the board, Black at the bottom: %s', async (coordinates, flipped) => {
    const label = pick(coordinates, flipped);
    expect(flippedByCoordinates(await testPicture(label), label.box!)).toBe(flipped);
  });

  it('says nothing on boards drawn without coordinates', async () => {
    const plain = labels.filter((l) => l.coordinates === 'none').slice(0, 6);
    expect(plain.length).toBe(6);
    for (const label of plain) expect(flippedByCoordinates(await testPicture(label), label.box!)).toBeNull();
  });
});
