// `npm run bench:mate`: the public mate suite (bench/data/mate-public.jsonl) through our solver
// and, in the same run, through Stockfish's `go mate n` as the peer. Prints, per problem and in
// total, whether our answer is right (shortest length and the full key set), nodes and time, and
// the ratio of our time to Stockfish's. When the environment variable POPEYE (or --popeye) names
// a Popeye binary, every problem also goes through Popeye, the problemists' reference solver,
// which answers what ours answers (the shortest length and every key, or a proof of none): its
// answer is judged against the suite like ours, and the ratio ours/Popeye printed beside
// Stockfish's (how Popeye is asked: bench/popeye.ts). A benchmark, not a test: timing never fails
// it, and a wrong answer is printed as WRONG but does not change the exit status (0). Only a
// crash of this script exits non-zero (1), and a bad command line exits 2.
//
//   [POPEYE=<path>] npm run bench:mate -- [--cap <seconds>] [--filter <terms>] [--json]
//       [--no-stockfish] [--stockfish <path>] [--popeye <path>] [--data <file.jsonl>]

import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseFen } from '../src/chess/fen.ts';
import { type MateReport, MateSolver, solveMate } from '../src/search/mate/index.ts';
import { type PopeyeResult, probePopeye, solveWithPopeye } from './popeye.ts';
import { benchStipulations } from './popeye-stipulations.ts';
import { findProgram, installStockfish, isExecutable, locatePopeye } from './programs.ts';

const USAGE = `usage: npm run bench:mate -- [options]

Runs every problem of the mate suite through our solver (mode 'all', inline, one thread) and
through Stockfish's "go mate n" (Threads 1, Hash 64), and prints correctness, nodes, times and
the ratio ours/Stockfish. With POPEYE=<path> in the environment (or --popeye <path>), Popeye
solves each problem too (#n, then #(n-1), ... until it finds none: the shortest mate and all its
keys, as ours), judged against the suite like ours, with the ratio ours/Popeye.

options:
  --cap <seconds>      time cap per problem and per solver (default 60)
  --filter <terms>     run a subset: comma-separated 1-based indexes (7), ranges (1-10) or tags
                       (quietKey, noMateInN, ...); a problem is run if any term matches
  --json               print one JSON document on standard output instead of the table
  --no-stockfish       skip the Stockfish comparison
  --stockfish <path>   the Stockfish binary (default: "stockfish" on PATH or in /usr/games;
                       installed with apt-get when missing)
  --popeye <path>      the Popeye binary (default: the environment variable POPEYE; with
                       neither, Popeye is not run)
  --data <file>        another suite in the same JSON-lines format
  --help               this text`;

const DEFAULT_DATA = fileURLToPath(new URL('./data/mate-public.jsonl', import.meta.url));
const DEFAULT_CAP_SECONDS = 60;
const SF_THREADS = 1;
const SF_HASH_MB = 64;

// ---------------------------------------------------------------------------------------------
// The suite

interface Problem {
  /** 1-based line number in the suite (blank lines not counted). */
  index: number;
  fen: string;
  n: number;
  /** The shortest mate length, null when there is no mate in n. */
  mateIn: number | null;
  /** Every key in UCI (e1g1/e1c1 castling). */
  keys: string[];
  source: string;
  tags: string[];
}

function loadSuite(file: string): Problem[] {
  const problems: Problem[] = [];
  const lines = readFileSync(file, 'utf8').split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i].trim();
    if (text === '') continue;
    const where = `${file}:${i + 1}`;
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      throw new Error(`${where}: not JSON: ${(error as Error).message}`);
    }
    const p = raw as Record<string, unknown>;
    if (typeof p.fen !== 'string') throw new Error(`${where}: "fen" must be a string`);
    if (!Number.isInteger(p.n) || (p.n as number) < 1) throw new Error(`${where}: "n" must be an integer >= 1`);
    if (p.mateIn !== null && (!Number.isInteger(p.mateIn) || (p.mateIn as number) < 1 || (p.mateIn as number) > (p.n as number))) {
      throw new Error(`${where}: "mateIn" must be null or an integer in 1..n`);
    }
    if (!Array.isArray(p.keys) || !p.keys.every((k) => typeof k === 'string')) throw new Error(`${where}: "keys" must be an array of strings`);
    if ((p.mateIn === null) !== (p.keys.length === 0)) throw new Error(`${where}: "keys" must be empty exactly when "mateIn" is null`);
    const tags = Array.isArray(p.tags) ? p.tags.filter((t): t is string => typeof t === 'string') : [];
    problems.push({
      index: problems.length + 1,
      fen: p.fen,
      n: p.n as number,
      mateIn: p.mateIn as number | null,
      keys: p.keys as string[],
      source: typeof p.source === 'string' ? p.source : '',
      tags,
    });
  }
  return problems;
}

