// Entry point of the trainer's worker threads: plain JavaScript, since a worker thread does not
// inherit the parent's loader hooks; registers tsx (as src/workers/bootstrap.js does), then
// loads the TypeScript body.

import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../../tsconfig.json', import.meta.url)) });

await import('./gradients.ts');
