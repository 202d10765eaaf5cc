// The part of the WebAssembly JavaScript API that the network's kernels use (accumulator.ts).
// Node has all of it, but TypeScript declares it only in its DOM library, which would also
// declare a browser's globals.

declare namespace WebAssembly {
  class Module {
    constructor(bytes: Uint8Array);
  }
  class Instance {
    constructor(module: Module, imports: Record<string, Record<string, unknown>>);
    readonly exports: Record<string, unknown>;
  }
  class Memory {
    constructor(descriptor: { initial: number; maximum?: number });
    readonly buffer: ArrayBuffer;
  }
}
