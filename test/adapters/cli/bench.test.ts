import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BENCH_PERFT_DEPTH,
  DEFAULT_BENCH_DEPTH,
  TIMED_PASSES,
  type BenchProgress,
  benchCommand,
  formatBenchWhere,
  formatSummary,
  parseBenchArguments,
  runBench,
} from '../../../src/adapters/cli/bench.ts';
import { BENCH_POSITIONS } from '../../../src/adapters/cli/benchPositions.ts';
import { CommandLineError } from '../../../src/adapters/cli/command.ts';
import { UsageError } from '../../../src/errors.ts';
import { parseFen } from '../../../src/chess/fen.ts';

const BIN = join(import.meta.dirname, '..', '..', '..', 'bin', 'chessbot.js');

describe('parseBenchArguments', () => {
  it('defaults to the bench depth and text output', () => {
    expect(parseBenchArguments([])).toEqual({ depth: DEFAULT_BENCH_DEPTH, json: false });
  });

  it('reads --depth in both spellings and --json', () => {
    expect(parseBenchArguments(['--depth', '4', '--json'])).toEqual({ depth: 4, json: true });
    expect(parseBenchArguments(['--depth=12'])).toEqual({ depth: 12, json: false });
  });

  it.each([
    // Bad data: the message, then a hint to the help.
    [['--depth', '0'], new UsageError('--depth must be an integer from 1 to 30, got "0"')],
    [['--depth', 'deep'], new UsageError('--depth must be an integer from 1 to 30, got "deep"')],
    // A misused command line: the message, then the usage.
    [['--depth'], new CommandLineError('option "--depth" needs a value')],
    [['--fast'], new CommandLineError('unknown option "--fast"')],
    [['startpos'], new CommandLineError('unknown word "startpos"')],
    [['json'], new CommandLineError('unknown word "json": did you mean --json?')],
    [['depth', '4'], new CommandLineError('unknown word "depth": did you mean --depth?')],
    [['8'], new CommandLineError('unknown word "8": did you mean --depth 8?')],
  ])('rejects %j', (args, error) => {
    expect(() => parseBenchArguments(args)).toThrow(error);
  });
});

describe('the bench positions', () => {
  it('are about thirty legal positions with unique names', () => {
    expect(BENCH_POSITIONS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(BENCH_POSITIONS.map((position) => position.name)).size).toBe(BENCH_POSITIONS.length);
    for (const { fen } of BENCH_POSITIONS) expect(() => parseFen(fen)).not.toThrow();
  });
});

/** The signature at depth 3, computed once. */
const DEPTH_3_NODES = runBench(3, { perft: false }).nodes;

