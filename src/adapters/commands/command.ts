// A command a person types into a front end (the local console now, Discord later): data that
// describes it for /help, and a function from its argument words to the reply text.

export interface Command {
  /** The name typed after the slash, e.g. "mate" for /mate. Lower case, no spaces. */
  readonly name: string;
  /** How to call it, as shown by /help, e.g. "/mate <fen> <n> [checks]". */
  readonly usage: string;
  /** What it does, in a few words for /help. */
  readonly summary: string;
  /**
   * Runs the command on the words that followed its name and resolves to the reply.
   * Bad input is reported by throwing a UsageError whose message is shown as is.
   */
  run(args: readonly string[]): Promise<string>;
}
