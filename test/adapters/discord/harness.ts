// A running bot for end-to-end tests: the fake Discord (REST and gateway on loopback), a small
// worker pool, and a DiscordBot logged in to the fake, with its log kept in memory.

import { Writable } from 'node:stream';
import { DiscordBot, type DiscordBotOptions } from '../../../src/adapters/discord/bot.ts';
import { streamLogger } from '../../../src/log.ts';
import { Secret } from '../../../src/config/secret.ts';
import { WorkerPool } from '../../../src/workers/index.ts';
import { type FakeCommandOption, type FakeDiscordOptions, type FakeUser, FakeDiscord, type InteractionHandle } from '../../support/fakeDiscord/index.ts';

// Problems with known answers (as in test/mate/answer.test.ts).
export const MATE_IN_1 = '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1'; // Ra8#
export const KNIGHT_PROMOTION = 'b7/PP6/8/8/7K/6B1/6N1/4R1bk w - - 0 1'; // #3, key bxa8=N; no mate in 2
export const BLACK_MATES = '2q5/4B2p/7n/4p1pk/P2n1b2/R3P2P/2r3P1/1Q3R1K b - - 0 1'; // #3 for black, key Qxh3+
export const HARD = '3Q4/5q1k/4ppp1/2Kp1N1B/RR6/3P1r2/4nP2/3b4 w - - 0 1'; // no mate in 5, in about a second
/** The initial position asked for a mate in 10: minutes of search for any solver; "heavy". */
export const HEAVY = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

export const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let userCount = 0;
/** A member nobody else in the test run is. */
export function newUser(name = 'member'): FakeUser {
  userCount++;
  return { id: String(400_000_000_000_000_100n + BigInt(userCount)), username: `${name}${userCount}` };
}

export interface Harness {
  readonly fake: FakeDiscord;
  readonly pool: WorkerPool;
  readonly bot: DiscordBot;
  /** Every log line so far. */
  readonly log: string[];
  /** Dispatches /mate with these options (n, mode and spoiler left out when undefined), in the first guild by default. */
  mate(
    fen: string,
    n: number | string | undefined,
    options?: { mode?: string; kind?: string; spoiler?: boolean | string; solution?: boolean | string; user?: FakeUser; guildId?: string | null },
  ): InteractionHandle;
  /** Dispatches /mate with a file in its `image` option, n, and the other options given. */
  mateWithFile(
    file: { filename: string; bytes: Uint8Array; content_type?: string; size?: number },
    n: number,
    options?: { fen?: string; side?: string; flipped?: boolean; user?: FakeUser },
  ): InteractionHandle;
  close(): Promise<void>;
}

export type HarnessOptions = Partial<Omit<DiscordBotOptions, 'mate' | 'limits'>> & {
  readonly mate?: Partial<DiscordBotOptions['mate']>;
  /** Running defaults to the pool's size, as the app does. */
  readonly limits?: Partial<DiscordBotOptions['limits']>;
  readonly poolSize?: number;
  /** How to start the fake Discord (e.g. `{ shards: 2 }`); heartbeats every 100 ms unless said. */
  readonly fakeOptions?: FakeDiscordOptions;
  /** A fake Discord already running, shared with another harness: used as is, and not closed. */
  readonly fake?: FakeDiscord;
};

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const fake = options.fake ?? (await FakeDiscord.start({ heartbeatIntervalMs: 100, ...options.fakeOptions }));
  const pool = new WorkerPool({ size: options.poolSize ?? 2, maxQueue: 8 });
  await pool.warmUp();
  const log: string[] = [];
  const output = new Writable({
    write(chunk, _encoding, callback) {
      log.push(...String(chunk).split('\n').filter(Boolean));
      callback();
    },
  });
  const token = new Secret(fake.token);
  const bot = await DiscordBot.start({
    token,
    apiUrl: fake.apiUrl,
    cache: { ttlMs: 60_000, maxEntries: 20 },
    logger: streamLogger({ output, level: 'debug', scope: 'discord', secrets: [token] }),
    progressIntervalMs: 150,
    refreshMs: 400,
    ...options,
    limits: { running: options.poolSize ?? 2, perUser: 1, total: 6, ...options.limits },
    // The test's client options over the fake's (e.g. a shorter REST timeout), the fake's API kept.
    clientOptions: {
      ...fake.clientOptions(),
      ...options.clientOptions,
      rest: { ...fake.clientOptions().rest, ...options.clientOptions?.rest },
    },
    mate: { engine: pool, maxN: 10, timeoutSeconds: 60, ...options.mate },
  });
  return {
    fake,
    pool,
    bot,
    log,
    mate(fen, n, { mode, kind, spoiler, solution, user, guildId } = {}) {
      const opts = [{ name: 'fen', type: 3, value: fen }];
      if (n !== undefined) opts.push({ name: 'n', type: typeof n === 'number' ? 4 : 3, value: n as never });
      if (mode !== undefined) opts.push({ name: 'mode', type: 3, value: mode });
      if (kind !== undefined) opts.push({ name: 'kind', type: 3, value: kind });
      if (spoiler !== undefined) opts.push({ name: 'spoiler', type: typeof spoiler === 'boolean' ? 5 : 3, value: spoiler as never });
      if (solution !== undefined) opts.push({ name: 'solution', type: typeof solution === 'boolean' ? 5 : 3, value: solution as never });
      return fake.dispatchInteraction({ name: 'mate', options: opts, ...(user ? { user } : {}), ...(guildId !== undefined ? { guildId } : {}) });
    },
    mateWithFile(file, n, { fen, side, flipped, user } = {}) {
      const opts: FakeCommandOption[] = [{ name: 'n', type: 4, value: n }];
      if (fen !== undefined) opts.push({ name: 'fen', type: 3, value: fen });
      if (side !== undefined) opts.push({ name: 'side', type: 3, value: side });
      if (flipped !== undefined) opts.push({ name: 'flipped', type: 5, value: flipped });
      return fake.dispatchInteraction({ name: 'mate', options: opts, uploads: [{ option: 'image', ...file }], ...(user ? { user } : {}) });
    },
    async close() {
      await bot.stop();
      await pool.close();
      if (!options.fake) await fake.close();
    },
  };
}

/** The reply's final edit: the one that removes the buttons. */
export function finalEdit(handle: InteractionHandle, timeoutMs = 10_000) {
  return handle.edit((e) => Array.isArray(e.body.components) && (e.body.components as unknown[]).length === 0, timeoutMs);
}
