// What a valid configuration looks like: the config/*.json file schema and the environment
// schema. Every constraint carries its own message, written for the person editing the file, and
// every key its description: config/schema.json and docs/configuration.md are generated from them
// (`npm run config:schema`). Defaults live here and only here; config/default.json mirrors them
// (tests keep all three equal).

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
      .default(null)
      .describe('Number of search worker threads; null means one per core (os.availableParallelism()).'),
    // Searches waiting for a free worker; beyond this a request is refused with "busy".
    maxQueue: integerInRange(0, MAX_WORKER_QUEUE)
      .default(32)
      .describe('Searches that may wait for a free worker; beyond this a request is refused as busy.'),
  })
  .prefault({})
  .describe('The worker threads that run /mate searches for the console and the Discord bot (the Lichess bot has its own).');

const mateSchema = z
  .strictObject({
    maxN: integerInRange(1, MAX_MATE_MOVES_LIMIT)
      .default(10)
      .describe("Largest n (moves) /mate accepts in the console and on Discord (`chessbot mate` goes up to the solver's own limit, 254); run `npm run deploy-commands` after a change so Discord's n follows."),
    timeoutSeconds: integerInRange(1, MAX_MATE_TIMEOUT_SECONDS)
      .default(120)
      .describe('Time limit of one /mate search, in seconds (at most 840: a Discord reply can be edited for 15 minutes).'),
  })
  .prefault({})
  .describe('The /mate search, in the local console and the Discord bot.');

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
      .default(null)
      .describe('A Polyglot opening book (.bin), or null for none; a relative path is taken from the directory that holds config/.'),
    selection: z
      .enum(BOOK_SELECTIONS, { error: `expected one of ${BOOK_SELECTIONS.join(', ')}` })
      .default('weighted')
      .describe("How a book move is chosen: weighted at random in proportion to the book's weights, best the highest weight."),
    // The book is used while fewer half-moves than this have been played; null: no limit.
    maxPly: z
      .int({ error: 'expected null (no limit) or an integer >= 1' })
      .min(1, { error: 'expected null (no limit) or an integer >= 1' })
      .nullable()
      .default(20)
      .describe('The book is used while fewer than this many half-moves have been played (20: ten moves each); null for no limit.'),
  })
  .prefault({})
  .describe('The opening book: in a position it knows, its move is played at once without a search (never in Chess960).');

const engineSchema = z
  .strictObject({
    hashMb: integerInRange(1, MAX_ENGINE_HASH_MB)
      .default(64)
      .describe("Size of the game engine's transposition table, in MB (UCI Hash); the Lichess bot gives each game one of this size."),
    // Threads one search takes (UCI Threads). The Lichess bot gives the extra ones only workers
    // no game's search needs, and stops them the moment one does.
    threads: integerInRange(1, MAX_ENGINE_THREADS)
      .default(1)
      .describe("Threads one search takes (UCI Threads); the Lichess bot gives the extra ones only workers no game's search needs."),
    moveOverheadMs: integerInRange(0, MAX_MOVE_OVERHEAD_MS)
      .default(100)
      .describe('Time kept in reserve on every move for network and GUI lag, in ms (UCI Move Overhead; on Lichess: lichess.moveOverheadMs).'),
    book: bookSchema,
  })
  .prefault({})
  .describe("The game engine: the starting values of `chessbot uci`'s options, and what the Lichess bot plays with.");

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
    .refine((list) => new Set(list).size === list.length, { error: `${error} (each at most once)` })
    // What the refinement checks, said in the JSON Schema too, so an editor flags a repeat.
    .meta({ uniqueItems: true });
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
    accept: z
      .boolean({ error: 'expected true or false' })
      .default(true)
      .describe("Answer the opponent's draw offers by the evaluation (at or below acceptAtOrBelowCp, or dead drawn); false declines all."),
    // Accept an offer when our evaluation is at or below this (centipawns, our point of view).
    acceptAtOrBelowCp: integerInRange(-10_000, 0)
      .default(-150)
      .describe('Accept a draw offer when our evaluation is at or below this, in centipawns from our point of view.'),
    // A position is dead drawn when the evaluation stayed within this many centipawns of 0 ...
    deadDrawCp: integerInRange(0, 200)
      .default(20)
      .describe("An ending with no queens and at most a rook's worth of pieces a side is dead drawn within this many centipawns of 0."),
    // ... for this many of our moves in a row, with little material left.
    deadDrawMoves: integerInRange(1, 100)
      .default(6)
      .describe('How many of our moves in a row the evaluation must stay within deadDrawCp for a dead draw.'),
    // Offer a draw ourselves in dead-drawn endings.
    offer: z
      .boolean({ error: 'expected true or false' })
      .default(true)
      .describe('Offer a draw ourselves in dead-drawn positions.'),
  })
  .prefault({})
  .describe("Draws: answering the opponent's offers and offering our own. Positions without mating material are always dead drawn.");

