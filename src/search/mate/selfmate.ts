// The selfmate prover (s#n, Popeye's meaning): the side to move (the attacker) forces the other
// side to mate it within n moves, the other side trying not to. The same AND/OR search as the
// direct solver: an attacker node needs one move after which every defence either mates the
// attacker at once or leaves a selfmate in n-1; after the attacker's n-th move every defence
// must mate. A defender with no legal move (mated or stalemated by the attacker) refutes.
//
// The same search answers the stalemate genres (ForcedPlay): s=n, the defender forced to
// stalemate the attacker; =n, the attacker stalemating the defender by its own move within n
// (the goal reached by the attacker's move, a mate of either side or a stalemate of the attacker
// failing). The direct mate keeps its own solver (solver.ts), which this one does not touch.

import { CheckDetector } from '../../chess/checks.ts';
import { MAX_MOVES, NO_MOVE } from '../../chess/move.ts';
import { generateLegal, hasLegalMove, legalMoveList } from '../../chess/movegen.ts';
import type { Position } from '../../chess/position.ts';
import { bringToFront } from './ordering.ts';
import { Polling, SearchStopped } from './polling.ts';
import { MAX_MATE_MOVES, MateTable } from './table.ts';
import type { Goal } from './genres.ts';
import type { MateLimits, MateSolution } from './types.ts';

/**
 * Which forced play: who brings the goal about (the defender's forced move, or the attacker's
 * own), and the goal; `reflex` (r#n, semi-r#n, self play): a side that can mate in one must —
 * the defender ('semi': it alone), or both ('full': the attacker's own mate in one then fails).
 */
export interface ForcedPlay {
  readonly by: 'self' | 'direct';
  readonly goal: Goal;
  readonly reflex?: 'semi' | 'full';
}

export const SELFMATE: ForcedPlay = { by: 'self', goal: 'mate' };


export class SelfmateSolver {
  private readonly table: MateTable;
  private readonly checks = new CheckDetector();
  private root!: Position;
  private pos!: Position;
  private stopped = false;
  /** Whether the last main line read out reached its end (no limit cut it). */
  private lineEnded = false;
  private moves = new Int32Array(0);
  /** Per ply, the defence that last refuted there: tried first in the sibling positions. */
  private killers = new Int32Array(0);
  /** The limits, the node reports, and the proven selfmate's read-out (polling.ts). */
  private readonly polling = new Polling();
  nodes = 0;
  private nextPoll = 0;
  /** The goal is stalemate (s=n, =n), not mate. */
  private stalemate = false;
  /** The attacker reaches the goal by its own move (=n), not the defender (s#n, s=n). */
  private direct = false;
  /** r#n, semi-r#n: the defender must mate in one when it can. */
  private reflexDefender = false;
  /** r#n: so must the attacker (and then fails). */
  private reflexAttacker = false;

  constructor(tableBits = 20) {
    this.table = new MateTable(tableBits);
  }

  /** Searches n = 1 … maxMoves for the shortest selfmate (or `play`) by the side to move, then lists every key of that length. */
  solve(position: Position, maxMoves: number, limits: MateLimits = {}, play: ForcedPlay = SELFMATE): MateSolution {
    if (maxMoves > MAX_MATE_MOVES) throw new RangeError(`selfmate solver: at most ${MAX_MATE_MOVES} moves, got ${maxMoves}`);
    this.prepare(position, maxMoves, limits);
    this.stalemate = play.goal === 'stalemate';
    this.direct = play.by === 'direct';
    this.reflexDefender = play.reflex !== undefined;
    this.reflexAttacker = play.reflex === 'full';
    const rootMoves = legalMoveList(this.pos);
    const keys: number[] = [];
    if (this.reflexAttacker && this.mateInOne(0, generateLegal(this.pos, this.moves, 0))) {
      // r#: a side to move that can mate must, and the stipulation fails at every length.
      return { status: 'no-mate', mateIn: null, keys: [], keysComplete: true, line: [], lineComplete: true, nodes: this.nodes, provenDepth: maxMoves };
    }
    let provenDepth = 0;
    try {
      for (let n = 1; n <= maxMoves; n++) {
        this.polling.depth = n;
        for (const move of rootMoves) {
          this.pos.make(move);
          const forces = this.defend(n, 1, 0);
          this.pos.unmake(move);
          if (forces) keys.push(move);
        }
        limits.onProgress?.({ depth: n, nodes: this.nodes, found: keys.length > 0 });
        if (keys.length > 0) {
          const line = this.readOutLine(keys[0], n);
          return { status: 'mate', mateIn: n, keys, keysComplete: true, line, lineComplete: !this.stopped, nodes: this.nodes, provenDepth: n - 1 };
        }
        provenDepth = n;
      }
    } catch (error) {
      this.recover(error);
      if (keys.length === 0) {
        return { status: 'stopped', mateIn: null, keys, keysComplete: false, line: [], lineComplete: false, nodes: this.nodes, provenDepth };
      }
      // A limit stopped the search for more keys, but the selfmate is proven: it is said, and its
      // line read out, as if the iteration had ended there.
      const n = provenDepth + 1;
      limits.onProgress?.({ depth: n, nodes: this.nodes, found: true });
      const line = this.readOutLine(keys[0], n);
      const lineComplete = line.length > 0 && this.lineEnded;
      return { status: 'mate', mateIn: n, keys, keysComplete: false, line, lineComplete, nodes: this.nodes, provenDepth };
    }
    return { status: 'no-mate', mateIn: null, keys: [], keysComplete: true, line: [], lineComplete: true, nodes: this.nodes, provenDepth };
  }

