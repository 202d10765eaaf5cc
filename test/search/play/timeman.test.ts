// Time management, driven by a fake clock: the engine reads time only through the `now` hook, so
// a clock that advances with the engine's node count makes every timing here deterministic.
import { describe, expect, it } from 'vitest';
import { parseFen } from '../../../src/chess/fen.ts';
import { MAX_MOVES } from '../../../src/chess/move.ts';
import { generateLegal } from '../../../src/chess/movegen.ts';
import type { Position } from '../../../src/chess/position.ts';
import { makeUci } from '../../../src/chess/uci.ts';
import {
  DEFAULT_MOVE_OVERHEAD_MS,
  Engine,
  type SearchInfo,
  type SearchLimits,
  planTime,
} from '../../../src/search/play/index.ts';
import { MIN_STABILITY_SCALE, fallingEvalScale, softLimitMs } from '../../../src/search/play/timeman.ts';

const MIDDLEGAME = 'r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9';
/** The engine checks its limits every this many nodes (POLL_INTERVAL in search.ts), so a limit is
 * noticed at most this many nodes late. */
const POLL_NODES = 2048;

type Clock = NonNullable<SearchLimits['clock']>;

/**
 * A clock that advances `msPerNode` for every node the engine searches (and never goes back,
 * even when the engine's node counter restarts at the next search).
 */
function nodeClock(engine: Engine, msPerNode: number): () => number {
  let time = 1_000;
  let seen = 0;
  return () => {
    const nodes = engine.nodes;
    time += (nodes >= seen ? nodes - seen : nodes) * msPerNode;
    seen = nodes;
    return time;
  };
}

function legalUci(position: Position): string[] {
  const moves = new Int32Array(MAX_MOVES);
  const count = generateLegal(position, moves, 0);
  return Array.from(moves.subarray(0, count), (move) => makeUci(position, move));
}

describe('planTime', () => {
  const clocks: Array<[string, Clock, number?]> = [
    ['bullet 1+0 with 500 ms left', { timeMs: 500, incrementMs: 0 }],
    ['bullet 1+0 at the start', { timeMs: 60_000, incrementMs: 0 }],
    ['blitz 3+2', { timeMs: 180_000, incrementMs: 2_000 }],
    ['blitz 3+2 with 1 s left', { timeMs: 1_000, incrementMs: 2_000 }],
    ['10+0.1 (match runner)', { timeMs: 10_000, incrementMs: 100 }],
    ['10+0.1 with 300 ms left', { timeMs: 300, incrementMs: 100 }],
    ['60+0, 40 moves to go', { timeMs: 60_000, incrementMs: 0, movesToGo: 40 }],
    ['60+0, 1 move to go', { timeMs: 60_000, incrementMs: 0, movesToGo: 1 }],
    ['60+0, 5 moves to go, 500 ms overhead', { timeMs: 60_000, incrementMs: 0, movesToGo: 5 }, 500],
    ['classical 90+30', { timeMs: 5_400_000, incrementMs: 30_000 }],
  ];

  it.each(clocks)('%s: 0 < soft <= hard <= time left minus overhead', (_name, clock, overhead) => {
    const budget = planTime({ clock, moveOverheadMs: overhead });
    const left = clock.timeMs - (overhead ?? DEFAULT_MOVE_OVERHEAD_MS);
    expect(budget).not.toBeNull();
    expect(budget!.softMs).toBeGreaterThan(0);
    expect(budget!.softMs).toBeLessThanOrEqual(budget!.hardMs);
    expect(budget!.hardMs).toBeLessThanOrEqual(left);
  });

  it('keeps soft <= hard <= time left minus overhead over a grid of clocks', () => {
    for (const timeMs of [150, 200, 400, 1_000, 5_000, 30_000, 180_000, 900_000, 7_200_000]) {
      for (const incrementMs of [0, 100, 1_000, 5_000, 60_000]) {
        for (const movesToGo of [undefined, 1, 2, 10, 40, 100]) {
          for (const moveOverheadMs of [0, 50, 100]) {
            const budget = planTime({ clock: { timeMs, incrementMs, movesToGo }, moveOverheadMs })!;
            const where = JSON.stringify({ timeMs, incrementMs, movesToGo, moveOverheadMs, budget });
            expect(budget.softMs >= 1 && budget.softMs <= budget.hardMs, where).toBe(true);
            expect(budget.hardMs <= timeMs - moveOverheadMs, where).toBe(true);
          }
        }
      }
    }
  });

  it('gives more time for more time on the clock, and for an increment', () => {
    const soft = (timeMs: number, incrementMs = 0) => planTime({ clock: { timeMs, incrementMs } })!.softMs;
    expect(soft(60_000)).toBeGreaterThan(soft(10_000));
    expect(soft(10_000)).toBeGreaterThan(soft(1_000));
    expect(soft(10_000, 1_000)).toBeGreaterThan(soft(10_000));
  });

  it('uses the default move overhead of 100 ms', () => {
    expect(DEFAULT_MOVE_OVERHEAD_MS).toBe(100);
    expect(planTime({ movetimeMs: 1_000 })).toEqual({ softMs: 900, hardMs: 900 });
    expect(planTime({ movetimeMs: 1_000, moveOverheadMs: 0 })).toEqual({ softMs: 1_000, hardMs: 1_000 });
  });

  it('sets no time for depth, nodes or infinite searches, whatever clock comes with infinite', () => {
    expect(planTime({ depth: 8 })).toBeNull();
    expect(planTime({ nodes: 10_000 })).toBeNull();
    expect(planTime({})).toBeNull();
    expect(planTime({ infinite: true, clock: { timeMs: 1_000, incrementMs: 0 } })).toBeNull();
    expect(planTime({ infinite: true, movetimeMs: 1_000 })).toBeNull();
  });

  it('gives an unsettled best move more of the soft limit and a settled one less', () => {
    const budget = { softMs: 1_000, hardMs: 3_000 };
    expect(softLimitMs(budget, 0)).toBeGreaterThan(budget.softMs);
    for (let stable = 1; stable < 10; stable++) {
      expect(softLimitMs(budget, stable)).toBeLessThanOrEqual(softLimitMs(budget, stable - 1));
    }
    expect(softLimitMs(budget, 9)).toBe(budget.softMs * MIN_STABILITY_SCALE);
    expect(softLimitMs(budget, 0)).toBeLessThan(budget.hardMs);
  });
});

