// What the mate solvers do every POLL_INTERVAL nodes, written once for the three of them: ask the
// limits whether to stop, report the running node count now and then, and let the answer of a
// proven mate be read out whatever the limits say. Each solver counts its nodes itself (the count
// is the hot path) and calls poll() only when its count reaches the value poll() last returned.

import type { MateLimits } from './types.ts';

/** Limits are polled every this many nodes: a few milliseconds of search at most between polls. */
export const POLL_INTERVAL = 1024;
/**
 * The running node count goes to MateLimits.onNodes every this many nodes (2^16): some tens of
 * milliseconds of search, often enough for a status line rewritten a few times a second, and
 * one comparison per poll, so the search does not notice.
 */
export const NODE_REPORT_INTERVAL = 1 << 16;
/**
 * Once a mate is proven, its main line is read out even past the time limit (it is the answer):
 * within this many more nodes (2^19, about half a second) once a limit has been reached; with no
 * limit reached it is read whole. Read back through the warm table, a line takes from a few
 * hundred nodes to some 100,000 (a hard mate in 6), several million on #57 of the public suite
 * (a mate in 8) whose table lost much of the proof; the allowance stays well inside the worker
 * pool's grace period (pool.ts's stopGraceMs, 2 s) after a stop.
 */
export const READ_OUT_NODES = 1 << 19;

/** Thrown through a solver's search to unwind it at once when a limit says stop. */
export class SearchStopped extends Error {}

export class Polling {
  private limits: MateLimits = {};
  private maxNodes = Infinity;
  /** While a proven mate's line is read out: the node count it must end by; else null. */
  private readOutEnd: number | null = null;
  private nextReport = NODE_REPORT_INTERVAL;
  /** The mate length being searched, for the node reports (the solver sets it per iteration). */
  depth = 0;

  /** A new solve under `limits`: the node count of its first poll. */
  start(limits: MateLimits): number {
    this.limits = limits;
    this.maxNodes = limits.maxNodes ?? Infinity;
    this.readOutEnd = null;
    this.nextReport = NODE_REPORT_INTERVAL;
    this.depth = 0;
    return Math.min(POLL_INTERVAL, this.maxNodes);
  }

  /**
   * At `nodes`: reports the count if one is due, throws SearchStopped if a limit says stop, and
   * returns the node count of the next poll.
   */
  poll(nodes: number): number {
    if (nodes >= this.nextReport) {
      this.nextReport = nodes + NODE_REPORT_INTERVAL;
      this.limits.onNodes?.({ depth: this.depth, nodes });
    }
    if (this.readOutEnd !== null) {
      // The allowance is for reading past a limit: with none reached, the line is read whole
      // (a hard mate's line, read through a table that lost part of the proof, may need more).
      if (nodes >= this.readOutEnd && (nodes >= this.maxNodes || this.limits.shouldStop?.())) throw new SearchStopped();
      return nodes >= this.readOutEnd ? nodes + POLL_INTERVAL : Math.min(nodes + POLL_INTERVAL, this.readOutEnd);
    }
    const next = Math.min(nodes + POLL_INTERVAL, this.maxNodes);
    if (nodes >= this.maxNodes || this.limits.shouldStop?.()) throw new SearchStopped();
    return next;
  }

  /**
   * Runs `readOut` (a proven mate's line) with the limits set aside, within READ_OUT_NODES more
   * nodes; `nodes` is the count now, and `setNextPoll` hands the solver its next poll, before and
   * after. A SearchStopped from the allowance running out goes to the caller, as a limit's would.
   */
  readOut<T>(nodes: number, setNextPoll: (next: number) => void, readOut: () => T): T {
    this.readOutEnd = nodes + READ_OUT_NODES;
    setNextPoll(Math.min(nodes + POLL_INTERVAL, this.readOutEnd));
    try {
      return readOut();
    } finally {
      this.readOutEnd = null;
      // The limits again from here (a tree, an analysis): at once if they have passed.
      setNextPoll(nodes);
    }
  }
}
