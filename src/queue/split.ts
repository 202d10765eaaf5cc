// One long direct mate split over the queue's workers: the decisions, apart from the queue's I/O
// (solver.ts does that). The problem is deepened n = 1, 2, … as the single-thread solver does
// it; at each n every first move is a job of its own (a MateKeyJob) that proves or refutes it, and
// the answer is assembled from theirs. A first move whose part was a large share of the level
// before (the key's proof, usually) is split finer, one part per defender's reply: it mates when
// every reply's part mates, and one reply's refutation stops the others (solver.ts). Each part is the solver's own proof, the keys are listed in
// the order the solver tries its first moves, and the main line and tree are read out by the job
// of the key they start with, so the answer is the one a single thread gives (its node count
// apart: the parts do not share one table).

import { makeFen, parseFen } from '../chess/fen.ts';
import { legalMoveList } from '../chess/movegen.ts';
import { makeUci, parseUci } from '../chess/uci.ts';
import type { MateJob, MateJobResult, MateKeyJob, MateKeyResult } from '../engine/index.ts';
import { MateSolver } from '../search/mate/index.ts';

/**
 * A split problem's parts wait behind every whole problem (BullMQ takes jobs without a priority
 * first, then the lowest number): another member's problem is not queued behind a hundred parts.
 */
export const PART_PRIORITY = 10;

/**
 * A problem is split once its whole solve has searched this many nodes (about 0.2 s on one
 * thread): the whole solve before the split is one worker's, and holds up the rest.
 */
export const DEFAULT_SPLIT_AFTER_NODES = 100_000;

/**
 * A first move whose part searched more than this share of its level's nodes is split by reply at
 * the next level: its part would be the next level's longest, which the level waits for.
 */
export const WIDE_SHARE = 1 / 8;

/** A problem with this many first moves or fewer is split by reply from its first split level on: by first move alone, too few parts. */
export const FEW_ROOTS = 6;

/** The first moves split by reply at the first split level: all of them where there are few. */
export function firstWide(roots: readonly string[]): string[] {
  return roots.length <= FEW_ROOTS ? [...roots] : [];
}

/** The id of a wide first move's group of parts at one level: one reply's refutation cancels the others by it. */
export function groupId(problemId: string, depth: number, key: string): string {
  return `${problemId}.${depth}.${key}`;
}

/** The root moves are ordered with a solver of this small a table: ordering reads no table. */
const ORDERING_TABLE_BITS = 8;

/** Where a split problem stands, kept in its job's data so that a re-run parent carries on. */
export interface SplitState {
  /** The mate length its parts are proving now. */
  readonly n: number;
  /** The first moves, in UCI, in the order the single-thread solver tries them. */
  readonly roots: readonly string[];
  /** The first moves split by reply at this level (WIDE_SHARE). */
  readonly wide: readonly string[];
  /** Nodes of the whole solve before the split and of every finished level. */
  readonly nodes: number;
  /** Epoch ms the problem started on its first worker. */
  readonly startedAt: number;
  /** Epoch ms the whole solve stopped and the split began (its time is startedAt to here). */
  readonly splitAt: number;
  /** Epoch ms by which it must be over (the job's deadline, or its time limit from startedAt); null: none. */
  readonly deadline: number | null;
}

/** A part's answer as the parent receives it: the engine's, with the level it belongs to and who ran it. */
export interface PartResult extends MateKeyResult {
  readonly depth: number;
  /** Its place among its level's parts (levelParts), the order BullMQ hands them out in. */
  readonly index: number;
  /** The solver process that ran it (host and pid), to count the workers on a problem. */
  readonly solver: string;
}

/** Whether a queued mate job may be split: a direct mate with nothing a part cannot give (the problemist's solution, a node limit). */
export function canSplit(job: MateJob): boolean {
  return (job.stipulation ?? 'direct') === 'direct' && job.solution === undefined && job.maxNodes === undefined && job.shared === undefined;
}

/** The first moves of the problem in UCI, in the order the single-thread solver tries them. */
export function splitRoots(job: MateJob): string[] {
  const position = parseFen(job.fen);
  return new MateSolver(ORDERING_TABLE_BITS).rootMoveOrder(position, job.mode).map((move) => makeUci(position, move));
}

/**
 * Whether the whole solve, stopped at `budget` nodes, left work to split: it had not finished
 * (stopped, or a mate found with keys still untried). A solve that ended within the budget is the answer.
 */
export function leftToSplit(first: MateJobResult, budget: number): boolean {
  return first.nodes >= budget && (first.status === 'stopped' || !first.keysComplete);
}

/**
 * The parts of level `state.n`: one job per first move, or per reply for a wide one (the line and
 * tree read out where one mates), in the solver's order of the first moves.
 */
export function levelParts(job: MateJob, state: SplitState): MateKeyJob[] {
  const part = (key: string, reply?: string): MateKeyJob => ({
    kind: 'mateKey', fen: job.fen, key, ...(reply === undefined ? {} : { reply }), maxMoves: state.n, mode: job.mode, line: true,
    ...(job.tree ? { tree: true } : {}),
  });
  const position = parseFen(job.fen);
  return state.roots.flatMap((key) => {
    const replies = state.wide.includes(key) && state.n >= 2 ? repliesTo(position, key) : [];
    return replies.length < 2 ? [part(key)] : replies.map((reply) => part(key, reply));
  });
}

/**
 * The defender's replies to `key` in UCI, in the order the solver reads the line and tree through
 * them: a position read afresh from its FEN's (MateSolver's readOutMoves).
 */
function repliesTo(position: ReturnType<typeof parseFen>, key: string): string[] {
  const move = parseUci(position, key);
  position.make(move);
  const after = parseFen(makeFen(position));
  position.unmake(move);
  return legalMoveList(after).map((reply) => makeUci(after, reply));
}

