// `chessbot worker`: a solver for the /mate job queue, on any machine that reaches the Redis of
// REDIS_URL. It takes jobs on one worker thread per core (workers.size, or --threads) until
// SIGINT or SIGTERM; then it stops taking jobs, gives those running a few seconds to finish, and
// leaves the rest to another solver (their locks lapse and they run again there).

import { ConfigError } from '../../config/errors.ts';
import { quote } from '../../errors.ts';
import { MAX_THREADS, parseIntegerArgument } from '../../input/arguments.ts';
import { type CliCommand, CommandLineError, commandPrefix } from './command.ts';
import { splitOptions } from './options.ts';


export const EXIT_BAD_CONFIG = 2;

export interface RunningWorker {
  /** Resolves when it has stopped (after `stop`). */
  readonly stopped: Promise<void>;
}

export interface WorkerCliDependencies {
  /**
   * Starts a solver with `threads` (null: the configuration's), logging to standard error, until
   * `stop` is aborted; throws a ConfigError when the configuration is unusable (no REDIS_URL).
   */
  readonly start: (options: { readonly threads: number | null; readonly stop: AbortSignal }) => Promise<RunningWorker>;
}

export function createWorkerCommand(dependencies: WorkerCliDependencies): CliCommand {
  return {
    name: 'worker',
    usage: '[--threads <n>]',
    summary: 'solve /mate searches from the Redis job queue of REDIS_URL (for a bot on other machines)',
    details: [
      'Connects to the Redis server of REDIS_URL and solves the /mate searches a bot queues there,',
      `one per thread: --threads (1 to ${MAX_THREADS}), else workers.size from the configuration, else one per core.`,
      'Run as many as you like, on as many machines; a bot with REDIS_URL sends its searches to',
      'them. SIGINT or SIGTERM stop it: running searches get 10 s to finish, then another solver',
      'takes them over.',
      '',
      'exit status: 0 when stopped by a signal, 2 bad configuration (no REDIS_URL)',
    ],
    async run(args, out) {
      const { values, positionals } = splitOptions(args, [], ['--threads']);
      if (positionals.length > 0) throw new CommandLineError(`unknown word ${quote(positionals[0]!)}`);
      const threadsText = values.get('--threads');
      const threads = threadsText === undefined ? null : parseIntegerArgument(threadsText, '--threads', 1, MAX_THREADS);
      const stop = new AbortController();
      const onSignal = () => stop.abort();
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
      try {
        const worker = await dependencies.start({ threads, stop: stop.signal });
        await worker.stopped;
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        out.stderr.write(`${commandPrefix('worker')}${error.message}\n`);
        return EXIT_BAD_CONFIG;
      } finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      }
    },
  };
}
