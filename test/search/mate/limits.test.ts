// The mate solver's limits and reports: a node budget and a stop callback end the search with
// status "stopped" and the depth that was fully proven (never a guess); progress once per
// iteration; the solution tree of solveMate lists every legal defence and each branch ends in
// mate, checked here by playing every branch out.

import { describe, expect, it } from 'vitest';
import { parseFen } from '../../../src/chess/fen.ts';
import { MAX_MOVES } from '../../../src/chess/move.ts';
import { generateLegal } from '../../../src/chess/movegen.ts';
import type { Position } from '../../../src/chess/position.ts';
import { isCheckmate } from '../../../src/chess/status.ts';
import { makeUci, parseUci } from '../../../src/chess/uci.ts';
import {
  MateSolver, type MateMode, type MateProgress, type MateSolution, type ReportNode, solveMate,
} from '../../../src/search/mate/index.ts';

const solver = new MateSolver();

/** MATER example 4: mate in 4, about a hundred thousand nodes: long enough to interrupt. */
const EXAMPLE_4 = 'rnbK2R1/p6p/p1kNpN1r/P3B1Q1/3P1p1p/5p2/5p1b/8 w - - 0 1';
/** Matetrack, mate in 2 with four keys. */
const FOUR_KEYS = 'r5r1/1R4b1/1Q6/4nk1p/2p1R3/2P3PK/2BB4/q7 w - - 0 1';
const FOUR_KEYS_SET = ['b7f7', 'e4e1', 'e4e2', 'e4f4'];

function run(fen: string, n: number, limits: Parameters<MateSolver['solve']>[3] = {}, mode: MateMode = 'all'): { solution: MateSolution; keys: string[] } {
  const pos = parseFen(fen);
  const solution = solver.solve(pos, n, mode, limits);
  return { solution, keys: solution.keys.map((key) => makeUci(pos, key)).sort() };
}

describe('progress', () => {
  it('is reported once per iteration, depth 1, 2, …, mateIn, with nodes not decreasing', () => {
    const progress: MateProgress[] = [];
    const { solution } = run(EXAMPLE_4, 6, { onProgress: (p) => progress.push({ ...p }) });
    expect(solution.mateIn).toBe(4);
    expect(progress.map((p) => p.depth)).toEqual([1, 2, 3, 4]);
    expect(progress.map((p) => p.found)).toEqual([false, false, false, true]);
    for (let i = 1; i < progress.length; i++) expect(progress[i].nodes).toBeGreaterThanOrEqual(progress[i - 1].nodes);
    expect(progress[3].nodes).toBeLessThanOrEqual(solution.nodes);
  });

  it('with no mate, every depth up to n is reported, none found', () => {
    const progress: MateProgress[] = [];
    const { solution } = run(EXAMPLE_4, 3, { onProgress: (p) => progress.push({ ...p }) });
    expect([solution.status, solution.provenDepth]).toEqual(['no-mate', 3]);
    expect(progress.map((p) => [p.depth, p.found])).toEqual([[1, false], [2, false], [3, false]]);
  });
});

