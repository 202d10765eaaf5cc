// The `chessbot` command line: picks the subcommand from argv, runs it, and turns the outcome
// into an exit status. A misused command line (CommandLineError) or bad data (any other
// UsageError): one error line and where the command's help is, on stderr; both status 2.

import { terminalEnvironment } from '../../config/terminal.ts';
import { UsageError, closestWord, errorLine, quote } from '../../errors.ts';
import { wrapWords, wrapTable } from '../../input/wrap.ts';
import { createStatusLine, intervalTicker, wantsStatusLine } from '../../terminal/statusLine.ts';
import { type CliCommand, type CliOutput, PROGRAM, type TextSink, commandPrefix } from './command.ts';

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
  /** One line saying what is wrong, and where the help is: never the whole help (it scrolls the line away). */
  const misused = (message: string, helpCommand = `${PROGRAM} --help`): number => {
    out.stderr.write(`${PROGRAM}: ${message}\nsee '${helpCommand}'\n`);
    return EXIT_USAGE;
  };
  const unknownCommand = (word: string): number => {
    const meant = closestWord(word, commands.map((command) => command.name));
    return misused(`unknown command ${quote(word)}${meant !== null ? `: did you mean ${meant}?` : ''}`);
  };

  if (name === undefined) return misused('missing command');
  if (VERSION_WORDS.includes(name)) return print(out, `${version}\n`);
  if (HELP_WORDS.includes(name)) {
    const topic = args[0];
    if (topic === undefined) return print(out, overallUsage(commands));
    const command = commands.find((candidate) => candidate.name === topic);
    if (!command) return unknownCommand(topic);
    return print(out, commandUsage(command));
  }

  const command = commands.find((candidate) => candidate.name === name);
  if (!command) return unknownCommand(name);
  if (args.includes('--help') || args.includes('-h')) return print(out, commandUsage(command));

  try {
    return (await command.run(args, out)) ?? EXIT_OK;
  } catch (error) {
    // The command line itself (CommandLineError) or the data in it: one line, and the command's help.
    if (error instanceof UsageError) return misused(`${command.name}: ${errorLine(error)}`, `${PROGRAM} ${command.name} --help`);
    out.stderr.write(`${commandPrefix(command.name)}internal error: ${errorLine(error)}\n`);
    return EXIT_FAILURE;
  }
}

function print(out: CliOutput, text: string): number {
  out.stdout.write(text);
  return EXIT_OK;
}

/** Each command's synopsis, and its summary wrapped under it; every line within TERMINAL_COLUMNS. */
function overallUsage(commands: readonly CliCommand[]): string {
  const synopsisIndent = '  ';
  const summaryIndent = '      ';
  return [
    `usage: ${PROGRAM} <command> [arguments]`,
    `       ${PROGRAM} <command> --help`,
    `       ${PROGRAM} --version`,
    '',
    'commands:',
    ...commands.flatMap((command) => [
      ...wrapWords(`${command.name} ${command.usage}`, synopsisIndent, `${synopsisIndent}${' '.repeat(command.name.length + 1)}`),
      ...wrapWords(command.summary, summaryIndent, summaryIndent),
    ]),
    '',
    ...wrapWords(`"${PROGRAM} <command> --help" explains one command; "${PROGRAM} --version" (or -v) prints the version.`, '', ''),
    '',
  ].join('\n');
}

function commandUsage(command: CliCommand): string {
  const start = `usage: ${PROGRAM} ${command.name} `;
  return [
    ...wrapWords(command.usage, start, ' '.repeat(start.length)),
    '',
    ...wrapWords(command.summary, '', ''),
    '',
    ...wrapTable(command.details, '  '),
    '',
  ].join('\n');
}
