// Perft: the leaf counts of the legal move tree against published numbers.
//   - the six standard positions (chessprogramming.org "Perft Results") to depths of a few seconds;
//   - every line of two EPD suites copied into test/data (126 standard, 120 Chess960 positions),
//     each at the deepest listed depth whose count stays under a node cap;
//   - hand-made Chess960 castling positions (rook and king on awkward squares, pinned castling
//     rook, king that does not move), cross-checked against chessops' perft in the same run.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Chess } from 'chessops/chess';
import { perft as chessopsPerft } from 'chessops/debug';
import { parseFen as chessopsParseFen } from 'chessops/fen';
import { describe, expect, it } from 'vitest';
import { FenError, STARTING_FEN, makeFen, parseFen, parseSetup } from '../../src/chess/fen.ts';
import { generateLegal } from '../../src/chess/movegen.ts';
import { MAX_MOVES } from '../../src/chess/move.ts';
import { Position } from '../../src/chess/position.ts';
import { perft, perftDivide } from '../../src/chess/perft.ts';
import { makeUci, parseUci } from '../../src/chess/uci.ts';
import { ALL_SQUARES, EMPTY } from '../../src/chess/types.ts';

// ---- the suites ----

interface EpdLine {
  line: number;
  fen: string;
  /** counts[d] is the published perft count at depth d (index 0 unused). */
  counts: number[];
}

function readEpd(name: string): EpdLine[] {
  const text = readFileSync(fileURLToPath(new URL(`../data/${name}`, import.meta.url)), 'utf8');
  const lines: EpdLine[] = [];
  // perftsuite.epd has CRLF line ends, perft960.epd LF; both are kept byte for byte as published.
  text.split(/\r?\n/).forEach((raw, index) => {
    if (raw.trim() === '') return;
    const [fen, ...fields] = raw.split(';');
    const counts: number[] = [];
    for (const field of fields) {
      const match = /^\s*D(\d+)\s+(\d+)\s*$/.exec(field);
      if (!match) throw new Error(`${name}:${index + 1}: cannot read "${field}"`);
      counts[Number(match[1])] = Number(match[2]);
    }
    lines.push({ line: index + 1, fen: fen.trim(), counts });
  });
  return lines;
}

/** Published counts up to this many leaves are run for every suite line (~15 M nodes in all). */
const SUITE_NODE_CAP = 200_000;

/** The deepest listed depth whose count is at most the cap (depth 1 if even that is larger). */
function suiteDepth(counts: number[]): number {
  let best = 1;
  counts.forEach((nodes, depth) => {
    if (nodes !== undefined && nodes <= SUITE_NODE_CAP && depth > best) best = depth;
  });
  return best;
}

/**
 * Suite positions that no legal game can reach, which parseFen therefore refuses (with the reason
 * below). Perft is still defined for them, so the test builds the Position without the game
 * legality checks and counts anyway.
 */
const UNREACHABLE: Record<string, RegExp> = {
  // Two white bishops on the long diagonal check the black king from both sides at once.
  'B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1': /double check from h1 and a8/,
};

/** A Position straight from the FEN fields, skipping the reachability checks (no castling, no ep). */
function unvalidatedPosition(fen: string): Position {
  const setup = parseSetup(fen);
  if (setup.castling !== '' || setup.epSquare >= 0) throw new Error('only plain positions are supported here');
  const pos = new Position();
  for (const sq of ALL_SQUARES) if (setup.board[sq] !== EMPTY) pos.put(sq, setup.board[sq]);
  pos.turn = setup.turn;
  pos.halfmoves = setup.halfmoves;
  pos.fullmoves = setup.fullmoves;
  pos.computeHash();
  return pos;
}

function suitePosition(fen: string, chess960: boolean): Position {
  const reason = UNREACHABLE[fen];
  if (reason) {
    expect(() => parseFen(fen)).toThrow(FenError);
    expect(() => parseFen(fen)).toThrow(reason);
    return unvalidatedPosition(fen);
  }
  const pos = parseFen(fen);
  if (chess960) pos.chess960 = true;
  return pos;
}

const STANDARD_SUITE = readEpd('perftsuite.epd');
const CHESS960_SUITE = readEpd('perft960.epd');

