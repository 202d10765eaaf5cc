// One live game's state, as Lichess last described it: the setup (ids, variant, starting
// position, our colour, the clock's settings) and the latest state (the full move list, the
// clocks, the status, draw and takeback offers). The position is rebuilt from the starting FEN and
// the whole move list on every update, never from deltas: Lichess may skip intermediate states
// (its per-stream queue drops old ones) and a reconnect starts over with gameFull.
//
// No I/O here: the live game (game.ts) feeds updates in and decides from what it says.

import { FenError, STARTING_FEN } from '../chess/fen.ts';
import type { Position } from '../chess/position.ts';
import { BLACK, type Color, WHITE } from '../chess/types.ts';
import { IllegalMoveError, playPosition } from '../chess/replay.ts';

export type Side = 'white' | 'black';

export interface Player {
  /** Lower-case Lichess id; null for Lichess's own AI. */
  readonly id: string | null;
  readonly name: string;
  readonly title: string | null;
  readonly rating: number | null;
}

/** What does not change during a game (from gameFull). */
export interface GameSetup {
  readonly id: string;
  /** Lichess's variant key: standard, chess960, fromPosition … */
  readonly variant: string;
  /** A FEN ("startpos" already replaced). */
  readonly initialFen: string;
  readonly ourColor: Color;
  readonly us: Player;
  readonly opponent: Player;
  readonly rated: boolean;
  readonly speed: string;
  /** Null for correspondence and unlimited games. */
  readonly clock: { readonly initialMs: number; readonly incrementMs: number } | null;
}

/** One gameState, as received. */
export interface GameState {
  /** UCI moves, as Lichess wrote them (e1g1 or e1h1 castling). */
  readonly moves: readonly string[];
  readonly wtime: number;
  readonly btime: number;
  readonly winc: number;
  readonly binc: number;
  readonly status: string;
  readonly winner: Side | null;
  readonly wdraw: boolean;
  readonly bdraw: boolean;
  readonly wtakeback: boolean;
  readonly btakeback: boolean;
  /** The time each side has for its first move, when Lichess says (expiration.millisToMove). */
  readonly millisToMove: number | null;
  /**
   * How long that wait had lasted when the state was sent (expiration.idleMillis: since the last
   * move, or the game's start), so the time left is millisToMove − idleMillis.
   */
  readonly idleMillis?: number | null;
}

/** Statuses of a game still in play; every other status is final. */
const LIVE_STATUSES = new Set(['created', 'started']);

/** The Lichess clock of an unlimited game (Int.MaxValue): no clock at all. */
export const UNLIMITED_MS = 2_147_483_647;

export class GameSession {
  private current: GameState;
  private pos: Position;
  /** Monotonic time (ms) at which the current state arrived: our clock runs from there. */
  private receivedAt: number;
  /** Set when the last update could not be applied (an illegal move list). */
  private broken: string | null = null;
  /** A game-over signal from outside the game stream (gameFinish), if it came first. */
  private finishedBy: string | null = null;
  private finishedWinner: Side | null = null;
  /** See positionNumber. */
  private positions = 0;

  private constructor(readonly setup: GameSetup, state: GameState, position: Position, now: number) {
    this.current = state;
    this.pos = position;
    this.receivedAt = now;
  }

  /** Starts a session from gameFull; throws a FenError or IllegalMoveError Lichess's data cannot be played. */
  static start(setup: GameSetup, state: GameState, now: number): GameSession {
    return new GameSession(setup, state, playPosition(setup.initialFen, state.moves), now);
  }

  /**
   * Takes a new state (gameFull's or gameState). Returns null when applied, or the problem when
   * its moves cannot be played from the starting position (the session keeps the last good state).
   */
  update(state: GameState, now: number): string | null {
    try {
      this.pos = playPosition(this.setup.initialFen, state.moves);
    } catch (error) {
      if (!(error instanceof IllegalMoveError || error instanceof FenError)) throw error;
      this.broken = error.message;
      return error.message;
    }
    this.broken = null;
    if (!sameMoves(state.moves, this.current.moves)) this.positions++;
    this.current = state;
    this.receivedAt = now;
    return null;
  }

