// SAN: printing (castling, promotions, disambiguation by file / rank / both, +/# suffixes, en
// passant) and the forgiving parser (0-0, e8Q, e8=q, annotations), which must still return 0 for
// ambiguous or illegal text.

import { describe, expect, it } from 'vitest';
import { STARTING_FEN, makeFen, parseFen } from '../../src/chess/fen.ts';
import { FLAG_CASTLE, FLAG_EN_PASSANT, moveFlag, movePromotion } from '../../src/chess/move.ts';
import type { Position } from '../../src/chess/position.ts';
import { makeSan, makeSanLine, parseSan } from '../../src/chess/san.ts';
import { BISHOP, KNIGHT, QUEEN, ROOK } from '../../src/chess/types.ts';
import { makeUci } from '../../src/chess/uci.ts';
import { legalMoves, uci } from '../support/moves.ts';
import { hashToHex } from '../../src/chess/zobrist.ts';



/** The SAN of the move written `text` in UCI. */
const san = (pos: Position, text: string): string => makeSan(pos, uci(pos, text));

/** parseSan(text) must be the move written `expected` in UCI. */
function expectParsed(pos: Position, text: string, expected: string): void {
  const move = parseSan(pos, text);
  expect(move, `parseSan(${JSON.stringify(text)})`).not.toBe(0);
  expect(makeUci(pos, move), `parseSan(${JSON.stringify(text)})`).toBe(expected);
}