describe('the perft suites in test/data', () => {
  it('have every line', () => {
    expect(STANDARD_SUITE).toHaveLength(126);
    expect(CHESS960_SUITE).toHaveLength(120);
    for (const { counts } of [...STANDARD_SUITE, ...CHESS960_SUITE]) expect(counts[1]).toBeGreaterThan(0);
  });

  const cases = (suite: EpdLine[]) =>
    suite.map(({ line, fen, counts }) => ({ line, fen, depth: suiteDepth(counts), nodes: counts[suiteDepth(counts)] }));

  it.each(cases(STANDARD_SUITE))('perftsuite.epd:$line $fen depth $depth = $nodes', ({ fen, depth, nodes }) => {
    const pos = suitePosition(fen, false);
    expect(perft(pos, depth)).toBe(nodes);
  });

  it.each(cases(CHESS960_SUITE))('perft960.epd:$line $fen depth $depth = $nodes', ({ fen, depth, nodes }) => {
    const pos = suitePosition(fen, true);
    const before = makeFen(pos);
    expect(perft(pos, depth)).toBe(nodes);
    // Perft makes and unmakes every move; the position must come back as it was.
    expect(makeFen(pos)).toBe(before);
  });

  it('reads the X-FEN castling field of the Chess960 suite as rights on the outermost rooks', () => {
    // rbbnkqrn: the king on e1 with rooks on a1 and g1, so "K" is the g1 rook.
    const pos = parseFen(CHESS960_SUITE[0].fen);
    expect(pos.chess960).toBe(true);
    const uci = legalUci(pos);
    expect(makeFen(pos)).toBe('rbbnkqrn/pppppppp/8/8/8/8/PPPPPPPP/RBBNKQRN w KQkq - 0 1');
    // No castling at the start (every path is blocked), and the suite's D1 count agrees.
    expect(uci.filter((u) => u.startsWith('e1') && (u.endsWith('a1') || u.endsWith('g1')))).toEqual([]);
    expect(uci).toHaveLength(CHESS960_SUITE[0].counts[1]);
  });
});

// ---- the six standard positions ----

// Counts: https://www.chessprogramming.org/Perft_Results (index = depth). One test per position
// checks them up to `depth`, a second one on to `deep`, which takes most of this file's time.
const STANDARD_POSITIONS: Array<{ name: string; fen: string; counts: number[]; depth: number; deep: number }> = [
  { name: 'start position', fen: STARTING_FEN, counts: [1, 20, 400, 8902, 197281, 4865609, 119060324], depth: 5, deep: 6 },
  {
    name: 'Kiwipete (position 2)',
    fen: 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    counts: [1, 48, 2039, 97862, 4085603, 193690690],
    depth: 4,
    deep: 5,
  },
  {
    name: 'position 3 (en passant, promotion, discovered checks)',
    fen: '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
    counts: [1, 14, 191, 2812, 43238, 674624, 11030083, 178633661],
    depth: 6,
    deep: 7,
  },
  {
    name: 'position 4',
    fen: 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
    counts: [1, 6, 264, 9467, 422333, 15833292],
    depth: 5,
    deep: 5,
  },
  {
    name: 'position 4 mirrored',
    fen: 'r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1',
    counts: [1, 6, 264, 9467, 422333, 15833292],
    depth: 5,
    deep: 5,
  },
  {
    name: 'position 5',
    fen: 'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
    counts: [1, 44, 1486, 62379, 2103487, 89941194],
    depth: 4,
    deep: 5,
  },
  {
    name: 'position 6',
    fen: 'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
    counts: [1, 46, 2079, 89890, 3894594, 164075551],
    depth: 4,
    deep: 5,
  },
];

/**
 * Every depth from 1 to `depth` must match; perft must leave the position (FEN and hash) as it was.
 * (Under vitest's module runner the core runs ~6 M nodes/s, several times slower than under plain
 * `node --import tsx`, so the default depths total ~10 s here; the deep ones take minutes.)
 */
function checkCounts(fen: string, counts: number[], from: number, to: number): void {
  const pos = parseFen(fen);
  const fenBefore = makeFen(pos);
  const hash = [pos.hashHi, pos.hashLo];
  for (let d = from; d <= to; d++) expect(perft(pos, d), `depth ${d}`).toBe(counts[d]);
  expect(makeFen(pos)).toBe(fenBefore);
  expect([pos.hashHi, pos.hashLo]).toEqual(hash);
}

describe('the six standard perft positions', () => {
  it.each(STANDARD_POSITIONS)('$name to depth $depth', ({ fen, counts, depth }) => {
    checkCounts(fen, counts, 1, depth);
  }, 60_000);

  // The published deeper counts (~760 M nodes in all, about 30 s on one core).
  it.each(STANDARD_POSITIONS.filter(({ depth, deep }) => deep > depth))(
    '$name to depth $deep',
    ({ fen, counts, depth, deep }) => {
      checkCounts(fen, counts, depth + 1, deep);
    },
    600_000,
  );

  it('perft of depth 0 is 1', () => {
    expect(perft(parseFen(STARTING_FEN), 0)).toBe(1);
  });

  it('divides Kiwipete at depth 3 into its 48 root moves, summing to the total', () => {
    const pos = parseFen(STANDARD_POSITIONS[1].fen);
    const divide = perftDivide(pos, 3);
    expect(divide).toHaveLength(48);
    expect(divide.reduce((sum, { nodes }) => sum + nodes, 0)).toBe(97862);
    // Published per-move counts (Stockfish "go perft 3"), castling printed as e1g1/e1c1.
    const byMove = new Map(divide.map(({ uci, nodes }) => [uci, nodes]));
    expect(byMove.get('e1g1')).toBe(2059);
    expect(byMove.get('e1c1')).toBe(1887);
    expect(byMove.get('e5f7')).toBe(2080);
    expect(byMove.get('d5e6')).toBe(2241);
    expect(byMove.get('a2a4')).toBe(2149);
    for (const { uci, nodes } of divide) {
      const move = parseUci(pos, uci);
      expect(move, uci).not.toBe(0);
      pos.make(move);
      expect(perft(pos, 2), uci).toBe(nodes);
      pos.unmake(move);
    }
  });
});

