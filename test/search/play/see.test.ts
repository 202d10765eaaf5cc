// Static exchange evaluation against exchanges worked out by hand (the first two are the
// Chess Programming Wiki's examples). Each case names what the exchange on the square is.

import { describe, expect, it } from 'vitest';
import { parseFen } from '../../../src/chess/fen.ts';
import { parseUci } from '../../../src/chess/uci.ts';
import { see } from '../../../src/search/play/see.ts';

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
