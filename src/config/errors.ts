// The one error start-up raises for bad configuration: it carries every problem found, one line
// each ("<source>: <key path>: <what is wrong>"), so a user fixes them all in one go; and the
// warnings found on the way (a misspelt variable in .env may be why a problem arose).

export class ConfigError extends Error {
  readonly problems: readonly string[];
  /** Not problems by themselves; the caller prints them before the message (warningLines). */
  readonly warnings: readonly string[];

  constructor(problems: readonly string[], warnings: readonly string[] = []) {
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    super(`invalid configuration (${count}):\n${problems.map((line) => `  ${line}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
    this.warnings = warnings;
  }
}

/** The configuration's warnings as written to standard error: "warning: <line>\n" each; "" for none. */
export function warningLines(warnings: readonly string[]): string {
  return warnings.map((line) => `warning: ${line}\n`).join('');
}
