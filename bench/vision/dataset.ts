// Square patches for the classifier's training and evaluation: boards drawn by render.ts in one
// split's styles, cut by src/vision/squares.ts (the very function that reads a posted picture)
// from a box jittered by a few per cent of a square at each edge, as the locator's box will be.
//
//   node --import tsx bench/vision/dataset.ts --split train --boards 3000 --seed 1 --out bench/out/vision/train
//   (--theme printed-varied: boards in that theme only)
//
// Writes <out>.x (uint8, PATCH_AREA grey values a patch, 0 black to 255 white) and <out>.y
// (uint8 class: 0 empty, then P N B R Q K p n b r q k). With --whole every board's 64 squares are
// written in picture order (for per-board accuracy); without, the empty squares are thinned out
// and each board is cut twice with two jitters.

import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { PATCH_AREA, cutSquares } from '../../src/vision/squares.ts';
import type { BoardBox, PieceLetter } from '../../src/vision/types.ts';
import { mulberry32 } from '../../test/support/random.ts';
import type { Random } from './positions.ts';
import { randomScene, renderScene } from './render.ts';
import { ensureSources } from './sources.ts';
import { findTheme } from './styles.ts';

export const CLASSES: readonly (PieceLetter | null)[] = [null, 'P', 'N', 'B', 'R', 'Q', 'K', 'p', 'n', 'b', 'r', 'q', 'k'];

/** The locator's box is not pixel-exact: each edge moves by up to `fraction` of a square. */
export function jitterBox(box: BoardBox, random: Random, fraction: number): BoardBox {
  const square = box.width / 8;
  const shift = (): number => (random() * 2 - 1) * fraction * square;
  const left = box.x + shift();
  const top = box.y + shift();
  const right = box.x + box.width + shift();
  const bottom = box.y + box.height + shift();
  return { x: left, y: top, width: right - left, height: bottom - top };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      split: { type: 'string', default: 'train' },
      boards: { type: 'string', default: '100' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string', default: 'bench/out/vision/train' },
      whole: { type: 'boolean', default: false },
      jitter: { type: 'string', default: '0.07' },
      'keep-empty': { type: 'string', default: '0.3' },
      // One theme only (styles.ts's findTheme: printed-varied has a stream of its own).
      theme: { type: 'string' },
    },
  });
  sharp.concurrency(1);
  await ensureSources();
  const split = values.split === 'test' ? 'test' : 'train';
  if (values.theme && !findTheme(values.theme)) throw new Error(`no theme "${values.theme}" (styles.ts)`);
  const boards = Number(values.boards);
  const jitter = Number(values.jitter);
  const keepEmpty = Number(values['keep-empty']);
  const random = mulberry32(Number(values.seed));
  mkdirSync(dirname(values.out), { recursive: true });
  const xFile = openSync(`${values.out}.x`, 'w');
  const yFile = openSync(`${values.out}.y`, 'w');
  const patches = new Float32Array(64 * PATCH_AREA);
  const bytes = new Uint8Array(PATCH_AREA);
  const started = performance.now();
  let written = 0;
  for (let b = 0; b < boards; b++) {
    const board = await renderScene(randomScene(random, split, values.theme ? { theme: values.theme } : {}));
    const cuts = values.whole ? 1 : 2;
    for (let cut = 0; cut < cuts; cut++) {
      cutSquares(board.picture, jitterBox(board.box, random, jitter), patches);
      for (let s = 0; s < 64; s++) {
        const piece = board.squares[s]!;
        if (!values.whole && piece === null && random() > keepEmpty) continue;
        for (let i = 0; i < PATCH_AREA; i++) bytes[i] = Math.round(Math.min(1, Math.max(0, patches[s * PATCH_AREA + i]!)) * 255);
        writeSync(xFile, bytes);
        writeSync(yFile, Uint8Array.of(CLASSES.indexOf(piece)));
        written++;
      }
    }
    if ((b + 1) % 200 === 0) process.stderr.write(`${b + 1}/${boards} boards, ${written} patches, ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  }
  closeSync(xFile);
  closeSync(yFile);
  process.stdout.write(`${written} patches from ${boards} ${split} boards in ${((performance.now() - started) / 1000).toFixed(1)} s → ${values.out}.{x,y}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
