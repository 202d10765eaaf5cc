// Test runner settings: every test under test/, each file in its own process so tests that
// spawn the CLI or load config cannot leak state into one another, except the tests of the pure
// code (no I/O, no configuration, no process-wide state), which share their processes.
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { SEARCH_V8_FLAGS } from './src/workers/v8Flags.js';

/**
 * The files that take longest (from `npx vitest run --reporter=json`: each 10 s or more of a
 * 2-core machine's time, most of it a fixed node budget, real-time games against the fake
 * Lichess, or child processes), slowest first. Started first, none of them is left to run alone
 * at the end while the other workers sit idle: without this a clean clone (no timings cached
 * yet) runs the files in directory order, and tactics, games and faults came last. The queue's
 * end-to-end file starts beside the first two rather than later beside two of the searches that
 * fill a core each (tactics, perft): its killed-worker test times a search run again.
 */
const SLOWEST_FIRST = [
  'test/search/play/tactics.test.ts',
  'test/adapters/discord/queue.e2e.test.ts',
  'test/adapters/lichess/faults.e2e.test.ts',
  'test/adapters/lichess/games.e2e.test.ts',
  'test/chess/perft.test.ts',
  'test/bench/match-runner.test.ts',
  'test/chess/chessops.property.test.ts',
  'test/app.lichess.test.ts',
  'test/adapters/cli/bin.test.ts',
  'test/adapters/lichess/matchmaking.e2e.test.ts',
  'test/search/mate/solver.long.test.ts',
  'test/workers/pool.test.ts',
  'test/queue/queuedEngine.test.ts',
];

/** Vitest's order (the longest first by its cached timings, when it has them), the files above before the rest. */
class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification): number => {
      const at = SLOWEST_FIRST.findIndex((path) => file.moduleId.endsWith(path));
      return at < 0 ? SLOWEST_FIRST.length : at;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * The files that share their processes (vitest's isolate: false: one file after another in a few
 * processes); each other file gets a process of its own. Starting a process for a file costs about
 * a second of CPU (the loader, vitest, the imports), more than most files' tests take. These are
 * the tests of the pure code (the rules, the searches, the mate problems, the games' decisions,
 * the configuration's parsing, the command parsers and formatters, the picture reader) and of the
 * benchmarks' tools and the docs, which start child processes of their own but change nothing in
 * theirs. Not here: what starts worker pools, servers or bots in-process (a pool or socket one
 * file left behind slowed or broke the next file's), and the files that set what a process holds
 * once (a fake clock, an exit code, environment variables).
 */
const SHARED_PROCESS = [
  'test/chess/**/*.test.ts', 'test/search/**/*.test.ts', 'test/mate/**/*.test.ts', 'test/input/**/*.test.ts',
  'test/bench/**/*.test.ts', 'test/docs/**/*.test.ts',
  'test/config/**/*.test.ts', 'test/terminal/**/*.test.ts', 'test/vision/**/*.test.ts', 'test/picture/**/*.test.ts',
  'test/log.test.ts', 'test/errors.test.ts', 'test/layers.test.ts',
  'test/games/{chat,decisions,game,matchmaking,policy,session,slots,tablebase,waits}.test.ts',
  'test/adapters/cli/{fen,help,main,perft}.test.ts', 'test/adapters/console/{console,mateCommand,registry,words}.test.ts',
  'test/adapters/uci/{commands,format,session}.test.ts',
  'test/adapters/discord/{errors,cancel,line,replies,cache,commands}.test.ts', 'test/adapters/discord/board/*.test.ts',
  'test/adapters/lichess/{timing,ndjson}.test.ts',
];

export default defineConfig({
  test: {
    // Which files: see the two projects at the end (a list here would be added to each of theirs).
    pool: 'forks',
    // Load test and source modules with Node's own loader (through tsx, as `npm start` does)
    // instead of vite's module runner: the search core then runs at its real speed, 5-7 times
    // faster than under the runner's rewritten imports. The cost: vi.mock is unavailable
    // (nothing here uses it; tests inject fakes instead).
    // With the V8 flags that bin/chessbot.js and every worker thread set for the search.
    execArgv: ['--import', 'tsx', ...SEARCH_V8_FLAGS],
    experimental: { viteModuleRunner: false },
    // Three files at a time at least (vitest's default is one fewer than the cores: one on a 2-core
    // machine, which then sat half idle while a file waited on a game's clock or a child process).
    // Two took 329 to 341 s on the idle 2-core machine; three took 293 s but then starved the
    // killed-worker test's re-run of a mate in 6 (25.4 s against its 25 s bound), until that test
    // took over the job after 3 s instead of 10 and the Lichess games moved to a 10 s clock.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    sequence: { sequencer: SlowestFirstSequencer },
    // Perft suites and CLI child processes take seconds, not milliseconds.
    testTimeout: 30_000,
    reporters: ['default'],
    projects: [
      { extends: true, test: { name: 'own process', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...SHARED_PROCESS] } },
      { extends: true, test: { name: 'shared process', include: SHARED_PROCESS, isolate: false } },
    ],
  },
});
