// `npm run build`, and the prepare step of `npm ci`: bundles `npm start` (src/main.ts), the command line (src/cli.ts) and the
// search worker (src/workers/worker.ts) into dist/, so that `chessbot` and each worker thread
// start without compiling TypeScript (src/workers/build.js says when a build is used). Packages
// stay outside the bundles, loaded from node_modules as usual, but for BUNDLED. Without the sources (the
// dependency layer of the Docker image) there is nothing to build yet, and that is no failure.

import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
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

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
/**
 * Packages bundled into dist/ rather than loaded from node_modules: the configuration's schema
 * (zod), which every start reads and which is some 70 small files that Node would resolve, open
 * and compile one by one (about 40 ms of `npm start`'s 0.25 s).
 */
const BUNDLED = ['zod'];

const result = await build({
  entryPoints: { cli: 'src/cli.ts', main: 'src/main.ts', worker: 'src/workers/worker.ts' },
  outdir: values.outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Packages are loaded from node_modules, but for those in BUNDLED.
  external: Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((name) => !BUNDLED.includes(name)),
  // What src/cli.ts and src/app.ts import only when a command or a bot needs it (each command, the
  // bots' clients, the game engine and its network) goes to chunks of its own, loaded then.
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
