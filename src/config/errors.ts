// The one error start-up raises for bad configuration: it carries every problem found, one line
// each ("<source>: <key path>: <what is wrong>"), so a user fixes them all in one go.

export class ConfigError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    super(`invalid configuration (${count}):\n${problems.map((line) => `  ${line}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}
