// `chessbot uci` end to end, as a GUI runs it: a child process (`node bin/chessbot.js uci`) fed
// one line at a time. Each process costs about a second to start, so one process goes through the
// whole conversation below, in order, and ends with a quit in the middle of a search; others check
// piped input (its end, and a quit within it).

import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTING_FEN } from '../../../src/chess/fen.ts';
import { NO_MOVE } from '../../../src/chess/move.ts';
import { parseUci } from '../../../src/chess/uci.ts';
import { playPosition } from '../../../src/chess/replay.ts';
import { keyOf, writeBook } from '../../support/polyglotBook.ts';

const BIN = join(import.meta.dirname, '..', '..', '..', 'bin', 'chessbot.js');
const MATE_IN_2 = 'r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 0';
const ITALIAN = 'e2e4 e7e5 g1f3 b8c6 f1c4 g8f6';

interface Line {
  readonly text: string;
  /** When it arrived (Date.now()). */
  readonly at: number;
}

/** The engine as a child process: send lines, wait for lines. */
class Engine {
  readonly child: ChildProcessWithoutNullStreams;
  private readonly lines: Line[] = [];
  /** Lines before this index were returned by an earlier read. */
  private cursor = 0;
  private wake: (() => void) | null = null;
  stderr = '';
  readonly exited: Promise<number | null>;