/** Keeps the problems matching any of the comma-separated terms: 7, 1-10, or a tag name. */
function filterSuite(problems: Problem[], filter: string): Problem[] {
  const terms = filter.split(',').map((t) => t.trim()).filter((t) => t !== '');
  if (terms.length === 0) throw new UsageError('--filter: no terms given');
  const knownTags = new Set(problems.flatMap((p) => p.tags.map((t) => t.toLowerCase())));
  const tests = terms.map((term): ((p: Problem) => boolean) => {
    const range = /^(\d+)(?:-(\d+))?$/.exec(term);
    if (range) {
      const from = Number(range[1]);
      const to = range[2] === undefined ? from : Number(range[2]);
      if (from < 1 || to < from) throw new UsageError(`--filter: bad range "${term}"`);
      return (p) => p.index >= from && p.index <= to;
    }
    const tag = term.toLowerCase();
    if (!knownTags.has(tag)) {
      throw new UsageError(`--filter: "${term}" is neither an index, a range nor a tag (tags: ${[...new Set(problems.flatMap((p) => p.tags))].join(', ')})`);
    }
    return (p) => p.tags.some((t) => t.toLowerCase() === tag);
  });
  return problems.filter((p) => tests.some((test) => test(p)));
}

// ---------------------------------------------------------------------------------------------
// Our solver

interface OurResult {
  /** 'mate' and 'no-mate' are complete answers; 'timeout' hit the cap; 'error' threw. */
  status: 'mate' | 'no-mate' | 'timeout' | 'error';
  mateIn: number | null;
  keys: string[];
  keysComplete: boolean;
  line: string[];
  nodes: number;
  provenDepth: number;
  ms: number;
  correct: boolean;
  /** Why the answer is wrong (empty when correct). */
  problems: string[];
  error?: string;
}

/** What differs between a complete answer (a length or none, and its keys) and the suite's. */
function compareWithSuite(problem: Problem, mateIn: number | null, keys: string[]): string[] {
  const problems: string[] = [];
  if (mateIn !== problem.mateIn) {
    problems.push(`length: expected ${describeLength(problem.mateIn)}, got ${describeLength(mateIn)}`);
  }
  const expected = new Set(problem.keys);
  const got = new Set(keys);
  const missing = problem.keys.filter((k) => !got.has(k));
  const extra = keys.filter((k) => !expected.has(k));
  if (missing.length > 0) problems.push(`missing key(s): ${abbreviate(missing)}`);
  if (extra.length > 0) problems.push(`extra key(s): ${abbreviate(extra)}`);
  return problems;
}

function runOurs(solver: MateSolver, problem: Problem, capMs: number): OurResult {
  const position = parseFen(problem.fen);
  const start = performance.now();
  const deadline = start + capMs;
  let report: MateReport;
  try {
    report = solveMate(solver, { position, maxMoves: problem.n, mode: 'all' }, { shouldStop: () => performance.now() >= deadline });
  } catch (error) {
    const ms = performance.now() - start;
    const message = error instanceof Error ? error.message : String(error);
    return { status: 'error', mateIn: null, keys: [], keysComplete: false, line: [], nodes: 0, provenDepth: 0, ms, correct: false, problems: [`solver threw: ${message}`], error: message };
  }
  const ms = performance.now() - start;
  const stopped = report.status === 'stopped' || !report.keysComplete;
  const status: OurResult['status'] = stopped ? 'timeout' : report.status === 'mate' ? 'mate' : 'no-mate';
  const problems: string[] = [];
  if (stopped) {
    problems.push(`stopped at the ${capMs / 1000} s cap (proven no mate in ${report.provenDepth}${report.mateIn !== null ? `, mate in ${report.mateIn} found with ${report.keys.length} key(s) so far` : ''})`);
  } else {
    problems.push(...compareWithSuite(problem, report.mateIn, report.keys));
  }
  return {
    status,
    mateIn: report.mateIn,
    keys: report.keys,
    keysComplete: report.keysComplete,
    line: report.line,
    nodes: report.nodes,
    provenDepth: report.provenDepth,
    ms,
    correct: problems.length === 0,
    problems,
  };
}

// ---------------------------------------------------------------------------------------------
// Stockfish over UCI

class EngineExited extends Error {}
class EngineTimeout extends Error {}

/** A UCI engine in a child process, read line by line. */
class UciEngine {
  name = '';
  private readonly child: ChildProcess;
  private partial = '';
  private listeners = new Set<(line: string) => void>();
  private exitListeners = new Set<() => void>();
  exited = false;

  private constructor(path: string) {
    this.child = spawn(path, [], { stdio: ['pipe', 'pipe', 'ignore'] });
    this.child.stdout!.setEncoding('utf8');
    this.child.stdout!.on('data', (chunk: string) => {
      this.partial += chunk;
      let nl: number;
      while ((nl = this.partial.indexOf('\n')) >= 0) {
        const line = this.partial.slice(0, nl).replace(/\r$/, '');
        this.partial = this.partial.slice(nl + 1);
        for (const listener of [...this.listeners]) listener(line);
      }
    });
    const onGone = (): void => {
      if (this.exited) return;
      this.exited = true;
      for (const listener of [...this.exitListeners]) listener();
    };
    this.child.on('exit', onGone);
    this.child.on('error', onGone);
    this.child.stdin!.on('error', () => {}); // EPIPE after a crash is reported through 'exit'
  }

  /** Starts the engine and completes the UCI handshake, or throws. */
  static async start(path: string): Promise<UciEngine> {
    const engine = new UciEngine(path);
    try {
      const lines: string[] = [];
      const collect = (line: string): void => void lines.push(line);
      engine.listeners.add(collect);
      engine.send('uci');
      await engine.waitFor((line) => line === 'uciok', 10_000);
      engine.listeners.delete(collect);
      const id = lines.find((line) => line.startsWith('id name '));
      engine.name = id ? id.slice('id name '.length) : 'unknown UCI engine';
      engine.send(`setoption name Threads value ${SF_THREADS}`);
      engine.send(`setoption name Hash value ${SF_HASH_MB}`);
      await engine.ready();
      return engine;
    } catch (error) {
      engine.kill();
      throw error;
    }
  }

