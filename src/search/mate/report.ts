// Turns a MateSolution (move integers, meaningful only beside their position) into plain text
// fields that adapters print and that cross worker threads: keys in UCI and SAN, the line in SAN.

import type { Position } from '../../chess/position.ts';
import type { ProblemSolution } from './analysis.ts';
import { makeSan, makeSanLine } from '../../chess/san.ts';
import { makeUci } from '../../chess/uci.ts';
import type { HelpmateSolution } from './helpmate.ts';
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
  /** A helpmate's solutions: every sequence of the shortest length, the side to move's move first. */
  helpSolutions?: HelpLine[];
  /** False when a limit cut the list of helpmate solutions short. */
  helpSolutionsComplete?: boolean;
}

/** One helpmate solution, both sides' moves in order. */
export interface HelpLine {
  san: string[];
  uci: string[];
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

/** A helpmate's answer as a report: each solution in SAN and UCI; its keys are the distinct first moves, its line the first solution. */
export function reportHelpmate(pos: Position, solution: HelpmateSolution): MateReport {
  const helpSolutions = solution.solutions.map((moves) => helpLine(pos, moves));
  const keys = [...new Set(solution.solutions.map((moves) => moves[0]))];
  const first = solution.solutions[0] ?? [];
  return {
    status: solution.status,
    mateIn: solution.mateIn,
    keys: keys.map((key) => makeUci(pos, key)),
    keysSan: keys.map((key) => makeSan(pos, key)),
    keysComplete: solution.solutionsComplete,
    line: helpSolutions[0]?.san ?? [],
    lineUci: helpSolutions[0]?.uci ?? [],
    lineComplete: first.length > 0 || solution.status !== 'mate',
    nodes: solution.nodes,
    provenDepth: solution.provenDepth,
    helpSolutions,
    helpSolutionsComplete: solution.solutionsComplete,
  };
}

function helpLine(pos: Position, moves: readonly number[]): HelpLine {
  const uci: string[] = [];
  for (const move of moves) {
    uci.push(makeUci(pos, move));
    pos.make(move);
  }
  for (let i = moves.length - 1; i >= 0; i--) pos.unmake(moves[i]);
  return { san: makeSanLine(pos, moves), uci };
}

/**
 * A series-mover's answer as a report, like help play's: each solution's series moves (the other
 * side passing between them), then the other side's last move where the genre has one.
 */
export function reportSeries(pos: Position, solution: HelpmateSolution, _maxMoves: number): MateReport {
  const report = reportHelpmate(pos, { ...solution, solutions: [] });
  const helpSolutions = solution.solutions.map((moves) => seriesLine(pos, moves, solution.mateIn ?? 0));
  return {
    ...report,
    keys: [...new Set(helpSolutions.map((line) => line.uci[0]!))],
    keysSan: [...new Set(helpSolutions.map((line) => line.san[0]!))],
    line: helpSolutions[0]?.san ?? [],
    lineUci: helpSolutions[0]?.uci ?? [],
    lineComplete: true,
    helpSolutions,
  };
}

/** One series in SAN and UCI: its first `series` moves by one side (a pass between two), then the other side's. */
function seriesLine(pos: Position, moves: readonly number[], series: number): HelpLine {
  const san: string[] = [];
  const uci: string[] = [];
  const undo: Array<() => void> = [];
  moves.forEach((move, i) => {
    if (i > 0 && i < series) {
      pos.makeNull();
      undo.push(() => pos.unmakeNull());
    }
    san.push(makeSan(pos, move));
    uci.push(makeUci(pos, move));
    pos.make(move);
    undo.push(() => pos.unmake(move));
  });
  for (let i = undo.length - 1; i >= 0; i--) undo[i]!();
  return { san, uci };
}
