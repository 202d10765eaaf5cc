// Move helpers shared by the rules-core tests: legal move lists and UCI input that must be legal.

import { expect } from 'vitest';
import { makeFen } from '../../src/chess/fen.ts';
import { MAX_MOVES } from '../../src/chess/move.ts';
import { generateLegal } from '../../src/chess/movegen.ts';
import type { Position } from '../../src/chess/position.ts';
import { parseUci } from '../../src/chess/uci.ts';

export function legalMoves(pos: Position): number[] {
  const out = new Int32Array(MAX_MOVES);
  return Array.from(out.subarray(0, generateLegal(pos, out, 0)));
}

/** The legal move `text` names; fails the test (naming the FEN) when there is none. */
export function uci(pos: Position, text: string): number {
  const move = parseUci(pos, text);
  expect(move, `${text} should be legal in ${makeFen(pos)}`).not.toBe(0);
  return move;
}
