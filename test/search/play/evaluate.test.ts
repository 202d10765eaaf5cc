// The static evaluation: symmetric between the colours, and each term pointing the right way.
// Values are compared, not pinned, so that tuning the weights does not break these tests.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STARTING_FEN, parseFen } from '../../../src/chess/fen.ts';
import { generateLegal } from '../../../src/chess/movegen.ts';
import { PARAMS, TERMS, setParam } from '../../../src/search/play/evalParams.ts';
import { BASE_EVALUATION_SPREAD, baseEvaluate, evaluate } from '../../../src/search/play/evaluate.ts';
import { pawnGuards, scanPawns } from '../../../src/search/play/pawnStructure.ts';
import type { WEIGHTS } from '../../../src/search/play/weights.ts';

const evalOf = (fen: string): number => evaluate(parseFen(fen));

/** How much evaluate(fen) moves when the weight `name`[index] grows by 240. Threat weights are
 *  penalties for the threatened side, so growing one helps that side. */
function effectOf(fen: string, name: keyof typeof WEIGHTS, index = 0): number {
  const at = TERMS.find((term) => term.name === name)!.at + index;
  const before = evalOf(fen);
  const value = PARAMS[at];
  setParam(at, value + 240);
  try {
    return evalOf(fen) - before;
  } finally {
    setParam(at, value);
  }
}

/** The same position with the colours swapped and the board turned upside down. */
function mirror(fen: string): string {
  const [board, turn, castling, ep, ...rest] = fen.split(' ');
  const swapCase = (text: string) => [...text].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
  const flippedBoard = board.split('/').reverse().map(swapCase).join('/');
  const flippedCastling = castling === '-' ? '-' : [...swapCase(castling)].sort((a, b) => (a < b ? -1 : 1)).join('');
  const flippedEp = ep === '-' ? '-' : `${ep[0]}${ep[1] === '3' ? '6' : '3'}`;
  return [flippedBoard, turn === 'w' ? 'b' : 'w', flippedCastling, flippedEp, ...rest].join(' ');
}

const WAC = readFileSync(new URL('../../data/wac.epd', import.meta.url), 'utf8')
  .trim().split('\n').filter((line) => !line.startsWith('#')).map((line) => `${line.split(' ').slice(0, 4).join(' ')} 0 1`);

