// The node count: every position the search visits is one node, however it is reached, so that
// nodes per second (`chessbot bench`, UCI info) measure positions and not calls.
import { describe, expect, it } from 'vitest';
import { parseFen } from '../../../src/chess/fen.ts';
import { Engine } from '../../../src/search/play/index.ts';

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

});
