// bench/popeye.ts, Popeye as bench:mate's second peer, without Popeye: FEN -> Popeye input (black
// to move, castling rights, en passant), Popeye's output -> UCI keys (fixtures are Popeye 4.104's
// real output, captured from the inputs beside them), and the order of the #n, #(n-1), ... runs
// against a fake Popeye (a small Node script) that answers from a table.

import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  PopeyeUnsupported, parsePopeyeOutput, popeyeInput, popeyeMoveToUci, popeyeSetup, solveWithPopeye,
} from '../../bench/popeye.ts';
import { locatePopeye } from '../../bench/programs.ts';
import { FenError } from '../../src/chess/fen.ts';
import { BLACK, WHITE } from '../../src/chess/types.ts';

const BANNER = 'Popeye Linux-6.18.44-fc-v657-unknown-64Bit v4.104 (1024 MB)\n\n';
const FINISHED = '\n\nsolution finished. Time = 0.005 s\n\n\n';
/** Popeye's output with these key lines, as it prints them (Option NoBoard). */
const solved = (...lines: string[]): string => `${BANNER}${lines.map((l) => `   ${l}\n`).join('\n')}${FINISHED}`;
const NONE = `${BANNER}\nsolution finished. Time = 0.005 s\n\n\n`;

describe('FEN -> Popeye input', () => {
  it('writes the board in Popeye letters (S is the knight) and the stipulation', () => {
    expect(popeyeInput('b7/PP6/8/8/7K/6B1/6N1/4R1bk w - - 0 1', 3)).toBe(
      'BeginProblem\nForsyth b7/PP6/8/8/7K/6B1/6S1/4R1bk\nStipulation #3\nOption NoBoard\nEndProblem\n',
    );
    expect(popeyeSetup('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1').forsyth).toBe('rsbqkbsr/pppppppp/8/8/8/8/PPPPPPPP/RSBQKBSR');
  });

  it('has Black play first with HalfDuplex when Black is to move', () => {
    expect(popeyeInput('2q5/4B2p/7n/4p1pk/P2n1b2/R3P2P/2r3P1/1Q3R1K b - - 0 1', 3)).toBe(
      'BeginProblem\nForsyth 2q5/4B2p/7s/4p1pk/P2s1b2/R3P2P/2r3P1/1Q3R1K\nStipulation #3\nOption NoBoard\nOption HalfDuplex\nEndProblem\n',
    );
    expect(popeyeSetup('2q5/4B2p/7n/4p1pk/P2n1b2/R3P2P/2r3P1/1Q3R1K b - - 0 1').turn).toBe(BLACK);
  });

  it('forbids the castlings the FEN does not grant (Popeye allows any with king and rook at home)', () => {
    // The rights held need nothing; a home rook without its right is named.
    expect(popeyeSetup('2N2B2/2N1r3/8/3nQ2R/1k6/8/2B5/R3K3 w Q - 0 1').options).toEqual([]);
    expect(popeyeSetup('2N2B2/2N1r3/8/3nQ2R/1k6/8/2B5/R3K3 w - - 0 1').options).toEqual(['NoCastling a1']);
    expect(popeyeSetup('r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1').options).toEqual(['NoCastling a1h8']);
    expect(popeyeSetup('r3k2r/8/8/8/8/8/8/R3K2R b - - 0 1').options).toEqual(['HalfDuplex', 'NoCastling a1h1a8h8']);
    expect(popeyeSetup('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1').options).toEqual([]);
    // A king away from e1/e8 cannot castle in Popeye either; a missing rook needs no word.
    expect(popeyeSetup('r5kr/8/8/8/8/8/8/R3K3 w - - 0 1').options).toEqual(['NoCastling a1']);
    expect(popeyeSetup('r2qk2r/pp1nbRpp/4Q3/1B6/8/3p4/PPP3PP/5RK1 w kq - 0 1').options).toEqual([]);
  });

  it('gives the double step just played for a legal en passant capture, and nothing otherwise', () => {
    expect(popeyeInput('8/8/p1K5/k2pP2R/pp6/8/8/8 w - d6 0 1', 3, { maxTimeSeconds: 59.2 })).toBe(
      'BeginProblem\nForsyth 8/8/p1K5/k2pP2R/pp6/8/8/8\nStipulation #3\nOption NoBoard\nOption EnPassant d7d6d5\nOption MaxTime 60\nEndProblem\n',
    );
    expect(popeyeSetup('8/8/8/PP6/K2Pp2r/P1k5/8/8 b - d3 0 1').options).toEqual(['HalfDuplex', 'EnPassant d2d3d4']);
    // No pawn can take on e3: the square is dropped as our FEN parser drops it.
    expect(popeyeSetup('4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1').options).toEqual(['HalfDuplex']);
  });

  it('refuses what Popeye cannot be asked, and bad input', () => {
    expect(() => popeyeInput('1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1', 2)).toThrow(PopeyeUnsupported);
    expect(() => popeyeInput('7k/8/6K1/8/8/8/8/1Q6 w - - 0 1', 2, { checksOnly: true })).toThrow(PopeyeUnsupported);
    expect(() => popeyeInput('7k/8/6K1/8/8/8/8/1Q6 w - - 0 1', 0)).toThrow(RangeError);
    expect(() => popeyeInput('8/8/8/8/8/8/8/8 w - - 0 1', 2)).toThrow(FenError);
  });
});

