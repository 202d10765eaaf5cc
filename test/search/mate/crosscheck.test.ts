// The solver against a plain full-width reference search (reference.ts: no table, no ordering, no
// shortcuts) on seeded random positions: for mate in 1 and mate in 2, in all-moves and
// checks-only mode, the same shortest length (or none) and the same complete key set.
//
// The sample: sparse random placements (few pieces, the defending king mostly on an edge, some
// with castling rights or an en-passant square) and positions from random playouts biased to
// captures and checks from standard and Chess960 starts (plus the positions 1 and 3 plies before
// each playout's checkmate). The test prints how many positions and mates it compared, and fails
// if the sample holds too few mates to mean anything.

import { describe, expect, it } from 'vitest';
import { parseFen } from '../../../src/chess/fen.ts';
import { makeUci } from '../../../src/chess/uci.ts';
import { MateSolver } from '../../../src/search/mate/index.ts';
import type { MateMode } from '../../../src/search/mate/index.ts';
import { refSolve } from './reference.ts';
import { mulberry32, playoutFens, sparseFen } from './samples.ts';

const SPARSE_COUNT = 500;
const PLAYOUT_GAMES = 200;
/** A third, deeper pass: mate in 3 on the sparse positions with at most this many pieces. */
const DEEP_MAX_PIECES = 5;
const DEEP_COUNT = 60;
/** The sample must hold at least this many mates (it holds 52/91 all-moves, 52/69 checks-only). */
const MIN_MATES = { all: [0, 40, 70], checks: [0, 40, 55] } as const;

function sparseSample(seed: number, count: number): string[] {
  const rng = mulberry32(seed);
  const fens: string[] = [];
  while (fens.length < count) {
    const fen = sparseFen(rng);
    try {
      parseFen(fen); // the rules core rejects impossible placements (e.g. the side not to move in check)
      fens.push(fen);
    } catch {
      // not a legal position: draw again
    }
  }
  return fens;
}

interface Tally { positions: number; mates: number[]; mismatches: string[] }

function compare(solver: MateSolver, fens: readonly string[], n: number, mode: MateMode): Tally {
  const tally: Tally = { positions: 0, mates: new Array(n + 1).fill(0), mismatches: [] };
  for (const fen of fens) {
    const expected = refSolve(parseFen(fen), n, mode === 'checks');
    const pos = parseFen(fen);
    const solution = solver.solve(pos, n, mode);
    const keys = solution.keys.map((key) => makeUci(pos, key)).sort();
    tally.positions++;
    if (expected.mateIn !== null) tally.mates[expected.mateIn]++;
    const status = expected.mateIn === null ? 'no-mate' : 'mate';
    const ok = solution.status === status && solution.mateIn === expected.mateIn
      && JSON.stringify(keys) === JSON.stringify(expected.keys) && solution.keysComplete
      && solution.provenDepth === (expected.mateIn === null ? n : expected.mateIn - 1);
    if (!ok) {
      tally.mismatches.push(`${fen} (n=${n}, ${mode}): reference ${expected.mateIn ?? 'none'} [${expected.keys.join(' ')}], `
        + `solver ${solution.status} ${solution.mateIn ?? 'none'} [${keys.join(' ')}] proven ${solution.provenDepth}`);
    }
  }
  return tally;
}

describe('mate solver cross-check against a full-width reference search', () => {
  const solver = new MateSolver();
  const sparse = sparseSample(20240601, SPARSE_COUNT);
  const playouts = playoutFens(mulberry32(777), PLAYOUT_GAMES, 200, 0.01);
  const all = [...sparse, ...playouts];

  it('the sample is varied: castling rights, en passant squares, Chess960', () => {
    const castling = all.filter((fen) => fen.split(' ')[2] !== '-').length;
    const ep = all.filter((fen) => fen.split(' ')[3] !== '-').length;
    const chess960 = all.filter((fen) => parseFen(fen).chess960).length;
    console.log(`cross-check sample: ${sparse.length} sparse + ${playouts.length} playout positions; `
      + `${castling} with castling rights, ${ep} with an en-passant square, ${chess960} Chess960`);
    expect(all.length).toBeGreaterThanOrEqual(700);
    expect(castling).toBeGreaterThan(50);
    expect(ep).toBeGreaterThan(20);
    expect(chess960).toBeGreaterThan(5);
  });

  for (const mode of ['all', 'checks'] as const) {
    for (const n of [1, 2]) {
      it(`mate in ${n}, ${mode === 'all' ? 'all moves' : 'checks only'}: same length and keys on every position`, () => {
        const tally = compare(solver, all, n, mode);
        const mates = tally.mates.reduce((a, b) => a + b, 0);
        console.log(`cross-check n=${n} ${mode}: ${tally.positions} positions, ${mates} mates `
          + `(${tally.mates.slice(1).map((count, i) => `#${i + 1}: ${count}`).join(', ')}), ${tally.mismatches.length} mismatches`);
        expect(tally.mismatches).toEqual([]);
        expect(mates).toBeGreaterThanOrEqual(MIN_MATES[mode][n]);
      });
    }
  }

  it(`mate in 3 on sparse positions of at most ${DEEP_MAX_PIECES} pieces`, () => {
    const small = sparse.filter((fen) => fen.split(' ')[0].replace(/[^a-zA-Z]/g, '').length <= DEEP_MAX_PIECES).slice(0, DEEP_COUNT);
    const tally = compare(solver, small, 3, 'all');
    const mates = tally.mates.reduce((a, b) => a + b, 0);
    console.log(`cross-check n=3 all: ${tally.positions} positions, ${mates} mates `
      + `(${tally.mates.slice(1).map((count, i) => `#${i + 1}: ${count}`).join(', ')}), ${tally.mismatches.length} mismatches`);
    expect(tally.mismatches).toEqual([]);
    expect(tally.positions).toBe(DEEP_COUNT);
    expect(tally.mates[3]).toBeGreaterThan(0);
  });
});
