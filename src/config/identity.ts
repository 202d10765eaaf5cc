// Who the program is: its name and version from package.json, for UCI's "id name", the Lichess
// User-Agent, the chat's !engine answer and `chessbot --version`.

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The directory the program lives in (where its package.json is), found from this module's own
 * place, which is src/config/ in the sources and dist/ in the build. The command line reads its
 * configuration from here, not from the working directory, so that a GUI starting the launcher
 * from elsewhere gets the project's config, as the launcher gets the project's tsconfig.
 */
const PROGRAM_ROOT = programRoot(new URL('./', import.meta.url));
export const PROGRAM_DIRECTORY = fileURLToPath(PROGRAM_ROOT);

const PACKAGE = new URL('package.json', PROGRAM_ROOT);

/** The nearest directory at or above `dir` that holds a package.json. */
function programRoot(dir: URL): URL {
  for (let at = dir; ; at = new URL('../', at)) {
    if (existsSync(new URL('package.json', at))) return at;
    if (at.pathname === '/') throw new Error(`no package.json above ${fileURLToPath(dir)}`);
  }
}

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
