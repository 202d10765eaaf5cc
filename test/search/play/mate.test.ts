// The game engine's mate scores agree with the mate solver: {mate: k} with k the solver's
// shortest length, a best move among the solver's keys, and negative mates for the side mated.
// Positions from bench/data/mate-public.jsonl (n <= 4, lengths proven by an independent solver)
// plus two plain mates in one.
import { describe, expect, it } from 'vitest';
import { parseFen } from '../../../src/chess/fen.ts';
import { makeUci, parseUci } from '../../../src/chess/uci.ts';
import { MateSolver } from '../../../src/search/mate/index.ts';
import { Engine } from '../../../src/search/play/index.ts';

/**
 * Enough for each position below but the last, which names its own (with the network of four king
 * buckets the engine reports a mate in 8 there up to 700k nodes and the mate in 4 from 1M; with the
 * turned network before it, all within 500k): composed problems with quiet keys are hard for a
 * game search that prunes quiet moves, and how soon it sees them moves with every change to the
 * evaluation.
 */
const NODES = 500_000;

const MATES: ReadonlyArray<[fen: string, note: string, nodes?: number]> = [
  ['6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1', 'back rank, mate in 1'],
  ['r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1', 'black mates in 1'],
  ['6rk/PP1PPPnp/1N1BN2P/7R/4B3/2Q5/P3KP2/6R1 w - - 0 1', 'mate in 2, 117 keys'],
  ['3R4/8/8/2p3K1/2p5/5B2/R1pPNB2/1b1k4 w - - 0 1', 'mate in 2, quiet key'],
  ['5R2/1N3p2/3pk3/6PR/3Q4/B3K3/8/8 w - - 0 1', 'mate in 2'],
  ['8/8/8/2p1R3/1p3p2/1p1k1p2/1B5p/1K2Q3 w - - 0 1', 'mate in 2, two keys'],
  ['8/8/8/8/8/8/4QRb1/R3K2k w Q - 0 1', 'mate in 2, castling available but not the key'],
  ['r5r1/1R4b1/1Q6/4nk1p/2p1R3/2P3PK/2BB4/q7 w - - 0 1', 'mate in 2, four keys'],
  ['4K1R1/PP2P3/2k5/3pP3/3B4/6P1/8/8 w - - 0 1', 'mate in 3, underpromotion key'],
  ['8/2P1P1P1/3PkP2/8/4K3/8/8/8 w - - 0 1', 'mate in 3, underpromotion key'],
  ['2k5/2N5/1PKP4/2P5/8/8/8/8 w - - 0 1', 'mate in 3, quiet key'],
  ['2q5/4B2p/7n/4p1pk/P2n1b2/R3P2P/2r3P1/1Q3R1K b - - 0 1', 'black mates in 3'],
  ['8/5p2/3N4/1BPp1P2/1Bpk1Pp1/2p2pP1/2p2K2/2N5 w - - 0 1', 'mate in 3, quiet key'],
  ['1r4rk/4Nq2/7K/8/8/6R1/b5Q1/6R1 w - - 0 1', 'mate in 4'],
  ['3bN1n1/1pp5/4p2p/1P1kP3/1B4N1/rpPB2p1/p3K3/8 w - - 0 1', 'mate in 4, two keys'],
  ['nB6/1p1Np3/1P3p2/p2P1Np1/P3P2p/P1p2P2/2rp1kPP/nbbK1B1R w - - 0 1', 'mate in 4, three keys', 1_500_000],
];

/**
 * Positions where the engine once reported a LONGER mate than the shortest one: with a mate score
 * known at the root, the defender's null-move search ran against a beta that was itself a mate
 * score and failed high on a quiet mating move that quiescence cannot see, so the shorter mate was
 * pruned. Null move is now skipped against a mate-score beta; these keep it that way.
 */
const KNOWN_LONGER: ReadonlyArray<{ fen: string; note: string; nodes?: number }> = [
  { fen: 'b7/PP6/8/8/7K/6B1/6N1/4R1bk w - - 0 1', note: 'mate in 3 (engine: 4)' },
  { fen: '2N2B2/2N1r3/8/3nQ2R/1k6/8/2B5/R3K3 w Q - 0 1', note: 'mate in 2 by O-O-O (engine: 3)' },
  { fen: '8/7B/2R5/4Nr1p/4kb1Q/8/1B6/4K2R w K - 0 1', note: 'mate in 2 by O-O (engine: 3)' },
  { fen: '1N3B2/5p2/2R2p2/1p1kpp2/1P2rp2/2P1pB2/2P1P1K1/8 w - - 0 1', note: 'mate in 3 (engine: 4)', nodes: 1_000_000 },
  { fen: '2K4N/3PP1k1/5N2/6n1/8/8/8/8 w - - 0 1', note: 'mate in 3 (engine: 5)' },
  { fen: '8/1p1p4/1p1P4/brk1B3/1pP4R/1P2p2K/1P2P3/7B w - - 0 1', note: 'mate in 4 (engine: 5)', nodes: 2_000_000 },
];

const solver = new MateSolver();
const engine = new Engine(16);

function solve(fen: string) {
  const position = parseFen(fen);
  const solution = solver.solve(position, 4, 'all');
  return { mateIn: solution.mateIn, keys: solution.keys.map((key) => makeUci(position, key)) };
}

function search(fen: string, nodes = NODES) {
  engine.newGame();
  return engine.search(parseFen(fen), { nodes }, { now: () => performance.now() });
}

describe('mate scores agree with the mate solver', () => {
  it.each<[fen: string, note: string, nodes?: number]>(MATES)('%s (%s)', (fen, _note, nodes) => {
    const expected = solve(fen);
    expect(expected.mateIn).not.toBeNull();
    const result = search(fen, nodes);
    expect(result.score).toEqual({ mate: expected.mateIn });
    expect(expected.keys).toContain(result.bestMove);
  });

  // These once reported a longer mate: null move ran against a mate-score beta.
  describe('shortest mate where a null move once hid it', () => {
    it.each(KNOWN_LONGER)('$fen ($note)', ({ fen, nodes }) => {
      const expected = solve(fen);
      const result = search(fen, nodes);
      expect(result.score).toEqual({ mate: expected.mateIn });
      expect(expected.keys).toContain(result.bestMove);
    });
  });
});

describe('the side being mated', () => {
  it.each([
    // After 1... Qxh3+ of the black mate in 3 above, white is mated in 2 whatever it plays.
    ['2q5/4B2p/7n/4p1pk/P2n1b2/R3P2P/2r3P1/1Q3R1K b - - 0 1', 'c8h3', -2],
    // After the quiet key 1. d4 of the mate in 2 above, black is mated next move.
    ['3R4/8/8/2p3K1/2p5/5B2/R1pPNB2/1b1k4 w - - 0 1', 'd2d4', -1],
  ] as const)('%s after %s reports mate %i', (fen, key, mate) => {
    const position = parseFen(fen);
    position.make(parseUci(position, key));
    engine.newGame();
    const result = engine.search(position, { nodes: NODES }, { now: () => performance.now() });
    expect(result.score).toEqual({ mate });
    expect(result.bestMove).not.toBeNull();
  });

  it('reports mate 0 and no move when already checkmated', () => {
    const result = search('R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1');
    expect(result).toMatchObject({ bestMove: null, score: { mate: 0 }, nodes: 0 });
  });
});
