// `npm run sprt:pool -- [--sprt elo0,elo1[,alpha,beta]] <pairs> <pairs> …`: the SPRT of several
// sittings of one test taken together (match/pool.ts), from the pair counts each printed.

import { parseArgs } from 'node:util';
import { UsageError, parseSprt } from './match/args.ts';
import { parsePairCounts, poolPairCounts, pooledLine } from './match/pool.ts';

const USAGE = `usage: npm run sprt:pool -- [--sprt elo0,elo1[,alpha,beta]] <pairs> <pairs> ...
  <pairs>   a sitting's complete pairs as the runner prints them after "pairs": 75-359-547-387-92
  --sprt    the test's hypotheses (default 0,10), as for npm run sprt`;

function main(argv: string[]): void {
  const { values, positionals } = parseArgs({ args: argv, options: { sprt: { type: 'string' } }, allowPositionals: true });
  if (positionals.length === 0) throw new UsageError('expected the pair counts of at least one sitting');
  const settings = parseSprt(values.sprt ?? '0,10', 'pentanomial');
  const sittings = positionals.map(parsePairCounts);
  sittings.forEach((counts, i) => console.log(`sitting ${i + 1}  ${pooledLine(settings, poolPairCounts([counts]))}`));
  console.log(`pooled     ${pooledLine(settings, poolPairCounts(sittings))}`);
}

try {
  main(process.argv.slice(2));
} catch (error) {
  const message = error instanceof UsageError || (error as { code?: string })?.code?.startsWith('ERR_PARSE_ARGS')
    ? (error as Error).message : null;
  if (message === null) throw error;
  process.stderr.write(`sprt:pool: ${message}\n${USAGE}\n`);
  process.exitCode = 2;
}
