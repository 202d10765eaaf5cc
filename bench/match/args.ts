// The match runner's command line: options, defaults and the usage text. Pure (no file access:
// the caller reads the openings file and starts the engines).

import { parseArgs } from 'node:util';
import { type TimeControl, TimeControlError, parseTimeControl } from './clock.ts';
import { type EngineSpec, SpecError, parseEngineSpec } from './spec.ts';
import { SPRT_MODELS, type SprtModel, type SprtSettings } from './sprt.ts';

export class UsageError extends Error {}

export const DEFAULT_OPENINGS = 'bench/data/openings.epd';
export const DEFAULT_PGN = 'bench/out/match.pgn';
export const DEFAULT_GAMES = 100;
/** With --sprt, --games is only a ceiling: the test itself decides when to stop. */
export const DEFAULT_SPRT_GAMES = 20_000;
export const DEFAULT_SPRT_ERROR = 0.05;
/**
 * The largest |Elo| an SPRT bound may have: at ±1000 the expected score is 0.3% or 99.7%; beyond,
 * it rounds towards 0 or 1, where the hypotheses stop meaning anything.
 */
export const SPRT_ELO_LIMIT = 1000;

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
  --games <n>            games to play (default ${DEFAULT_GAMES}; pairs share an opening); with --sprt the most
                         games to play (default ${DEFAULT_SPRT_GAMES})
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
  --resume <file>        go on with an interrupted match whose games this runner wrote to file:
                         its finished games count (and an SPRT goes on from their LLR), the
                         unfinished ones are played again, and the new games are appended to it.
                         The same engine names, --tc, --openings, --shuffle and --seed
  --no-comments          no per-move "{score/depth time}" comments in the PGN
  --event <text>         the PGN Event tag (default "chessbot match")
  --log <file>           write every UCI line sent and received, with times, to a file
  --json                 print one JSON summary line on standard output (the rest goes to stderr)
  --sprt <elo0,elo1[,alpha,beta]>
                         a sequential probability ratio test (as fishtest's): H0 "engine 1 is elo0
                         Elo stronger" against H1 "elo1 stronger", logistic Elo, elo0 < elo1, error
                         rates alpha and beta (default ${DEFAULT_SPRT_ERROR} each, between 0 and 0.5). No new
                         game starts once the log-likelihood ratio (LLR) leaves
                         [log(beta/(1-alpha)), log((1-beta)/alpha)]; the games in flight finish and
                         count. A line with the LLR after each finished pair; the verdict at the end:
                         H1 accepted, H0 accepted, or inconclusive
  --sprt-model <m>       pentanomial (default: per game pair, the right model for paired openings)
                         or trinomial (per game, W/D/L)
  --help                 this text

Stockfish: a cmd of "stockfish" is looked up on PATH and in /usr/games, and installed with
apt-get if missing. Its UCI_Elo (1350..2850 in Stockfish 15.1) is calibrated at 60+0.6 and
anchored to CCRL 40/4.

example:
  npm run match -- --engine1 "cmd=node bin/chessbot.js uci" --engine2 "cmd=stockfish,elo=2200" --games 100 --tc 10+0.1

npm run sprt: the same runner with --sprt 0,5 --tc 5+0.05 --concurrency 2 --shuffle (a later option
wins: --sprt -3,1 for a non-regression test). A new build against the previous commit (HEAD~1 once
the change is committed, HEAD while it is only in the working tree):
  git worktree add ../chessbot-old HEAD~1 && (cd ../chessbot-old && npm ci)
  npm run sprt -- --engine1 "cmd=node bin/chessbot.js uci,name=new" \\
    --engine2 "cmd=node ../chessbot-old/bin/chessbot.js uci,name=old"

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
  /** The PGN of an interrupted run of this match to go on from (also where new games go), or null. */
  resume: string | null;
  comments: boolean;
  event: string;
  log: string | null;
  json: boolean;
  /** The SPRT, or null for a fixed number of games. */
  sprt: SprtSettings | null;
  help: boolean;
}

function integer(name: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text.trim())) throw new UsageError(`--${name}: expected a whole number, got "${text}"`);
  const n = Number(text);
  if (n < min || n > max) throw new UsageError(`--${name}: expected ${min} to ${max}, got ${n}`);
  return n;
}

function sprtNumber(name: string, text: string): number {
  const n = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(n)) throw new UsageError(`--sprt: ${name} must be a finite number, got "${text}"`);
  return n;
}