describe('fallingEvalScale', () => {
  it('gives a falling score more time, a rising one a little less, and changes nothing without a previous score', () => {
    expect(fallingEvalScale(null, -300)).toBe(1);
    expect(fallingEvalScale(40, 40)).toBe(1);
    expect(fallingEvalScale(40, 0)).toBeGreaterThan(1);
    expect(fallingEvalScale(40, 80)).toBeLessThan(1);
    for (let drop = 0; drop < 400; drop += 10) {
      expect(fallingEvalScale(0, -drop - 10)).toBeGreaterThanOrEqual(fallingEvalScale(0, -drop));
    }
    expect(fallingEvalScale(0, -1_000)).toBe(1.5);
    expect(fallingEvalScale(0, 1_000)).toBe(0.85);
  });
});

describe('the search on a clock (fake clock, advancing per node)', () => {
  const cases: Array<[string, Clock]> = [
    ['bullet 1+0 with 500 ms left', { timeMs: 500, incrementMs: 0 }],
    ['blitz 3+2', { timeMs: 180_000, incrementMs: 2_000 }],
    ['10+0.1', { timeMs: 10_000, incrementMs: 100 }],
    ['60+0, 40 moves to go', { timeMs: 60_000, incrementMs: 0, movesToGo: 40 }],
    ['60+0, 1 move to go', { timeMs: 60_000, incrementMs: 0, movesToGo: 1 }],
  ];

  it.each(cases)('%s: thinks past the soft limit, stops by the hard one, never flags', (_name, clock) => {
    const budget = planTime({ clock })!;
    const engine = new Engine(16);
    // A pace at which the hard limit is 60k nodes away: the search cannot finish before it.
    const msPerNode = budget.hardMs / 60_000;
    const result = engine.search(parseFen(MIDDLEGAME), { clock }, { now: nodeClock(engine, msPerNode) });
    expect(legalUci(parseFen(MIDDLEGAME))).toContain(result.bestMove);
    expect(result.depth).toBeGreaterThanOrEqual(1);
    expect(result.timeMs).toBeGreaterThanOrEqual(Math.floor(budget.softMs * MIN_STABILITY_SCALE));
    expect(result.timeMs).toBeLessThanOrEqual(Math.ceil(budget.hardMs + POLL_NODES * msPerNode));
    expect(result.timeMs).toBeLessThan(clock.timeMs - DEFAULT_MOVE_OVERHEAD_MS);
  });

  it('stops at the hard limit in the middle of an iteration and still answers', () => {
    // The soft limit passes during depth 1's tiny search; the hard one comes 3x later, mid-iteration.
    const clock = { timeMs: 10_000, incrementMs: 100 };
    const budget = planTime({ clock })!;
    const engine = new Engine(16);
    const msPerNode = budget.hardMs / 20_000;
    const infos: SearchInfo[] = [];
    const result = engine.search(parseFen(MIDDLEGAME), { clock }, { now: nodeClock(engine, msPerNode), onInfo: (info) => infos.push(info) });
    expect(result.timeMs).toBeLessThanOrEqual(Math.ceil(budget.hardMs + POLL_NODES * msPerNode));
    expect(result.bestMove).not.toBeNull();
    expect(result.depth).toBe(infos.at(-1)!.depth);
  });

  it('answers at once, without searching, when only one move is legal', () => {
    const fen = '7k/8/8/8/8/7P/r7/1r4NK w - - 0 1'; // the pinned knight and the king cannot move
    expect(legalUci(parseFen(fen))).toEqual(['h3h4']);
    const engine = new Engine(16);
    for (const limits of [{ clock: { timeMs: 180_000, incrementMs: 2_000 } }, { movetimeMs: 5_000 }]) {
      const now = nodeClock(engine, 1);
      const before = now();
      const result = engine.search(parseFen(fen), limits, { now });
      expect(result.bestMove).toBe('h3h4');
      expect(result.nodes).toBe(0);
      expect(now() - before).toBe(0);
    }
    // Without a clock (analysis, depth) it still searches, and finds the same move.
    const analysed = engine.search(parseFen(fen), { depth: 4 }, { now: nodeClock(engine, 1) });
    expect(analysed.bestMove).toBe('h3h4');
    expect(analysed.nodes).toBeGreaterThan(0);
  });

  it('returns quickly on a mate found with depth to spare, well before the soft limit', () => {
    const clock = { timeMs: 180_000, incrementMs: 2_000 };
    const budget = planTime({ clock })!;
    const engine = new Engine(16);
    const msPerNode = budget.hardMs / 60_000;
    const result = engine.search(parseFen('6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1'), { clock }, { now: nodeClock(engine, msPerNode) });
    expect(result.bestMove).toBe('a1a8');
    expect(result.score).toEqual({ mate: 1 });
    expect(result.timeMs).toBeLessThan(budget.softMs);
  });
});