describe('runBench', () => {
  it('gives the same node signature on every run (in one process, one engine per run)', () => {
    const first = runBench(5, { perft: false });
    const second = runBench(5, { perft: false });
    expect(first.nodes).toBeGreaterThan(0);
    expect(second.nodes).toBe(first.nodes);
    expect(second.positions.map((p) => p.nodes)).toEqual(first.positions.map((p) => p.nodes));
    expect(second.positions.map((p) => p.bestMove)).toEqual(first.positions.map((p) => p.bestMove));
    expect(first.positions.reduce((sum, p) => sum + p.nodes, 0)).toBe(first.nodes);
  });

  it('tells where it is every few thousand nodes (a status line), and the signature is the same', () => {
    const heard: BenchProgress[] = [];
    const result = runBench(6, { perft: false, timedPasses: 1, onNodes: (where) => heard.push(where) });
    expect(result.nodes).toBe(runBench(6, { perft: false, timedPasses: 1 }).nodes);
    expect(heard.length).toBeGreaterThan(0);
    // Both passes, every position in order, the nodes of both so far, never going back.
    expect(new Set(heard.map((where) => where.pass))).toEqual(new Set([0, 1]));
    for (let i = 1; i < heard.length; i++) {
      const [before, now] = [heard[i - 1]!, heard[i]!];
      expect(now.nodes).toBeGreaterThan(before.nodes);
      expect(now.pass * 1000 + now.index).toBeGreaterThanOrEqual(before.pass * 1000 + before.index);
    }
    expect(heard.at(-1)!.nodes).toBeLessThanOrEqual(2 * result.nodes);
    expect(heard.every((where) => where.passes === 2 && where.count === BENCH_POSITIONS.length)).toBe(true);
    expect(formatBenchWhere(heard[0]!)).toMatch(/^first pass, position \d+\/32$/);
    expect(formatBenchWhere({ ...heard[0]!, pass: 1, index: 16 })).toBe('timed pass 1/1, position 17/32');
  });

  it('does not depend on the clock, and times a bulk perft of the initial position', () => {
    let time = 0;
    const fake = runBench(3, { now: () => (time += 7) });
    expect(fake.nodes).toBe(DEPTH_3_NODES);
    expect(fake.perft).toMatchObject({ depth: BENCH_PERFT_DEPTH, nodes: 4_865_609, ms: 7 });
    expect(fake.perft!.nps).toBe(Math.round(4_865_609 / 7 * 1000));
    expect(fake.nps).toBe(Math.round((fake.nodes * 1000) / fake.ms));
  });

  it('searches the positions once cold, then times three more passes and reports the fastest', () => {
    let time = 0;
    let coldSeen: unknown = null;
    const seen: string[] = [];
    const result = runBench(2, {
      perft: false,
      now: () => (time += 7),
      onColdPass: (cold) => { coldSeen = cold; expect(seen).toHaveLength(0); },
      onPosition: (p) => seen.push(p.name),
    });
    expect(seen).toHaveLength(BENCH_POSITIONS.length); // one line per position: the first timed pass's
    expect(coldSeen).toEqual(result.cold);
    expect(result.cold.ms).toBeGreaterThan(0);
    expect(result.cold.nps).toBe(Math.round((result.nodes * 1000) / result.cold.ms));
    expect(result.passes).toHaveLength(TIMED_PASSES);
    expect(time).toBeGreaterThanOrEqual(result.cold.ms + result.passes.reduce((sum, pass) => sum + pass.ms, 0)); // all timed on the clock
  });

  it('reports the fastest timed pass as the speed, whichever it was', () => {
    // How often one pass reads the clock, then a clock that ticks 7 ms a reading but 1 ms during
    // the second timed pass (the third pass in all).
    let readings = 0;
    runBench(1, { perft: false, timedPasses: 1, now: () => readings++ });
    const perPass = readings / 2;
    let time = 0;
    let reading = 0;
    const result = runBench(1, {
      perft: false,
      now: () => (time += Math.floor(reading++ / perPass) === 2 ? 1 : 7),
    });
    const [first, second, third] = result.passes.map((pass) => pass.ms);
    expect(second).toBeLessThan(first);
    expect(second).toBeLessThan(third);
    expect(result.ms).toBe(second);
    expect(result.nps).toBe(Math.round((result.nodes * 1000) / result.ms));
    expect(result.passes[1].nps).toBe(result.nps);
  });

  it('searches deeper for a greater depth, reporting each position as it goes', () => {
    const seen: string[] = [];
    const shallow = runBench(2, { perft: false, onPosition: (p, index, count) => seen.push(`${index + 1}/${count} ${p.name}`) });
    expect(seen).toHaveLength(BENCH_POSITIONS.length);
    expect(seen[0]).toBe(`1/${BENCH_POSITIONS.length} ${BENCH_POSITIONS[0]!.name}`);
    expect(shallow.perft).toBeNull();
    expect(DEPTH_3_NODES).toBeGreaterThan(shallow.nodes);
  });

  it('prints the signature, the time and both speeds', () => {
    let time = 0;
    const text = formatSummary(runBench(1, { now: () => (time += 5) }));
    expect(text).toMatch(/^positions: \d+ at depth 1$/m);
    expect(text).toMatch(/^nodes: \d+$/m);
    expect(text).toMatch(/^time: \d+ ms \(the fastest of 3 timed passes\)$/m);
    expect(text).toMatch(/^nps: \d+$/m);
    expect(text).toMatch(/^timed passes nps: \d+ \d+ \d+$/m);
    expect(text).toMatch(/^first pass nps: \d+ \(while V8 compiled the search\)$/m);
    expect(text).toMatch(/^perft nps: 973121800 \(initial position, depth 5: 4865609 nodes in 5 ms\)$/m);
    expect(formatSummary(runBench(1, { perft: false }))).not.toMatch(/perft/);
  });
});

describe('chessbot bench', () => {
  it('prints one line per position, then the totals', async () => {
    let stdout = '';
    const sink = { write: (text: string) => (stdout += text) };
    await benchCommand.run(['--depth', '2'], { stdout: sink, stderr: sink });
    const lines = stdout.trimEnd().split('\n');
    expect(lines.shift()).toMatch(/^first pass \(\d+ positions at depth 2, while V8 compiles the search\) \.\.\.$/);
    expect(lines.shift()).toMatch(/^first pass: \d+ ms, \d+ nodes\/s; the first timed pass:$/);
    expect(lines[0]).toMatch(/^ 1\/\d+ {2}BK\.01 +nodes +\d+ +\d+ ms {2}bestmove [a-h][1-8][a-h][1-8]\S* +(cp|mate) -?\d+$/);
    expect(lines.filter((line) => / nodes +\d+ /.test(line))).toHaveLength(BENCH_POSITIONS.length);
    expect(stdout).toContain(`nodes: ${runBench(2, { perft: false }).nodes}\n`);
    expect(stdout).toMatch(/^perft nps: \d+ /m);
  });

  it('prints exactly one JSON line with --json (as a child process)', () => {
    const result = spawnSync(process.execPath, [BIN, 'bench', '--depth', '3', '--json'], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
    const json = JSON.parse(result.stdout);
    expect(json).toMatchObject({ depth: 3, nodes: DEPTH_3_NODES, cold: { ms: expect.any(Number), nps: expect.any(Number) }, perft: { depth: 5, nodes: 4_865_609 } });
    expect(json.passes).toHaveLength(3);
    expect(Math.min(...json.passes.map((pass: { ms: number }) => pass.ms))).toBe(json.ms);
    expect(json.positions).toHaveLength(BENCH_POSITIONS.length);
    expect(Object.keys(json.positions[0])).toEqual(['name', 'fen', 'nodes', 'ms', 'bestMove', 'score']);
  });
});