/** "elo0,elo1" or "elo0,elo1,alpha,beta", and the model. */
export function parseSprt(text: string, model: string | undefined): SprtSettings {
  const parts = text.split(',');
  if (parts.length !== 2 && parts.length !== 4) throw new UsageError(`--sprt: expected elo0,elo1 or elo0,elo1,alpha,beta, got "${text}"`);
  const [elo0, elo1] = [sprtNumber('elo0', parts[0]), sprtNumber('elo1', parts[1])];
  for (const [name, elo] of [['elo0', elo0], ['elo1', elo1]] as const) {
    if (Math.abs(elo) > SPRT_ELO_LIMIT) throw new UsageError(`--sprt: ${name} must be between -${SPRT_ELO_LIMIT} and ${SPRT_ELO_LIMIT}, got ${elo}`);
  }
  if (!(elo0 < elo1)) throw new UsageError(`--sprt: elo0 must be below elo1, got elo0 ${elo0} and elo1 ${elo1}`);
  const [alpha, beta] = parts.length === 4 ? [sprtNumber('alpha', parts[2]), sprtNumber('beta', parts[3])] : [DEFAULT_SPRT_ERROR, DEFAULT_SPRT_ERROR];
  for (const [name, rate] of [['alpha', alpha], ['beta', beta]] as const) {
    if (!(rate > 0 && rate < 0.5)) throw new UsageError(`--sprt: ${name} must be above 0 and below 0.5, got ${rate}`);
  }
  const chosen = model ?? 'pentanomial';
  if (!(SPRT_MODELS as readonly string[]).includes(chosen)) throw new UsageError(`--sprt-model: expected ${SPRT_MODELS.join(' or ')}, got "${chosen}"`);
  return { elo0, elo1, alpha, beta, model: chosen as SprtModel };
}

/**
 * "--sprt -3,1" as "--sprt=-3,1": parseArgs refuses a separate value that starts with a dash, but
 * a negative elo0 is the usual non-regression test.
 */
function joinNegativeSprt(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--sprt' && i + 1 < argv.length && /^-[\d.]/.test(argv[i + 1])) out.push(`--sprt=${argv[++i]}`);
    else out.push(argv[i]);
  }
  return out;
}

export function parseMatchArgs(argv: string[]): MatchArgs {
  let values;
  try {
    values = parseArgs({
      args: joinNegativeSprt(argv),
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
        resume: { type: 'string' },
        'no-comments': { type: 'boolean', default: false },
        event: { type: 'string' },
        log: { type: 'string' },
        json: { type: 'boolean', default: false },
        sprt: { type: 'string' },
        'sprt-model': { type: 'string' },
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
  if (values.resume !== undefined && (values.pgn !== undefined || values['no-pgn'])) throw new UsageError('--resume appends to the file it reads: leave out --pgn and --no-pgn');
  if (values.resume === '') throw new UsageError('--resume: expected a file name');
  if (values.seed !== undefined && !values.shuffle) throw new UsageError('--seed only applies with --shuffle');
  if (values['sprt-model'] !== undefined && values.sprt === undefined) throw new UsageError('--sprt-model only applies with --sprt');
  const sprt = values.sprt === undefined ? null : parseSprt(values.sprt, values['sprt-model']);
  const result: MatchArgs = {
    ...defaults(tc),
    engines: [spec('engine1'), spec('engine2')],
    games: integer('games', values.games, sprt === null ? DEFAULT_GAMES : DEFAULT_SPRT_GAMES, 1, 1_000_000),
    openings: values.openings ?? DEFAULT_OPENINGS,
    shuffle: values.shuffle === true,
    seed: integer('seed', values.seed, 1, 0, 2 ** 32 - 1),
    concurrency: integer('concurrency', values.concurrency, 1, 1, 64),
    hash: integer('hash', values.hash, 64, 1, 1 << 20),
    threads: integer('threads', values.threads, 1, 1, 1024),
    maxPlies: integer('max-plies', values['max-plies'], 300, 0, 100_000),
    graceMs: integer('grace', values.grace, 3000, 0, 3_600_000),
    pgn: values['no-pgn'] ? null : (values.resume ?? values.pgn ?? DEFAULT_PGN),
    resume: values.resume ?? null,
    comments: values['no-comments'] !== true,
    event: values.event ?? 'chessbot match',
    log: values.log ?? null,
    json: values.json === true,
    sprt,
  };
  if (result.pgn === '') throw new UsageError('--pgn: expected a file name');
  return result;
}

function defaults(tc: TimeControl): Omit<MatchArgs, 'engines'> {
  return {
    games: DEFAULT_GAMES, tc, openings: DEFAULT_OPENINGS, shuffle: false, seed: 1, concurrency: 1, hash: 64, threads: 1,
    maxPlies: 300, graceMs: 3000, pgn: DEFAULT_PGN, resume: null, comments: true, event: 'chessbot match', log: null, json: false, sprt: null, help: false,
  };
}
