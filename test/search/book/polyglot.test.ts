// The Polyglot book reader on books built here, byte by byte (test/support/polyglotBook.ts):
// keys as real books write them, the move field, castling and promotions, skipped entries, the
// weighted and best choices with an injected random source, maxPly, and malformed books.

import { describe, expect, it } from 'vitest';
import { STARTING_FEN, parseFen } from '../../../src/chess/fen.ts';
import { hashToHex } from '../../../src/chess/zobrist.ts';
import {
  BookError, MAX_BOOK_BYTES, PolyglotBook, bookSizeProblem, chooseBookMove, decodePolyglotMove, gamePly,
} from '../../../src/search/book/index.ts';
import { playPosition } from '../../../src/chess/replay.ts';
import { type TestEntry, bookBytes, keyOf, polyglotMove } from '../../support/polyglotBook.ts';
import { mulberry32 } from '../../support/random.ts';

// Reference keys published with the Polyglot book format ("Test data" in book_format.html).
const SPEC_KEYS = {
  start: '463b96181691fc9c',
  e4: '823c9b50fd114196',
  e4d5: '0756b94461c50fb0',
  e4d5e5f5: '22a48b5a8e47ff78',
};

const CASTLING_FEN = 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1';
const BLACK_CASTLING_FEN = 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1';
const PROMOTION_FEN = '8/P6k/8/8/8/8/8/K7 w - - 0 1';

const book = (entries: readonly TestEntry[], settings = {}) => new PolyglotBook(bookBytes(entries), 'test.bin', settings);
const ucis = (moves: readonly { uci: string; weight: number }[]) => moves.map(({ uci, weight }) => [uci, weight]);
const start = () => parseFen(STARTING_FEN);

describe('Polyglot keys', () => {
  it('the starting position has the key of the Polyglot spec, 0x463b96181691fc9c', () => {
    const position = start();
    expect(hashToHex(position.hashHi, position.hashLo)).toBe(SPEC_KEYS.start);
    expect(position.hashHi >>> 0).toBe(0x463b9618);
    expect(position.hashLo >>> 0).toBe(0x1691fc9c);
  });

  it('finds entries written under the spec\'s own keys (not our hashes), en passant included', () => {
    const reader = book([
      { key: SPEC_KEYS.start, move: 'e2e4', weight: 10 },
      { key: SPEC_KEYS.e4, move: 'd7d5', weight: 3 },
      { key: SPEC_KEYS.e4d5, move: 'e4e5', weight: 4 },
      // After 3...f5 white's e5 pawn may take en passant: the key includes the f file.
      { key: SPEC_KEYS.e4d5e5f5, move: 'e5f6', weight: 5 },
    ]);
    expect(ucis(reader.lookup(start()))).toEqual([['e2e4', 10]]);
    expect(ucis(reader.lookup(playPosition(STARTING_FEN, ['e2e4'])))).toEqual([['d7d5', 3]]);
    expect(ucis(reader.lookup(playPosition(STARTING_FEN, ['e2e4', 'd7d5'])))).toEqual([['e4e5', 4]]);
    expect(ucis(reader.lookup(playPosition(STARTING_FEN, ['e2e4', 'd7d5', 'e4e5', 'f7f5'])))).toEqual([['e5f6', 5]]);
  });
});

