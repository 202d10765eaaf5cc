// A subcommand of the `chessbot` command line: its name, how to call it, and what it does.

export interface TextSink {
  write(text: string): unknown;
}

export interface CliOutput {
  readonly stdout: TextSink;
  readonly stderr: TextSink;
}

export interface CliCommand {
  readonly name: string;
  /** Arguments after the name, e.g. "<fen|startpos> <depth> [--divide] [--json]". */
  readonly usage: string;
  /** One line for `chessbot --help`. */
  readonly summary: string;
  /** Lines shown below the usage by `chessbot <name> --help`. */
  readonly details: readonly string[];
  /**
   * Writes its results to `out.stdout`; throws a UsageError for bad arguments. Resolves to the
   * exit status when success can end in more than one way (mate found, no mate), else to nothing
   * for status 0.
   */
  run(args: readonly string[], out: CliOutput): Promise<number | void>;
}
