// The node count: one node per position the search enters (the root, and each move or pass it
// makes), however many times it searches it, so that nodes per second (`chessbot bench`, UCI
// info) measure positions and not calls.
import { describe, expect, it, vi } from 'vitest';
import { CheckDetector } from '../../../src/chess/checks.ts';
import { parseFen } from '../../../src/chess/fen.ts';
import { Position } from '../../../src/chess/position.ts';
import { Engine } from '../../../src/search/play/index.ts';

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

function nodesAtDepth(fen: string, depth: number): number {
  const engine = new Engine(1);
  return engine.search(parseFen(fen), { depth }, { now: () => performance.now() }).nodes;
}

describe('the node count', () => {
  it('counts a position at the horizon once, not once for the main search and again for the quiescence search', () => {
    // Black's one legal move is h3-h2. The root, and the position after h2, which is at the
    // horizon: the quiescence search finds no capture or promotion for White there and stands pat.
    expect(nodesAtDepth('k7/P7/K7/8/8/7p/8/8 b - - 0 1', 1)).toBe(2);
  });

  it('counts one node per root search and per move or pass made, however often a position is searched', () => {
    // Re-searches of a reduced move and the singular-extension test (the node's own position
    // again, without the table's move) search positions already entered: they must not count
    // them again.
    const engine = new Engine(16);
    let roots = 0;
    let made = 0;
    let singularTests = 0;
    const internals = engine as unknown as { negamax: (...args: unknown[]) => number };
    const negamax = internals.negamax;
    internals.negamax = function (this: Engine, ...args: unknown[]) {
      if (args[3] === 0) roots++;
      if (args[7] !== undefined) singularTests++;
      return negamax.apply(this, args);
    };
    // "Does this move check?" plays castling and en passant on the board to find out: not a
    // position the search enters.
    let probing = false;
    const givesCheck = CheckDetector.prototype.givesCheck;
    const probes = vi.spyOn(CheckDetector.prototype, 'givesCheck').mockImplementation(function (this: CheckDetector, pos, move) {
      probing = true;
      try {
        return givesCheck.call(this, pos, move);
      } finally {
        probing = false;
      }
    });
    const make = Position.prototype.make;
    const makeNull = Position.prototype.makeNull;
    const makes = vi.spyOn(Position.prototype, 'make').mockImplementation(function (this: Position, move: number) {
      if (!probing) made++;
      make.call(this, move);
    });
    const passes = vi.spyOn(Position.prototype, 'makeNull').mockImplementation(function (this: Position) {
      made++;
      makeNull.call(this);
    });
    try {
      const result = engine.search(parseFen(KIWIPETE), { depth: 10 }, { now: () => performance.now() });
      // search() plays its principal variation through once more at the end, to write it in UCI.
      expect(result.nodes).toBe(roots + made - result.pv.length);
      expect(singularTests).toBeGreaterThan(0);
    } finally {
      makes.mockRestore();
      passes.mockRestore();
      probes.mockRestore();
    }
  });
});
