// `npm run bench:queue`: what the Redis job queue (src/queue/) costs and gives for /mate. In one
// run, against a redis-server of its own on loopback (or the one --redis-url names):
//
//   throughput: a fixed set of /mate problems from the public suite (bench/data/mate-public.jsonl,
//     chosen for 0.25 to 2.5 s each), first solved one after another by an in-process engine
//     (localEngine, one thread: the peer, and the answers to check against), then all submitted
//     at once through the queue to ONE `chessbot worker --threads 1` process, then to TWO, for
//     a few rounds (the fastest of each counts: a shared machine's other work only slows a
//     round). The figures are jobs per second and the speed-up of two workers over one; every
//     answer from the queue (mate length and keys) must equal the in-process one.
//   latency: a mate in 1 run N times one after another through the queue (one warm worker) and
//     N times through a warm in-process engine, the two alternating so that drift in the
//     machine's speed falls on both alike: median and p90 of each, and the median the queue adds.
//
// The workers are real processes (`node bin/chessbot.js worker --threads 1`), told their Redis by
// REDIS_URL and a queue name of this run's own by a temporary config file (CHESSBOT_CONFIG).
// Everything this starts (workers, redis-server, the temporary files) is stopped and removed at
// the end, on an error and on SIGINT/SIGTERM too.
//
// A benchmark, not a test: timing never fails it, and the goals are printed as met or not met.
// A wrong answer is printed as WRONG and makes the exit status 1, as does a crash; a bad command
// line exits 2.
//
//   split (--split): one long problem of the public suite at a time, split into a job per first
//     move at each n over the workers (src/queue/split.ts): its wall time on one in-process
//     thread (the peer, unsplit, and the answer to check against), through the queue with ONE
//     worker, then TWO; then, from the one-worker run's parts (each part's search time, in the
//     order BullMQ hands them out) and the queue's measured cost per part, the time 4, 8, 16
//     and 64 workers would take (splitProjection.ts). Every answer (length, keys, main line)
//     must equal the in-process one.
//
//   npm run bench:queue -- [--redis-url <url>] [--rounds <n>] [--runs <n>]
//   npm run bench:queue -- --split [--problems <ids>] [--split-after <nodes>] [--redis-url <url>]

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RedisOptions } from 'ioredis';
import { Job as BullJob, Queue } from 'bullmq';
import { Secret } from '../src/config/secret.ts';
import { type LocalEngine, type MateJob, type MateJobResult, localEngine } from '../src/engine/index.ts';
import { describeRedis, redisOptions } from '../src/queue/connection.ts';
import { QUEUE_PREFIX } from '../src/queue/names.ts';
import type { QueuedJob } from '../src/queue/protocol.ts';
import { QueuedEngine } from '../src/queue/queuedEngine.ts';
import type { PartResult } from '../src/queue/split.ts';
import { startRedis } from '../test/support/redis.ts';
import { type SplitRun, overheadPerPart, projectedMs } from './splitProjection.ts';

const USAGE = `usage: npm run bench:queue -- [options]

  --redis-url <url>   use this Redis (redis:// or rediss://) instead of starting a redis-server
  --rounds <n>        throughput rounds (1 worker, then 2), the fastest of each counts (default 3)
  --runs <n>          mate-in-1 runs for the latency, each way (default 50)
  --split             instead: one long problem at a time split over the workers (src/queue/split.ts),
                      1 worker then 2, against one in-process thread, and the projection to 4 to 64
  --problems <ids>    with --split: suite ids, comma-separated (default: the 10 longest)
  --split-after <n>   with --split: the workers' queue.splitAfterNodes (default: the configuration's)
  --help              this text`;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SUITE = fileURLToPath(new URL('./data/mate-public.jsonl', import.meta.url));
const CLI = resolve(ROOT, 'bin/chessbot.js');

/**
 * The throughput set: suite problems (1-based line numbers) that took 0.25 to 2.5 s each with one
 * warm in-process thread on the 2-core machine they were chosen on (about 13 s in all); fixed so
 * that runs compare. Mates in 5 to 8, three of them with two keys.
 */
