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
  MateSolver, NODE_REPORT_INTERVAL, SelfmateSolver, type MateMode, type MateNodeCount, type MateProgress, type MateSolution, type ReportNode,
  solveMate,
} from '../../../src/search/mate/index.ts';

const solver = new MateSolver();

/** MATER example 4: mate in 4, about a hundred thousand nodes: long enough to interrupt. */
const EXAMPLE_4 = 'rnbK2R1/p6p/p1kNpN1r/P3B1Q1/3P1p1p/5p2/5p1b/8 w - - 0 1';
/** Matetrack, mate in 2 with four keys. */
const FOUR_KEYS = 'r5r1/1R4b1/1Q6/4nk1p/2p1R3/2P3PK/2BB4/q7 w - - 0 1';
const FOUR_KEYS_SET = ['b7f7', 'e4e1', 'e4e2', 'e4f4'];
/** A mate in 6 (the command line's tests' HARD): no mate in 5, proven in some 330,000 nodes. */
const NO_MATE_IN_5 = '3Q4/5q1k/4ppp1/2Kp1N1B/RR6/3P1r2/4nP2/3b4 w - - 0 1';
/** Popeye 4.104: s#2, 1.Qa8-h1+ !, the only key. */
const SELFMATE_2 = 'Q7/5Q1p/1N6/6K1/q5b1/7k/8/8 w - - 0 1';

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

/** Plays `line` (UCI) from `fen`: whether it is legal throughout and ends in checkmate. */
function endsInMate(fen: string, line: readonly string[]): boolean {
  const pos = parseFen(fen);
  for (const uci of line) {
    const move = parseUci(pos, uci);
    if (move === 0) return false;
    pos.make(move);
  }
  return isCheckmate(pos);
}

// A limit that runs out just after the mate is proven (the time limit of `chessbot mate
// --timeout`, a node budget) must not cost the answer: the line is read out whole, and the
// iteration's "mate found" progress is reported, also when the limit stopped the search for
// further keys.
describe('a mate found just before a limit', () => {
  it('is read out whole when the node budget ends right after the proof', () => {
    const progress: MateProgress[] = [];
    const full = solveMate(solver, { position: parseFen(EXAMPLE_4), maxMoves: 4 }, { onProgress: (p) => progress.push({ ...p }) });
    const proofNodes = progress.find((p) => p.found)!.nodes;
    // The budget ends one node after the proof: before the fix, the read-out stopped there.
    expect(full.nodes).toBeGreaterThan(proofNodes + 1);
    const seen: MateProgress[] = [];
    const cut = solveMate(solver, { position: parseFen(EXAMPLE_4), maxMoves: 4 }, { maxNodes: proofNodes + 1, onProgress: (p) => seen.push({ ...p }) });
    expect(cut).toMatchObject({ status: 'mate', mateIn: 4, keysComplete: true, lineComplete: true });
    expect(cut.lineUci).toEqual(full.lineUci);
    expect(cut.lineUci).toHaveLength(7);
    expect(endsInMate(EXAMPLE_4, cut.lineUci)).toBe(true);
    expect(seen.at(-1)).toEqual({ depth: 4, nodes: proofNodes, found: true });
  });

  it('is read out whole when a stop comes at the first poll after the proof', () => {
    let proven = false;
    const report = solveMate(solver, { position: parseFen(EXAMPLE_4), maxMoves: 4 }, {
      onProgress: (p) => (proven ||= p.found),
      shouldStop: () => proven,
    });
    expect(report).toMatchObject({ status: 'mate', mateIn: 4, keysComplete: true, lineComplete: true });
    expect(endsInMate(EXAMPLE_4, report.lineUci)).toBe(true);
  });

  it('at every budget that proves a key: the whole line, and the iteration reported as "mate found"', () => {
    const full = run(FOUR_KEYS, 3).solution;
    let partial = 0;
    for (let budget = 1; budget <= full.nodes + 10; budget++) {
      const progress: MateProgress[] = [];
      const report = solveMate(solver, { position: parseFen(FOUR_KEYS), maxMoves: 3 }, { maxNodes: budget, onProgress: (p) => progress.push({ ...p }) });
      if (report.status !== 'mate') continue;
      if (!report.keysComplete) partial++;
      expect(report.lineComplete, `budget ${budget}`).toBe(true);
      expect(report.lineUci, `budget ${budget}`).toHaveLength(3);
      expect(endsInMate(FOUR_KEYS, report.lineUci), `budget ${budget}`).toBe(true);
      expect(report.lineUci[0], `budget ${budget}: the line starts with a key`).toBe(report.keys[0]);
      expect(progress.at(-1), `budget ${budget}`).toMatchObject({ depth: 2, found: true });
    }
    // Budgets that end while the keys are tried: a mate proven, the search for other keys cut.
    expect(partial).toBeGreaterThan(0);
  });

  it('a selfmate too: the line whole, and its iteration reported', () => {
    const selfmate = new SelfmateSolver(16);
    const fen = SELFMATE_2;
    const progress: MateProgress[] = [];
    const full = selfmate.solve(parseFen(fen), 2, { onProgress: (p) => progress.push({ ...p }) });
    expect([full.status, full.mateIn]).toEqual(['mate', 2]);
    const proofNodes = progress.find((p) => p.found)!.nodes;
    const seen: MateProgress[] = [];
    const cut = selfmate.solve(parseFen(fen), 2, { maxNodes: proofNodes + 1, onProgress: (p) => seen.push({ ...p }) });
    expect([cut.status, cut.lineComplete, cut.line]).toEqual(['mate', true, full.line]);
    expect(seen.at(-1)).toMatchObject({ depth: 2, found: true });
  });
});

describe('node reports (onNodes)', () => {
  it('come every NODE_REPORT_INTERVAL nodes, with the n being searched, and change no count', () => {
    // No mate in 5: some 330,000 nodes, five reports.
    const plain = run(NO_MATE_IN_5, 5).solution;
    const counts: MateNodeCount[] = [];
    const reported = run(NO_MATE_IN_5, 5, { onNodes: (count) => counts.push({ ...count }) }).solution;
    expect(reported.nodes).toBe(plain.nodes);
    expect(plain.nodes).toBeGreaterThan(2 * NODE_REPORT_INTERVAL);
    expect(counts.length).toBe(Math.floor(plain.nodes / NODE_REPORT_INTERVAL));
    counts.forEach((count, i) => {
      // At the first poll at or past each multiple of the interval.
      expect(count.nodes).toBeGreaterThanOrEqual((i + 1) * NODE_REPORT_INTERVAL);
      expect(count.nodes).toBeLessThan((i + 1) * NODE_REPORT_INTERVAL + 1024);
    });
    expect(counts.every((count) => count.depth >= 1 && count.depth <= 5)).toBe(true);
    expect(counts.map((count) => count.depth)).toEqual([...counts.map((count) => count.depth)].sort());
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
