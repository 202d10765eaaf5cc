// The mate prover: "can the side to move force mate in n moves?" as an AND/OR search. Attacker
// nodes need one move that wins, defender nodes need every move to lose; the Geniss zero
// evaluation reduces alpha-beta to exactly this, so every answer is a proof, not an estimate.
// Iterative deepening over n makes the first mate found the shortest (MATER, Geniss).

import { CheckDetector, givesCheck } from '../../chess/checks.ts';
import { makeFen, parseFen } from '../../chess/fen.ts';
import { MAX_MOVES, NO_MOVE } from '../../chess/move.ts';
import { generateLegal, hasLegalMove, legalMoveList } from '../../chess/movegen.ts';
import type { Position } from '../../chess/position.ts';
import { pickBest } from '../pickBest.ts';
import type { BusyMarks } from './busy.ts';
import { bringToFront, scoreAttackerMoves, scoreDefenderMoves } from './ordering.ts';
import { Polling, SearchStopped } from './polling.ts';
import { MAX_MATE_MOVES, MateTable } from './table.ts';
import type { KeyProof, MateLimits, MateMode, MateSolution, SolutionNode } from './types.ts';

/**
 * One problem solved by several threads at once, each running this solver: they share the table
 * (what one proves, the others read) and the busy moves (so that they spread out). Every
 * thread's answer is the same proof; the caller takes the first thread's.
 */
export interface SharedSolve {
  readonly table: MateTable;
  readonly busy: BusyMarks;
  /** A helper: its own answer is not wanted, so it stops once it has proven the keys (no line). */
  readonly helper: boolean;
}

/**
 * Nodes with fewer moves left than this are searched by each thread alone, in order: below it a
 * subtree is cheaper to prove twice than to spread (the busy checks cost more than they save).
 */
const MIN_SPREAD_MOVES = 3;

const UNKNOWN = 0;
const PROVEN_WIN = 1;
const PROVEN_FAIL = 2;

export class MateSolver {
  private readonly ownTable: MateTable;
  /** The table this solve uses: its own, or the one it shares with other threads. */
  private table: MateTable;
  /** The moves other threads are on, when sharing the problem; else null. */
  private busy: BusyMarks | null = null;
  private readonly checks = new CheckDetector();
  /** The caller's position (never changed) and the private copy the search plays on. */
  private root!: Position;
  private pos!: Position;
  /** Set once a limit stopped this solve: later walks (line, tree) return at once. */
  private stopped = false;
  /** Whether the last main line read out reached its end (no limit cut it). */
  private lineEnded = false;
  private moves = new Int32Array(0);
  private scores = new Int32Array(0);
  /** Per ply, the moves put off because another thread was searching them (MAX_MOVES a ply). */
  private deferred = new Int32Array(0);
  /** Per ply, the move that last worked there (the attacker's mating answer, the defender's
   *  refutation): tried early in the sibling positions, where it often works again. */
  private killers = new Int32Array(0);
  /** history[side * 16384 + from * 128 + to]: how often (weighted by depth) a move won or refuted. */
  private readonly history = new Int32Array(2 * 128 * 128);
  private checksOnly = false;
  /** The limits, the node reports, and the proven mate's read-out (polling.ts). */
  private readonly polling = new Polling();
  nodes = 0;
  private nextPoll = 0;
  /** Set by probeTable: the move the table suggests for the position just probed. */
  private tableMove = NO_MOVE;

  constructor(tableBits = 21) {
    this.ownTable = new MateTable(tableBits);
    this.table = this.ownTable;
  }

