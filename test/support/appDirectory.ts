// A working directory of a test's own for the app or the command line: config/default.json as the
// project ships it, and config/local.json when given. Started there, nothing a developer keeps in
// the project's .env or config/local.json can change the outcome.

import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

/** A new directory under the system's temporary one (named from `prefix`); the caller removes it. */
export function makeAppDirectory(prefix: string, localConfig?: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(dir, 'config'));
  cpSync(join(ROOT, 'config', 'default.json'), join(dir, 'config', 'default.json'));
  if (localConfig !== undefined) writeFileSync(join(dir, 'config', 'local.json'), localConfig);
  return dir;
}