// ---- Chess960 castling ----

function legalUci(pos: Position, chess960 = true): string[] {
  const moves = new Int32Array(MAX_MOVES);
  const end = generateLegal(pos, moves, 0);
  return Array.from(moves.subarray(0, end), (move) => makeUci(pos, move, chess960)).sort();
}

function playUci(pos: Position, uci: string): void {
  const move = parseUci(pos, uci);
  expect(move, `${uci} in ${makeFen(pos)}`).not.toBe(0);
  pos.make(move);
}

/** chessops' perft on the same FEN: an independent count for positions with no published numbers. */
function chessopsCount(fen: string, depth: number): number {
  return chessopsPerft(Chess.fromSetup(chessopsParseFen(fen).unwrap()).unwrap(), depth);
}

// Hand-made positions for the castling rules that Chess960 makes awkward. The counts were
// produced by chessops 0.15.1 (re-checked below at depth 3 in the same run) and agree with ours.
const CASTLING_CASES: Array<{ name: string; fen: string; counts: number[] }> = [
  {
    // King g1, rooks a1 and h1: O-O leaves the king where it is and puts the rook on f1.
    name: 'king already on its castled square',
    fen: 'r3k2r/8/8/8/8/8/8/R5KR w KQkq - 0 1',
    counts: [1, 24, 495, 11271, 250170, 5840711],
  },
  {
    // King b1, rook a1: O-O-O moves the king one step (b1c1) and the rook over it to d1.
    name: 'king beside its queen-side rook',
    fen: 'rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1',
    counts: [1, 24, 479, 11099, 242723, 5689344],
  },
  {
    // King f1, rook g1: O-O swaps them, each landing on the other's square.
    name: 'king and rook swap squares',
    fen: 'r4kr1/6p1/8/8/8/8/6P1/R4KR1 w KQkq - 0 1',
    counts: [1, 19, 298, 5398, 96459, 1909414],
  },
  {
    // King c1, rook b1, black rook a1: castling O-O-O would uncover a1's attack on the king's
    // landing square c1 (the castling rook was the only blocker), so it is illegal.
    name: 'castling rook pinned against its own king',
    fen: '4k3/8/8/8/8/8/8/rRK4R w KQ - 0 1',
    counts: [1, 17, 185, 4077, 57884, 1412716],
  },
  {
    // Standard: O-O-O is legal when only b1 (which the king never crosses) is attacked.
    name: 'attacked square on the rook path only',
    fen: '1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1',
    counts: [1, 16, 226, 3602, 57729, 953159],
  },
];

