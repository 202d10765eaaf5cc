// The quiescence search keeps its results in the transposition table at depth 0, for its own
// later visits only: it does not write over what the main search stored for a position, and the
// main search does not read its entries as its own.
import { describe, expect, it } from 'vitest';
import { parseFen } from '../../../src/chess/fen.ts';
import { generateLegal } from '../../../src/chess/movegen.ts';
import { MAX_MOVES } from '../../../src/chess/move.ts';
import { parseUci } from '../../../src/chess/uci.ts';
import { Engine } from '../../../src/search/play/index.ts';
import { BOUND_EXACT, BOUND_UPPER } from '../../../src/search/play/tt.ts';

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const clock = { now: () => performance.now() };

function rootMoves(fen: string): number[] {
  const moves = new Int32Array(MAX_MOVES);
  return Array.from(moves.subarray(0, generateLegal(parseFen(fen), moves, 0)));
}

describe('the quiescence search and the table', () => {
  it('keeps what it found by searching captures, at depth 0', () => {
    // At depth 1 every root move is searched (nothing is pruned at the root) and each position
    // after one is at the horizon: the quiescence search's. It keeps those where it searched
    // captures; one that stands pat above beta at once, or where no capture could reach alpha,
    // costs nothing to find again (the evaluation cache has its evaluation).
    const engine = new Engine(16);
    engine.search(parseFen(KIWIPETE), { depth: 1 }, clock);
    const moves = rootMoves(KIWIPETE);
    expect(moves.length).toBe(48);
    let kept = 0;
    for (const move of moves) {
      const child = parseFen(KIWIPETE);
      child.make(move);
      if (!engine.tt.probe(child.hashHi, child.hashLo)) continue;
      kept++;
      expect(engine.tt.depth()).toBe(0);
    }
    expect(kept).toBeGreaterThan(0);
  });

  it('leaves the main search\'s entry for a position in place', () => {
    const engine = new Engine(16);
    const child = parseFen(KIWIPETE);
    const reply = parseUci(child, 'e2a6');
    child.make(reply);
    // A bound the quiescence search cannot cut on (an upper bound above any window it gets).
    const pawnTakes = parseUci(child, 'b7a6');
    engine.tt.nextAge();
    engine.tt.store(child.hashHi, child.hashLo, pawnTakes, 5000, 5, BOUND_UPPER);
    engine.search(parseFen(KIWIPETE), { depth: 1 }, clock);
    expect(engine.tt.probe(child.hashHi, child.hashLo)).toBe(true);
    expect([engine.tt.move(), engine.tt.depth()]).toEqual([pawnTakes, 5]);
  });

  it('is not read by the main search: a depth-0 entry for the root changes nothing it does', () => {
    const search = (prefill: boolean) => {
      const engine = new Engine(16);
      const root = parseFen(KIWIPETE);
      if (prefill) {
        // A legal but poor move with an exact score, as the quiescence search might leave.
        engine.tt.nextAge();
        engine.tt.store(root.hashHi, root.hashLo, parseUci(root, 'a1b1'), 900, 0, BOUND_EXACT);
      }
      const result = engine.search(root, { depth: 7 }, clock);
      return [result.nodes, result.bestMove, result.score];
    };
    expect(search(true)).toEqual(search(false));
  });
});