describe('Popeye output -> UCI keys', () => {
  it('reads moves in every form Popeye prints them', () => {
    expect(popeyeMoveToUci('Kh7-g7', WHITE)).toBe('h7g7');
    expect(popeyeMoveToUci('b7*a8=S', WHITE)).toBe('b7a8n');
    expect(popeyeMoveToUci('b7-b8=R', WHITE)).toBe('b7b8r');
    expect(popeyeMoveToUci('e7-e8=B', WHITE)).toBe('e7e8b');
    expect(popeyeMoveToUci('b2-b1=Q', BLACK)).toBe('b2b1q');
    expect(popeyeMoveToUci('e5*d6 ep.', WHITE)).toBe('e5d6');
    expect(popeyeMoveToUci('0-0', WHITE)).toBe('e1g1');
    expect(popeyeMoveToUci('0-0-0', WHITE)).toBe('e1c1');
    expect(popeyeMoveToUci('0-0', BLACK)).toBe('e8g8');
    expect(popeyeMoveToUci('0-0-0', BLACK)).toBe('e8c8');
    expect(() => popeyeMoveToUci('Ng1-f3', WHITE)).toThrow(/not a Popeye move/); // N: a nightrider
  });

  it('reads a key with a promotion to a knight (suite #1, #3)', () => {
    const out = 'Popeye Linux-6.18.44-fc-v657-unknown-64Bit v4.104 (1024 MB)\n\n   1.b7*a8=S !\n\n\nsolution finished. Time = 0.008 s\n\n\n';
    expect(parsePopeyeOutput(out, WHITE)).toEqual({ keys: ['b7a8n'], mateKeys: [], complete: true, interrupted: false, errors: [], version: 'v4.104' });
  });

  it('reads Black\'s key under HalfDuplex (suite #18, #3)', () => {
    const out = 'Popeye Linux-6.18.44-fc-v657-unknown-64Bit v4.104 (1024 MB)\n\n   1.Qc8*h3 + !\n\n\nsolution finished. Time = 0.013 s\n\n\n';
    expect(parsePopeyeOutput(out, BLACK).keys).toEqual(['c8h3']);
  });

  it('reads castling keys for either side (suite #9; suite #12 mirrored, Black to move)', () => {
    expect(parsePopeyeOutput(solved('1.0-0-0 !'), WHITE).keys).toEqual(['e1c1']);
    // 4k2r/1b6/8/4KB1q/4nR1P/2r5/7b/8 b k - 0 1, #2 with HalfDuplex
    expect(parsePopeyeOutput(solved('1.0-0 !'), BLACK).keys).toEqual(['e8g8']);
  });

  it('reads en passant keys, and a key that mates at once', () => {
    // 8/8/p1K5/k2pP2R/pp6/8/8/8 w - d6, #1 with EnPassant d7d6d5; its mirror, Black to move.
    expect(parsePopeyeOutput(solved('1.e5*d6 ep. # !'), WHITE)).toMatchObject({ keys: ['e5d6'], mateKeys: ['e5d6'], complete: true });
    expect(parsePopeyeOutput(solved('1.e4*d3 ep. # !'), BLACK)).toMatchObject({ keys: ['e4d3'], mateKeys: ['e4d3'] });
  });

  it('reads every key of #n, the mates in 1 among them (7k/8/6K1/8/8/8/8/1Q6 w, #2)', () => {
    const out = solved(
      '1.Qb1-f5 !', '1.Qb1-e4 !', '1.Qb1-d3 !', '1.Qb1-c2 !', '1.Qb1-a1 + !', '1.Qb1-b8 # !', '1.Qb1-b7 !', '1.Qb1-b6 !',
      '1.Qb1-b5 !', '1.Qb1-b4 !', '1.Qb1-b2 + !', '1.Qb1-h1 + !', '1.Qb1-e1 !', '1.Qb1-d1 !', '1.Qb1-c1 !',
    );
    const parsed = parsePopeyeOutput(out, WHITE);
    expect(parsed.keys).toEqual(['b1f5', 'b1e4', 'b1d3', 'b1c2', 'b1a1', 'b1b8', 'b1b7', 'b1b6', 'b1b5', 'b1b4', 'b1b2', 'b1h1', 'b1e1', 'b1d1', 'b1c1']);
    expect(parsed.mateKeys).toEqual(['b1b8']);
  });

  it('reads Black\'s promotions (suite #1 mirrored, Black to move, #4)', () => {
    const out = solved('1.b2-b1=Q !', '1.b2*a1=S !', '1.Bg6-f7 !', '1.Sg7-e6 !', '1.Re8*g8 + !');
    expect(parsePopeyeOutput(out, BLACK).keys).toEqual(['b2b1q', 'b2a1n', 'g6f7', 'g7e6', 'e8g8']);
  });

  it('reads the 117 keys of suite #8 as the suite lists them', () => {
    const lines = `Rg1-a1 Rg1-b1 Rg1-c1 Rg1-d1 Rg1-e1 Rg1-f1 Rg1*g7 Rg1-g6 Rg1-g5 Rg1-g4 Rg1-g3 Rg1-g2 Rg1-h1 a2-a4 a2-a3
      Ke2-d1 Ke2-f1 Ke2-f3 Ke2-d3 Ke2-e1 Ke2-d2 Ke2-e3 f2-f4 f2-f3 Qc3-a1 Qc3-b2 Qc3-e1 Qc3-d2 Qc3*g7_+ Qc3-f6 Qc3-e5 Qc3-d4
      Qc3-a5 Qc3-b4 Qc3-c1 Qc3-c2 Qc3-a3 Qc3-b3 Qc3-c8 Qc3-c7 Qc3-c6 Qc3-c5 Qc3-c4 Qc3-h3 Qc3-g3 Qc3-f3 Qc3-e3 Qc3-d3 Be4-b1
      Be4-c2 Be4-d3 Be4-h1 Be4-g2 Be4-f3 Be4*h7 Be4-g6 Be4-f5 Be4-c6 Be4-d5 Rh5-h1 Rh5-h2 Rh5-h3 Rh5-h4 Rh5-a5 Rh5-b5 Rh5-c5
      Rh5-d5 Rh5-e5 Rh5-f5 Rh5-g5 Sb6-a4 Sb6-c4 Sb6-d5 Sb6-c8 Sb6-a8 Bd6-a3 Bd6-b4 Bd6-c5 Bd6-h2 Bd6-g3 Bd6-f4 Bd6-e5 Bd6-b8
      Bd6-c7 Se6-c5 Se6-d4 Se6-f4 Se6-g5 Se6*g7 Se6-f8 Se6-d8 Se6-c7 h6*g7_+ a7-a8=Q a7-a8=S a7-a8=R a7-a8=B b7-b8=Q b7-b8=S
      b7-b8=R b7-b8=B d7-d8=Q d7-d8=S d7-d8=R d7-d8=B e7-e8=Q e7-e8=S e7-e8=R e7-e8=B f7-f8=Q f7-f8=S f7-f8=R f7-f8=B
      f7*g8=Q_+ f7*g8=S f7*g8=R_+ f7*g8=B`.trim().split(/\s+/).map((m) => `1.${m.replace('_', ' ')} !`);
    const keys = parsePopeyeOutput(solved(...lines), WHITE).keys;
    expect(keys).toHaveLength(117);
    expect(keys).toContain('c3g7');
    expect(keys).toContain('f7g8n');
    expect(keys).toContain('h6g7');
  });

  it('tells no solution, an interruption, and complaints apart', () => {
    // 1N3B2/5p2/2R2p2/1p1kpp2/1P2rp2/2P1pB2/2P1P1K1/8 w, #2 (suite #58)
    expect(parsePopeyeOutput(NONE, WHITE)).toEqual({ keys: [], mateKeys: [], complete: true, interrupted: false, errors: [], version: 'v4.104' });
    // 8/6p1/5p2/5P2/5P2/8/3K4/k2B4 w, #8 with Option MaxTime 1
    const interrupted = parsePopeyeOutput(`${BANNER}solving interrupted. Time = 1.565 s\n\n\n`, WHITE);
    expect(interrupted).toMatchObject({ keys: [], complete: false, interrupted: true, errors: [] });
    // Complaints go to standard error while standard output still says "solution finished."
    expect(parsePopeyeOutput(NONE, WHITE, 'input-error:offending item: h8\noffending item: h8\n').errors).toEqual(['input-error:offending item: h8', 'offending item: h8']);
    expect(parsePopeyeOutput(NONE, WHITE, '\nthe side to play can capture the king').errors).toEqual(['the side to play can capture the king']);
  });
});

