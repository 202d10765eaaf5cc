// The `chessbot` command line: picks the subcommand from argv, runs it, and turns the outcome
// into an exit status. Bad usage: one error line and the usage on stderr, status 2.

import { UsageError, errorLine } from '../../errors.ts';
import type { CliCommand, CliOutput } from './command.ts';

export const EXIT_OK = 0;
/** Something went wrong on our side (a bug, an unreadable file). */
export const EXIT_FAILURE = 1;
/** The command line itself was wrong; the usage was printed. */
export const EXIT_USAGE = 2;

const PROGRAM = 'chessbot';
const HELP_WORDS = ['--help', '-h', 'help'];

/** The process's own standard output and error. */
export const processOutput: CliOutput = { stdout: process.stdout, stderr: process.stderr };

/** Runs the command line `argv` (without "node" and the script) and resolves to the exit status. */
export async function runCli(argv: readonly string[], out: CliOutput, commands: readonly CliCommand[]): Promise<number> {
  const [name, ...args] = argv;
  const fail = (message: string, usage: string): number => {
    out.stderr.write(`${PROGRAM}: ${message}\n${usage}`);
    return EXIT_USAGE;
  };

  if (name === undefined) return fail('missing command', overallUsage(commands));
  if (HELP_WORDS.includes(name)) {
    const topic = args[0];
    if (topic === undefined) return print(out, overallUsage(commands));
    const command = commands.find((candidate) => candidate.name === topic);
    if (!command) return fail(`unknown command "${topic}"`, overallUsage(commands));
    return print(out, commandUsage(command));
  }

  const command = commands.find((candidate) => candidate.name === name);
  if (!command) return fail(`unknown command "${name}"`, overallUsage(commands));
  if (args.includes('--help') || args.includes('-h')) return print(out, commandUsage(command));

  try {
    return (await command.run(args, out)) ?? EXIT_OK;
  } catch (error) {
    if (error instanceof UsageError) {
      return fail(`${command.name}: ${errorLine(error)}`, commandUsage(command));
    }
    out.stderr.write(`${PROGRAM} ${command.name}: internal error: ${errorLine(error)}\n`);
    return EXIT_FAILURE;
  }
}

function print(out: CliOutput, text: string): number {
  out.stdout.write(text);
  return EXIT_OK;
}

function overallUsage(commands: readonly CliCommand[]): string {
  const rows = commands.map((command) => [`${command.name} ${command.usage}`, command.summary] as const);
  const width = Math.max(...rows.map(([usage]) => usage.length));
  return [
    `usage: ${PROGRAM} <command> [arguments]`,
    '',
    'commands:',
    ...rows.map(([usage, summary]) => `  ${usage.padEnd(width)}  ${summary}`),
    '',
    `"${PROGRAM} <command> --help" explains one command.`,
    '',
  ].join('\n');
}

function commandUsage(command: CliCommand): string {
  return [
    `usage: ${PROGRAM} ${command.name} ${command.usage}`,
    '',
    command.summary,
    '',
    ...command.details.map((line) => `  ${line}`),
    '',
  ].join('\n');
}
