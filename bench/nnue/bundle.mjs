// Bundles the network's data and training scripts (current, generate, label, pack, train and the
// trainer's worker) into plain JavaScript files, each with everything it imports (wabt
// included), for a machine that has Node but no node_modules, such as a borrowed one with many
// cores:
//
//   npm run nnue:bundle -- --outdir bench/out/nnue/js
//   JS=bench/out/nnue/js bash bench/nnue/refresh.sh
//
// The scripts still read bench/data/openings.epd and bench/nnue/trainKernels.wat from the
// directory they run in (the project's root).

import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const { values } = parseArgs({ options: { outdir: { type: 'string', default: 'bench/out/nnue/js' } } });

// CommonJS names that bundled packages (wabt) expect, which an ES module lacks.
const commonJsNames = [
  "import { createRequire as __createRequire } from 'node:module';",
  "import { fileURLToPath as __fileURLToPath } from 'node:url';",
  "import { dirname as __dirnameOf } from 'node:path';",
  'const require = __createRequire(import.meta.url);',
  'const __filename = __fileURLToPath(import.meta.url);',
  'const __dirname = __dirnameOf(__filename);',
].join(' ');
const common = { bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning', banner: { js: commonJsNames }, outdir: values.outdir };

await build({
  ...common,
  entryPoints: ['current', 'generate', 'label', 'pack', 'train'].map((name) => `bench/nnue/${name}.ts`),
  outExtension: { '.js': '.mjs' },
});
// train.ts starts its threads from ./worker.js beside it.
await build({ ...common, entryPoints: { worker: 'bench/nnue/gradients.ts' } });
writeFileSync(`${values.outdir}/package.json`, '{ "type": "module" }\n');
process.stdout.write(`bundled current, generate, label, pack and train into ${values.outdir}\n`);