const lichessResignSchema = z
  .strictObject({
    enabled: z
      .boolean({ error: 'expected true or false' })
      .default(false)
      .describe('Resign hopeless games: when our evaluation was at or below atOrBelowCp for `moves` of our moves in a row.'),
    // Resign once our evaluation was at or below this (centipawns) ...
    atOrBelowCp: integerInRange(-10_000, -100)
      .default(-1000)
      .describe('The evaluation, in centipawns from our point of view, at or below which a game counts as hopeless.'),
    // ... for this many of our moves in a row.
    moves: integerInRange(1, 100)
      .default(5)
      .describe('How many of our moves in a row the evaluation must be at or below atOrBelowCp before we resign.'),
  })
  .prefault({})
  .describe('Resigning hopeless games (off by default).');

// Ratings on Lichess run from 400 to about 3500 (Glicko-2, every new account starting at 1500).
const MAX_RATING = 4000;

/** An opponent rating bound, or null for none. */
function ratingOrNull(what: string) {
  return integerInRange(0, MAX_RATING).nullable().default(null).describe(what);
}

// The clock a challenge may ask for, as Lichess takes it (POST /api/challenge/{username}): the
// base is 0, 15, 30, 45, 60, 90 s or a whole number of minutes up to 180; the increment 0 to 60 s.
const CHALLENGE_BASES = 'expected 0, 15, 30, 45, 60, 90 or a multiple of 60 up to 10800 (seconds)';
const matchmakingTimeControl = z
  .strictObject({
    baseSeconds: integerInRange(0, MAX_BASE_SECONDS)
      .refine((s) => [0, 15, 30, 45, 90].includes(s) || s % 60 === 0, { error: CHALLENGE_BASES })
      .describe('The clock base time, in seconds: 0, 15, 30, 45, 60, 90 or a multiple of 60 up to 10800.'),
    incrementSeconds: integerInRange(0, 60).describe('The clock increment, in seconds (0 to 60).'),
  }, { error: 'expected {"baseSeconds": …, "incrementSeconds": …}' })
  // Lichess's estimate (base + 40 × increment) under 30 s is ultraBullet, which bots may not play.
  .refine((tc) => tc.baseSeconds + 40 * tc.incrementSeconds >= 30, { error: 'expected a time control bots may play (base + 40 × increment of at least 30 s; ultraBullet is closed to bots)' });