  /**
   * Searches n = 1 … maxMoves for the shortest forced mate by the side to move in `position`
   * (which is not changed), then tries every root move at that length to list all keys.
   */
  solve(
    position: Position, maxMoves: number, mode: MateMode = 'all', limits: MateLimits = {}, shared?: SharedSolve,
  ): MateSolution {
    if (maxMoves > MAX_MATE_MOVES) throw new RangeError(`mate solver: at most ${MAX_MATE_MOVES} moves, got ${maxMoves}`);
    this.prepare(position, maxMoves, mode, limits, shared);
    const rootMoves = this.rootMoves();
    let provenDepth = 0;
    // Whether each root move mates in the current n: a stop mid-iteration keeps those proven.
    const mates = new Array<boolean>(rootMoves.length);
    const keysProven = (): number[] => rootMoves.filter((_, i) => mates[i]);
    try {
      for (let n = 1; n <= maxMoves; n++) {
        this.polling.depth = n;
        this.keysAt(rootMoves, n, mates);
        const keys = keysProven();
        limits.onProgress?.({ depth: n, nodes: this.nodes, found: keys.length > 0 });
        if (keys.length > 0) {
          const line = shared?.helper ? [] : this.readOutLine(keys[0], n);
          return { status: 'mate', mateIn: n, keys, keysComplete: true, line, lineComplete: !this.stopped, nodes: this.nodes, provenDepth: n - 1 };
        }
        provenDepth = n;
      }
    } catch (error) {
      this.recover(error);
      const keys = keysProven();
      if (keys.length > 0) {
        // A limit stopped the search for more keys, but the mate is proven: it is said, and its
        // line read out, as if the iteration had ended there.
        const n = provenDepth + 1;
        limits.onProgress?.({ depth: n, nodes: this.nodes, found: true });
        const line = shared?.helper ? [] : this.readOutLine(keys[0], n);
        const lineComplete = line.length > 0 && this.lineEnded;
        return { status: 'mate', mateIn: n, keys, keysComplete: false, line, lineComplete, nodes: this.nodes, provenDepth };
      }
      return { status: 'stopped', mateIn: null, keys: [], keysComplete: false, line: [], lineComplete: false, nodes: this.nodes, provenDepth };
    }
    return { status: 'no-mate', mateIn: null, keys: [], keysComplete: true, line: [], lineComplete: true, nodes: this.nodes, provenDepth };
  }

  /**
   * One part of a problem split over machines (src/queue/split.ts): whether the attacker's first
   * move `key` mates within n, searched as solve() searches it (n = 1, 2, … on this move alone,
   * so that the table warms as it would). With `readOut`, a key that mates also gets its main
   * line (the one solve() gives when it is the first key) and its part of the solution tree.
   * `keepTable`: the table holds proofs about this same problem (an earlier part's, or its whole
   * solve's), kept rather than cleared: what is proven there stays true, and saves searching again.
   */
  proveKey(
    position: Position, key: number, maxMoves: number, mode: MateMode = 'all', limits: MateLimits = {},
    readOut: { readonly line: boolean; readonly tree: boolean } = { line: false, tree: false }, keepTable = false, from = 1,
  ): KeyProof {
    if (maxMoves > MAX_MATE_MOVES) throw new RangeError(`mate solver: at most ${MAX_MATE_MOVES} moves, got ${maxMoves}`);
    this.prepare(position, maxMoves, mode, limits, undefined, keepTable);
    let mateIn: number | null = null;
    try {
      for (let n = Math.min(from, maxMoves); n <= maxMoves && mateIn === null; n++) {
        this.polling.depth = n;
        if (this.keyMates(key, n, null)) mateIn = n;
      }
    } catch (error) {
      this.recover(error);
      return { mateIn: null, stopped: true, line: [], lineComplete: false, tree: null, nodes: this.nodes };
    }
    if (mateIn === null) return { mateIn, stopped: false, line: [], lineComplete: true, tree: null, nodes: this.nodes };
    // Read out under the limits, not within solve()'s allowance (polling.ts): this table holds
    // less of the problem than the whole solve's, so the same line may take more nodes to read.
    const line = readOut.line ? this.mainLine(key, mateIn) : [];
    const lineComplete = !this.stopped;
    const tree = readOut.tree ? this.solutionTree([key], mateIn) : null;
    return { mateIn, stopped: false, line, lineComplete, tree, nodes: this.nodes };
  }