describe('PolyglotBook.lookup', () => {
  it('returns every move of the position in the book\'s order, and nothing for other positions', () => {
    const reader = book([
      { key: keyOf('startpos'), move: 'e2e4', weight: 10 },
      { key: keyOf('startpos'), move: 'd2d4', weight: 5 },
      { key: keyOf('startpos', ['e2e4']), move: 'c7c5', weight: 2 },
    ]);
    expect(reader.entryCount).toBe(3);
    expect(ucis(reader.lookup(start()))).toEqual([['e2e4', 10], ['d2d4', 5]]);
    expect(ucis(reader.lookup(playPosition(STARTING_FEN, ['e2e4'])))).toEqual([['c7c5', 2]]);
    expect(reader.lookup(playPosition(STARTING_FEN, ['d2d4']))).toEqual([]);
    expect(reader.pick(playPosition(STARTING_FEN, ['d2d4']))).toBeNull();
  });

  it('finds its positions among thousands of other keys, high bit set or not (unsigned order)', () => {
    const random = mulberry32(7);
    const hex8 = () => Math.floor(random() * 2 ** 32).toString(16).padStart(8, '0');
    const noise: TestEntry[] = Array.from({ length: 5000 }, () => ({ key: hex8() + hex8(), move: 'a2a3', weight: 1 }));
    // Keys that differ from a target only in the low half, on both sides of it.
    const e4 = SPEC_KEYS.e4;
    const near = [`${e4.slice(0, 8)}fd114195`, `${e4.slice(0, 8)}fd114197`, `${e4.slice(0, 8)}00000000`, `${e4.slice(0, 8)}ffffffff`];
    const reader = book([
      ...noise,
      ...near.map((key) => ({ key, move: 'a7a6', weight: 1 })),
      { key: SPEC_KEYS.start, move: 'g1f3', weight: 1 },
      { key: e4, move: 'e7e5', weight: 9 },
      { key: e4, move: 'c7c5', weight: 8 },
    ]);
    expect(e4 > '80000000').toBe(true);
    expect(ucis(reader.lookup(start()))).toEqual([['g1f3', 1]]);
    expect(ucis(reader.lookup(playPosition(STARTING_FEN, ['e2e4'])))).toEqual([['e7e5', 9], ['c7c5', 8]]);
    // The first and the last entry of the file are found too.
    const edges = book([
      { key: '0000000000000000', move: 'a2a3', weight: 1 },
      { key: SPEC_KEYS.start, move: 'b1c3', weight: 2 },
      { key: 'ffffffffffffffff', move: 'a2a3', weight: 1 },
    ]);
    expect(ucis(edges.lookup(start()))).toEqual([['b1c3', 2]]);
    expect(ucis(book([{ key: SPEC_KEYS.start, move: 'b1c3', weight: 2 }]).lookup(start()))).toEqual([['b1c3', 2]]);
  });

  it('maps castling written as king takes rook (e1h1, e1a1, e8h8, e8a8) to the castling move', () => {
    const reader = book([
      { key: keyOf(CASTLING_FEN), move: 'e1h1', weight: 3 },
      { key: keyOf(CASTLING_FEN), move: 'e1a1', weight: 1 },
      { key: keyOf(BLACK_CASTLING_FEN), move: 'e8h8', weight: 2 },
      { key: keyOf(BLACK_CASTLING_FEN), move: 'e8a8', weight: 4 },
    ]);
    const white = parseFen(CASTLING_FEN);
    const moves = reader.lookup(white);
    expect(ucis(moves)).toEqual([['e1g1', 3], ['e1c1', 1]]);
    // They are the real castling moves: the rook moves too.
    white.make(moves[0].move);
    expect(white.board[0x05]).not.toBe(0);
    expect(white.board[0x07]).toBe(0);
    expect(ucis(reader.lookup(parseFen(BLACK_CASTLING_FEN)))).toEqual([['e8g8', 2], ['e8c8', 4]]);
  });

  it('also accepts castling written as the king\'s destination (e1g1), counting the same move once', () => {
    const reader = book([
      { key: keyOf(CASTLING_FEN), move: 'e1g1', weight: 2 },
      { key: keyOf(CASTLING_FEN), move: 'e1h1', weight: 3 },
    ]);
    expect(ucis(reader.lookup(parseFen(CASTLING_FEN)))).toEqual([['e1g1', 5]]);
  });

  it('reads the promotion piece, and skips a promotion without one or with a code beyond queen', () => {
    const key = keyOf(PROMOTION_FEN);
    const reader = book([
      { key, move: 'a7a8q', weight: 4 },
      { key, move: 'a7a8n', weight: 2 },
      { key, move: 'a7a8', weight: 9 },
      { key, move: polyglotMove('a7a8') | (5 << 12), weight: 9 },
    ]);
    expect(ucis(reader.lookup(parseFen(PROMOTION_FEN)))).toEqual([['a7a8q', 4], ['a7a8n', 2]]);
    expect(decodePolyglotMove(polyglotMove('a7a8r'))).toEqual({ from: 0x60, to: 0x70, promotion: 4 });
  });

  it('skips entries whose move is not legal in the position (corrupt book or key collision)', () => {
    const key = keyOf('startpos');
    const reader = book([
      { key, move: 'e2e5', weight: 7 },
      { key, move: 'e1e2', weight: 7 },
      { key, move: 'e7e5', weight: 7 },
      { key, move: 0xffff, weight: 7 },
      // A promotion code on a move that is not a promotion, and a code beyond queen.
      { key, move: polyglotMove('b1c3') | (4 << 12), weight: 7 },
      { key, move: polyglotMove('d2d4') | (5 << 12), weight: 7 },
      { key, move: 'g1f3', weight: 1 },
    ]);
    expect(ucis(reader.lookup(start()))).toEqual([['g1f3', 1]]);
    expect(reader.pick(start())?.uci).toBe('g1f3');
  });

  it('decodes the move field bit by bit', () => {
    // e2e4: to file 4, row 3; from file 4, row 1.
    expect(polyglotMove('e2e4')).toBe(4 | (3 << 3) | (4 << 6) | (1 << 9));
    expect(decodePolyglotMove(4 | (3 << 3) | (4 << 6) | (1 << 9))).toEqual({ from: 0x14, to: 0x34, promotion: 0 });
    expect(decodePolyglotMove(polyglotMove('h7g8n'))).toEqual({ from: 0x67, to: 0x76, promotion: 2 });
  });

  it('has no moves for Chess960 positions', () => {
    const fen = 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9';
    const position = parseFen(fen);
    expect(position.chess960).toBe(true);
    expect(book([{ key: keyOf(fen), move: 'a2a3', weight: 1 }]).lookup(position)).toEqual([]);
  });
});

