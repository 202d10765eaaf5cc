// Time controls and the game clock the runner keeps. Fischer clocks: each side starts with the
// base time; a move's thinking time (from sending `go` to receiving `bestmove`, measured by the
// runner on the wall clock) is taken off, and the increment is added after each completed move.
// A side whose clock goes below zero has flagged. Pure: the caller measures and passes times.

import { type Color, WHITE } from '../../src/chess/types.ts';

export interface TimeControl {
  baseMs: number;
  incMs: number;
  /** The PGN TimeControl tag: seconds, "10+0.1". */
  pgn: string;
}

export class TimeControlError extends Error {}

const NUMBER = /^(\d+(?:\.\d+)?|\.\d+)$/;

/**
 * Parses "base+increment" in seconds ("10+0.1", "60", "0.5+0.05"); the base may also be written
 * as minutes:seconds ("1:30+1"). Throws TimeControlError.
 */
export function parseTimeControl(text: string): TimeControl {
  const trimmed = text.trim();
  const [basePart, incPart = '0', extra] = trimmed.split('+');
  if (extra !== undefined) throw new TimeControlError(`expected base+increment in seconds (e.g. 10+0.1), got "${text}"`);
  let baseSeconds: number;
  const minutes = /^(\d+):(\d{1,2}(?:\.\d+)?)$/.exec(basePart);
  if (minutes) baseSeconds = Number(minutes[1]) * 60 + Number(minutes[2]);
  else if (NUMBER.test(basePart)) baseSeconds = Number(basePart);
  else throw new TimeControlError(`expected base+increment in seconds (e.g. 10+0.1), got "${text}"`);
  if (!NUMBER.test(incPart)) throw new TimeControlError(`expected base+increment in seconds (e.g. 10+0.1), got "${text}"`);
  const incSeconds = Number(incPart);
  if (!(baseSeconds > 0)) throw new TimeControlError(`the base time must be more than 0 seconds, got "${text}"`);
  if (baseSeconds > 24 * 3600 || incSeconds > 3600) throw new TimeControlError(`time control "${text}" is too long`);
  const baseMs = Math.round(baseSeconds * 1000);
  const incMs = Math.round(incSeconds * 1000);
  return { baseMs, incMs, pgn: `${trimNumber(baseMs / 1000)}+${trimNumber(incMs / 1000)}` };
}

function trimNumber(n: number): string {
  return String(Number(n.toFixed(3)));
}

export class GameClock {
  /** Milliseconds left per colour (fractional; may go negative on a flag). */
  readonly remaining: [number, number];

  constructor(readonly tc: TimeControl) {
    this.remaining = [tc.baseMs, tc.baseMs];
  }

  /** The UCI go command for the side to move (times rounded down to whole milliseconds, at least 0). */
  goCommand(): string {
    const ms = (color: Color) => Math.max(0, Math.floor(this.remaining[color]));
    return `go wtime ${ms(WHITE)} btime ${ms(1)} winc ${this.tc.incMs} binc ${this.tc.incMs}`;
  }

  /** How long to wait for `color`'s bestmove before declaring the engine hung. */
  waitLimit(color: Color, graceMs: number): number {
    return Math.max(0, this.remaining[color]) + graceMs;
  }

  /**
   * Charges `color` for a move that took `elapsedMs`. Returns false when the clock went below
   * zero (a flag: no increment is added); otherwise adds the increment and returns true.
   */
  charge(color: Color, elapsedMs: number): boolean {
    this.remaining[color] -= elapsedMs;
    if (this.remaining[color] < 0) return false;
    this.remaining[color] += this.tc.incMs;
    return true;
  }
}
