// The validated configuration that start-up hands down to every part of the program.
// Built once by loadConfigWithWarnings() at start-up; frozen, so nothing downstream can change it behind others' backs.

import type { BookSelection, LichessMode, LichessOpponent, LichessSpeed, LichessVariant, LogLevel } from './schema.ts';
import type { Secret } from './secret.ts';

export type { BookSelection, LichessMode, LichessOpponent, LichessSpeed, LichessVariant, LogLevel };

export interface Config {
  readonly workers: {
    /** Number of search worker threads (config null resolves to the number of cores). */
    readonly size: number;
    /** Searches that may wait for a free worker; more are refused as busy. */
    readonly maxQueue: number;
  };
  readonly mate: {
    /** Largest n a /mate request may ask for. */
    readonly maxN: number;
    /** Time limit of one /mate search, in seconds. */
    readonly timeoutSeconds: number;
  };
  readonly engine: {
    /** Transposition table size of the game engine, in MB (UCI Hash). */
    readonly hashMb: number;
    /**
     * Threads one search takes (UCI Threads): for the Lichess bot the most, the extra ones
     * helping only on workers no game's search needs.
     */
    readonly threads: number;
    /** Time kept back on every move for the network and the GUI, in ms (UCI Move Overhead). */
    readonly moveOverheadMs: number;
    readonly book: {
      /** Absolute path of a Polyglot opening book, or null for none. */
      readonly path: string | null;
      /** weighted: at random in proportion to the weights; best: the highest weight. */
      readonly selection: BookSelection;
      /** The book is used while the game has fewer half-moves than this; null: no limit. */
      readonly maxPly: number | null;
    };
  };
  readonly discord: {
    /** /mate requests one member may have running or waiting in line at once. */
    readonly maxSearchesPerUser: number;
    /** /mate requests running or waiting in line at once, all servers together. */
    readonly maxSearches: number;
    /** Minutes a finished /mate answer is reused for an identical request; 0: no cache. */
    readonly cacheMinutes: number;
    /** The most /mate answers the cache keeps. */
    readonly cacheEntries: number;
    /** Null when DISCORD_TOKEN is unset: the Discord bot is disabled. */
    readonly token: Secret | null;
    readonly applicationId: string | null;
    /** One Discord server (guild) to register slash commands in, instead of globally. */
    readonly guildId: string | null;
    /** Override of Discord's API base URL, e.g. a local fake Discord in tests. */
    readonly apiUrl: string | null;
    /** Shards of the bot in all; 'auto' asks Discord. */
    readonly shards: number | 'auto';
    /** The shards this process runs; null: all of them. */
    readonly shardIds: readonly number[] | null;
  };
  readonly queue: {
    /** The Redis server /mate searches are queued on (a redis:// URL); null: they run in this process. */
    readonly redisUrl: Secret | null;
    /** The BullMQ queue's name. */
    readonly name: string;
    /** With a queue, whether the bot process solves queued searches too. */
    readonly solveInBot: boolean;
    /** How long a solver's hold on a job lasts unless renewed: a dead solver's job runs again elsewhere after about this plus stalledCheckMs. */
    readonly lockMs: number;
    /** How often a solver looks for jobs whose solver died. */
    readonly stalledCheckMs: number;
    /** A direct mate whose whole solve passes this many nodes is split over every solver; 0: never. */
    readonly splitAfterNodes: number;
  };
  readonly lichess: LichessSettings & {
    /** Null when LICHESS_TOKEN is unset: the Lichess bot is disabled. */
    readonly token: Secret | null;
    /** Base URL of the Lichess server, without a trailing slash. */
    readonly url: string;
  };
  readonly logLevel: LogLevel;
  /** The config files that were read, in merge order, as shown in messages. */
  readonly files: readonly string[];
}

/** The config file's lichess section: the challenge policy and how games are played. */
export interface LichessSettings {
  /** Games played at once; challenges beyond it are declined with "later". */
  readonly concurrency: number;
  readonly variants: readonly LichessVariant[];
  readonly speeds: readonly LichessSpeed[];
  readonly modes: readonly LichessMode[];
  readonly opponents: readonly LichessOpponent[];
  readonly minBaseSeconds: number;
  readonly maxBaseSeconds: number;
  readonly minIncrementSeconds: number;
  readonly maxIncrementSeconds: number;
  /** Lower-case user ids; non-empty: only they may challenge. */
  readonly allowList: readonly string[];
  /** Lower-case user ids whose challenges are always declined. */
  readonly blockList: readonly string[];
  /** Time kept back on every move for the network and Lichess's lag, in ms. */
  readonly moveOverheadMs: number;
  /** Thinking time per move in games without a clock. */
  readonly correspondenceMoveSeconds: number;
  /** Think on the opponent's time, on a worker no search needs (games with a clock only). */
  readonly ponder: boolean;
  /** Abort a game whose opponent has not made their first move after this long. */
  readonly abortAfterSeconds: number;
  /** Chat lines at the start and end of a game ("" for none); {me} and {opponent} are replaced. */
  readonly greeting: string;
  readonly goodbye: string;
  readonly chatCommands: boolean;
  readonly chatCooldownSeconds: number;
  readonly draw: {
    readonly accept: boolean;
    readonly acceptAtOrBelowCp: number;
    readonly deadDrawCp: number;
    readonly deadDrawMoves: number;
    readonly offer: boolean;
  };
  readonly resign: {
    readonly enabled: boolean;
    readonly atOrBelowCp: number;
    readonly moves: number;
  };
  /** The endgame tablebase (Lichess's HTTP API). */
  readonly tablebase: {
    readonly enabled: boolean;
    /** Base URL, without a trailing slash. */
    readonly url: string;
    /** Positions with at most this many pieces (kings included) are asked about. */
    readonly maxPieces: number;
    /** The longest an answer may take, in ms (and at most 1/40 of our usable clock). */
    readonly maxWaitMs: number;
  };
  /** Challenger rating bounds (in the challenge's perf); null: none. */
  readonly minRating: number | null;
  readonly maxRating: number | null;
  /** The largest difference between the challenger's rating and ours; null: no limit. */
  readonly maxRatingDifference: number | null;
  /** The most games at once against one opponent; null: only concurrency limits it. */
  readonly maxGamesPerOpponent: number | null;
  /** Decline bullet without increment. */
  readonly bulletRequiresIncrement: boolean;
  /** A block list (user names, one a line) fetched at start and refreshed; null: none. */
  readonly blockListUrl: string | null;
  readonly blockListRefreshMinutes: number;
  readonly matchmaking: MatchmakingSettings;
}

/** Challenging other bots when idle. */
export interface MatchmakingSettings {
  readonly enabled: boolean;
  /** How long a matchmaking slot must have been free, with nothing happening, before a challenge. */
  readonly idleSeconds: number;
  /** The time controls offered, one chosen at random per challenge. */
  readonly timeControls: readonly { readonly baseSeconds: number; readonly incrementSeconds: number }[];
  readonly rated: boolean;
  /** The rating window, relative to ours in the time control's speed (minRatingDiff <= 0 <= maxRatingDiff). */
  readonly minRatingDiff: number;
  readonly maxRatingDiff: number;
  /** Absolute rating bounds; null: none. */
  readonly minRating: number | null;
  readonly maxRating: number | null;
  /** Our challenge is cancelled when unanswered this long. */
  readonly challengeTimeoutSeconds: number;
  /** How long a bot that declined is not asked again. */
  readonly declineCooldownMinutes: number;
  /** Slots of concurrency matchmaking leaves to challenges from humans. */
  readonly humanSlots: number;
}
