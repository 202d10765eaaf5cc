// What the mate solver is asked and what it answers: plain values, so they cross worker threads.

export type MateMode = 'all' | 'checks';

export type { Stipulation } from './genres.ts';
export { STIPULATIONS } from './genres.ts';

export interface MateLimits {
  /** Stop after this many nodes (the answer then says "stopped"). */
  maxNodes?: number;
  /** Polled every few thousand nodes; true stops the search (deadline, cancellation). */
  shouldStop?: () => boolean;
  /** Called after each completed iteration n = 1, 2, … */
  onProgress?: (progress: MateProgress) => void;
  /** Called every NODE_REPORT_INTERVAL nodes (polling.ts) with the running count: a live status line. */
  onNodes?: (count: MateNodeCount) => void;
}

/** The running node count of a solve, while an iteration runs. */
export interface MateNodeCount {
  /** The mate length being searched (or whose answer is being read out). */
  depth: number;
  /** Nodes searched so far in this solve. */
  nodes: number;
}

export interface MateProgress {
  /** The mate length just searched. */
  depth: number;
  /** Nodes searched so far in this solve. */
  nodes: number;
  /** Whether a mate of this length was found. */
  found: boolean;
}

export interface MateSolution {
  status: 'mate' | 'no-mate' | 'stopped';
  /** The shortest mate length found (moves of the attacker), null when none. */
  mateIn: number | null;
  /** Every key (first move) that forces mate in `mateIn`, as move integers of the root position. */
  keys: number[];
  /** False when the search stopped after finding some keys but before trying every root move. */
  keysComplete: boolean;
  /** Key, longest-resisting defence, quickest answer, … to mate. */
  line: number[];
  /** False when a limit stopped the search while the line was being read out (it is then partial). */
  lineComplete: boolean;
  nodes: number;
  /** The largest n for which "no mate in n or fewer" is proven (mateIn - 1 when mate was found). */
  provenDepth: number;
}

/** The solution tree: after a key, each defence with the attacker's quickest answer, recursively. */
export interface SolutionNode {
  move: number;
  replies: SolutionNode[];
}

/** What MateSolver.proveKey finds about one first move. */
export interface KeyProof {
  /** The shortest n within the limit in which the move mates; null when it does not (or a limit stopped first). */
  mateIn: number | null;
  /** A limit stopped the search before it knew. */
  stopped: boolean;
  /** The main line, key first, when asked for and the move mates. */
  line: number[];
  lineComplete: boolean;
  /** The move's part of the solution tree (one node), when asked for and the move mates; null otherwise. */
  tree: { tree: SolutionNode[]; complete: boolean } | null;
  nodes: number;
}
