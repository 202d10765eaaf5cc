// One problem on several threads, at the solver's level: the shared table (what one solver
// proves, another reads; a half-written entry is never read as a proof) and the busy marks
// (moves put off while another thread is on them change the order of the search, never its
// answer). The threads themselves are in test/engine/parallelMate.test.ts.

import { describe, expect, it } from 'vitest';
import { parseFen } from '../../../src/chess/fen.ts';
import {
  type BusyMarks, BusyMoves, MateSolver, MateTable, type MateMode, type MateReport, type SharedSolve, renewSharedMateTable,
  sharedBusyMoves, sharedMateTable, solveMate,
} from '../../../src/search/mate/index.ts';
import { mulberry32 } from '../../support/random.ts';

// From the public suite (bench/data/mate-public.jsonl): 4 keys; a quiet key; a long endgame.
const FOUR_KEYS = { fen: '4Q2B/8/2p5/6R1/1p3p1p/1p1k1p2/8/1K6 w - - 0 1', n: 4 };
const QUIET_KEY = { fen: '8/2Nb4/pp6/4rp1p/1Pp1pPkP/PpPpR3/1B1P2N1/1K6 w - - 0 1', n: 5 };
const PAWN_ENDING = { fen: '8/8/8/1p6/8/PK6/B6P/k7 w - - 0 1', n: 8 };
const BLACK_MATES = { fen: '5r1k/pR2Q1pp/8/q2pP3/3Pn3/4B1P1/7P/7K b - - 0 1', n: 7 };
// The quiet-key problem asked one move short: a proof that there is none.
const NO_MATE = { fen: QUIET_KEY.fen, n: 4 };

function solve(solver: MateSolver, problem: { fen: string; n: number }, shared?: SharedSolve, mode: MateMode = 'all'): MateReport {
  return solveMate(solver, { position: parseFen(problem.fen), maxMoves: problem.n, mode, ...(shared ? { shared } : {}) });
}

/** What must be the same however many threads solved it. */
function answer(report: MateReport): unknown {
  return { status: report.status, mateIn: report.mateIn, keys: report.keysSan, line: report.lineUci, complete: report.keysComplete };
}

/** Says "busy" at random (seeded), as if other threads were everywhere: the most putting off. */
class RandomBusy implements BusyMarks {
  entered = 0;
  left = 0;
  private readonly random: () => number;

  constructor(seed: number, private readonly rate: number) {
    this.random = mulberry32(seed);
  }

  isBusy(): boolean {
    return this.random() < this.rate;
  }

  enter(): void {
    this.entered++;
  }

  leave(): void {
    this.left++;
  }
}

describe('a table shared by the solvers of one problem', () => {
  it('gives a second solver what the first proved: the same answer for a fraction of the nodes', () => {
    const buffer = sharedMateTable(18);
    const first = solve(new MateSolver(16), QUIET_KEY, { table: new MateTable(buffer), busy: new BusyMoves(sharedBusyMoves()), helper: false });
    const second = solve(new MateSolver(16), QUIET_KEY, { table: new MateTable(buffer), busy: new BusyMoves(sharedBusyMoves()), helper: false });
    expect(answer(second)).toEqual(answer(first));
    expect(first.keysSan).toEqual(['Kc1']);
    expect(second.nodes).toBeLessThan(first.nodes / 10);
  });

  it('is emptied for the next problem by renewing it', () => {
    const buffer = sharedMateTable(18);
    const shared = (): SharedSolve => ({ table: new MateTable(buffer), busy: new BusyMoves(sharedBusyMoves()), helper: false });
    const first = solve(new MateSolver(16), QUIET_KEY, shared());
    renewSharedMateTable(buffer);
    const again = solve(new MateSolver(16), QUIET_KEY, shared());
    expect(again.nodes).toBe(first.nodes);
  });

  it('reads an entry another thread was writing at the same time as empty, never as a proof', () => {
    const buffer = sharedMateTable(4);
    const table = new MateTable(buffer);
    const raw = new Int32Array(buffer);
    const [hi, lo] = [0x12345678, 0x0abcdef1];
    table.storeFail(hi, lo, 5, 77);
    expect(table.probe(hi, lo)).toBe(true);
    expect([table.fail(), table.move()]).toEqual([5, 77]);
    // The entry's ints after the header, found by its hash: a writer got as far as the bounds.
    const entry = raw.findIndex((value, i) => i >= 4 && (i - 4) % 4 === 1 && value === lo) - 1;
    const bounds = raw[entry + 2];
    raw[entry + 2] = (bounds & ~0xff) | 2;
    expect(table.probe(hi, lo)).toBe(false);
    raw[entry + 2] = bounds;
    expect(table.probe(hi, lo)).toBe(true);
    // Or as far as the move.
    raw[entry + 3] = 99;
    expect(table.probe(hi, lo)).toBe(false);
  });
});

describe('moves put off while another thread is on them', () => {
  const problems = [FOUR_KEYS, QUIET_KEY, PAWN_ENDING, BLACK_MATES, NO_MATE];

  it.each(problems.map((p, i) => [i, p] as const))('change the order, never the answer (problem %i)', (_, problem) => {
    const alone = solve(new MateSolver(18), problem);
    const busy = new RandomBusy(problem.n * 7919, 0.5);
    const spread = solve(new MateSolver(18), problem, { table: new MateTable(18), busy, helper: false });
    expect(answer(spread)).toEqual(answer(alone));
    // The marks were used (so moves were put off and came back), and every one was taken down.
    expect(busy.entered).toBeGreaterThan(100);
    expect(busy.left).toBe(busy.entered);
    // The order did change: a different search.
    expect(spread.nodes).not.toBe(alone.nodes);
  });

  it('change nothing in checks-only mode either', () => {
    const problem = { fen: '2k5/2N5/1PKP4/2P5/8/8/8/8 w - - 0 1', n: 4 };
    const alone = solve(new MateSolver(16), problem, undefined, 'checks');
    const spread = solve(new MateSolver(16), problem, { table: new MateTable(16), busy: new RandomBusy(5, 0.7), helper: false }, 'checks');
    expect(answer(spread)).toEqual(answer(alone));
    expect(alone.keysSan).toEqual(['b7+']);
  });

  it('leave a helper with the keys and no line (its answer is not wanted)', () => {
    const report = solve(new MateSolver(18), FOUR_KEYS, { table: new MateTable(18), busy: new RandomBusy(3, 0.3), helper: true });
    expect(report.keysSan.length).toBe(4);
    expect(report.line).toEqual([]);
  });
});
