// The mate solver on problems with known answers: MATER's eight worked examples, stalemate traps,
// keys that are an underpromotion, castling (both sides, both colours, Chess960) or en passant,
// defenders whose only replies are illegal, cooked problems, "no mate in n" proofs, checks-only
// mode and black to move.
//
// Every answer asserted here is the truth as established independently of the solver:
// - hand-built positions are re-solved at test time by the chessops-based reference search
//   (reference.ts, full width, over lichess' rules library rather than ours), so the expected
//   keys are checked against it before the solver is;
// - MATER's examples and the problems quoted from ../shared/bench/mate-public.jsonl (vondele's
//   matetrack, answers proven by an independent solver) were also re-proved by our full-width
//   reference search; that took minutes once, so it lives in solver.long.test.ts.
//
// For every mate: the exact key set, the length, the main line (legal, 2n-1 plies, ending in
// checkmate, only checks by the attacker in checks-only mode), and "no mate in n-1" proven.

import { describe, expect, it } from 'vitest';
import { parseFen } from '../../../src/chess/fen.ts';
import type { Position } from '../../../src/chess/position.ts';
import { isCheckmate, isStalemate } from '../../../src/chess/status.ts';
import { parseUci } from '../../../src/chess/uci.ts';
import { MateSolver, type MateMode, type MateReport, solveMate } from '../../../src/search/mate/index.ts';
import { opsMoveCount, opsSolve, opsStalemating } from './reference.ts';

const solver = new MateSolver();

function solve(fen: string, n: number, mode: MateMode = 'all'): MateReport {
  return solveMate(solver, { position: parseFen(fen), maxMoves: n, mode });
}

/** Plays UCI moves on a copy of the position, failing on an illegal one; returns the copy. */
function play(fen: string, moves: readonly string[]): Position {
  const pos = parseFen(fen);
  for (const uci of moves) {
    const move = parseUci(pos, uci);
    expect(move, `${uci} should be legal after ${moves.join(' ')} in ${fen}`).not.toBe(0);
    pos.make(move);
  }
  return pos;
}

/** Asserts the whole answer: shortest mate in exactly `n`, exactly these keys, a sound main line. */
function expectMate(fen: string, n: number, keys: readonly string[], mode: MateMode = 'all'): MateReport {
  const report = solve(fen, n, mode);
  expect({ status: report.status, mateIn: report.mateIn, keys: [...report.keys].sort() }, fen)
    .toEqual({ status: 'mate', mateIn: n, keys: [...keys].sort() });
  expect(report.keysComplete).toBe(true);
  expect(report.provenDepth).toBe(n - 1);
  expectSoundLine(fen, report, mode);
  if (n > 1) expectNoMate(fen, n - 1, mode);
  return report;
}

/** The main line: a key first, 2n-1 legal plies (the defence resisting longest), mate at the end. */
function expectSoundLine(fen: string, report: MateReport, mode: MateMode): void {
  expect(report.lineComplete).toBe(true);
  expect(report.lineUci).toHaveLength(2 * report.mateIn! - 1);
  expect(report.line).toHaveLength(report.lineUci.length);
  expect(report.keys).toContain(report.lineUci[0]);
  const pos = parseFen(fen);
  report.lineUci.forEach((uci, ply) => {
    const move = parseUci(pos, uci);
    expect(move, `line move ${uci} is legal`).not.toBe(0);
    pos.make(move);
    if (mode === 'checks' && ply % 2 === 0) expect(pos.inCheck(), `${uci} checks`).toBe(true);
  });
  expect(isCheckmate(pos), `the line ${report.lineUci.join(' ')} ends in mate`).toBe(true);
}

/** "No mate in n" proven: status no-mate with the whole depth proven. */
function expectNoMate(fen: string, n: number, mode: MateMode = 'all'): void {
  const report = solve(fen, n, mode);
  expect({ status: report.status, mateIn: report.mateIn, keys: report.keys, provenDepth: report.provenDepth }, `${fen} n=${n}`)
    .toEqual({ status: 'no-mate', mateIn: null, keys: [], provenDepth: n });
}

