// FEN parsing and printing: one test per validation rule of issue 2 (each asserts a FenError whose
// message names the problem and where), then the accepting side (defaults, X-FEN / Shredder-FEN,
// legal double checks, en-passant squares) and makeFen round trips.

import { describe, expect, it } from 'vitest';
import { FenError, MAX_FEN_LENGTH, STARTING_FEN, makeFen, parseFen } from '../../src/chess/fen.ts';
import type { Position } from '../../src/chess/position.ts';
import { parseUci } from '../../src/chess/uci.ts';
import { hashToHex } from '../../src/chess/zobrist.ts';

/** parseFen must throw a FenError; returns it so the message can be checked. */
function rejection(fen: string): FenError {
  let thrown: unknown;
  try {
    parseFen(fen);
  } catch (error) {
    thrown = error;
  }
  if (thrown === undefined) throw new Error(`parseFen accepted an invalid FEN: ${fen}`);
  expect(thrown).toBeInstanceOf(FenError);
  expect((thrown as Error).name).toBe('FenError');
  return thrown as FenError;
}

/** parseFen rejects `fen` with a message that contains every string and matches every pattern. */
function expectRejected(fen: string, ...mentions: Array<string | RegExp>): string {
  const { message } = rejection(fen);
  for (const mention of mentions) {
    if (typeof mention === 'string') expect(message).toContain(mention);
    else expect(message).toMatch(mention);
  }
  return message;
}

const hash = (pos: Position): string => hashToHex(pos.hashHi, pos.hashLo);

describe('parseFen rejects the board', () => {
  it('with too few ranks, naming the count', () => {
    expectRejected('rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', /\b7 ranks?\b/, /\b8\b/);
  });

  it('with too many ranks, naming the count', () => {
    expectRejected('rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', /\b9 ranks\b/);
  });

  it('with a rank of too many files, naming the rank and its text', () => {
    expectRejected('rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', /rank 7\b/, '"ppppppppp"', /\b9\b/);
    expectRejected('rnbqkbnr/pppppppp/8/8/44p/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', /rank 4\b/, '"44p"', /\b9\b/);
  });

  it('with a rank of too few files, naming the rank and its text', () => {
    expectRejected('rnbqkbnr/pppppppp/8/8/7/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', /rank 4\b/, '"7"', /\b7\b/);
    expectRejected('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1', /rank 1\b/, '"RNBQKBN"');
    expectRejected('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/ w KQkq - 0 1', /rank 1\b/, /\b0\b/);
  });

  it('with an unknown piece letter, naming the character and the rank', () => {
    expectRejected('rnbqkbnr/pppppppp/8/8/4X3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', '"X"', /rank 4\b/, '"4X3"');
    expectRejected('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNa w KQkq - 0 1', '"a"', /rank 1\b/);
  });

  it('with the digits 0 and 9, naming the character and the rank', () => {
    expectRejected('rnbqkbnr/pppppppp/8/8/9/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', '"9"', /rank 4\b/);
    expectRejected('rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', '"0"', /rank 6\b/);
  });
});

