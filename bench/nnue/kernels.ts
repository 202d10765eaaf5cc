// Writes src/search/play/nnue/kernels.ts from kernels.wat: the engine's network kernels as
// WebAssembly bytes, so that running the engine needs no assembler.
//
//   npm run nnue:kernels

import { KERNELS_SOURCE, writeKernelsModule } from './compileKernels.ts';

const size = await writeKernelsModule(KERNELS_SOURCE, 'src/search/play/nnue/kernels.ts', 'KERNELS_WASM', 'The network\'s SIMD kernels', 'npm run nnue:kernels');
process.stdout.write(`wrote src/search/play/nnue/kernels.ts (${size} bytes of WebAssembly)\n`);
