import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CommandLineError } from '../../../src/adapters/cli/command.ts';
import {
  EXIT_MATE, EXIT_NO_MATE, EXIT_STOPPED, createMateCommand, formatJson, parseMateArguments,
} from '../../../src/adapters/cli/mate.ts';
import { MAX_THREADS } from '../../../src/input/arguments.ts';
import { runCli } from '../../../src/adapters/cli/main.ts';
import { UsageError } from '../../../src/errors.ts';
import { mateCommand as consoleMateCommand } from '../../../src/adapters/console/mateCommand.ts';
import { InlineEngine } from '../../../src/engine/index.ts';
import type { MateOutcome } from '../../../src/mate/answer.ts';
import type { MateReport } from '../../../src/search/mate/index.ts';
import { runConsole } from '../../../src/adapters/console/console.ts';
import { createStatusLine } from '../../../src/terminal/statusLine.ts';

const KNIGHT_PROMOTION = 'b7/PP6/8/8/7K/6B1/6N1/4R1bk w - - 0 1'; // #3, key b7a8n (bxa8=N)
const BISHOP_PROMOTION = '8/2P1P1P1/3PkP2/8/4K3/8/8/8 w - - 0 1'; // #3, key e7e8b (e8=B)
const CASTLING_KEY = '2N2B2/2N1r3/8/3nQ2R/1k6/8/2B5/R3K3 w Q - 0 1'; // #2, key e1c1; #3 by checks
const HARD = '3Q4/5q1k/4ppp1/2Kp1N1B/RR6/3P1r2/4nP2/3b4 w - - 0 1'; // #6: seconds of search
const BARE_KINGS = '8/8/8/8/8/8/8/k1K5 w - - 0 1';
const MATER_CHECKS_12 = '3nn3/2p2p1k/1p1pp1p1/p2B3p/r2B2N1/7N/8/7K w - - 0 1'; // #12 by checks, key h3g5
const JSON_KEYS = ['result', 'mateIn', 'keys', 'line', 'nodes', 'ms', 'proven'];

/** Times differ from run to run; everything else must not. */
const withoutTimes = (text: string) => text.replace(/\d+\.\d\d s/g, 'T s');

const engine = new InlineEngine();

/**
 * `chessbot mate` in this process. `terminal`: its stdout is a pretend terminal, which gets a
 * status line whose clock moves `msPerRead` at each reading (so that every report is drawn).
 */
async function cli(argv: string[], terminal?: { msPerRead: number }) {
  let stdout = '';
  let stderr = '';
  const command = createMateCommand({ engine: () => engine });
  const write = (text: string) => (stdout += text);
  let ms = 0;
  const statusLine = terminal && (() => createStatusLine({ isTTY: true, columns: 80, write }, { now: () => (ms += terminal.msPerRead) }));
  const status = await runCli(
    ['mate', ...argv],
    { stdout: { write }, stderr: { write: (text: string) => (stderr += text) }, ...(statusLine ? { statusLine } : {}) },
    [command],
    'chessbot 0.0.0',
  );
  return { status, stdout, stderr };
}