  get state(): GameState {
    return this.current;
  }

  /** The position after the moves (do not change it: it is rebuilt, but shared until then). */
  get position(): Position {
    return this.pos;
  }

  get ply(): number {
    return this.current.moves.length;
  }

  /**
   * Which position of the game this is: grows by one whenever the move list changes (a move, a
   * takeback), and stays when an update repeats the moves (an offer, a clock, a reopened stream's
   * gameFull). Unlike the ply, never the same for two positions: the bookkeeping of what we did
   * in a position (our move sent, a draw offer answered) is kept by this number.
   */
  get positionNumber(): number {
    return this.positions;
  }

  get problem(): string | null {
    return this.broken;
  }

  get isOver(): boolean {
    return this.finishedBy !== null || !LIVE_STATUSES.has(this.current.status);
  }

  /** Marks the game over from outside the game stream (gameFinish, which may come first). */
  markFinished(status: string, winner: Side | null): void {
    if (this.finishedBy !== null) return;
    this.finishedBy = status;
    this.finishedWinner = winner;
  }

  /** The final status: the stream's, else the one gameFinish gave. */
  get status(): string {
    return LIVE_STATUSES.has(this.current.status) && this.finishedBy ? this.finishedBy : this.current.status;
  }

  get isOurTurn(): boolean {
    return !this.isOver && this.pos.turn === this.setup.ourColor;
  }

  /** Lichess's clocks start once both players have moved. */
  get clockRunning(): boolean {
    return this.ply >= 2 && this.setup.clock !== null;
  }

  /** Has `color` made a move in this game yet? */
  hasMoved(color: Color): boolean {
    // The side to move at the start makes the even plies; the other side's first move is ply 1.
    const startTurn = (this.pos.turn ^ (this.ply & 1)) as Color;
    return this.ply > (startTurn === color ? 0 : 1);
  }

  get opponentColor(): Color {
    return (this.setup.ourColor ^ 1) as Color;
  }

  /** Our remaining time now (ms), counting down since the state arrived when our clock runs. */
  ourTimeMs(now: number): number {
    const ours = this.setup.ourColor === WHITE ? this.current.wtime : this.current.btime;
    if (!this.clockRunning || !this.isOurTurn) return ours;
    return Math.max(0, ours - (now - this.receivedAt));
  }

  get ourIncrementMs(): number {
    return this.setup.ourColor === WHITE ? this.current.winc : this.current.binc;
  }

  /** Ms since the current state arrived. */
  ageMs(now: number): number {
    return now - this.receivedAt;
  }

  get opponentOffersDraw(): boolean {
    return this.setup.ourColor === WHITE ? this.current.bdraw : this.current.wdraw;
  }

  get opponentProposesTakeback(): boolean {
    return this.setup.ourColor === WHITE ? this.current.btakeback : this.current.wtakeback;
  }

  /**
   * "win", "loss" or "draw" from our side, once over; aborted games have no result. A noStart
   * game (a player missed their first move in an arena or Swiss) is no abort: Lichess scores it
   * for the player who did move (`winner`); only without a winner is it treated as aborted.
   */
  get result(): 'win' | 'loss' | 'draw' | 'aborted' | null {
    if (!this.isOver) return null;
    if (this.status === 'aborted') return 'aborted';
    const winner = LIVE_STATUSES.has(this.current.status) ? this.finishedWinner : this.current.winner;
    if (winner === null) return this.status === 'noStart' ? 'aborted' : 'draw';
    return (winner === 'white' ? WHITE : BLACK) === this.setup.ourColor ? 'win' : 'loss';
  }
}

function sameMoves(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((move, i) => move === b[i]);
}

/** "startpos" (as gameFull says for the usual start) or a FEN. */
export function resolveInitialFen(initialFen: string): string {
  return initialFen === 'startpos' ? STARTING_FEN : initialFen;
}
