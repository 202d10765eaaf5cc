// A UCI engine in a child process, read line by line: the handshake (uci/uciok with its id and
// options), setoption with the values checked against the declared options, isready, and one
// timed search (position + go … until bestmove, measured on the runner's wall clock).

import { type ChildProcess, spawn } from 'node:child_process';
import type { EngineSpec } from './spec.ts';
import { type UciInfo, type UciOption, checkOptionValue, parseInfo, parseOptionLine } from './uciText.ts';

export class EngineExited extends Error {}
export class EngineTimeout extends Error {}
/** A setoption the engine cannot take: an undeclared name or a value out of range. A bad argument. */
export class OptionError extends Error {}

export type TrafficLog = (direction: '>' | '<' | '!', line: string) => void;

interface Listener {
  (line: string, at: number): void;
}

/** One search's outcome: the move, the wall-clock time, and the engine's last exact info figures. */
export interface SearchReport extends Omit<UciInfo, 'bound'> {
  /** The move text after "bestmove" (null when the line had none). */
  bestmove: string | null;
  /** Wall-clock milliseconds from writing "go" to reading "bestmove". */
  elapsedMs: number;
}

const STDERR_TAIL = 12;

export class UciEngine {
  /** The engine's "id name" (or the program name when it gave none). */
  idName = '';
  /** Declared options by lower-case name. */
  readonly options = new Map<string, UciOption>();
  exited = false;
  /** "exit code 1", "signal SIGSEGV", "spawn ENOENT" … once exited. */
  exitDescription = '';
  private readonly child: ChildProcess;
  private partial = '';
  private readonly listeners = new Set<Listener>();
  private readonly exitListeners = new Set<() => void>();
  private readonly stderrLines: string[] = [];
  private stderrPartial = '';

  private constructor(readonly spec: EngineSpec, private readonly log?: TrafficLog) {
    this.child = spawn(spec.argv[0], spec.argv.slice(1), {
      cwd: spec.dir,
      stdio: ['pipe', 'pipe', 'pipe'],
      // A process group of its own: Ctrl+C at the terminal reaches the runner only, which then
      // stops the engines itself (instead of every engine dying at once and looking like a crash).
      detached: true,
    });
    UciEngine.live.add(this);
    this.child.stdout!.setEncoding('utf8');
    this.child.stdout!.on('data', (chunk: string) => {
      const at = performance.now();
      this.partial += chunk;
      let nl: number;
      while ((nl = this.partial.indexOf('\n')) >= 0) {
        const line = this.partial.slice(0, nl).replace(/\r$/, '');
        this.partial = this.partial.slice(nl + 1);
        this.log?.('<', line);
        for (const listener of [...this.listeners]) listener(line, at);
      }
    });
    this.child.stderr!.setEncoding('utf8');
    this.child.stderr!.on('data', (chunk: string) => {
      this.stderrPartial += chunk;
      const lines = this.stderrPartial.split('\n');
      this.stderrPartial = lines.pop() ?? '';
      for (const line of lines) {
        if (line.trim() === '') continue;
        this.stderrLines.push(line);
        if (this.stderrLines.length > STDERR_TAIL) this.stderrLines.shift();
      }
    });
    this.child.on('exit', (code, signal) => this.gone(signal ? `signal ${signal}` : `exit code ${code}`));
    this.child.on('error', (error) => this.gone((error as NodeJS.ErrnoException).code === 'ENOENT' ? `cannot run "${spec.argv[0]}": not found` : error.message));
    this.child.stdin!.on('error', () => {}); // EPIPE after a crash is reported through 'exit'
  }

  /** Engines still running, killed when the runner exits however it exits. */
  static readonly live = new Set<UciEngine>();

  static killAll(): void {
    for (const engine of UciEngine.live) engine.kill();
  }

  private gone(description: string): void {
    if (this.exited) return;
    this.exited = true;
    UciEngine.live.delete(this);
    this.exitDescription = description;
    this.log?.('!', `exited: ${description}`);
    for (const listener of [...this.exitListeners]) listener();
  }

  /** The last lines the engine wrote to standard error (for crash reports). */
  stderrTail(): string[] {
    return this.stderrPartial.trim() === '' ? [...this.stderrLines] : [...this.stderrLines, this.stderrPartial];
  }

  /** Starts the engine and completes the UCI handshake (uci … uciok), or throws. */
  static async start(spec: EngineSpec, log?: TrafficLog, handshakeMs = 30_000): Promise<UciEngine> {
    const engine = new UciEngine(spec, log);
    try {
      const lines: string[] = [];
      const stop = engine.onLine((line) => void lines.push(line));
      const ok = engine.waitFor((line) => line.trim() === 'uciok', handshakeMs);
      engine.send('uci');
      await ok;
      stop();
      for (const line of lines) {
        if (line.startsWith('id name ')) engine.idName = line.slice('id name '.length).trim();
        const option = parseOptionLine(line);
        if (option !== null) engine.options.set(option.name.toLowerCase(), option);
      }
      if (engine.idName === '') engine.idName = spec.argv[0].split('/').pop() ?? spec.argv[0];
      return engine;
    } catch (error) {
      engine.kill();
      if (error instanceof EngineTimeout) throw new EngineTimeout(`no "uciok" within ${handshakeMs / 1000} s of "uci"`);
      throw error;
    }
  }