describe('Chess960 castling', () => {
  it.each(CASTLING_CASES)('$name: perft agrees with the counts and with chessops', ({ fen, counts }) => {
    const pos = parseFen(fen);
    for (let d = 1; d < counts.length; d++) expect(perft(pos, d), `depth ${d}`).toBe(counts[d]);
    expect(chessopsCount(fen, 3)).toBe(counts[3]);
  });

  it('castles with the king standing still (king on g1, rook h1)', () => {
    const pos = parseFen('r3k2r/8/8/8/8/8/8/R5KR w KQkq - 0 1');
    expect(pos.chess960).toBe(true);
    const uci = legalUci(pos);
    expect(uci).toContain('g1h1'); // O-O, king takes rook
    expect(uci).toContain('g1a1'); // O-O-O: king g1 to c1, rook a1 to d1
    playUci(pos, 'g1h1');
    expect(makeFen(pos)).toBe('r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1');
  });

  it('castles queen side with the king one step from the rook (king b1, rook a1)', () => {
    const pos = parseFen('rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1');
    const before = makeFen(pos);
    const move = parseUci(pos, 'b1a1');
    expect(move).not.toBe(0);
    // b1c1 is an ordinary king step here, not castling.
    const step = parseUci(pos, 'b1c1');
    expect(step).not.toBe(0);
    expect(step).not.toBe(move);
    pos.make(move);
    expect(makeFen(pos)).toBe('rk5r/8/8/8/8/8/8/2KR3R b kq - 1 1');
    pos.unmake(move);
    expect(makeFen(pos)).toBe(before);
    pos.make(step);
    expect(makeFen(pos)).toBe('rk5r/8/8/8/8/8/8/R1K4R b kq - 1 1');
  });

  it('castles by swapping king and rook (king f1, rook g1)', () => {
    // The g-pawns shield g1 and g8 from the rooks on the g-file.
    const pos = parseFen('r4kr1/6p1/8/8/8/8/6P1/R4KR1 w KQkq - 0 1');
    const start = makeFen(pos);
    expect(legalUci(pos)).toContain('f1g1');
    playUci(pos, 'f1g1');
    expect(makeFen(pos)).toBe('r4kr1/6p1/8/8/8/8/6P1/R4RK1 b kq - 1 1');
    // The rook now on f1 checks the black king along the f-file: no castling out of check.
    expect(legalUci(pos).filter((uci) => uci.startsWith('f8'))).toEqual(['f8e7', 'f8e8']);

    const again = parseFen(start);
    playUci(again, 'a1b1');
    playUci(again, 'f8a8'); // O-O-O for black: king f8 to c8, rook a8 to d8
    expect(makeFen(again)).toBe('2kr2r1/6p1/8/8/8/8/6P1/1R3KR1 w K - 2 2');
    playUci(again, 'f1g1');
    expect(makeFen(again)).toBe('2kr2r1/6p1/8/8/8/8/6P1/1R3RK1 b - - 3 2');
  });

  it('refuses castling that would unpin an enemy rook onto the king', () => {
    const pos = parseFen('4k3/8/8/8/8/8/8/rRK4R w KQ - 0 1');
    const uci = legalUci(pos);
    expect(uci).not.toContain('c1b1'); // O-O-O: the king would stand on c1 in check from a1
    expect(uci).toContain('c1h1'); // O-O is fine
  });

  it('refuses castling through, out of or into check, as in standard chess', () => {
    // A black rook on f8 attacks f1, which the king crosses when castling short.
    expect(legalUci(parseFen('4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1'))).not.toContain('e1h1');
    expect(legalUci(parseFen('4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1'))).toContain('e1a1');
    // In check: no castling at all.
    expect(legalUci(parseFen('4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1')).filter((u) => u === 'e1h1' || u === 'e1a1')).toEqual([]);
    // Landing square attacked (g1 by a bishop on c5).
    expect(legalUci(parseFen('4k3/8/8/2b5/8/8/8/R3K2R w KQ - 0 1'))).not.toContain('e1h1');
  });
});

// A long perft tells the leaves counted so far (the command line's status line) without changing
// the count: after each subtree of four plies or fewer, the running total.
describe('perft with a running count', () => {
  // Position 3 of the standard six: 14 root moves, 674,624 leaves at depth 5.
  const POSITION_3 = '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1';

  it('reports a rising total after each root move\'s subtree, the last one the answer', () => {
    const counts: number[] = [];
    expect(perft(parseFen(POSITION_3), 5, (leaves) => counts.push(leaves))).toBe(674_624);
    expect(counts).toHaveLength(14);
    for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeGreaterThan(counts[i - 1]!);
    expect(counts.at(-1)).toBe(674_624);
  });

  it('splits deeper trees further: one report per subtree of depth 4', () => {
    const counts: number[] = [];
    expect(perft(parseFen(POSITION_3), 6, (leaves) => counts.push(leaves))).toBe(11_030_083);
    const pos = parseFen(POSITION_3);
    const moves = new Int32Array(MAX_MOVES);
    let subtrees = 0;
    const end = generateLegal(pos, moves, 0);
    for (let i = 0; i < end; i++) {
      pos.make(moves[i]!);
      subtrees += generateLegal(pos, new Int32Array(MAX_MOVES), 0);
      pos.unmake(moves[i]!);
    }
    expect(counts).toHaveLength(subtrees);
    expect(counts.at(-1)).toBe(11_030_083);
  });

  it('gives --divide the same totals, reported across the root moves', () => {
    const counts: number[] = [];
    const divided = perftDivide(parseFen(POSITION_3), 5, (leaves) => counts.push(leaves));
    expect(divided).toEqual(perftDivide(parseFen(POSITION_3), 5));
    expect(counts.at(-1)).toBe(674_624);
    for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeGreaterThan(counts[i - 1]!);
  });

  it('reports once for a tree of four plies or fewer', () => {
    const counts: number[] = [];
    expect(perft(parseFen(STARTING_FEN), 3, (leaves) => counts.push(leaves))).toBe(8902);
    expect(counts).toEqual([8902]);
  });
});
