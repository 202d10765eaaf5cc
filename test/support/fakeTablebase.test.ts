// The fake tablebase's own answers, held to the mate solver (an independent proof): for king and
// queen or rook against king, its DTM is the shortest mate and its best moves are the solver's
// keys; stalemates, captures of the lone piece and bare kings are draws; the shape is the spec's.

import { describe, expect, it } from 'vitest';
import { parseFen } from '../../src/chess/fen.ts';
import { MateSolver, solveMate } from '../../src/search/mate/index.ts';
import { mulberry32 } from './random.ts';
import { FakeTablebase } from './fakeTablebase.ts';


/** A FEN with the white king, the black king and a white piece on these squares (white to move), or null. */
function fenOf(wk: number, bk: number, x: number, piece: 'Q' | 'R'): string {
  const board: string[][] = Array.from({ length: 8 }, () => Array(8).fill(''));
  const place = (sq: number, p: string) => (board[7 - (sq >> 3)]![sq & 7] = p);
  place(wk, 'K');
  place(bk, 'k');
  place(x, piece);
  const rows = board.map((row) => row.map((p) => p || '1').join('').replace(/1+/g, (ones) => String(ones.length)));
  return `${rows.join('/')} w - - 0 1`;
}

describe('the fake tablebase', () => {
  it('gives the solver\'s shortest mate as DTM, and its keys as the best moves', async () => {
    const fake = await FakeTablebase.start();
    try {
      const random = mulberry32(31);
      const solver = new MateSolver();
      let checked = 0;
      while (checked < 12) {
        const [wk, bk, x] = [0, 0, 0].map(() => Math.floor(random() * 64)) as [number, number, number];
        const piece = random() < 0.5 ? 'Q' : 'R';
        if (new Set([wk, bk, x]).size < 3) continue;
        let answer;
        try {
          answer = fake.answer(fenOf(wk, bk, x, piece));
        } catch {
          continue; // not a legal position
        }
        if (answer.category !== 'win' || answer.dtm! > 9) continue;
        const fen = fenOf(wk, bk, x, piece);
        const report = solveMate(solver, { position: parseFen(fen), maxMoves: 5 });
        expect(report.mateIn, fen).toBe((answer.dtm! + 1) / 2);
        const best = answer.moves.filter((m) => m.category === 'loss' && Math.abs(m.dtm!) === answer.dtm! - 1).map((m) => m.uci);
        expect(best.sort(), fen).toEqual([...report.keys].sort());
        expect(answer.moves[0]!.uci).toMatch(new RegExp(best.join('|')));
        checked++;
      }
    } finally {
      await fake.close();
    }
  }, 60_000);

  it('answers draws where the rules say so, in the documented shape', async () => {
    const fake = await FakeTablebase.start();
    try {
      // Stalemate; the lone king takes an unguarded queen; bare kings.
      expect(fake.answer('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1')).toMatchObject({ category: 'draw', stalemate: true, moves: [] });
      const takes = fake.answer('8/8/8/8/8/8/1Q6/k6K b - - 0 1');
      expect(takes.moves.find((m) => m.uci === 'a1b2')).toMatchObject({ category: 'draw', zeroing: true, insufficient_material: true, san: 'Kxb2' });
      expect(fake.answer('8/8/8/8/8/8/8/k6K w - - 0 1')).toMatchObject({ category: 'draw', insufficient_material: true });
      const mated = fake.answer('7k/6Q1/6K1/8/8/8/8/8 b - - 0 1');
      expect(mated).toMatchObject({ category: 'loss', checkmate: true, dtz: 0, dtm: 0, moves: [] });
    } finally {
      await fake.close();
    }
  });
});
