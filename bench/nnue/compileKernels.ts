// Assembles src/search/play/nnue/kernels.wat into WebAssembly bytes, with wabt (the WebAssembly
// project's own assembler, as a devDependency: the engine ships the bytes, not the assembler).

import { readFileSync } from 'node:fs';
import wabt from 'wabt';

export const KERNELS_SOURCE = 'src/search/play/nnue/kernels.wat';

export async function compileKernels(source = readFileSync(KERNELS_SOURCE, 'utf8')): Promise<Uint8Array> {
  const toolkit = await wabt();
  const module = toolkit.parseWat('kernels.wat', source, { simd: true });
  try {
    module.validate();
    return module.toBinary({}).buffer;
  } finally {
    module.destroy();
  }
}
