// `npm run soak:lichess`: many short games at once between the real Lichess bot (undici, NDJSON,
// worker pool, engine) and the fake Lichess's random movers, with random faults thrown in all the
// while: dropped and stalled game and event streams, 429s on moves (JSON and HTML), connection
// resets and server errors on moves, and stream output cut at random byte offsets. Prints games
// played and their results, games lost on time (must be 0), duplicate and illegal moves (must be
// 0), reconnects, and requests per minute against Lichess's limits. Exit status 1 when a must-be-0
// figure is not 0, 2 for a bad command line. Runs on demand, not in npm test.
//
//   npm run soak:lichess -- [--games 24] [--concurrency 4] [--clock 30+0] [--fault-every 1500] [--seed 1]

import { parseArgs } from 'node:util';
import { type Logger, silentLogger, streamLogger } from '../src/log.ts';
import { LichessBot } from '../src/adapters/lichess/bot.ts';
import { fileConfigSchema } from '../src/config/schema.ts';
import { Secret } from '../src/config/secret.ts';
import { MoveChooser } from '../src/games/chooseMove.ts';
import { WorkerPool } from '../src/workers/index.ts';
import { FakeLichess, type GameHandle } from '../test/support/fakeLichess/index.ts';
import { mulberry32 } from '../test/support/random.ts';

const USAGE = `usage: npm run soak:lichess -- [options]

options:
  --games <n>          games to play in all (default 24)
  --concurrency <n>    games at once: the bot's concurrency and its worker threads (default 4)
  --clock <base+inc>   each game's clock in seconds, at least bullet (default 30+0)
  --fault-every <ms>   mean time between random faults (default 1500)
  --seed <n>           seed of the faults and the random movers (default 1)
  --verbose            the bot's log on standard error
  --help               this text`;

// Lichess's published limits: 30 event-stream opens per 10 minutes; moves "up to 180 per minute"
// (a remark by Lichess's author, lila#7074), and the general advice of one request at a time.
const EVENT_STREAM_OPENS_PER_10_MIN = 30;
const MOVES_PER_MINUTE = 180;

interface Options {
  games: number;
  concurrency: number;
  baseSeconds: number;
  incrementSeconds: number;
  faultEveryMs: number;
  seed: number;
  verbose: boolean;
}

function parseOptions(argv: string[]): Options | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      games: { type: 'string', default: '24' },
      concurrency: { type: 'string', default: '4' },
      clock: { type: 'string', default: '30+0' },
      'fault-every': { type: 'string', default: '1500' },
      seed: { type: 'string', default: '1' },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return null;
  const clock = /^(\d+)\+(\d+)$/.exec(values.clock);
  const numbers = [values.games, values.concurrency, values['fault-every'], values.seed].map(Number);
  if (!clock || numbers.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('expected whole numbers >= 1 and a clock such as 30+0');
  const [games, concurrency, faultEveryMs, seed] = numbers as [number, number, number, number];
  const baseSeconds = Number(clock[1]);
  const incrementSeconds = Number(clock[2]);
  if (baseSeconds + 40 * incrementSeconds < 30) throw new Error('the clock must be at least bullet (base + 40 x increment >= 30 s)');
  return { games, concurrency, baseSeconds, incrementSeconds, faultEveryMs, seed, verbose: values.verbose };
}