describe('node budget', () => {
  it('stops with status "stopped" and provenDepth = the last iteration that completed', () => {
    const progress: MateProgress[] = [];
    const full = run(EXAMPLE_4, 4, { onProgress: (p) => progress.push({ ...p }) }).solution;
    const afterThree = progress[2].nodes;
    const budget = afterThree + Math.floor((full.nodes - afterThree) / 4);
    // Well inside iteration 4 and before its first key, so no keys are known yet.
    const seen: number[] = [];
    const { solution } = run(EXAMPLE_4, 4, { maxNodes: budget, onProgress: (p) => seen.push(p.depth) });
    expect(solution.status).toBe('stopped');
    expect(solution.mateIn).toBeNull();
    expect(solution.provenDepth).toBe(3);
    expect(seen).toEqual([1, 2, 3]);
    expect(solution.nodes).toBeLessThanOrEqual(budget + 4096);
    expect(solution.nodes).toBeLessThan(full.nodes);
  });

  it('a tiny budget stops early and claims nothing it has not proven', () => {
    const { solution } = run(EXAMPLE_4, 4, { maxNodes: 50 });
    expect(solution.status).toBe('stopped');
    expect(solution.nodes).toBeLessThanOrEqual(50 + 4096);
    expect(solution.provenDepth).toBeLessThan(4);
  });

  it('at every budget the answer is consistent with the truth (sweep over budgets)', () => {
    const full = run(FOUR_KEYS, 3);
    expect([full.solution.mateIn, full.keys]).toEqual([2, FOUR_KEYS_SET]);
    let stopped = 0;
    let partial = 0;
    for (let budget = 1; budget <= full.solution.nodes + 10; budget += Math.max(1, Math.floor(full.solution.nodes / 40))) {
      const { solution, keys } = run(FOUR_KEYS, 3, { maxNodes: budget });
      expect(solution.provenDepth, `budget ${budget}`).toBeLessThanOrEqual(1);
      if (solution.status === 'stopped') {
        stopped++;
        expect(solution.mateIn).toBeNull();
        expect(keys).toEqual([]);
      } else {
        expect(solution.status).toBe('mate');
        expect(solution.mateIn).toBe(2);
        expect(solution.provenDepth).toBe(1);
        for (const key of keys) expect(FOUR_KEYS_SET).toContain(key);
        if (solution.keysComplete) expect(keys).toEqual(FOUR_KEYS_SET);
        else partial++;
      }
    }
    expect(stopped).toBeGreaterThan(0);
    // A budget that ends while the keys are being tried keeps those already proven.
    expect(partial).toBeGreaterThan(0);
    console.log(`budget sweep: ${stopped} stopped, ${partial} with some keys (keysComplete false)`);
  });

  it('the solver is reusable after a stop: the next solve is complete and right', () => {
    run(EXAMPLE_4, 4, { maxNodes: 1000 });
    const { solution, keys } = run(FOUR_KEYS, 2);
    expect([solution.status, solution.mateIn, keys, solution.keysComplete]).toEqual(['mate', 2, FOUR_KEYS_SET, true]);
  });
});

describe('shouldStop', () => {
  it('stops a running search quickly once it returns true', () => {
    const started = performance.now();
    const full = run(EXAMPLE_4, 4).solution;
    const fullMs = performance.now() - started;
    const deadline = Math.max(5, fullMs / 10);
    const begin = performance.now();
    let polls = 0;
    let pollsAfterStop = 0;
    let stopAt = 0;
    const { solution } = run(EXAMPLE_4, 4, {
      shouldStop: () => {
        if (stopAt > 0) { pollsAfterStop++; return true; }
        polls++;
        if (performance.now() - begin <= deadline) return false;
        stopAt = performance.now();
        return true;
      },
    });
    const end = performance.now();
    console.log(`shouldStop: full solve ${fullMs.toFixed(0)} ms; stop wanted after ${deadline.toFixed(0)} ms, `
      + `answered at ${(stopAt - begin).toFixed(0)} ms (poll ${polls}), returned ${(end - stopAt).toFixed(1)} ms later`);
    expect(stopAt).toBeGreaterThan(0);
    expect(pollsAfterStop).toBe(0);
    expect(solution.status).toBe('stopped');
    expect(solution.provenDepth).toBeLessThan(4);
    expect(solution.nodes).toBeLessThan(full.nodes);
    // Once told, it unwinds at once; and it is told within a few thousand nodes of the deadline
    // (the bound is loose: this machine is shared).
    expect(end - stopAt).toBeLessThan(20);
    expect(stopAt - begin - deadline).toBeLessThan(1000);
  });

  it('true from the start: stopped at the first poll', () => {
    let polls = 0;
    const { solution } = run(EXAMPLE_4, 4, { shouldStop: () => { polls++; return true; } });
    expect(solution.status).toBe('stopped');
    expect(polls).toBe(1);
    expect(solution.nodes).toBeLessThanOrEqual(4096 + 100);
  });

  it('never true: the answer is complete', () => {
    const { solution, keys } = run(EXAMPLE_4, 4, { shouldStop: () => false });
    expect([solution.status, solution.mateIn, keys]).toEqual(['mate', 4, ['g5g2']]);
  });
});

// ---- the solution tree ----

