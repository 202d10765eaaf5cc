import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Command } from '../../../src/adapters/commands/command.ts';
import { PROMPT, runConsole } from '../../../src/adapters/console/console.ts';

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
});
