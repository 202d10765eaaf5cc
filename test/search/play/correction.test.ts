// A correction history (the search keeps one by pawn structure, one by the move just played): it
// learns the evaluation's error by its key, within its bounds, only in the direction a search's
// bound vouches for, and forgets it all on clear(). Each update is given the evaluation as
// corrected by every table, as the search gives it; alone, that is the raw one plus this table's.
import { describe, expect, it } from 'vitest';
import { CORRECTION_MAX_CP, CorrectionHistory } from '../../../src/search/play/correction.ts';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER } from '../../../src/search/play/tt.ts';

const WHITE = 0;
const BLACK = 1;
const PAWNS = 0x5a3c1234;
const DEEP = 15;

/** The evaluation `rawEval` of `side` to move with `key`, as this one table corrects it. */
const corrected = (history: CorrectionHistory, rawEval: number, side = WHITE, key = PAWNS): number =>
  rawEval + history.correction(side, key);

/** `times` exact updates of `history` for white with PAWNS, the search finding `error` more than the raw evaluation. */
function learn(history: CorrectionHistory, error: number, times: number, depth = DEEP, rawEval = 40): void {
  for (let i = 0; i < times; i++) history.update(WHITE, PAWNS, depth, rawEval + error, corrected(history, rawEval), BOUND_EXACT);
}

describe('the pawn correction history', () => {
  it('starts at zero and moves towards the error the search finds, step by step', () => {
    const history = new CorrectionHistory();
    expect(history.correction(WHITE, PAWNS)).toBe(0);
    const seen: number[] = [];
    for (let i = 0; i < 8; i++) {
      learn(history, 20, 4);
      seen.push(history.correction(WHITE, PAWNS));
    }
    // A running average: up at each step, never past the error, and close to it in the end.
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]);
    expect(seen[0]).toBeGreaterThan(0);
    expect(seen[0]).toBeLessThan(20);
    learn(history, 20, 200);
    expect(history.correction(WHITE, PAWNS)).toBeGreaterThanOrEqual(19);
    expect(history.correction(WHITE, PAWNS)).toBeLessThanOrEqual(20);
    // And back down when the evaluation turns out too high instead.
    learn(history, -10, 200);
    expect(history.correction(WHITE, PAWNS)).toBeLessThanOrEqual(-9);
    expect(history.correction(WHITE, PAWNS)).toBeGreaterThanOrEqual(-10);
  });

  it('weighs a deeper search more', () => {
    const shallow = new CorrectionHistory();
    const deep = new CorrectionHistory();
    learn(shallow, 200, 1, 1);
    learn(deep, 200, 1, DEEP);
    expect(deep.correction(WHITE, PAWNS)).toBeGreaterThan(shallow.correction(WHITE, PAWNS));
  });

  it('never corrects by more than its limit, either way', () => {
    const history = new CorrectionHistory();
    learn(history, 5000, 100);
    expect(history.correction(WHITE, PAWNS)).toBe(CORRECTION_MAX_CP);
    learn(history, -5000, 100);
    expect(history.correction(WHITE, PAWNS)).toBe(-CORRECTION_MAX_CP);
  });

  it('keeps each side to move and each pawn structure apart', () => {
    const history = new CorrectionHistory();
    learn(history, 30, 100);
    expect(history.correction(WHITE, PAWNS)).toBeGreaterThan(20);
    expect(history.correction(BLACK, PAWNS)).toBe(0);
    expect(history.correction(WHITE, PAWNS ^ 1)).toBe(0);
    // Pawn hashes are signed 32-bit halves: a negative one is a key like any other.
    history.update(BLACK, -PAWNS, DEEP, 100, corrected(history, 0, BLACK, -PAWNS), BOUND_EXACT);
    expect(history.correction(BLACK, -PAWNS)).toBeGreaterThan(0);
    expect(history.correction(WHITE, PAWNS)).toBeGreaterThan(20);
  });

  it('learns from a bound only in the direction the bound vouches for', () => {
    const history = new CorrectionHistory();
    // A fail-low's score is a ceiling: it can show the evaluation too high, never too low.
    history.update(WHITE, PAWNS, DEEP, 300, corrected(history, 0), BOUND_UPPER);
    expect(history.correction(WHITE, PAWNS)).toBe(0);
    history.update(WHITE, PAWNS, DEEP, -300, corrected(history, 0), BOUND_UPPER);
    const lowered = history.correction(WHITE, PAWNS);
    expect(lowered).toBeLessThan(0);
    // A fail-high's score is a floor: it can show the evaluation too low, never too high. The
    // evaluation it is weighed against is the corrected one (raw 0 + lowered): a floor at it
    // says nothing either.
    history.update(WHITE, PAWNS, DEEP, -300, corrected(history, 0), BOUND_LOWER);
    expect(history.correction(WHITE, PAWNS)).toBe(lowered);
    history.update(WHITE, PAWNS, DEEP, lowered, corrected(history, 0), BOUND_LOWER);
    expect(history.correction(WHITE, PAWNS)).toBe(lowered);
    history.update(WHITE, PAWNS, DEEP, 300, corrected(history, 0), BOUND_LOWER);
    expect(history.correction(WHITE, PAWNS)).toBeGreaterThan(lowered);
  });

  it('a fail-low between the raw and the corrected evaluation does not raise the correction', () => {
    const history = new CorrectionHistory();
    learn(history, -30, 200, DEEP, 0);
    const before = history.correction(WHITE, PAWNS);
    expect(before).toBeLessThan(-20);
    // -10 is below the raw evaluation 0 but above the corrected one: a ceiling there says nothing.
    history.update(WHITE, PAWNS, DEEP, -10, corrected(history, 0), BOUND_UPPER);
    expect(history.correction(WHITE, PAWNS)).toBe(before);
  });

  it('with two tables, each learns what the other leaves of the error', () => {
    // As the search keeps them: both corrections are added, and both learn from the sum.
    const byPawns = new CorrectionHistory();
    const byMove = new CorrectionHistory(10);
    const MOVE = 0x2a5;
    const both = (rawEval: number): number => rawEval + byPawns.correction(WHITE, PAWNS) + byMove.correction(WHITE, MOVE);
    for (let i = 0; i < 400; i++) {
      const evaluation = both(40);
      byPawns.update(WHITE, PAWNS, DEEP, 60, evaluation, BOUND_EXACT);
      byMove.update(WHITE, MOVE, DEEP, 60, evaluation, BOUND_EXACT);
    }
    expect(byPawns.correction(WHITE, PAWNS)).toBeGreaterThan(0);
    expect(byMove.correction(WHITE, MOVE)).toBeGreaterThan(0);
    // Together they make up the error once, not once each.
    expect(both(40)).toBeGreaterThanOrEqual(58);
    expect(both(40)).toBeLessThanOrEqual(60);
    // A table keyed by 10 bits keeps keys apart by those bits only.
    expect(byMove.correction(WHITE, MOVE + (1 << 10))).toBe(byMove.correction(WHITE, MOVE));
    expect(byMove.correction(WHITE, MOVE ^ 1)).toBe(0);
  });

  it('forgets everything on clear()', () => {
    const history = new CorrectionHistory();
    learn(history, 25, 100);
    history.update(BLACK, 77, DEEP, -200, corrected(history, 0, BLACK, 77), BOUND_EXACT);
    history.clear();
    expect(history.correction(WHITE, PAWNS)).toBe(0);
    expect(history.correction(BLACK, 77)).toBe(0);
  });
});