function legalUcis(pos: Position): string[] {
  const moves = new Int32Array(MAX_MOVES);
  const count = generateLegal(pos, moves, 0);
  return Array.from(moves.subarray(0, count), (move) => makeUci(pos, move)).sort();
}

interface TreeStats { mates: number; defences: number; maxMoves: number }

/**
 * An attacker's move in the tree, with `left` moves (its own, this one included) to mate: it is
 * legal (a check in checks-only mode); then either it mates (no replies) or the replies are
 * exactly the defender's legal moves, each answered by one attacker move that mates within left-1.
 */
function checkAttackerNode(pos: Position, node: ReportNode, left: number, mode: MateMode, stats: TreeStats, depth: number): void {
  expect(left, `${node.uci}: the tree is deeper than the mate`).toBeGreaterThanOrEqual(1);
  const move = parseUci(pos, node.uci);
  expect(move, `${node.uci} is legal`).not.toBe(0);
  pos.make(move);
  if (mode === 'checks') expect(pos.inCheck(), `${node.uci} checks`).toBe(true);
  stats.maxMoves = Math.max(stats.maxMoves, depth);
  if (node.replies.length === 0) {
    expect(isCheckmate(pos), `${node.uci} with no replies listed must mate`).toBe(true);
    stats.mates++;
  } else {
    expect(node.replies.map((reply) => reply.uci).sort(), `after ${node.uci}: every legal defence`).toEqual(legalUcis(pos));
    for (const defence of node.replies) {
      stats.defences++;
      const reply = parseUci(pos, defence.uci);
      pos.make(reply);
      expect(defence.replies, `one answer to ${defence.uci}`).toHaveLength(1);
      checkAttackerNode(pos, defence.replies[0], left - 1, mode, stats, depth + 1);
      pos.unmake(reply);
    }
  }
  pos.unmake(move);
}

describe('solution tree (solveMate with tree: true)', () => {
  const cases: { name: string; fen: string; n: number; mode: MateMode; keys: string[] }[] = [
    { name: 'two-key #2', fen: '8/8/8/2p1R3/1p3p2/1p1k1p2/1B5p/1K2Q3 w - - 0 1', n: 2, mode: 'all', keys: ['e1d1', 'e1e4'] },
    { name: 'castling #2', fen: '8/7B/2R5/4Nr1p/4kb1Q/8/1B6/4K2R w K - 0 1', n: 2, mode: 'all', keys: ['e1g1'] },
    { name: 'four-key #2', fen: FOUR_KEYS, n: 2, mode: 'all', keys: FOUR_KEYS_SET },
    { name: 'MATER example 5, #3', fen: '8/1n2P2K/3p2p1/2p3pk/6pr/4ppr1/6p1/1b6 w - - 0 1', n: 3, mode: 'all', keys: ['h7g7'] },
    { name: 'checks-only #3', fen: '8/8/8/8/8/8/4QRb1/R3K2k w Q - 0 1', n: 3, mode: 'checks', keys: ['e1c1', 'e1d2', 'e2h5'] },
  ];
  for (const { name, fen, n, mode, keys } of cases) {
    it(`${name}: every defence after every key, each branch ending in mate within ${n}`, () => {
      const report = solveMate(solver, { position: parseFen(fen), maxMoves: n, mode, tree: true });
      expect([report.status, report.mateIn, [...report.keys].sort()]).toEqual(['mate', n, keys]);
      expect(report.treeComplete).toBe(true);
      const tree = report.tree!;
      expect(tree.map((node) => node.uci).sort()).toEqual(keys);
      const stats: TreeStats = { mates: 0, defences: 0, maxMoves: 0 };
      const pos = parseFen(fen);
      for (const node of tree) checkAttackerNode(pos, node, n, mode, stats, 1);
      expect(stats.maxMoves).toBe(n);
      expect(stats.mates).toBeGreaterThan(0);
      // SAN and UCI describe the same moves.
      expect(tree.map((node) => node.san)).toEqual(tree.map((node) => report.keysSan[report.keys.indexOf(node.uci)]));
    });
  }

  it('no tree without a mate', () => {
    const report = solveMate(solver, { position: parseFen(EXAMPLE_4), maxMoves: 3, tree: true });
    expect(report.status).toBe('no-mate');
    expect(report.tree ?? []).toEqual([]);
  });
});
