// Writes src/vision/kernels.ts from kernels.wat: the square classifier's SIMD kernels as
// WebAssembly bytes, so that reading a picture needs no assembler.
//
//   npm run vision:kernels

import { writeKernelsModule } from '../nnue/compileKernels.ts';

const VISION_KERNELS_SOURCE = 'src/vision/kernels.wat';

const size = await writeKernelsModule(VISION_KERNELS_SOURCE, 'src/vision/kernels.ts', 'VISION_KERNELS_WASM', 'The square classifier\'s SIMD kernels', 'npm run vision:kernels');
process.stdout.write(`wrote src/vision/kernels.ts (${size} bytes of WebAssembly)\n`);
