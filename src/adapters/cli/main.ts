// The `chessbot` command line: picks the subcommand from argv, runs it, and turns the outcome
// into an exit status. A misused command line (CommandLineError): one error line and the usage on
// stderr; bad data (any other UsageError): one error line and where to read more; both status 2.

import { terminalEnvironment } from '../../config/terminal.ts';
import { UsageError, errorLine, quote } from '../../errors.ts';
import { createStatusLine, intervalTicker, wantsStatusLine } from '../../terminal/statusLine.ts';
import { type CliCommand, type CliOutput, CommandLineError, type TextSink } from './command.ts';

export const EXIT_OK = 0;
/** Something went wrong on our side (a bug, an unreadable file). */
export const EXIT_FAILURE = 1;
/** The command line was wrong (the usage was printed) or its data was (a FEN, a value). */
export const EXIT_USAGE = 2;
/**
 * The reader of our output went away (`chessbot mate … | head -1`): 128 + SIGPIPE, the status
 * the shell reports for a program that a closed pipe killed (`seq 1 1000000 | head -1`'s seq).
 * It is none of the statuses that mean an answer (0 "mate found", 1 "no mate").
 */
export const EXIT_OUTPUT_CLOSED = 141;

const PROGRAM = 'chessbot';
const HELP_WORDS = ['--help', '-h', 'help'];
const VERSION_WORDS = ['--version', '-v'];

/**
 * The process's standard output and error, for runCli. A reader that goes away ends the process
 * at once and quietly, with EXIT_OUTPUT_CLOSED, whatever the command is doing, as a closed pipe
 * ends a C program (by SIGPIPE, which Node ignores: its write fails with EPIPE instead, and the
 * stream's unhandled 'error' event would end the process with a stack trace and status 1). A write
 * to a pipe fails at once, so the check after each write stops even a search that never yields to
 * the event loop (`mate`, `bench`); the 'error' listener catches a write that fails later.
 */
export function processOutput(): CliOutput {
  const stdout = endOnClosedOutput(process.stdout);
  const stderr = endOnClosedOutput(process.stderr);
  if (!wantsStatusLine(process.stdout, terminalEnvironment())) return { stdout, stderr };
  // Drawn through `stdout`, so that a reader gone away ends it like any other write.
  const terminal = { isTTY: true, get columns() { return process.stdout.columns; }, write: (text: string) => stdout.write(text) };
  return { stdout, stderr, statusLine: () => createStatusLine(terminal, { ticker: intervalTicker }) };
}

function endOnClosedOutput(stream: NodeJS.WriteStream): TextSink {
  const fail = (error: unknown): never => {
    if ((error as NodeJS.ErrnoException | null)?.code === 'EPIPE') process.exit(EXIT_OUTPUT_CLOSED);
    // Anything else (a full disk under "> file"): said once on the other stream, if it can be.
    if (stream !== process.stderr) process.stderr.write(`${PROGRAM}: cannot write the output: ${errorLine(error)}\n`);
    process.exit(EXIT_FAILURE);
  };
  stream.on('error', fail);
  return {
    write(text: string) {
      const written = stream.write(text);
      if (stream.errored) fail(stream.errored);
      return written;
    },
  };
}

/**
 * Runs the command line `argv` (without "node" and the script) and resolves to the exit status.
 * `version` is what --version prints ("chessbot 0.1.0").
 */
export async function runCli(
  argv: readonly string[], out: CliOutput, commands: readonly CliCommand[], version: string,
): Promise<number> {
  const [name, ...args] = argv;
  const misused = (message: string, usage: string): number => {
    out.stderr.write(`${PROGRAM}: ${message}\n${usage}`);
    return EXIT_USAGE;
  };

  if (name === undefined) return misused('missing command', overallUsage(commands));
  if (VERSION_WORDS.includes(name)) return print(out, `${version}\n`);
  if (HELP_WORDS.includes(name)) {
    const topic = args[0];
    if (topic === undefined) return print(out, overallUsage(commands));
    const command = commands.find((candidate) => candidate.name === topic);
    if (!command) return misused(`unknown command ${quote(topic)}`, overallUsage(commands));
    return print(out, commandUsage(command));
  }

  const command = commands.find((candidate) => candidate.name === name);
  if (!command) return misused(`unknown command ${quote(name)}`, overallUsage(commands));
  if (args.includes('--help') || args.includes('-h')) return print(out, commandUsage(command));

  try {
    return (await command.run(args, out)) ?? EXIT_OK;
  } catch (error) {
    if (error instanceof CommandLineError) return misused(`${command.name}: ${errorLine(error)}`, commandUsage(command));
    if (error instanceof UsageError) {
      out.stderr.write(`${PROGRAM}: ${command.name}: ${errorLine(error)}\nsee '${PROGRAM} ${command.name} --help'\n`);
      return EXIT_USAGE;
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
    `       ${PROGRAM} --version`,
    '',
    'commands:',
    ...rows.map(([usage, summary]) => `  ${usage.padEnd(width)}  ${summary}`),
    '',
    `"${PROGRAM} <command> --help" explains one command; "${PROGRAM} --version" (or -v) prints the version.`,
    '',
  ].join('\n');
}

function commandUsage(command: CliCommand): string {
  return [
    `usage: ${PROGRAM} ${command.name} ${command.usage}`.trimEnd(),
    '',
    command.summary,
    '',
    ...command.details.map((line) => (line === '' ? '' : `  ${line}`)),
    '',
  ].join('\n');
}
