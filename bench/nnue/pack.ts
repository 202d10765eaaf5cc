// Packs text files of scored positions (nnue:generate's, nnue:label's) into the trainer's binary
// records (packed.ts), once, so that training runs load tens of millions of positions in seconds.
// Positions the trainer would leave out (mate scores, a capture or promotion as the best move, in
// check) are left out here.
//
//   npm run nnue:pack -- --data bench/out/nnue/walks1.txt [--data …] --out bench/out/nnue/walks1.bin

import { closeSync, existsSync, openSync, writeSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { RECORD_BYTES, packText } from './packed.ts';

const USAGE = 'usage: npm run nnue:pack -- --data <file.txt> [--data …] --out <file.bin>';

/** Stops on a wrong command line, naming what is wrong; the output file is not touched. */
function usageError(message: string): never {
  process.stderr.write(`nnue:pack: ${message}\n${USAGE}\n`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    options: {
      data: { type: 'string', multiple: true },
      out: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
} catch (error) {
  usageError((error as Error).message);
}
const { values } = parsed;
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (values.data === undefined || values.out === undefined) usageError('--data and --out are both needed');
const data = values.data;
for (const path of data) if (!existsSync(path)) usageError(`${path}: no such file`);
// Packing a file onto itself would destroy it before it is read.
if (data.includes(values.out)) usageError(`--out ${values.out} is also a --data file`);

const fd = openSync(values.out, 'w');
const buffer = new Uint8Array(RECORD_BYTES << 20);
let used = 0;
const started = Date.now();
const counts = packText(data, (record) => {
  buffer.set(record, used);
  used += RECORD_BYTES;
  if (used === buffer.length) {
    writeSync(fd, buffer, 0, used);
    used = 0;
  }
});
writeSync(fd, buffer, 0, used);
closeSync(fd);
process.stderr.write(`${counts.lines} lines (${counts.games} games): ${counts.kept} positions written to ${values.out}; left out ${counts.mate} mate scores, `
  + `${counts.noisy} with a capture or promotion as the best move, ${counts.check} in check, ${counts.bad} unreadable (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
