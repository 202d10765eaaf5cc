// The helpmate prover (h#n, Popeye's meaning): the side to move moves first, both sides cooperate,
// and after 2n plies the other side's last move mates the side that began. Every solution is
// listed: the whole tree of sequences is walked, with "no helpmate in p plies" remembered per
// position so that transpositions are searched once. Iterative n makes the listed ones the shortest.

import { CheckDetector } from '../../chess/checks.ts';
import { MAX_MOVES } from '../../chess/move.ts';
import { generateLegal, hasLegalMove } from '../../chess/movegen.ts';
import type { Position } from '../../chess/position.ts';
import { Polling, SearchStopped } from './polling.ts';
import { MAX_MATE_MOVES, MateTable } from './table.ts';
import type { MateLimits } from './types.ts';

/** The most solutions kept: a position with more is answered with these and marked incomplete. */
export const MAX_HELPMATE_SOLUTIONS = 10_000;
/** The longest helpmate asked: 2n plies must fit the table's 8-bit depth. */
export const MAX_HELPMATE_MOVES = Math.floor(MAX_MATE_MOVES / 2);


export interface HelpmateSolution {
  status: 'mate' | 'no-mate' | 'stopped';
  /** The shortest n with a solution, null when none. */
  mateIn: number | null;
  /** Every solution of length mateIn: 2n move integers each, the side to move's first. */
  solutions: number[][];
  /** False when a limit (or MAX_HELPMATE_SOLUTIONS) cut the list short. */
  solutionsComplete: boolean;
  nodes: number;
  /** The largest n for which "no helpmate in n or fewer" is proven. */
  provenDepth: number;
}

export class HelpmateSolver {
  private readonly table: MateTable;
  private readonly checks = new CheckDetector();
  private pos!: Position;
  private moves = new Int32Array(0);
  /** The sequence being played, ply by ply; copied out at each mate. */
  private line = new Int32Array(0);
  private solutions: number[][] = [];
  private full = false;
  /** The limits and the node reports (polling.ts). */
  private readonly polling = new Polling();
  nodes = 0;
  private nextPoll = 0;

  constructor(tableBits = 20) {
    this.table = new MateTable(tableBits);
  }

  /** Searches n = 1 … maxMoves for the shortest helpmate in `position` (not changed) and lists all of that length. */
  solve(position: Position, maxMoves: number, limits: MateLimits = {}): HelpmateSolution {
    if (maxMoves > MAX_HELPMATE_MOVES) throw new RangeError(`helpmate solver: at most ${MAX_HELPMATE_MOVES} moves, got ${maxMoves}`);
    this.prepare(position, maxMoves, limits);
    let provenDepth = 0;
    try {
      for (let n = 1; n <= maxMoves; n++) {
        this.polling.depth = n;
        this.help(2 * n, 0, 0);
        limits.onProgress?.({ depth: n, nodes: this.nodes, found: this.solutions.length > 0 });
        if (this.solutions.length > 0) {
          return { status: 'mate', mateIn: n, solutions: this.solutions, solutionsComplete: !this.full, nodes: this.nodes, provenDepth: n - 1 };
        }
        provenDepth = n;
      }
    } catch (error) {
      if (!(error instanceof SearchStopped)) throw error;
      const found = this.solutions.length > 0;
      return { status: found ? 'mate' : 'stopped', mateIn: found ? provenDepth + 1 : null, solutions: this.solutions, solutionsComplete: false, nodes: this.nodes, provenDepth };
    }
    return { status: 'no-mate', mateIn: null, solutions: [], solutionsComplete: true, nodes: this.nodes, provenDepth };
  }

  private prepare(position: Position, maxMoves: number, limits: MateLimits): void {
    this.pos = position.clone();
    this.nodes = 0;
    this.nextPoll = this.polling.start(limits);
    this.solutions = [];
    this.full = false;
    const plies = 2 * maxMoves + 1;
    if (this.line.length < plies) {
      this.moves = new Int32Array(MAX_MOVES * plies);
      this.line = new Int32Array(plies);
    }
    this.table.clear();
  }

  private tick(): void {
    if (++this.nodes < this.nextPoll) return;
    this.nextPoll = this.polling.poll(this.nodes);
  }

  /**
   * `plies` left (even: the side that began is to move; odd: the mating side): records every
   * sequence of exactly that many plies ending in mate; true when there was one. Within
   * iteration n no shorter one exists (it would be a shorter solution from the root), so a
   * failure is stored as "none in at most `plies`", which later iterations may trust.
   */
  private help(plies: number, ply: number, start: number): boolean {
    this.tick();
    const pos = this.pos;
    if (this.table.probe(pos.hashHi, pos.hashLo) && this.table.fail() >= plies) return false;
    const end = generateLegal(pos, this.moves, start);
    const found = plies === 1 ? this.mates(ply, start, end) : this.cooperate(plies, ply, start, end);
    if (!found) this.table.storeFail(pos.hashHi, pos.hashLo, plies);
    return found;
  }

  private cooperate(plies: number, ply: number, start: number, end: number): boolean {
    const pos = this.pos;
    let found = false;
    for (let i = start; i < end; i++) {
      const move = this.moves[i];
      this.line[ply] = move;
      pos.make(move);
      if (this.help(plies - 1, ply + 1, end)) found = true;
      pos.unmake(move);
    }
    return found;
  }

  /** The last ply: each checking move after which the other side has no legal move is a solution. */
  private mates(ply: number, start: number, end: number): boolean {
    const pos = this.pos;
    const checks = this.checks;
    checks.prepare(pos);
    let found = false;
    for (let i = start; i < end; i++) {
      const move = this.moves[i];
      if (!checks.givesCheck(pos, move)) continue;
      pos.make(move);
      this.tick();
      const mate = !hasLegalMove(pos);
      pos.unmake(move);
      if (!mate) continue;
      found = true;
      this.line[ply] = move;
      this.record(ply + 1);
    }
    return found;
  }

  private record(length: number): void {
    if (this.solutions.length >= MAX_HELPMATE_SOLUTIONS) {
      this.full = true;
      return;
    }
    this.solutions.push(Array.from(this.line.subarray(0, length)));
  }
}