  private prepare(position: Position, maxMoves: number, limits: MateLimits): void {
    this.root = position;
    this.pos = position.clone();
    this.stopped = false;
    this.nodes = 0;
    this.nextPoll = this.polling.start(limits);
    const plies = 2 * maxMoves + 2;
    if (this.killers.length < plies) {
      this.moves = new Int32Array(MAX_MOVES * plies);
      this.killers = new Int32Array(plies);
    }
    this.killers.fill(NO_MOVE);
    this.table.clear();
  }

  private recover(error: unknown): void {
    if (!(error instanceof SearchStopped)) throw error;
    this.stopped = true;
    this.pos = this.root.clone();
  }

  private tick(): void {
    if (++this.nodes < this.nextPoll) return;
    this.nextPoll = this.polling.poll(this.nodes);
  }

  /** Attacker to move: can it force the defender to mate it within `moves` moves? */
  private attack(moves: number, ply: number, start: number): boolean {
    this.tick();
    const pos = this.pos;
    const table = this.table;
    let hashMove = NO_MOVE;
    if (table.probe(pos.hashHi, pos.hashLo)) {
      if (table.win() <= moves) return true;
      if (table.fail() >= moves) return false;
      hashMove = table.move();
    }
    const end = generateLegal(pos, this.moves, start);
    if (this.reflexAttacker && this.mateInOne(start, end)) {
      // r#: it must mate, and so fails.
      table.storeFail(pos.hashHi, pos.hashLo, moves);
      return false;
    }
    if (hashMove !== NO_MOVE) bringToFront(this.moves, hashMove, start, end);
    for (let i = start; i < end; i++) {
      const move = this.moves[i];
      pos.make(move);
      const forces = this.defend(moves, ply + 1, end);
      pos.unmake(move);
      if (forces) {
        table.storeWin(pos.hashHi, pos.hashLo, moves, move);
        return true;
      }
    }
    table.storeFail(pos.hashHi, pos.hashLo, moves);
    return false;
  }

  /**
   * Defender to move after the attacker's move that used one of `moves`: does every defence
   * either mate the attacker or leave it a selfmate in the moves left? None legal refutes.
   */
  private defend(moves: number, ply: number, start: number): boolean {
    this.tick();
    const pos = this.pos;
    if (this.direct) {
      // =n: the attacker's move reached the goal when the defender has no move (and is not mated);
      // after its last move nothing else counts.
      if (!hasLegalMove(pos)) return pos.inCheck() !== this.stalemate;
      if (moves === 1) return false;
    } else if (this.reflexDefender) {
      // r#, semi-r#: a defender that can mate must, which is the goal; after the attacker's last
      // move it must be able to.
      const end = generateLegal(pos, this.moves, start);
      if (end === start) return false;
      if (this.mateInOne(start, end)) return true;
      if (moves === 1) return false;
    } else if (moves === 1) {
      return this.mustMate(start);
    }
    const table = this.table;
    let hashMove = NO_MOVE;
    if (table.probe(pos.hashHi, pos.hashLo)) {
      if (table.win() <= moves) return true;
      if (table.fail() >= moves) return false;
      hashMove = table.move();
    }
    const end = generateLegal(pos, this.moves, start);
    if (end === start) return false;
    let next = start;
    if (hashMove !== NO_MOVE && bringToFront(this.moves, hashMove, next, end)) next++;
    if (this.killers[ply] !== NO_MOVE && bringToFront(this.moves, this.killers[ply], next, end)) next++;
    for (let i = start; i < end; i++) {
      const move = this.moves[i];
      pos.make(move);
      const loses = this.afterDefence(moves, ply + 1, end);
      pos.unmake(move);
      if (!loses) {
        this.killers[ply] = move;
        table.storeFail(pos.hashHi, pos.hashLo, moves, move);
        return false;
      }
    }
    table.storeWin(pos.hashHi, pos.hashLo, moves, NO_MOVE);
    return true;
  }

