// The match runner's command line: options, defaults and the usage text. Pure (no file access:
// the caller reads the openings file and starts the engines).

import { parseArgs } from 'node:util';
import { type TimeControl, TimeControlError, parseTimeControl } from './clock.ts';
import { type EngineSpec, SpecError, parseEngineSpec } from './spec.ts';

export class UsageError extends Error {}

export const DEFAULT_OPENINGS = 'bench/data/openings.epd';
export const DEFAULT_PGN = 'bench/out/match.pgn';

export const USAGE = `usage: npm run match -- --engine1 <spec> --engine2 <spec> [options]

Plays engine 1 against engine 2 (UCI engines) with real clocks from the positions of an EPD file,
each opening twice with colours swapped, and prints W/D/L from engine 1's view, the Elo
difference with its 95% error bar, time losses, and writes a PGN.

engine spec: comma-separated key=value pairs (a comma inside a value is written \\,)
  cmd=<command line>     the program and its arguments (required; quotes group words)
  name=<text>            the name in the output and the PGN (default: the engine's id name)
  dir=<path>             the working directory to start it in
  option.<Name>=<value>  sent with setoption (checked against the options the engine declares)
  elo=<n>                short for option.UCI_LimitStrength=true,option.UCI_Elo=<n>
  nodes=<n>              search n nodes a move ("go nodes") instead of playing on the clock: a
                         self-play A/B test that a busy machine cannot skew
  a spec without "=" is the whole cmd: --engine2 stockfish

options:
  --games <n>            games to play (default 100; pairs share an opening)
  --tc <base+inc>        time control in seconds, e.g. 10+0.1 (default), 60, 1:30+1
  --openings <file.epd>  opening positions (default ${DEFAULT_OPENINGS}), used in file order
  --shuffle              use the openings in a random order (seeded: --seed, default 1)
  --seed <n>             the seed for --shuffle
  --concurrency <n>      games played at once (default 1: one thinking engine per core keeps
                         timing honest; each game has its own two engine processes)
  --hash <MB>            Hash for every engine that has the option (default 64; option.Hash wins)
  --threads <n>          Threads for every engine that has the option (default 1)
  --max-plies <n>        adjudicate a draw after n plies (default 300; 0: no cap)
  --grace <ms>           wait this long past a side's remaining time for its bestmove before
                         declaring the engine hung (default 3000); it has flagged either way
  --pgn <file>           where to write the games (default ${DEFAULT_PGN}); --no-pgn: none
  --no-comments          no per-move "{score/depth time}" comments in the PGN
  --event <text>         the PGN Event tag (default "chessbot match")
  --log <file>           write every UCI line sent and received, with times, to a file
  --json                 print one JSON summary line on standard output (the rest goes to stderr)
  --help                 this text

Stockfish: a cmd of "stockfish" is looked up on PATH and in /usr/games, and installed with
apt-get if missing. Its UCI_Elo (1350..2850 in Stockfish 15.1) is calibrated at 60+0.6 and
anchored to CCRL 40/4.

example:
  npm run match -- --engine1 "cmd=node bin/chessbot.js uci" --engine2 "cmd=stockfish,elo=2200" --games 100 --tc 10+0.1

exit status: 0 whatever the result; 2 on a bad argument (including an engine that cannot start or
refuses an option); 130 after Ctrl+C (the partial result is printed first).`;

export interface MatchArgs {
  engines: [EngineSpec, EngineSpec];
  games: number;
  tc: TimeControl;
  openings: string;
  shuffle: boolean;
  seed: number;
  concurrency: number;
  hash: number;
  threads: number;
  maxPlies: number;
  graceMs: number;
  pgn: string | null;
  comments: boolean;
  event: string;
  log: string | null;
  json: boolean;
  help: boolean;
}

function integer(name: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text.trim())) throw new UsageError(`--${name}: expected a whole number, got "${text}"`);
  const n = Number(text);
  if (n < min || n > max) throw new UsageError(`--${name}: expected ${min} to ${max}, got ${n}`);
  return n;
}

export function parseMatchArgs(argv: string[]): MatchArgs {
  let values;
  try {
    values = parseArgs({
      args: argv,
      options: {
        engine1: { type: 'string' },
        engine2: { type: 'string' },
        games: { type: 'string' },
        tc: { type: 'string' },
        openings: { type: 'string' },
        shuffle: { type: 'boolean', default: false },
        seed: { type: 'string' },
        concurrency: { type: 'string' },
        hash: { type: 'string' },
        threads: { type: 'string' },
        'max-plies': { type: 'string' },
        grace: { type: 'string' },
        pgn: { type: 'string' },
        'no-pgn': { type: 'boolean', default: false },
        'no-comments': { type: 'boolean', default: false },
        event: { type: 'string' },
        log: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      allowPositionals: false,
      strict: true,
    }).values;
  } catch (error) {
    // Node's messages are long ("Unknown option '--x'. To specify a positional argument starting with a '-' ..."): keep the first sentence.
    throw new UsageError((error as Error).message.split('. ')[0].replace(/\.$/, ''));
  }
  if (values.help === true) {
    // --help needs nothing else.
    const none: EngineSpec = { argv: [], cmd: '', options: [] };
    return { ...defaults(parseTimeControl('10+0.1')), help: true, engines: [none, none] };
  }
  const spec = (key: 'engine1' | 'engine2'): EngineSpec => {
    const text = values[key];
    if (text === undefined) throw new UsageError(`--${key} is required`);
    try {
      return parseEngineSpec(text);
    } catch (error) {
      if (error instanceof SpecError) throw new UsageError(`--${key}: ${error.message}`);
      throw error;
    }
  };
  let tc: TimeControl;
  try {
    tc = parseTimeControl(values.tc ?? '10+0.1');
  } catch (error) {
    if (error instanceof TimeControlError) throw new UsageError(`--tc: ${error.message}`);
    throw error;
  }
  if (values.pgn !== undefined && values['no-pgn']) throw new UsageError('--pgn and --no-pgn contradict each other');
  if (values.seed !== undefined && !values.shuffle) throw new UsageError('--seed only applies with --shuffle');
  const result: MatchArgs = {
    ...defaults(tc),
    engines: [spec('engine1'), spec('engine2')],
    games: integer('games', values.games, 100, 1, 1_000_000),
    openings: values.openings ?? DEFAULT_OPENINGS,
    shuffle: values.shuffle === true,
    seed: integer('seed', values.seed, 1, 0, 2 ** 32 - 1),
    concurrency: integer('concurrency', values.concurrency, 1, 1, 64),
    hash: integer('hash', values.hash, 64, 1, 1 << 20),
    threads: integer('threads', values.threads, 1, 1, 1024),
    maxPlies: integer('max-plies', values['max-plies'], 300, 0, 100_000),
    graceMs: integer('grace', values.grace, 3000, 0, 3_600_000),
    pgn: values['no-pgn'] ? null : (values.pgn ?? DEFAULT_PGN),
    comments: values['no-comments'] !== true,
    event: values.event ?? 'chessbot match',
    log: values.log ?? null,
    json: values.json === true,
  };
  if (result.pgn === '') throw new UsageError('--pgn: expected a file name');
  return result;
}

function defaults(tc: TimeControl): Omit<MatchArgs, 'engines'> {
  return {
    games: 100, tc, openings: DEFAULT_OPENINGS, shuffle: false, seed: 1, concurrency: 1, hash: 64, threads: 1,
    maxPlies: 300, graceMs: 3000, pgn: DEFAULT_PGN, comments: true, event: 'chessbot match', log: null, json: false, help: false,
  };
}
