// What a valid configuration looks like: the config/*.json file schema and the environment
// schema. Every constraint carries its own message, written for the person editing the file.
// Defaults live here and only here; config/default.json mirrors them (a test keeps them equal).

import { z } from 'zod';

/** An integer from `min` to `max`; one message for every way of missing it. */
function integerInRange(min: number, max: number) {
  const error = `expected an integer from ${min} to ${max}`;
  return z.int({ error }).min(min, { error }).max(max, { error });
}

// A Discord interaction token lives for 15 minutes; a search must end (and be reported) before
// the reply can no longer be edited, so the timeout is capped a minute short of that.
const MAX_MATE_TIMEOUT_SECONDS = 14 * 60;

// Mate-in-n search grows exponentially with n; beyond this no request could finish in time
// anyway, and a server operator who wants more must say so explicitly in the config.
const MAX_MATE_MOVES_LIMIT = 50;

// A queue longer than this would only make people wait minutes for an answer.
const MAX_WORKER_QUEUE = 10_000;

const workersSchema = z
  .strictObject({
    // null means one worker per core (os.availableParallelism()).
    size: z
      .int({ error: 'expected null (one worker per core) or an integer >= 1' })
      .min(1, { error: 'expected null (one worker per core) or an integer >= 1' })
      .nullable()
      .default(null),
    // Searches waiting for a free worker; beyond this a request is refused with "busy".
    maxQueue: integerInRange(0, MAX_WORKER_QUEUE).default(32),
  })
  .prefault({});

const mateSchema = z
  .strictObject({
    maxN: integerInRange(1, MAX_MATE_MOVES_LIMIT).default(10),
    timeoutSeconds: integerInRange(1, MAX_MATE_TIMEOUT_SECONDS).default(120),
  })
  .prefault({});

// The game engine's limits mirror the UCI options' (Hash: the worker's MAX_HASH_MB; Threads; Move
// Overhead); a test keeps them equal. Config imports nothing from the layers above it.
const MAX_ENGINE_HASH_MB = 1024;
const MAX_ENGINE_THREADS = 32;
const MAX_MOVE_OVERHEAD_MS = 5000;

/** How a book move is chosen: see src/search/book (a test keeps the two lists equal). */
export const BOOK_SELECTIONS = ['weighted', 'best'] as const;

const bookSchema = z
  .strictObject({
    // A Polyglot .bin file; relative paths are from the directory that holds config/.
    path: z
      .string({ error: 'expected null (no book) or the path of a Polyglot .bin file' })
      .min(1, { error: 'expected null (no book) or the path of a Polyglot .bin file' })
      .nullable()
      .default(null),
    selection: z.enum(BOOK_SELECTIONS, { error: `expected one of ${BOOK_SELECTIONS.join(', ')}` }).default('weighted'),
    // The book is used while fewer half-moves than this have been played; null: no limit.
    maxPly: z
      .int({ error: 'expected null (no limit) or an integer >= 1' })
      .min(1, { error: 'expected null (no limit) or an integer >= 1' })
      .nullable()
      .default(20),
  })
  .prefault({});

const engineSchema = z
  .strictObject({
    hashMb: integerInRange(1, MAX_ENGINE_HASH_MB).default(64),
    // Threads one search takes (UCI Threads). The Lichess bot gives the extra ones only workers
    // no game's search needs, and stops them the moment one does.
    threads: integerInRange(1, MAX_ENGINE_THREADS).default(1),
    moveOverheadMs: integerInRange(0, MAX_MOVE_OVERHEAD_MS).default(100),
    book: bookSchema,
  })
  .prefault({});

// The Lichess bot's challenge policy and game behaviour. Strict, so that a key nobody reads is
// reported as a typo instead of being silently ignored.

/** The variants the rules core can play (the others would need their own rules). */
export const LICHESS_VARIANTS = ['standard', 'chess960', 'fromPosition'] as const;
/** Lichess speeds a bot may accept: never ultraBullet (Lichess refuses it for bots). */
export const LICHESS_SPEEDS = ['bullet', 'blitz', 'rapid', 'classical', 'correspondence'] as const;
export const LICHESS_MODES = ['rated', 'casual'] as const;
export const LICHESS_OPPONENTS = ['human', 'bot'] as const;

