// The engine runs the WebAssembly embedded in kernels.ts; people read and edit kernels.wat. The
// two must be the same program.

import { describe, expect, it } from 'vitest';
import { compileKernels } from '../../../../bench/nnue/compileKernels.ts';
import { base64Bytes } from '../../../../src/search/play/nnue/decode.ts';
import { KERNELS_WASM } from '../../../../src/search/play/nnue/kernels.ts';

describe('network kernels', () => {
  it('are kernels.wat as assembled now (else run npm run nnue:kernels)', async () => {
    expect(base64Bytes(KERNELS_WASM)).toEqual(await compileKernels());
  });
});
