// `npm run build`, and the prepare step of `npm ci`: bundles `npm start` (src/main.ts), the command line (src/cli.ts) and the
// search worker (src/workers/worker.ts) into dist/, so that `chessbot` and each worker thread
// start without compiling TypeScript (src/workers/build.js says when a build is used). Packages
// stay outside the bundles, loaded from node_modules as usual. Without the sources (the
// dependency layer of the Docker image) there is nothing to build yet, and that is no failure.

import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

// --outdir: somewhere else than dist/ (the tests build a copy of their own); a folder for the build
// alone, since the build takes away the .js files in it that it did not write.
const { values } = parseArgs({ options: { outdir: { type: 'string', default: 'dist' } } });

if (!existsSync('src/cli.ts')) {
  process.stdout.write('build: no sources here yet; skipped (the program runs from the sources through tsx)\n');
  process.exit(0);
}

const result = await build({
  entryPoints: { cli: 'src/cli.ts', main: 'src/main.ts', worker: 'src/workers/worker.ts' },
  outdir: values.outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // Modules that src/cli.ts imports only when a command needs them (the worker, the Lichess upgrade)
  // go to chunks of their own, with the packages they load: `chessbot mate` does not load them.
  splitting: true,
  // Stack traces and debuggers point at the TypeScript sources.
  sourcemap: 'linked',
  logLevel: 'warning',
  metafile: true,
});
// The chunks' names carry a hash of their contents, so a build over an older one would leave the
// older chunks beside the new: what this build did not write goes (after it, so that dist/ is never
// without a runnable cli.js).
const written = new Set(Object.keys(result.metafile.outputs).map((path) => relative(values.outdir, path)));
for (const name of readdirSync(values.outdir)) {
  if (/\.js(\.map)?$/.test(name) && !written.has(name)) rmSync(join(values.outdir, name));
}
process.stdout.write(`build: ${values.outdir}/main.js, ${values.outdir}/cli.js and ${values.outdir}/worker.js\n`);