  /**
   * A finer part of a split problem: after the attacker's first move `key` and the defender's
   * `reply`, the shortest n ≤ maxMoves in which the attacker mates (deepened n = 1, 2, …). With
   * `readOut`, what mainLine and solutionTree read after this reply: the line from the attacker's
   * answer on (`line`), and the answer with the play after it (`tree`: one node).
   */
  proveReply(
    position: Position, key: number, reply: number, maxMoves: number, mode: MateMode = 'all', limits: MateLimits = {},
    readOut: { readonly line: boolean; readonly tree: boolean } = { line: false, tree: false }, keepTable = false,
  ): KeyProof {
    if (maxMoves + 1 > MAX_MATE_MOVES) throw new RangeError(`mate solver: at most ${MAX_MATE_MOVES} moves, got ${maxMoves + 1}`);
    this.prepare(position, maxMoves + 1, mode, limits, undefined, keepTable);
    const played = this.pos;
    played.make(key);
    played.make(reply);
    const stopped: KeyProof = { mateIn: null, stopped: true, line: [], lineComplete: false, tree: null, nodes: 0 };
    let mateIn: number | null = null;
    try {
      for (let n = 1; n <= maxMoves && mateIn === null; n++) {
        this.polling.depth = n + 1;
        if (this.attack(n, 2, 0)) mateIn = n;
      }
    } catch (error) {
      this.recover(error);
      return { ...stopped, nodes: this.nodes };
    }
    let line: number[] = [];
    let lineComplete = true;
    let tree: KeyProof['tree'] = null;
    if (mateIn !== null && readOut.line) {
      const found = mateIn;
      // Under the limits, as proveKey reads its line.
      line = this.continuation(found, 2);
      lineComplete = this.pos === played && !this.stopped;
    }
    if (mateIn !== null && readOut.tree && this.pos === played) tree = this.answerTree(mateIn);
    // A stop (recover) has put the caller's position back already.
    if (this.pos === played) {
      played.unmake(reply);
      played.unmake(key);
    }
    return { mateIn, stopped: false, line, lineComplete, tree, nodes: this.nodes };
  }

  /** Attacker to move with a mate in k, `ply` plies from the root: the quickest answer, the longest defence, … to mate (mainLine's loop). */
  private continuation(k: number, ply: number): number[] {
    return this.readLine((line) => {
      const first = this.quickestAnswer(k, ply);
      if (first === NO_MOVE) return;
      this.play(first, line);
      this.defendAndAnswer(line, k - 1, ply);
    });
  }

  /** Attacker to move with a mate in k: its quickest answer and the defences after it (defenceTree), as one tree node. */
  private answerTree(k: number): { tree: SolutionNode[]; complete: boolean } {
    const played = this.pos;
    try {
      const answer = this.quickestAnswer(k, 0);
      if (answer === NO_MOVE) return { tree: [], complete: true };
      played.make(answer);
      const replies = this.defenceTree(k - 1);
      played.unmake(answer);
      return { tree: [{ move: answer, replies }], complete: true };
    } catch (error) {
      this.recover(error);
      return { tree: [], complete: false };
    }
  }

  /** The order solve() tries the first moves of `position` in (likeliest keys first). */
  rootMoveOrder(position: Position, mode: MateMode = 'all'): number[] {
    this.prepare(position, 1, mode, {}, undefined);
    return this.rootMoves();
  }

  private prepare(
    position: Position, maxMoves: number, mode: MateMode, limits: MateLimits, shared: SharedSolve | undefined, keepTable = false,
  ): void {
    this.root = position;
    this.pos = position.clone();
    this.stopped = false;
    this.checksOnly = mode === 'checks';
    this.nodes = 0;
    this.nextPoll = this.polling.start(limits);
    const plies = 2 * maxMoves + 2;
    if (this.killers.length < plies) {
      this.moves = new Int32Array(MAX_MOVES * plies);
      this.scores = new Int32Array(MAX_MOVES * plies);
      this.killers = new Int32Array(plies);
      this.deferred = new Int32Array(MAX_MOVES * plies);
    }
    // A part of a problem whose table is kept keeps what its ordering learnt there too.
    if (!keepTable) {
      this.killers.fill(NO_MOVE);
      this.history.fill(0);
    }
    // A shared table is its owner's to empty, before any thread starts.
    this.table = shared?.table ?? this.ownTable;
    this.busy = shared?.busy ?? null;
    if (shared === undefined && !keepTable) this.table.clear();
  }

