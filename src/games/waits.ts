// What a live game does on the time rather than on a move: abort a game whose opponent never
// makes a first move, and claim the win once an opponent who left has been gone long enough. When
// is decided by pure functions (abortDelayMs, claimDelayMs); the two watches arm the injected
// timers with their answers and act through the port when a timer fires.

import { errorLine } from '../errors.ts';
import type { GameClock, GamePort } from './port.ts';
import type { LogFields, Logger } from '../log.ts';
import type { GameSession, GameState } from './session.ts';

/** We abort this long before the server would abort the game itself (expiration.millisToMove). */
export const FIRST_MOVE_MARGIN_MS = 1_000;
/** A claim the server refused (its countdown not quite over) is tried again this often ... */
export const CLAIM_RETRY_MS = 1_000;
/** ... up to this many attempts in all. */
export const CLAIM_ATTEMPTS = 5;

/**
 * Whether we wait for the opponent's first move in a game with a clock: only then is the game
 * aborted for a slow start. A correspondence or unlimited game's first move may take days (the
 * server gives it no first-move deadline either).
 */
export function awaitsFirstMove(session: GameSession): boolean {
  return session.setup.clock !== null && !session.isOurTurn && !session.hasMoved(session.opponentColor);
}

/**
 * Ms from now until we abort while awaitsFirstMove: abortAfterSeconds, or FIRST_MOVE_MARGIN_MS
 * before the server's own deadline (millisToMove) if that is sooner, both counted from when the
 * opponent's wait began. idleMillis says how long the wait had lasted when the state was sent and
 * `stateAgeMs` how long ago that was, so a bot restarted mid-wait neither starts a full wait again
 * nor waits past the server's deadline. Without idleMillis the wait counts from the state.
 */
export function abortDelayMs(
  abortAfterSeconds: number, state: Pick<GameState, 'millisToMove' | 'idleMillis'>, stateAgeMs: number,
): number {
  let deadline = abortAfterSeconds * 1000;
  if (state.millisToMove !== null) deadline = Math.min(deadline, state.millisToMove - FIRST_MOVE_MARGIN_MS);
  const waited = (state.idleMillis ?? 0) + stateAgeMs;
  return Math.max(0, deadline - waited);
}

/** Ms from the opponentGone notice until we claim the win: the server's countdown and a margin. */
export function claimDelayMs(claimWinInSeconds: number | undefined, marginMs: number): number {
  return (claimWinInSeconds ?? 0) * 1000 + marginMs;
}

/** What the watches share with their game. */
export interface WatchContext {
  readonly port: Pick<GamePort, 'abort' | 'claimVictory'>;
  readonly clock: GameClock;
  readonly log: Logger;
  /** The game's fields for each log line. */
  readonly logFields: LogFields;
  /** False once the game is finished or stopped: a timer that fires then does nothing. */
  isLive(): boolean;
}

/** The first-move abort: armed once per wait, so a reopened stream's fresh state does not move it. */
export class FirstMoveWatch {
  private cancelTimer: (() => void) | null = null;

  constructor(
    private readonly context: WatchContext,
    private readonly abortAfterSeconds: number,
  ) {}

  /** On every state: arms the abort while awaitsFirstMove, disarms it otherwise. */
  update(session: GameSession): void {
    if (!awaitsFirstMove(session)) return this.cancel();
    if (this.cancelTimer) return;
    const { clock, log, port, logFields } = this.context;
    const delay = abortDelayMs(this.abortAfterSeconds, session.state, session.ageMs(clock.now()));
    this.cancelTimer = clock.setTimer(delay, () => {
      this.cancelTimer = null;
      if (!this.context.isLive() || session.isOver || session.isOurTurn || session.hasMoved(session.opponentColor)) return;
      log.info('aborting: the opponent did not make a first move', logFields);
      void port.abort();
    });
  }

  cancel(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
  }
}

/** The claim of the win after the opponent left: tried again while the server refuses, a few times. */
export class VictoryClaim {
  private cancelTimer: (() => void) | null = null;
  /** Moves on whenever the claim is called off, so that a claim in flight then is not retried. */
  private round = 0;

  constructor(
    private readonly context: WatchContext,
    /** Spare time after the server's countdown (it counts in whole seconds). */
    private readonly marginMs: number,
  ) {}

  /** opponentGone: gone (claim once the countdown is over) or back (do not). */
  onOpponentGone(gone: boolean, claimWinInSeconds: number | undefined): void {
    const { log, logFields } = this.context;
    this.cancel();
    if (!gone) return log.info('opponent is back', logFields);
    if (!this.context.isLive()) return;
    const waitMs = claimDelayMs(claimWinInSeconds, this.marginMs);
    log.info('opponent left', { ...logFields, claimInMs: waitMs });
    this.arm(waitMs, CLAIM_ATTEMPTS);
  }

  cancel(): void {
    this.round++;
    this.cancelTimer?.();
    this.cancelTimer = null;
  }

  private arm(waitMs: number, attemptsLeft: number): void {
    this.cancelTimer = this.context.clock.setTimer(waitMs, () => void this.claim(attemptsLeft));
  }

  private async claim(attemptsLeft: number): Promise<void> {
    const { log, logFields, port } = this.context;
    this.cancelTimer = null;
    if (!this.context.isLive()) return;
    const round = this.round;
    try {
      await port.claimVictory();
      log.info('claimed the win: the opponent left', logFields);
    } catch (error) {
      // Called off while the claim was on its way (the opponent came back, the game ended).
      if (!this.context.isLive() || round !== this.round) return;
      log.warn('claiming the win failed', { ...logFields, why: errorLine(error), attemptsLeft: attemptsLeft - 1 });
      if (attemptsLeft > 1) this.arm(CLAIM_RETRY_MS, attemptsLeft - 1);
    }
  }
}
