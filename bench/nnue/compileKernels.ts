// Assembles a WebAssembly text file (the engine's network kernels, the square classifier's) into
// WebAssembly bytes, with wabt (the WebAssembly project's own assembler, as a devDependency: the
// product ships the bytes, not the assembler), and writes them as a TypeScript module.

import { readFileSync, writeFileSync } from 'node:fs';
import wabt from 'wabt';

export const KERNELS_SOURCE = 'src/search/play/nnue/kernels.wat';

/** The bytes `path` assembles to (SIMD and bulk memory enabled). */
export async function compileKernels(path = KERNELS_SOURCE): Promise<Uint8Array> {
  const toolkit = await wabt();
  const module = toolkit.parseWat(path, readFileSync(path, 'utf8'), { simd: true, bulk_memory: true });
  try {
    module.validate();
    return module.toBinary({}).buffer;
  } finally {
    module.destroy();
  }
}

/**
 * Assembles `source` and writes `target`: `export const <name>` the bytes in base64, so that
 * running the product needs no assembler. `what` and `command` head its comment.
 */
export async function writeKernelsModule(source: string, target: string, name: string, what: string, command: string): Promise<number> {
  const bytes = await compileKernels(source);
  const text = Buffer.from(bytes).toString('base64');
  const lines: string[] = [];
  for (let i = 0; i < text.length; i += 100) lines.push(`  '${text.slice(i, i + 100)}',`);
  writeFileSync(target, `// ${what} (${source}), assembled by \`${command}\`.
// Generated: edit ${source.split('/').pop()} and run it again (a test checks that the two agree).

export const ${name} = [
${lines.join('\n')}
].join('');
`);
  return bytes.length;
}
