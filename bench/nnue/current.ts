// Writes the engine's embedded network (defaultNetwork.ts) back out as a network file, the
// starting point of more training (`nnue:train --init`, bench/nnue/refresh.sh).
//
//   node --import tsx bench/nnue/current.ts bench/out/nnue/current.nnue

import { writeFileSync } from 'node:fs';
import { DEFAULT_NETWORK } from '../../src/search/play/nnue/defaultNetwork.ts';
import { serializeNetwork } from '../../src/search/play/nnue/network.ts';

const path = process.argv[2];
if (path === undefined) {
  process.stderr.write('usage: node --import tsx bench/nnue/current.ts <network file to write>\n');
  process.exit(2);
}
writeFileSync(path, serializeNetwork(DEFAULT_NETWORK));
process.stdout.write(`wrote ${path} (${DEFAULT_NETWORK.hidden} hidden neurons)\n`);