/** What one finished level says: the answer, or go on to the next n. */
export type LevelOutcome =
  | { readonly kind: 'answer'; readonly result: MateJobResult; readonly found: boolean; readonly nodes: number }
  | { readonly kind: 'deeper'; readonly next: SplitState; readonly nodes: number };

/**
 * Judges level `state.n` from its parts' results (any order; exactly one per first move): the
 * keys that mate, in the solver's order; a mate found ends the search, a refuted level goes one
 * deeper, the last refuted level proves "no mate", and a part stopped by a limit stops it.
 */
export function judgeLevel(job: MateJob, state: SplitState, parts: readonly PartResult[], now: number): LevelOutcome {
  const level = parts.filter((part) => part.depth === state.n);
  const byKey = new Map(level.filter((part) => part.reply === undefined).map((part) => [part.key, part]));
  for (const key of state.wide) {
    const group = level.filter((part) => part.key === key && part.reply !== undefined);
    if (group.length > 0) byKey.set(key, joinReplies(job, state.n, group));
  }
  const missing = state.roots.filter((key) => !byKey.has(key));
  if (missing.length > 0) throw new Error(`split mate: level ${state.n} has no answer for ${missing.join(', ')}`);
  const ordered = state.roots.map((key) => byKey.get(key)!);
  const nodes = state.nodes + ordered.reduce((sum, part) => sum + part.nodes, 0);
  const keys = ordered.filter((part) => part.mateIn !== null);
  const stopped = ordered.some((part) => part.stopped);
  const elapsedMs = now - state.startedAt;
  if (keys.length > 0) return { kind: 'answer', result: mateResult(job, state.n, keys, !stopped, nodes, elapsedMs), found: true, nodes };
  if (stopped) return { kind: 'answer', result: endResult('stopped', state.n - 1, nodes, elapsedMs), found: false, nodes };
  if (state.n >= job.maxMoves) return { kind: 'answer', result: endResult('no-mate', state.n, nodes, elapsedMs), found: false, nodes };
  const levelNodes = nodes - state.nodes;
  const wide = ordered.filter((part) => part.nodes > WIDE_SHARE * levelNodes).map((part) => part.key);
  return { kind: 'deeper', next: { ...state, n: state.n + 1, nodes, wide }, nodes };
}

/**
 * A wide first move's answer from its replies' parts (one per reply, any order): it mates when
 * every reply is mated, and is refuted by any reply that is not, whatever the others (stopped by
 * that refutation) say. Its line takes the reply mated last (the first such, in the solver's
 * order, as mainLine), its tree every reply.
 */
function joinReplies(job: MateJob, n: number, group: readonly PartResult[]): PartResult {
  const position = parseFen(job.fen);
  const first = group[0]!;
  const order = repliesTo(position, first.key);
  const replies = [...group].sort((a, b) => order.indexOf(a.reply!) - order.indexOf(b.reply!));
  const nodes = replies.reduce((sum, part) => sum + part.nodes, 0);
  const elapsedMs = replies.reduce((sum, part) => sum + part.elapsedMs, 0);
  const base = { key: first.key, keySan: first.keySan, depth: n, index: first.index, solver: first.solver, nodes, elapsedMs };
  const refuted = replies.some((part) => !part.stopped && part.mateIn === null);
  const complete = replies.length === order.length && replies.every((part) => part.mateIn !== null);
  if (refuted || !complete) return { ...base, mateIn: null, stopped: !refuted, line: [], lineUci: [], lineComplete: false };
  let longest = replies[0]!;
  for (const part of replies) if (part.mateIn! > longest.mateIn!) longest = part;
  const tree = job.tree
    ? {
      tree: [{ san: first.keySan, uci: first.key, replies: replies.map((part) => ({ san: part.replySan!, uci: part.reply!, replies: part.tree ?? [] })) }],
      treeComplete: replies.every((part) => part.treeComplete === true),
    }
    : {};
  return {
    ...base, mateIn: n, stopped: false,
    line: [first.keySan, longest.replySan!, ...longest.line], lineUci: [first.key, longest.reply!, ...longest.lineUci], lineComplete: longest.lineComplete,
    ...tree,
  };
}

/** The workers that ran a level's parts (one solver process counts once). */
export function workersOn(parts: readonly PartResult[], n: number): number {
  return new Set(parts.filter((part) => part.depth === n).map((part) => part.solver)).size;
}

/** A mate in n with `keys` (in the solver's order): the line is the first key's, the tree every key's. */
function mateResult(job: MateJob, n: number, keys: readonly PartResult[], keysComplete: boolean, nodes: number, elapsedMs: number): MateJobResult {
  const first = keys[0]!;
  // As solveMate: a tree only where every key is known.
  const tree = job.tree && keysComplete
    ? { tree: keys.flatMap((key) => key.tree ?? []), treeComplete: keys.every((key) => key.treeComplete === true) }
    : {};
  return {
    status: 'mate', mateIn: n, keys: keys.map((key) => key.key), keysSan: keys.map((key) => key.keySan), keysComplete,
    line: first.line, lineUci: first.lineUci, lineComplete: first.lineComplete, nodes, provenDepth: n - 1, ...tree, elapsedMs,
  };
}

function endResult(status: 'stopped' | 'no-mate', provenDepth: number, nodes: number, elapsedMs: number): MateJobResult {
  return {
    status, mateIn: null, keys: [], keysSan: [], keysComplete: status === 'no-mate', line: [], lineUci: [], lineComplete: status === 'no-mate',
    nodes, provenDepth, elapsedMs,
  };
}