const matchmakingSchema = z
  .strictObject({
    enabled: z
      .boolean({ error: 'expected true or false' })
      .default(false)
      .describe('Challenge other online bots (GET /api/bot/online) when the bot has had a free slot for idleSeconds.'),
    idleSeconds: integerInRange(1, 86_400)
      .default(300)
      .describe('How long the bot must have had a free matchmaking slot, with no game starting or ending and no challenge of its own pending, before it challenges a bot, in seconds.'),
    timeControls: z
      .array(matchmakingTimeControl, { error: 'expected a list of {"baseSeconds", "incrementSeconds"}' })
      .min(1, { error: 'expected at least one time control' })
      .default([{ baseSeconds: 180, incrementSeconds: 2 }])
      .describe('The time controls offered, one chosen at random per challenge; the opponent is judged by its rating in that speed.'),
    rated: z
      .boolean({ error: 'expected true or false' })
      .default(false)
      .describe('Offer rated games (Lichess advises casual games while a bot is being tested).'),
    minRatingDiff: integerInRange(-MAX_RATING, 0)
      .default(-300)
      .describe("The weakest opponent challenged, as a difference from our rating in the time control's speed (e.g. -300: at most 300 points below us)."),
    maxRatingDiff: integerInRange(0, MAX_RATING)
      .default(300)
      .describe("The strongest opponent challenged, as a difference from our rating in the time control's speed (e.g. 300: at most 300 points above us)."),
    minRating: ratingOrNull('The lowest rating an opponent challenged may have, whatever ours; null: no bound but minRatingDiff.'),
    maxRating: ratingOrNull('The highest rating an opponent challenged may have, whatever ours; null: no bound but maxRatingDiff.'),
    challengeTimeoutSeconds: integerInRange(5, 300)
      .default(20)
      .describe('How long our challenge may go unanswered before we cancel it, in seconds (Lichess itself drops an unanswered realtime challenge after about 20 s).'),
    declineCooldownMinutes: integerInRange(0, 7 * 24 * 60)
      .default(60)
      .describe('How long a bot that declined our challenge (or could not be challenged) is not asked again, in minutes.'),
    humanSlots: integerInRange(0, 100)
      .default(1)
      .describe('Game slots (of concurrency) matchmaking leaves free for challenges from humans; with enabled, it must be below concurrency.'),
  })
  .prefault({})
  .describe('Matchmaking: challenging other bots when idle (off by default). It never challenges while a challenge from a human waits, and stops for the day at Lichess\'s bot-versus-bot limit (429 `bot.vsBot.day`) until the time Lichess gives.');

// Lichess's tablebase holds positions of up to 7 pieces (kings included); 3 is the fewest that
// can be anything but a draw. Its answers must never cost a move its time: the wait is capped.
const lichessTablebaseSchema = z
  .strictObject({
    enabled: z
      .boolean({ error: 'expected true or false' })
      .default(true)
      .describe('Ask the endgame tablebase in positions with few pieces (and no castling rights): its best move is played without a search, and its verdict decides draws and resignation.'),
    url: z
      .string({ error: 'expected an http:// or https:// URL' })
      .refine(isHttpUrl, { error: 'expected an http:// or https:// URL' })
      .transform((url) => url.replace(/\/+$/, ''))
      .default('https://tablebase.lichess.org')
      .describe("The tablebase server's base URL (Lichess's API: GET {url}/standard?fen=…)."),
    maxPieces: integerInRange(3, 7)
      .default(7)
      .describe('The tablebase is asked about positions with at most this many pieces, kings included (Lichess: up to 7).'),
    maxWaitMs: integerInRange(50, 5000)
      .default(500)
      .describe('The longest an answer may take, in ms; each request also gets at most 1/40 of the time left on our clock, after which the engine searches as usual.'),
  })
  .prefault({})
  .describe('The endgame tablebase (Lichess\'s HTTP API): asked one request at a time, answers kept per game, left alone for a minute after a 429.');

type LichessSettingsInput = Readonly<Record<'maxBaseSeconds' | 'maxIncrementSeconds', number>>;