describe('choosing a book move', () => {
  const entries: TestEntry[] = [
    { key: keyOf('startpos'), move: 'e2e4', weight: 10 },
    { key: keyOf('startpos'), move: 'g1f3', weight: 0 },
    { key: keyOf('startpos'), move: 'd2d4', weight: 5 },
  ];

  it('weighted: in proportion to the weights, by the injected random number', () => {
    const reader = book(entries);
    const pickAt = (r: number) => reader.pick(start(), 0, () => r)?.uci;
    // e2e4 covers [0, 10/15), d2d4 [10/15, 1); g1f3 (weight 0) nothing.
    expect(pickAt(0)).toBe('e2e4');
    expect(pickAt(0.66)).toBe('e2e4');
    expect(pickAt(0.67)).toBe('d2d4');
    expect(pickAt(0.9999)).toBe('d2d4');
    expect(pickAt(1)).toBe('d2d4');
    const counts = new Map<string, number>();
    for (let k = 0; k < 300; k++) {
      const uci = pickAt(k / 300)!;
      counts.set(uci, (counts.get(uci) ?? 0) + 1);
    }
    expect(Object.fromEntries(counts)).toEqual({ e2e4: 200, d2d4: 100 });
  });

  it('best: the highest weight, the first of equals', () => {
    expect(book(entries, { selection: 'best' }).pick(start(), 0, () => 0.99)?.uci).toBe('e2e4');
    const tie = [
      { key: keyOf('startpos'), move: 'c2c4', weight: 6 },
      { key: keyOf('startpos'), move: 'd2d4', weight: 6 },
      { key: keyOf('startpos'), move: 'e2e4', weight: 2 },
    ];
    expect(book(tie, { selection: 'best' }).pick(start())?.uci).toBe('c2c4');
  });

  it('never chooses a move of weight 0; a position with only those is out of book', () => {
    const zero = [
      { key: keyOf('startpos'), move: 'g1f3', weight: 0 },
      { key: keyOf('startpos'), move: 'b1c3', weight: 0 },
    ];
    expect(ucis(book(zero).lookup(start()))).toEqual([['g1f3', 0], ['b1c3', 0]]);
    expect(book(zero).pick(start(), 0, () => 0)).toBeNull();
    expect(book(zero, { selection: 'best' }).pick(start())).toBeNull();
    expect(chooseBookMove([], 'weighted', () => 0.5)).toBeNull();
  });

  it('stops at maxPly: the game\'s half-moves, from the move number, or as given', () => {
    const line = ['e2e4', 'e7e5', 'g1f3'];
    const deep: TestEntry[] = [
      { key: keyOf('startpos'), move: 'e2e4', weight: 1 },
      { key: keyOf('startpos', line.slice(0, 1)), move: 'e7e5', weight: 1 },
      { key: keyOf('startpos', line.slice(0, 2)), move: 'g1f3', weight: 1 },
      { key: keyOf('startpos', line), move: 'b8c6', weight: 1 },
    ];
    const reader = book(deep, { maxPly: 2 });
    expect(reader.settings).toEqual({ selection: 'weighted', maxPly: 2 });
    const after = (n: number) => playPosition(STARTING_FEN, line.slice(0, n));
    expect(reader.pick(after(0))?.uci).toBe('e2e4');
    expect(reader.pick(after(1))?.uci).toBe('e7e5');
    expect(gamePly(after(2))).toBe(2);
    expect(reader.pick(after(2))).toBeNull();
    // The caller's ply counts, not the position's move number.
    expect(reader.pick(after(2), 1)?.uci).toBe('g1f3');
    expect(reader.pick(after(0), 2)).toBeNull();
    // No limit.
    expect(book(deep, { maxPly: null }).pick(after(3))?.uci).toBe('b8c6');
    // The default is 20 half-moves.
    expect(book(deep).pick(after(3), 19)?.uci).toBe('b8c6');
    expect(book(deep).pick(after(3), 20)).toBeNull();
    expect(gamePly(parseFen('8/8/8/8/8/8/k7/2K5 b - - 0 31'))).toBe(61);
  });
});

