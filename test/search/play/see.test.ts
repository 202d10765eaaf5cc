// Static exchange evaluation against exchanges worked out by hand (the first two are the
// Chess Programming Wiki's examples). Each case names what the exchange on the square is.

import { describe, expect, it } from 'vitest';
import { parseFen } from '../../../src/chess/fen.ts';
import { pieceAttacks } from '../../../src/chess/attacks.ts';
import {
  FLAG_CASTLE, FLAG_EN_PASSANT, MAX_MOVES, moveCaptured, moveFlag, moveFrom, movePromotion, moveTo,
} from '../../../src/chess/move.ts';
import { generateLegal } from '../../../src/chess/movegen.ts';
import type { Position } from '../../../src/chess/position.ts';
import { type Color, KING, PAWN, makePiece } from '../../../src/chess/types.ts';
import { parseUci } from '../../../src/chess/uci.ts';
import { BENCH_POSITIONS } from '../../../src/adapters/cli/benchPositions.ts';
import { SEE_VALUE, see, seeAtLeast } from '../../../src/search/play/see.ts';
import { mulberry32 } from '../../support/random.ts';

function exchange(fen: string, uci: string): number {
  const pos = parseFen(fen);
  const before = pos.board.slice();
  const move = parseUci(pos, uci);
  if (move === null) throw new Error(`${uci} is not legal in ${fen}`);
  const value = see(pos, move);
  expect(pos.board).toEqual(before); // the lifted pieces are back
  return value;
}

describe('static exchange evaluation', () => {
  it('wins an undefended pawn', () => {
    expect(exchange('1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1', 'e1e5')).toBe(100);
  });

  it('loses a knight for a pawn when the defenders outnumber the x-rayed attackers', () => {
    expect(exchange('1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1', 'd3e5')).toBe(100 - 320);
  });

  it('counts the last recapture: a queen taking a pawn defended once loses the queen', () => {
    expect(exchange('4k3/8/3p4/4p3/8/8/8/4QK2 w - - 0 1', 'e1e5')).toBe(100 - 900);
  });

  it('takes a defended knight with a pawn and loses the pawn back', () => {
    expect(exchange('4k3/8/5p2/4n3/3P4/8/8/4K3 w - - 0 1', 'd4e5')).toBe(320 - 100);
  });

  it('sees a quiet move onto a square a pawn guards as losing the piece', () => {
    // The black pawn on e6 guards d5 and f5, not b5.
    expect(exchange('4k3/8/4p3/8/8/2N5/8/4K3 w - - 0 1', 'c3d5')).toBe(-320);
    expect(exchange('4k3/8/4p3/8/8/2N5/8/4K3 w - - 0 1', 'c3b5')).toBe(0);
  });

  it('lets the side to recapture stop when going on would cost it more', () => {
    // Rb1 offers the rook to the queen, but the queen on d1 guards b1: taking would lose the queen.
    expect(exchange('4k3/8/8/8/8/8/1q6/R2QK3 w - - 0 1', 'a1b1')).toBe(0);
  });

  it('values a promotion by what the pawn becomes', () => {
    expect(exchange('4k3/P7/8/8/8/8/8/4K3 w - - 0 1', 'a7a8q')).toBe(800);
    // The new queen is taken by the rook: the pawn is all that is lost.
    expect(exchange('r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1', 'b7b8q')).toBe(-100);
  });
});

/**
 * The exchange worked out the plain way: at each capture, scan the whole piece list for the
 * cheapest attacker (the first in piece-list order among equally cheap ones). see() must give
 * exactly this, tie-breaks included, since the search's node counts depend on it.
 */
function referenceSee(pos: Position, move: number): number {
  const board = pos.board;
  const from = moveFrom(move);
  const to = moveTo(move);
  const promotion = movePromotion(move);
  const saved = board.slice();
  const gains: number[] = [SEE_VALUE[moveCaptured(move) & 7] + (promotion ? SEE_VALUE[promotion] - SEE_VALUE[1] : 0)];
  let onSquare = promotion ? promotion : board[from] & 7;
  board[from] = 0;
  if (moveFlag(move) === FLAG_EN_PASSANT) board[pos.turn === 0 ? to - 16 : to + 16] = 0;
  for (let side = pos.turn ^ 1; ; side ^= 1) {
    let best = -1;
    for (let i = 0; i < pos.pieceCount[side]; i++) {
      const sq = pos.pieceList[(side << 4) + i];
      const piece = board[sq];
      if (piece === 0 || sq === to || !pieceAttacks(board, piece, sq, to)) continue;
      if (best < 0 || SEE_VALUE[piece & 7] < SEE_VALUE[board[best] & 7]) best = sq;
    }
    if (best < 0) break;
    gains.push(SEE_VALUE[onSquare] - gains[gains.length - 1]);
    onSquare = board[best] & 7;
    board[best] = 0;
  }
  for (let d = gains.length - 1; d > 0; d--) gains[d - 1] = -Math.max(-gains[d - 1], gains[d]);
  board.set(saved);
  return gains[0] | 0; // as an Int32Array would hold it (no -0)
}