const lichessSchema = z
  .strictObject({
    // Games played at once; challenges beyond it are declined with "later".
    concurrency: integerInRange(1, 100)
      .default(2)
      .describe('Games played at once (each gets its own search thread); more challenges are declined with `later`.'),
    variants: subsetOf(LICHESS_VARIANTS, 'variants')
      .default(['standard', 'chess960', 'fromPosition'])
      .describe('Variants accepted; others are declined with `standard` when standard is the only one accepted, else with `variant`.'),
    speeds: subsetOf(LICHESS_SPEEDS, 'speeds')
      .default(['bullet', 'blitz', 'rapid', 'classical'])
      .describe('Speeds accepted (ultraBullet is closed to bots); others are declined with `tooFast`, `tooSlow` or `timeControl`.'),
    modes: subsetOf(LICHESS_MODES, 'modes')
      .default(['rated', 'casual'])
      .describe('Rated and casual games accepted; a rated challenge refused is declined with `casual`, a casual one with `rated`.'),
    opponents: subsetOf(LICHESS_OPPONENTS, 'opponents')
      .default(['human', 'bot'])
      .describe('Opponents accepted; a bot refused is declined with `noBot`, a human with `onlyBot`.'),
    minBaseSeconds: integerInRange(0, MAX_BASE_SECONDS)
      .default(0)
      .describe("The shortest clock base time accepted, in seconds; shorter is declined with `tooFast`."),
    maxBaseSeconds: integerInRange(0, MAX_BASE_SECONDS)
      .default(MAX_BASE_SECONDS)
      .describe('The longest clock base time accepted, in seconds (not below minBaseSeconds); longer is declined with `tooSlow`.'),
    minIncrementSeconds: integerInRange(0, MAX_INCREMENT_SECONDS)
      .default(0)
      .describe('The smallest clock increment accepted, in seconds; smaller is declined with `timeControl`.'),
    maxIncrementSeconds: integerInRange(0, MAX_INCREMENT_SECONDS)
      .default(MAX_INCREMENT_SECONDS)
      .describe('The largest clock increment accepted, in seconds (not below minIncrementSeconds); larger is declined with `timeControl`.'),
    // Non-empty: only these users may challenge. Checked after the block list.
    allowList: userList
      .default([])
      .describe('Lichess user names (any case); when not empty, only they may challenge, others are declined with `generic`.'),
    blockList: userList
      .default([])
      .describe('Lichess user names (any case) whose challenges are always declined with `generic`; checked before allowList.'),
    // Time kept back on every move for the network and Lichess's lag (ms).
    moveOverheadMs: integerInRange(0, MAX_MOVE_OVERHEAD_MS)
      .default(300)
      .describe("Time kept back on every move for the network and Lichess's lag, in ms."),
    // Thinking time per move in games without a clock (correspondence, unlimited).
    correspondenceMoveSeconds: integerInRange(1, 3600)
      .default(30)
      .describe('Thinking time per move in games without a clock (correspondence, unlimited), in seconds.'),
    // Think on the opponent's time (games with a clock), on a worker no search needs.
    ponder: z
      .boolean({ error: 'expected true or false' })
      .default(true)
      .describe("Think on the opponent's time in games with a clock, only on a worker no search needs."),
    // Abort a game whose opponent has not made their first move after this long (Lichess
    // itself aborts after 20 to 35 s, depending on the speed).
    abortAfterSeconds: integerInRange(5, 300)
      .default(15)
      .describe('Abort a game with a clock whose opponent has not made a first move after this many seconds (Lichess: after 20 to 35 s).'),
    // Sent to the player chat at the start and end of a game; "" sends nothing.
    // {me} and {opponent} are replaced by the names.
    greeting: chatText
      .default('Hi {opponent}, I am {me}. Good luck! Type !help for my commands.')
      .describe('Chat line sent at the start of a game, {me} and {opponent} replaced by the names; "" sends none.'),
    goodbye: chatText
      .default('Thanks for the game, {opponent}!')
      .describe('Chat line sent at the end of a game, {me} and {opponent} replaced by the names; "" sends none.'),
    // Answer !help, !eval and !engine in the chat, at most once per this many seconds per game.
    chatCommands: z
      .boolean({ error: 'expected true or false' })
      .default(true)
      .describe('Answer !help, !eval and !engine in the game chat.'),
    chatCooldownSeconds: integerInRange(0, 3600)
      .default(5)
      .describe('The least time between two chat-command answers in one game, in seconds.'),
    draw: lichessDrawSchema,
    resign: lichessResignSchema,
    tablebase: lichessTablebaseSchema,
    // Rating rules: the challenger's rating and ours are those of the challenge's perf.
    minRating: ratingOrNull("The lowest challenger rating accepted (in the challenge's perf); lower, or no rating, is declined with `generic`; null: no minimum."),
    maxRating: ratingOrNull("The highest challenger rating accepted (in the challenge's perf); higher, or no rating, is declined with `generic`; null: no maximum."),
    maxRatingDifference: ratingOrNull("The largest difference between the challenger's rating and ours (in the challenge's perf) accepted; more is declined with `generic`; null: no limit."),
    maxGamesPerOpponent: integerInRange(1, 100)
      .nullable()
      .default(null)
      .describe('The most games played at once against one opponent; another challenge from them is declined with `later`; null: only concurrency limits it.'),
    bulletRequiresIncrement: z
      .boolean({ error: 'expected true or false' })
      .default(false)
      .describe('Decline bullet challenges without increment, with `timeControl`.'),
    blockListUrl: z
      .union([
        z.string().regex(/^https?:\/\//, { error: 'expected null or an http:// or https:// URL' }).refine(isHttpUrl, { error: 'expected null or an http:// or https:// URL' }),
        z.null(),
      ], { error: 'expected null or an http:// or https:// URL' })
      .default(null)
      .describe('A text file of Lichess user names, one a line (# starts a comment), fetched at start and every blockListRefreshMinutes: they are declined with `generic` and never challenged, like blockList; null: none.'),
    blockListRefreshMinutes: integerInRange(1, 7 * 24 * 60)
      .default(60)
      .describe('How often the block list at blockListUrl is fetched again, in minutes (the last list fetched stays in force when a fetch fails).'),
    matchmaking: matchmakingSchema,
  })
  // Named at the minimum, with the maximum it exceeds: "lichess.minBaseSeconds: expected at
  // most maxBaseSeconds (60), got 600".
  .refine((policy) => policy.minBaseSeconds <= policy.maxBaseSeconds, {
    path: ['minBaseSeconds'],
    error: (issue) => `expected at most maxBaseSeconds (${(issue.input as LichessSettingsInput).maxBaseSeconds})`,
  })
  .refine((policy) => policy.minIncrementSeconds <= policy.maxIncrementSeconds, {
    path: ['minIncrementSeconds'],
    error: (issue) => `expected at most maxIncrementSeconds (${(issue.input as LichessSettingsInput).maxIncrementSeconds})`,
  })
  .refine((policy) => policy.minRating === null || policy.maxRating === null || policy.minRating <= policy.maxRating, {
    path: ['minRating'],
    error: 'expected at most maxRating',
  })
  .refine((policy) => policy.matchmaking.minRating === null || policy.matchmaking.maxRating === null || policy.matchmaking.minRating <= policy.matchmaking.maxRating, {
    path: ['matchmaking', 'minRating'],
    error: 'expected at most matchmaking.maxRating',
  })
  // Matchmaking with every slot kept for humans would never challenge anyone.
  .refine((policy) => !policy.matchmaking.enabled || policy.matchmaking.humanSlots < policy.concurrency, {
    path: ['matchmaking', 'humanSlots'],
    error: 'expected fewer than concurrency while matchmaking is enabled',
  })
  .prefault({})
  .describe("The Lichess bot's challenge policy and game behaviour (it also uses engine.hashMb, engine.threads and engine.book).");

// Discord's own ceiling on shards for all but the very largest bots.
const MAX_SHARDS = 1024;

const discordSchema = z
  .strictObject({
    // /mate requests one member may have running or waiting in line at once; more are refused
    // privately. One keeps a member from pushing the others back.
    maxSearchesPerUser: integerInRange(1, 100)
      .default(1)
      .describe('/mate requests one member may have running or waiting in line at once; another is refused privately.'),
    // /mate requests running or waiting in line at once, all servers together. One runs per
    // engine thread (workers.size); the others wait their turn, their replies showing their place.
    // 40 lets a burst of a few dozen members be answered in full on two threads.
    maxSearches: integerInRange(1, 1000)
      .default(40)
      .describe('/mate requests running or waiting in line at once, all servers together (one runs per worker thread, the rest wait their turn); beyond it a request is refused with when to try again.'),
    // How long a finished answer is reused for an identical request; 0 turns the cache off.
    cacheMinutes: integerInRange(0, 24 * 60)
      .default(10)
      .describe('How long a finished /mate answer is reused for the same position, n and mode, in minutes; 0 turns the cache off.'),
    // The most answers kept (each holds a board picture of about 40 KB).
    cacheEntries: integerInRange(1, 10_000)
      .default(200)
      .describe('The most /mate answers the cache keeps (each with its board picture, about 25-40 KB).'),
    // Discord wants a gateway connection ("shard") per 2,500 servers; "auto" asks Discord
    // (GET /gateway/bot) how many, a number fixes it. discord.js runs them (@discordjs/ws).
    shards: z
      .union([z.literal('auto'), integerInRange(1, MAX_SHARDS)], { error: `expected "auto" or an integer from 1 to ${MAX_SHARDS}` })
      .default(1)
      .describe('How many shards (gateway connections) the bot has in all: "auto" asks Discord, a number fixes it; one is enough below 2,500 servers.'),
    // Several processes (on several machines, sharing REDIS_URL) each run some of the shards.
    shardIds: z
      .array(integerInRange(0, MAX_SHARDS - 1), { error: 'expected null (all shards) or a list of shard ids from 0' })
      .refine((ids) => ids.length > 0 && new Set(ids).size === ids.length, { error: 'expected a non-empty list of distinct shard ids' })
      .nullable()
      .default(null)
      .describe('The shards this process runs, by id (0 to shards - 1), when several processes share the bot; null runs them all.'),
  })
  // A split between processes needs the count fixed: with "auto" each process would ask Discord
  // on its own, and their answers could differ.
  .refine((discord) => discord.shardIds === null || discord.shards !== 'auto', {
    path: ['shardIds'],
    error: 'expected null when shards is "auto" (give shards a number to split them between processes)',
    abort: true,
  })
  .refine((discord) => discord.shardIds === null || discord.shards === 'auto' || discord.shardIds.every((id) => id < (discord.shards as number)), {
    path: ['shardIds'],
    error: (issue) => `expected shard ids below shards (${(issue.input as { shards: number }).shards})`,
  })
  .prefault({})
  .describe("The Discord bot's /mate limits and its cache of answers.");

const queueSchema = z
  .strictObject({
    // Several bots may share one Redis: each uses its own queue name.
    name: z
      .string({ error: 'expected a queue name of letters, digits, "-" and "_"' })
      .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'expected a queue name of 1 to 64 letters, digits, "-" and "_"' })
      .default('chessbot')
      .describe('The name of the Redis job queue /mate searches go through when REDIS_URL is set; bots sharing one Redis each need their own.'),
    solveInBot: z
      .boolean({ error: 'expected true or false' })
      .default(true)
      .describe('With REDIS_URL, whether the bot process also solves queued searches on its own worker threads (false: only `chessbot worker` processes do).'),
    // A dead solver's search waits out its lock and then the next stalled-job check (BullMQ's
    // lockDuration and stalledInterval) before it runs elsewhere.
    lockMs: integerInRange(1_000, 600_000)
      .default(10_000)
      .describe("How long a solver's hold on a search lasts unless renewed (it renews it every half of this), in ms: a search whose solver died runs again on another after about this plus stalledCheckMs. Shorter resumes it sooner, for more Redis traffic and a solver that stalls this long losing its search."),
    stalledCheckMs: integerInRange(500, 600_000)
      .default(5_000)
      .describe('How often each solver looks for searches whose solver died, in ms.'),
    // A long direct mate is split over every solver (src/queue/split.ts) once its whole solve has
    // searched this many nodes: below it a problem is answered sooner whole than in parts.
    splitAfterNodes: integerInRange(0, 1_000_000_000_000)
      .default(100_000)
      .describe('A direct mate whose search passes this many nodes (about 0.2 s on one thread) is split over every solver on the queue, one job per first move at each n, with the same answer; 0: never split.'),
  })
  .prefault({})
  .describe('The job queue (BullMQ on Redis) that /mate searches go through when REDIS_URL is set; without it, searches run in this process.');