export const PROBLEM_IDS = [30, 31, 33, 34, 37, 38, 39, 40, 41, 42, 45, 46, 47, 49, 53, 54] as const;
/** Warm an engine's search code before it is timed (about 0.1 s each, none in the set). */
const WARM_UP_IDS = [1, 3, 35] as const;
const MATE_IN_1: MateJob = { kind: 'mate', fen: '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', maxMoves: 1, mode: 'all' };
const DEFAULT_RUNS = 50;
const DEFAULT_ROUNDS = 3;
/** Latency runs each way before the timed ones. */
const WARM_RUNS = 10;

/** The split set: the 10 longest problems of the public suite (#6 to #8), as bench:mate-parallel times them. */
export const SPLIT_PROBLEM_IDS = [38, 42, 43, 44, 45, 50, 51, 52, 55, 57] as const;
/** The worker counts the split projection is computed for. */
const PROJECTED_WORKERS = [1, 2, 4, 8, 16, 64] as const;
const GOAL_SPLIT_SPEEDUP = 1.7;
const GOAL_PROJECTED_8 = 6;
/** No split problem may take longer (a lost worker would otherwise hang the run). */
const SPLIT_PROBLEM_LIMIT_MS = 600_000;

const GOAL_SPEEDUP = 1.8;
const GOAL_ADDED_MS = 20;
/** No phase may take longer (a lost worker would otherwise hang the run). */
const PHASE_LIMIT_MS = 180_000;
const WORKER_START_LIMIT_MS = 60_000;

class UsageError extends Error {}

interface Options {
  readonly redisUrl: string | null;
  readonly rounds: number;
  readonly runs: number;
  readonly split: boolean;
  readonly problems: readonly number[] | null;
  readonly splitAfterNodes: number | null;
}

export function parseQueueArguments(argv: readonly string[]): Options | 'help' {
  let redisUrl: string | null = null;
  let runs = DEFAULT_RUNS;
  let rounds = DEFAULT_ROUNDS;
  let split = false;
  let problems: number[] | null = null;
  let splitAfterNodes: number | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return 'help';
    if (arg === '--split') {
      split = true;
      continue;
    }
    if (!['--redis-url', '--runs', '--rounds', '--problems', '--split-after'].includes(arg)) throw new UsageError(`unknown argument "${arg}"`);
    const value = argv[++i];
    if (value === undefined) throw new UsageError(`${arg} needs a value`);
    if (arg === '--problems') {
      problems = value.split(',').map((id) => Number(id));
      if (problems.some((id) => !Number.isInteger(id) || id < 1)) throw new UsageError(`--problems needs suite ids like 38,51, got "${value}"`);
    } else if (arg === '--split-after') {
      splitAfterNodes = Number(value);
      if (!Number.isInteger(splitAfterNodes) || splitAfterNodes < 1) throw new UsageError(`--split-after needs a positive integer, got "${value}"`);
    } else if (arg === '--redis-url') {
      if (!/^rediss?:\/\//.test(value)) throw new UsageError('--redis-url needs a redis:// or rediss:// URL');
      redisUrl = value;
    } else {
      const count = Number(value);
      const max = arg === '--runs' ? 10_000 : 20;
      if (!Number.isInteger(count) || count < 1 || count > max) throw new UsageError(`${arg} needs an integer from 1 to ${max}, got "${value}"`);
      if (arg === '--runs') runs = count;
      else rounds = count;
    }
  }
  if (!split && (problems !== null || splitAfterNodes !== null)) throw new UsageError('--problems and --split-after go with --split');
  return { redisUrl, rounds, runs, split, problems, splitAfterNodes };
}

// ---------------------------------------------------------------------------------------------
// The suite (the format bench/mate.ts reads: one JSON object a line, blank lines not counted)

interface Problem {
  readonly id: number;
  readonly fen: string;
  readonly n: number;
  readonly mateIn: number | null;
  readonly keys: readonly string[];
}

function loadProblems(ids: readonly number[]): Problem[] {
  const lines = readFileSync(SUITE, 'utf8').split(/\r?\n/).filter((line) => line.trim() !== '');
  return ids.map((id) => {
    const line = lines[id - 1];
    if (line === undefined) throw new Error(`${SUITE}: no problem ${id} (it has ${lines.length})`);
    const raw = JSON.parse(line) as { fen: string; n: number; mateIn: number | null; keys: string[] };
    return { id, fen: raw.fen, n: raw.n, mateIn: raw.mateIn, keys: raw.keys };
  });
}