describe('makeSan', () => {
  it('writes castling as O-O and O-O-O, also in Chess960 and with check', () => {
    const pos = parseFen('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    expect(san(pos, 'e1g1')).toBe('O-O');
    expect(san(pos, 'e1c1')).toBe('O-O-O');
    const black = parseFen('r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1');
    expect(san(black, 'e8g8')).toBe('O-O');
    expect(san(black, 'e8c8')).toBe('O-O-O');
    const chess960 = parseFen('1r2k3/8/8/8/8/8/8/1R2K2R w HB - 0 1');
    expect(san(chess960, 'e1b1')).toBe('O-O-O');
    expect(san(chess960, 'e1h1')).toBe('O-O');
    const swap = parseFen('4k3/8/8/8/8/8/8/5KR1 w G - 0 1');
    expect(san(swap, 'f1g1')).toBe('O-O');
    expect(san(parseFen('5k2/8/8/8/8/8/8/4K2R w K - 0 1'), 'e1g1')).toBe('O-O+');
  });

  it('writes promotions with "=" and the piece, with check and mate suffixes', () => {
    const pos = parseFen('k7/2P5/1K6/8/8/8/8/8 w - - 0 1');
    expect(san(pos, 'c7c8q')).toBe('c8=Q#');
    expect(san(pos, 'c7c8r')).toBe('c8=R#');
    expect(san(pos, 'c7c8b')).toBe('c8=B');
    expect(san(pos, 'c7c8n')).toBe('c8=N');
  });

  it('writes capturing promotions and underpromotions', () => {
    const pos = parseFen('1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1');
    expect(san(pos, 'a7b8q')).toBe('axb8=Q+');
    expect(san(pos, 'a7b8r')).toBe('axb8=R+');
    expect(san(pos, 'a7b8b')).toBe('axb8=B');
    expect(san(pos, 'a7b8n')).toBe('axb8=N');
    expect(san(pos, 'a7a8q')).toBe('a8=Q');
    const black = parseFen('4k3/8/8/8/8/8/6p1/4K2R b K - 0 1');
    expect(san(black, 'g2h1q')).toBe('gxh1=Q+');
    expect(san(black, 'g2g1n')).toBe('g1=N');
  });

  it('disambiguates by file when the file suffices', () => {
    const pos = parseFen('4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1');
    expect(san(pos, 'b1d2')).toBe('Nbd2');
    expect(san(pos, 'f3d2')).toBe('Nfd2');
    expect(san(pos, 'f3e5')).toBe('Ne5');
  });

  it('disambiguates by rank when the pieces share a file', () => {
    const pos = parseFen('4k3/8/8/R7/8/8/8/R3K3 w - - 0 1');
    expect(san(pos, 'a1a3')).toBe('R1a3');
    expect(san(pos, 'a5a3')).toBe('R5a3');
    expect(san(pos, 'a1b1')).toBe('Rb1');
    const knights = parseFen('4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1');
    expect(san(knights, 'g1f3')).toBe('N1f3');
    expect(san(knights, 'g5f3')).toBe('N5f3');
  });

  it('disambiguates by file and rank when neither alone suffices (three queens)', () => {
    const pos = parseFen('4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1');
    expect(san(pos, 'a1c3')).toBe('Qa1c3');
    expect(san(pos, 'a3c3')).toBe('Q3c3');
    expect(san(pos, 'c1c3')).toBe('Qcc3');
    // b2 is reached by all three: a3 shares the a-file and c1 the 1st rank with a1.
    expect(san(pos, 'a1b2')).toBe('Qa1b2');
  });

  it('does not disambiguate against a pinned piece that cannot make the move', () => {
    const pos = parseFen('4k3/8/8/3b4/8/5N2/8/1N5K w - - 0 1');
    expect(san(pos, 'b1d2')).toBe('Nd2');
  });

  it('writes + for check, including discovered check, and # for mate', () => {
    expect(san(parseFen('4k3/8/8/8/8/8/8/R3K3 w - - 0 1'), 'a1a8')).toBe('Ra8+');
    expect(san(parseFen('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1'), 'a1a8')).toBe('Ra8#');
    expect(san(parseFen('4k3/8/8/8/4B3/8/8/4RK2 w - - 0 1'), 'e4d5')).toBe('Bd5+');
    expect(san(parseFen('4k3/8/8/8/8/8/8/4K3 w - - 0 1'), 'e1e2')).toBe('Ke2');
  });

  it('writes en passant as a pawn capture (exd6)', () => {
    const pos = parseFen('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1');
    const move = uci(pos, 'e5d6');
    expect(moveFlag(move)).toBe(FLAG_EN_PASSANT);
    expect(makeSan(pos, move)).toBe('exd6');
    expect(san(parseFen('rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 3'), 'e4d3')).toBe('exd3');
  });

  it('leaves the position unchanged', () => {
    const pos = parseFen('k7/2P5/1K6/8/8/8/8/8 w - - 0 1');
    const before = makeFen(pos);
    const hash = hashToHex(pos.hashHi, pos.hashLo);
    for (const move of legalMoves(pos)) makeSan(pos, move);
    expect(makeFen(pos)).toBe(before);
    expect(hashToHex(pos.hashHi, pos.hashLo)).toBe(hash);
  });
});

describe('makeSanLine', () => {
  it("prints a game line (Scholar's mate) and leaves the position as it was", () => {
    const pos = parseFen(STARTING_FEN);
    const texts = ['e2e4', 'e7e5', 'd1h5', 'b8c6', 'f1c4', 'g8f6', 'h5f7'];
    const moves: number[] = [];
    const scratch = parseFen(STARTING_FEN);
    for (const text of texts) {
      const move = uci(scratch, text);
      moves.push(move);
      scratch.make(move);
    }
    expect(makeSanLine(pos, moves)).toEqual(['e4', 'e5', 'Qh5', 'Nc6', 'Bc4', 'Nf6', 'Qxf7#']);
    expect(makeFen(pos)).toBe(STARTING_FEN);
    expect(hashToHex(pos.hashHi, pos.hashLo)).toBe('463b96181691fc9c');
  });
});

describe('parseSan', () => {
  it('reads every SAN that makeSan writes, back to the same move', () => {
    for (const fen of [
      'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
      'r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1',
      '4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1',
      'rk4r1/8/8/8/8/8/8/RK4R1 w GAga - 0 1',
    ]) {
      const pos = parseFen(fen);
      for (const move of legalMoves(pos)) expect(parseSan(pos, makeSan(pos, move))).toBe(move);
    }
  });

  it('accepts 0-0 and 0-0-0 for castling, and castling with suffixes', () => {
    const pos = parseFen('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    expectParsed(pos, 'O-O', 'e1g1');
    expectParsed(pos, '0-0', 'e1g1');
    expectParsed(pos, 'O-O-O', 'e1c1');
    expectParsed(pos, '0-0-0', 'e1c1');
    expectParsed(pos, 'O-O+', 'e1g1');
    expectParsed(pos, '0-0-0!', 'e1c1');
  });

  it('accepts promotions without "=", with a lower-case piece, and with suffixes', () => {
    const pos = parseFen('k7/4P3/8/8/8/8/8/4K3 w - - 0 1');
    for (const text of ['e8=Q', 'e8Q', 'e8=q', 'e8q', 'e8=Q+', 'e8Q+!?']) {
      const move = parseSan(pos, text);
      expect(movePromotion(move), text).toBe(QUEEN);
    }
    expect(movePromotion(parseSan(pos, 'e8=R'))).toBe(ROOK);
    expect(movePromotion(parseSan(pos, 'e8b'))).toBe(BISHOP);
    expect(movePromotion(parseSan(pos, 'e8N'))).toBe(KNIGHT);
  });

  it('rejects a promotion without a piece, or to a king or pawn', () => {
    const pos = parseFen('k7/4P3/8/8/8/8/8/4K3 w - - 0 1');
    expect(parseSan(pos, 'e8')).toBe(0);
    expect(parseSan(pos, 'e8=K')).toBe(0);
    expect(parseSan(pos, 'e8=P')).toBe(0);
  });

  it('ignores trailing +, #, ! and ?', () => {
    const pos = parseFen(STARTING_FEN);
    for (const text of ['Nf3', 'Nf3+', 'Nf3#', 'Nf3!', 'Nf3?', 'Nf3!?', 'Nf3?!', 'Nf3!!', 'Nf3+!?']) {
      expectParsed(pos, text, 'g1f3');
    }
  });

  it('accepts over-specified disambiguation', () => {
    const pos = parseFen(STARTING_FEN);
    expectParsed(pos, 'Ngf3', 'g1f3');
    expectParsed(pos, 'N1f3', 'g1f3');
    expectParsed(pos, 'Ng1f3', 'g1f3');
  });

  it('reads disambiguated moves by file, rank and square', () => {
    expectParsed(parseFen('4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1'), 'Nbd2', 'b1d2');
    expectParsed(parseFen('4k3/8/8/R7/8/8/8/R3K3 w - - 0 1'), 'R5a3', 'a5a3');
    const queens = parseFen('4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1');
    expectParsed(queens, 'Qa1c3', 'a1c3');
    expectParsed(queens, 'Q3c3', 'a3c3');
    expectParsed(queens, 'Qcc3', 'c1c3');
  });

  it('returns 0 for ambiguous SAN', () => {
    expect(parseSan(parseFen('4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1'), 'Nd2')).toBe(0);
    expect(parseSan(parseFen('4k3/8/8/R7/8/8/8/R3K3 w - - 0 1'), 'Ra3')).toBe(0);
    expect(parseSan(parseFen('4k3/8/8/R7/8/8/8/R3K3 w - - 0 1'), 'Raa3')).toBe(0);
    const queens = parseFen('4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1');
    expect(parseSan(queens, 'Qc3')).toBe(0);
    expect(parseSan(queens, 'Qac3')).toBe(0); // a1 and a3
    expect(parseSan(queens, 'Q1c3')).toBe(0); // a1 and c1
  });

  it('is not ambiguous when the other piece is pinned', () => {
    expectParsed(parseFen('4k3/8/8/3b4/8/5N2/8/1N5K w - - 0 1'), 'Nd2', 'b1d2');
  });

  it('reads en passant as exd6', () => {
    const pos = parseFen('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1');
    const move = parseSan(pos, 'exd6');
    expect(moveFlag(move)).toBe(FLAG_EN_PASSANT);
  });

  it('reads castling in Chess960', () => {
    const pos = parseFen('4k3/8/8/8/8/8/8/RK4R1 w GA - 0 1');
    const short = parseSan(pos, 'O-O');
    expect(moveFlag(short)).toBe(FLAG_CASTLE);
    expect(makeUci(pos, short)).toBe('b1g1');
    expect(makeUci(pos, parseSan(pos, 'O-O-O'))).toBe('b1a1');
  });

  it('returns 0 for illegal moves and for text that is not SAN', () => {
    const pos = parseFen(STARTING_FEN);
    for (const text of ['Nf6', 'e5', 'e6', 'Ke2', 'O-O', 'O-O-O', 'Bc4', 'Qh5', 'xyz', '', 'e9', 'Nf3 Nf6', 'P', '--']) {
      expect(parseSan(pos, text), text).toBe(0);
    }
  });

  it('does not read a pawn push as a capture from another file (e4 is not dxe4)', () => {
    // SAN names a pawn capture by its file of departure; "e4" is a move of the e-pawn.
    const pos = parseFen('4k3/8/8/8/4p3/3P4/8/4K3 w - - 0 1');
    expectParsed(pos, 'dxe4', 'd3e4');
    expect(parseSan(pos, 'e4')).toBe(0);
    // The same for en passant: "d6" is not exd6.
    expect(parseSan(parseFen('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1'), 'd6')).toBe(0);
  });
});