// Lichess's own bounds: a clock's base is at most 180 minutes, its increment at most 180 s.
const MAX_BASE_SECONDS = 10_800;
const MAX_INCREMENT_SECONDS = 180;

/** A list of distinct values from `options`, each named in the message when wrong. */
function subsetOf<T extends readonly [string, ...string[]]>(options: T, what: string) {
  const error = `expected a list of ${what} from: ${options.join(', ')}`;
  return z
    .array(z.enum(options, { error }), { error })
    .refine((list) => new Set(list).size === list.length, { error: `${error} (each at most once)` });
}

// Lichess user ids are lower case; names are compared case-insensitively.
const userList = z
  .array(z.string().regex(/^[A-Za-z0-9_-]{1,30}$/, { error: 'expected Lichess user names' }), {
    error: 'expected a list of Lichess user names',
  })
  .transform((names) => names.map((name) => name.toLowerCase()));

const chatText = z.string({ error: 'expected a chat line ("" for none)' }).max(140, {
  error: 'expected at most 140 characters (Lichess drops longer chat lines)',
});

const lichessDrawSchema = z
  .strictObject({
    // Answer the opponent's draw offers by the evaluation (otherwise decline them all).
    accept: z.boolean({ error: 'expected true or false' }).default(true),
    // Accept an offer when our evaluation is at or below this (centipawns, our point of view).
    acceptAtOrBelowCp: integerInRange(-10_000, 0).default(-150),
    // A position is dead drawn when the evaluation stayed within this many centipawns of 0 ...
    deadDrawCp: integerInRange(0, 200).default(20),
    // ... for this many of our moves in a row, with little material left.
    deadDrawMoves: integerInRange(1, 100).default(6),
    // Offer a draw ourselves in dead-drawn endings.
    offer: z.boolean({ error: 'expected true or false' }).default(true),
  })
  .prefault({});

const lichessResignSchema = z
  .strictObject({
    enabled: z.boolean({ error: 'expected true or false' }).default(false),
    // Resign once our evaluation was at or below this (centipawns) ...
    atOrBelowCp: integerInRange(-10_000, -100).default(-1000),
    // ... for this many of our moves in a row.
    moves: integerInRange(1, 100).default(5),
  })
  .prefault({});

const lichessSchema = z
  .strictObject({
    // Games played at once; challenges beyond it are declined with "later".
    concurrency: integerInRange(1, 100).default(2),
    variants: subsetOf(LICHESS_VARIANTS, 'variants').default(['standard', 'chess960', 'fromPosition']),
    speeds: subsetOf(LICHESS_SPEEDS, 'speeds').default(['bullet', 'blitz', 'rapid', 'classical']),
    modes: subsetOf(LICHESS_MODES, 'modes').default(['rated', 'casual']),
    opponents: subsetOf(LICHESS_OPPONENTS, 'opponents').default(['human', 'bot']),
    minBaseSeconds: integerInRange(0, MAX_BASE_SECONDS).default(0),
    maxBaseSeconds: integerInRange(0, MAX_BASE_SECONDS).default(MAX_BASE_SECONDS),
    minIncrementSeconds: integerInRange(0, MAX_INCREMENT_SECONDS).default(0),
    maxIncrementSeconds: integerInRange(0, MAX_INCREMENT_SECONDS).default(MAX_INCREMENT_SECONDS),
    // Non-empty: only these users may challenge. Checked after the block list.
    allowList: userList.default([]),
    blockList: userList.default([]),
    // Time kept back on every move for the network and Lichess's lag (ms).
    moveOverheadMs: integerInRange(0, MAX_MOVE_OVERHEAD_MS).default(300),
    // Thinking time per move in games without a clock (correspondence, unlimited).
    correspondenceMoveSeconds: integerInRange(1, 3600).default(30),
    // Think on the opponent's time (games with a clock), on a worker no search needs.
    ponder: z.boolean({ error: 'expected true or false' }).default(true),
    // Abort a game whose opponent has not made their first move after this long (Lichess
    // itself aborts after 20 to 35 s, depending on the speed).
    abortAfterSeconds: integerInRange(5, 300).default(15),
    // Sent to the player chat at the start and end of a game; "" sends nothing.
    // {me} and {opponent} are replaced by the names.
    greeting: chatText.default('Hi {opponent}, I am {me}. Good luck! Type !help for my commands.'),
    goodbye: chatText.default('Thanks for the game, {opponent}!'),
    // Answer !help, !eval and !engine in the chat, at most once per this many seconds per game.
    chatCommands: z.boolean({ error: 'expected true or false' }).default(true),
    chatCooldownSeconds: integerInRange(0, 3600).default(5),
    draw: lichessDrawSchema,
    resign: lichessResignSchema,
  })
  .refine((policy) => policy.minBaseSeconds <= policy.maxBaseSeconds, {
    error: 'minBaseSeconds must not be above maxBaseSeconds',
  })
  .refine((policy) => policy.minIncrementSeconds <= policy.maxIncrementSeconds, {
    error: 'minIncrementSeconds must not be above maxIncrementSeconds',
  })
  .prefault({});

