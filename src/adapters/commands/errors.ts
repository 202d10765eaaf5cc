// Errors that reach a person. A UsageError means "your input is wrong" and its message is
// written for the user; anything else is our fault and is shown as one line, never a stack.

/** The user's input was wrong; the message says what and is shown to them verbatim. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** An error's message folded onto one line, for replies that must stay one line. */
export function oneLineMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.trim().replace(/\s*\n\s*/g, '; ') || (error instanceof Error ? error.name : 'unknown error');
}

/**
 * What a person is told when a command fails: "/mate: bad FEN: …" for their mistake (a
 * UsageError), "/mate: failed: …" for ours. One line; the console and Discord both use it.
 */
export function commandErrorText(commandName: string, error: unknown): string {
  const why = error instanceof UsageError ? oneLineMessage(error) : `failed: ${oneLineMessage(error)}`;
  return `/${commandName}: ${why}`;
}
