// Move generation and the check detector mark squares with a per-call stamp kept in Int32Arrays.
// A bot that searches for hours makes billions of calls: past 2^31 a stored mark could never
// equal the stamp again, and pins and check lines would silently vanish. Both start over first.

import { describe, expect, it } from 'vitest';
import { CheckDetector } from '../../src/chess/checks.ts';
import { parseFen } from '../../src/chess/fen.ts';
import { MAX_MOVES } from '../../src/chess/move.ts';
import { STAMP_LIMIT, generateLegal, setGenerationStamp } from '../../src/chess/movegen.ts';
import { makeUci } from '../../src/chess/uci.ts';

// White is in check from the rook on e8 and the knight on d2 is pinned by the bishop on a5.
const PINNED_IN_CHECK = '4r1k1/8/8/b7/8/8/3N3R/4K3 w - - 0 1';
// The knight on d4 stands between the bishop on b2 and the king on g7: its moves unveil check.
const UNVEILING = '8/6k1/8/8/3N4/8/1B6/4K3 w - - 0 1';

function legalMoves(fen: string): string[] {
  const pos = parseFen(fen);
  const out = new Int32Array(MAX_MOVES);
  const end = generateLegal(pos, out, 0);
  return Array.from(out.subarray(0, end), (move) => makeUci(pos, move)).sort();
}

describe('per-call stamps', () => {
  it('move generation keeps pins and check lines across the stamp limit and past 2^31', () => {
    const expected = legalMoves(PINNED_IN_CHECK);
    expect(expected).not.toContain('d2e4'); // pinned
    expect(expected).toContain('h2e2'); // blocks the check
    for (const start of [STAMP_LIMIT - 3, 2 ** 31 - 3]) {
      setGenerationStamp(start);
      for (let i = 0; i < 8; i++) expect(legalMoves(PINNED_IN_CHECK)).toEqual(expected);
    }
  });

  it('the check detector keeps its unveiled checks across the stamp limit and past 2^31', () => {
    const pos = parseFen(UNVEILING);
    const out = new Int32Array(MAX_MOVES);
    const end = generateLegal(pos, out, 0);
    const detector = new CheckDetector();
    const checking = () => {
      detector.prepare(pos);
      return Array.from(out.subarray(0, end)).filter((move) => detector.givesCheck(pos, move)).map((move) => makeUci(pos, move)).sort();
    };
    const expected = checking();
    expect(expected).toContain('d4f5'); // unveils the bishop (and checks with the knight too)
    expect(expected).toContain('d4b5'); // unveils the bishop only
    for (const start of [2 ** 30 - 3, 2 ** 31 - 3]) {
      (detector as unknown as { stamp: number }).stamp = start;
      for (let i = 0; i < 8; i++) expect(checking()).toEqual(expected);
    }
  });
});