describe('parseMateArguments', () => {
  it('reads the FEN (quoted or spread), n and the options in any order', () => {
    const request = parseMateArguments(['--json', ...KNIGHT_PROMOTION.split(' '), '3', '--tree', '--timeout', '2.5', '--checks']);
    expect(request).toMatchObject({ json: true, tree: true, timeoutSeconds: 2.5 });
    expect(request.problem.job).toEqual({ kind: 'mate', fen: KNIGHT_PROMOTION, maxMoves: 3, mode: 'checks' });
    expect(parseMateArguments([KNIGHT_PROMOTION, '--timeout=7', '3'])).toMatchObject({
      json: false, tree: false, timeoutSeconds: 7, problem: { job: { mode: 'all' } },
    });
    expect(parseMateArguments([KNIGHT_PROMOTION, '3']).timeoutSeconds).toBeNull();
  });

  it('reads the stipulation as problemists write it (#3, s#2, h#2) or as --kind, and names a mismatch', () => {
    const HELP = 'k7/8/1K6/8/8/8/7R/8 b - - 0 1';
    expect(parseMateArguments([HELP, 'h#2']).problem.job).toEqual({ kind: 'mate', fen: HELP, maxMoves: 2, mode: 'all', stipulation: 'help' });
    expect(parseMateArguments([HELP, '2', '--kind', 'self']).problem.job).toMatchObject({ maxMoves: 2, stipulation: 'self' });
    expect(parseMateArguments([HELP, '#2']).problem.job).toEqual({ kind: 'mate', fen: HELP, maxMoves: 2, mode: 'all' });
    expect(() => parseMateArguments([HELP, 's#2', '--kind', 'help'])).toThrow(/"s#2" is a selfmate, but the kind asked is help/);
    expect(() => parseMateArguments([HELP, '2', '--kind', 'fairy'])).toThrow(/kind must be "direct", "self", "help", .*got "fairy"/);
    expect(() => parseMateArguments([HELP, 'h#2', '--checks'])).toThrow(/checks-only mode is for direct mates, not a helpmate \(h#2\)/);
    expect(() => parseMateArguments([HELP, 's#2', '--tree'])).toThrow(/tree .* not a selfmate/);
    expect(() => parseMateArguments([HELP, 'h#200'])).toThrow(/a helpmate has at most 127 moves, got h#200/);
    expect(() => parseMateArguments(['k7/1Q6/1K6/8/8/8/8/8 b - - 0 1', 's#2'])).toThrow(/black is already checkmated/i);
  });

  it('reads the other genres as problemists write them: h#2.5, h=2, h=1.5, =3, s=2, and names a wrong one', () => {
    const FEN = 'b7/PP6/8/8/7K/6B1/6N1/4R1bk w - - 0 1';
    const job = (word: string, ...more: string[]) => parseMateArguments([FEN, word, ...more]).problem.job;
    expect(job('h#2.5')).toEqual({ kind: 'mate', fen: FEN, maxMoves: 2, mode: 'all', stipulation: 'help-half' });
    expect(job('H=2')).toMatchObject({ maxMoves: 2, stipulation: 'help-stalemate' });
    expect(job('h=1.5')).toMatchObject({ maxMoves: 1, stipulation: 'help-stalemate-half' });
    expect(job('=3')).toMatchObject({ maxMoves: 3, stipulation: 'stalemate' });
    expect(job('s=2')).toMatchObject({ maxMoves: 2, stipulation: 'self-stalemate' });
    expect(job('2', '--kind', 'help-half')).toMatchObject({ maxMoves: 2, stipulation: 'help-half' });
    expect(job('ser-h#5')).toMatchObject({ maxMoves: 5, stipulation: 'series-help' });
    expect(job('SER-#3')).toMatchObject({ maxMoves: 3, stipulation: 'series-direct' });
    expect(job('ser-s#2')).toMatchObject({ maxMoves: 2, stipulation: 'series-self' });
    expect(job('ser-=3')).toMatchObject({ maxMoves: 3, stipulation: 'series-stalemate' });
    expect(job('ser-h=4')).toMatchObject({ maxMoves: 4, stipulation: 'series-help-stalemate' });
    expect(job('r#2')).toMatchObject({ maxMoves: 2, stipulation: 'reflex' });
    expect(job('semi-r#2')).toMatchObject({ maxMoves: 2, stipulation: 'semi-reflex' });
    expect(job('hs#3')).toMatchObject({ maxMoves: 3, stipulation: 'help-self' });
    expect(() => job('s#2.5')).toThrow(/"s#2\.5": a selfmate \(s#n\) has no half move/);
    expect(() => job('x#2')).toThrow(/unknown stipulation "x#2": the genres solved are #n, s#n, h#n, h#n\.5, h=n/);
    expect(() => job('h#2.5', '--kind', 'help')).toThrow(/"h#2\.5" is a helpmate, but the kind asked is help$/);
    expect(() => job('h=2', '--tree')).toThrow(/tree .* not a helpstalemate/);
  });

  it('reads --threads: 1 by default, an integer from 1 to MAX_THREADS, and names a bad one', () => {
    expect(parseMateArguments([KNIGHT_PROMOTION, '3']).threads).toBe(1);
    expect(parseMateArguments([KNIGHT_PROMOTION, '3', '--threads', '2']).threads).toBe(2);
    expect(() => parseMateArguments([KNIGHT_PROMOTION, '3', '--threads', '0'])).toThrow(/^--threads must be an integer from 1 to 256, got "0"/);
    expect(() => parseMateArguments([KNIGHT_PROMOTION, '3', '--threads', 'two'])).toThrow(/^--threads must be an integer from 1 to 256, got "two"/);
    expect(() => parseMateArguments([KNIGHT_PROMOTION, '3', '--threads', String(MAX_THREADS + 1)])).toThrow(/^--threads must be an integer from 1 to 256/);
  });

  it('asks for an engine with the threads wanted, and closes it after the search', async () => {
    const asked: number[] = [];
    let closed = 0;
    const command = createMateCommand({
      engine: (threads) => {
        asked.push(threads);
        return { run: (job, options) => engine.run(job, options), close: async () => void closed++ };
      },
    });
    const out = { stdout: { write: () => {} }, stderr: { write: () => {} } };
    expect(await runCli(['mate', KNIGHT_PROMOTION, '3', '--threads', '2', '--json'], out, [command], 'chessbot 0.0.0')).toBe(EXIT_MATE);
    expect([asked, closed]).toEqual([[2], 1]);
  });

  it('accepts n up to the solver\'s own limit, 254, whatever the console\'s and Discord\'s limit (mate.maxN)', () => {
    expect(parseMateArguments([MATER_CHECKS_12, '12', '--checks']).problem.job.maxMoves).toBe(12);
    expect(parseMateArguments([KNIGHT_PROMOTION, '254']).problem.job.maxMoves).toBe(254);
  });

  it.each([
    ['1e-3', 0.001], ['0.001', 0.001], ['.5', 0.5], ['5.', 5], ['2.5E1', 25], ['1e+2', 100], ['1e6', 1e6], ['0.0015', 0.0015],
  ])('reads --timeout %s as %f seconds', (text, seconds) => {
    expect(parseMateArguments([KNIGHT_PROMOTION, '3', '--timeout', text]).timeoutSeconds).toBe(seconds);
  });

  const RANGE = 'it must be from 0.001 to 1000000 seconds (about 11.6 days)';
  it.each([
    // Data: one line naming exactly what is wrong.
    [[KNIGHT_PROMOTION, '3', '--timeout', '0'], `--timeout "0" is not positive: ${RANGE}`, UsageError],
    [[KNIGHT_PROMOTION, '3', '--timeout', '-1'], `--timeout "-1" is not positive: ${RANGE}`, UsageError],
    [[KNIGHT_PROMOTION, '3', '--timeout', '1e-4'], `--timeout "1e-4" is too short: ${RANGE}`, UsageError],
    [[KNIGHT_PROMOTION, '3', '--timeout', '1e12'], `--timeout "1e12" is too long: ${RANGE}`, UsageError],
    [[KNIGHT_PROMOTION, '3', '--timeout', 'soon'], '--timeout must be a number of seconds such as 5, 0.5 or 1e-3, got "soon"', UsageError],
    [[KNIGHT_PROMOTION, '3', '--timeout', '1,5'], '--timeout must be a number of seconds such as 5, 0.5 or 1e-3, got "1,5"', UsageError],
    [[KNIGHT_PROMOTION, '3', '--timeout', 'Infinity'], '--timeout must be a number of seconds such as 5, 0.5 or 1e-3, got "Infinity"', UsageError],
    [[KNIGHT_PROMOTION, '3', '--timeout', '0x10'], '--timeout must be a number of seconds such as 5, 0.5 or 1e-3, got "0x10"', UsageError],
    [[KNIGHT_PROMOTION, '255'], 'n must be an integer from 1 to 254, got "255"', UsageError],
    [['8/8/8/8/8/8/8/8 w - - 0 1', '1'], /^bad FEN: .*king/, UsageError],
    [['k7/8/1QK5/8/8/8/8/8 b - - 0 1', '1'], 'black is already stalemated: there is nothing to solve', UsageError],
    // The command line itself: the usage follows.
    [[KNIGHT_PROMOTION, '3', '--fast'], 'unknown option "--fast"', CommandLineError],
    [[KNIGHT_PROMOTION, '3', '--timeout'], 'option "--timeout" needs a value', CommandLineError],
    [[KNIGHT_PROMOTION, '3', '--timeout='], 'option "--timeout" needs a value', CommandLineError],
    [[KNIGHT_PROMOTION], 'expected a FEN and a number of moves n', CommandLineError],
    [[KNIGHT_PROMOTION, '1', 'checks'], 'unknown word "checks": did you mean --checks?', CommandLineError],
    [[KNIGHT_PROMOTION, '1', 'JSON'], 'unknown word "JSON": did you mean --json?', CommandLineError],
    [[KNIGHT_PROMOTION, '1', 'timeout', '5'], 'unknown word "timeout": did you mean --timeout?', CommandLineError],
    [[...KNIGHT_PROMOTION.split(' '), '3', 'tree'], 'unknown word "tree": did you mean --tree?', CommandLineError],
    [[KNIGHT_PROMOTION, '3', '--tre'], 'unknown option "--tre": did you mean --tree?', CommandLineError],
    // A word after n is named, with what was likely meant; never read as part of the FEN.
    [[KNIGHT_PROMOTION, '3', 'extra'], /^unknown word "extra"/, UsageError],
    [[...KNIGHT_PROMOTION.split(' '), '3', 'extra'], /^unknown word "extra"/, UsageError],
    [[KNIGHT_PROMOTION, '2', 'self'], /^unknown word "self": a selfmate is written s#2 \(or --kind self\)/, UsageError],
    [[KNIGHT_PROMOTION, '2', 'helpmate'], /^unknown word "helpmate": a helpmate is written h#2/, UsageError],
    [[KNIGHT_PROMOTION, 'x', '3'], /^unexpected word "x" after the FEN/, UsageError],
  ])('rejects %j', (args, message, kind) => {
    expect(() => parseMateArguments(args)).toThrow(message);
    expect(() => parseMateArguments(args)).toThrow(kind);
    if (kind === UsageError) expect(() => parseMateArguments(args)).not.toThrow(CommandLineError);
  });
});

describe('chessbot mate at a terminal (in process)', () => {
  /** A status line drawn: erase the line, then the text, without a line feed. */
  const STATUS_DRAWN = /\r\x1b\[2K(searching n=[^\r\n]*)/g;

  it('shows a status line (n, nodes, nodes/s, time) while it searches, which the output lines erase', async () => {
    const shown = await cli([HARD, '5'], { msPerRead: 300 });
    const drawn = [...shown.stdout.matchAll(STATUS_DRAWN)].map((match) => match[1]!);
    // No mate in 5: some 330,000 nodes, a node report every 65,536.
    expect(drawn.length).toBeGreaterThanOrEqual(4);
    for (const line of drawn) expect(line).toMatch(/^searching n=[45]: [\d,]+ nodes, [\d,]+ nodes\/s, \d+\.\d s$/);
    // Erased before each line written after it, it leaves the output as it is without a terminal.
    const erased = shown.stdout.replace(STATUS_DRAWN, '').replaceAll('\r\x1b[2K', '');
    const piped = await cli([HARD, '5']);
    expect(piped.stdout).not.toMatch(/[\r\x1b]/);
    expect(withoutTimes(erased)).toBe(withoutTimes(piped.stdout));
    expect([shown.status, piped.status]).toEqual([EXIT_NO_MATE, EXIT_NO_MATE]);
  });

  it('shows none while less than one interval has passed (a quick search)', async () => {
    const shown = await cli([HARD, '5'], { msPerRead: 0 });
    expect(shown.stdout).not.toMatch(/[\r\x1b]/);
  });
});

describe('chessbot mate (in process)', () => {
  it('prints the board, one line per iteration, then the answer', async () => {
    const { status, stdout, stderr } = await cli([KNIGHT_PROMOTION, '3']);
    expect(status).toBe(EXIT_MATE);
    expect(stderr).toBe('');
    const [board, progress, answer, end] = stdout.split('\n\n');
    expect(board!.split('\n')).toHaveLength(10);
    expect(board).toMatch(/^8 {2}b \. \. \. \. \. \. \.\n/);
    expect(board).toMatch(/\n {3}a b c d e f g h\nWhite to play and mate in 3$/);
    expect(progress!.split('\n')).toEqual([
      expect.stringMatching(/^n=1 .* no mate$/),
      expect.stringMatching(/^n=2 .* no mate$/),
      expect.stringMatching(/^n=3 .* mate found$/),
    ]);
    expect(stdout).toMatch(/[^\n]\n$/);
    expect(answer!.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^Mate in 3: 1\. bxa8=N! \S+ 2\. \S+ \S+ 3\. \S+#$/),
      'Keys: bxa8=N',
      expect.stringMatching(/^\d[\d,]* nodes, \d+\.\d\d s$/),
    ]);
    expect(end).toBeUndefined();
  });

  it('exits with 1 for a proven no-mate and prints the JSON fields in order', async () => {
    const { status, stdout } = await cli([BARE_KINGS, '3', '--json']);
    expect(status).toBe(EXIT_NO_MATE);
    expect(stdout.endsWith('\n')).toBe(true);
    expect(stdout.split('\n')).toHaveLength(2);
    const json = JSON.parse(stdout);
    expect(Object.keys(json)).toEqual(JSON_KEYS);
    expect(json).toMatchObject({ result: 'no-mate', mateIn: null, keys: [], line: [], proven: 3 });
  });

  it('prints the solution tree with --tree, in text and in JSON', async () => {
    const text = await cli([CASTLING_KEY, '3', '--checks', '--tree']);
    expect(text.status).toBe(EXIT_MATE);
    expect(text.stdout).toContain('White to play and mate in 3 (checks only)');
    expect(text.stdout).toMatch(/\nMate in 3 \(checks only\): 1\. \S+\+! /);
    expect(text.stdout).toMatch(/\nKeys \(cooked, 3\): .*\nSolution tree:\n {2}1\. \S+\+!\n {6}1\.\.\. \S+ 2\. \S+\+?\n/);
    // Every defence of the tree is answered, down to mate.
    const tree = text.stdout.split('Solution tree:\n')[1]!.split('\n').filter((line) => line.startsWith('      '));
    for (const line of tree) expect(line).toMatch(/^ +\d+\.\.\. \S+ \d+\. \S+[+#]$/);

    const json = JSON.parse((await cli([CASTLING_KEY, '2', '--tree', '--json'])).stdout);
    expect(Object.keys(json)).toEqual([...JSON_KEYS, 'tree']);
    expect(json.keys).toEqual(['e1c1']);
    expect(json.tree[0]).toMatchObject({ san: 'O-O-O', uci: 'e1c1' });
    expect(json.tree[0].replies.length).toBeGreaterThan(0);
  });

  it('exits with 3 and says how far it got when the time runs out', async () => {
    const { status, stdout } = await cli([HARD, '6', '--timeout', '0.3']);
    expect(status).toBe(EXIT_STOPPED);
    expect(stdout).toMatch(/\nStopped by the time limit \(0\.3 s\) while searching n = \d: (no mate in \d.* is proven|nothing is proven yet)\.\n/);
  });

  it('proves "no mate" up to the solver\'s limit, 254, where a longer n would read past its table (a false mate in 255)', async () => {
    const { status, stdout } = await cli([BARE_KINGS, '254', '--json']);
    expect(status).toBe(EXIT_NO_MATE);
    expect(JSON.parse(stdout)).toMatchObject({ result: 'no-mate', mateIn: null, proven: 254 });
  }, 30_000);

  it('says what the help says about n: up to the solver\'s limit', async () => {
    const { stdout } = await cli(['--help']);
    expect(stdout.replace(/\s+/g, ' ')).toContain("<n> the most moves it may use, from 1 to 254 (the solver's limit)");
    expect(stdout).not.toContain('maxN');
  });

  it('prints what the console prints for /mate, word for word', async () => {
    const { stdout } = await cli([KNIGHT_PROMOTION, '3']);
    const input = new PassThrough();
    const output = new PassThrough();
    const chunks: string[] = [];
    output.on('data', (chunk) => chunks.push(String(chunk)));
    const done = runConsole({
      input, output, errorOutput: new PassThrough(), interactive: false,
      commands: [consoleMateCommand({ engine, maxN: 10, timeoutSeconds: null })],
    });
    input.end(`/mate "${KNIGHT_PROMOTION}" 3\n`);
    await done;
    expect(withoutTimes(chunks.join(''))).toBe(withoutTimes(stdout));
  });

  it('solves the position of a Lichess link, and shows the FEN it read before the board', async () => {
    const { status, stdout } = await cli(['https://lichess.org/analysis/6k1/5ppp/8/8/8/8/8/R6K_w_-_-_0_1?color=black', '1']);
    expect(status).toBe(EXIT_MATE);
    expect(stdout.split('\n')[0]).toBe('Position from the link: 6k1/5ppp/8/8/8/8/8/R6K w - - 0 1');
    expect(stdout).toContain('White to play and mate in 1');
    expect(stdout).toMatch(/\nMate in 1: 1\. Ra8#\n/);
  });

  it('solves the position after a PGN given as one (quoted) argument', async () => {
    const pgn = '[Event "Casual"]\n[Site "?"]\n\n1. e4 e5 2. Bc4 {aiming at f7} Nc6 (2... Nf6) 3. Qh5 Nf6?? *\n';
    const { status, stdout } = await cli([pgn, '1']);
    expect(status).toBe(EXIT_MATE);
    expect(stdout.split('\n')[0]).toBe('Position from the PGN: r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4');
    // Numbered on from the position the PGN reached.
    expect(stdout).toMatch(/\nMate in 1: 4\. Qxf7#\n/);
  });

  it('names a link without a position, and a PGN with an illegal move, without a stack trace', async () => {
    const game = await cli(['https://lichess.org/abcdEFGH', '2']);
    expect(game.status).toBe(2);
    expect(game.stdout).toBe('');
    expect(game.stderr).toMatch(/"https:\/\/lichess\.org\/abcdEFGH" carries no position: paste the FEN, or the link of the analysis board/);
    expect(game.stderr).not.toMatch(/\n\s+at /);
    const illegal = await cli(['1. e4 e5 2. Ke3', '2']);
    expect(illegal.status).toBe(2);
    expect(illegal.stderr).toMatch(/the PGN's move 2\. "Ke3" is not legal there/);
  });
});

describe('formatJson', () => {
  const base: MateOutcome = {
    maxMoves: 3, mode: 'all', ms: 12.4, stoppedBy: null, timeoutSeconds: null,
    report: {
      status: 'mate', mateIn: 2, keys: ['e1e4'], keysSan: ['Qe4+'], keysComplete: true, line: ['Qe4+', 'Kd2', 'Rd5#'],
      lineUci: [], lineComplete: true, nodes: 309, provenDepth: 1,
    },
  };

  it('writes the fields in the documented order, time rounded', () => {
    expect(formatJson(base, false)).toBe(
      '{"result":"mate","mateIn":2,"keys":["e1e4"],"line":["Qe4+","Kd2","Rd5#"],"nodes":309,"ms":12,"proven":1}\n',
    );
  });

  it('writes the length of a half-move genre as problemists do (h#1.5: 1.5), with its solutions', () => {
    const help: MateReport = { ...base.report, mateIn: 1, helpSolutions: [{ san: ['Kg4', 'Kxg2', 'bxa8=Q#'], uci: ['h4g4', 'h1g2', 'b7a8q'] }] };
    expect(JSON.parse(formatJson({ ...base, stipulation: 'help-half', report: help }, false))).toMatchObject({
      mateIn: 1.5, stipulation: 'help-half', solutions: [['Kg4', 'Kxg2', 'bxa8=Q#']],
    });
    expect(JSON.parse(formatJson({ ...base, stipulation: 'help-stalemate', report: help }, false))).toMatchObject({ mateIn: 1 });
  });

  it('calls a stopped search a timeout, and flags keys that may be incomplete', () => {
    const stopped: MateReport = { ...base.report, status: 'stopped', mateIn: null, keys: [], line: [], keysComplete: false };
    expect(JSON.parse(formatJson({ ...base, report: stopped, stoppedBy: 'timeout' }, false))).toMatchObject({
      result: 'timeout', mateIn: null,
    });
    const partial = { ...base.report, keysComplete: false, line: [] };
    expect(JSON.parse(formatJson({ ...base, report: partial }, false))).toMatchObject({ result: 'mate', keysComplete: false });
  });
});

// The executable itself, as a child process: exit statuses and output shape. Each costs about
// half a second, so only what the in-process tests cannot show is run this way.
describe('bin/chessbot.js mate', () => {
  const BIN = join(import.meta.dirname, '..', '..', '..', 'bin', 'chessbot.js');
  function chessbot(...args: string[]) {
    // The defaults only (maxN 10), whatever a developer's config/local.json or .env says.
    const env = { PATH: process.env.PATH ?? '', CHESSBOT_CONFIG: 'config/default.json' };
    const result = spawnSync(process.execPath, [BIN, 'mate', ...args], { encoding: 'utf8', env });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  it('solves a problem in text: board, progress, line, keys, totals; status 0', () => {
    const { status, stdout, stderr } = chessbot(KNIGHT_PROMOTION, '3');
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(stdout).toMatch(/^8 {2}b \. \. \. \. \. \. \.\n/);
    expect(stdout).toMatch(/\nn=3 .* mate found\n\nMate in 3: 1\. bxa8=N! .*\nKeys: bxa8=N\n\d[\d,]* nodes, \d+\.\d\d s\n$/);
  });

  it('prints one JSON line with --json; a FEN may be spread over words', () => {
    const { status, stdout } = chessbot(...BISHOP_PROMOTION.split(' '), '3', '--json');
    expect(status).toBe(0);
    expect(stdout).toMatch(/^\{.*\}\n$/);
    const json = JSON.parse(stdout);
    expect(Object.keys(json)).toEqual(JSON_KEYS);
    expect(json).toMatchObject({ result: 'mate', mateIn: 3, keys: ['e7e8b'], proven: 2 });
    expect(json.line[0]).toBe('e8=B');
    expect(json.line).toHaveLength(5);
  });

  it('exits with 1 when no mate in n is proven', () => {
    const { status, stdout } = chessbot(KNIGHT_PROMOTION, '2', '--json');
    expect(status).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ result: 'no-mate', mateIn: null, keys: [], proven: 2 });
  });

  it('exits with 3 when --timeout runs out', () => {
    const { status, stdout } = chessbot(HARD, '6', '--timeout', '0.5', '--json');
    expect(status).toBe(3);
    const json = JSON.parse(stdout);
    expect(json).toMatchObject({ result: 'timeout', mateIn: null, keys: [], line: [] });
    expect(json.ms).toBeGreaterThanOrEqual(450);
    expect(json.proven).toBeLessThan(6);
  });

  it('exits with 2 on bad input: one line naming it, then where to read more', () => {
    const { status, stdout, stderr } = chessbot('k7/1Q6/1K6/8/8/8/8/8 b - - 0 1', '2');
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe("chessbot: mate: black is already checkmated: there is nothing to solve\nsee 'chessbot mate --help'\n");
  });

  it('exits with 2 on a misused command line: one line naming it, then where the help is, not the help', () => {
    const { status, stdout, stderr } = chessbot(KNIGHT_PROMOTION, '1', 'checks');
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')).toEqual(['chessbot: mate: unknown word "checks": did you mean --checks?', "see 'chessbot mate --help'", '']);
  });

  it('names a stray word after n instead of blaming the FEN', () => {
    const extra = chessbot(KNIGHT_PROMOTION, '3', 'extra');
    expect(extra.status).toBe(2);
    expect(extra.stderr).toMatch(/^chessbot: mate: unknown word "extra"/);
    expect(extra.stderr).not.toMatch(/FEN/);
    const self = chessbot(KNIGHT_PROMOTION, '2', 'self');
    expect(self.status).toBe(2);
    expect(self.stderr).toMatch(/"self".*s#2/);
  });

  it('solves MATER\'s checks-only mate in 12 with the default configuration (mate.maxN 10 bounds only the console and Discord)', () => {
    const { status, stdout } = chessbot(MATER_CHECKS_12, '12', '--checks', '--json');
    expect(status).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ result: 'mate', mateIn: 12, keys: ['h3g5'], proven: 11 });
  }, 30_000);

  it('reads --timeout in exponent notation and says which bound a value breaks', () => {
    const stopped = chessbot(HARD, '6', '--timeout', '1e-3', '--json');
    expect(stopped.status).toBe(3);
    expect(JSON.parse(stopped.stdout)).toMatchObject({ result: 'timeout' });
    const tooLong = chessbot(KNIGHT_PROMOTION, '3', '--timeout', '1e12');
    expect(tooLong.status).toBe(2);
    expect(tooLong.stderr).toBe(
      'chessbot: mate: --timeout "1e12" is too long: it must be from 0.001 to 1000000 seconds (about 11.6 days)\n' +
        "see 'chessbot mate --help'\n",
    );
  });
});

describe('chessbot mate --solution', () => {
  const QG4 = '5R2/1N3p2/3pk3/6PR/3Q4/B3K3/8/8 w - - 0 1'; // #2, key Qg4+, tries

  it('reads --solution and --tries k', () => {
    expect(parseMateArguments([QG4, '2']).solution).toBeUndefined();
    expect(parseMateArguments([QG4, '2', '--solution']).solution).toEqual({ maxRefutations: 1 });
    expect(parseMateArguments([QG4, '2', '--tries', '2']).solution).toEqual({ maxRefutations: 2 });
    expect(parseMateArguments([QG4, '2', '--solution', '--tries=0']).problem.job.solution).toEqual({ maxRefutations: 0 });
    expect(() => parseMateArguments([QG4, '2', '--tries', 'x'])).toThrow(/tries/);
    expect(() => parseMateArguments([QG4, '2', '--solution', '--checks'])).toThrow(/checks-only/);
  });

  it('prints the solution after the keys, and puts it in the JSON', async () => {
    const text = await cli([QG4, '2', '--solution']);
    expect(text.status).toBe(EXIT_MATE);
    expect(text.stdout).toContain('Keys: Qg4+\nSolution:\n  1. Qg4+!\n      1... Kd5 2. Qe4#\n');
    expect(text.stdout).toContain('      but 1... f5+!\n');
    const json = await cli([QG4, '2', '--tries', '1', '--json']);
    const parsed = JSON.parse(json.stdout) as { solution: { keys: { uci: string }[]; tries: unknown[]; setPlay: unknown[]; complete: boolean } };
    expect(parsed.solution.keys.map((key) => key.uci)).toEqual(['d4g4']);
    expect(parsed.solution.tries).toHaveLength(11);
    expect(parsed.solution.setPlay).toHaveLength(4);
    expect(parsed.solution.complete).toBe(true);
  });
});
