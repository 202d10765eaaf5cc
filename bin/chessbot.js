#!/usr/bin/env node
// The `chessbot` command. Plain JavaScript so it runs straight after `npm ci`: it runs the built
// command line (dist/cli.js, which `npm ci` builds) when that is newer than every source file,
// and otherwise registers tsx's loader in this process and imports the TypeScript command line.

import { fileURLToPath } from 'node:url';
import { freshBuild } from '../src/workers/build.js';
import { raiseInliningBudget } from '../src/workers/v8Flags.js';

// Before any search code is compiled: see v8Flags.js.
raiseInliningBudget();

const built = freshBuild('cli.js');
if (!built) {
  const { register } = await import('tsx/esm/api');
  // Name our tsconfig explicitly: `npx chessbot` may run from a directory that has its own.
  register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
}
const { runCommandLine } = await import(built ? built.href : '../src/cli.ts');
process.exitCode = await runCommandLine(process.argv.slice(2));