  /**
   * Attacker to move after a defence: in self play, mated (stalemated in s=n) is the goal reached
   * and the other ending fails; in direct play any ending fails; else on with one move fewer.
   */
  private afterDefence(moves: number, ply: number, start: number): boolean {
    const pos = this.pos;
    if (!hasLegalMove(pos)) return !this.direct && pos.inCheck() !== this.stalemate;
    return moves > 1 && this.attack(moves - 1, ply, start);
  }

  /** Whether the defence just made reached the goal (self play: the attacker mated, or stalemated in s=n). */
  private defenceReachedGoal(): boolean {
    const pos = this.pos;
    return !this.direct && !hasLegalMove(pos) && pos.inCheck() !== this.stalemate;
  }

  /** Whether one of the side to move's moves (this.moves[start, end)) mates. */
  private mateInOne(start: number, end: number): boolean {
    const pos = this.pos;
    const checks = this.checks;
    checks.prepare(pos);
    for (let i = start; i < end; i++) {
      const move = this.moves[i];
      if (!checks.givesCheck(pos, move)) continue;
      pos.make(move);
      this.tick();
      const mate = !hasLegalMove(pos);
      pos.unmake(move);
      if (mate) return true;
    }
    return false;
  }

  /** After the attacker's last move: the defender has a move, and every one of them mates (stalemates in s=n). */
  private mustMate(start: number): boolean {
    const pos = this.pos;
    const end = generateLegal(pos, this.moves, start);
    if (end === start) return false;
    const checks = this.checks;
    checks.prepare(pos);
    // A mate checks, a stalemate does not.
    const stalemate = this.stalemate;
    for (let i = start; i < end; i++) if (checks.givesCheck(pos, this.moves[i]) === stalemate) return false;
    for (let i = start; i < end; i++) {
      const move = this.moves[i];
      pos.make(move);
      this.tick();
      const mate = !hasLegalMove(pos);
      pos.unmake(move);
      if (!mate) return false;
    }
    return true;
  }


  // ---- the main line, read back through the warm table ----

  /** Attacker to move: the shortest n ≤ limit in which it forces the selfmate, or 0. */
  private shortest(limit: number, ply: number): number {
    for (let n = 1; n <= limit; n++) if (this.attack(n, ply, 0)) return n;
    return 0;
  }

  /**
   * The main line of the selfmate in n that `key` was just proven to force, read out whatever
   * the limits say (within polling.ts's allowance), as the direct solver's is.
   */
  private readOutLine(key: number, n: number): number[] {
    const stoppedBefore = this.stopped;
    this.stopped = false;
    const line = this.polling.readOut(this.nodes, (next) => (this.nextPoll = next), () => this.mainLine(key, n));
    this.lineEnded = !this.stopped;
    this.stopped ||= stoppedBefore;
    return line;
  }

  /** Key, then the defence that holds out longest and the attacker's quickest answer, to the defender's forced mate. */
  private mainLine(key: number, n: number): number[] {
    const line: number[] = [];
    const pos = this.pos;
    try {
      pos.make(key);
      line.push(key);
      let left = n;
      for (;;) {
        // Defender to move; the attacker's last move used one of `left`.
        let best = NO_MOVE;
        let bestLeft = 0;
        for (const move of legalMoveList(this.pos)) {
          pos.make(move);
          const mates = this.defenceReachedGoal();
          const after = mates ? 0 : this.shortest(left - 1, line.length + 1);
          pos.unmake(move);
          if (mates && this.reflexDefender) {
            // A reflex defender that can mate must.
            best = move;
            bestLeft = 0;
            break;
          }
          if (best === NO_MOVE || (!mates && after > bestLeft)) {
            best = move;
            bestLeft = mates ? 0 : after;
          }
        }
        if (best === NO_MOVE) break;
        pos.make(best);
        line.push(best);
        if (bestLeft === 0) break;
        const answer = this.quickestAnswer(bestLeft, line.length);
        if (answer === NO_MOVE) break;
        pos.make(answer);
        line.push(answer);
        left = bestLeft;
      }
    } catch (error) {
      this.recover(error);
      return line;
    }
    for (let i = line.length - 1; i >= 0; i--) pos.unmake(line[i]);
    return line;
  }

  private quickestAnswer(n: number, ply: number): number {
    const pos = this.pos;
    for (const move of legalMoveList(this.pos)) {
      pos.make(move);
      const forces = this.defend(n, ply + 1, 0);
      pos.unmake(move);
      if (forces) return move;
    }
    return NO_MOVE;
  }
}