describe('malformed books', () => {
  const bytesOf = (length: number) => new Uint8Array(length);

  it('refuses a size that is not a multiple of 16, an empty book and an oversized one', () => {
    expect(() => new PolyglotBook(bytesOf(33), 'odd.bin')).toThrow(
      new BookError('odd.bin', 'the file has 33 bytes, not a multiple of 16: not a Polyglot book (or cut short)'),
    );
    expect(() => new PolyglotBook(bytesOf(0), 'empty.bin')).toThrow(/^empty\.bin: the file is empty/);
    expect(bookSizeProblem(MAX_BOOK_BYTES + 16)).toMatch(/more than the 268435456 \(256 MB\) a book may have/);
    expect(bookSizeProblem(MAX_BOOK_BYTES)).toBeNull();
  });

  it('refuses a book whose keys are out of order, naming the first such entry', () => {
    const unsorted = bookBytes([
      { key: '0000000000000001', move: 'a2a3', weight: 1 },
      { key: '8000000000000000', move: 'a2a3', weight: 1 },
      { key: '7fffffffffffffff', move: 'a2a3', weight: 1 },
    ], false);
    let error: unknown;
    try {
      new PolyglotBook(unsorted, 'unsorted.bin');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(BookError);
    expect((error as BookError).source).toBe('unsorted.bin');
    expect((error as BookError).message).toBe(
      'unsorted.bin: entry 2 (byte 32) has a smaller key than the entry before it: a Polyglot book must be sorted by key',
    );
    // The low halves count when the high halves are equal.
    const lowUnsorted = bookBytes([
      { key: '8000000000000002', move: 'a2a3', weight: 1 },
      { key: '8000000000000001', move: 'a2a3', weight: 1 },
    ], false);
    expect(() => new PolyglotBook(lowUnsorted, 'low.bin')).toThrow(/^low\.bin: entry 1 \(byte 16\)/);
    // Equal keys side by side are fine (several moves of one position).
    expect(() => book([
      { key: '8000000000000000', move: 'a2a3', weight: 1 },
      { key: '8000000000000000', move: 'a2a4', weight: 1 },
    ])).not.toThrow();
  });

  it('reads a book that lies inside a larger buffer (offset views)', () => {
    const inner = bookBytes([{ key: SPEC_KEYS.start, move: 'e2e4', weight: 1 }]);
    const outer = new Uint8Array(64);
    outer.set(inner, 16);
    const reader = new PolyglotBook(outer.subarray(16, 32), 'inner.bin');
    expect(ucis(reader.lookup(start()))).toEqual([['e2e4', 1]]);
  });
});
