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

/**
 * With a running count asked for, subtrees this many plies deep or less are counted whole and
 * then reported: a few milliseconds each (depth 4 of the initial position is 197,281 leaves),
 * and the count itself (countLeaves) stays as it is.
 */
const REPORTED_SUBTREE_DEPTH = 4;

/** Hears the leaves counted so far, every few milliseconds of a long perft. */
export type PerftCountListener = (leavesSoFar: number) => void;

/** countLeaves, reporting the running total (`counted` before this subtree, plus its own) after each small subtree. */
function countLeavesReporting(
  pos: Position, depth: number, moves: Int32Array, start: number, counted: number, onCount: PerftCountListener,
): number {
  if (depth <= REPORTED_SUBTREE_DEPTH) {
    const nodes = countLeaves(pos, depth, moves, start);
    onCount(counted + nodes);
    return nodes;
  }
  const end = generateLegal(pos, moves, start);
  let nodes = 0;
  for (let i = start; i < end; i++) {
    const move = moves[i];
    pos.make(move);
    nodes += countLeavesReporting(pos, depth - 1, moves, end, counted + nodes, onCount);
    pos.unmake(move);
  }
  return nodes;
}

/**
 * The number of legal move sequences of exactly `depth` plies (depth 0 counts the position
 * itself). `onCount` hears the leaves counted so far every few milliseconds (a status line).
 */
export function perft(pos: Position, depth: number, onCount?: PerftCountListener): number {
  if (depth <= 0) return 1;
  const moves = moveStack(depth);
  return onCount ? countLeavesReporting(pos, depth, moves, 0, 0, onCount) : countLeaves(pos, depth, moves, 0);
}

/** Perft split by root move, in generation order, with each root move in UCI; `onCount` as perft's. */
export function perftDivide(pos: Position, depth: number, onCount?: PerftCountListener): Array<{ uci: string; nodes: number }> {
  const moves = moveStack(depth);
  const end = generateLegal(pos, moves, 0);
  const result: Array<{ uci: string; nodes: number }> = [];
  let counted = 0;
  for (let i = 0; i < end; i++) {
    const move = moves[i];
    const uci = makeUci(pos, move);
    pos.make(move);
    let nodes = 1;
    if (depth > 1) nodes = onCount ? countLeavesReporting(pos, depth - 1, moves, end, counted, onCount) : countLeaves(pos, depth - 1, moves, end);
    pos.unmake(move);
    counted += nodes;
    result.push({ uci, nodes });
  }
  return result;
}