  /** The attacker's legal first moves (checks only in that mode), likeliest keys first. */
  private rootMoves(): number[] {
    const end = generateLegal(this.pos, this.moves, 0);
    const kept = this.checksOnly ? this.keepChecks(0, end) : end;
    scoreAttackerMoves(this.pos, this.checks, this.moves, this.scores, 0, kept, NO_MOVE, NO_MOVE, this.history);
    const ordered: number[] = [];
    for (let i = 0; i < kept; i++) ordered.push(pickBest(this.moves, this.scores, i, kept));
    return ordered;
  }

  /**
   * Marks in `mates` which root moves mate in n, as each is proven. Every one is tried (all keys
   * are wanted); with other threads, those they are on are put off to the end (busy.ts).
   */
  private keysAt(rootMoves: readonly number[], n: number, mates: boolean[]): void {
    mates.fill(false);
    const busy = n >= MIN_SPREAD_MOVES ? this.busy : null;
    const put: number[] = [];
    for (let i = 0; i < rootMoves.length; i++) {
      if (busy !== null && i > 0 && busy.isBusy(this.pos.hashHi, this.pos.hashLo, rootMoves[i])) put.push(i);
      else mates[i] = this.keyMates(rootMoves[i], n, busy);
    }
    for (const i of put) mates[i] = this.keyMates(rootMoves[i], n, busy);
  }

  private keyMates(move: number, n: number, busy: BusyMarks | null): boolean {
    const { hashHi, hashLo } = this.pos;
    busy?.enter(hashHi, hashLo, move);
    this.pos.make(move);
    const mates = this.defend(n, 1, 0);
    this.pos.unmake(move);
    busy?.leave(hashHi, hashLo, move);
    return mates;
  }

  /**
   * After a stop has unwound the search, the private position may still hold moves that were
   * never taken back: start again from the caller's position. Anything but a stop is re-thrown.
   */
  private recover(error: unknown): void {
    if (!(error instanceof SearchStopped)) throw error;
    this.stopped = true;
    this.pos = this.root.clone();
  }

  /** Counts a node and, every POLL_INTERVAL nodes, asks the limits whether to stop (polling.ts). */
  private tick(): void {
    if (++this.nodes < this.nextPoll) return;
    this.nextPoll = this.polling.poll(this.nodes);
  }

  /** Compacts moves[start, end) to the checking moves; returns the new end. */
  private keepChecks(start: number, end: number): number {
    let kept = start;
    this.checks.prepare(this.pos);
    for (let i = start; i < end; i++) {
      if (this.checks.givesCheck(this.pos, this.moves[i])) this.moves[kept++] = this.moves[i];
    }
    return kept;
  }

  /**
   * What the table proves about this position for `moves`: PROVEN_WIN, PROVEN_FAIL or UNKNOWN;
   * in the last case `tableMove` is the move it suggests trying first (or NO_MOVE).
   */
  private probeTable(moves: number): number {
    const table = this.table;
    this.tableMove = NO_MOVE;
    if (!table.probe(this.pos.hashHi, this.pos.hashLo)) return UNKNOWN;
    if (table.win() <= moves) return PROVEN_WIN;
    if (table.fail() >= moves) return PROVEN_FAIL;
    this.tableMove = table.move();
    return UNKNOWN;
  }

