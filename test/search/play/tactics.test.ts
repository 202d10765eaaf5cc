// Tactics: positions from the public "Win At Chess" set (test/data/wac.epd) solved within a fixed
// node budget. Nodes, not time, so the result is the same on every machine and under any load.
// Every position in the file is one the engine solves at some budget; at this one it misses a few
// (printed), so the test asks for a pass rate, and the misses show where the search could improve.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseFen } from '../../../src/chess/fen.ts';
import { NO_MOVE } from '../../../src/chess/move.ts';
import { parseSan } from '../../../src/chess/san.ts';
import { makeUci } from '../../../src/chess/uci.ts';
import { Engine } from '../../../src/search/play/index.ts';

/** Nodes per position. With the network embedded now, 36 of the 40 are solved within it (38 with the one before). */
const NODE_BUDGET = 50_000;
const REQUIRED_RATE = 0.9;

interface Problem {
  readonly id: string;
  readonly fen: string;
  /** The best moves in SAN, as the EPD gives them. */
  readonly bm: readonly string[];
}

function readEpd(path: URL): Problem[] {
  return readFileSync(fileURLToPath(path), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const fields = line.split(' ');
      const bm = /\bbm ([^;]+);/.exec(line)?.[1]?.trim().split(/\s+/);
      const id = /\bid "([^"]+)";/.exec(line)?.[1];
      if (!bm || !id) throw new Error(`bad EPD line: ${line}`);
      return { id, fen: `${fields.slice(0, 4).join(' ')} 0 1`, bm };
    });
}

const PROBLEMS = readEpd(new URL('../../data/wac.epd', import.meta.url));

describe('Win At Chess within a node budget', () => {
  it('reads about forty positions, every best move legal', () => {
    expect(PROBLEMS.length).toBeGreaterThanOrEqual(35);
    expect(new Set(PROBLEMS.map((problem) => problem.id)).size).toBe(PROBLEMS.length);
    for (const { fen, bm } of PROBLEMS) {
      const position = parseFen(fen);
      for (const san of bm) expect(parseSan(position, san), `${san} in ${fen}`).not.toBe(NO_MOVE);
    }
  });

  it(`solves at least ${REQUIRED_RATE * 100}% with ${NODE_BUDGET} nodes each`, () => {
    const engine = new Engine(16);
    const misses: string[] = [];
    for (const { id, fen, bm } of PROBLEMS) {
      const position = parseFen(fen);
      const best = bm.map((san) => makeUci(position, parseSan(position, san)));
      engine.newGame();
      const result = engine.search(position, { nodes: NODE_BUDGET }, { now: () => performance.now() });
      expect(result.nodes).toBeLessThan(NODE_BUDGET + 4096);
      if (!best.includes(result.bestMove ?? '')) {
        misses.push(`${id}: expected ${bm.join(' or ')}, got ${result.bestMove} (${JSON.stringify(result.score)}, depth ${result.depth})  ${fen}`);
      }
    }
    const solved = PROBLEMS.length - misses.length;
    console.log(`WAC: ${solved}/${PROBLEMS.length} solved at ${NODE_BUDGET} nodes${misses.length ? `; missed:\n  ${misses.join('\n  ')}` : ''}`);
    expect(solved / PROBLEMS.length).toBeGreaterThanOrEqual(REQUIRED_RATE);
  });
});
