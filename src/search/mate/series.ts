// The series-mover prover (Popeye's meanings): the side to move makes n moves in a row, the other
// side not moving, none of them giving check but the last; then
//   ser-#n: its n-th move mates (ser-=n: stalemates) — that last move the only one that may check;
//   ser-h#n: the other side mates it in one (ser-h=n: stalemates it), answering a check if the
//   last series move gave one;
//   ser-s#n: the other side is forced to mate it in one (it has a move, and every move mates); the
//   series' last move may check, and each forced mate is written after the series.
// Every solution of the shortest n is listed, as help play's are (helpmate.ts): the tree of
// series is walked once per n, "no solution in k series moves" remembered per position. Between
// two moves of the series the other side passes (a null move: the turn and the en passant right
// change, as when it had moved without a trace).

import { CheckDetector } from '../../chess/checks.ts';
import { MAX_MOVES } from '../../chess/move.ts';
import { generateLegal, hasLegalMove } from '../../chess/movegen.ts';
import type { Position } from '../../chess/position.ts';
import type { Goal } from './genres.ts';
import type { HelpmateSolution } from './helpmate.ts';
import { MAX_HELPMATE_SOLUTIONS } from './helpmate.ts';
import { Polling, SearchStopped } from './polling.ts';
import { MAX_MATE_MOVES, MateTable } from './table.ts';
import type { MateLimits } from './types.ts';

/** How a series ends: by its own last move (direct), by the other side's move helped (help) or forced (self). */
export interface SeriesPlay {
  readonly end: 'direct' | 'help' | 'self';
  readonly goal: Goal;
}

export class SeriesSolver {
  private readonly table: MateTable;
  private readonly checks = new CheckDetector();
  private pos!: Position;
  private moves = new Int32Array(0);
  /** The series being played, ply by ply (a move of each series step, then the other side's last); copied out at each solution. */
  private line = new Int32Array(0);
  private solutions: number[][] = [];
  private full = false;
  private end: SeriesPlay['end'] = 'direct';
  private stalemate = false;
  private readonly polling = new Polling();
  nodes = 0;
  private nextPoll = 0;

  constructor(tableBits = 20) {
    this.table = new MateTable(tableBits);
  }

  /**
   * Searches n = 1 … maxMoves for the shortest series in `position` (not changed) and lists every
   * one of that length: the series' moves, then (help, self) the other side's final move(s).
   */
  solve(position: Position, maxMoves: number, limits: MateLimits = {}, play: SeriesPlay): HelpmateSolution {
    if (maxMoves > MAX_MATE_MOVES) throw new RangeError(`series solver: at most ${MAX_MATE_MOVES} moves, got ${maxMoves}`);
    this.pos = position.clone();
    this.nodes = 0;
    this.nextPoll = this.polling.start(limits);
    this.solutions = [];
    this.full = false;
    this.end = play.end;
    this.stalemate = play.goal === 'stalemate';
    const plies = maxMoves + 2;
    if (this.line.length < plies) {
      this.moves = new Int32Array(MAX_MOVES * plies);
      this.line = new Int32Array(plies);
    }
    this.table.clear();
    let n = 1;
    try {
      for (; n <= maxMoves; n++) {
        this.polling.depth = n;
        this.series(n, 0, 0);
        limits.onProgress?.({ depth: n, nodes: this.nodes, found: this.solutions.length > 0 });
        if (this.solutions.length > 0) {
          return { status: 'mate', mateIn: n, solutions: this.solutions, solutionsComplete: !this.full, nodes: this.nodes, provenDepth: n - 1 };
        }
      }
    } catch (error) {
      if (!(error instanceof SearchStopped)) throw error;
      const found = this.solutions.length > 0;
      return { status: found ? 'mate' : 'stopped', mateIn: found ? n : null, solutions: this.solutions, solutionsComplete: false, nodes: this.nodes, provenDepth: n - 1 };
    }
    return { status: 'no-mate', mateIn: null, solutions: [], solutionsComplete: true, nodes: this.nodes, provenDepth: maxMoves };
  }

  private tick(): void {
    if (++this.nodes < this.nextPoll) return;
    this.nextPoll = this.polling.poll(this.nodes);
  }

  /** The series side to move with `left` moves of its series left: records every way to the goal; true when there was one. */
  private series(left: number, ply: number, start: number): boolean {
    this.tick();
    const pos = this.pos;
    const table = this.table;
    if (table.probe(pos.hashHi, pos.hashLo) && table.fail() >= left) return false;
    const end = generateLegal(pos, this.moves, start);
    const last = left === 1;
    const direct = this.end === 'direct';
    let found = false;
    for (let i = start; i < end; i++) {
      const move = this.moves[i];
      this.line[ply] = move;
      pos.make(move);
      // Whether the move checks, seen from the other side (the check detector's state would not
      // survive the recursion below).
      const check = pos.inCheck();
      if (last && direct) {
        // The series' own last move: it mates (checking) or stalemates (quiet).
        if (check !== this.stalemate) {
          this.tick();
          if (!hasLegalMove(pos)) {
            this.record(ply + 1);
            found = true;
          }
        }
      } else if (!check || last) {
        // No check on the way (the other side would have to answer it); the last series move
        // of ser-h#, ser-h= and ser-s# may check, the other side's move answering it.
        if (!last) {
          pos.makeNull();
          if (this.series(left - 1, ply + 1, end)) found = true;
          pos.unmakeNull();
        } else if (this.end === 'help' ? this.helpEnd(ply + 1, end) : this.selfEnd(ply + 1, end)) {
          found = true;
        }
      }
      pos.unmake(move);
    }
    if (!found) table.storeFail(pos.hashHi, pos.hashLo, left);
    return found;
  }

  /** After the series: each move of the other side that mates (stalemates) the series side is a solution. */
  private helpEnd(ply: number, start: number): boolean {
    const pos = this.pos;
    const end = generateLegal(pos, this.moves, start);
    const checks = this.checks;
    checks.prepare(pos);
    let found = false;
    for (let i = start; i < end; i++) {
      const move = this.moves[i];
      if (checks.givesCheck(pos, move) === this.stalemate) continue;
      pos.make(move);
      this.tick();
      const reached = !hasLegalMove(pos);
      pos.unmake(move);
      if (!reached) continue;
      this.line[ply] = move;
      this.record(ply + 1);
      found = true;
    }
    return found;
  }

  /** After the series: the other side has a move and every one mates the series side; the series is the solution. */
  private selfEnd(ply: number, start: number): boolean {
    const pos = this.pos;
    const end = generateLegal(pos, this.moves, start);
    if (end === start) return false;
    const checks = this.checks;
    checks.prepare(pos);
    for (let i = start; i < end; i++) if (!checks.givesCheck(pos, this.moves[i])) return false;
    for (let i = start; i < end; i++) {
      const move = this.moves[i];
      pos.make(move);
      this.tick();
      const mate = !hasLegalMove(pos);
      pos.unmake(move);
      if (!mate) return false;
    }
    // Popeye writes the forced mate after the series: a line for each.
    for (let i = start; i < end; i++) {
      this.line[ply] = this.moves[i];
      this.record(ply + 1);
    }
    return true;
  }

  private record(length: number): void {
    if (this.solutions.length >= MAX_HELPMATE_SOLUTIONS) {
      this.full = true;
      return;
    }
    this.solutions.push(Array.from(this.line.subarray(0, length)));
  }
}
