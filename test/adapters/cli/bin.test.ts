// The `chessbot` executable end to end, as a child process: exit status and output shape.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const BIN = join(ROOT, 'bin', 'chessbot.js');
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const HARD = '3Q4/5q1k/4ppp1/2Kp1N1B/RR6/3P1r2/4nP2/3b4 w - - 0 1'; // #6: seconds of search
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
// The defaults only, whatever a developer's config/local.json or .env says.
const ENV = { PATH: process.env.PATH ?? '', CHESSBOT_CONFIG: 'config/default.json' };

function chessbot(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: ENV });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A misused command line: status 2, nothing on stdout, one error line then where the help is, no stack trace. */
function expectUsageFailure(result: ReturnType<typeof chessbot>, firstLine: RegExp) {
  expect(result.status).toBe(2);
  expect(result.stdout).toBe('');
  const lines = result.stderr.split('\n');
  expect(lines[0]).toMatch(firstLine);
  // Where the help is, never the help itself: the error line stays on screen.
  expect(lines[1]).toMatch(/^see 'chessbot (\S+ )?--help'$/);
  expect(lines).toHaveLength(3);
  expect(result.stderr).not.toMatch(/^\s+at /m);
}

/** Bad data (a FEN, a value): status 2, nothing on stdout, the error line and where to read more; no usage. */
function expectDataFailure(result: ReturnType<typeof chessbot>, command: string, firstLine: RegExp) {
  expect(result.status).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr.split('\n')).toEqual([expect.stringMatching(firstLine), `see 'chessbot ${command} --help'`, '']);
}

/** 128 + SIGPIPE: what the shell reports for `seq 1 1000000 | head -1`'s seq. */
const EXIT_OUTPUT_CLOSED = 141;

/**
 * Runs chessbot with the reading end of its standard output closed before it writes anything:
 * its first write finds no reader, wherever in the command it comes.
 */
function chessbotIntoClosedPipe(...args: string[]): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    // A command that goes on past its first write is killed: it was meant to end there.
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: ENV, timeout: 20_000 });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stderr }));
  });
}

/** `chessbot … | head -1` in a shell: head's line, and chessbot's standard error then its exit status. */
function chessbotPipedToHead(...args: string[]) {
  const script = '{ "$0" "$@"; echo "status $?" >&2; } | head -1';
  const result = spawnSync('sh', ['-c', script, process.execPath, BIN, ...args], { encoding: 'utf8', env: ENV });
  return { stdout: result.stdout, stderr: result.stderr };
}

describe('bin/chessbot.js: the configuration', () => {
  it('reads a relative CHESSBOT_CONFIG from the working directory, and names the path it looked at when it is missing', () => {
    const here = mkdtempSync(join(tmpdir(), 'chessbot-cwd-'));
    try {
      writeFileSync(join(here, 'mine.json'), JSON.stringify({ engine: { hashMb: 32 } }));
      const run = (config: string) => spawnSync(process.execPath, [BIN, 'uci'], {
        encoding: 'utf8', cwd: here, input: 'uci\nquit\n', env: { PATH: ENV.PATH, CHESSBOT_CONFIG: config },
      });
      const found = run('mine.json');
      expect(found.status).toBe(0);
      expect(found.stdout).toMatch(/^option name Hash type spin default 32 /m);
      const missing = run('nope.json');
      expect(missing.status).toBe(2);
      expect(missing.stderr).toMatch(/^chessbot: uci: /);
      expect(missing.stderr).toContain(join(here, 'nope.json'));
    } finally {
      rmSync(here, { recursive: true, force: true });
    }
  });
});

