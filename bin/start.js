#!/usr/bin/env node
// `npm start`: the application (src/main.ts) from the build that `npm ci` made (dist/main.js)
// when it is newer than every source file, else from the sources through tsx, as bin/chessbot.js
// does for the command line. The build starts in a fraction of the time compiling takes.

import { importEntry } from '../src/workers/build.js';
import { raiseInliningBudget } from '../src/workers/v8Flags.js';

// Before any search code is compiled: see v8Flags.js.
raiseInliningBudget();

await importEntry('main');