/** The independent (chessops) answer must be the one this test asserts. */
function expectReference(fen: string, n: number, mateIn: number | null, keys: readonly string[], options: { checksOnly?: boolean; chess960?: boolean } = {}): void {
  expect(opsSolve(fen, n, options), `chessops reference for ${fen}`).toEqual({ mateIn, keys: [...keys].sort() });
}

// ---- 1. MATER's worked examples ----

describe("MATER's eight worked examples", () => {
  const examples: { fen: string; n: number; key: string; mode: MateMode }[] = [
    { fen: 'b7/PP6/8/8/7K/6B1/6N1/4R1bk w - - 0 1', n: 3, key: 'b7a8n', mode: 'all' },
    { fen: '8/8/1p5B/4p3/1p2k1P1/1P3n2/P4PB1/K2R4 w - - 0 1', n: 3, key: 'h6c1', mode: 'all' },
    { fen: '2N5/8/k2K4/8/p1PB4/P7/8/8 w - - 0 1', n: 4, key: 'd6c7', mode: 'all' },
    { fen: 'rnbK2R1/p6p/p1kNpN1r/P3B1Q1/3P1p1p/5p2/5p1b/8 w - - 0 1', n: 4, key: 'g5g2', mode: 'all' },
    { fen: '8/1n2P2K/3p2p1/2p3pk/6pr/4ppr1/6p1/1b6 w - - 0 1', n: 3, key: 'h7g7', mode: 'all' },
    { fen: '4K1R1/PP2P3/2k5/3pP3/3B4/6P1/8/8 w - - 0 1', n: 3, key: 'b7b8r', mode: 'all' },
    { fen: '8/2P1P1P1/3PkP2/8/4K3/8/8/8 w - - 0 1', n: 3, key: 'e7e8b', mode: 'all' },
    // Checks only: MATER finds this mate in 12 in 0.4 s on a 200 MHz Pentium.
    { fen: '3nn3/2p2p1k/1p1pp1p1/p2B3p/r2B2N1/7N/8/7K w - - 0 1', n: 12, key: 'h3g5', mode: 'checks' },
  ];
  for (const { fen, n, key, mode } of examples) {
    it(`${fen}: ${mode === 'checks' ? 'checks-only ' : ''}#${n}, only key ${key}, none shorter`, () => {
      expectMate(fen, n, [key], mode);
    });
  }

  it('asked for more moves than needed, still answers the shortest mate', () => {
    const report = solve('b7/PP6/8/8/7K/6B1/6N1/4R1bk w - - 0 1', 5);
    expect([report.status, report.mateIn, report.keys, report.provenDepth]).toEqual(['mate', 3, ['b7a8n'], 2]);
  });
});

// ---- 2. Stalemate traps ----

