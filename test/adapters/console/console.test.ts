import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Command } from '../../../src/adapters/console/command.ts';
import { mateCommand } from '../../../src/adapters/console/mateCommand.ts';
import { PROMPT, runConsole } from '../../../src/adapters/console/console.ts';
import { InlineEngine } from '../../../src/engine/index.ts';
import { type StatusLine, type StatusStream, createStatusLine } from '../../../src/terminal/statusLine.ts';

/** Runs the console over in-memory streams with `input` as everything typed. */
async function session(input: string, options: { interactive?: boolean; commands?: Command[] } = {}) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: string[] = [];
  const err: string[] = [];
  stdout.on('data', (chunk) => out.push(String(chunk)));
  stderr.on('data', (chunk) => err.push(String(chunk)));
  const done = runConsole({
    input: stdin,
    output: stdout,
    errorOutput: stderr,
    interactive: options.interactive ?? false,
    commands: options.commands ?? [],
  });
  stdin.end(input);
  const summary = await done;
  return { out: out.join(''), err: err.join(''), summary };
}

/**
 * A console at a pretend terminal: readline in terminal mode over a stream, so a "\x03" typed
 * is Ctrl+C as readline reads it from a real terminal (in raw mode, where the key is a byte and
 * never a signal). Keys are typed one write at a time and the console keeps running between them.
 */
function terminal(commands: Command[], stop?: AbortSignal) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk) => (out += String(chunk)));
  stderr.on('data', (chunk) => (err += String(chunk)));
  const done = runConsole({ input: stdin, output: stdout, errorOutput: stderr, interactive: true, commands, ...(stop ? { stop } : {}) });
  return {
    type: (keys: string) => stdin.write(keys),
    done,
    /** The output with readline's cursor movements taken out: what the terminal shows, line by line. */
    get out() {
      return out.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '').replaceAll('\r', '');
    },
    get err() {
      return err;
    },
  };
}

/**
 * /wait: runs until its signal is aborted (or, stubborn, never), then answers "cancelled".
 * `started()` resolves with the signal of the next run once it has begun.
 */
function waitCommand(options: { stubborn?: boolean } = {}) {
  const waiting: Array<(signal: AbortSignal) => void> = [];
  const runs: AbortSignal[] = [];
  const command: Command = {
    name: 'wait',
    usage: '/wait',
    summary: 'wait for Ctrl+C',
    run(_args, context) {
      const signal = context!.signal!;
      runs.push(signal);
      waiting.shift()?.(signal);
      if (options.stubborn) return new Promise<string>(() => {});
      return new Promise<string>((resolve) => signal.addEventListener('abort', () => resolve('cancelled'), { once: true }));
    },
  };
  const started = () => (runs.length > 0 ? Promise.resolve(runs.shift()!) : new Promise<AbortSignal>((resolve) => waiting.push(resolve)));
  return { command, started };
}