const mateJob = (problem: Problem): MateJob => ({ kind: 'mate', fen: problem.fen, maxMoves: problem.n, mode: 'all' });

/** An answer as compared: "#5 e1e2,f3f4", or how it stopped. */
function answerOf(report: MateJobResult): string {
  if (report.status === 'stopped' || !report.keysComplete) return `stopped (${report.status})`;
  return report.mateIn === null ? 'no mate' : `#${report.mateIn} ${[...report.keys].sort().join(',')}`;
}

function suiteAnswer(problem: Problem): string {
  return problem.mateIn === null ? 'no mate' : `#${problem.mateIn} ${[...problem.keys].sort().join(',')}`;
}

// ---------------------------------------------------------------------------------------------
// Clean-up: whatever was started is stopped on every way out

const cleanups: Array<() => Promise<void>> = [];
let cleaning: Promise<void> | null = null;

function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch((error: unknown) => process.stderr.write(`bench:queue: clean-up: ${String(error)}\n`));
    }
  })();
  return cleaning;
}

// ---------------------------------------------------------------------------------------------
// Worker processes

interface WorkerProcess {
  readonly label: string;
  readonly child: ChildProcess;
  /** Its standard error so far (the worker logs there). */
  output(): string;
  /** SIGTERM (it stops taking jobs and exits), SIGKILL if it has not gone after 5 s. */
  stop(): Promise<void>;
}

