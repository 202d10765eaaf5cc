// The UCI engine process: reads commands from an input stream line by line, answers on an output
// stream, and runs its searches on a worker pool of its own. The pool has one worker per search
// thread (UCI Threads: engine.threads, 1 by default); the main search goes to the first, so its
// engine (and with one thread its transposition table) is the same from one move to the next.
// The event loop stays free to read "stop", "isready" and "quit" while the workers search.

import { createInterface } from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';
import type { Config } from '../../config/types.ts';
import { type LocalEngine, localEngine, openBook, openConfiguredBook } from '../../engine/index.ts';
import { type UciEngineSetup, UciSession } from './session.ts';

export interface UciIo {
  readonly input: NodeJS.ReadableStream;
  /** Where the answer lines go (standard output). */
  readonly output: { write(text: string): unknown };
}

export interface UciIdentity {
  /** For "id name", e.g. "chessbot 0.1.0". */
  readonly name: string;
  readonly author: string;
}

/** The session's starting options from the config; opens the book (throws a ConfigError). */
export function uciSetupFromConfig(config: Pick<Config, 'engine' | 'files'>): UciEngineSetup {
  const { hashMb, threads, moveOverheadMs, book: { selection, maxPly } } = config.engine;
  return {
    hashMb,
    threads,
    moveOverheadMs,
    book: openConfiguredBook(config),
    openBook: (path) => openBook(path, { selection, maxPly }),
  };
}

/**
 * A pool of one worker per search thread (UCI Threads). The session runs one search at a time, so
 * a few jobs wait at most: a search's, and the helpers of the one before still stopping.
 */
function searchPool(threads: number): LocalEngine {
  return localEngine({ threads, maxQueue: 2 * threads + 2, preload: ['play'] });
}

/**
 * After "quit", how long the answers still owed (a stopped search's bestmove, a readyok) may take.
 * They come within milliseconds once the worker threads are up, but a first "isready" waits for a
 * thread to start and load the engine: on a loaded 2-core machine that took more than a second,
 * and a GUI that piped "isready" then "quit" got no readyok. Reached only by an engine that hangs.
 */
export const QUIT_GRACE_MS = 5000;

/**
 * Speaks UCI until "quit" or the end of the input, then resolves. "quit" stops the search, and the
 * answers owed are printed if they come within QUIT_GRACE_MS; at the end of the input bounded
 * searches finish and answer first.
 */
export async function runUci(io: UciIo, identity: UciIdentity, engine: UciEngineSetup = {}): Promise<void> {
  let pool = searchPool(engine.threads ?? 1);
  const session = new UciSession({
    ...identity,
    setup: engine,
    engine: { run: (job, options) => pool.run(job, options) },
    write: (line) => io.output.write(`${line}\n`),
    setWorkers: async (count) => {
      const old = pool;
      pool = searchPool(count);
      await old.close();
      await pool.warmUp();
    },
  });
  const lines = createInterface({ input: io.input, crlfDelay: Infinity, terminal: false });
  try {
    let quit = false;
    for await (const line of lines) {
      if (session.handle(line) === 'quit') {
        quit = true;
        break;
      }
    }
    if (quit) {
      // Unref'd: once the answers are out, the timer does not keep the process waiting.
      const grace = delay(QUIT_GRACE_MS, undefined, { ref: false });
      await Promise.race([session.idle(), grace]);
    } else {
      await session.endOfInput();
    }
  } finally {
    session.close();
    lines.close();
    await pool.close();
  }
}