describe('evaluate', () => {
  it('scores a position and its colour-flipped mirror alike (from the side to move)', () => {
    expect(WAC.length).toBeGreaterThan(20);
    for (const fen of [STARTING_FEN, ...WAC]) expect(evalOf(mirror(fen)), fen).toBe(evalOf(fen));
  });

  it('gives the starting position only the move', () => {
    expect(Math.abs(evalOf(STARTING_FEN))).toBeLessThanOrEqual(20);
  });

  it('counts material', () => {
    expect(evalOf('4k3/8/8/8/8/8/8/3QK3 w - - 0 1')).toBeGreaterThan(800);
    expect(evalOf('4k3/8/8/8/8/8/8/3QK3 b - - 0 1')).toBeLessThan(-800);
  });

  it('values a passed pawn more the further it has come', () => {
    const on = (rank: number) => evalOf(`4k3/8/8/8/8/8/8/4K3 w - - 0 1`.replace('8/8/8/8/8/8', [...Array(6)].map((_, i) => (6 - i === rank - 1 ? '1P6' : '8')).join('/')));
    expect(on(6)).toBeGreaterThan(on(4));
    expect(on(4)).toBeGreaterThan(on(3));
  });

  it('values a passed pawn more with the enemy king far from its path', () => {
    expect(evalOf('8/8/1P6/8/8/8/7k/4K3 w - - 0 1')).toBeGreaterThan(evalOf('2k5/8/1P6/8/8/8/8/4K3 w - - 0 1'));
  });

  it('counts a piece attacked by a pawn against its side', () => {
    const attacked = evalOf('4k3/8/8/4p3/5N2/8/8/4K3 w - - 0 1');
    const safe = evalOf('4k3/8/8/4p3/8/5N2/8/4K3 w - - 0 1');
    expect(attacked).toBeLessThan(safe);
  });

  describe('threats', () => {
    // Rook and knight: the phase is 3 of 24, so a middlegame weight counts 3/24.
    const rookAttackedByKnight = '7k/8/8/3n4/8/4R3/8/4K3 w - - 0 1';

    it('counts a rook attacked by a knight against the rook side', () => {
      expect(effectOf(rookAttackedByKnight, 'threatByMinorMg', 0)).toBe(30);
      expect(effectOf(rookAttackedByKnight, 'threatByMinorMg', 1)).toBe(0); // that is for queens
      expect(effectOf('7k/8/8/3n4/8/3R4/8/4K3 w - - 0 1', 'threatByMinorMg', 0)).toBe(0); // d3 is out of reach
    });

    it('counts a queen attacked by a rook', () => {
      // Queen and rook: the phase is 6 of 24.
      // White's queen is threatened: black is to move, so the evaluation moves the other way.
      expect(effectOf('3rk3/8/8/8/8/8/8/3QK3 b - - 0 1', 'threatByRookMg')).toBe(-60);
    });

    it('counts a piece that is attacked and not defended as hanging', () => {
      expect(effectOf(rookAttackedByKnight, 'hangingMg')).toBe(30);
      // The pawn on f2 defends the rook; the king next to it would too.
      expect(effectOf('7k/8/8/3n4/8/4R3/5P2/4K3 w - - 0 1', 'hangingMg')).toBe(0);
      expect(effectOf('7k/8/8/3n4/8/4R3/4K3/8 w - - 0 1', 'hangingMg')).toBe(0);
    });

    it('leaves squares guarded by enemy pawns out of a piece\'s mobility', () => {
      // A knight on a1 reaches b3 and c2; the pawn on c4 guards b3. Knight alone: phase 1 of 24.
      expect(effectOf('4k3/8/8/8/2p5/8/8/N3K3 w - - 0 1', 'knightMobilityMg', 1)).toBe(10);
      expect(effectOf('4k3/8/8/8/8/8/8/N3K3 w - - 0 1', 'knightMobilityMg', 2)).toBe(10);
    });

    it('keeps the pawns\' attacked squares with the cached structure', () => {
      for (const fen of WAC) {
        const pos = parseFen(fen);
        for (let pass = 0; pass < 2; pass++) { // computed, then from the cache after other pawns
          scanPawns(parseFen(pass === 0 ? '4k3/8/8/8/8/8/8/4K3 w - - 0 1' : STARTING_FEN));
          scanPawns(pos);
          for (let sq = 0; sq < 128; sq++) {
            if ((sq & 0x88) !== 0) continue;
            for (const color of [0, 1]) {
              const forward = color === 0 ? -16 : 16; // where a pawn attacking sq stands
              const pawn = color === 0 ? 1 : 9;
              const expected = [-1, 1].some((side) => ((sq + forward + side) & 0x88) === 0 && pos.board[sq + forward + side] === pawn);
              expect(pawnGuards(color, sq), `${fen} ${sq} ${color}`).toBe(expected);
            }
          }
        }
      }
    });
  });

  describe('king safety', () => {
    it('judges a king that may still castle by the better of its shelter and the castled one', () => {
      // The e-file is open in front of the king; g1 would be behind f2, g2, h2.
      const kingside = 'r3k2r/pppp1ppp/8/8/8/8/PPPP1PPP/R3K2R w';
      expect(evalOf(`${kingside} Kkq - 0 1`)).toBeGreaterThan(evalOf(`${kingside} kq - 0 1`));
    });

    // Black's king on g8 behind f7, g7, h7; white's queen on h5 reaches two squares next to it.
    it('adds a safe knight check to the danger of an attack', () => {
      // The knight on c6 can check from e7, which nothing of black's guards.
      expect(effectOf('6k1/5ppp/2N5/7Q/8/8/8/6K1 w - - 0 1', 'safeCheckUnits', 0)).toBeGreaterThan(0);
    });

    it('does not count a check on a square the enemy guards', () => {
      // The bishop on d8 guards e7; the pawn on g7 guards f6, the knight's check square from e4.
      expect(effectOf('3b2k1/5ppp/2N5/7Q/8/8/8/6K1 w - - 0 1', 'safeCheckUnits', 0)).toBe(0);
      expect(effectOf('6k1/5ppp/8/7Q/4N3/8/8/6K1 w - - 0 1', 'safeCheckUnits', 0)).toBe(0);
    });

    it('does not count a check through a piece', () => {
      // The rook on d1 checks from d8 along the empty eighth rank, unless the knight on f8 is in
      // the way (from g1 the g7 pawn always is).
      expect(effectOf('6k1/5ppp/8/7Q/8/8/8/3R3K w - - 0 1', 'safeCheckUnits', 2)).toBeGreaterThan(0);
      expect(effectOf('5nk1/5ppp/8/7Q/8/8/8/3R3K w - - 0 1', 'safeCheckUnits', 2)).toBe(0);
    });
  });

  describe('endgames that material overstates', () => {
    it('halves opposite-coloured bishops with pawns, not same-coloured ones', () => {
      const opposite = evalOf('8/5k2/8/2p1b3/8/1PP5/4B3/5K2 w - - 0 1'); // e5 dark, e2 light
      const same = evalOf('8/5k2/8/2p1b3/8/1PP5/5B2/5K2 w - - 0 1'); // f2 dark
      expect(opposite).toBeGreaterThan(0);
      expect(opposite).toBeLessThan(same);
    });

    it('sees the wrong rook pawn as a draw when the defending king holds the corner', () => {
      // Black's h-pawn queens on h1 (light); a dark-squared bishop cannot drive the king out.
      expect(evalOf('8/8/3b4/8/8/5k2/7p/7K w - - 0 1')).toBeGreaterThan(-100);
      expect(evalOf('8/8/8/8/8/5k2/7p/7K w - - 0 1')).toBeGreaterThan(-100);
      // The right bishop, or a king shut out of the corner, and it wins.
      expect(evalOf('8/8/4b3/8/8/5k2/7p/7K w - - 0 1')).toBeLessThan(-400);
      expect(evalOf('8/8/3b4/8/8/6k1/7p/5K2 w - - 0 1')).toBeLessThan(-400);
    });

    it('shrinks a minor piece up without pawns', () => {
      expect(evalOf('8/8/8/3k4/8/8/8/2B1K3 w - - 0 1')).toBeLessThan(150);
      expect(evalOf('8/8/8/3k4/8/8/8/2R1K3 w - - 0 1')).toBeGreaterThan(300);
    });
  });

  describe('baseEvaluate (the quiescence search\'s lazy estimate)', () => {
    /** The WAC positions and every position one legal move from them: captures and all, like the ones quiescence meets. */
    function positionsNearWac() {
      const moves = new Int32Array(256);
      return WAC.flatMap((fen) => {
        const pos = parseFen(fen);
        const after = [];
        for (let i = 0, end = generateLegal(pos, moves, 0); i < end; i++) {
          pos.make(moves[i]);
          after.push({ base: baseEvaluate(pos), full: evaluate(pos) });
          pos.unmake(moves[i]);
        }
        return [{ base: baseEvaluate(pos), full: evaluate(pos) }, ...after];
      });
    }

    // In the search's quiescence positions 0.3% stray farther (evaluate.ts); these tactical ones,
    // with a piece hanging after many of the moves, stray more: 52 of 1,642 when this was written.
    it('stays within BASE_EVALUATION_SPREAD of evaluate in all but a few positions', () => {
      const scored = positionsNearWac();
      expect(scored.length).toBeGreaterThan(1000);
      const strays = scored.filter(({ base, full }) => Math.abs(full - base) > BASE_EVALUATION_SPREAD).length;
      expect(strays / scored.length).toBeLessThan(0.05);
      // Not trivially: the costly terms do move the score.
      expect(scored.filter(({ base, full }) => Math.abs(full - base) > 50).length / scored.length).toBeGreaterThan(0.1);
    });

    it('counts material and is symmetric between the colours', () => {
      expect(baseEvaluate(parseFen('4k3/8/8/8/8/8/8/3QK3 w - - 0 1'))).toBeGreaterThan(800);
      for (const fen of WAC) expect(baseEvaluate(parseFen(mirror(fen))), fen).toBe(baseEvaluate(parseFen(fen)));
    });
  });
});
