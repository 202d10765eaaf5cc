// UCI move notation: both castling forms in and the right one out, promotions, and NO_MOVE (0)
// for every text that names no legal move (malformed, wrong side, pinned pieces, castling through
// or out of check).

import { describe, expect, it } from 'vitest';
import { makeFen, parseFen } from '../../src/chess/fen.ts';
import {
  FLAG_CASTLE, FLAG_EN_PASSANT, FLAG_PROMOTION, isCapture, moveFlag, movePromotion,
} from '../../src/chess/move.ts';
import { makeUci, parseUci } from '../../src/chess/uci.ts';
import { legalMoves, uci } from '../support/moves.ts';
import { BISHOP, KNIGHT, QUEEN, ROOK } from '../../src/chess/types.ts';


/** parseUci must find a legal move for `text`. */

const STANDARD_CASTLING = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';

describe('castling in standard chess', () => {
  it('accepts e1g1 and e1h1 as the same white O-O, and prints e1g1', () => {
    const pos = parseFen(STANDARD_CASTLING);
    const move = uci(pos, 'e1g1');
    expect(moveFlag(move)).toBe(FLAG_CASTLE);
    expect(parseUci(pos, 'e1h1')).toBe(move);
    expect(makeUci(pos, move)).toBe('e1g1');
    expect(makeUci(pos, move, true)).toBe('e1h1');
  });

  it('accepts e1c1 and e1a1 as the same white O-O-O, and prints e1c1', () => {
    const pos = parseFen(STANDARD_CASTLING);
    const move = uci(pos, 'e1c1');
    expect(moveFlag(move)).toBe(FLAG_CASTLE);
    expect(parseUci(pos, 'e1a1')).toBe(move);
    expect(makeUci(pos, move)).toBe('e1c1');
    expect(makeUci(pos, move, true)).toBe('e1a1');
  });

  it('does the same for black', () => {
    const pos = parseFen(STANDARD_CASTLING.replace(' w ', ' b '));
    const short = uci(pos, 'e8g8');
    const long = uci(pos, 'e8c8');
    expect(parseUci(pos, 'e8h8')).toBe(short);
    expect(parseUci(pos, 'e8a8')).toBe(long);
    expect(makeUci(pos, short)).toBe('e8g8');
    expect(makeUci(pos, long)).toBe('e8c8');
  });

  it('plays the castling move it parsed', () => {
    const pos = parseFen(STANDARD_CASTLING);
    pos.make(uci(pos, 'e1h1'));
    expect(makeFen(pos)).toBe('r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1');
  });
});

describe('castling in Chess960', () => {
  it('prints king-takes-rook and accepts the king-destination form too', () => {
    const pos = parseFen('1r2k3/8/8/8/8/8/8/1R2K2R w HB - 0 1');
    expect(pos.chess960).toBe(true);
    const long = uci(pos, 'e1b1');
    expect(moveFlag(long)).toBe(FLAG_CASTLE);
    expect(parseUci(pos, 'e1c1')).toBe(long);
    expect(makeUci(pos, long)).toBe('e1b1');
    expect(makeUci(pos, long, false)).toBe('e1c1');
    const short = uci(pos, 'e1h1');
    expect(parseUci(pos, 'e1g1')).toBe(short);
    expect(makeUci(pos, short)).toBe('e1h1');
  });

  it('king takes rook when the king lands on the rook square', () => {
    const pos = parseFen('4k3/8/8/8/8/8/8/5KR1 w G - 0 1');
    const move = uci(pos, 'f1g1');
    expect(moveFlag(move)).toBe(FLAG_CASTLE);
    expect(makeUci(pos, move)).toBe('f1g1');
  });

  it('keeps a plain king step apart from castling when both could be written b1c1', () => {
    // King b1, rook a1: O-O-O puts the king on c1, and so does the king step b1-c1.
    const pos = parseFen('4k3/8/8/8/8/8/8/RK6 w A - 0 1');
    const castle = uci(pos, 'b1a1');
    expect(moveFlag(castle)).toBe(FLAG_CASTLE);
    const step = uci(pos, 'b1c1');
    expect(moveFlag(step)).not.toBe(FLAG_CASTLE);
    expect(makeUci(pos, castle)).toBe('b1a1');
  });
});

