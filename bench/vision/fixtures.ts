// The board pictures the classifier's tests read (test/vision/fixtures/), drawn by render.ts so
// that the tests need neither the piece sets' packages nor the network: two in TRAIN styles, three
// in held-out TEST styles the model never trained on. Rerun after changing the renderer:
//
//   npm run vision:fixtures

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mulberry32 } from '../../test/support/random.ts';
import { type Scene, randomScene, renderScene } from './render.ts';
import type { Split } from './styles.ts';

const DIR = join(import.meta.dirname, '../../test/vision/fixtures');

interface Fixture {
  readonly name: string;
  readonly split: Split;
  readonly seed: number;
  readonly change: Partial<Scene> & Pick<Scene, 'placement' | 'pieceSet' | 'theme' | 'size'>;
}

const FIXTURES: readonly Fixture[] = [
  {
    name: 'train-cburnett-brown',
    split: 'train',
    seed: 11,
    change: { placement: 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR', pieceSet: 'cburnett', theme: 'lichess-brown', size: 400, flipped: false, coordinates: 'inside', jpegQuality: 0, rescale: 1, blur: 0 },
  },
  {
    name: 'train-merida-printed',
    split: 'train',
    seed: 12,
    change: { placement: '8/2p5/3k4/1p1B4/1K1P4/8/8/4Q3', pieceSet: 'merida', theme: 'printed', size: 300, flipped: false, jpegQuality: 85, rescale: 1 },
  },
  {
    name: 'test-leipzig-printed-bold',
    split: 'test',
    seed: 13,
    change: { placement: '1n6/2R5/1Np1k3/3N4/4P3/8/6B1/K7', pieceSet: 'leipzig', theme: 'printed-bold', size: 340, flipped: false, jpegQuality: 0, rescale: 1 },
  },
  {
    name: 'test-kosal-chesscom-blue-flipped',
    split: 'test',
    seed: 14,
    change: { placement: 'r4rk1/pp3ppp/2n1b3/q1pp4/3P4/P1PBPN2/2Q2PPP/R4RK1', pieceSet: 'kosal', theme: 'chesscom-blue', size: 480, flipped: true, coordinates: 'inside', jpegQuality: 75, rescale: 1 },
  },
  {
    name: 'test-chessmonk-walnut',
    split: 'test',
    seed: 15,
    change: { placement: '6k1/5p1p/6p1/8/3q4/1Q6/5PPP/6K1', pieceSet: 'chessmonk', theme: 'walnut', size: 260, flipped: false, jpegQuality: 90, rescale: 1 },
  },
];

mkdirSync(DIR, { recursive: true });
const truth: unknown[] = [];
for (const fixture of FIXTURES) {
  const { placement, pieceSet, theme, size } = fixture.change;
  const drawn = randomScene(mulberry32(fixture.seed), fixture.split, { placement, pieceSet, theme, minSize: size, maxSize: size });
  const scene: Scene = { ...drawn, ...fixture.change };
  const board = await renderScene(scene);
  const file = `${fixture.name}.${board.format === 'jpeg' ? 'jpg' : 'png'}`;
  writeFileSync(join(DIR, file), board.bytes);
  truth.push({
    file,
    split: fixture.split,
    placement: scene.placement,
    flipped: scene.flipped,
    box: board.box,
    squares: board.squares.map((piece) => piece ?? '.').join(''),
  });
}
writeFileSync(join(DIR, 'boards.json'), `${JSON.stringify(truth, null, 1)}\n`);
process.stdout.write(`${truth.length} boards in ${DIR}\n`);
