// Entry point of every search worker thread. Plain JavaScript, because a worker thread does not
// inherit loader hooks registered at run time (bin/chessbot.js) nor vitest's module runner: this
// file registers tsx in the new thread, like bin/chessbot.js does, then loads the TypeScript body.

import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { raiseInliningBudget } from './v8Flags.js';

raiseInliningBudget();

// Our tsconfig by path: the working directory may hold another one (`npx chessbot` elsewhere).
register({ tsconfig: fileURLToPath(new URL('../../tsconfig.json', import.meta.url)) });

await import('./worker.ts');
