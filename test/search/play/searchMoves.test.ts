// UCI "go searchmoves": the engine searches only the listed root moves.
import { describe, expect, it } from 'vitest';
import { STARTING_FEN, parseFen } from '../../../src/chess/fen.ts';
import { Engine, type SearchLimits } from '../../../src/search/play/index.ts';

/** White mates at once with Ra8#; everything else is an ordinary rook ending. */
const BACK_RANK = '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1';

function search(fen: string, limits: SearchLimits) {
  return new Engine(1).search(parseFen(fen), limits, { now: () => performance.now() });
}

describe('searchmoves', () => {
  it('finds the mate when it may, and keeps to the list when the mate is not on it', () => {
    expect(search(BACK_RANK, { depth: 4 })).toMatchObject({ bestMove: 'a1a8', score: { mate: 1 } });
    const kept = search(BACK_RANK, { depth: 4, searchMoves: ['g1f1', 'h2h3'] });
    expect(['g1f1', 'h2h3']).toContain(kept.bestMove);
    expect(kept.pv[0]).toBe(kept.bestMove);
    expect(kept.score).toHaveProperty('cp');
  });

  it('searches a single listed move to the depth asked (no clock: no instant reply)', () => {
    const result = search(STARTING_FEN, { depth: 5, searchMoves: ['b1a3'] });
    expect(result.bestMove).toBe('b1a3');
    expect(result.depth).toBe(5);
  });

  it('answers at once with a single listed move on the clock', () => {
    const result = search(STARTING_FEN, { clock: { timeMs: 60_000, incrementMs: 0 }, searchMoves: ['g2g4'] });
    expect(result).toMatchObject({ bestMove: 'g2g4', depth: 0, nodes: 0 });
  });

  it('leaves out moves that are not legal, and searches every move when none is', () => {
    expect(search(BACK_RANK, { depth: 3, searchMoves: ['a1a9', 'e2e4', 'h2h4'] }).bestMove).toBe('h2h4');
    expect(search(BACK_RANK, { depth: 3, searchMoves: ['e2e4'] }).bestMove).toBe('a1a8');
  });

  it('does not carry the list over to the next search', () => {
    const engine = new Engine(1);
    const hooks = { now: () => performance.now() };
    expect(engine.search(parseFen(BACK_RANK), { depth: 3, searchMoves: ['h2h3'] }, hooks).bestMove).toBe('h2h3');
    expect(engine.search(parseFen(BACK_RANK), { depth: 3 }, hooks).bestMove).toBe('a1a8');
  });
});
