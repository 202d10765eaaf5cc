// The square classifier on boards drawn by bench/vision (test/vision/fixtures, `npm run
// vision:fixtures`): two in styles it trained on, three in held-out styles it never saw (other
// piece sets and themes, a printed diagram, a board seen from Black's side). Every square must be
// read exactly, surely in a trained style; a patch of noise must not be read surely as anything.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CLASSES, classifyPatch, classifySquares, decodeFloat16, patchProbabilities } from '../../src/vision/classifier.ts';
import { PATCH_AREA } from '../../src/vision/squares.ts';
import type { BoardBox, Picture } from '../../src/vision/types.ts';
import { mulberry32 } from '../support/random.ts';

const FIXTURES = join(import.meta.dirname, 'fixtures');

interface Fixture {
  readonly file: string;
  readonly split: 'train' | 'test';
  readonly placement: string;
  readonly flipped: boolean;
  readonly box: BoardBox;
  /** Picture order, '.' for empty. */
  readonly squares: string;
}

const boards = JSON.parse(readFileSync(join(FIXTURES, 'boards.json'), 'utf8')) as Fixture[];

async function decode(file: string): Promise<Picture> {
  const { data, info } = await sharp(readFileSync(join(FIXTURES, file))).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, rgba: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

function read(picture: Picture, box: BoardBox): string {
  return classifySquares(picture, box).map((guess) => guess.piece ?? '.').join('');
}

describe('classifySquares', () => {
  it('has fixtures in both splits', () => {
    expect(boards.filter((board) => board.split === 'train').length).toBeGreaterThanOrEqual(2);
    expect(boards.filter((board) => board.split === 'test').length).toBeGreaterThanOrEqual(3);
  });

  for (const board of boards) {
    it(`reads every square of ${board.file} (${board.split === 'train' ? 'a trained style, surely' : 'a held-out style'})`, async () => {
      const picture = await decode(board.file);
      const guesses = classifySquares(picture, board.box);
      expect(guesses).toHaveLength(64);
      expect(guesses.map((guess) => guess.piece ?? '.').join('')).toBe(board.squares);
      // A style never seen may be read right but less surely: the confidence says how unfamiliar it is.
      if (board.split === 'train') expect(Math.min(...guesses.map((guess) => guess.confidence))).toBeGreaterThan(0.8);
    });
  }

  it('reads the same board from a box a few per cent of a square off, as a locator gives it', async () => {
    // A trained style: what is measured here is the box, not an unfamiliar look (read exactly above).
    const board = boards.find((candidate) => candidate.split === 'train')!;
    const picture = await decode(board.file);
    const square = board.box.width / 8;
    const off = { x: board.box.x + 0.05 * square, y: board.box.y - 0.05 * square, width: board.box.width - 0.05 * square, height: board.box.height + 0.04 * square };
    expect(read(picture, off)).toBe(board.squares);
  });

  it('reads the picture as shown: a flipped board comes back in picture order, rank 1 on top', async () => {
    const board = boards.find((candidate) => candidate.flipped)!;
    const shown = read(await decode(board.file), board.box);
    expect(board.placement.endsWith('/R4RK1')).toBe(true);
    expect(shown.slice(0, 8)).toBe('.KR....R'); // h1 g1 … a1, as Black sees the first rank
  });

  it('is unsure of patches of noise', () => {
    const random = mulberry32(7);
    const patches = new Float32Array(20 * PATCH_AREA);
    for (let i = 0; i < patches.length; i++) patches[i] = random();
    for (let p = 0; p < 20; p++) expect(classifyPatch(patches, p).confidence).toBeLessThan(0.6);
  });

  it('gives probabilities that sum to one over the thirteen classes', () => {
    const patches = new Float32Array(PATCH_AREA).fill(0.8);
    const probabilities = patchProbabilities(patches, 0);
    expect(probabilities).toHaveLength(CLASSES.length);
    expect(probabilities.reduce((sum, p) => sum + p, 0)).toBeCloseTo(1, 9);
    // A plain light patch is an empty square.
    expect(classifyPatch(patches, 0).piece).toBeNull();
  });
});

describe('decodeFloat16', () => {
  it('decodes normal, subnormal and signed halves', () => {
    // 1.0 = 0x3c00, -2.0 = 0xc000, 0.5 = 0x3800, smallest subnormal 0x0001 = 2^-24.
    const bytes = Uint8Array.of(0x00, 0x3c, 0x00, 0xc0, 0x00, 0x38, 0x01, 0x00);
    expect(Array.from(decodeFloat16(bytes))).toEqual([1, -2, 0.5, 2 ** -24]);
  });
});