describe('bin/chessbot.js', () => {
  it('lists the commands for --help', () => {
    const result = chessbot('--help');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^usage: chessbot <command>/);
    expect(result.stdout).toMatch(/^ {2}perft <fen\|startpos> <depth> \[--divide\] \[--json\]/m);
    expect(result.stdout.replace(/\s+/g, ' ')).toContain(' mate <fen|image|pgn-file> <n> [--side w|b] [--flipped] [--kind <kind>] [--checks] [--tree] [--solution] [--tries <k>] [--timeout <seconds>] [--threads <n>] [--queue] [--json]');
    expect(result.stdout.split('\n').filter((line) => line.length > 80)).toEqual([]);
  });

  it('prints nodes, time and nps for perft', () => {
    const result = chessbot('perft', 'startpos', '3');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^nodes: 8902\ntime: \d+ ms\nnps: \d+\n$/);
  });

  it('prints exactly one JSON line with --json', () => {
    const result = chessbot('perft', KIWIPETE, '3', '--json');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^\{"nodes":97862,"ms":\d+,"nps":\d+\}\n$/);
  });

  it('accepts a FEN spread over several arguments', () => {
    const result = chessbot('perft', ...KIWIPETE.split(' '), '2', '--json');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout).nodes).toBe(2039);
  });

  it('adds the divide to the JSON with --divide', () => {
    const result = chessbot('perft', 'startpos', '2', '--divide', '--json');
    expect(result.status).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(Object.keys(json)).toEqual(['nodes', 'ms', 'nps', 'divide']);
    expect(json.nodes).toBe(400);
    expect(Object.keys(json.divide)).toHaveLength(20);
    expect(json.divide.e2e4).toBe(20);
  });

  it('prints each root move then the total with --divide', () => {
    const result = chessbot('perft', 'startpos', '1', '--divide');
    expect(result.status).toBe(0);
    const [moves, total] = result.stdout.split('\n\n');
    expect(moves!.split('\n')).toHaveLength(20);
    expect(moves).toMatch(/^a2a3: 1$/m);
    expect(total).toMatch(/^nodes: 20\ntime: \d+ ms\nnps: \d+\n$/);
  });

  it('rejects a bad depth: the error and a hint, not the usage', () => {
    expectDataFailure(
      chessbot('perft', 'startpos', '0'),
      'perft',
      /^chessbot: perft: depth must be an integer from 1 to 10, got "0"$/,
    );
    expectDataFailure(chessbot('perft', 'startpos', 'deep'), 'perft', /^chessbot: perft: depth must be/);
  });

  it('rejects a missing argument, pointing at the help', () => {
    expectUsageFailure(chessbot('perft', 'startpos'), /^chessbot: perft: expected a FEN \(or "startpos"\) and a depth$/);
  });

  it('rejects an unknown command', () => {
    expectUsageFailure(chessbot('solve', 'startpos'), /^chessbot: unknown command "solve"$/);
  });

  it('rejects a missing command', () => {
    expectUsageFailure(chessbot(), /^chessbot: missing command$/);
  });

  it('rejects a bad FEN, naming the problem: the error and a hint, not the usage', () => {
    const unknownPiece = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1';
    expectDataFailure(chessbot('perft', unknownPiece, '1'), 'perft', /^chessbot: perft: bad FEN: /);
    expectDataFailure(chessbot('perft', 'not-a-fen', '1'), 'perft', /^chessbot: perft: bad FEN: /);
  });

  it('quotes a bad FEN\'s control characters escaped, never raw', () => {
    const result = chessbot('perft', '6k1/5ppp/8\x1b]0;pwned\x07/8/8/8/5PPP/R5K1 w - - 0 1', '1');
    expectDataFailure(result, 'perft', /^chessbot: perft: bad FEN: rank 6 \("8\\u001b\]0;pwned\\u0007"\) has an unknown character "\\u001b"/);
    expect(result.stderr).not.toMatch(/[\x00-\x09\x0b-\x1f]/);
  });

  it('rejects an unknown option, pointing at the help', () => {
    expectUsageFailure(chessbot('perft', 'startpos', '1', '--fast'), /^chessbot: perft: unknown option "--fast"$/);
  });

  it('quotes unknown words escaped and cut short, never raw', () => {
    const command = chessbot('so\x1b]0;pwned\x07lve');
    expectUsageFailure(command, /^chessbot: unknown command "so\\u001b\]0;pwned\\u0007lve"$/);
    const option = chessbot('perft', 'startpos', '1', `--${'x'.repeat(5000)}`);
    expectUsageFailure(option, /^chessbot: perft: unknown option "--x+"… \(5,002 characters\)$/);
    expect(option.stderr.split('\n')[0]!.length).toBeLessThan(120);
  });

  it.each([['--version'], ['-v']])('prints its name and version for %s', (word) => {
    expect(chessbot(word)).toEqual({ status: 0, stdout: `chessbot ${VERSION}\n`, stderr: '' });
  });

  it('mentions --version in --help', () => {
    expect(chessbot('--help').stdout).toMatch(/^ +chessbot --version$/m);
  });
});

