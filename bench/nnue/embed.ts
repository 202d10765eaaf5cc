// Writes a trained network file into src/search/play/nnue/defaultNetwork.ts, as the engine's
// network: the search core reads no files, so the weights travel with its code.
//
//   npm run nnue:embed -- bench/out/nnue/net.nnue

import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseNetwork } from '../../src/search/play/nnue/network.ts';

const path = process.argv[2];
if (path === undefined) {
  process.stderr.write('usage: npm run nnue:embed -- <network file>\n');
  process.exit(1);
}
const bytes = readFileSync(path);
const network = parseNetwork(bytes); // refuses a broken file before it replaces the engine's
const text = bytes.toString('base64');
const lines: string[] = [];
for (let i = 0; i < text.length; i += 100) lines.push(`  '${text.slice(i, i + 100)}',`);
const digest = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
writeFileSync('src/search/play/nnue/defaultNetwork.ts', `// The engine's evaluation network (${network.hidden} hidden neurons, sha256 ${digest}…), written by
// \`npm run nnue:embed\` from a file that \`npm run nnue:train\` made: see docs/benchmarks.md. Generated: do not edit.

import { decodeNetwork } from './decode.ts';
import type { Network } from './network.ts';

export const DEFAULT_NETWORK: Network = decodeNetwork([
${lines.join('\n')}
].join(''));
`);
process.stdout.write(`wrote src/search/play/nnue/defaultNetwork.ts (${network.hidden} hidden neurons, ${bytes.length} bytes, sha256 ${digest}…)\n`);