  constructor(env: Record<string, string> = {}) {
    this.child = spawn(process.execPath, [BIN, 'uci'], { env: { PATH: process.env.PATH ?? '', ...env } });
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    createInterface({ input: this.child.stdout }).on('line', (text) => {
      this.lines.push({ text, at: Date.now() });
      this.wake?.();
    });
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  send(...lines: string[]): number {
    for (const line of lines) this.child.stdin.write(`${line}\n`);
    return Date.now();
  }

  /** The lines after the last read, up to and including the first that matches `pattern`. */
  async until(pattern: RegExp, ms = 10_000): Promise<Line[]> {
    const deadline = Date.now() + ms;
    for (;;) {
      const index = this.lines.findIndex((line, i) => i >= this.cursor && pattern.test(line.text));
      if (index >= 0) {
        const read = this.lines.slice(this.cursor, index + 1);
        this.cursor = index + 1;
        return read;
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        const got = this.lines.slice(this.cursor).map((line) => line.text).join('\n');
        throw new Error(`no line matching ${pattern} within ${ms} ms; got:\n${got}\nstderr: ${this.stderr}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /** Every line after the last read, after waiting `ms` for more. */
  async rest(ms: number): Promise<string[]> {
    await new Promise((resolve) => setTimeout(resolve, ms));
    const read = this.lines.slice(this.cursor).map((line) => line.text);
    this.cursor = this.lines.length;
    return read;
  }
}

function expectLegal(moves: string, bestmove: string): void {
  const position = playPosition(STARTING_FEN, moves === '' ? [] : moves.split(' '));
  const move = /^bestmove (\S+)/.exec(bestmove)?.[1];
  expect(move, bestmove).toBeDefined();
  expect(parseUci(position, move!), bestmove).not.toBe(NO_MOVE);
}

const texts = (lines: readonly Line[]) => lines.map((line) => line.text);

/** `chessbot uci` fed `input` all at once through a pipe, run to its end; `lines` is what it printed. */
function runPiped(input: string, env: Record<string, string> = {}, timeout = 20_000) {
  const result = spawnSync(process.execPath, [BIN, 'uci'], {
    input, encoding: 'utf8', timeout, env: { PATH: process.env.PATH ?? '', ...env },
  });
  return { ...result, lines: result.stdout.trim().split('\n') };
}

describe('chessbot uci as a child process', () => {
  let engine: Engine;

  beforeAll(() => {
    engine = new Engine();
  });

  afterAll(() => {
    engine.child.kill();
  });

  it('answers the handshake and isready', async () => {
    engine.send('uci');
    expect(texts(await engine.until(/^uciok$/))).toEqual([
      expect.stringMatching(/^id name chessbot \d+\.\d+\.\d+/),
      expect.stringMatching(/^id author /),
      'option name Threads type spin default 1 min 1 max 32',
      'option name Hash type spin default 64 min 1 max 1024',
      'option name Move Overhead type spin default 100 min 0 max 5000',
      'option name Clear Hash type button',
      'option name Ponder type check default false',
      'option name OwnBook type check default false',
      'option name Book File type string default <empty>',
      'uciok',
    ]);
    engine.send('isready');
    expect(texts(await engine.until(/^readyok$/))).toEqual(['readyok']);
  });

  it('searches a position with castling to depth 4, one info line per iteration', async () => {
    engine.send('ucinewgame', `position startpos moves ${ITALIAN} e1g1`, 'go depth 4');
    const lines = texts(await engine.until(/^bestmove /));
    const depths = lines.filter((line) => line.startsWith('info depth')).map((line) => Number(line.split(' ')[2]));
    expect(depths.slice(0, 4)).toEqual([1, 2, 3, 4]);
    for (const line of lines.slice(0, -1)) {
      expect(line).toMatch(/^info depth \d+ seldepth \d+ score (cp|mate) -?\d+ nodes \d+ nps \d+ time \d+ hashfull \d+ pv( [a-h][1-8][a-h][1-8][qrbn]?)+$/);
    }
    expectLegal(`${ITALIAN} e1g1`, lines.at(-1)!);
    // The king-takes-rook form of the same castling.
    engine.send(`position startpos moves ${ITALIAN} e1h1`, 'go depth 2');
    expectLegal(`${ITALIAN} e1g1`, (await engine.until(/^bestmove /)).at(-1)!.text);
  });

  it('answers go movetime 500 within 1.5 s', async () => {
    const sent = engine.send('position startpos moves e2e4', 'go movetime 500');
    const lines = await engine.until(/^bestmove /, 3000);
    expect(lines.at(-1)!.at - sent).toBeLessThan(1500);
    expectLegal('e2e4', lines.at(-1)!.text);
  });

  it('answers go with small clocks well within the budget', async () => {
    const sent = engine.send('position startpos moves e2e4 c7c5', 'go wtime 2000 btime 1500 winc 20 binc 20');
    const lines = await engine.until(/^bestmove /, 3000);
    // 2 s on the clock: the engine plans ~60 ms and stops by ~200 ms at the latest.
    expect(lines.at(-1)!.at - sent).toBeLessThan(600);
    expectLegal('e2e4 c7c5', lines.at(-1)!.text);
  });

  it('answers isready during go infinite, and stop with exactly one bestmove, promptly', async () => {
    engine.send('position startpos', 'go infinite');
    await engine.until(/^info depth 3 /);
    const asked = engine.send('isready');
    const ready = await engine.until(/^readyok$/, 2000);
    expect(ready.at(-1)!.at - asked).toBeLessThan(300);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopped = engine.send('stop');
    const lines = await engine.until(/^bestmove /, 2000);
    expect(lines.at(-1)!.at - stopped).toBeLessThan(500);
    expectLegal('', lines.at(-1)!.text);
    expect(await engine.rest(300)).toEqual([]);
  });

  it('ponders on go ponder until ponderhit, then answers on the clock the go gave, once', async () => {
    engine.send('setoption name Ponder value true', 'position startpos moves e2e4 e7e5', 'go ponder wtime 60000 btime 60000');
    const pondering = await engine.until(/^info depth 3 /);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const hit = engine.send('ponderhit');
    const lines = await engine.until(/^bestmove /, 10_000);
    expect([...pondering, ...lines].filter((line) => line.text.startsWith('bestmove'))).toHaveLength(1);
    // After the ponderhit it searches on the clock: a minute plans about 2 s (at least 1.4 s,
    // at most 6 s), not an answer at once.
    expect(lines.at(-1)!.at - hit).toBeGreaterThan(700);
    expect(lines.at(-1)!.at - hit).toBeLessThan(7000);
    expectLegal('e2e4 e7e5', lines.at(-1)!.text);
    expect(await engine.rest(300)).toEqual([]);
  });

  it('proves go mate 2 with the mate solver', async () => {
    engine.send(`position fen ${MATE_IN_2}`, 'go mate 2');
    const lines = texts(await engine.until(/^bestmove /));
    expect(lines.find((line) => line.includes('score mate'))).toMatch(/^info depth 3 score mate 2 nodes \d+ nps \d+ time \d+ pv d5f6 g7f6 c4f7$/);
    expect(lines.at(-1)).toMatch(/^bestmove d5f6( ponder g7f6)?$/);
  });

  it('takes setoption Hash and reports a bad value', async () => {
    engine.send('setoption name Hash value 16', 'setoption name Hash value lots', 'isready');
    expect(texts(await engine.until(/^readyok$/))).toEqual([
      'info string error: setoption: Hash must be an integer from 1 to 1024, got "lots"',
      'readyok',
    ]);
    engine.send('position startpos', 'go depth 3');
    expectLegal('', (await engine.until(/^bestmove /)).at(-1)!.text);
  });

  it('answers bad input with info string and keeps working', async () => {
    engine.send(
      'position startpos moves d2d4',
      'position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1',
      'position startpos moves e2e4 e7e5 e2e4',
      'garbage in',
      'go depth x',
      'go depth 2',
    );
    const lines = texts(await engine.until(/^bestmove /));
    expect(lines.slice(0, 4)).toEqual([
      'info string error: bad FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1": the board has 7 ranks; it needs 8, separated by "/"; position unchanged',
      expect.stringMatching(/^info string error: illegal move "e2e4" \(move 3 of 3\) in rnbqkbnr\/pppp1ppp\/8\/4p3\/4P3\/8\/PPPP1PPP\/RNBQKBNR w KQkq - 0 2; position unchanged$/),
      'info string unknown command: "garbage in"',
      'info string error: go: depth needs an integer >= 1, got "x"',
    ]);
    // The position is still 1. d4: black answers.
    expectLegal('d2d4', lines.at(-1)!);
    expect(engine.stderr).toBe('');
  });

  it('exits promptly on quit in the middle of a search, answering it first as Stockfish does', async () => {
    engine.send('position startpos', 'go infinite');
    await engine.until(/^info depth 2 /);
    const quit = engine.send('quit');
    const code = await engine.exited;
    expect(Date.now() - quit).toBeLessThan(1000);
    expect(code).toBe(0);
    const rest = await engine.rest(0);
    expect(rest.filter((line) => line.startsWith('bestmove '))).toHaveLength(1);
    expectLegal('', rest.at(-1)!);
  });
});

describe('chessbot uci with piped input', () => {
  it('searches with two threads on setoption Threads', () => {
    const result = runPiped('setoption name Threads value 2\nisready\nposition startpos moves d2d4\ngo depth 9\n', {}, 30_000);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const lines = result.lines;
    expect(lines[0]).toBe('readyok');
    // The main search reports every depth; the helper is not heard.
    const depths = lines.filter((line) => line.startsWith('info depth ')).map((line) => Number(line.split(' ')[2]));
    expect([...new Set(depths)]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(depths).toEqual([...depths].sort((a, b) => a - b));
    expectLegal('d2d4', lines.at(-1)!);
  });

  it('searches only the moves of go searchmoves', () => {
    const result = runPiped('position startpos moves e2e4\ngo depth 6 searchmoves a7a6 h7h6\n');
    expect(result.stderr).toBe('');
    const lines = result.lines;
    expect(lines.filter((line) => line.startsWith('info depth '))).toHaveLength(6);
    for (const line of lines.filter((text) => text.includes(' pv '))) expect(line).toMatch(/ pv (a7a6|h7h6)( |$)/);
    expect(lines.at(-1)).toMatch(/^bestmove (a7a6|h7h6)( |$)/);
  });

  it('answers what came before a quit in the same input (readyok, the stopped search\'s bestmove), then exits', () => {
    const started = Date.now();
    const result = runPiped('uci\nisready\nposition startpos moves e2e4\ngo depth 40\nquit\nisready\n');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const lines = result.lines.filter((line) => !line.startsWith('info '));
    expect(lines.filter((line) => line === 'readyok')).toHaveLength(1);
    expect(lines.at(-1)).toMatch(/^bestmove /);
    expectLegal('e2e4', lines.at(-1)!);
    // Depth 40 would take hours: quit stopped it.
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('finishes the last search at the end of the input, then exits', () => {
    const result = runPiped('position startpos moves g1f3\ngo depth 3\n');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const lines = result.lines;
    expect(lines.at(-1)).toMatch(/^bestmove /);
    expectLegal('g1f3', lines.at(-1)!);
  });
});

describe('chessbot uci with an opening book', () => {
  let dir: string;
  let bookPath: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'chessbot-uci-book-'));
    bookPath = writeBook(join(dir, 'tiny.bin'), [
      { key: keyOf('startpos'), move: 'e2e4', weight: 1 },
      { key: keyOf('startpos', ['e2e4']), move: 'c7c5', weight: 3 },
    ]);
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a book position at once with setoption OwnBook and Book File, and searches out of book', async () => {
    const engine = new Engine();
    try {
      engine.send('uci', `setoption name Book File value ${bookPath}`, 'setoption name OwnBook value true', 'isready');
      expect(texts(await engine.until(/^readyok$/)).filter((line) => !/^(id|option) /.test(line))).toEqual([
        'uciok', `info string Book File: ${JSON.stringify(bookPath)} (2 entries)`, 'readyok',
      ]);
      const sent = engine.send('position startpos', 'go wtime 60000 btime 60000');
      const lines = await engine.until(/^bestmove /);
      expect(texts(lines)).toEqual(['info string book move e2e4 (weight 1)', 'bestmove e2e4']);
      expect(lines.at(-1)!.at - sent).toBeLessThan(500);
      engine.send('position startpos moves e2e4 c7c5', 'go depth 3');
      const searched = texts(await engine.until(/^bestmove /));
      expect(searched.filter((line) => line.startsWith('info depth')).length).toBeGreaterThanOrEqual(3);
      expectLegal('e2e4 c7c5', searched.at(-1)!);
      engine.send(`setoption name Book File value ${join(dir, 'missing.bin')}`, 'isready');
      expect(texts(await engine.until(/^readyok$/))).toEqual([
        `info string error: setoption: Book File: ${JSON.stringify(join(dir, 'missing.bin'))}: file not found; the book stays ${JSON.stringify(bookPath)}`,
        'readyok',
      ]);
      engine.send('quit');
      expect(await engine.exited).toBe(0);
      expect(engine.stderr).toBe('');
    } finally {
      engine.child.kill();
    }
  });

  it('takes its defaults and the book from the config\'s engine section', () => {
    const config = join(dir, 'with-book.json');
    writeFileSync(config, JSON.stringify({ engine: { hashMb: 32, book: { path: bookPath, selection: 'best' } } }));
    const result = runPiped('uci\nsetoption name OwnBook value true\nposition startpos moves e2e4\ngo depth 5\n', { CHESSBOT_CONFIG: config });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const lines = result.lines;
    expect(lines).toContain('option name Hash type spin default 32 min 1 max 1024');
    expect(lines).toContain(`option name Book File type string default ${bookPath}`);
    expect(lines.slice(-2)).toEqual(['info string book move c7c5 (weight 3)', 'bestmove c7c5']);
  });

  it('refuses to start when the config names a book it cannot use', () => {
    const config = join(dir, 'bad-book.json');
    const missing = join(dir, 'missing.bin');
    writeFileSync(config, JSON.stringify({ engine: { book: { path: missing } } }));
    const result = runPiped('uci\n', { CHESSBOT_CONFIG: config });
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe([
      'chessbot: uci: invalid configuration (1 problem):',
      `  config/default.json + ${config}: engine.book.path: cannot use the opening book ${missing}: file not found`,
      '',
    ].join('\n'));
  });
});
