// findBoard: the playing area in boards alone and in screenshots, within 3% of a square, and
// null for pictures that hold no chessboard.

import { describe, expect, it } from 'vitest';
import { findBoard } from '../../src/vision/locate.ts';
import type { Picture } from '../../src/vision/types.ts';
import { mulberry32 } from '../support/random.ts';
import { boardPicture, edgeError, jpegged, placed, svgPicture, testLabels, testPicture } from './pictures.ts';

const GAME = 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4';
const PROBLEM = '8/8/8/4k3/8/8/2Q5/4K3 w - - 0 1';
const WITHIN = 0.03;

describe('findBoard on boards drawn alone', () => {
  it.each([150, 480, 1600])('finds a %i px board to within 3 percent of a square', (size) => {
    const box = findBoard(boardPicture(GAME, { size }));
    expect(box).not.toBeNull();
    expect(edgeError(box!, { x: 0, y: 0, width: size, height: size })).toBeLessThan(WITHIN);
  });

  it('finds a nearly empty board with a last-move highlight, a check and an arrow', () => {
    const box = findBoard(boardPicture('8/8/8/4k3/8/8/2Q5/4K3 b - - 0 1', { size: 400, move: 'c2e4', orientation: 'white' }));
    expect(edgeError(box!, { x: 0, y: 0, width: 400, height: 400 })).toBeLessThan(WITHIN);
  });

  it('finds a board cropped into its outer squares, and says where the whole board lies', () => {
    const full = boardPicture(GAME, { size: 480 });
    const cut = 15; // a quarter of a square off every side
    const side = 480 - 2 * cut;
    const rgba = new Uint8Array(side * side * 4);
    for (let row = 0; row < side; row++) rgba.set(full.rgba.subarray(((row + cut) * 480 + cut) * 4, ((row + cut) * 480 + cut + side) * 4), row * side * 4);
    const box = findBoard({ width: side, height: side, rgba });
    expect(edgeError(box!, { x: -cut, y: -cut, width: 480, height: 480 })).toBeLessThan(WITHIN);
  });

  it('finds it through JPEG compression', async () => {
    const picture = await jpegged(boardPicture(GAME, { size: 360 }), 40);
    expect(edgeError(findBoard(picture)!, { x: 0, y: 0, width: 360, height: 360 })).toBeLessThan(WITHIN);
  });
});

describe('findBoard in a larger picture', () => {
  it('finds a small board off-centre on a dark page', () => {
    const picture = placed(boardPicture(PROBLEM, { size: 176 }), 700, 420, 391, 57, [22, 21, 18]);
    expect(edgeError(findBoard(picture)!, { x: 391, y: 57, width: 176, height: 176 })).toBeLessThan(WITHIN);
  });

  it('finds a 150 px board in a 1920×1080 screen and a 400 px one in a 3000×2000 picture', () => {
    const small = placed(boardPicture(PROBLEM, { size: 150 }), 1920, 1080, 1300, 700, [240, 240, 240]);
    expect(edgeError(findBoard(small)!, { x: 1300, y: 700, width: 150, height: 150 })).toBeLessThan(WITHIN);
    const large = placed(boardPicture(PROBLEM, { size: 400 }), 3000, 2000, 1300, 700, [240, 240, 240]);
    expect(edgeError(findBoard(large)!, { x: 1300, y: 700, width: 400, height: 400 })).toBeLessThan(WITHIN);
  });

  it('prefers the board to a thumbnail of another beside it', () => {
    const canvas = placed(boardPicture(GAME, { size: 480 }), 800, 560, 20, 40, [40, 40, 40]);
    const thumbnail = boardPicture(PROBLEM, { size: 120 });
    for (let row = 0; row < 120; row++) canvas.rgba.set(thumbnail.rgba.subarray(row * 480, (row + 1) * 480), ((60 + row) * 800 + 600) * 4);
    expect(edgeError(findBoard(canvas)!, { x: 20, y: 40, width: 480, height: 480 })).toBeLessThan(WITHIN);
  });

  it('finds a board beside a panel of text and boxes', () => {
    const panel = svgPicture(
      `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="480"><rect width="300" height="480" fill="#262421"/>` +
        Array.from({ length: 20 }, (_, i) => `<rect x="10" y="${10 + i * 23}" width="${120 + ((i * 37) % 160)}" height="14" fill="${i % 2 ? '#bababa' : '#3a3835'}"/>`).join('') +
        '</svg>',
    );
    const board = boardPicture(GAME, { size: 480, move: 'd1h5' });
    const canvas = placed(board, 800, 520, 10, 20, [38, 36, 33]);
    for (let row = 0; row < panel.height; row++) canvas.rgba.set(panel.rgba.subarray(row * 1200, (row + 1) * 1200), ((20 + row) * 800 + 495) * 4);
    expect(edgeError(findBoard(canvas)!, { x: 10, y: 20, width: 480, height: 480 })).toBeLessThan(WITHIN);
  });

  // The committed test set: a screenshot with a site's bar and a panel, a printed diagram (hatched
  // dark squares, a thick frame), a board with arrows or a highlight, coordinates outside.
  const labels = testLabels();
  const chosen = [
    labels.find((l) => l.kind.startsWith('screenshot')),
    labels.find((l) => l.kind.startsWith('printed')),
    labels.find((l) => l.kind.startsWith('board') && l.coordinates === 'outside'),
    labels.find((l) => l.kind.startsWith('board') && l.box!.width > 800),
  ];
  it.each(chosen.map((l) => [l!.file, l!.kind, l!] as const))('finds the board in %s (%s)', async (_file, _kind, label) => {
    const box = findBoard(await testPicture(label));
    expect(edgeError(box!, label.box!)).toBeLessThan(WITHIN);
  });
});

describe('findBoard on pictures without a board', () => {
  it.each(testLabels().filter((l) => !l.board).map((l) => [l.kind, l] as const))('finds none in a %s', async (_kind, label) => {
    expect(findBoard(await testPicture(label))).toBeNull();
  });

  it('finds none in noise', () => {
    const random = mulberry32(5);
    const rgba = new Uint8Array(400 * 300 * 4).map((_, i) => (i % 4 === 3 ? 255 : Math.floor(random() * 256)));
    expect(findBoard({ width: 400, height: 300, rgba })).toBeNull();
  });

  it('finds none in a 9×9 checkerboard (a larger grid is not a board)', () => {
    const cells = Array.from({ length: 81 }, (_, i) => `<rect x="${(i % 9) * 40}" y="${Math.floor(i / 9) * 40}" width="40" height="40" fill="${(i % 9 + Math.floor(i / 9)) % 2 ? '#769656' : '#eeeed2'}"/>`);
    expect(findBoard(svgPicture(`<svg xmlns="http://www.w3.org/2000/svg" width="360" height="360">${cells.join('')}</svg>`))).toBeNull();
  });

  it('finds none in a picture too small to hold one', () => {
    const tiny: Picture = { width: 20, height: 20, rgba: new Uint8Array(20 * 20 * 4).fill(128) };
    expect(findBoard(tiny)).toBeNull();
  });
});
