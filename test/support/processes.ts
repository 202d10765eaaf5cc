// Child processes for end-to-end tests: `chessbot worker` solvers and `npm start` bot processes,
// each started with an environment of its own (nothing from the developer's shell), its output
// kept for the failure message, and every one of them killed by killAll() (call it in afterAll or
// afterEach), or at the latest when the test process exits. With E2E_LOG_DIR set, each process's
// output is also written there when it exits (NAME-PID.log), to read after a run.

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeAppDirectory } from './appDirectory.ts';

const ROOT = join(import.meta.dirname, '..', '..');

export interface Spawned {
  /** For messages: "worker 1", "bot A". */
  readonly name: string;
  readonly child: ChildProcess;
  /** Standard output and error so far, interleaved as they came. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has exited. */
  readonly exited: Promise<number | string | null>;
  readonly alive: boolean;
  /** Resolves once the output matches `pattern`; rejects (with the output) on time-out or exit. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** Sends `signal` (SIGKILL by default) and resolves once the process has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

const live = new Set<Spawned>();
const cleanups: Array<() => void> = [];

// Whatever happens to the test process, its children do not outlive it.
process.once('exit', () => {
  for (const spawned of live) spawned.child.kill('SIGKILL');
});

export function spawnProcess(
  name: string,
  args: readonly string[],
  options: { readonly env: Record<string, string>; readonly cwd?: string },
): Spawned {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd ?? ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += String(chunk);
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  let exitedWith: number | string | null | undefined;
  const exited = new Promise<number | string | null>((resolve) => {
    child.once('exit', (code, signal) => {
      exitedWith = code ?? signal;
      live.delete(spawned);
      if (process.env.E2E_LOG_DIR) writeFileSync(join(process.env.E2E_LOG_DIR, `${name.replaceAll(' ', '-')}-${child.pid}.log`), text);
      for (const listener of listeners) listener();
      resolve(exitedWith);
    });
    child.once('error', (error) => {
      text += `\n[spawn error: ${error.message}]`;
      exitedWith = 'error';
      live.delete(spawned);
      resolve('error');
    });
  });
  const spawned: Spawned = {
    name,
    child,
    output: () => text,
    exited,
    get alive() {
      return exitedWith === undefined;
    },
    waitForOutput(pattern, timeoutMs = 20_000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (pattern.test(text)) return done(), resolve();
          if (exitedWith !== undefined) return done(), reject(new Error(`${name} exited (${exitedWith}) before printing ${pattern}:\n${text}`));
        };
        const timer = setTimeout(() => (done(), reject(new Error(`${name}: no ${pattern} within ${timeoutMs} ms:\n${text}`))), timeoutMs);
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    async kill(signal = 'SIGKILL') {
      if (exitedWith !== undefined) return;
      child.kill(signal);
      await exited;
    },
  };
  live.add(spawned);
  return spawned;
}

/** Kills (SIGKILL) every process started here that still runs, and removes their directories. */
export async function killAll(): Promise<void> {
  await Promise.all([...live].map((spawned) => spawned.kill('SIGKILL')));
  for (const cleanup of cleanups.splice(0)) cleanup();
}

/** What `chessbot worker` and the bot need to find the queue. */
export interface QueuePlace {
  readonly redisUrl: string;
  readonly queue: string;
}

/**
 * `node bin/chessbot.js worker --threads N` on the queue `queue` of the Redis at `redisUrl` (the
 * queue's name from a config file named by CHESSBOT_CONFIG). Ready once it is connected: wait for
 * it with the queue's worker count.
 */
export function startWorkerProcess(
  place: QueuePlace & {
    readonly name?: string;
    readonly threads?: number;
    /** config queue.lockMs and queue.stalledCheckMs (how soon a dead solver's job runs elsewhere); the defaults when left out. */
    readonly takeover?: { readonly lockMs: number; readonly stalledCheckMs: number };
    /** config queue.splitAfterNodes (when a long direct mate is split over the solvers); the default when left out. */
    readonly splitAfterNodes?: number;
  },
): Spawned {
  const dir = mkdtempSync(join(tmpdir(), 'chessbot-worker-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const configFile = join(dir, 'config.json');
  writeFileSync(configFile, JSON.stringify({
    queue: { name: place.queue, ...place.takeover, ...(place.splitAfterNodes === undefined ? {} : { splitAfterNodes: place.splitAfterNodes }) },
  }));
  return spawnProcess(place.name ?? 'worker', [join(ROOT, 'bin', 'chessbot.js'), 'worker', '--threads', String(place.threads ?? 1)], {
    env: { REDIS_URL: place.redisUrl, CHESSBOT_CONFIG: configFile, LOG_LEVEL: 'debug' },
  });
}

export interface BotProcessOptions extends QueuePlace {
  readonly name?: string;
  /** The fake Discord's token, REST base and application id. */
  readonly discord: { readonly token: string; readonly apiUrl: string; readonly applicationId: string };
  /** Merged into config/local.json (e.g. discord.shards and shardIds, mate.timeoutSeconds). */
  readonly config?: { readonly discord?: object; readonly mate?: object };
}

/**
 * `npm start` (node bin/start.js: the build when it is fresh, else src/main.ts through tsx, so
 * never a stale build) as a bot process of its own, in a directory of its own, with the queue's
 * Redis, its own searches sent to the queue and none solved in it (queue.solveInBot false).
 * Ready once it has logged in: waitForOutput(LOGGED_IN).
 */
export function startBotProcess(options: BotProcessOptions): Spawned {
  const local = {
    workers: { size: 1 },
    queue: { name: options.queue, solveInBot: false },
    ...(options.config?.mate ? { mate: options.config.mate } : {}),
    ...(options.config?.discord ? { discord: options.config.discord } : {}),
  };
  const dir = makeAppDirectory('chessbot-bot-', JSON.stringify(local));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return spawnProcess(options.name ?? 'bot', [join(ROOT, 'bin', 'start.js')], {
    cwd: dir,
    env: {
      DISCORD_TOKEN: options.discord.token,
      DISCORD_API_URL: options.discord.apiUrl,
      DISCORD_APPLICATION_ID: options.discord.applicationId,
      REDIS_URL: options.redisUrl,
      LOG_LEVEL: 'debug',
    },
  });
}

/** A bot process's line once it is logged in and answering (bot.ts). */
export const LOGGED_IN = /logged in as /;

/** Resolves once `check()` is truthy, trying every `everyMs`; rejects after `timeoutMs`, naming `what`. */
export async function pollUntil<T>(
  check: () => T | Promise<T>,
  what: string,
  timeoutMs = 10_000,
  everyMs = 50,
): Promise<NonNullable<T>> {
  const start = Date.now();
  let lastError: unknown = null;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() - start > timeoutMs) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${lastError ? ` (last error: ${String(lastError)})` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