/** Lets the streams and readline pass on what was written. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

const echo: Command = {
  name: 'echo',
  usage: '/echo <words...>',
  summary: 'repeat the words',
  async run(args) {
    return args.join('|');
  },
};

describe('runConsole', () => {
  it('lists /help, the given commands and /quit', async () => {
    const { out, err } = await session('/help\n', { commands: [echo] });
    expect(out).toBe(
      [
        'Commands:',
        '  /help',
        '      list the commands',
        '  /echo <words...>',
        '      repeat the words',
        '  /quit',
        '      leave the console (so do end of input, and Ctrl+C at the prompt)',
        '',
      ].join('\n'),
    );
    expect(err).toBe('');
  });

  it('refuses a word after /help or /quit alike, naming it, and does not quit', async () => {
    const { out, err, summary } = await session('/help extra\n/quit now\n/echo still here\n', { commands: [echo] });
    const lines = err.split('\n');
    expect(lines[0]).toMatch(/^error: \/help: unknown word "extra"/);
    expect(lines[1]).toMatch(/^error: \/quit: unknown word "now"/);
    expect(out).toBe('still|here\n');
    expect(summary.errors).toBe(2);
  });

  it('suggests the command an unknown one is a near miss of', async () => {
    const { err } = await session('/ech a\n', { commands: [echo] });
    expect(err).toMatch(/unknown command "\/ech".*did you mean \/echo\?/);
  });

  it('ends at end of input', async () => {
    await expect(session('')).resolves.toEqual({ out: '', err: '', summary: { errors: 0, outputClosed: false } });
  });

  it('stops at /quit and ignores lines after it', async () => {
    const { out } = await session('/echo a\n/quit\n/echo b\n', { commands: [echo] });
    expect(out).toBe('a\n');
  });

  it('passes quoted words as one argument', async () => {
    const { out } = await session('/echo "8/8/8 w - -" 3\n', { commands: [echo] });
    expect(out).toBe('8/8/8 w - -|3\n');
  });

  it('answers unknown input with one line naming it, and carries on', async () => {
    const { out, err } = await session('/nope 1 2\nhello\n\n/help\n');
    expect(err).toBe(
      'error: unknown command "/nope"; type /help for the list\n' +
        'error: "hello" is not a command (commands start with /); type /help for the list\n',
    );
    expect(out).toMatch(/^Commands:/);
  });

  it('shows no prompt when not interactive', async () => {
    const { out } = await session('/help\n');
    expect(out).not.toContain(PROMPT);
  });

  it('greets and prompts when interactive', async () => {
    const { out } = await session('/quit\n', { interactive: true });
    expect(out).toContain('type /help for the commands');
    expect(out).toContain(PROMPT);
  });

  it('shows a command\'s interim output as it comes, before its reply', async () => {
    const slow: Command = {
      name: 'slow',
      usage: '/slow',
      summary: 'work in steps',
      async run(_args, context) {
        context?.progress?.('step 1');
        context?.progress?.('step 2');
        return 'done';
      },
    };
    expect(await session('/slow\n', { commands: [slow] })).toEqual({ out: 'step 1\nstep 2\ndone\n', err: '', summary: { errors: 0, outputClosed: false } });
  });

  it('solves /mate: the board, progress per n, then the answer; bad input on the error stream', async () => {
    const mate = mateCommand({ engine: new InlineEngine(), maxN: 5, timeoutSeconds: 30 });
    const { out, err } = await session(
      '/mate "8/2P1P1P1/3PkP2/8/4K3/8/8/8 w - - 0 1" 3\n/mate 8/8/8/8/8/8/8/k1K5 w - - 0 1 9\n',
      { commands: [mate] },
    );
    expect(out).toMatch(/^8 {2}\. \. \. \. \. \. \. \.\n7 {2}\. \. P \. P \. P \.\n/);
    expect(out).toMatch(/\nWhite to play and mate in 3\n\nn=1 .*\nn=2 .*\nn=3 .* mate found\n\n/);
    expect(out).toMatch(/\nMate in 3: 1\. e8=B! .*\nKeys: e8=B\n\d[\d,]* nodes, \d+\.\d\d s\n$/);
    expect(err).toBe('error: /mate: n must be an integer from 1 to 5, got "9"\n');
  });

  describe('at a terminal, the status line of a running /mate', () => {
    /** A pretend terminal's output: isTTY, a width, and everything written to it. */
    function ttyOutput() {
      const stream = Object.assign(new PassThrough(), { isTTY: true, columns: 80 });
      let text = '';
      stream.on('data', (chunk) => (text += String(chunk)));
      return { stream, text: () => text };
    }
    const HARD = '3Q4/5q1k/4ppp1/2Kp1N1B/RR6/3P1r2/4nP2/3b4 w - - 0 1'; // no mate in 5: some 330,000 nodes
    const STATUS_DRAWN = /\r\x1b\[2K(searching n=[^\r\n]*)/g;

    async function mateAtTerminal(statusLine?: (terminal: StatusStream) => StatusLine) {
      const input = new PassThrough();
      const stderr = new PassThrough();
      const output = ttyOutput();
      const mate = mateCommand({ engine: new InlineEngine(), maxN: 5, timeoutSeconds: 60 });
      const done = runConsole({ input, output: output.stream, errorOutput: stderr, interactive: false, commands: [mate], ...(statusLine ? { statusLine } : {}) });
      input.end(`/mate "${HARD}" 5\n`);
      await done;
      return output.text();
    }

    it('shows n, nodes, nodes/s and time while it searches; the lines written erase it', async () => {
      let ms = 0;
      // A clock that moves 300 ms at each reading: every node report is drawn.
      const text = await mateAtTerminal((terminal) => createStatusLine(terminal, { now: () => (ms += 300) }));
      const drawn = [...text.matchAll(STATUS_DRAWN)].map((match) => match[1]!);
      expect(drawn.length).toBeGreaterThanOrEqual(4);
      for (const line of drawn) expect(line).toMatch(/^searching n=[45]: [\d,]+ nodes, [\d,]+ nodes\/s, \d+\.\d s$/);
      const erased = text.replace(STATUS_DRAWN, '').replaceAll('\r\x1b[2K', '');
      expect(erased).not.toMatch(/[\r\x1b]/);
      expect(erased).toMatch(/\nWhite to play and mate in 5\n\n(n=\d .* no mate\n){5}\nNo mate in 5/);
    });

    it('shows none when the output is no terminal, whatever the clock', async () => {
      const { out } = await session(`/mate "${HARD}" 5\n`, { commands: [mateCommand({ engine: new InlineEngine(), maxN: 5, timeoutSeconds: 60 })] });
      expect(out).not.toMatch(/[\r\x1b]/);
    });
  });

  it('escapes control characters in what it quotes back, so none reaches the terminal raw', async () => {
    const { err } = await session('/x\x1b[2J\x07\nhello\x1b]0;pwned\x07\n');
    expect(err).toBe(
      'error: unknown command "/x\\u001b[2J\\u0007"; type /help for the list\n' +
        'error: "hello\\u001b]0;pwned\\u0007" is not a command (commands start with /); type /help for the list\n',
    );
    expect(err).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
  });

  it('quotes a few characters of a multi-megabyte line back, saying how long it was', async () => {
    const huge = `/${'x'.repeat(5_000_000)}`;
    const { err, summary } = await session(`${huge}\n${huge.slice(1)}\n`);
    const lines = err.split('\n');
    expect(lines[0]).toBe(`error: unknown command "/${'x'.repeat(59)}"… (5,000,001 characters); type /help for the list`);
    expect(lines[1]).toMatch(/^error: "x{60}"… \(5,000,000 characters\) is not a command/);
    expect(err.length).toBeLessThan(300);
    expect(summary.errors).toBe(2);
  });

  it('counts the lines answered with an error (the exit status of a piped session)', async () => {
    expect((await session('/help\n\n/echo a\n', { commands: [echo] })).summary).toEqual({ errors: 0, outputClosed: false });
    expect((await session('/nope\n/help\n"unclosed\n/echo a\n', { commands: [echo] })).summary).toEqual({ errors: 2, outputClosed: false });
  });

  describe('when the reader of its output goes away (a closed pipe)', () => {
    /** An output whose reader is gone: every write fails with EPIPE, as a pipe's does. */
    function closedPipe(): { output: Writable; attempts: () => number } {
      let attempts = 0;
      const output = new Writable({
        write(_chunk, _encoding, callback) {
          attempts++;
          callback(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
        },
      });
      return { output, attempts: () => attempts };
    }

    it('stops the command in progress, ends without a word, and says so in its summary', async () => {
      const input = new PassThrough();
      const stderr = new PassThrough();
      let err = '';
      stderr.on('data', (chunk) => (err += String(chunk)));
      const { output, attempts } = closedPipe();
      const wait = waitCommand();
      const progress: Command = {
        name: 'board',
        usage: '/board',
        summary: 'show a board, then wait',
        run(args, context) {
          context!.progress!('a board');
          return wait.command.run(args, context);
        },
      };
      const done = runConsole({ input, output, errorOutput: stderr, interactive: false, commands: [progress, wait.command] });
      // Input still open, lines to come: only the closed output can end the console.
      input.write('/board\n/wait\n');
      const signal = await wait.started();
      await expect(done).resolves.toEqual({ errors: 0, outputClosed: true });
      expect(signal.aborted).toBe(true);
      // The first write failed; nothing was tried after it, and nothing was said on stderr.
      expect(attempts()).toBe(1);
      expect(err).toBe('');
    });

    it('ends the same way when the error stream\'s reader goes away (2>&1 | head)', async () => {
      const input = new PassThrough();
      const { output: errorOutput, attempts } = closedPipe();
      const done = runConsole({ input, output: new PassThrough(), errorOutput, interactive: false, commands: [echo] });
      // An error line; the input stays open: only the closed error stream can end the console.
      input.write('/nope\n');
      await expect(done).resolves.toMatchObject({ outputClosed: true });
      expect(attempts()).toBe(1);
    });

    it('names another write error once on the error stream', async () => {
      const stderr = new PassThrough();
      let err = '';
      stderr.on('data', (chunk) => (err += String(chunk)));
      const output = new Writable({
        write(_chunk, _encoding, callback) {
          callback(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
        },
      });
      const input = new PassThrough();
      const done = runConsole({ input, output, errorOutput: stderr, interactive: false, commands: [echo] });
      input.write('/echo a\n/echo b\n');
      await expect(done).resolves.toEqual({ errors: 0, outputClosed: true });
      expect(err).toBe('error: cannot write the output: no space left on device\n');
    });
  });

  describe('Ctrl+C at a terminal', () => {
    it('stops the running command, whose answer is shown, and prompts again', async () => {
      const wait = waitCommand();
      const term = terminal([wait.command, echo]);
      term.type('/wait\n');
      const signal = await wait.started();
      term.type('\x03');
      expect(signal.aborted).toBe(true);
      await settle();
      expect(term.out).toMatch(/cancelled\nchessbot> $/);
      // Still running: the next command is answered, and a later Ctrl+C stops that one alone too.
      term.type('/echo still here\n');
      await settle();
      expect(term.out).toMatch(/still\|here\nchessbot> $/);
      term.type('/wait\n');
      await wait.started();
      term.type('\x03');
      await settle();
      expect(term.out).toMatch(/cancelled\nchessbot> $/);
      term.type('/quit\n');
      await expect(term.done).resolves.toEqual({ errors: 0, outputClosed: false });
      expect(term.err).toBe('');
    });

    it('leaves at the prompt, ending the prompt\'s line', async () => {
      const term = terminal([echo]);
      term.type('/echo a\n');
      await settle();
      term.type('\x03');
      await expect(term.done).resolves.toEqual({ errors: 0, outputClosed: false });
      expect(term.out).toMatch(/a\nchessbot> \n$/);
    });

    it('leaves at once on a second Ctrl+C while a command is still stopping', async () => {
      const wait = waitCommand({ stubborn: true });
      const term = terminal([wait.command]);
      term.type('/wait\n');
      const signal = await wait.started();
      term.type('\x03');
      await settle();
      expect(signal.aborted).toBe(true);
      term.type('\x03');
      await expect(term.done).resolves.toEqual({ errors: 0, outputClosed: false });
    });

    it('leaves on end of input (Ctrl+D)', async () => {
      const term = terminal([]);
      term.type('\x04');
      await expect(term.done).resolves.toEqual({ errors: 0, outputClosed: false });
    });

    it('ends at once, cancelling the command, when the app stops (SIGTERM, a SIGINT signal)', async () => {
      const wait = waitCommand();
      const stop = new AbortController();
      const term = terminal([wait.command], stop.signal);
      term.type('/wait\n');
      const signal = await wait.started();
      stop.abort();
      expect(signal.aborted).toBe(true);
      await expect(term.done).resolves.toEqual({ errors: 0, outputClosed: false });
    });

    it('reads nothing when the app was stopped before the console started', async () => {
      const stop = new AbortController();
      stop.abort();
      const term = terminal([echo], stop.signal);
      term.type('/echo a\n');
      await expect(term.done).resolves.toEqual({ errors: 0, outputClosed: false });
      expect(term.out).not.toContain('a\n');
    });
  });
});
