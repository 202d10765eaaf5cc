// The live status line, on a stand-in terminal (isTTY true, a width) with a clock and a ticker
// the test moves by hand: when it is drawn, how it is erased, that ordinary output erases it,
// and when it is not wanted at all.

import { describe, expect, it } from 'vitest';
import {
  NO_STATUS_LINE, STATUS_INTERVAL_MS, type StatusText, type Ticker, createStatusLine, mateStatus, searchStatus, wantsStatusLine,
} from '../../src/terminal/statusLine.ts';

const CLEAR = '\r\x1b[2K';

/** A pretend terminal that records every write, a clock at `clock.ms`, and a ticker ticked by hand. */
function terminal(columns?: number) {
  const writes: string[] = [];
  const clock = { ms: 1000 };
  let tick: (() => void) | null = null;
  let stopped = false;
  const ticker: Ticker = (_ms, onTick) => {
    tick = onTick;
    return () => (stopped = true);
  };
  const stream = { isTTY: true, ...(columns === undefined ? {} : { columns }), write: (text: string) => writes.push(text) };
  const status = createStatusLine(stream, { now: () => clock.ms, ticker });
  return {
    status,
    writes,
    clock,
    tick: () => tick?.(),
    get tickerStopped() {
      return stopped;
    },
  };
}

const text = (label: string): StatusText => (elapsedMs) => `${label} at ${elapsedMs} ms`;

describe('createStatusLine', () => {
  it('draws nothing for a search shorter than one interval', () => {
    const t = terminal();
    t.status.report(text('a'));
    t.clock.ms += STATUS_INTERVAL_MS - 1;
    t.status.report(text('b'));
    t.status.end();
    expect(t.writes).toEqual([]);
  });

  it('then rewrites the line in place at most once per interval, with the time since it started', () => {
    const t = terminal();
    t.clock.ms += STATUS_INTERVAL_MS;
    t.status.report(text('a'));
    t.clock.ms += 10;
    t.status.report(text('b'));
    t.clock.ms += STATUS_INTERVAL_MS;
    t.status.report(text('c'));
    expect(t.writes).toEqual([`${CLEAR}a at 250 ms`, `${CLEAR}c at 510 ms`]);
    // Never a line feed: the line is rewritten, not added to.
    expect(t.writes.join('')).not.toContain('\n');
  });

  it('is redrawn by its ticker between reports (a search in a worker thread), with the time going on', () => {
    const t = terminal();
    t.clock.ms += STATUS_INTERVAL_MS;
    t.status.report(text('a'));
    t.clock.ms += STATUS_INTERVAL_MS;
    t.tick();
    t.clock.ms += 1;
    t.tick();
    expect(t.writes).toEqual([`${CLEAR}a at 250 ms`, `${CLEAR}a at 500 ms`]);
    t.status.end();
    expect(t.tickerStopped).toBe(true);
  });

  it('is erased by ordinary output written around it, and drawn again only from the next report', () => {
    const t = terminal();
    const out: string[] = [];
    const stdout = t.status.around({ write: (line: string) => t.writes.push(line) && out.push(line) });
    t.clock.ms += STATUS_INTERVAL_MS;
    t.status.report(text('a'));
    stdout.write('n=5 no mate\n');
    t.clock.ms += STATUS_INTERVAL_MS;
    t.tick(); // Nothing new to say since the line: not redrawn.
    t.status.report(text('b'));
    stdout.write('answer\n');
    expect(t.writes).toEqual([`${CLEAR}a at 250 ms`, CLEAR, 'n=5 no mate\n', `${CLEAR}b at 500 ms`, CLEAR, 'answer\n']);
    expect(out).toEqual(['n=5 no mate\n', 'answer\n']);
  });

  it('writes nothing to erase when nothing is shown', () => {
    const t = terminal();
    const stdout = t.status.around({ write: (line: string) => t.writes.push(line) });
    stdout.write('board\n');
    t.status.end();
    expect(t.writes).toEqual(['board\n']);
  });

  it('is erased at the end, and draws nothing after it', () => {
    const t = terminal();
    t.clock.ms += STATUS_INTERVAL_MS;
    t.status.report(text('a'));
    t.status.end();
    t.clock.ms += STATUS_INTERVAL_MS;
    t.status.report(text('b'));
    t.tick();
    expect(t.writes).toEqual([`${CLEAR}a at 250 ms`, CLEAR]);
  });

  it('is cut to the terminal\'s width, so that it never wraps (a wrapped line cannot be rewritten)', () => {
    const t = terminal(20);
    t.clock.ms += STATUS_INTERVAL_MS;
    t.status.report(() => 'x'.repeat(50));
    expect(t.writes).toEqual([`${CLEAR}${'x'.repeat(18)}…`]);
  });
});

describe('the status texts', () => {
  it('name what is searched, its nodes, nodes per second and the time', () => {
    expect(mateStatus({ depth: 6, nodes: 1_234_567 })(2500)).toBe('searching n=6: 1,234,567 nodes, 493,827 nodes/s, 2.5 s');
    expect(searchStatus('depth 7', 0)(0)).toBe('depth 7: 0 nodes, 0 nodes/s, 0.0 s');
  });
});

describe('wantsStatusLine', () => {
  it('only at a terminal: never into a pipe or a file (isTTY absent or false)', () => {
    expect(wantsStatusLine({ isTTY: true }, {})).toBe(true);
    expect(wantsStatusLine({}, {})).toBe(false);
    expect(wantsStatusLine({ isTTY: false }, {})).toBe(false);
  });

  it('not with NO_COLOR set to anything but empty, nor on a dumb terminal', () => {
    expect(wantsStatusLine({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(wantsStatusLine({ isTTY: true }, { NO_COLOR: '' })).toBe(true);
    expect(wantsStatusLine({ isTTY: true }, { TERM: 'dumb' })).toBe(false);
    expect(wantsStatusLine({ isTTY: true }, { TERM: 'xterm-256color' })).toBe(true);
  });
});

describe('NO_STATUS_LINE', () => {
  it('draws nothing and passes ordinary output through untouched', () => {
    const writes: string[] = [];
    const sink = { write: (line: string) => writes.push(line) };
    expect(NO_STATUS_LINE.around(sink)).toBe(sink);
    NO_STATUS_LINE.report(text('a'));
    NO_STATUS_LINE.end();
    expect(writes).toEqual([]);
  });
});
