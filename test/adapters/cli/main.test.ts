import { describe, expect, it } from 'vitest';
import { CommandLineError, type CliCommand } from '../../../src/adapters/cli/command.ts';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, runCli } from '../../../src/adapters/cli/main.ts';
import { UsageError } from '../../../src/errors.ts';

// A command table of our own, so these tests pin the dispatcher, not any real command.
const greet: CliCommand = {
  name: 'greet',
  usage: '<name> [--loud]',
  summary: 'say hello',
  details: ['<name>   who to greet', '', 'exit status: 0 greeted'],
  async run(args, out) {
    if (args[0] === undefined) throw new CommandLineError('missing name');
    if (args[0] === 'crash') throw new Error('boom\n    at somewhere');
    if (!/^[a-z]+$/.test(args[0])) throw new UsageError('a name is written in lower-case letters');
    out.stdout.write(`hello ${args[0]}\n`);
  },
};

const VERSION = 'chessbot 9.8.7';

async function cli(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const status = await runCli(
    argv,
    { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) } },
    [greet],
    VERSION,
  );
  return { status, stdout, stderr };
}

describe('runCli', () => {
  it('runs the named command', async () => {
    expect(await cli('greet', 'ann')).toEqual({ status: EXIT_OK, stdout: 'hello ann\n', stderr: '' });
  });

  it.each([['--help'], ['-h'], ['help']])('lists the commands for %s', async (word) => {
    const { status, stdout, stderr } = await cli(word);
    expect(status).toBe(EXIT_OK);
    expect(stderr).toBe('');
    expect(stdout).toContain('usage: chessbot <command> [arguments]');
    // The synopsis, and the summary under it.
    expect(stdout).toContain('  greet <name> [--loud]\n      say hello\n');
  });

  it('explains one command for "help <command>" and "<command> --help"', async () => {
    for (const argv of [['help', 'greet'], ['greet', '--help']]) {
      const { status, stdout } = await cli(...argv);
      expect(status).toBe(EXIT_OK);
      // A blank line of the details is blank, with no trailing spaces.
      expect(stdout).toBe('usage: chessbot greet <name> [--loud]\n\nsay hello\n\n  <name>   who to greet\n\n  exit status: 0 greeted\n');
    }
  });

  it('rejects a missing command with one line and where the help is', async () => {
    const { status, stdout, stderr } = await cli();
    expect(status).toBe(EXIT_USAGE);
    expect(stdout).toBe('');
    expect(stderr).toBe("chessbot: missing command\nsee 'chessbot --help'\n");
  });

  it('suggests the command an unknown one is a near miss of', async () => {
    const { status, stderr } = await cli('gret');
    expect(status).toBe(EXIT_USAGE);
    expect(stderr.split('\n')[0]).toMatch(/^chessbot: unknown command "gret": did you mean greet\?$/);
  });

  it('rejects an unknown command, naming it', async () => {
    const { status, stderr } = await cli('frobnicate', 'x');
    expect(status).toBe(EXIT_USAGE);
    expect(stderr.split('\n')[0]).toBe('chessbot: unknown command "frobnicate"');
  });

  it('rejects help on an unknown command', async () => {
    const { status, stderr } = await cli('help', 'frobnicate');
    expect(status).toBe(EXIT_USAGE);
    expect(stderr.split('\n')[0]).toBe('chessbot: unknown command "frobnicate"');
  });

  it('turns a misused command line (CommandLineError) into one line and where the command\'s help is, not the help', async () => {
    const { status, stderr } = await cli('greet');
    expect(status).toBe(EXIT_USAGE);
    expect(stderr).toBe("chessbot: greet: missing name\nsee 'chessbot greet --help'\n");
  });

  it('turns bad data (any other UsageError) into one line and a hint, not the usage', async () => {
    const { status, stdout, stderr } = await cli('greet', 'Ann');
    expect(status).toBe(EXIT_USAGE);
    expect(stdout).toBe('');
    expect(stderr).toBe("chessbot: greet: a name is written in lower-case letters\nsee 'chessbot greet --help'\n");
  });

  it('quotes an unknown command escaped and cut short', async () => {
    expect((await cli('gr\x1b[2Jeet')).stderr.split('\n')[0]).toBe('chessbot: unknown command "gr\\u001b[2Jeet"');
    const long = (await cli('x'.repeat(1000))).stderr.split('\n')[0];
    expect(long).toBe(`chessbot: unknown command "${'x'.repeat(60)}"… (1,000 characters)`);
  });

  it.each([['--version'], ['-v']])('prints the version for %s', async (word) => {
    expect(await cli(word)).toEqual({ status: EXIT_OK, stdout: `${VERSION}\n`, stderr: '' });
  });

  it('mentions --version in the overall help', async () => {
    const { stdout } = await cli('--help');
    expect(stdout.split('\n')).toContain('       chessbot --version');
  });

  it('reports an unexpected error on one line with status 1, no stack', async () => {
    const { status, stderr } = await cli('greet', 'crash');
    expect(status).toBe(EXIT_FAILURE);
    expect(stderr).toBe('chessbot: greet: internal error: boom; at somewhere\n');
  });
});