  /** Attacker to move: can it mate in at most `moves` moves? */
  attack(moves: number, ply: number, start: number): boolean {
    this.tick();
    const pos = this.pos;
    const known = this.probeTable(moves);
    if (known !== UNKNOWN) return known === PROVEN_WIN;
    const hashMove = this.tableMove;
    let end = generateLegal(pos, this.moves, start);
    if (moves === 1) return this.mateInOne(start, end);

    if (this.checksOnly) end = this.keepChecks(start, end);
    scoreAttackerMoves(pos, this.checks, this.moves, this.scores, start, end, hashMove, this.killers[ply], this.history);
    const busy = moves >= MIN_SPREAD_MOVES ? this.busy : null;
    let put = 0;
    for (let i = start; i < end; i++) {
      const move = pickBest(this.moves, this.scores, i, end);
      if (busy !== null && i > start && busy.isBusy(pos.hashHi, pos.hashLo, move)) {
        this.deferred[ply * MAX_MOVES + put++] = move;
      } else if ((put > 0 && this.putOffMoveWon(ply, put, moves)) || this.attackWins(move, moves, ply, end, busy)) {
        return true;
      }
    }
    for (let k = 0; k < put; k++) {
      if (this.attackWins(this.deferred[ply * MAX_MOVES + k], moves, ply, end, busy)) return true;
    }
    this.table.storeFail(pos.hashHi, pos.hashLo, moves);
    return false;
  }

  /** Plays an attacking move: true when every defence then loses within the moves; records the win. */
  private attackWins(move: number, moves: number, ply: number, childStart: number, busy: BusyMarks | null): boolean {
    const pos = this.pos;
    busy?.enter(pos.hashHi, pos.hashLo, move);
    pos.make(move);
    const wins = this.defend(moves, ply + 1, childStart);
    pos.unmake(move);
    busy?.leave(pos.hashHi, pos.hashLo, move);
    if (wins) this.recordWin(move, moves, ply);
    return wins;
  }

  private recordWin(move: number, moves: number, ply: number): void {
    this.killers[ply] = move;
    this.history[(move & 0x3fff)] += moves * moves;
    this.table.storeWin(this.pos.hashHi, this.pos.hashLo, moves, move);
  }

  /**
   * Whether the thread that was on one of this node's put-off attacking moves has proven since
   * that it wins (the table says so): then this node is won, with no more moves to try. Without
   * the look, a winning node would try every other move, all losing, before coming back.
   */
  private putOffMoveWon(ply: number, put: number, moves: number): boolean {
    const pos = this.pos;
    for (let k = 0; k < put; k++) {
      const move = this.deferred[ply * MAX_MOVES + k];
      pos.make(move);
      const won = this.probeTable(moves) === PROVEN_WIN;
      pos.unmake(move);
      if (won) {
        this.recordWin(move, moves, ply);
        return true;
      }
    }
    return false;
  }

  /** The defender's counterpart: whether a put-off defence has been proven since to refute. */
  private putOffDefenceRefutes(ply: number, put: number, moves: number): boolean {
    const pos = this.pos;
    for (let k = 0; k < put; k++) {
      const move = this.deferred[ply * MAX_MOVES + k];
      pos.make(move);
      const refutes = this.probeTable(moves - 1) === PROVEN_FAIL;
      pos.unmake(move);
      if (refutes) {
        this.recordRefutation(move, moves, ply);
        return true;
      }
    }
    return false;
  }

