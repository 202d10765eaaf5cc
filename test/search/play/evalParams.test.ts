// The flat weight array behind the evaluation: every term of weights.ts has its place, and
// setParam (the tuner's only way in) changes what evaluate returns, for both colours alike.

import { afterEach, describe, expect, it } from 'vitest';
import { parseFen } from '../../../src/chess/fen.ts';
import { PARAMS, TERMS, setParam } from '../../../src/search/play/evalParams.ts';
import { evaluate } from '../../../src/search/play/evaluate.ts';
import { WEIGHTS } from '../../../src/search/play/weights.ts';

const at = (name: keyof typeof WEIGHTS): number => TERMS.find((term) => term.name === name)!.at;
const original = Int32Array.from(PARAMS);

afterEach(() => original.forEach((value, index) => setParam(index, value)));

describe('evaluation weights', () => {
  it('lays the terms of weights.ts end to end, in order', () => {
    let next = 0;
    for (const { name, at: start, length } of TERMS) {
      expect(start, name).toBe(next);
      expect(Array.from(PARAMS.subarray(start, start + length)), name).toEqual(WEIGHTS[name]);
      next += length;
    }
    expect(next).toBe(PARAMS.length);
  });

  it('moves a piece-square value for white and for black on the mirrored square', () => {
    // A knight on f3 (white) and on f6 (black, mirrored): both read the same table entry.
    const white = parseFen('4k3/p7/8/8/8/5N2/P7/4K3 w - - 0 1');
    const black = parseFen('4k3/p7/5n2/8/8/8/P7/4K3 b - - 0 1');
    const before = [evaluate(white), evaluate(black)];
    expect(before[0]).toBe(before[1]);
    const f3 = 5 * 8 + 5; // a8 = 0, so f3 is on the table's sixth row
    setParam(at('knightSquaresEg') + f3, PARAMS[at('knightSquaresEg') + f3] + 240);
    // Kings, pawns and a knight: the phase is 1 of 24, so the endgame value counts 23/24.
    expect(evaluate(white) - before[0]).toBe(230);
    expect(evaluate(black) - before[1]).toBe(230);
  });

  it('shows a changed pawn-structure weight at once, although the structure is cached', () => {
    const pos = parseFen('4k3/8/8/8/8/8/P7/4K3 w - - 0 1'); // one isolated (and passed) pawn
    const before = evaluate(pos);
    expect(evaluate(pos)).toBe(before); // now cached
    setParam(at('isolatedPawnEg'), PARAMS[at('isolatedPawnEg')] - 240);
    expect(evaluate(pos)).toBeLessThan(before - 100);
  });

  it('reads scalar terms from the array', () => {
    const pos = parseFen('4k3/8/8/8/8/8/8/4K3 w - - 0 1');
    const before = evaluate(pos);
    setParam(at('tempo'), PARAMS[at('tempo')] + 7);
    expect(evaluate(pos)).toBe(before + 7);
  });
});
