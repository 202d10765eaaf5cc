// Perft: counts the leaf nodes of the legal move tree, the standard test of move generation.
// At depth 1 it counts the generated moves without playing them ("bulk counting").

import { generateLegal } from './movegen.ts';
import { MAX_MOVES } from './move.ts';
import type { Position } from './position.ts';
import { makeUci } from './uci.ts';

/** One move list per remaining ply, laid end to end; children start where the parent's list ends. */
function moveStack(depth: number): Int32Array {
  return new Int32Array(MAX_MOVES * (depth + 1));
}

function countLeaves(pos: Position, depth: number, moves: Int32Array, start: number): number {
  const end = generateLegal(pos, moves, start);
  if (depth === 1) return end - start;
  let nodes = 0;
  for (let i = start; i < end; i++) {
    const move = moves[i];
    pos.make(move);
    nodes += countLeaves(pos, depth - 1, moves, end);
    pos.unmake(move);
  }
  return nodes;
}

/** The number of legal move sequences of exactly `depth` plies (depth 0 counts the position itself). */
export function perft(pos: Position, depth: number): number {
  if (depth <= 0) return 1;
  return countLeaves(pos, depth, moveStack(depth), 0);
}

/** Perft split by root move, in generation order, with each root move in UCI. */
export function perftDivide(pos: Position, depth: number): Array<{ uci: string; nodes: number }> {
  const moves = moveStack(depth);
  const end = generateLegal(pos, moves, 0);
  const result: Array<{ uci: string; nodes: number }> = [];
  for (let i = 0; i < end; i++) {
    const move = moves[i];
    const uci = makeUci(pos, move);
    pos.make(move);
    const nodes = depth <= 1 ? 1 : countLeaves(pos, depth - 1, moves, end);
    pos.unmake(move);
    result.push({ uci, nodes });
  }
  return result;
}