describe('stalemate is never mate', () => {
  it('KR v K: the boxing move Rb7 stalemates; the mate is Kb6 and Rh8, in 2', () => {
    const fen = 'k7/7R/2K5/8/8/8/8/8 w - - 0 1';
    expect(opsStalemating(fen)).toEqual(['h7b7']);
    expect(isStalemate(play(fen, ['h7b7']))).toBe(true);
    expectReference(fen, 2, 2, ['c6b6']);
    expectNoMate(fen, 1);
    const report = expectMate(fen, 2, ['c6b6']);
    expect(report.keys).not.toContain('h7b7');
    // Giving only checks, there is no mate at all (proven to 6 moves by the reference too).
    expectReference(fen, 6, null, [], { checksOnly: true });
    expectNoMate(fen, 6, 'checks');
  });

  it("micro-Max's trap (W: Kh1 Bg1, B: Kg3 Re1 Pe3): seven moves stalemate through the pinned bishop", () => {
    // Black to move. After ...e2, ...Kh3, or a rook move along the first rank, White's only
    // pseudo-legal moves are the pinned bishop's: illegal, so stalemate; only 1...Rxg1+ mates.
    const fen = '8/8/8/8/8/4p1k1/8/4r1BK b - - 0 1';
    const stalemating = ['e1a1', 'e1b1', 'e1c1', 'e1d1', 'e1f1', 'e3e2', 'g3h3'];
    expect(opsStalemating(fen)).toEqual(stalemating);
    for (const move of stalemating) expect(isStalemate(play(fen, [move])), move).toBe(true);
    expectReference(fen, 3, 3, ['e1g1']);
    expectMate(fen, 3, ['e1g1']);
  });

  it("micro-Max's trap one move earlier: ...Ra1 pins the bishop and stalemates; the mate takes 4", () => {
    const fen = 'r7/8/8/8/8/4p1k1/8/6BK b - - 0 1';
    expect(opsStalemating(fen)).toEqual(['a8a1']);
    expectReference(fen, 4, 4, ['a8h8']);
    expectMate(fen, 4, ['a8h8']);
  });

  it('MATER example 6: b8=Q would stalemate, b8=R mates in 3', () => {
    const fen = '4K1R1/PP2P3/2k5/3pP3/3B4/6P1/8/8 w - - 0 1';
    const report = solve(fen, 3);
    expect(report.keys).toEqual(['b7b8r']);
    expect(report.keys).not.toContain('b7b8q');
  });
});

// ---- 3. Special keys and illegal defences ----

describe('keys: underpromotion, castling, en passant', () => {
  it('underpromotion to a knight is the only mate in 1', () => {
    const fen = '6nr/5Ppk/6pp/8/8/8/8/K7 w - - 0 1';
    expectReference(fen, 1, 1, ['f7f8n']);
    expectMate(fen, 1, ['f7f8n']);
  });

  const castlingMates: { fen: string; key: string; san: string }[] = [
    { fen: '8/8/8/8/4p1p1/4pkp1/8/2N1K2R w K - 0 1', key: 'e1g1', san: 'O-O#' },
    { fen: '8/8/8/8/2p1p3/2pkp3/8/R3K1N1 w Q - 0 1', key: 'e1c1', san: 'O-O-O#' },
    { fen: '2n1k2r/8/4PKP1/4P1P1/8/8/8/8 b k - 0 1', key: 'e8g8', san: 'O-O#' },
    { fen: 'r3k1n1/8/2PKP3/2P1P3/8/8/8/8 b q - 0 1', key: 'e8c8', san: 'O-O-O#' },
  ];
  for (const { fen, key, san } of castlingMates) {
    it(`castling mates in 1 (${san}, ${key}); the rook's own move to that square does not`, () => {
      expectReference(fen, 1, 1, [key]);
      const report = expectMate(fen, 1, [key]);
      expect(report.keysSan).toEqual([san]);
    });
  }

  it('castling keys of mates in 2: O-O and O-O-O (matetrack)', () => {
    const kingSide = '8/7B/2R5/4Nr1p/4kb1Q/8/1B6/4K2R w K - 0 1';
    const queenSide = '2N2B2/2N1r3/8/3nQ2R/1k6/8/2B5/R3K3 w Q - 0 1';
    expectReference(kingSide, 2, 2, ['e1g1']);
    expectReference(queenSide, 2, 2, ['e1c1']);
    expectMate(kingSide, 2, ['e1g1']);
    expectMate(queenSide, 2, ['e1c1']);
  });

  it('Chess960 (X-FEN and Shredder-FEN): O-O from d1 with the h1 rook mates, printed king-takes-rook', () => {
    for (const fen of ['8/8/8/8/4p1p1/4pkp1/8/2NK3R w K - 0 1', '8/8/8/8/4p1p1/4pkp1/8/2NK3R w H - 0 1']) {
      expect(parseFen(fen).chess960).toBe(true);
      expectReference(fen, 1, 1, ['d1h1'], { chess960: true });
      const report = expectMate(fen, 1, ['d1h1']);
      expect(report.keysSan).toEqual(['O-O#']);
      // Without the right, the rook alone cannot do it.
      const noRight = fen.replace(/ [KH] /, ' - ');
      expectReference(noRight, 1, null, []);
      expectNoMate(noRight, 1);
    }
  });

  it('en passant mates (fxg6 e.p. opens the fifth rank); without the e.p. right there is no mate in 1', () => {
    const fen = '5B2/8/5K2/R4Ppk/8/4NN2/8/8 w - g6 0 1';
    expectReference(fen, 1, 1, ['f5g6']);
    expectMate(fen, 1, ['f5g6']);
    const noEp = fen.replace(' g6 ', ' - ');
    expectReference(noEp, 1, null, []);
    expectNoMate(noEp, 1);
  });

  it('a double step as key, answered by en passant among the defences (matetrack, #2 d4)', () => {
    const fen = '3R4/8/8/2p3K1/2p5/5B2/R1pPNB2/1b1k4 w - - 0 1';
    expectReference(fen, 2, 2, ['d2d4']);
    expectMate(fen, 2, ['d2d4']);
  });
});

