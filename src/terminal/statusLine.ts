// A live status line at a terminal: one line, rewritten a few times a second while a long search
// runs (its n, nodes, nodes per second and time), that the ordinary output erases as it comes, so
// a search that takes seconds shows that it works. Shared by the command line and the console.
//
// Only a person at a terminal sees it: nothing of it is written when the output is not a terminal
// (a pipe, a file, CI), so piped output stays exactly what it was; nor with NO_COLOR set (the
// convention for "no escape sequences", https://no-color.org) or TERM=dumb (a terminal that
// cannot clear a line). The line is drawn with a carriage return and "erase line" (ESC [2K), and
// cut to the terminal's width: a line that wrapped could not be rewritten in place.
//
// A search in this thread never yields to the event loop, so no timer fires while it runs: the
// line is redrawn from the search's own reports (every 65,536 nodes or so), at most once per
// interval by the injected clock. A search in a worker thread leaves the loop free: an optional
// ticker then also redraws it with the time going on between reports.

import { performance } from 'node:perf_hooks';

/** The line is rewritten at most this often: often enough to look alive, rarely enough to cost nothing. */
export const STATUS_INTERVAL_MS = 250;

const CLEAR_LINE = '\r\x1b[2K';

/** Where the line goes: the terminal's stream (or a stand-in with isTTY, in tests). */
export interface StatusStream {
  readonly isTTY?: boolean;
  /** The terminal's width in characters, when known. */
  readonly columns?: number;
  write(text: string): unknown;
}

/** The environment variables that decide whether the line is drawn. */
export interface StatusEnvironment {
  readonly NO_COLOR?: string;
  readonly TERM?: string;
}

/** Whether a status line may be drawn on `stream`: a terminal, and nothing in `env` says no. */
export function wantsStatusLine(stream: { readonly isTTY?: boolean }, env: StatusEnvironment): boolean {
  // NO_COLOR counts when set to anything but the empty string (no-color.org).
  return stream.isTTY === true && !env.NO_COLOR && env.TERM !== 'dumb';
}

/** Runs `tick` every `ms` until the returned function is called. */
export type Ticker = (ms: number, tick: () => void) => () => void;

/** setInterval, unreferenced: a status line never keeps the program alive. */
export const intervalTicker: Ticker = (ms, tick) => {
  const timer = setInterval(tick, ms);
  timer.unref();
  return () => clearInterval(timer);
};

export interface StatusLineOptions {
  /** Milliseconds on a monotonic clock (performance.now by default). */
  readonly now?: () => number;
  readonly intervalMs?: number;
  /** Also redraws between reports (a search in a worker thread); absent: only reports redraw it. */
  readonly ticker?: Ticker;
}

/** The line's text for the time elapsed since the status line started, in milliseconds. */
export type StatusText = (elapsedMs: number) => string;

export interface StatusLine {
  /**
   * The search's latest state. The line is (re)drawn now if it was last drawn an interval ago or
   * more; the first time only once an interval has passed, so a quick search shows nothing.
   */
  report(text: StatusText): void;
  /**
   * Erases the line, if it is shown, before ordinary output. It is drawn again from the next
   * report, not before: what it said is older than the output that erased it.
   */
  clear(): void;
  /** Erases the line and stops it: nothing is drawn after this. */
  end(): void;
  /** `sink`, erasing the line before each write: the ordinary output overwrites it. */
  around(sink: TextWriter): TextWriter;
}

/** Anything written to as text: a stream, the command line's output. */
export interface TextWriter {
  write(text: string): unknown;
}

/** A status line that is never drawn: where the output is no terminal (wantsStatusLine). */
export const NO_STATUS_LINE: StatusLine = Object.freeze({
  report: () => {},
  clear: () => {},
  end: () => {},
  around: (sink: TextWriter) => sink,
});

/** A status line on `stream`, starting now; callers decide first whether one is wanted (wantsStatusLine). */
export function createStatusLine(stream: StatusStream, options: StatusLineOptions = {}): StatusLine {
  const now = options.now ?? (() => performance.now());
  const intervalMs = options.intervalMs ?? STATUS_INTERVAL_MS;
  const start = now();
  let lastDraw = start;
  let shown = false;
  let ended = false;
  let latest: StatusText | null = null;

  const draw = (at: number): void => {
    if (latest === null || ended) return;
    lastDraw = at;
    const width = stream.columns !== undefined && stream.columns > 1 ? stream.columns - 1 : Infinity;
    stream.write(`${CLEAR_LINE}${fitTo(latest(at - start), width)}`);
    shown = true;
  };
  const clear = (): void => {
    latest = null;
    if (!shown) return;
    shown = false;
    stream.write(CLEAR_LINE);
  };
  const stopTicking = options.ticker?.(intervalMs, () => {
    const at = now();
    if (at - lastDraw >= intervalMs) draw(at);
  });

  return {
    report(text) {
      latest = text;
      const at = now();
      if (at - lastDraw >= intervalMs) draw(at);
    },
    clear,
    end() {
      clear();
      ended = true;
      stopTicking?.();
    },
    around(sink) {
      return {
        write(text) {
          clear();
          return sink.write(text);
        },
      };
    },
  };
}

/** Cut to `width` characters, an ellipsis marking the cut. */
function fitTo(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, Math.max(0, width - 1))}…`;
}

/** 1234567 → "1,234,567" (as the mate answers write counts). */
const formatCount = (count: number): string => count.toLocaleString('en-US');

/**
 * What a search is doing and its figures so far, the time counted by the status line:
 * "searching n=6: 1,234,567 nodes, 456,789 nodes/s, 2.7 s".
 */
export function searchStatus(doing: string, nodes: number): StatusText {
  return (elapsedMs) => {
    const perSecond = elapsedMs > 0 ? Math.round((nodes * 1000) / elapsedMs) : 0;
    return `${doing}: ${formatCount(nodes)} nodes, ${formatCount(perSecond)} nodes/s, ${(elapsedMs / 1000).toFixed(1)} s`;
  };
}

/** A mate search's status: the n being searched, with its figures. */
export function mateStatus(count: { readonly depth: number; readonly nodes: number }): StatusText {
  return searchStatus(`searching n=${count.depth}`, count.nodes);
}