describe('parseFen rejects the fields', () => {
  it('when the side to move is missing (board only)', () => {
    expectRejected('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR', /side to move/);
  });

  it('with an extra field after the fullmove number, quoting it', () => {
    expectRejected(`${STARTING_FEN} extra`, '"extra"');
    expectRejected(`${STARTING_FEN} 1. e4`, '"1. e4"');
  });

  it('with garbage glued to the last field, naming the field', () => {
    expectRejected('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1x', /fullmove/, '"1x"');
  });

  it('with a bad side to move, quoting it', () => {
    expectRejected('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1', /side to move/, '"x"');
    expectRejected('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1', '"white"');
  });

  it('with a halfmove clock that is not a number, naming the field and the text', () => {
    expectRejected('4k3/8/8/8/8/8/8/4K3 w - - x 1', /halfmove/, '"x"');
    expectRejected('4k3/8/8/8/8/8/8/4K3 w - - -1 1', /halfmove/, '"-1"');
  });

  it('with a fullmove number that is not a number, naming the field and the text', () => {
    expectRejected('4k3/8/8/8/8/8/8/4K3 w - - 0 one', /fullmove/, '"one"');
    expectRejected('4k3/8/8/8/8/8/8/4K3 w - - 0 1.5', /fullmove/, '"1.5"');
  });

  it('longer than MAX_FEN_LENGTH (100) before parsing it', () => {
    expect(MAX_FEN_LENGTH).toBe(100);
    // The length is reported, not the (many) other problems of the text.
    expectRejected('x'.repeat(101), /\b101\b/, /\b100\b/);
    const padded = STARTING_FEN + ' '.repeat(101 - STARTING_FEN.length);
    expectRejected(padded, /\b101\b/, /\b100\b/);
    // Huge input is refused at once, without splitting or scanning it.
    const huge = '8/'.repeat(2_000_000);
    const started = performance.now();
    expectRejected(huge, /\b4000000\b/, /\b100\b/);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('accepts exactly MAX_FEN_LENGTH characters', () => {
    const padded = STARTING_FEN + ' '.repeat(MAX_FEN_LENGTH - STARTING_FEN.length);
    expect(padded).toHaveLength(100);
    expect(makeFen(parseFen(padded))).toBe(STARTING_FEN);
  });

  it('with a castling character that is no right, quoting it', () => {
    expectRejected('r3k2r/8/8/8/8/8/8/R3K2R w KQkx - 0 1', /castling/, '"x"');
    expectRejected('r3k2r/8/8/8/8/8/8/R3K2R w K-q - 0 1', /castling/, '"-"');
  });

  it('with an en passant field that is no square, quoting it', () => {
    expectRejected('4k3/8/8/3pP3/8/8/8/4K3 w - e9 0 1', /en passant/, '"e9"');
  });
});

// A FEN comes from a person (Discord, the console, the command line) and its error is shown to
// people and terminals: what it quotes of the FEN shows its control characters as escapes
// (src/errors.ts, quote), so that an escape sequence in a FEN cannot retitle or clear a terminal.
// Everything else, quotes and backslashes too, reads as typed.
describe('parseFen quotes the FEN\'s control characters escaped, never raw', () => {
  const RAW_CONTROL = /[\x00-\x1f\x7f]/;
  it.each([
    ['a rank', '6k1/5ppp/8\x1b]0;pwned\x07/8/8/8/5PPP/R5K1 w - - 0 1', 'rank 6 ("8\\u001b]0;pwned\\u0007") has an unknown character "\\u001b"'],
    ['a rank too long', '6k1/5ppp/8/8/8/8/5PPP/R5K1\x07 w - - 0 1', 'rank 1 ("R5K1\\u0007") has an unknown character "\\u0007"'],
    ['the side to move', '6k1/5ppp/8/8/8/8/5PPP/R5K1 w\x1b[2J - - 0 1', 'the side to move must be "w" or "b", not "w\\u001b[2J"'],
    ['the castling field', '6k1/5ppp/8/8/8/8/5PPP/R5K1 w K\x1b[2J - 0 1', 'the castling field "K\\u001b[2J" has "\\u001b"'],
    ['the en passant field', '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - e3\x1b[2J 0 1', 'the en passant field must be a square such as e3, or -, not "e3\\u001b[2J"'],
    ['the halfmove clock', '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0\x1b[2J 1', 'the halfmove clock (5th field) must be an integer >= 0, not "0\\u001b[2J"'],
    ['the fullmove number', '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\x1b[2J', 'the fullmove number (6th field) must be an integer >= 0, not "1\\u001b[2J"'],
    ['text after the FEN', '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1 \x1b]0;pwned\x07 x', 'unexpected text after the FEN: "\\u001b]0;pwned\\u0007 x"'],
    ['a quote and a backslash, shown as typed', '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1 "\\', 'unexpected text after the FEN: ""\\"'],
  ])('in %s', (_where, fen, expected) => {
    const message = expectRejected(fen, expected);
    expect(message).not.toMatch(RAW_CONTROL);
  });

  it('reads exactly as before for ordinary text', () => {
    expectRejected('rnbqkbnr/pppppppp/8/8/4X3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'rank 4 ("4X3") has an unknown character "X": pieces are');
    expectRejected('4k3/8/8/8/8/8/8/4K3 w - - 0 1 1', 'unexpected text after the FEN: "1"');
  });
});

describe('parseFen rejects castling rights that do not match the king and rooks', () => {
  it('K without a rook on the king side', () => {
    expectRejected('4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1', '"K"', /rook/, /white/);
  });

  it('Q with the king off its home rank, naming where the king is', () => {
    expectRejected('4k3/8/8/8/8/8/4K3/R6R w Q - 0 1', '"Q"', /e2/, /1st rank|rank 1\b/);
    expectRejected('r6r/4k3/8/8/8/8/8/4K3 w k - 0 1', '"k"', /black/, /e7/, /8th rank|rank 8\b/);
  });

  it('a rook file letter with no rook on that square, naming the square', () => {
    expectRejected('4k3/8/8/8/8/8/8/R3K2R w KQB - 0 1', '"B"', /b1/);
    expectRejected('r3k2r/8/8/8/8/8/8/4K3 w c - 0 1', '"c"', /c8/);
  });

  it('two rights on one side', () => {
    expectRejected('4k3/8/8/8/8/8/8/4K1RR w KG - 0 1', /white/, /two|2/, /king.?s side|kingside|h-side/i);
    expectRejected('r3k2r/8/8/8/8/8/8/4K3 w qq - 0 1', /black/, /two|2/, /queen.?s side|queenside|a-side/i);
  });
});

describe('parseFen rejects impossible en passant squares', () => {
  it('on the wrong rank for the side to move', () => {
    expectRejected('4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1', /d3/, /white/, /6th rank|rank 6\b/);
    expectRejected('4k3/8/8/8/3Pp3/8/8/4K3 b - d6 0 1', /d6/, /black/, /3rd rank|rank 3\b/);
  });

  it('with no pawn that just moved two squares', () => {
    expectRejected('4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1', /d6/, /d5/, /pawn/);
    // A white pawn on d5 is not a black pawn that just moved.
    expectRejected('4k3/8/8/3PP3/8/8/8/4K3 w - d6 0 1', /d6/, /d5/, /black/);
  });

  it('when the en passant square itself is occupied', () => {
    expectRejected('4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1', /d6/, /empty|occupied/);
  });

  it('when the square the pawn came from is occupied', () => {
    expectRejected('4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 1', /d7/, /empty|occupied/);
  });
});

describe('parseFen rejects impossible material', () => {
  it('pawns on the first and last rank, naming the square', () => {
    expectRejected('P3k3/8/8/8/8/8/8/4K3 w - - 0 1', /white pawn/, /a8/);
    expectRejected('4k3/8/8/8/8/8/8/4K2p w - - 0 1', /black pawn/, /h1/);
  });

  it('a side with no king', () => {
    expectRejected('8/8/8/8/8/8/8/4K3 w - - 0 1', /black/, /no king/);
    expectRejected('4k3/8/8/8/8/8/8/8 w - - 0 1', /white/, /no king/);
  });

  it('a side with two kings', () => {
    expectRejected('4k3/8/8/8/8/8/8/K3K3 w - - 0 1', /white/, /\b2 kings|two kings/);
    expectRejected('k3k3/8/8/8/8/8/8/4K3 w - - 0 1', /black/, /\b2 kings|two kings/);
  });

  it('17 pieces for one side', () => {
    expectRejected('rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/RNBQKBNR w KQkq - 0 1', /white/, /\b17\b/, /16/);
  });

  it('9 pawns for one side', () => {
    expectRejected('4k3/8/8/8/8/p7/pppppppp/4K3 w - - 0 1', /black/, /\b9 pawns/);
  });

  it('3 queens with all 8 pawns still on the board', () => {
    expectRejected('4k3/8/8/8/8/QQQ5/PPPPPPPP/4K3 w - - 0 1', /white/, /promoted/, /\b2\b/);
  });
});

describe('parseFen rejects impossible checks', () => {
  it('the side not to move in check', () => {
    expectRejected('4k2R/8/8/8/8/8/8/4K3 w - - 0 1', /black is in check/, /white/);
  });

  it('three checkers', () => {
    expectRejected('4r2k/8/8/b7/8/3n4/8/4K3 w - - 0 1', /white/, /check/, /\b3\b|three/);
  });

  it('two knights giving check, naming both', () => {
    expectRejected('7k/8/8/8/8/3n1n2/8/4K3 w - - 0 1', /check/, /d3/, /f3/);
  });

  it('two rooks giving check from opposite sides of one line, naming both', () => {
    expectRejected('7k/8/8/8/r3K2r/8/8/8 w - - 0 1', /check/, /a4/, /h4/);
  });

  it('a check that the double step named by the en passant square could not have given', () => {
    expectRejected('8/8/8/4p3/8/8/8/r3K2k w - e6 0 1', /check/, /e5|e6/);
  });
});

describe('parseFen accepts', () => {
  it('missing halfmove and fullmove numbers, defaulting them to 0 and 1', () => {
    const pos = parseFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -');
    expect(pos.halfmoves).toBe(0);
    expect(pos.fullmoves).toBe(1);
    expect(makeFen(pos)).toBe(STARTING_FEN);
    const five = parseFen('r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 7');
    expect(five.halfmoves).toBe(7);
    expect(five.fullmoves).toBe(1);
    expect(makeFen(five)).toBe('r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 7 1');
  });

  it('"board w" with no castling rights and no en passant square', () => {
    const pos = parseFen('r3k2r/8/8/8/8/8/8/R3K2R w');
    expect(pos.castlingRights).toBe(0);
    expect(pos.epSquare).toBe(-1);
    expect(makeFen(pos)).toBe('r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1');
    expect(parseUci(pos, 'e1g1')).toBe(0);
    expect(hash(pos)).toBe(hash(parseFen('r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1')));
  });

  it('surrounding and repeated white space', () => {
    expect(makeFen(parseFen(`  ${STARTING_FEN.replace(/ /g, '   ')}  `))).toBe(STARTING_FEN);
  });

  it('Shredder-FEN and X-FEN castling for a Chess960 position, as the same position', () => {
    const shredder = parseFen('bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9');
    const xfen = parseFen('bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9');
    expect(shredder.chess960).toBe(true);
    expect(shredder.castlingRights).toBe(0b1111);
    expect(hash(shredder)).toBe(hash(xfen));
    expect(makeFen(shredder)).toBe('bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9');
    expect(makeFen(xfen)).toBe(makeFen(shredder));
  });

  it('Shredder-FEN letters for a standard position, printed as KQkq', () => {
    const pos = parseFen('r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1');
    expect(pos.chess960).toBe(false);
    expect(makeFen(pos)).toBe('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    expect(hash(pos)).toBe(hash(parseFen('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1')));
  });

  it('an X-FEN file letter for an inner rook, kept in the output', () => {
    const pos = parseFen('4k3/8/8/8/8/8/8/4K1RR w G - 0 1');
    expect(makeFen(pos)).toBe('4k3/8/8/8/8/8/8/4K1RR w G - 0 1');
    // K names the outermost rook instead.
    expect(makeFen(parseFen('4k3/8/8/8/8/8/8/4K1RR w K - 0 1'))).toBe('4k3/8/8/8/8/8/8/4K1RR w K - 0 1');
  });

  it('a legal double check: a knight check that unveils a rook', () => {
    const pos = parseFen('4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1');
    expect(pos.inCheck()).toBe(true);
  });

  it('a legal double check: a bishop check that unveils a rook', () => {
    const pos = parseFen('4k3/8/8/1B6/8/8/8/4R1K1 b - - 0 1');
    expect(pos.inCheck()).toBe(true);
  });

  it('a check given by the pawn that just moved two squares, with its en passant square', () => {
    const pos = parseFen('8/8/8/2Pp4/4K3/8/8/7k w - d6 0 1');
    expect(pos.inCheck()).toBe(true);
    expect(makeFen(pos)).toBe('8/8/8/2Pp4/4K3/8/8/7k w - d6 0 1');
  });

  it('a check unveiled by the double step (the en passant capture is then illegal and not printed)', () => {
    const pos = parseFen('5b1k/8/8/3Pp3/1K6/8/8/8 w - e6 0 1');
    expect(pos.inCheck()).toBe(true);
    expect(makeFen(pos)).toBe('5b1k/8/8/3Pp3/1K6/8/8/8 w - - 0 1');
  });

  it('an en passant square where the capture is legal, printed by makeFen', () => {
    const fen = 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3';
    expect(makeFen(parseFen(fen))).toBe(fen);
    expect(hash(parseFen(fen))).not.toBe(hash(parseFen(fen.replace(' f6 ', ' - '))));
  });

  it('an en passant square with no pawn to take, dropped from makeFen and from the hash', () => {
    const fen = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1';
    const without = fen.replace(' e3 ', ' - ');
    const pos = parseFen(fen);
    expect(makeFen(pos)).toBe(without);
    expect(hash(pos)).toBe(hash(parseFen(without)));
    // The Polyglot key of the position after 1.e4 (book_format.html test data).
    expect(hash(pos)).toBe('823c9b50fd114196');
  });

  it('an en passant square whose capture would expose the king, dropped from makeFen', () => {
    // bxc6 e.p. would empty b5 and c5 and leave the white king on a5 to the rook on h5.
    const fen = '4k3/8/8/KPp4r/8/8/8/8 w - c6 0 1';
    const pos = parseFen(fen);
    expect(makeFen(pos)).toBe('4k3/8/8/KPp4r/8/8/8/8 w - - 0 1');
    expect(parseUci(pos, 'b5c6')).toBe(0);
  });
});

describe('makeFen(parseFen(fen)) === fen', () => {
  const fens = [
    STARTING_FEN,
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
    'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
    'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
    'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
    'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
    'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
    'rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 3',
    'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9',
    '4k3/8/8/8/8/8/8/4K1RR w G - 0 1',
    'r3k2r/8/8/8/8/8/8/R3K2R b Kq - 42 100',
    '8/8/8/8/8/8/6k1/4K2R w K - 99 200',
    '8/P7/8/8/8/8/2k5/K7 b - - 0 57',
  ];
  it.each(fens)('%s', (fen) => {
    expect(makeFen(parseFen(fen))).toBe(fen);
  });
});