describe('asking Popeye #n, #(n-1), ... (a fake Popeye)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'popeye-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A fake Popeye that prints, for "Stipulation #k", answers[k] (or no solution), and logs k. */
  function fake(name: string, answers: Record<number, string[]>, options: { sleepMs?: number } = {}): { path: string; log: string } {
    const path = join(dir, name);
    const log = join(dir, `${name}.log`);
    const script = `#!${process.execPath}
const fs = require('node:fs');
const input = fs.readFileSync(0, 'utf8');
const k = Number(/Stipulation #(\\d+)/.exec(input)[1]);
fs.appendFileSync(${JSON.stringify(log)}, k + '\\n');
const answers = ${JSON.stringify(answers)};
const keys = answers[k] || [];
const out = ${JSON.stringify(BANNER)} + keys.map((key) => '   1.' + key + ' !\\n').join('\\n') + ${JSON.stringify(FINISHED)};
setTimeout(() => process.stdout.write(out), ${options.sleepMs ?? 0});
`;
    writeFileSync(path, script);
    chmodSync(path, 0o755);
    writeFileSync(log, '');
    return { path, log };
  }
  const asked = (log: string): number[] => readFileSync(log, 'utf8').trim().split('\n').filter((l) => l !== '').map(Number);

  it('stops at #n when it has no solution: the proof of no mate in n', async () => {
    const py = fake('none', {});
    const result = await solveWithPopeye(py.path, '7k/8/6K1/8/8/8/8/1Q6 w - - 0 1', 3, 10_000);
    expect(result).toMatchObject({ status: 'no-mate', solved: false, mateIn: null, keys: [], timedOut: false });
    expect(asked(py.log)).toEqual([3]);
  });

  it('goes down until a stipulation has no solution: the last one solved is the shortest, with its keys', async () => {
    const py = fake('down', { 4: ['Qb1-b7', 'Qb1-b6', 'Qb1-c2'], 3: ['Qb1-b6', 'Qb1-c2'] });
    const result = await solveWithPopeye(py.path, '7k/8/6K1/8/8/8/8/1Q6 w - - 0 1', 4, 10_000);
    expect(result).toMatchObject({ status: 'mate', solved: true, mateIn: 3, keys: ['b1b6', 'b1c2'] });
    expect(result.runs.map((r) => [r.moves, r.status])).toEqual([[4, 'solved'], [3, 'solved'], [2, 'none']]);
    expect(asked(py.log)).toEqual([4, 3, 2]);
  });

  it('needs no further run once a key mates at once, and no #0', async () => {
    const py = fake('mate1', { 3: ['Qb1-b7', 'Qb1-b8 #'], 1: ['Qb1-b8 #'] });
    expect(await solveWithPopeye(py.path, '7k/8/6K1/8/8/8/8/1Q6 w - - 0 1', 3, 10_000)).toMatchObject({ status: 'mate', mateIn: 1, keys: ['b1b8'] });
    expect(asked(py.log)).toEqual([3]);
    const one = fake('one', { 1: ['Qb1-b8 #'] });
    expect(await solveWithPopeye(one.path, '7k/8/6K1/8/8/8/8/1Q6 w - - 0 1', 1, 10_000)).toMatchObject({ status: 'mate', mateIn: 1, keys: ['b1b8'] });
  });

  it('kills Popeye at the cap and says so', async () => {
    const py = fake('slow', { 2: ['Qb1-b7'] }, { sleepMs: 5_000 });
    const result = await solveWithPopeye(py.path, '7k/8/6K1/8/8/8/8/1Q6 w - - 0 1', 2, 300);
    expect(result).toMatchObject({ status: 'timeout', solved: false, mateIn: null, timedOut: true });
    expect(result.ms).toBeLessThan(3_000);
  });

  it('reports a program that is not there, and what Popeye cannot be asked', async () => {
    expect(await solveWithPopeye(join(dir, 'missing'), '7k/8/6K1/8/8/8/8/1Q6 w - - 0 1', 2, 1_000)).toMatchObject({ status: 'error', solved: false });
    expect(await solveWithPopeye(join(dir, 'missing'), '7k/8/6K1/8/8/8/8/1Q6 w - - 0 1', 2, 1_000, { checksOnly: true })).toMatchObject({ status: 'unsupported', runs: [] });
  });

  it('finds the binary through --popeye or POPEYE, and only then', () => {
    const py = fake('found', {});
    expect(locatePopeye(undefined, undefined)).toEqual({ path: null, note: '' });
    expect(locatePopeye(undefined, '')).toEqual({ path: null, note: '' });
    expect(locatePopeye(undefined, py.path)).toEqual({ path: py.path, note: '' });
    expect(locatePopeye(py.path, '/elsewhere/py')).toEqual({ path: py.path, note: '' });
    expect(locatePopeye(undefined, join(dir, 'missing')).note).toMatch(/^POPEYE=.*missing: not an executable file$/);
    expect(locatePopeye(dir, undefined).note).toMatch(/^--popeye .*: not an executable file$/);
    expect(locatePopeye('no-such-popeye-here', undefined).note).toBe('--popeye no-such-popeye-here: not on PATH (nor in /usr/games)');
  });
});