const discordSchema = z
  .strictObject({
    // /mate searches one member may have running at once; more are refused with "busy".
    maxSearchesPerUser: integerInRange(1, 100).default(1),
    // /mate searches running or queued at once across all servers (at most the worker pool's
    // threads plus its queue are used, whatever this says).
    maxSearches: integerInRange(1, 1000).default(8),
    // How long a finished answer is reused for an identical request; 0 turns the cache off.
    cacheMinutes: integerInRange(0, 24 * 60).default(10),
    // The most answers kept (each holds a board picture of about 40 KB).
    cacheEntries: integerInRange(1, 10_000).default(200),
  })
  .prefault({});

/** One config/*.json file. Every key is optional, so each file is validated on its own. */
export const fileConfigSchema = z.strictObject(
  {
    workers: workersSchema,
    mate: mateSchema,
    engine: engineSchema,
    lichess: lichessSchema,
    discord: discordSchema,
  },
  { error: 'expected a JSON object' },
);

export type FileConfig = z.output<typeof fileConfigSchema>;

export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type BookSelection = (typeof BOOK_SELECTIONS)[number];
export type LichessVariant = (typeof LICHESS_VARIANTS)[number];
export type LichessSpeed = (typeof LICHESS_SPEEDS)[number];
export type LichessMode = (typeof LICHESS_MODES)[number];
export type LichessOpponent = (typeof LICHESS_OPPONENTS)[number];

/** Environment keys whose values are secrets: never echoed in an error. */
export const SECRET_ENV_KEYS = ['DISCORD_TOKEN', 'LICHESS_TOKEN'] as const;

const httpUrl = z
  .string()
  .refine(isHttpUrl, { error: 'expected an http:// or https:// URL' })
  // Stored without a trailing slash so callers can append "/api/..." without doubling it.
  .transform((url) => url.replace(/\/+$/, ''));

const token = z.string().regex(/^[\x21-\x7e]+$/, {
  error: 'expected a token of printable characters without spaces (value not shown)',
});

// @discordjs/rest appends "/v10/..." itself, so a base that already names a version would
// double it (".../api/v10/v10/...") and every request would fail with 404.
const discordApiUrl = httpUrl.refine((url) => !/\/v\d+$/.test(url), {
  error: 'expected the API base without a version, e.g. https://discord.com/api',
});

// Discord ids ("snowflakes") are 64-bit integers written in decimal.
const snowflake = z.string().regex(/^\d{17,20}$/, { error: 'expected a Discord id (17 to 20 digits)' });

/** The environment variables we read (after empty strings are dropped); others are ignored. */
export const envSchema = z.object({
  DISCORD_TOKEN: token.optional(),
  DISCORD_APPLICATION_ID: snowflake.optional(),
  DISCORD_GUILD_ID: snowflake.optional(),
  DISCORD_API_URL: discordApiUrl.optional(),
  LICHESS_TOKEN: token.optional(),
  LICHESS_URL: httpUrl.default('https://lichess.org'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `expected one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  // Path of a config file to merge over config/default.json instead of config/local.json.
  CHESSBOT_CONFIG: z.string().optional(),
});

export type EnvConfig = z.output<typeof envSchema>;

/** The names of every environment variable we read, for documentation and tests. */
export const ENV_KEYS = Object.keys(envSchema.shape) as Array<keyof typeof envSchema.shape>;

function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
