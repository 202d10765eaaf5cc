import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Command } from '../../../src/adapters/console/command.ts';
import { mateCommand } from '../../../src/adapters/console/mateCommand.ts';
import { PROMPT, runConsole } from '../../../src/adapters/console/console.ts';
import { InlineEngine } from '../../../src/engine/index.ts';

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
  await done;
  return { out: out.join(''), err: err.join('') };
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
        '  /help             list the commands',
        '  /echo <words...>  repeat the words',
        '  /quit             leave the console (end of input does too)',
        '',
      ].join('\n'),
    );
    expect(err).toBe('');
  });

  it('ends at end of input', async () => {
    await expect(session('')).resolves.toEqual({ out: '', err: '' });
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
    expect(await session('/slow\n', { commands: [slow] })).toEqual({ out: 'step 1\nstep 2\ndone\n', err: '' });
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
});
