// The built program (dist/, made by `npm run build`, which `npm ci` runs as its prepare step):
// the command line and the search worker as two bundles (with the chunks they share or load on
// demand), which start in a fraction of the time that compiling the TypeScript through tsx takes.
// Plain JavaScript, because the launcher (bin/chessbot.js) asks before it has any way to load
// TypeScript. A build older than any source file is never used: the program then runs from the
// sources, as before the build.

import { readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PROGRAM_ROOT = new URL('../../', import.meta.url);

/** dist/<name> under `root` when it exists and is newer than every file under src/, else null. */
export function freshBuild(name, root = PROGRAM_ROOT) {
  const built = new URL(`dist/${name}`, root);
  let builtAt;
  try {
    builtAt = statSync(built).mtimeMs;
  } catch {
    return null;
  }
  return newestSourceMs(fileURLToPath(new URL('src/', root))) <= builtAt ? built : null;
}

/**
 * Loads the program's entry point `name` ('cli', 'main'): dist/<name>.js when the build is fresh,
 * else src/<name>.ts, through tsx's loader registered in this thread first.
 */
export async function importEntry(name, root = PROGRAM_ROOT) {
  const built = freshBuild(`${name}.js`, root);
  if (built) return import(built.href);
  const { register } = await import('tsx/esm/api');
  // Name our tsconfig explicitly: `npx chessbot` may run from a directory that has its own.
  register({ tsconfig: fileURLToPath(new URL('tsconfig.json', root)) });
  return import(new URL(`src/${name}.ts`, root).href);
}

/** The latest modification time of any file under `dir`. */
function newestSourceMs(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    newest = Math.max(newest, entry.isDirectory() ? newestSourceMs(path) : statSync(path).mtimeMs);
  }
  return newest;
}
