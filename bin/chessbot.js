#!/usr/bin/env node
// The `chessbot` command. Plain JavaScript so it runs straight after `npm ci`: it runs the built
// command line (dist/cli.js, which `npm ci` builds) when that is newer than every source file,
// and otherwise registers tsx's loader in this process and imports the TypeScript command line.

import { importEntry } from '../src/workers/build.js';
import { raiseInliningBudget } from '../src/workers/v8Flags.js';

// Before any search code is compiled: see v8Flags.js.
raiseInliningBudget();

const { runCommandLine } = /** @type {typeof import('../src/cli.ts')} */ (await importEntry('cli'));
process.exitCode = await runCommandLine(process.argv.slice(2));
