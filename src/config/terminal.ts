// The environment variables that shape what is drawn at a terminal, read here with the rest of
// the environment: NO_COLOR (no escape sequences, https://no-color.org) and TERM ("dumb": a
// terminal that cannot erase a line). The live status line (src/terminal) asks them.

export interface TerminalEnvironment {
  readonly NO_COLOR?: string;
  readonly TERM?: string;
}

/** NO_COLOR and TERM as the process environment has them. */
export function terminalEnvironment(env: NodeJS.ProcessEnv = process.env): TerminalEnvironment {
  return {
    ...(env.NO_COLOR === undefined ? {} : { NO_COLOR: env.NO_COLOR }),
    ...(env.TERM === undefined ? {} : { TERM: env.TERM }),
  };
}
