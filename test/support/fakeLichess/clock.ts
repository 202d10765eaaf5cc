// The server-side clock of one game, as lila keeps it: nothing runs until both sides have moved,
// then the side to move's time runs; a move charges the time used and adds the increment; a side
// whose time reaches zero has flagged.
import type { Color } from './types.ts';

/** What lila reports for a side without a clock (unlimited games): Int.MaxValue. */
export const NO_CLOCK_MS = 2_147_483_647;

export class GameClock {
  private readonly remaining: { white: number; black: number };
  private running: Color | undefined;
  private since = 0;

  constructor(
    /** initial time, ms */
    readonly initial: number,
    /** increment, ms */
    readonly increment: number,
    private readonly now: () => number,
    start?: { wtime?: number; btime?: number },
  ) {
    this.remaining = { white: start?.wtime ?? initial, black: start?.btime ?? initial };
  }

  get runningFor(): Color | undefined {
    return this.running;
  }

  /** Remaining time of `color` now, ms (negative once flagged). */
  remainingNow(color: Color): number {
    const left = this.remaining[color];
    return this.running === color ? left - (this.now() - this.since) : left;
  }

  /** Integer snapshot for JSON, never below zero. */
  snapshot(): { wtime: number; btime: number } {
    return {
      wtime: Math.max(0, Math.round(this.remainingNow('white'))),
      btime: Math.max(0, Math.round(this.remainingNow('black'))),
    };
  }

  /** Start running for `color` (both sides have moved). */
  start(color: Color): void {
    this.running = color;
    this.since = this.now();
  }

  /** `color` moved: charge the time used and add the increment, then run the other side. */
  moved(color: Color): void {
    if (this.running !== color) return;
    this.remaining[color] = this.remainingNow(color) + this.increment;
    this.start(color === 'white' ? 'black' : 'white');
  }

  /** Freeze both sides (game over). */
  stop(): void {
    if (this.running) this.remaining[this.running] = Math.max(0, this.remainingNow(this.running));
    this.running = undefined;
  }

  /** ms until the running side flags, or undefined when nothing runs. */
  msUntilFlag(): number | undefined {
    return this.running ? Math.max(0, this.remainingNow(this.running)) : undefined;
  }

  /** Run `color`'s clock from now without charging or crediting anyone (after a takeback). */
  switchTo(color: Color): void {
    if (this.running) this.remaining[this.running] = this.remainingNow(this.running);
    this.start(color);
  }
}
