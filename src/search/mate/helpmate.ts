// The help play prover (Popeye's meanings): h#n, the side to move moves first, both sides
// cooperate, and after 2n plies the other side's last move mates the side that began; h=n the
// same ending in stalemate; h#n.5 and h=n.5 one half move more, so that the side to move begins
// and makes the last move too (2n+1 plies). Every solution is listed: the whole tree of sequences
// is walked, with "no solution in p plies" remembered per position so that transpositions are
// searched once. Iterative n makes the listed ones the shortest (n.5 from 0.5: Popeye lists short
// solutions too).

import { CheckDetector } from '../../chess/checks.ts';
import { MAX_MOVES } from '../../chess/move.ts';
import { generateLegal, hasLegalMove } from '../../chess/movegen.ts';
import type { Position } from '../../chess/position.ts';
import { Polling, SearchStopped } from './polling.ts';
import { MAX_MATE_MOVES, MateTable } from './table.ts';
import type { Goal } from './genres.ts';
import type { MateLimits } from './types.ts';

/** Which help play: the goal of the last move, and whether the side to move also moves last (n.5). */
export interface HelpPlay {
  readonly goal: Goal;
  readonly half: boolean;
  /** hs#n: after 2n-1 plies of help play the other side must be forced to mate (each forced mate written after). */
  readonly selfEnd?: boolean;
}

export const HELPMATE: HelpPlay = { goal: 'mate', half: false };

/** The most solutions kept: a position with more is answered with these and marked incomplete. */
export const MAX_HELPMATE_SOLUTIONS = 10_000;
/** The longest helpmate asked: 2n plies must fit the table's 8-bit depth. */
export const MAX_HELPMATE_MOVES = Math.floor(MAX_MATE_MOVES / 2);


export interface HelpmateSolution {
  status: 'mate' | 'no-mate' | 'stopped';
  /** The shortest n with a solution (n.5 in half play: 0 is 0.5), null when none. */
  mateIn: number | null;
  /** Every solution of length mateIn: 2n (half play 2n+1) move integers each, the side to move's first. */
  solutions: number[][];
  /** False when a limit (or MAX_HELPMATE_SOLUTIONS) cut the list short. */
  solutionsComplete: boolean;
  nodes: number;
  /**
   * The largest n for which "no solution in n or fewer" is proven; in half play the number of
   * lengths proven empty (1: none in 0.5, 2: none in 1.5 or fewer, …).
   */
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
  /** The goal of the last ply: stalemate instead of mate. */
  private stalemate = false;
  /** hs#: the last help ply must leave the other side only mating moves. */
  private selfEnd = false;
  /** The limits and the node reports (polling.ts). */
  private readonly polling = new Polling();
  nodes = 0;
  private nextPoll = 0;

  constructor(tableBits = 20) {
    this.table = new MateTable(tableBits);
  }

  /**
   * Searches n = 1 … maxMoves (half play: 0.5 … maxMoves.5) for the shortest solution in
   * `position` (not changed) and lists all of that length.
   */
  solve(position: Position, maxMoves: number, limits: MateLimits = {}, play: HelpPlay = HELPMATE): HelpmateSolution {
    if (maxMoves > MAX_HELPMATE_MOVES) throw new RangeError(`helpmate solver: at most ${MAX_HELPMATE_MOVES} moves, got ${maxMoves}`);
    this.prepare(position, maxMoves, limits);
    this.stalemate = play.goal === 'stalemate';
    this.selfEnd = play.selfEnd === true;
    const first = play.half ? 0 : 1;
    // Non-half: n - 1 lengths are proven before n; half: n (0.5 … (n-1).5).
    const provenBefore = (n: number): number => (play.half ? n : n - 1);
    let n = first;
    try {
      for (; n <= maxMoves; n++) {
        this.polling.depth = n;
        // hs#n: 2n-1 plies of help play, then the forced mate.
        this.help(this.selfEnd ? 2 * n - 1 : 2 * n + (play.half ? 1 : 0), 0, 0);
        limits.onProgress?.({ depth: n, nodes: this.nodes, found: this.solutions.length > 0 });
        if (this.solutions.length > 0) {
          return { status: 'mate', mateIn: n, solutions: this.solutions, solutionsComplete: !this.full, nodes: this.nodes, provenDepth: provenBefore(n) };
        }
      }
    } catch (error) {
      if (!(error instanceof SearchStopped)) throw error;
      const found = this.solutions.length > 0;
      return { status: found ? 'mate' : 'stopped', mateIn: found ? n : null, solutions: this.solutions, solutionsComplete: false, nodes: this.nodes, provenDepth: provenBefore(n) };
    }
    const provenDepth = provenBefore(maxMoves + 1);
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
    const found = plies > 1 ? this.cooperate(plies, ply, start, end) : this.selfEnd ? this.selfFinals(ply, start, end) : this.finals(ply, start, end);
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

  /**
   * The last ply: each move after which the other side has no legal move is a solution, a
   * checking one for mate, a quiet one for stalemate.
   */
  private finals(ply: number, start: number, end: number): boolean {
    const pos = this.pos;
    const checks = this.checks;
    const stalemate = this.stalemate;
    checks.prepare(pos);
    let found = false;
    for (let i = start; i < end; i++) {
      const move = this.moves[i];
      if (checks.givesCheck(pos, move) === stalemate) continue;
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

  /**
   * hs#'s last help ply: each move after which the other side has a move and every one mates is a
   * solution, written with each forced mate after it (as Popeye writes them).
   */
  private selfFinals(ply: number, start: number, end: number): boolean {
    const pos = this.pos;
    const checks = this.checks;
    let found = false;
    for (let i = start; i < end; i++) {
      const move = this.moves[i];
      this.line[ply] = move;
      pos.make(move);
      const replies = generateLegal(pos, this.moves, end);
      let forced = replies > end;
      if (forced) {
        checks.prepare(pos);
        for (let k = end; k < replies && forced; k++) forced = checks.givesCheck(pos, this.moves[k]);
      }
      for (let k = end; k < replies && forced; k++) {
        pos.make(this.moves[k]);
        this.tick();
        forced = !hasLegalMove(pos);
        pos.unmake(this.moves[k]);
      }
      if (forced) {
        found = true;
        for (let k = end; k < replies; k++) {
          this.line[ply + 1] = this.moves[k];
          this.record(ply + 2);
        }
      }
      pos.unmake(move);
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