describe("the defender's only replies are illegal: still mate", () => {
  it('the knight that would block is pinned: Ra8#; unpinned, it blocks', () => {
    const pinned = '6k1/6pp/4n3/6N1/2B5/8/8/R1K5 w - - 0 1';
    expectReference(pinned, 1, 1, ['a1a8']);
    expectMate(pinned, 1, ['a1a8']);
    // After Ra8+ Black has no legal move, though the knight has four pseudo-legal ones.
    expect(opsMoveCount('R5k1/6pp/4n3/6N1/2B5/8/8/2K5 b - - 0 1')).toBe(0);
    const unpinned = '6k1/6pp/4n3/6N1/8/3B4/8/R1K5 w - - 0 1';
    expectReference(unpinned, 1, null, []);
    expectNoMate(unpinned, 1);
  });

  it('g4+: the capture f4xg3 e.p. would expose the king on the f-file, so it is mate', () => {
    const fen = '4N2N/8/8/5k2/5p1P/7K/6P1/4RR2 w - - 0 1';
    expectReference(fen, 1, 1, ['g2g4']);
    expectMate(fen, 1, ['g2g4']);
    const after = play(fen, ['g2g4']);
    expect(isCheckmate(after)).toBe(true);
    // Without the rook on f1 the e.p. capture is legal and g4+ is no mate.
    const unpinned = '4N2N/8/8/5k2/5p1P/7K/6P1/4R3 w - - 0 1';
    expectReference(unpinned, 1, null, []);
    expectNoMate(unpinned, 1);
    expect(isCheckmate(play(unpinned, ['g2g4']))).toBe(false);
  });
});

// ---- 4. Cooked problems, no-mate proofs, checks-only mode, black to move ----

describe('cooked problems: every key', () => {
  it('two keys: Qd1 and Qe4 (matetrack #2)', () => {
    const fen = '8/8/8/2p1R3/1p3p2/1p1k1p2/1B5p/1K2Q3 w - - 0 1';
    expectReference(fen, 2, 2, ['e1d1', 'e1e4']);
    expectMate(fen, 2, ['e1d1', 'e1e4']);
  });

  it('four keys (matetrack #2)', () => {
    const fen = 'r5r1/1R4b1/1Q6/4nk1p/2p1R3/2P3PK/2BB4/q7 w - - 0 1';
    const keys = ['b7f7', 'e4e1', 'e4e2', 'e4f4'];
    expectReference(fen, 2, 2, keys);
    expectMate(fen, 2, keys);
  });

  it('117 keys, promotions to every piece among them (matetrack #2)', () => {
    const fen = '6rk/PP1PPPnp/1N1BN2P/7R/4B3/2Q5/P3KP2/6R1 w - - 0 1';
    const report = solve(fen, 2);
    expect([report.status, report.mateIn, report.keys.length, report.keysComplete]).toEqual(['mate', 2, 117, true]);
    for (const key of ['a7a8n', 'b7b8r', 'f7g8b', 'e2d1', 'h6g7', 'c3g7']) expect(report.keys).toContain(key);
    // The full set, by the chessops reference (a few hundred milliseconds).
    expect([...report.keys].sort()).toEqual(opsSolve(fen, 2).keys);
  });
});