// A reader that goes away (`| head -1`) ends any command at once and quietly, with the status
// of a program killed by SIGPIPE, never a stack trace or a status that means an answer.
describe('bin/chessbot.js into a closed pipe', () => {
  it.each([
    // Its search takes seconds; the board is its first write.
    ['mate', HARD, '6'],
    ['bench', '--depth', '3'],
    ['perft', 'startpos', '3'],
    ['perft', 'startpos', '1', '--divide', '--json'],
  ])('ends %s at its first write, silently, with status 141', async (...args) => {
    const { status, stderr } = await chessbotIntoClosedPipe(...args);
    expect(stderr).toBe('');
    expect(status).toBe(EXIT_OUTPUT_CLOSED);
  }, 30_000);

  it('ends "chessbot mate … | head -1" quietly', () => {
    expect(chessbotPipedToHead('mate', HARD, '5')).toEqual({ stdout: '8  . . . Q . . . .\n', stderr: `status ${EXIT_OUTPUT_CLOSED}\n` });
  });

  it('ends "chessbot bench --depth 3 | head -1" quietly', () => {
    expect(chessbotPipedToHead('bench', '--depth', '3')).toEqual({
      stdout: 'first pass (32 positions at depth 3, while V8 compiles the search) ...\n',
      stderr: `status ${EXIT_OUTPUT_CLOSED}\n`,
    });
  });
});

// The live status line of a long search, at a real terminal: a pseudo-terminal made by util-linux's
// `script`, which runs chessbot with its standard output on the terminal and copies what the
// terminal got into a file. Piped, the output has none of it, byte for byte.
describe('bin/chessbot.js at a terminal', () => {
  const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).stdout?.includes('util-linux') === true;
  const STATUS_DRAWN = /\r\x1b\[2K(searching n=[^\r\n]*)/g;

  /** chessbot's output as a terminal gets it (line ends as the terminal writes them: \r\n). */
  function atTerminal(env: Record<string, string>, ...args: string[]): { status: number | null; output: string } {
    const command = [process.execPath, BIN, ...args].map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ');
    // -e: chessbot's exit status; the typescript file: /dev/null (the output is read from stdout).
    const result = spawnSync('script', ['-qec', command, '/dev/null'], { encoding: 'utf8', env: { ...ENV, TERM: 'xterm', ...env } });
    return { status: result.status, output: result.stdout.replaceAll('\r\n', '\n') };
  }

  const erased = (text: string) => text.replace(STATUS_DRAWN, '').replaceAll('\r\x1b[2K', '');

  // Two seconds of a mate in 6 that takes several: n = 1 to 5 take half a second on an idle
  // machine, twice that on a loaded one, and the line is drawn in the n = 6 search after them
  // (one second, the limit before, once left no time for it on a loaded machine).
  const SECONDS_OF_SEARCH = ['mate', HARD, '6', '--timeout', '2'];

  it.skipIf(!hasScript)('mate: draws the n being searched and its nodes, erased by the lines after it', () => {
    const { status, output } = atTerminal({}, ...SECONDS_OF_SEARCH);
    expect(status).toBe(3);
    const drawn = [...output.matchAll(STATUS_DRAWN)].map((match) => match[1]!);
    expect(drawn.length).toBeGreaterThan(0);
    for (const line of drawn) expect(line).toMatch(/^searching n=\d: [\d,]+ nodes, [\d,]+ nodes\/s, \d+\.\d s$/);
    // Once erased, what is left is the output as a pipe gets it: the board, a line per n, the answer.
    const left = erased(output);
    expect(left).not.toMatch(/[\r\x1b]/);
    expect(left).toMatch(/^8 {2}\. \. \. Q \. \. \. \.\n[^]*\nWhite to play and mate in 6\n\n(n=\d .*\n)+\n[^\n]+\n/);
  }, 60_000);

  it.skipIf(!hasScript)('draws nothing with NO_COLOR set, or on a dumb terminal', () => {
    for (const env of [{ NO_COLOR: '1' }, { TERM: 'dumb' }] as Array<Record<string, string>>) {
      const { status, output } = atTerminal(env, ...SECONDS_OF_SEARCH);
      expect(status).toBe(3);
      expect(output).not.toMatch(/[\r\x1b]/);
    }
  }, 60_000);
});

describe('bin/chessbot.js into a pipe', () => {
  it.each([
    ['mate', HARD, '5'],
    ['perft', 'startpos', '5'],
    ['bench', '--depth', '5'],
  ])('writes no status line for %s: no carriage return, no escape sequence', (...args) => {
    const result = chessbot(...args);
    expect(result.status).toBe(args[0] === 'mate' ? 1 : 0);
    expect(result.stdout).not.toMatch(/[\r\x1b]/);
    expect(result.stderr).toBe('');
  }, 60_000);
});