  send(command: string): void {
    if (!this.exited) this.child.stdin!.write(command + '\n');
  }

  onLine(listener: (line: string) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Resolves with the first line matching `predicate` within `timeoutMs`. */
  waitFor(predicate: (line: string) => boolean, timeoutMs: number): Promise<string> {
    return new Promise((resolvePromise, reject) => {
      if (this.exited) {
        reject(new EngineExited('the engine has exited'));
        return;
      }
      const cleanup = (): void => {
        clearTimeout(timer);
        this.listeners.delete(onLine);
        this.exitListeners.delete(onExit);
      };
      const onLine = (line: string): void => {
        if (!predicate(line)) return;
        cleanup();
        resolvePromise(line);
      };
      const onExit = (): void => {
        cleanup();
        reject(new EngineExited('the engine exited'));
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new EngineTimeout(`no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.listeners.add(onLine);
      this.exitListeners.add(onExit);
    });
  }

  async ready(): Promise<void> {
    this.send('isready');
    await this.waitFor((line) => line === 'readyok', 30_000);
  }

  /** Asks the engine to quit; kills it if it has not gone after a second. */
  async quit(): Promise<void> {
    if (this.exited) return;
    const gone = new Promise<void>((r) => {
      if (this.exited) r();
      else this.exitListeners.add(r);
    });
    this.send('quit');
    const timer = setTimeout(() => this.kill(), 1000);
    await gone;
    clearTimeout(timer);
  }

  kill(): void {
    if (!this.exited) this.child.kill('SIGKILL');
  }
}

interface SfResult {
  /** 'found': a mate in k <= n reported before the cap; 'no-mate': bestmove without such a
   * mate before the cap; 'capped': stopped at the cap; 'error': the engine failed. */
  status: 'found' | 'no-mate' | 'capped' | 'error';
  /** The mate length found: the last exact "score mate k" when 0 < k <= n, else null. */
  mateIn: number | null;
  /** The last exact "score mate k" of any length (negative: the side to move is mated). */
  lastMate: number | null;
  bestmove: string | null;
  /** Whether bestmove is one of the suite's keys (null when there are none). */
  bestmoveIsKey: boolean | null;
  nodes: number | null;
  ms: number;
  /** What disagrees with the suite's proven answer (empty when all is consistent). */
  problems: string[];
  error?: string;
}

async function runStockfish(engine: UciEngine, problem: Problem, capMs: number): Promise<SfResult> {
  engine.send('ucinewgame');
  await engine.ready();
  engine.send(`position fen ${problem.fen}`);
  await engine.ready();
  let mate: number | null = null;
  let nodes: number | null = null;
  const stopListening = engine.onLine((line) => {
    if (!line.startsWith('info ')) return;
    const tokens = line.split(' ');
    const at = tokens.indexOf('score');
    if (at >= 0) {
      const bound = tokens[at + 3] === 'lowerbound' || tokens[at + 3] === 'upperbound';
      if (!bound) mate = tokens[at + 1] === 'mate' ? Number(tokens[at + 2]) : null;
    }
    const nodesAt = tokens.indexOf('nodes');
    if (nodesAt >= 0) nodes = Number(tokens[nodesAt + 1]);
  });
  try {
    const isBestmove = (line: string): boolean => line.startsWith('bestmove');
    const start = performance.now();
    const answer = engine.waitFor(isBestmove, capMs);
    engine.send(`go mate ${problem.n}`);
    let capped = false;
    let line: string;
    try {
      line = await answer;
    } catch (error) {
      if (!(error instanceof EngineTimeout)) throw error;
      capped = true;
      const after = engine.waitFor(isBestmove, 10_000);
      engine.send('stop');
      line = await after;
    }
    const ms = performance.now() - start;
    const bestmove = line.split(' ')[1] ?? null;
    const mateFound = mate !== null && mate > 0 && mate <= problem.n ? (mate as number) : null;
    const status: SfResult['status'] = capped ? (mateFound !== null ? 'found' : 'capped') : mateFound !== null ? 'found' : 'no-mate';
    const bestmoveIsKey = problem.keys.length === 0 || bestmove === null ? null : problem.keys.includes(bestmove);
    const problems: string[] = [];
    if (mateFound !== null) {
      if (problem.mateIn === null) problems.push(`Stockfish claims mate in ${mateFound} where the suite proves none in ${problem.n}`);
      else if (mateFound < problem.mateIn) problems.push(`Stockfish claims mate in ${mateFound}, shorter than the suite's ${problem.mateIn}`);
      // A longer mate than the shortest may start with a non-key; only a shortest one must not.
      if (mateFound === problem.mateIn && !bestmoveIsKey) problems.push(`Stockfish's bestmove ${bestmove} (mate in ${mateFound}) is not a key`);
    }
    return { status, mateIn: mateFound, lastMate: mate, bestmove, bestmoveIsKey: mateFound !== null ? bestmoveIsKey : null, nodes, ms, problems };
  } finally {
    stopListening();
  }
}

// ---------------------------------------------------------------------------------------------
// Popeye (how it is asked and read: bench/popeye.ts)

interface PyResult extends PopeyeResult {
  /** A complete answer equal to the suite's: the same length (or none) and the same key set. */
  correct: boolean;
  /** Why not (empty when correct). */
  problems: string[];
}

/** Judges Popeye's answer against the suite as runOurs judges ours. */
function judgePopeye(problem: Problem, result: PopeyeResult, capMs: number): PyResult {
  const problems: string[] = [];
  const runs = result.runs.map((r) => `#${r.moves} ${r.status === 'solved' ? `${r.keys.length} key(s)` : r.status}`).join(', ');
  switch (result.status) {
    case 'unsupported': problems.push(`not asked: ${result.error}`); break;
    case 'error': problems.push(`Popeye failed: ${result.error}`); break;
    case 'timeout': problems.push(`stopped at the ${capMs / 1000} s cap (runs: ${runs || 'none'})`); break;
    default: problems.push(...compareWithSuite(problem, result.mateIn, result.keys));
  }
  return { ...result, correct: problems.length === 0, problems };
}

/** Whether Popeye's time counts in the comparison: it answered or hit the cap. */
function pyCompared(r: PyResult): boolean {
  return r.status !== 'error' && r.status !== 'unsupported';
}

// ---------------------------------------------------------------------------------------------
// Finding (or installing) Stockfish

/** The Stockfish binary to use, or null and a note saying why there is none. */
function locateStockfish(explicit: string | undefined, log: (line: string) => void): { path: string | null; note: string } {
  if (explicit !== undefined) {
    const path = resolve(explicit);
    return isExecutable(path) ? { path, note: '' } : { path: null, note: `--stockfish ${explicit}: not an executable file` };
  }
  const found = findProgram('stockfish');
  if (found) return { path: found, note: '' };
  const installed = installStockfish(log);
  if (!installed.ok) return { path: null, note: installed.note };
  const path = findProgram('stockfish');
  return path ? { path, note: installed.note } : { path: null, note: 'apt-get installed stockfish but no stockfish binary was found on PATH or in /usr/games' };
}

// ---------------------------------------------------------------------------------------------
// Output helpers

class UsageError extends Error {}

function describeLength(mateIn: number | null): string {
  return mateIn === null ? 'no mate' : `mate in ${mateIn}`;
}

function abbreviate(items: string[], max = 8): string {
  return items.length <= max ? items.join(' ') : `${items.slice(0, max).join(' ')} … (${items.length} in all)`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

function ratio(ours: number, theirs: number): string {
  if (!(theirs > 0)) return 'n/a';
  const r = ours / theirs;
  return r >= 100 ? r.toFixed(0) : r >= 10 ? r.toFixed(1) : r >= 0.1 ? r.toFixed(2) : r.toPrecision(2);
}

function pad(text: string | number, width: number, left = false): string {
  const s = String(text);
  return left ? s.padEnd(width) : s.padStart(width);
}

function ourLabel(r: OurResult): string {
  switch (r.status) {
    case 'mate': return `#${r.mateIn}`;
    case 'no-mate': return 'no-mate';
    case 'timeout': return 'timeout';
    case 'error': return 'error';
  }
}

function keysLabel(problem: Problem, r: OurResult): string {
  if (r.status === 'timeout' || r.status === 'error') return '-';
  if (problem.mateIn === null) return r.keys.length === 0 ? 'ok' : 'WRONG';
  const expected = new Set(problem.keys);
  const same = r.keys.length === expected.size && r.keys.every((k) => expected.has(k));
  return same ? `ok(${r.keys.length})` : 'WRONG';
}

function sfLabel(r: SfResult | null): string {
  if (r === null) return '-';
  switch (r.status) {
    case 'found': return `#${r.mateIn} ${r.bestmove}${r.bestmoveIsKey === false ? '!' : ''}`;
    // No mate in n; "(#k)": it saw only a longer mate (k > n) or, negative, being mated.
    case 'no-mate': return r.lastMate !== null ? `none (#${r.lastMate})` : 'none';
    case 'capped': return r.lastMate !== null ? `capped (#${r.lastMate})` : 'capped';
    case 'error': return 'error';
  }
}

function pyLabel(r: PyResult): string {
  switch (r.status) {
    case 'mate': return `#${r.mateIn} ${r.correct ? `ok(${r.keys.length})` : 'WRONG'}`;
    case 'no-mate': return `no-mate ${r.correct ? 'ok' : 'WRONG'}`;
    case 'timeout': return 'capped';
    case 'error': return 'error';
    case 'unsupported': return 'n/a';
  }
}

// ---------------------------------------------------------------------------------------------
// Main

interface Row {
  problem: Problem;
  ours: OurResult;
  stockfish: SfResult | null;
  /** Null when Popeye is not run. */
  popeye: PyResult | null;
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        cap: { type: 'string' },
        filter: { type: 'string' },
        json: { type: 'boolean', default: false },
        'no-stockfish': { type: 'boolean', default: false },
        stockfish: { type: 'string' },
        popeye: { type: 'string' },
        data: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const capSeconds = args.cap === undefined ? DEFAULT_CAP_SECONDS : Number(args.cap);
  if (!Number.isFinite(capSeconds) || capSeconds <= 0) throw new UsageError(`--cap: expected a positive number of seconds, got "${args.cap}"`);
  const capMs = capSeconds * 1000;
  const json = args.json === true;
  const dataFile = args.data === undefined ? DEFAULT_DATA : resolve(args.data);

  const suite = loadSuite(dataFile);
  const problems = args.filter === undefined ? suite : filterSuite(suite, args.filter);
  if (problems.length === 0) throw new UsageError(`--filter ${args.filter}: no problem matches`);

  // Text goes to standard output; with --json everything but the final document goes to stderr.
  const out = (line = ''): void => {
    if (json) process.stderr.write(line + '\n');
    else console.log(line);
  };
  const note = (line: string): void => {
    process.stderr.write(line + '\n');
  };

  // The peer.
  let engine: UciEngine | null = null;
  let sfPath: string | null = null;
  let sfNote = '';
  if (args['no-stockfish']) {
    sfNote = 'Stockfish comparison skipped (--no-stockfish)';
  } else {
    const located = locateStockfish(args.stockfish, note);
    sfPath = located.path;
    sfNote = located.note;
    if (sfPath !== null) {
      try {
        engine = await UciEngine.start(sfPath);
      } catch (error) {
        sfNote = `could not start ${sfPath}: ${(error as Error).message}`;
        engine = null;
      }
    }
    if (engine === null) sfNote = `Stockfish comparison skipped: ${sfNote}`;
  }
  const sfName = engine?.name ?? null;

  // The second peer, Popeye, only when named.
  const pyLocated = locatePopeye(args.popeye);
  let pyPath = pyLocated.path;
  let pyNote = pyLocated.note;
  let pyVersion: string | null = null;
  if (pyPath !== null) {
    const probe = await probePopeye(pyPath);
    pyVersion = probe.version;
    if (!probe.ok) {
      pyNote = probe.note;
      pyPath = null;
    }
  }
  if (pyNote !== '') pyNote = `Popeye comparison skipped: ${pyNote}`;
  const pyName = `Popeye${pyVersion !== null ? ` ${pyVersion}` : ''}`;

  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  out(`mate suite: ${relativeName(dataFile)} (${problems.length} of ${suite.length} problems${args.filter !== undefined ? `, --filter ${args.filter}` : ''})`);
  out(`ours: MateSolver, mode all, inline on one thread · cap ${capSeconds} s per problem · Node ${process.version} · ${cpu} (${availableParallelism()} cores)`);
  if (engine) {
    out(`peer: ${sfName} (${sfPath}), "go mate n", Threads ${SF_THREADS} (our solver is single-threaded), Hash ${SF_HASH_MB} MB, ucinewgame before each problem`);
  } else {
    out(`peer: none. NOTE: ${sfNote}`);
  }
  if (pyPath !== null) {
    out(`peer: ${pyName} (${pyPath}), default memory; asked #n, then #(n-1), ... until it finds none (the shortest mate and every key, as ours; bench/popeye.ts), all its runs within the cap`);
  } else if (pyNote !== '') {
    out(`peer: no Popeye. NOTE: ${pyNote}`);
  }
  out();
  const header = `${pad('#', 3)} ${pad('n', 2)} ${pad('expected', 8)} ${pad('ours', 8)} ${pad('keys', 8)} ${pad('nodes', 11)} ${pad('ms', 8)}  ${pad('stockfish', 14, true)} ${pad('sf ms', 8)} ${pad('ratio', 6)}` +
    (pyPath !== null ? `  ${pad('popeye', 12, true)} ${pad('py ms', 8)} ${pad('ratio', 6)}` : '');
  out(header);
  out('-'.repeat(header.length));

  const solver = new MateSolver();
  const rows: Row[] = [];
  for (const problem of problems) {
    const ours = runOurs(solver, problem, capMs);
    let stockfish: SfResult | null = null;
    if (engine !== null) {
      try {
        stockfish = await runStockfish(engine, problem, capMs);
      } catch (error) {
        const message = (error as Error).message;
        stockfish = { status: 'error', mateIn: null, lastMate: null, bestmove: null, bestmoveIsKey: null, nodes: null, ms: 0, problems: [`Stockfish failed: ${message}`], error: message };
        // Try a fresh engine for the remaining problems; give up on the comparison if that fails.
        engine.kill();
        try {
          engine = await UciEngine.start(sfPath!);
        } catch (restartError) {
          engine = null;
          sfNote = `Stockfish stopped working at problem ${problem.index} (${message}; restart failed: ${(restartError as Error).message}); later problems have no comparison`;
          note(`NOTE: ${sfNote}`);
        }
      }
    }
    const popeye = pyPath !== null ? judgePopeye(problem, await solveWithPopeye(pyPath, problem.fen, problem.n, capMs), capMs) : null;
    rows.push({ problem, ours, stockfish, popeye });
    const expected = problem.mateIn === null ? 'no-mate' : `#${problem.mateIn}`;
    const sfOk = stockfish !== null && stockfish.status !== 'error';
    const pyOk = popeye !== null && pyCompared(popeye);
    out(
      `${pad(problem.index, 3)} ${pad(problem.n, 2)} ${pad(expected, 8)} ${pad(ourLabel(ours), 8)} ${pad(keysLabel(problem, ours), 8)} ${pad(ours.nodes, 11)} ${pad(ours.ms.toFixed(0), 8)}  ` +
        `${pad(sfLabel(stockfish), 14, true)} ${pad(sfOk ? stockfish!.ms.toFixed(0) : '-', 8)} ${pad(sfOk ? ratio(ours.ms, stockfish!.ms) : '-', 6)}` +
        (popeye !== null ? `  ${pad(pyLabel(popeye), 12, true)} ${pad(pyOk ? popeye.ms.toFixed(0) : '-', 8)} ${pad(pyOk ? ratio(ours.ms, popeye.ms) : '-', 6)}` : '') +
        `${ours.correct ? '' : ours.status === 'timeout' ? '  TIMEOUT' : '  WRONG'}`,
    );
    if (!ours.correct) out(`      ${ours.status === 'timeout' ? 'TIMEOUT' : 'WRONG'}: ${ours.problems.join('; ')}\n      fen: ${problem.fen}  n=${problem.n}`);
    for (const p of stockfish?.problems ?? []) out(`      stockfish: ${p}`);
    for (const p of popeye?.problems ?? []) out(`      popeye: ${p}`);
  }
  await engine?.quit();

  // Totals.
  const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);
  const mateRows = rows.filter((r) => r.problem.mateIn !== null);
  const noMateRows = rows.filter((r) => r.problem.mateIn === null);
  const compared = rows.filter((r) => r.stockfish !== null && r.stockfish.status !== 'error');
  const comparedMates = compared.filter((r) => r.problem.mateIn !== null);
  const haveSf = compared.length > 0;
  const correct = rows.filter((r) => r.ours.correct).length;
  const wrong = rows.filter((r) => !r.ours.correct && r.ours.status !== 'timeout');
  const timeouts = rows.filter((r) => r.ours.status === 'timeout');
  const oursAll = sum(rows.map((r) => r.ours.ms));
  const oursMates = sum(mateRows.map((r) => r.ours.ms));
  const oursNoMates = sum(noMateRows.map((r) => r.ours.ms));
  const oursNodes = sum(rows.map((r) => r.ours.nodes));
  // Over the problems compared with Stockfish (all of them unless Stockfish failed part-way).
  const oursComparedAll = sum(compared.map((r) => r.ours.ms));
  const oursComparedMates = sum(comparedMates.map((r) => r.ours.ms));
  const sfAll = sum(compared.map((r) => r.stockfish!.ms));
  const sfMates = sum(comparedMates.map((r) => r.stockfish!.ms));
  const sfFound = comparedMates.filter((r) => r.stockfish!.status === 'found').length;
  const sfKeyOk = comparedMates.filter((r) => r.stockfish!.status === 'found' && r.stockfish!.bestmoveIsKey).length;
  const sfCapped = compared.filter((r) => r.stockfish!.status === 'capped').length;
  const sfCappedMates = comparedMates.filter((r) => r.stockfish!.status !== 'found').length;
  const sfInconsistent = compared.filter((r) => r.stockfish!.problems.length > 0).length;

  out();
  out(`ours:      ${correct}/${rows.length} correct${wrong.length ? `, ${wrong.length} WRONG (${wrong.map((r) => r.problem.index).join(', ')})` : ''}${timeouts.length ? `, ${timeouts.length} timed out at ${capSeconds} s (${timeouts.map((r) => r.problem.index).join(', ')})` : ''} · ${seconds(oursAll)} (mates ${seconds(oursMates)}, no-mate proofs ${seconds(oursNoMates)}) · ${oursNodes} nodes`);
  if (haveSf) {
    out(`stockfish: found ${sfFound}/${comparedMates.length} mates (bestmove a key in ${sfKeyOk})${sfCappedMates ? `, ${sfCappedMates} not found within the cap` : ''} · ${seconds(sfMates)} on the mates · ${seconds(sfAll)} on all ${compared.length}, ${sfCapped} capped at ${capSeconds} s (without a mate in n, go mate n only stops at its maximum depth)${sfInconsistent ? ` · ${sfInconsistent} answer(s) disagree with the suite` : ''}`);
    out(`ratio ours/stockfish: mates ${ratio(oursComparedMates, sfMates)} (${seconds(oursComparedMates)} / ${seconds(sfMates)}) · all problems ${ratio(oursComparedAll, sfAll)} (${seconds(oursComparedAll)} / ${seconds(sfAll)}, Stockfish's capped times count as the cap)`);
    // Independent of the cap: only the mates Stockfish found in time.
    const bothFound = comparedMates.filter((r) => r.stockfish!.status === 'found');
    const oursBoth = sum(bothFound.map((r) => r.ours.ms));
    const sfBoth = sum(bothFound.map((r) => r.stockfish!.ms));
    out(`ratio ours/stockfish on the ${bothFound.length} mates Stockfish found within the cap (independent of the cap): ${ratio(oursBoth, sfBoth)} (${seconds(oursBoth)} / ${seconds(sfBoth)})`);
    const goalMet = oursComparedAll < sfMates;
    out(`goal (our whole suite, proofs included, in less time than Stockfish takes to find the mates): ${ratio(oursComparedAll, sfMates)} · ${goalMet ? 'met' : 'not met'}`);
  } else {
    out(`stockfish: ${sfNote}`);
  }
  // Popeye: the problems it answered or was capped on (its capped times count as measured).
  const pyRows = rows.filter((r) => r.popeye !== null && pyCompared(r.popeye));
  const havePy = pyRows.length > 0;
  const pyCorrect = pyRows.filter((r) => r.popeye!.correct).length;
  const pyWrong = pyRows.filter((r) => !r.popeye!.correct && r.popeye!.status !== 'timeout');
  const pyTimeouts = pyRows.filter((r) => r.popeye!.status === 'timeout');
  const pyFailed = rows.filter((r) => r.popeye !== null && !pyCompared(r.popeye));
  const pyAll = sum(pyRows.map((r) => r.popeye!.ms));
  const pyMates = sum(pyRows.filter((r) => r.problem.mateIn !== null).map((r) => r.popeye!.ms));
  const pyNoMates = sum(pyRows.filter((r) => r.problem.mateIn === null).map((r) => r.popeye!.ms));
  const oursPyAll = sum(pyRows.map((r) => r.ours.ms));
  const oursPyMates = sum(pyRows.filter((r) => r.problem.mateIn !== null).map((r) => r.ours.ms));
  const oursPyNoMates = sum(pyRows.filter((r) => r.problem.mateIn === null).map((r) => r.ours.ms));
  const pyRuns = sum(pyRows.map((r) => r.popeye!.runs.length));
  if (havePy) {
    out(`popeye:    ${pyCorrect}/${pyRows.length} correct${pyWrong.length ? `, ${pyWrong.length} WRONG (${pyWrong.map((r) => r.problem.index).join(', ')})` : ''}${pyTimeouts.length ? `, ${pyTimeouts.length} timed out at ${capSeconds} s (${pyTimeouts.map((r) => r.problem.index).join(', ')})` : ''}${pyFailed.length ? `, ${pyFailed.length} not compared (${pyFailed.map((r) => `${r.problem.index}: ${r.popeye!.status}`).join(', ')})` : ''} · ${seconds(pyAll)} (mates ${seconds(pyMates)}, no-mate proofs ${seconds(pyNoMates)}) · ${pyRuns} Popeye runs`);
    const pyParts = [`all problems ${ratio(oursPyAll, pyAll)} (${seconds(oursPyAll)} / ${seconds(pyAll)})`];
    if (pyRows.some((r) => r.problem.mateIn !== null)) pyParts.push(`mates ${ratio(oursPyMates, pyMates)} (${seconds(oursPyMates)} / ${seconds(pyMates)})`);
    if (pyRows.some((r) => r.problem.mateIn === null)) pyParts.push(`no-mate proofs ${ratio(oursPyNoMates, pyNoMates)} (${seconds(oursPyNoMates)} / ${seconds(pyNoMates)})`);
    out(`ratio ours/popeye: ${pyParts.join(' · ')}${pyTimeouts.length ? ", Popeye's capped times count as measured" : ''}`);
    if (pyTimeouts.length > 0) {
      // Independent of the cap: only the problems Popeye answered in time.
      const answered = pyRows.filter((r) => r.popeye!.status !== 'timeout');
      const oursAnswered = sum(answered.map((r) => r.ours.ms));
      const pyAnswered = sum(answered.map((r) => r.popeye!.ms));
      out(`ratio ours/popeye on the ${answered.length} problems Popeye answered within the cap (independent of the cap): ${ratio(oursAnswered, pyAnswered)} (${seconds(oursAnswered)} / ${seconds(pyAnswered)})`);
    }
  } else if (pyNote !== '') {
    out(`popeye: ${pyNote}`);
  } else if (pyPath !== null) {
    out(`popeye: no problem compared (${pyFailed.map((r) => `${r.problem.index}: ${r.popeye!.problems.join('; ')}`).join(' · ')})`);
  }
  const slowest = [...rows].sort((a, b) => b.ours.ms - a.ours.ms).slice(0, 5).filter((r) => r.ours.ms > 0);
  if (slowest.length > 0 && oursAll > 0) {
    out(`where our time goes: ${slowest.map((r) => `#${r.problem.index} ${seconds(r.ours.ms)} (${((100 * r.ours.ms) / oursAll).toFixed(0)}%)`).join(', ')}`);
  }
  const summary = haveSf
    ? `ours ${seconds(oursComparedAll)} (${compared.filter((r) => r.ours.correct).length}/${compared.length} correct) · stockfish ${sfCappedMates ? '≥ ' : ''}${seconds(sfMates)} (${sfFound}/${comparedMates.length} mates found) · ratio ours/stockfish ${ratio(oursComparedAll, sfMates)}`
    : `ours ${seconds(oursAll)} (${correct}/${rows.length} correct) · stockfish skipped`;
  const pySummary = havePy
    ? ` · popeye ${seconds(pyAll)} (${pyCorrect}/${pyRows.length} correct) · ratio ours/popeye ${ratio(oursPyAll, pyAll)}${pyRows.length < rows.length ? ` (on ${pyRows.length} problems: ours ${seconds(oursPyAll)})` : ''}`
    : '';
  out();
  out(summary + pySummary);

  if (json) {
    const document = {
      suite: relativeName(dataFile),
      filter: args.filter ?? null,
      capSeconds,
      node: process.version,
      cpu,
      stockfish: engine !== null || haveSf ? { name: sfName, path: sfPath, threads: SF_THREADS, hashMb: SF_HASH_MB, note: sfNote || null } : { name: null, path: sfPath, note: sfNote },
      popeye: pyPath !== null ? { name: pyName, path: pyPath, version: pyVersion, note: null } : { name: null, path: null, version: null, note: pyNote || null },
      problems: rows.map((r) => ({
        index: r.problem.index,
        fen: r.problem.fen,
        n: r.problem.n,
        expected: { mateIn: r.problem.mateIn, keys: r.problem.keys },
        tags: r.problem.tags,
        ours: {
          status: r.ours.status,
          mateIn: r.ours.mateIn,
          keys: r.ours.keys,
          keysComplete: r.ours.keysComplete,
          line: r.ours.line,
          nodes: r.ours.nodes,
          provenDepth: r.ours.provenDepth,
          ms: round(r.ours.ms),
          correct: r.ours.correct,
          problems: r.ours.problems,
        },
        stockfish: r.stockfish === null ? null : { ...r.stockfish, ms: round(r.stockfish.ms) },
        ratio: r.stockfish !== null && r.stockfish.status !== 'error' && r.stockfish.ms > 0 ? round(r.ours.ms / r.stockfish.ms, 3) : null,
        popeye: r.popeye === null ? null : {
          status: r.popeye.status,
          mateIn: r.popeye.mateIn,
          keys: r.popeye.keys,
          ms: round(r.popeye.ms),
          timedOut: r.popeye.timedOut,
          correct: r.popeye.correct,
          problems: r.popeye.problems,
          runs: r.popeye.runs.map((run) => ({ moves: run.moves, status: run.status, keys: run.keys, ms: round(run.ms), ...(run.error !== undefined ? { error: run.error } : {}) })),
        },
        ratioPopeye: r.popeye !== null && pyCompared(r.popeye) && r.popeye.ms > 0 ? round(r.ours.ms / r.popeye.ms, 3) : null,
      })),
      totals: {
        problems: rows.length,
        correct,
        wrong: wrong.map((r) => r.problem.index),
        timedOut: timeouts.map((r) => r.problem.index),
        oursMs: round(oursAll),
        oursMatesMs: round(oursMates),
        oursNoMatesMs: round(oursNoMates),
        oursNodes,
        compared: compared.length,
        stockfishFound: haveSf ? sfFound : null,
        stockfishBestmoveIsKey: haveSf ? sfKeyOk : null,
        stockfishCapped: haveSf ? sfCapped : null,
        stockfishMatesMs: haveSf ? round(sfMates) : null,
        stockfishAllMs: haveSf ? round(sfAll) : null,
        ratioMates: haveSf && sfMates > 0 ? round(oursComparedMates / sfMates, 3) : null,
        ratioAll: haveSf && sfAll > 0 ? round(oursComparedAll / sfAll, 3) : null,
        /** The issue's goal: our whole suite against Stockfish finding the mates; < 1 is met. */
        ratioGoal: haveSf && sfMates > 0 ? round(oursComparedAll / sfMates, 3) : null,
        /** Over the mates Stockfish found within the cap only (does not depend on the cap). */
        ratioFoundByStockfish: haveSf ? ratioOf(comparedMates.filter((r) => r.stockfish!.status === 'found')) : null,
        /** Popeye (null when not run): over the problems it answered or was capped on. */
        popeyeCompared: havePy ? pyRows.length : null,
        popeyeCorrect: havePy ? pyCorrect : null,
        popeyeWrong: havePy ? pyWrong.map((r) => r.problem.index) : null,
        popeyeTimedOut: havePy ? pyTimeouts.map((r) => r.problem.index) : null,
        popeyeRuns: havePy ? pyRuns : null,
        popeyeMs: havePy ? round(pyAll) : null,
        popeyeMatesMs: havePy ? round(pyMates) : null,
        popeyeNoMatesMs: havePy ? round(pyNoMates) : null,
        ratioPopeye: havePy && pyAll > 0 ? round(oursPyAll / pyAll, 3) : null,
        ratioPopeyeMates: havePy && pyMates > 0 ? round(oursPyMates / pyMates, 3) : null,
        ratioPopeyeNoMates: havePy && pyNoMates > 0 ? round(oursPyNoMates / pyNoMates, 3) : null,
        /** Over the problems Popeye answered within the cap only (does not depend on the cap). */
        ratioPopeyeAnswered: havePy ? ratioOfPopeye(pyRows.filter((r) => r.popeye!.status !== 'timeout')) : null,
      },
      summary: summary + pySummary,
    };
    process.stdout.write(JSON.stringify(document) + '\n');
  }
  // The selfmate and helpmate suites beside Popeye (bench/popeye-stipulations.ts), in the text report.
  if (pyPath !== null && !json) await benchStipulations(pyPath, out);
  return 0;
}

function ratioOf(rows: Row[]): number | null {
  const ours = rows.reduce((a, r) => a + r.ours.ms, 0);
  const theirs = rows.reduce((a, r) => a + r.stockfish!.ms, 0);
  return theirs > 0 ? round(ours / theirs, 3) : null;
}

function ratioOfPopeye(rows: Row[]): number | null {
  const ours = rows.reduce((a, r) => a + r.ours.ms, 0);
  const theirs = rows.reduce((a, r) => a + r.popeye!.ms, 0);
  return theirs > 0 ? round(ours / theirs, 3) : null;
}

function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

function relativeName(file: string): string {
  const root = fileURLToPath(new URL('..', import.meta.url));
  return file.startsWith(root) ? file.slice(root.length) : file;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`bench:mate: ${error.message}\n\n${USAGE}\n`);
      process.exitCode = 2;
      return;
    }
    process.stderr.write(`bench:mate crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