describe('promotions', () => {
  it('parses each promotion piece and prints it in lower case', () => {
    const pos = parseFen('4k3/1P6/8/8/8/8/8/4K3 w - - 0 1');
    const kinds: Record<string, number> = { q: QUEEN, r: ROOK, b: BISHOP, n: KNIGHT };
    for (const [letter, kind] of Object.entries(kinds)) {
      const move = uci(pos, `b7b8${letter}`);
      expect(moveFlag(move)).toBe(FLAG_PROMOTION);
      expect(movePromotion(move)).toBe(kind);
      expect(makeUci(pos, move)).toBe(`b7b8${letter}`);
    }
  });

  it('parses capturing promotions, and black promotions', () => {
    const white = parseFen('r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1');
    const capture = uci(white, 'b7a8n');
    expect(isCapture(capture)).toBe(true);
    expect(movePromotion(capture)).toBe(KNIGHT);
    const black = parseFen('4k3/8/8/8/8/8/6p1/4K2R b K - 0 1');
    expect(movePromotion(uci(black, 'g2h1r'))).toBe(ROOK);
    expect(movePromotion(uci(black, 'g2g1q'))).toBe(QUEEN);
  });

  it('rejects a promotion without its piece, with a king, or on a non-promoting move', () => {
    const pos = parseFen('4k3/1P6/8/8/8/8/4P3/4K3 w - - 0 1');
    expect(parseUci(pos, 'b7b8')).toBe(0);
    expect(parseUci(pos, 'b7b8k')).toBe(0);
    expect(parseUci(pos, 'b7b8p')).toBe(0);
    expect(parseUci(pos, 'e2e4q')).toBe(0);
  });
});

describe('illegal or malformed UCI returns 0', () => {
  it('for text that is not a move', () => {
    const pos = parseFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    for (const text of ['', 'e2', 'e2e', 'e2e9', 'i2i4', 'e2-e4', 'E2E4', 'e2e4 x', '0000', 'e2e2']) {
      expect(parseUci(pos, text), text).toBe(0);
    }
  });

  it('for impossible moves and moves of the side not to move', () => {
    const pos = parseFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    expect(parseUci(pos, 'e2e5')).toBe(0);
    expect(parseUci(pos, 'e7e5')).toBe(0);
    expect(parseUci(pos, 'g1g3')).toBe(0);
    expect(parseUci(pos, 'e1g1')).toBe(0);
    expect(uci(pos, 'e2e4')).not.toBe(0);
  });

  it("for a pinned piece's move", () => {
    const pos = parseFen('4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1');
    for (const text of ['e2c3', 'e2g3', 'e2c1', 'e2g1', 'e2d4', 'e2f4']) expect(parseUci(pos, text), text).toBe(0);
    const bishop = parseFen('4k3/8/8/b7/8/8/3B4/4K3 w - - 0 1');
    expect(parseUci(bishop, 'd2e3')).toBe(0);
    expect(uci(bishop, 'd2c3')).not.toBe(0);
    expect(uci(bishop, 'd2a5')).not.toBe(0);
  });

  it('for castling through check, in both forms', () => {
    const pos = parseFen('4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1');
    expect(parseUci(pos, 'e1g1')).toBe(0);
    expect(parseUci(pos, 'e1h1')).toBe(0);
    expect(moveFlag(uci(pos, 'e1c1'))).toBe(FLAG_CASTLE);
  });

  it('for castling out of check and into check', () => {
    const outOf = parseFen('4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1');
    expect(parseUci(outOf, 'e1g1')).toBe(0);
    expect(parseUci(outOf, 'e1c1')).toBe(0);
    const into = parseFen('4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1');
    expect(parseUci(into, 'e1g1')).toBe(0);
    expect(parseUci(into, 'e1h1')).toBe(0);
  });

  it('but allows O-O-O when only b1 (crossed by the rook, not the king) is attacked', () => {
    const pos = parseFen('1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1');
    expect(moveFlag(uci(pos, 'e1c1'))).toBe(FLAG_CASTLE);
  });

  it('for castling through a piece', () => {
    const pos = parseFen('r3k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1');
    expect(parseUci(pos, 'e1g1')).toBe(0);
    expect(parseUci(pos, 'e1c1')).toBe(0);
  });

  it('for an en passant capture that would expose the king, but not for a legal one', () => {
    const pinned = parseFen('4k3/8/8/KPp4r/8/8/8/8 w - c6 0 1');
    expect(parseUci(pinned, 'b5c6')).toBe(0);
    const legal = parseFen('4k3/8/8/1Pp5/8/8/8/4K3 w - c6 0 1');
    expect(moveFlag(uci(legal, 'b5c6'))).toBe(FLAG_EN_PASSANT);
  });
});

describe('makeUci and parseUci are inverse for every legal move', () => {
  const fens = [
    'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
    'r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1',
    'rk4r1/8/8/8/8/8/8/RK4R1 w GAga - 0 1',
    'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
  ];
  it.each(fens)('%s', (fen) => {
    const pos = parseFen(fen);
    for (const move of legalMoves(pos)) {
      expect(parseUci(pos, makeUci(pos, move))).toBe(move);
      expect(parseUci(pos, makeUci(pos, move, true))).toBe(move);
    }
  });
});