describe('"no mate in n" proofs', () => {
  it('a mate in 5 asked as n = 4 is proven to have none; as n = 5 it is found', () => {
    const fen = '8/8/3p3N/p4B2/2B5/K7/8/k7 w - - 0 1';
    expectNoMate(fen, 4);
    const report = solve(fen, 5);
    expect([report.status, report.mateIn, report.keys, report.provenDepth]).toEqual(['mate', 5, ['f5d3'], 4]);
    expectSoundLine(fen, report, 'all');
  });

  it('black to move: a mate in 5 asked as n = 4', () => {
    const fen = '5B2/1Rr1pP1n/2p3KP/2k3PR/1p1bP3/1bP5/3N4/3n1Q1q b - - 0 1';
    expectMate(fen, 5, ['h7f8']);
  });

  it('a second mate in 5 (matetrack): no mate in 4', () => {
    expectNoMate('8/8/K7/1N6/1Bk5/3N2p1/1P5p/7B w - - 0 1', 4);
  });

  it('K+R v K, the lone king in the centre: no mate in 3', () => {
    const fen = '8/8/8/3k4/8/8/8/R3K3 w - - 0 1';
    expectReference(fen, 3, null, []);
    expectNoMate(fen, 3);
  });
});

describe('checks-only mode', () => {
  it('all moves #2 (quiet Qe4); checks only #3, keys O-O-O+, Kd2+ (discovered) and Qh5+', () => {
    const fen = '8/8/8/8/8/8/4QRb1/R3K2k w Q - 0 1';
    expectReference(fen, 2, 2, ['e2e4']);
    expectReference(fen, 3, 3, ['e1c1', 'e1d2', 'e2h5'], { checksOnly: true });
    expectMate(fen, 2, ['e2e4']);
    expectMate(fen, 3, ['e1c1', 'e1d2', 'e2h5'], 'checks');
  });

  it('all moves #3 with a quiet key; checks only #4', () => {
    const fen = '2k5/2N5/1PKP4/2P5/8/8/8/8 w - - 0 1';
    expectReference(fen, 3, 3, ['c7e6']);
    expectReference(fen, 4, 4, ['b6b7'], { checksOnly: true });
    expectMate(fen, 3, ['c7e6']);
    expectMate(fen, 4, ['b6b7'], 'checks');
  });

  it('MATER example 7: e8=B mates in 3; giving only checks it takes 5, with three queen promotions', () => {
    const fen = '8/2P1P1P1/3PkP2/8/4K3/8/8/8 w - - 0 1';
    expectMate(fen, 5, ['c7c8q', 'e7e8q', 'g7g8q'], 'checks');
  });

  it('MATER example 1 has no checks-only mate within 6', () => {
    const fen = 'b7/PP6/8/8/7K/6B1/6N1/4R1bk w - - 0 1';
    expectReference(fen, 6, null, [], { checksOnly: true });
    expectNoMate(fen, 6, 'checks');
  });
});

describe('black to move', () => {
  it('matetrack #3: 1...Qxh3+', () => {
    const fen = '2q5/4B2p/7n/4p1pk/P2n1b2/R3P2P/2r3P1/1Q3R1K b - - 0 1';
    expectReference(fen, 3, 3, ['c8h3']);
    expectMate(fen, 3, ['c8h3']);
  });
});
