// Writes src/search/play/nnue/kernels.ts from kernels.wat: the engine's network kernels as
// WebAssembly bytes, so that running the engine needs no assembler.
//
//   npm run nnue:kernels

import { writeFileSync } from 'node:fs';
import { compileKernels, KERNELS_SOURCE } from './compileKernels.ts';

const bytes = await compileKernels();
const text = Buffer.from(bytes).toString('base64');
const lines: string[] = [];
for (let i = 0; i < text.length; i += 100) lines.push(`  '${text.slice(i, i + 100)}',`);
writeFileSync('src/search/play/nnue/kernels.ts', `// The network's SIMD kernels (${KERNELS_SOURCE}), assembled by \`npm run nnue:kernels\`.
// Generated: edit kernels.wat and run it again (a test checks that the two agree).

export const KERNELS_WASM = [
${lines.join('\n')}
].join('');
`);
process.stdout.write(`wrote src/search/play/nnue/kernels.ts (${bytes.length} bytes of WebAssembly)\n`);
