// The `chessbot` executable end to end, as a child process: exit status and output shape.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '..', '..', '..', 'bin', 'chessbot.js');
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

function chessbot(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A usage failure: status 2, nothing on stdout, one error line then the usage, no stack trace. */
function expectUsageFailure(result: ReturnType<typeof chessbot>, firstLine: RegExp) {
  expect(result.status).toBe(2);
  expect(result.stdout).toBe('');
  const lines = result.stderr.split('\n');
  expect(lines[0]).toMatch(firstLine);
  expect(lines[1]).toMatch(/^usage: chessbot /);
  expect(result.stderr).not.toMatch(/^\s+at /m);
}

describe('bin/chessbot.js', () => {
  it('lists the commands for --help', () => {
    const result = chessbot('--help');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^usage: chessbot <command>/);
    expect(result.stdout).toMatch(/^ {2}perft <fen\|startpos> <depth> \[--divide\] \[--json\]/m);
    expect(result.stdout).toMatch(/^ {2}mate <fen> <n> \[--checks\] \[--tree\] \[--timeout <seconds>\] \[--json\]/m);
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

  it('rejects a bad depth', () => {
    expectUsageFailure(
      chessbot('perft', 'startpos', '0'),
      /^chessbot: perft: depth must be an integer from 1 to 10, got "0"$/,
    );
    expectUsageFailure(chessbot('perft', 'startpos', 'deep'), /^chessbot: perft: depth must be/);
  });

  it('rejects an unknown command', () => {
    expectUsageFailure(chessbot('solve', 'startpos'), /^chessbot: unknown command "solve"$/);
  });

  it('rejects a missing command', () => {
    expectUsageFailure(chessbot(), /^chessbot: missing command$/);
  });

  it('rejects a bad FEN, naming the problem', () => {
    const unknownPiece = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1';
    expectUsageFailure(chessbot('perft', unknownPiece, '1'), /^chessbot: perft: bad FEN: /);
    expectUsageFailure(chessbot('perft', 'not-a-fen', '1'), /^chessbot: perft: bad FEN: /);
  });

  it('rejects an unknown option', () => {
    expectUsageFailure(chessbot('perft', 'startpos', '1', '--fast'), /^chessbot: perft: unknown option "--fast"$/);
  });
});