  /** The attacker's last move: only a check can mate, and it mates when no reply is legal (MATER). */
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
      if (mate) {
        this.table.storeWin(pos.hashHi, pos.hashLo, 1, move);
        return true;
      }
    }
    this.table.storeFail(pos.hashHi, pos.hashLo, 1);
    return false;
  }

  /**
   * Defender to move, after the attacker's move that used one of `moves`: does every defence
   * lose within the moves left? No legal move is mate if in check, and stalemate (a draw) if not.
   */
  defend(moves: number, ply: number, start: number): boolean {
    this.tick();
    const pos = this.pos;
    if (moves === 1) return pos.inCheck() && !hasLegalMove(pos);
    const known = this.probeTable(moves);
    if (known !== UNKNOWN) return known === PROVEN_WIN;
    const hashMove = this.tableMove;
    const end = generateLegal(pos, this.moves, start);
    if (end === start) return pos.inCheck();
    const busy = moves >= MIN_SPREAD_MOVES ? this.busy : null;

    // Staged: the refutation the table remembers is tried before the rest are scored; it usually
    // refutes again, and then the scoring is never paid for.
    let next = start;
    if (hashMove !== NO_MOVE && bringToFront(this.moves, hashMove, next, end)) {
      if (!this.defenceLoses(hashMove, moves, ply, end, busy)) return false;
      next++;
    }
    scoreDefenderMoves(pos, this.checks, this.moves, this.scores, next, end, NO_MOVE, this.killers[ply], this.history);
    let put = 0;
    for (let i = next; i < end; i++) {
      const move = pickBest(this.moves, this.scores, i, end);
      if (busy !== null && i > start && busy.isBusy(pos.hashHi, pos.hashLo, move)) {
        this.deferred[ply * MAX_MOVES + put++] = move;
      } else if ((put > 0 && this.putOffDefenceRefutes(ply, put, moves)) || !this.defenceLoses(move, moves, ply, end, busy)) {
        return false;
      }
    }
    for (let k = 0; k < put; k++) {
      if (!this.defenceLoses(this.deferred[ply * MAX_MOVES + k], moves, ply, end, busy)) return false;
    }
    this.table.storeWin(pos.hashHi, pos.hashLo, moves, NO_MOVE);
    return true;
  }

  /** Plays a defence: true when the attacker then mates within the moves left; else records the refutation. */
  private defenceLoses(move: number, moves: number, ply: number, childStart: number, busy: BusyMarks | null = null): boolean {
    const pos = this.pos;
    busy?.enter(pos.hashHi, pos.hashLo, move);
    pos.make(move);
    const loses = this.attack(moves - 1, ply + 1, childStart);
    pos.unmake(move);
    busy?.leave(pos.hashHi, pos.hashLo, move);
    if (!loses) this.recordRefutation(move, moves, ply);
    return loses;
  }

  private recordRefutation(move: number, moves: number, ply: number): void {
    this.killers[ply] = move;
    this.history[16384 + (move & 0x3fff)] += moves * moves;
    this.table.storeFail(this.pos.hashHi, this.pos.hashLo, moves, move);
  }

  // ---- proofs for the problemist's analysis (analysis.ts), on the warm table after solve() ----

  /**
   * Runs `walk` on the solver's working position after solve(), whose table is still warm, with
   * the same limits; `walk` asks shortestMateIn and matesAfterMove and leaves the position as it
   * found it. False when solve() or a limit stopped first (the position is then restored).
   */
  explore(walk: (position: Position) => void): boolean {
    if (this.stopped) return false;
    try {
      walk(this.pos);
    } catch (error) {
      this.recover(error);
      return false;
    }
    return true;
  }

  /** Attacker to move in the working position: the shortest n ≤ limit in which it mates, or 0. */
  shortestMateIn(limit: number): number {
    return limit > 0 ? this.shortestMate(limit, 0) : 0;
  }

  /** Defender to move, after the attacker's move that used the first of `moves`: does every defence lose? */
  matesAfterMove(moves: number): boolean {
    return this.defend(moves, 1, 0);
  }

  // ---- the solution: main line and tree, read back through the (now well-filled) table ----

  /** The shortest n ≤ limit in which the attacker (to move) mates, or 0. */
  private shortestMate(limit: number, ply: number): number {
    for (let n = 1; n <= limit; n++) if (this.attack(n, ply, 0)) return n;
    return 0;
  }

  /**
   * The main line of the mate in n that `key` was just proven to force, read out whatever the
   * limits say (within polling.ts's allowance): a found mate is always given whole, its reading
   * never cut short by a time limit that ran out just after the proof.
   */
  private readOutLine(key: number, n: number): number[] {
    // A limit that stopped the search left the position unwound (recover); the read-out starts
    // from the root either way, and its own stop (the allowance spent) marks the solve stopped.
    const stoppedBefore = this.stopped;
    this.stopped = false;
    const line = this.polling.readOut(this.nodes, (next) => (this.nextPoll = next), () => this.mainLine(key, n));
    this.lineEnded = !this.stopped;
    this.stopped ||= stoppedBefore;
    return line;
  }

  /** Key, then the defence that resists longest and the attacker's quickest answer, to mate. */
  private mainLine(key: number, n: number): number[] {
    return this.readLine((line) => {
      this.play(key, line);
      this.defendAndAnswer(line, n - 1, 0);
    });
  }

  /**
   * The moves `build` plays from the position (each through play()), taken back after; on a stop
   * (recover has put the position back) the moves read so far.
   */
  private readLine(build: (line: number[]) => void): number[] {
    const line: number[] = [];
    try {
      build(line);
    } catch (error) {
      this.recover(error);
      return line;
    }
    for (let i = line.length - 1; i >= 0; i--) this.pos.unmake(line[i]);
    return line;
  }

  /**
   * Defender to move, the attacker mating within `left` moves, `ply` plies from the root before
   * `line`: the longest defence and the attacker's quickest answer, in turn, to mate.
   */
  private defendAndAnswer(line: number[], left: number, ply: number): void {
    while (left > 0) {
      const defence = this.longestDefence(left, ply + line.length);
      if (defence.move === NO_MOVE) return;
      this.play(defence.move, line);
      const answer = this.quickestAnswer(defence.mateIn, ply + line.length);
      if (answer === NO_MOVE) return;
      this.play(answer, line);
      left = defence.mateIn - 1;
    }
  }

  private play(move: number, line: number[]): void {
    this.pos.make(move);
    line.push(move);
  }

  /**
   * The legal moves of the working position in the order a position read afresh from its FEN
   * generates them. The line and the tree choose between equally good moves by this order, so it
   * must depend on the position alone: the working copy's own order depends on what the search
   * made and took back before (a capture taken back reorders its piece list), and a problem split
   * over machines (src/queue/split.ts) searches differently in each part.
   */
  private readOutMoves(): number[] {
    return legalMoveList(parseFen(makeFen(this.pos)));
  }

  /** Defender to move, attacker mating within `left`: the defence after which mate takes longest. */
  longestDefence(left: number, ply: number): { move: number; mateIn: number } {
    const pos = this.pos;
    const defences = this.readOutMoves();
    let best = { move: NO_MOVE, mateIn: 0 };
    for (const move of defences) {
      pos.make(move);
      const mateIn = this.shortestMate(left, ply + 1);
      pos.unmake(move);
      if (mateIn > best.mateIn) best = { move, mateIn };
    }
    return best;
  }

  /** Attacker to move, with a mate in `n`: a move that keeps it a mate in n. */
  quickestAnswer(n: number, ply: number): number {
    const pos = this.pos;
    for (const move of this.readOutMoves()) {
      if (this.checksOnly && !givesCheck(pos, move)) continue;
      pos.make(move);
      const mates = this.defend(n, ply + 1, 0);
      pos.unmake(move);
      if (mates) return move;
    }
    return NO_MOVE;
  }

  /**
   * The full solution after a solve that found mate in n: for each key, every defence with the
   * attacker's quickest answer, recursively. Call right after solve(), while the table is warm.
   */
  solutionTree(keys: readonly number[], n: number): { tree: SolutionNode[]; complete: boolean } {
    const tree: SolutionNode[] = [];
    if (this.stopped) return { tree, complete: false };
    try {
      for (const key of keys) {
        this.pos.make(key);
        tree.push({ move: key, replies: this.defenceTree(n - 1) });
        this.pos.unmake(key);
      }
    } catch (error) {
      this.recover(error);
      return { tree, complete: false };
    }
    return { tree, complete: true };
  }

  /** Defender to move, attacker mating within `left`: each defence and the quickest answer to it. */
  private defenceTree(left: number): SolutionNode[] {
    const pos = this.pos;
    const replies: SolutionNode[] = [];
    if (left === 0) return replies;
    for (const defence of this.readOutMoves()) {
      pos.make(defence);
      const mateIn = this.shortestMate(left, 0);
      const answer = mateIn > 0 ? this.quickestAnswer(mateIn, 0) : NO_MOVE;
      if (answer !== NO_MOVE) {
        pos.make(answer);
        replies.push({ move: defence, replies: [{ move: answer, replies: this.defenceTree(mateIn - 1) }] });
        pos.unmake(answer);
      }
      pos.unmake(defence);
    }
    return replies;
  }
}