/**
 * Calls `visit` with every legal move along random playouts of up to `plies` plies from each bench
 * position (all of them `rounds` times over), before the playout's random move is made.
 */
function forEachPlayoutMove(seed: number, plies: number, rounds: number, visit: (pos: Position, move: number, fen: string) => void): void {
  const random = mulberry32(seed);
  const moves = new Int32Array(MAX_MOVES);
  for (let round = 0; round < rounds; round++) {
    for (const { fen } of BENCH_POSITIONS) {
      const pos = parseFen(fen);
      for (let ply = 0; ply < plies; ply++) {
        const count = generateLegal(pos, moves, 0);
        if (count === 0) break;
        for (let i = 0; i < count; i++) visit(pos, moves[i], fen);
        pos.make(moves[Math.floor(random() * count)]);
      }
    }
  }
}

describe('static exchange evaluation in play', () => {
  it('agrees with the plain piece-list scan on every move of random playouts', () => {
    let compared = 0;
    forEachPlayoutMove(20261121, 40, 2, (pos, move, fen) => {
      expect(see(pos, move), `${fen} move ${move}`).toBe(referenceSee(pos, move));
      compared++;
    });
    expect(compared).toBeGreaterThan(10000);
  });

  // The search skips the exchange when this bound already keeps a move within its pruning margin.
  it('never loses more than the moving piece, less what it takes (promotions aside)', () => {
    let tight = 0;
    forEachPlayoutMove(20261122, 40, 1, (pos, move, fen) => {
      if (movePromotion(move) !== 0) return;
      const bound = SEE_VALUE[moveCaptured(move) & 7] - SEE_VALUE[pos.board[moveFrom(move)] & 7];
      const value = see(pos, move);
      expect(value, `${fen} move ${move}`).toBeGreaterThanOrEqual(bound);
      if (value === bound && (pos.board[moveFrom(move)] & 7) !== KING) tight++;
    });
    expect(tight).toBeGreaterThan(100); // the bound is reached, not merely loose
  });

  // The search skips the exchange of every king move on the strength of this.
  it('never has a legal king move lose material: nothing can take the king back', () => {
    let kingMoves = 0;
    forEachPlayoutMove(20261123, 60, 1, (pos, move, fen) => {
      if ((pos.board[moveFrom(move)] & 7) !== KING || moveFlag(move) === FLAG_CASTLE) return;
      kingMoves++;
      expect(see(pos, move), `${fen} move ${move}`).toBe(SEE_VALUE[moveCaptured(move) & 7]);
    });
    expect(kingMoves).toBeGreaterThan(1000);
  });

  // seeAtLeast settles such moves without working the exchange out.
  it('has a move to a square an enemy pawn guards win at most what it takes, less the piece, plus a pawn', () => {
    let guarded = 0;
    forEachPlayoutMove(20261124, 60, 1, (pos, move, fen) => {
      const mover = pos.board[moveFrom(move)] & 7;
      if (mover === KING) return;
      const enemyPawn = makePiece((pos.turn ^ 1) as Color, PAWN);
      const to = moveTo(move);
      const pawnGuards = pos.pieceList.slice((pos.turn ^ 1) << 4, ((pos.turn ^ 1) << 4) + pos.pieceCount[pos.turn ^ 1])
        .some((sq) => pos.board[sq] === enemyPawn && pieceAttacks(pos.board, enemyPawn, sq, to));
      if (!pawnGuards) return;
      guarded++;
      const promotion = movePromotion(move);
      const taken = SEE_VALUE[moveCaptured(move) & 7] + (promotion ? SEE_VALUE[promotion] - SEE_VALUE[PAWN] : 0);
      const onSquare = SEE_VALUE[promotion || mover];
      expect(see(pos, move), `${fen} move ${move}`).toBeLessThanOrEqual(taken - onSquare + SEE_VALUE[PAWN]);
    });
    expect(guarded).toBeGreaterThan(500);
  });

  it('answers "is the exchange worth at least t?" (seeAtLeast) as see() does, bounds or not', () => {
    const thresholds = [-1000, -480, -400, -300, -240, -200, -100, -60, -10, 0, 1, 10, 100, 220, 320, 800];
    let compared = 0;
    let positive = 0;
    forEachPlayoutMove(20261125, 40, 1, (pos, move, fen) => {
      const value = see(pos, move);
      for (const threshold of thresholds) {
        const answer = seeAtLeast(pos, move, threshold);
        // Over 100,000 comparisons: expect (microseconds a call) only on a difference.
        if (answer !== value >= threshold) expect(answer, `${fen} move ${move} threshold ${threshold} (see ${value})`).toBe(value >= threshold);
        compared++;
        if (answer) positive++;
      }
    });
    expect(compared).toBeGreaterThan(100_000);
    expect(positive).toBeGreaterThan(compared / 4);
    expect(positive).toBeLessThan(compared * 3 / 4);
  });
});