  /** The declared option of that name (any case), if any. */
  option(name: string): UciOption | undefined {
    return this.options.get(name.toLowerCase());
  }

  /** Checks every pair against the declared options (throws OptionError), then sends them. */
  configure(pairs: ReadonlyArray<[string, string]>): void {
    for (const [name, value] of pairs) {
      const option = this.option(name);
      if (option === undefined) {
        const known = [...this.options.values()].map((o) => o.name).join(', ');
        throw new OptionError(`option "${name}" is not one of the engine's options (${known || 'it declares none'})`);
      }
      const problem = checkOptionValue(option, value);
      if (problem !== null) throw new OptionError(`option ${option.name} ${problem}`);
    }
    for (const [name, value] of pairs) {
      const option = this.option(name)!;
      this.send(option.type === 'button' ? `setoption name ${option.name}` : `setoption name ${option.name} value ${value}`);
    }
  }

  send(command: string): void {
    if (this.exited) return;
    this.log?.('>', command);
    this.child.stdin!.write(command + '\n');
  }

  onLine(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Resolves with the first line matching `predicate` (and when it was read) within `timeoutMs`. */
  waitFor(predicate: (line: string) => boolean, timeoutMs: number): Promise<string> {
    return this.waitForAt(predicate, timeoutMs).then(([line]) => line);
  }

  private waitForAt(predicate: (line: string) => boolean, timeoutMs: number): Promise<[string, number]> {
    return new Promise((resolvePromise, reject) => {
      if (this.exited) {
        reject(new EngineExited(this.exitDescription));
        return;
      }
      const cleanup = (): void => {
        clearTimeout(timer);
        this.listeners.delete(onLine);
        this.exitListeners.delete(onExit);
      };
      const onLine = (line: string, at: number): void => {
        if (!predicate(line)) return;
        cleanup();
        resolvePromise([line, at]);
      };
      const onExit = (): void => {
        cleanup();
        reject(new EngineExited(this.exitDescription));
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new EngineTimeout(`no answer within ${(timeoutMs / 1000).toFixed(1)} s`));
      }, timeoutMs);
      this.listeners.add(onLine);
      this.exitListeners.add(onExit);
    });
  }

  async ready(timeoutMs = 60_000): Promise<void> {
    const ok = this.waitFor((line) => line.trim() === 'readyok', timeoutMs);
    this.send('isready');
    try {
      await ok;
    } catch (error) {
      if (error instanceof EngineTimeout) throw new EngineTimeout(`no "readyok" within ${timeoutMs / 1000} s of "isready"`);
      throw error;
    }
  }

  async newGame(): Promise<void> {
    this.send('ucinewgame');
    await this.ready();
  }

  /**
   * Sends the position and the go command and waits for "bestmove" at most `limitMs`. The time is
   * measured from writing "go" to reading the bestmove line. Throws EngineExited or EngineTimeout.
   */
  async search(positionCommand: string, goCommand: string, limitMs: number): Promise<SearchReport> {
    const report: Omit<SearchReport, 'bestmove' | 'elapsedMs'> = {};
    const stop = this.onLine((line) => {
      const info: UciInfo | null = parseInfo(line);
      if (info === null) return;
      if (info.depth !== undefined) report.depth = info.depth;
      if (info.seldepth !== undefined) report.seldepth = info.seldepth;
      if (info.nodes !== undefined) report.nodes = info.nodes;
      if (info.nps !== undefined) report.nps = info.nps;
      if (info.time !== undefined) report.time = info.time;
      if (info.score !== undefined && !info.bound) report.score = info.score;
    });
    try {
      this.send(positionCommand);
      const answer = this.waitForAt((line) => /^bestmove(\s|$)/.test(line.trim()), limitMs);
      const start = performance.now();
      this.send(goCommand);
      const [line, at] = await answer;
      const bestmove = line.trim().split(/\s+/)[1] ?? null;
      return { ...report, bestmove, elapsedMs: at - start };
    } finally {
      stop();
    }
  }

  /** Asks the engine to quit; kills it if it has not gone after `graceMs`. */
  async quit(graceMs = 1000): Promise<void> {
    if (this.exited) return;
    const gone = new Promise<void>((r) => {
      if (this.exited) r();
      else this.exitListeners.add(r);
    });
    this.send('quit');
    const timer = setTimeout(() => this.kill(), graceMs);
    await gone;
    clearTimeout(timer);
  }

  kill(): void {
    if (!this.exited) this.child.kill('SIGKILL');
  }

  /** Resolves once the process has gone (immediately if it already has). */
  whenExited(): Promise<void> {
    return new Promise((r) => {
      if (this.exited) r();
      else this.exitListeners.add(r);
    });
  }
}
