// Every help screen of the real command line fits an 80-column terminal, its descriptions
// wrapped between words: `chessbot --help` and `chessbot <command> --help` for each command.

import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src/adapters/cli/main.ts';
import { loadCliCommands } from '../../../src/cli.ts';

// Every command, loaded as `chessbot --help` loads them.
const CLI_COMMANDS = await loadCliCommands();

async function help(...argv: string[]): Promise<string> {
  let stdout = '';
  const status = await runCli(argv, { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: () => true } }, CLI_COMMANDS, 'chessbot 0');
  expect(status).toBe(0);
  return stdout;
}

const screens: Array<[string, string[]]> = [
  ['chessbot --help', ['--help']],
  ...CLI_COMMANDS.map((command): [string, string[]] => [`chessbot ${command.name} --help`, [command.name, '--help']]),
];

describe('the help screens', () => {
  it.each(screens)('%s: every line is at most 80 characters', async (_name, argv) => {
    const lines = (await help(...argv)).split('\n');
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.filter((line) => line.length > 80)).toEqual([]);
    expect(lines.filter((line) => line !== line.trimEnd())).toEqual([]);
  });

  it.each(CLI_COMMANDS.map((command) => [command.name]))('chessbot %s --help keeps every word of the details whole', async (name) => {
    const command = CLI_COMMANDS.find((candidate) => candidate.name === name)!;
    const words = (await help(name, '--help')).split(/\s+/);
    for (const word of command.details.join(' ').split(/\s+/).filter((w) => w !== '')) expect(words).toContain(word);
  });

  it('lists every command in the overall help', async () => {
    const text = await help('--help');
    for (const command of CLI_COMMANDS) expect(text).toMatch(new RegExp(`^  ${command.name}( |$)`, 'm'));
  });
});
