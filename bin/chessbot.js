#!/usr/bin/env node
// The `chessbot` command. Plain JavaScript so it runs straight after `npm ci`: it registers
// tsx's loader in this process, then imports the TypeScript command line. No build step.

import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { raiseInliningBudget } from '../src/workers/v8Flags.js';

// Before any search code is compiled: see v8Flags.js.
raiseInliningBudget();

// Name our tsconfig explicitly: `npx chessbot` may run from a directory that has its own.
register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });

const { runCommandLine } = await import('../src/cli.ts');
process.exitCode = await runCommandLine(process.argv.slice(2));
