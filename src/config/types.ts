// The validated configuration that start-up hands down to every part of the program.
// Built once by loadConfig(); frozen, so nothing downstream can change it behind others' backs.

import type { LogLevel } from './schema.ts';
import type { Secret } from './secret.ts';

export type { LogLevel };

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
  readonly discord: {
    /** Null when DISCORD_TOKEN is unset: the Discord bot is disabled. */
    readonly token: Secret | null;
    readonly applicationId: string | null;
    /** One Discord server (guild) to register slash commands in, instead of globally. */
    readonly guildId: string | null;
    /** Override of Discord's API base URL, e.g. a local fake Discord in tests. */
    readonly apiUrl: string | null;
  };
  readonly lichess: {
    /** Null when LICHESS_TOKEN is unset: the Lichess bot is disabled. */
    readonly token: Secret | null;
    /** Base URL of the Lichess server, without a trailing slash. */
    readonly url: string;
  };
  readonly logLevel: LogLevel;
  /** The config files that were read, in merge order, as shown in messages. */
  readonly files: readonly string[];
}