/**
 * One config/*.json file. Every key is optional, so each file is validated on its own. Unknown
 * keys are refused, except a top-level "$schema": the file's JSON Schema, for editors only.
 */
export const fileConfigSchema = z
  .strictObject(
    {
      $schema: z
        .string({ error: 'expected the path or URL of a JSON Schema, e.g. "./schema.json"' })
        .optional()
        .describe('The JSON Schema editors check this file against (./schema.json from config/); the bot ignores it.'),
      workers: workersSchema,
      mate: mateSchema,
      engine: engineSchema,
      lichess: lichessSchema,
      discord: discordSchema,
      queue: queueSchema,
    },
    { error: 'expected a JSON object' },
  )
  .meta({
    title: 'chessbot configuration',
    description: 'A chessbot config file: config/default.json, config/local.json or the file named by CHESSBOT_CONFIG.',
  });

export type FileConfig = z.output<typeof fileConfigSchema>;

export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type BookSelection = (typeof BOOK_SELECTIONS)[number];
export type LichessVariant = (typeof LICHESS_VARIANTS)[number];
export type LichessSpeed = (typeof LICHESS_SPEEDS)[number];
export type LichessMode = (typeof LICHESS_MODES)[number];
export type LichessOpponent = (typeof LICHESS_OPPONENTS)[number];