async function main(): Promise<number> {
  let options: Options | null;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`soak:lichess: ${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    return 2;
  }
  if (!options) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const random = mulberry32(options.seed);
  const fake = await FakeLichess.start({ keepAliveMs: 500, seed: options.seed, chunking: { maxBytes: 64, gapMs: 0 } });
  const pool = new WorkerPool({ size: options.concurrency });
  const logger: Logger = options.verbose ? streamLogger({ output: process.stderr, level: 'info', scope: 'lichess' }) : silentLogger;
  const chooser = new MoveChooser({ engine: pool, hashMb: 16, book: null, moveOverheadMs: 200, correspondenceMoveMs: 1000 });
  const bot = await LichessBot.start({
    url: fake.url,
    token: new Secret(fake.token),
    settings: { ...fileConfigSchema.parse({}).lichess, concurrency: options.concurrency, chatCooldownSeconds: 5 },
    chooser,
    logger,
    engineName: 'chessbot soak',
    // The watchdog at three keep-alives, as against Lichess; quick reconnects.
    timings: { streamIdleMs: 1500, backoffBaseMs: 100, backoffMaxMs: 2000, rateLimitWaitMs: 2000 },
  });

  const started = performance.now();
  const games: GameHandle[] = [];
  let declinedLater = 0;
  const faults: Record<string, number> = {};
  let stopFaults = false;

  // Random faults until the last game is over.
  const faultLoop = (async () => {
    while (!stopFaults) {
      await new Promise((resolve) => setTimeout(resolve, options!.faultEveryMs * (0.5 + random())));
      if (stopFaults) break;
      const live = fake.games().filter((g) => !g.isOver);
      const game = live[Math.floor(random() * live.length)];
      const kind = FAULTS[Math.floor(random() * FAULTS.length)]!;
      if (!game && kind.needsGame) continue;
      kind.apply(fake, game!);
      faults[kind.name] = (faults[kind.name] ?? 0) + 1;
    }
  })();

  // Challenges to keep the bot at its concurrency until all games are played.
  while (games.length < options.games) {
    if (bot.activeGames.length >= options.concurrency) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    const challenge = fake.challenge({
      rated: random() < 0.5,
      color: random() < 0.5 ? 'white' : 'black',
      timeControl: { limit: options.baseSeconds, increment: options.incrementSeconds },
      castling: random() < 0.5 ? 'kingToRook' : 'kingTwoSquares',
      opponent: { moves: 'random', thinkMs: Math.floor(20 + random() * 300), whenDone: 'random' },
    });
    const status = await challenge.settled(30_000).catch(() => 'timeout');
    if (status === 'accepted' && challenge.game) {
      games.push(challenge.game);
      // One line rewritten in place at a terminal; one line per game in a log.
      if (process.stdout.isTTY) process.stdout.write(`\rgames started ${games.length}/${options.games}`);
      else process.stdout.write(`games started ${games.length}/${options.games}\n`);
    } else if (challenge.declineReason === 'later') declinedLater++;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await Promise.all(games.map((game) => game.ended()));
  stopFaults = true;
  await faultLoop;
  // Let the bot see the last endings before reading its figures.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const minutes = (performance.now() - started) / 60_000;
  const stats = bot.stats;
  await bot.stop();
  await pool.close();

  const report = summarise(games, fake);
  const requests = fake.requests.filter((r) => r.userId === fake.botId);
  const moveRequests = requests.filter((r) => /\/move\//.test(r.path)).length;
  const eventOpens = requests.filter((r) => r.path === '/api/stream/event').length;
  const gameReconnects = stats.summaries.reduce((sum, s) => sum + s.streamReconnects, 0);
  const lines = [
    '',
    `games played           ${games.length} in ${(minutes * 60).toFixed(0)} s (concurrency ${options.concurrency}, clock ${options.baseSeconds}+${options.incrementSeconds})`,
    `results (bot)          ${Object.entries(report.results).map(([k, v]) => `${k} ${v}`).join(', ')}`,
    `lost on time           ${report.lostOnTime}`,
    `duplicate moves        ${report.duplicates}`,
    `illegal moves          ${report.illegal}`,
    `other refused actions  ${report.otherRejected}`,
    `fallback moves         ${stats.summaries.reduce((sum, s) => sum + s.fallbackMoves, 0)}`,
    `faults injected        ${Object.entries(faults).map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}`,
    `reconnects             event stream ${stats.eventStreamReconnects}, game streams ${gameReconnects}`,
    `429s received          ${stats.rateLimited}`,
    `challenges declined    later ${declinedLater}`,
    `requests per minute    ${(requests.length / minutes).toFixed(0)} in all; moves ${(moveRequests / minutes).toFixed(0)} (Lichess: up to ~${MOVES_PER_MINUTE}); ` +
      `event-stream opens ${eventOpens} (Lichess: at most ${EVENT_STREAM_OPENS_PER_10_MIN} per 10 min)`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  await fake.close();
  const failed = report.lostOnTime + report.duplicates + report.illegal > 0;
  if (failed) process.stdout.write('FAILED: a game was lost on time, or a move was sent twice or was illegal\n');
  return failed ? 1 : 0;
}

interface Fault {
  readonly name: string;
  readonly needsGame: boolean;
  apply(fake: FakeLichess, game: GameHandle): void;
}

const FAULTS: readonly Fault[] = [
  { name: 'game stream dropped', needsGame: true, apply: (fake, game) => void fake.dropGameStream(game.id) },
  { name: 'game stream stalled', needsGame: true, apply: (fake, game) => void fake.stallGameStream(game.id) },
  { name: 'event stream dropped', needsGame: false, apply: (fake) => void fake.dropEventStream() },
  { name: 'event stream stalled', needsGame: false, apply: (fake) => void fake.stallEventStream() },
  { name: 'move 429 (JSON)', needsGame: false, apply: (fake) => fake.failNext('/api/bot/game/*/move/*', { status: 429, body: 'json' }) },
  { name: 'move 429 (HTML)', needsGame: false, apply: (fake) => fake.failNext('/api/bot/game/*/move/*', { status: 429, body: 'html' }) },
  { name: 'move reset', needsGame: false, apply: (fake) => fake.failNext('/api/bot/game/*/move/*', { destroy: true }) },
  { name: 'move 502', needsGame: false, apply: (fake) => fake.failNext('/api/bot/game/*/move/*', { status: 502, body: 'Bad Gateway' }) },
];

function summarise(games: readonly GameHandle[], fake: FakeLichess) {
  const results: Record<string, number> = {};
  let lostOnTime = 0;
  let duplicates = 0;
  let illegal = 0;
  let otherRejected = 0;
  for (const game of games) {
    const outcome = game.winner === undefined ? (game.status === 'aborted' ? 'aborted' : 'draw') : game.winner === game.botColor ? 'win' : 'loss';
    const key = `${outcome} (${game.status})`;
    results[key] = (results[key] ?? 0) + 1;
    if (game.status === 'outoftime' && game.winner !== game.botColor) lostOnTime++;
    const botPlies = game.moveLog.filter((m) => m.color === game.botColor).map((m) => m.ply);
    duplicates += botPlies.length - new Set(botPlies).size;
    for (const rejected of game.rejected.filter((r) => r.userId === fake.botId)) {
      if (!rejected.action.includes('move')) otherRejected++;
      else if (/not your turn/i.test(rejected.error)) duplicates++;
      else illegal++;
    }
  }
  return { results, lostOnTime, duplicates, illegal, otherRejected };
}

process.exitCode = await main();
