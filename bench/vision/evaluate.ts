// The square classifier alone, as it runs (src/vision/classifier.ts, the committed weights), on
// boards freshly drawn in one split's styles and read from the true box jittered as a locator's
// would be: squares right, boards exact, how sure the wrong squares were, and the time per board.
// (`npm run bench:vision` measures the whole reading, the locator included.)
//
//   node --import tsx bench/vision/evaluate.ts --split test --boards 200 --seed 5

import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { classifySquares } from '../../src/vision/classifier.ts';
import { mulberry32 } from '../../test/support/random.ts';
import { jitterBox } from './dataset.ts';
import { randomScene, renderScene } from './render.ts';

const { values } = parseArgs({
  options: {
    split: { type: 'string', default: 'test' },
    boards: { type: 'string', default: '200' },
    seed: { type: 'string', default: '5' },
    jitter: { type: 'string', default: '0.05' },
    unsure: { type: 'string', default: '0.9' },
  },
});
sharp.concurrency(1);
const split = values.split === 'train' ? 'train' : 'test';
const random = mulberry32(Number(values.seed));
const threshold = Number(values.unsure);
let squaresRight = 0;
let boardsExact = 0;
let boardsUnsure = 0;
let wrongAndSure = 0;
let cpuMicros = 0;
const wrongConfidences: number[] = [];
const mistakes = new Map<string, number>();
const boards = Number(values.boards);
for (let b = 0; b < boards; b++) {
  const board = await renderScene(randomScene(random, split));
  const box = jitterBox(board.box, random, Number(values.jitter));
  const started = process.cpuUsage();
  const guesses = classifySquares(board.picture, box);
  cpuMicros += process.cpuUsage(started).user;
  let exact = true;
  let sure = true;
  for (let s = 0; s < 64; s++) {
    const guess = guesses[s]!;
    if (guess.confidence < threshold) sure = false;
    if (guess.piece === board.squares[s]) {
      squaresRight++;
      continue;
    }
    exact = false;
    wrongConfidences.push(guess.confidence);
    const key = `${board.squares[s] ?? '.'}→${guess.piece ?? '.'} (${board.scene.pieceSet}, ${board.scene.theme})`;
    mistakes.set(key, (mistakes.get(key) ?? 0) + 1);
  }
  if (exact) boardsExact++;
  if (!sure) boardsUnsure++;
  if (!exact && sure) wrongAndSure++;
}
wrongConfidences.sort((a, b) => b - a);
process.stdout.write([
  `${split} styles, ${boards} boards (box jittered ±${values.jitter} square):`,
  `  squares right: ${squaresRight}/${boards * 64} (${((100 * squaresRight) / (boards * 64)).toFixed(3)}%)`,
  `  boards exact: ${boardsExact}/${boards} (${((100 * boardsExact) / boards).toFixed(1)}%)`,
  `  boards with a square under ${threshold}: ${boardsUnsure}; wrong boards with every square at ${threshold} or more: ${wrongAndSure}`,
  `  wrong squares' confidence: ${wrongConfidences.map((c) => c.toFixed(3)).join(', ') || 'none'}`,
  `  mistakes: ${[...mistakes].sort((a, b) => b[1] - a[1]).map(([key, count]) => `${key} ×${count}`).join('; ') || 'none'}`,
  `  classifySquares: ${(cpuMicros / 1000 / boards).toFixed(1)} ms CPU a board`,
  '',
].join('\n'));