function spawnWorker(label: string, redisUrl: string, configFile: string): WorkerProcess {
  const child = spawn(process.execPath, [CLI, 'worker', '--threads', '1'], {
    cwd: ROOT,
    env: { ...process.env, REDIS_URL: redisUrl, CHESSBOT_CONFIG: configFile, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    output = (output + chunk).slice(-4000);
  });
  const exited = new Promise<void>((resolveExit) => {
    if (child.exitCode !== null || child.signalCode !== null) resolveExit();
    child.once('exit', () => resolveExit());
    child.once('error', () => resolveExit());
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  const worker = { label, child, output: () => output, stop };
  cleanups.push(stop);
  return worker;
}

/** Resolves once `count` solvers are connected to the queue; rejects if a worker exits first. */
async function waitForSolvers(client: QueuedEngine, count: number, workers: readonly WorkerProcess[]): Promise<number> {
  const start = performance.now();
  for (;;) {
    for (const worker of workers) {
      if (worker.child.exitCode !== null || worker.child.signalCode !== null) {
        throw new Error(`worker ${worker.label} exited (${worker.child.exitCode ?? worker.child.signalCode}) before taking jobs:\n${worker.output()}`);
      }
    }
    if ((await client.solvers()) >= count) return performance.now() - start;
    if (performance.now() - start > WORKER_START_LIMIT_MS) {
      throw new Error(`only ${await client.solvers()} of ${count} workers connected within ${WORKER_START_LIMIT_MS / 1000} s:\n${workers.map((w) => w.output()).join('\n')}`);
    }
    await sleep(50);
  }
}

// ---------------------------------------------------------------------------------------------
// Measuring

interface Batch {
  readonly wallMs: number;
  /** By problem, in the order of the problems. */
  readonly reports: readonly MateJobResult[];
}

/** Submits every problem at once, the longest first (so that no worker is left with a long one at the end). */
async function runBatch(client: QueuedEngine, problems: readonly Problem[], order: readonly number[]): Promise<Batch> {
  const start = performance.now();
  const reports = new Array<MateJobResult>(problems.length);
  await withLimit(Promise.all(order.map(async (i) => {
    reports[i] = await client.run(mateJob(problems[i]!));
  })), PHASE_LIMIT_MS, 'the batch');
  return { wallMs: performance.now() - start, reports };
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  // Linear between the closest ranks.
  const at = (sorted.length - 1) * p;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

/** Each problem whole, one after another on one in-process thread (warmed up first): the peer's times and the answers. */
async function solveInProcess(problems: readonly Problem[], warmUpJobs: readonly MateJob[]): Promise<{ ms: number[]; reports: MateJobResult[] }> {
  const local: LocalEngine = localEngine({ threads: 1 });
  try {
    await local.warmUp();
    for (const job of warmUpJobs) await local.run(job);
    const ms: number[] = [];
    const reports: MateJobResult[] = [];
    for (const problem of problems) {
      let report!: MateJobResult;
      ms.push(await timed(async () => (report = await local.run(mateJob(problem)))));
      reports.push(report);
    }
    return { ms, reports };
  } finally {
    await local.close();
  }
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

function withLimit<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const pad = (value: unknown, width: number, left = false) => (left ? String(value).padEnd(width) : String(value).padStart(width));
const ms = (value: number) => value.toFixed(0);
const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
const out = (line = '') => process.stdout.write(`${line}\n`);

// ---------------------------------------------------------------------------------------------

async function main(options: Options): Promise<number> {
  const problems = loadProblems(PROBLEM_IDS);
  const warmUpJobs = loadProblems(WARM_UP_IDS).map(mateJob);
  const load = () => loadavg()[0]!.toFixed(2);
  out(`bench:queue · node ${process.version} · ${cpus()[0]?.model ?? 'unknown CPU'} · ${availableParallelism()} cores · load average ${load()}`);

  // Redis: our own, or the one named.
  let redisUrl: string;
  if (options.redisUrl === null) {
    const redis = await startRedis();
    cleanups.push(() => redis.close());
    redisUrl = redis.url;
    out(`redis: a redis-server of this run on ${redisUrl}`);
  } else {
    redisUrl = options.redisUrl;
    out(`redis: ${describeRedis(new Secret(redisUrl))}`);
  }
  const connection: RedisOptions = redisOptions(new Secret(redisUrl));
  const queueName = `bench-queue-${process.pid}-${randomBytes(4).toString('hex')}`;
  const dir = mkdtempSync(join(tmpdir(), 'chessbot-bench-queue-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const configFile = join(dir, 'config.json');
  // Throughput is measured on whole problems: none of these is split.
  writeFileSync(configFile, `${JSON.stringify({ queue: { name: queueName, splitAfterNodes: 0 } })}\n`);
  out(`queue: ${queueName} · ${problems.length} /mate jobs (suite ids ${PROBLEM_IDS.join(',')}) · ${options.rounds} round(s), the fastest counts`);

  // The peer, and the answers: the problems one after another on one in-process thread.
  const { ms: localMs, reports: localReports } = await solveInProcess(problems, warmUpJobs);
  const localTotalMs = localMs.reduce((a, b) => a + b, 0);
  out(`in-process, 1 thread, one after another: ${seconds(localTotalMs)}`);
  const longestFirst = problems.map((_, i) => i).sort((a, b) => localMs[b]! - localMs[a]!);

  const client = new QueuedEngine({ connection, name: queueName });
  cleanups.push(() => client.close());
  await withLimit(client.ready(), 15_000, 'connecting to Redis');

  // Each round: worker A alone, then with a fresh worker B (each warmed up first: the warm-up
  // jobs twice over, all at once, so that each worker takes some).
  const workerA = spawnWorker('A', redisUrl, configFile);
  out(`worker A up in ${seconds(await waitForSolvers(client, 1, [workerA]))}`);
  for (const job of warmUpJobs) await client.run(job);
  const ones: Batch[] = [];
  const twos: Batch[] = [];
  for (let round = 1; round <= options.rounds; round++) {
    ones.push(await runBatch(client, problems, longestFirst));
    const workerB = spawnWorker(`B${round}`, redisUrl, configFile);
    const upB = await waitForSolvers(client, 2, [workerA, workerB]);
    await Promise.all([...warmUpJobs, ...warmUpJobs].map((job) => client.run(job)));
    twos.push(await runBatch(client, problems, longestFirst));
    await workerB.stop();
    await waitUntilSolvers(client, 1);
    out(`round ${round}: 1 worker ${seconds(ones.at(-1)!.wallMs)}, 2 workers ${seconds(twos.at(-1)!.wallMs)} (worker B up in ${seconds(upB)}) · load average ${load()}`);
  }
  const fastest = (batches: Batch[]) => batches.reduce((best, batch) => (batch.wallMs < best.wallMs ? batch : best));
  const one = fastest(ones);
  const two = fastest(twos);

  // The answers: every one from the queue as the in-process engine's.
  const wrong: string[] = [];
  out();
  out(`  id  n  in-process ms  1 worker ms  2 workers ms  answer (in-process)`);
  problems.forEach((problem, i) => {
    const expected = answerOf(localReports[i]!);
    const fromQueue = [...ones, ...twos].map((batch) => answerOf(batch.reports[i]!));
    const mismatches = [...new Set(fromQueue.filter((answer) => answer !== expected))];
    if (mismatches.length > 0) wrong.push(`#${problem.id}: in-process ${expected}, queue ${mismatches.join(' / ')}`);
    const suite = expected === suiteAnswer(problem) ? '' : ` (the suite says ${suiteAnswer(problem)})`;
    out(
      `  ${pad(problem.id, 2)} ${pad(problem.n, 2)} ${pad(ms(localMs[i]!), 14)} ${pad(ms(one.reports[i]!.elapsedMs), 12)} ${pad(ms(two.reports[i]!.elapsedMs), 13)}  ` +
        `${expected}${suite}${mismatches.length > 0 ? `  WRONG from the queue: ${mismatches.join(' / ')}` : ''}`,
    );
  });
  out(`  (in-process: run() to answer; queue columns: the search's own time in its worker, fastest round)`);

  // Latency: one warm worker (B stopped) against a warm in-process engine, alternating.
  const local: LocalEngine = localEngine({ threads: 1 });
  cleanups.push(() => local.close());
  await local.warmUp();
  for (let i = 0; i < WARM_RUNS; i++) {
    await client.run(MATE_IN_1);
    await local.run(MATE_IN_1);
  }
  const queueLatency: number[] = [];
  const localLatency: number[] = [];
  const throughQueue = async () => queueLatency.push(await timed(() => client.run(MATE_IN_1)));
  const inProcess = async () => localLatency.push(await timed(() => local.run(MATE_IN_1)));
  for (let i = 0; i < options.runs; i++) {
    for (const run of i % 2 === 0 ? [throughQueue, inProcess] : [inProcess, throughQueue]) await run();
  }

  // The figures.
  const n = problems.length;
  const localRate = (n * 1000) / localTotalMs;
  const oneRate = (n * 1000) / one.wallMs;
  const twoRate = (n * 1000) / two.wallMs;
  const speedUp = one.wallMs / two.wallMs;
  const [qMedian, qP90, lMedian, lP90] = [percentile(queueLatency, 0.5), percentile(queueLatency, 0.9), percentile(localLatency, 0.5), percentile(localLatency, 0.9)];
  const added = qMedian - lMedian;
  out();
  out(`throughput, ${n} /mate jobs, all submitted at once (longest first):`);
  out(`  ${pad('', 22, true)} ${pad('wall', 9)} ${pad('jobs/s', 7)}  ratio`);
  out(`  ${pad('in-process, 1 thread', 22, true)} ${pad(seconds(localTotalMs), 9)} ${pad(localRate.toFixed(2), 7)}  1.00 (one after another: the peer)`);
  out(`  ${pad('queue, 1 worker', 22, true)} ${pad(seconds(one.wallMs), 9)} ${pad(oneRate.toFixed(2), 7)}  ${(oneRate / localRate).toFixed(2)}× in-process`);
  out(`  ${pad('queue, 2 workers', 22, true)} ${pad(seconds(two.wallMs), 9)} ${pad(twoRate.toFixed(2), 7)}  ${speedUp.toFixed(2)}× 1 worker`);
  // Two workers need both cores: other work on the machine shows as slower searches, not only a longer wall.
  const searchMs = (batch: Batch) => batch.reports.reduce((sum, report) => sum + report.elapsedMs, 0);
  const slowdown = searchMs(two) / searchMs(one);
  out(`  the searches themselves took ${slowdown.toFixed(2)}× as long with 2 workers as with 1${slowdown > 1.1 ? ' (the cores were not free for both: other work on the machine)' : ''}`);
  out(`latency, mate in 1 (maxMoves 1), ${options.runs} runs each way, alternating, after ${WARM_RUNS} to warm up:`);
  out(`  ${pad('', 22, true)} ${pad('median', 9)} ${pad('p90', 9)}`);
  out(`  ${pad('in-process, 1 thread', 22, true)} ${pad(`${lMedian.toFixed(1)} ms`, 9)} ${pad(`${lP90.toFixed(1)} ms`, 9)}`);
  out(`  ${pad('queue, 1 worker', 22, true)} ${pad(`${qMedian.toFixed(1)} ms`, 9)} ${pad(`${qP90.toFixed(1)} ms`, 9)}`);
  out(`  the queue adds ${added.toFixed(1)} ms (median against median)`);
  out();
  out(`goal: 2 workers ≥ ${GOAL_SPEEDUP}× the jobs/s of 1 · ${speedUp.toFixed(2)}× · ${speedUp >= GOAL_SPEEDUP ? 'met' : 'not met'}`);
  out(`goal: the queue adds ≤ ${GOAL_ADDED_MS} ms (median) to a mate in 1 · ${added.toFixed(1)} ms · ${added <= GOAL_ADDED_MS ? 'met' : 'not met'}`);
  const answers = 2 * n * options.rounds;
  out(`answers: ${wrong.length === 0 ? `all ${answers} from the queue equal the in-process ones` : `${wrong.length} problem(s) WRONG: ${wrong.join('; ')}`} · load average ${load()}`);
  return wrong.length === 0 ? 0 : 1;
}

// ---------------------------------------------------------------------------------------------
// --split: one long problem at a time over the workers

/** One problem through the queue, alone: its wall time, its answer, and how it was split. */
interface SplitSolve {
  readonly wallMs: number;
  readonly report: MateJobResult;
  readonly run: SplitRun;
  readonly parts: number;
  readonly workers: number;
  /** Nodes and search time of every part together (what the workers did, wherever). */
  readonly partNodes: number;
  readonly partMs: number;
}

/** A full answer as compared: length, keys in order, the main line, how complete. */
function fullAnswerOf(report: MateJobResult): string {
  return JSON.stringify([report.status, report.mateIn, report.keys, report.keysComplete, report.lineUci, report.lineComplete, report.provenDepth]);
}

async function solveSplit(client: QueuedEngine, queue: Queue, problem: Problem): Promise<SplitSolve> {
  const jobId = `bench-split-${problem.id}-${randomBytes(4).toString('hex')}`;
  let workers = 0;
  const start = performance.now();
  const report = await withLimit(
    client.run(mateJob(problem), { jobId, onProgress: (progress) => (workers = Math.max(workers, 'workers' in progress ? (progress.workers ?? 0) : 0)) }),
    SPLIT_PROBLEM_LIMIT_MS, `problem #${problem.id}`,
  );
  const wallMs = performance.now() - start;
  const job = await BullJob.fromId<QueuedJob>(queue, jobId);
  const state = job?.data.split;
  if (job === undefined || state === undefined) return { wallMs, report, run: { beforeSplitMs: report.elapsedMs, levels: [] }, parts: 0, workers, partNodes: 0, partMs: 0 };
  const parts = Object.values(await job.getChildrenValues<PartResult>());
  const depths = [...new Set(parts.map((part) => part.depth))].sort((a, b) => a - b);
  // Each level's parts in the order they were added: the solver's order of the first moves (and of the replies).
  const levels = depths.map((depth) =>
    parts.filter((part) => part.depth === depth).sort((a, b) => a.index - b.index).map((part) => part.elapsedMs));
  const partNodes = parts.reduce((sum, part) => sum + part.nodes, 0);
  const partMs = parts.reduce((sum, part) => sum + part.elapsedMs, 0);
  return { wallMs, report, run: { beforeSplitMs: state.splitAt - state.startedAt, levels }, parts: parts.length, workers, partNodes, partMs };
}

async function mainSplit(options: Options): Promise<number> {
  const ids = options.problems ?? SPLIT_PROBLEM_IDS;
  const problems = loadProblems(ids);
  const warmUpJobs = loadProblems(WARM_UP_IDS).map(mateJob);
  const load = () => loadavg()[0]!.toFixed(2);
  out(`bench:queue --split · node ${process.version} · ${cpus()[0]?.model ?? 'unknown CPU'} · ${availableParallelism()} cores · load average ${load()}`);
  let redisUrl: string;
  if (options.redisUrl === null) {
    const redis = await startRedis();
    cleanups.push(() => redis.close());
    redisUrl = redis.url;
  } else {
    redisUrl = options.redisUrl;
  }
  const connection: RedisOptions = redisOptions(new Secret(redisUrl));
  const queueName = `bench-split-${process.pid}-${randomBytes(4).toString('hex')}`;
  const dir = mkdtempSync(join(tmpdir(), 'chessbot-bench-queue-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const configFile = join(dir, 'config.json');
  const queueConfig = { name: queueName, ...(options.splitAfterNodes === null ? {} : { splitAfterNodes: options.splitAfterNodes }) };
  writeFileSync(configFile, `${JSON.stringify({ queue: queueConfig })}\n`);
  out(`${problems.length} problems (suite ids ${ids.join(',')}), one at a time · split after ${options.splitAfterNodes ?? 'the configured number of'} nodes`);

  // The peer and the answers: each problem whole, on one in-process thread.
  const { ms: localMs, reports: localReports } = await solveInProcess(problems, warmUpJobs);

  const client = new QueuedEngine({ connection, name: queueName });
  cleanups.push(() => client.close());
  await withLimit(client.ready(), 15_000, 'connecting to Redis');
  const queue = new Queue(queueName, { connection, prefix: QUEUE_PREFIX });
  queue.on('error', () => {});
  cleanups.push(() => queue.close());

  const workerA = spawnWorker('A', redisUrl, configFile);
  await waitForSolvers(client, 1, [workerA]);
  for (const job of warmUpJobs) await client.run(job);
  const ones: SplitSolve[] = [];
  for (const problem of problems) ones.push(await solveSplit(client, queue, problem));
  const workerB = spawnWorker('B', redisUrl, configFile);
  await waitForSolvers(client, 2, [workerA, workerB]);
  await Promise.all([...warmUpJobs, ...warmUpJobs].map((job) => client.run(job)));
  const twos: SplitSolve[] = [];
  for (const problem of problems) twos.push(await solveSplit(client, queue, problem));
  await workerB.stop();

  const wrong: string[] = [];
  out();
  out(`  id  n  in-process s  1 worker s  2 workers s  2w/1w  2w/in-process  parts  before split s  longest part s  64 workers s  answer (in-process)`);
  problems.forEach((problem, i) => {
    const expected = fullAnswerOf(localReports[i]!);
    const one = ones[i]!;
    const two = twos[i]!;
    const bad = [one, two].filter((solve) => fullAnswerOf(solve.report) !== expected);
    if (bad.length > 0) wrong.push(`#${problem.id}: in-process ${expected}, queue ${bad.map((solve) => fullAnswerOf(solve.report)).join(' / ')}`);
    const longest = Math.max(0, ...one.run.levels.flat());
    out(
      `  ${pad(problem.id, 2)} ${pad(problem.n, 2)} ${pad((localMs[i]! / 1000).toFixed(2), 13)} ${pad((one.wallMs / 1000).toFixed(2), 11)} ` +
        `${pad((two.wallMs / 1000).toFixed(2), 12)} ${pad((one.wallMs / two.wallMs).toFixed(2), 6)} ${pad((localMs[i]! / two.wallMs).toFixed(2), 14)} ` +
        `${pad(one.parts, 6)} ${pad((one.run.beforeSplitMs / 1000).toFixed(2), 15)} ${pad((longest / 1000).toFixed(2), 15)} ` +
        `${pad((projectedMs(one.run, 64, 0) / 1000).toFixed(2), 13)}  ${answerOf(localReports[i]!)}${bad.length > 0 ? '  WRONG from the queue' : ''}`,
    );
  });
  const total = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
  const localTotal = total(localMs);
  const oneTotal = total(ones.map((solve) => solve.wallMs));
  const twoTotal = total(twos.map((solve) => solve.wallMs));
  out();
  out(`wall time, ${problems.length} problems one at a time:`);
  out(`  in-process, 1 thread, whole   ${pad(seconds(localTotal), 10)}  the peer`);
  out(`  queue, 1 worker, split        ${pad(seconds(oneTotal), 10)}  ${(localTotal / oneTotal).toFixed(2)}× in-process`);
  out(`  queue, 2 workers, split       ${pad(seconds(twoTotal), 10)}  ${(oneTotal / twoTotal).toFixed(2)}× 1 worker, ${(localTotal / twoTotal).toFixed(2)}× in-process`);

  const sum = (solves: readonly SplitSolve[], of: (solve: SplitSolve) => number) => total(solves.map(of));
  out(`  the parts' nodes: ${(sum(ones, (s) => s.partNodes) / 1e6).toFixed(2)} M on 1 worker, ${(sum(twos, (s) => s.partNodes) / 1e6).toFixed(2)} M on 2 ` +
    `(${(sum(twos, (s) => s.partNodes) / sum(ones, (s) => s.partNodes)).toFixed(2)}×: each worker's table holds only the parts it ran); ` +
    `their search time ${seconds(sum(ones, (s) => s.partMs))} and ${seconds(sum(twos, (s) => s.partMs))}`);
  // A machine whose cores are not both free shows it here: each node costs more with 2 at once.
  const perNode = (solves: readonly SplitSolve[]) => sum(solves, (s) => s.partMs) / Math.max(1, sum(solves, (s) => s.partNodes));
  out(`  per node, the parts searched ${(perNode(twos) / perNode(ones)).toFixed(2)}× as long on 2 workers as on 1 (1.00 where both cores are free)`);

  // The projection, from the one-worker run: its parts in order, and the queue's cost per part there.
  const overheads = ones.filter((solve) => solve.parts > 0).map((solve) => overheadPerPart(solve.wallMs, solve.run));
  const overheadMs = overheads.length === 0 ? 0 : total(overheads) / overheads.length;
  out();
  out(`projected from the 1-worker run's ${total(ones.map((solve) => solve.parts))} parts (each part's search time, handed out in order; ${overheadMs.toFixed(1)} ms of queue per part, measured):`);
  out(`  workers  wall      × in-process  × 1 worker`);
  const projected = (workers: number) => total(ones.map((solve) => projectedMs(solve.run, workers, overheadMs)));
  const projectedOne = projected(1);
  let eight = 0;
  for (const workers of PROJECTED_WORKERS) {
    const wall = projected(workers);
    if (workers === 8) eight = localTotal / wall;
    out(`  ${pad(workers, 7)}  ${pad(seconds(wall), 8)}  ${pad((localTotal / wall).toFixed(2), 12)}  ${pad((projectedOne / wall).toFixed(2), 10)}`);
  }
  const measured = localTotal / twoTotal;
  out();
  out(`goal: 2 workers ≥ ${GOAL_SPLIT_SPEEDUP}× one thread (in-process, whole) · ${measured.toFixed(2)}× · ${measured >= GOAL_SPLIT_SPEEDUP ? 'met' : 'not met'}`);
  out(`goal: 8 workers projected ≥ ${GOAL_PROJECTED_8}× one thread · ${eight.toFixed(2)}× · ${eight >= GOAL_PROJECTED_8 ? 'met' : 'not met'}`);
  out(`answers: ${wrong.length === 0 ? `all ${2 * problems.length} from the queue equal the in-process ones (length, keys, main line)` : `${wrong.length} problem(s) WRONG: ${wrong.join('; ')}`} · load average ${load()}`);
  return wrong.length === 0 ? 0 : 1;
}

/** Waits until at most `count` solvers are connected (a stopped worker's connection may linger a moment). */
async function waitUntilSolvers(client: QueuedEngine, count: number): Promise<void> {
  const start = performance.now();
  while ((await client.solvers()) > count && performance.now() - start < 10_000) await sleep(50);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  let options: Options | 'help';
  try {
    options = parseQueueArguments(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`bench:queue: ${error.message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (options === 'help') {
    out(USAGE);
  } else {
    let interrupted = false;
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        interrupted = true;
        process.stderr.write(`bench:queue: ${signal}: stopping\n`);
        void cleanUp().finally(() => process.exit(130));
      });
    }
    try {
      process.exitCode = await (options.split ? mainSplit(options) : main(options));
    } catch (error) {
      // Interrupted: what was running fails as the clean-up closes it; nothing to report.
      if (!interrupted) process.stderr.write(`bench:queue crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    } finally {
      await cleanUp();
    }
  }
}
