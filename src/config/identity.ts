// Who the program is: its name and version from package.json, for UCI's "id name", the Lichess
// User-Agent, the chat's !engine answer and `chessbot --version`.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PACKAGE = new URL('../../package.json', import.meta.url);

/**
 * The directory the program lives in (where package.json is): the command line reads its
 * configuration from here, not from the working directory, so that a GUI starting the launcher
 * from elsewhere gets the project's config, as the launcher gets the project's tsconfig.
 */
export const PROGRAM_DIRECTORY = fileURLToPath(new URL('../../', import.meta.url));

export interface ProgramIdentity {
  /** "chessbot". */
  readonly name: string;
  /** "0.1.0". */
  readonly version: string;
}

let identity: ProgramIdentity | undefined;

export function programIdentity(): ProgramIdentity {
  if (!identity) {
    const { name, version } = JSON.parse(readFileSync(PACKAGE, 'utf8')) as ProgramIdentity;
    identity = { name, version };
  }
  return identity;
}

/** "chessbot 0.1.0". */
export function engineName(): string {
  const { name, version } = programIdentity();
  return `${name} ${version}`;
}
