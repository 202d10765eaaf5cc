// Turns a MateSolution (move integers, meaningful only beside their position) into plain text
// fields that adapters print and that cross worker threads: keys in UCI and SAN, the line in SAN.

import type { Position } from '../../chess/position.ts';
import type { ProblemSolution } from './analysis.ts';
import { makeSan, makeSanLine } from '../../chess/san.ts';
import { makeUci } from '../../chess/uci.ts';
import type { MateSolution, SolutionNode } from './types.ts';

export interface MateReport {
  status: MateSolution['status'];
  mateIn: number | null;
  /** Keys in UCI (e1g1 castling for standard chess, king-takes-rook for Chess960). */
  keys: string[];
  keysSan: string[];
  keysComplete: boolean;
  /** The main line in SAN, key first. */
  line: string[];
  /** The main line in UCI. */
  lineUci: string[];
  /** False when a limit cut the main line short. */
  lineComplete: boolean;
  nodes: number;
  provenDepth: number;
  tree?: ReportNode[];
  /** False when a limit cut the solution tree short. */
  treeComplete?: boolean;
  /** The solution as problemists read it, when asked for and a mate was proven with every key. */
  solution?: ProblemSolution;
}

export interface ReportNode {
  san: string;
  uci: string;
  replies: ReportNode[];
}

export function reportSolution(
  pos: Position, solution: MateSolution, tree?: { tree: SolutionNode[]; complete: boolean },
): MateReport {
  const lineUci: string[] = [];
  for (const move of solution.line) {
    lineUci.push(makeUci(pos, move));
    pos.make(move);
  }
  for (let i = solution.line.length - 1; i >= 0; i--) pos.unmake(solution.line[i]);
  return {
    status: solution.status,
    mateIn: solution.mateIn,
    keys: solution.keys.map((key) => makeUci(pos, key)),
    keysSan: solution.keys.map((key) => makeSan(pos, key)),
    keysComplete: solution.keysComplete,
    line: makeSanLine(pos, solution.line),
    lineUci,
    lineComplete: solution.lineComplete,
    nodes: solution.nodes,
    provenDepth: solution.provenDepth,
    ...(tree ? { tree: tree.tree.map((node) => reportNode(pos, node)), treeComplete: tree.complete } : {}),
  };
}

function reportNode(pos: Position, node: SolutionNode): ReportNode {
  const san = makeSan(pos, node.move);
  const uci = makeUci(pos, node.move);
  pos.make(node.move);
  const replies = node.replies.map((reply) => reportNode(pos, reply));
  pos.unmake(node.move);
  return { san, uci, replies };
}
