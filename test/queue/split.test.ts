// The split mate's decisions (src/queue/split.ts) without a queue: every level's parts run here,
// one after another, through the worker threads' own handler, and the assembled answer must be
// the single-thread solver's word for word (its node count apart) on public-suite problems: one
// key or several, the solution tree, "no mate in n", checks-only mode and black to move.

import { describe, expect, it } from 'vitest';
import { parseFen } from '../../src/chess/fen.ts';
import type { MateJob, MateJobResult, MateKeyJob } from '../../src/engine/index.ts';
import { type PartResult, type SplitState, judgeLevel, levelParts, splitRoots } from '../../src/queue/split.ts';
import { MateSolver, solveMate } from '../../src/search/mate/index.ts';
import { jobHandlers } from '../../src/workers/index.ts';

const solver = new MateSolver();
const context = { shouldStop: () => false, progress: () => {}, elapsedMs: () => 0 };

/** The part's answer as a worker gives it (the handler runs here, not in a thread). */
function runPart(part: MateKeyJob, depth: number, index: number): PartResult {
  const result = jobHandlers.mateKey(part, context) as ReturnType<typeof jobHandlers.mateKey> & object;
  return { ...(result as Exclude<typeof result, Promise<unknown>>), depth, index, solver: `worker-${index % 3}` };
}

/**
 * The split solve from level `from`, every part run here; the parts' results in reverse, as a
 * queue may return them. `allWide`: every first move split by reply at every level.
 */
function splitSolve(job: MateJob, from = 1, allWide = false): MateJobResult {
  const roots = splitRoots(job);
  let state: SplitState = { n: from, roots, wide: allWide ? roots : [], nodes: 0, startedAt: 0, splitAt: 0, deadline: null };
  for (;;) {
    const parts = levelParts(job, state).map((part, i) => runPart(part, state.n, i)).reverse();
    const outcome = judgeLevel(job, state, parts, 0);
    if (outcome.kind === 'answer') return outcome.result;
    state = allWide ? { ...outcome.next, wide: roots } : outcome.next;
  }
}

function wholeSolve(job: MateJob): MateJobResult {
  return { ...solveMate(solver, { position: parseFen(job.fen), maxMoves: job.maxMoves, mode: job.mode, tree: job.tree === true }), elapsedMs: 0 };
}

/** The answer without what may differ: the node count and the time. */
function answer(result: MateJobResult): Omit<MateJobResult, 'nodes' | 'elapsedMs'> {
  const { nodes: _nodes, elapsedMs: _elapsedMs, ...rest } = result;
  return rest;
}

const cases: Array<[string, MateJob]> = [
  ['#3, two keys (suite 20)', { kind: 'mate', fen: '3K4/pp3B2/qrk5/bp2B3/1p1P4/1P6/5P2/8 w - - 0 1', maxMoves: 3, mode: 'all', tree: true }],
  ['#4, two keys (suite 24)', { kind: 'mate', fen: '3bN1n1/1pp5/4p2p/1P1kP3/1B4N1/rpPB2p1/p3K3/8 w - - 0 1', maxMoves: 4, mode: 'all', tree: true }],
  ['#4, four keys (suite 25)', { kind: 'mate', fen: '4Q2B/8/2p5/6R1/1p3p1p/1p1k1p2/8/1K6 w - - 0 1', maxMoves: 4, mode: 'all' }],
  ['#3, black to move (suite 19)', { kind: 'mate', fen: '2q5/4B2p/7n/4p1pk/P2n1b2/R3P2P/2r3P1/1Q3R1K b - - 0 1', maxMoves: 3, mode: 'all', tree: true }],
  ['no mate in 3 (suite 24 asked #3)', { kind: 'mate', fen: '3bN1n1/1pp5/4p2p/1P1kP3/1B4N1/rpPB2p1/p3K3/8 w - - 0 1', maxMoves: 3, mode: 'all' }],
  ['checks only (suite 23)', { kind: 'mate', fen: '1r4rk/4Nq2/7K/8/8/6R1/b5Q1/6R1 w - - 0 1', maxMoves: 4, mode: 'checks', tree: true }],
];

describe('a mate split by first move', () => {
  for (const [name, job] of cases) {
    it(`answers as the single-thread solver: ${name}`, () => {
      const whole = wholeSolve(job);
      expect(answer(splitSolve(job))).toEqual(answer(whole));
      // Split after the whole solve proved the shorter lengths, as a worker does.
      expect(answer(splitSolve(job, Math.max(1, job.maxMoves - 1)))).toEqual(answer(whole));
    });
  }

  for (const [name, job] of cases.slice(0, 4)) {
    it(`answers as the single-thread solver with every first move split by reply: ${name}`, () => {
      expect(answer(splitSolve(job, 1, true))).toEqual(answer(wholeSolve(job)));
    });
  }

  it('refutes a first move split by reply when one reply is not mated, whatever its stopped siblings say', () => {
    const job = cases[1]![1];
    const roots = splitRoots(job);
    const state: SplitState = { n: 4, roots, wide: roots, nodes: 0, startedAt: 0, splitAt: 0, deadline: null };
    const parts = levelParts(job, state);
    expect(parts.length).toBeGreaterThan(roots.length);
    const results = parts.map((part, i) => runPart(part, 4, i));
    // Every reply part after a non-key but its refutation(s) stopped, as a refutation stops them.
    const edited = results.map((part) => (part.key !== 'c3c4' && part.key !== 'e8g7' && part.mateIn !== null ? { ...part, mateIn: null, stopped: true } : part));
    const outcome = judgeLevel(job, state, edited, 0);
    expect(outcome.kind === 'answer' && answer(outcome.result)).toEqual(answer(wholeSolve(job)));
  });

  it('lists the first moves in the order the solver tries them', () => {
    const job: MateJob = { kind: 'mate', fen: '4Q2B/8/2p5/6R1/1p3p1p/1p1k1p2/8/1K6 w - - 0 1', maxMoves: 4, mode: 'all' };
    const roots = splitRoots(job);
    expect(new Set(roots).size).toBe(roots.length);
    const { keys } = wholeSolve(job);
    expect(roots.filter((key) => keys.includes(key))).toEqual(keys);
  });

  it('says a level stopped by a limit is not proven, and names a missing part', () => {
    const job: MateJob = { kind: 'mate', fen: '2k5/2N5/1PKP4/2P5/8/8/8/8 w - - 0 1', maxMoves: 3, mode: 'all' };
    const state: SplitState = { n: 2, roots: splitRoots(job), wide: [], nodes: 100, startedAt: 0, splitAt: 0, deadline: null };
    const parts = levelParts(job, state).map((part, i) => runPart(part, 2, i));
    const stopped = parts.map((part, i) => (i === 1 ? { ...part, stopped: true } : part));
    const outcome = judgeLevel(job, state, stopped, 5);
    expect(outcome.kind === 'answer' && outcome.result).toMatchObject({ status: 'stopped', provenDepth: 1, keysComplete: false });
    expect(() => judgeLevel(job, state, parts.slice(1), 5)).toThrow(/no answer for/);
  });
});