/** Environment keys whose values are secrets: never echoed in an error. */
export const SECRET_ENV_KEYS = ['DISCORD_TOKEN', 'LICHESS_TOKEN', 'REDIS_URL'] as const;

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
  DISCORD_TOKEN: token
    .optional()
    .describe('Discord bot token; when set, `npm start` runs the Discord bot.'),
  DISCORD_APPLICATION_ID: snowflake
    .optional()
    .describe("The Discord application's id, which `npm run deploy-commands` registers the slash commands for."),
  DISCORD_GUILD_ID: snowflake
    .optional()
    .describe('One Discord server (guild) to register the slash commands in, instead of globally.'),
  DISCORD_API_URL: discordApiUrl
    .optional()
    .describe('Another Discord API base URL (http:// or https://) without the version, e.g. a local fake Discord; unset: https://discord.com/api.'),
  LICHESS_TOKEN: token
    .optional()
    .describe('API token of the Lichess BOT account (scope bot:play); when set, `npm start` runs the Lichess bot.'),
  LICHESS_URL: httpUrl.default('https://lichess.org').describe('Lichess server base URL (an http:// or https:// URL).'),
  // Its password, if any, is a secret: the value is never quoted back, and logs show the URL masked.
  REDIS_URL: z
    .string()
    .refine(isRedisUrl, { error: 'expected a redis:// or rediss:// URL, e.g. redis://localhost:6379 (value not shown)' })
    .optional()
    .describe('A Redis server (redis:// or rediss://, with user, password and database number as needed): /mate searches then go through a job queue there, served by `chessbot worker` processes on any machine.'),
  // In any case: LOG_LEVEL=DEBUG is how many programs spell it.
  LOG_LEVEL: z
    .preprocess((value) => (typeof value === 'string' ? value.toLowerCase() : value), z.enum(LOG_LEVELS, { error: `expected one of ${LOG_LEVELS.join(', ')}` }))
    .default('info')
    .describe('How much the Discord and Lichess bots log on standard error (in any case: DEBUG is debug).'),
  // Path of a config file to merge over config/default.json instead of config/local.json.
  CHESSBOT_CONFIG: z
    .string()
    .optional()
    .describe('A config file to merge over config/default.json instead of config/local.json, relative to the working directory.'),
});

export type EnvConfig = z.output<typeof envSchema>;

/** The names of every environment variable we read, for documentation and tests. */
export const ENV_KEYS = Object.keys(envSchema.shape) as Array<keyof typeof envSchema.shape>;

function isRedisUrl(text: string): boolean {
  try {
    const url = new URL(text);
    if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') return false;
    // The database number, when given, is the path: "/0".."/15" on a stock server.
    return url.hostname !== '' && /^(\/\d{0,5})?$/.test(url.pathname);
  } catch {
    return false;
  }
}

function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
