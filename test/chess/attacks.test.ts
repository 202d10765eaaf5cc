import { describe, expect, it } from 'vitest';
import { alignedPieces, lowestBit, pawnAttacks, pieceAttacks } from '../../src/chess/attacks.ts';
import { parseFen } from '../../src/chess/fen.ts';
import { EMPTY, PAWN, makePiece, squareAt } from '../../src/chess/types.ts';

const FENS = [
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
];

/** Every on-board square of the 0x88 board. */
const SQUARES = Array.from({ length: 64 }, (_, i) => squareAt(i & 7, i >> 3));

/** The pieces in `slots` that could reach `target` on an empty board, by pieceAttacks on an emptied board. */
function alignedByHand(board: Uint8Array, list: Uint8Array, base: number, slots: number, target: number): number {
  let bits = 0;
  for (let i = 0; i < 16; i++) {
    if ((slots & (1 << i)) === 0) continue;
    const sq = list[base + i];
    const piece = board[sq];
    if (piece === EMPTY || sq === target) continue;
    // On an empty board but for this piece, geometry alone decides.
    const empty = new Uint8Array(128);
    empty[sq] = piece;
    if (pieceAttacks(empty, piece, sq, target)) bits |= 1 << i;
  }
  return bits;
}

describe('alignedPieces', () => {
  it('marks exactly the pieces of the given slots that could reach the target on an empty board, each by its slot', () => {
    let marked = 0;
    for (const fen of FENS) {
      const pos = parseFen(fen);
      for (const side of [0, 1]) {
        const base = side << 4;
        const every = (1 << pos.pieceCount[side]) - 1;
        for (const slots of [every, pos.nonPawnSlots[side], every & 0b1010101010101010]) {
          for (const target of SQUARES) {
            const expected = alignedByHand(pos.board, pos.pieceList, base, slots, target);
            expect(alignedPieces(pos.board, pos.pieceList, base, slots, target)).toBe(expected);
            if (expected !== 0) marked++;
          }
        }
      }
    }
    expect(marked).toBeGreaterThan(100);
  });

  it('leaves out a lifted piece (an empty square in the list)', () => {
    const pos = parseFen('4k3/8/8/8/8/8/8/R3K3 w - - 0 1');
    const slot = pos.pieceList.subarray(0, pos.pieceCount[0]).indexOf(squareAt(0, 0));
    const a8 = squareAt(0, 7);
    const every = (1 << pos.pieceCount[0]) - 1;
    expect(alignedPieces(pos.board, pos.pieceList, 0, every, a8)).toBe(1 << slot);
    pos.board[squareAt(0, 0)] = EMPTY;
    expect(alignedPieces(pos.board, pos.pieceList, 0, every, a8)).toBe(0);
  });
});

describe('lowestBit', () => {
  it('numbers the lowest bit set, through bit 31', () => {
    expect(lowestBit(1)).toBe(0);
    expect(lowestBit(0b101000)).toBe(3);
    expect(lowestBit(1 << 15)).toBe(15);
    expect(lowestBit(1 << 31)).toBe(31);
  });
});

describe('pawnAttacks', () => {
  it('agrees with pieceAttacks for every pawn of either colour on every square', () => {
    let attacked = 0;
    for (const color of [0, 1]) {
      const pawn = makePiece(color as 0 | 1, PAWN);
      for (const from of SQUARES) {
        const board = new Uint8Array(128);
        board[from] = pawn;
        for (const target of SQUARES) {
          const expected = target !== from && pieceAttacks(board, pawn, from, target);
          expect(pawnAttacks(board, target, color), `${color ? 'black' : 'white'} pawn on ${from}, target ${target}`).toBe(expected);
          if (expected) attacked++;
        }
      }
    }
    // Two targets per pawn, one on the edge files, none from the last rank.
    expect(attacked).toBe(2 * (2 * 6 * 7 + 2 * 7));
  });

  it('sees no pawn of the other colour, and no pawn lifted off the board', () => {
    const pos = parseFen('4k3/8/8/3p4/8/8/8/4K3 w - - 0 1');
    const e4 = squareAt(4, 3);
    expect(pawnAttacks(pos.board, e4, 1)).toBe(true);
    expect(pawnAttacks(pos.board, e4, 0)).toBe(false);
    pos.board[squareAt(3, 4)] = EMPTY;
    expect(pawnAttacks(pos.board, e4, 1)).toBe(false);
  });
});
