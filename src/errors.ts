// Errors as people and logs see them. A UsageError means "your input is wrong" and its message is
// written for the user; anything else is our fault. Every error that reaches a reply or a log line
// goes through errorLine: one line, never a stack.

/** The user's input was wrong; the message says what and is shown to them verbatim. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export interface ErrorLineOptions {
  /** Start with the error's class ("TypeError: …"), for logs, where the kind of failure matters. */
  readonly named?: boolean;
}

/** `error` as one line: its message with line breaks folded to "; " (its name when it has none). */
export function errorLine(error: unknown, options: ErrorLineOptions = {}): string {
  const message = error instanceof Error ? error.message : String(error);
  const folded = message.trim().replace(/\s*\n\s*/g, '; ') || (error instanceof Error ? error.name : 'unknown error');
  return options.named && error instanceof Error && folded !== error.name ? `${error.name}: ${folded}` : folded;
}

/**
 * What a person is told when a command fails: "/mate: bad FEN: …" for their mistake (a
 * UsageError), "/mate: failed: …" for ours. One line; the console and Discord both use it.
 */
export function commandErrorText(commandName: string, error: unknown): string {
  const why = error instanceof UsageError ? errorLine(error) : `failed: ${errorLine(error)}`;
  return `/${commandName}: ${why}`;
}
