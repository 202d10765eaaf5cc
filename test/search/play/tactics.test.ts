// Tactics: the public "Win At Chess" set (bench/data/wac.epd, 299 positions) solved within a fixed
// node budget. Nodes, not time, so the result is the same on every machine and under any load.
// The engine misses some at this budget (printed), so the test asks for a count, and the misses
// show where the search could improve. The whole set, not a sample: with 40 positions one more or
// fewer solved moved the rate by 2.5%, as much as a real change to the search does, so the test
// could neither tell a change's effect from chance nor hold tactics where they stood.
// `npm run bench:tactics` compares two source trees on the same set at any budget.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseTacticsEpd } from '../../../bench/tactics.ts';
import { parseFen } from '../../../src/chess/fen.ts';
import { Engine } from '../../../src/search/play/index.ts';

/**
 * Nodes per position: half of what `npm run bench:tactics` gives (100,000), so that this, the
 * longest file of `npm test`, takes 25 s of CPU instead of 50.
 */
const NODE_BUDGET = 50_000;
/**
 * Today's engine solves 248 of the 299 within the budget (233 with 30,000 nodes); the floor
 * leaves room for a change's chance gains and losses of a few positions, not for a search that
 * has lost its tactics.
 */
const REQUIRED = 235;

const EPD = fileURLToPath(new URL('../../../bench/data/wac.epd', import.meta.url));
const PROBLEMS = parseTacticsEpd(readFileSync(EPD, 'utf8'), 'bench/data/wac.epd');

describe('Win At Chess within a node budget', () => {
  it('reads the 299 positions, every best move legal, every id once', () => {
    expect(PROBLEMS.length).toBe(299);
    expect(new Set(PROBLEMS.map((problem) => problem.id)).size).toBe(PROBLEMS.length);
  });

  it(`solves at least ${REQUIRED} with ${NODE_BUDGET} nodes each`, () => {
    const engine = new Engine(16);
    const misses: string[] = [];
    for (const { id, fen, bm, best } of PROBLEMS) {
      engine.newGame();
      const result = engine.search(parseFen(fen), { nodes: NODE_BUDGET }, { now: () => performance.now() });
      expect(result.nodes).toBeLessThan(NODE_BUDGET + 4096);
      if (!best.has(result.bestMove ?? '')) {
        misses.push(`${id}: expected ${bm.join(' or ')}, got ${result.bestMove} (${JSON.stringify(result.score)}, depth ${result.depth})`);
      }
    }
    const solved = PROBLEMS.length - misses.length;
    console.log(`WAC: ${solved}/${PROBLEMS.length} solved at ${NODE_BUDGET} nodes; missed:\n  ${misses.join('\n  ')}`);
    expect(solved).toBeGreaterThanOrEqual(REQUIRED);
  }, 300_000);
});