describe('the other limits', () => {
  it('thinks for exactly movetime minus the overhead', () => {
    for (const [movetimeMs, moveOverheadMs] of [[1_000, undefined], [1_000, 0], [250, 50]] as const) {
      const engine = new Engine(16);
      const msPerNode = 0.02; // 50k nodes a second
      const target = movetimeMs - (moveOverheadMs ?? DEFAULT_MOVE_OVERHEAD_MS);
      const result = engine.search(parseFen(MIDDLEGAME), { movetimeMs, moveOverheadMs }, { now: nodeClock(engine, msPerNode) });
      expect(result.timeMs).toBeGreaterThanOrEqual(target);
      expect(result.timeMs).toBeLessThanOrEqual(Math.ceil(target + POLL_NODES * msPerNode));
    }
  });

  it('stops after the requested depth, reporting every iteration', () => {
    const engine = new Engine(16);
    const depths: number[] = [];
    const result = engine.search(parseFen(MIDDLEGAME), { depth: 6 }, { now: nodeClock(engine, 0.001), onInfo: (info) => depths.push(info.depth) });
    expect(result.depth).toBe(6);
    expect(depths).toEqual([1, 2, 3, 4, 5, 6]);
    expect(result.pv.length).toBeGreaterThan(0);
    expect(result.pv[0]).toBe(result.bestMove);
  });

  it('stops within one poll interval of the node limit', () => {
    for (const nodes of [5_000, 20_000, 50_000]) {
      const engine = new Engine(16);
      const result = engine.search(parseFen(MIDDLEGAME), { nodes }, { now: nodeClock(engine, 0.001) });
      expect(result.nodes).toBeGreaterThanOrEqual(nodes);
      expect(result.nodes).toBeLessThan(nodes + POLL_NODES);
      expect(legalUci(parseFen(MIDDLEGAME))).toContain(result.bestMove);
    }
  });

  it('searches the same tree for the same limits (deterministic node counts)', () => {
    const run = () => {
      const engine = new Engine(16);
      return engine.search(parseFen(MIDDLEGAME), { depth: 7 }, { now: nodeClock(engine, 0.001) });
    };
    const [a, b] = [run(), run()];
    expect(a.nodes).toBe(b.nodes);
    expect(a.pv).toEqual(b.pv);
  });

  it('stops promptly when shouldStop turns true, with a legal move', () => {
    const legal = legalUci(parseFen(MIDDLEGAME));
    for (const after of [0, 10_000, 100_000]) {
      const engine = new Engine(16);
      const result = engine.search(parseFen(MIDDLEGAME), { infinite: true }, {
        now: nodeClock(engine, 0.001),
        shouldStop: () => engine.nodes >= after,
      });
      expect(result.nodes).toBeLessThanOrEqual(Math.max(after, POLL_NODES) + POLL_NODES);
      expect(legal).toContain(result.bestMove);
    }
  });

  it('ignores the clock (and the node limit) when infinite, until stopped', () => {
    const engine = new Engine(16);
    const now = nodeClock(engine, 0.1);
    const start = now();
    const result = engine.search(parseFen(MIDDLEGAME), { infinite: true, clock: { timeMs: 1_000, incrementMs: 0 }, nodes: 1_000 }, {
      now,
      shouldStop: () => now() - start >= 10_000,
    });
    expect(result.timeMs).toBeGreaterThanOrEqual(10_000);
    expect(result.nodes).toBeGreaterThanOrEqual(100_000);
  });
});
