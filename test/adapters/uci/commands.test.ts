// The UCI input parser, in-process: every command, the go parameters, and malformed input.

import { describe, expect, it } from 'vitest';
import { parseUciCommand } from '../../../src/adapters/uci/commands.ts';

describe('parseUciCommand: simple commands', () => {
  it.each(['uci', 'isready', 'ucinewgame', 'stop', 'ponderhit', 'quit', 'register'])('parses %s', (word) => {
    expect(parseUciCommand(word)).toEqual({ type: word });
  });

  it('ignores surrounding whitespace, tabs and a carriage return', () => {
    expect(parseUciCommand('  isready \r')).toEqual({ type: 'isready' });
    expect(parseUciCommand('\tgo\tdepth\t3')).toMatchObject({ type: 'go', params: { depth: 3 } });
  });

  it('parses debug on and off', () => {
    expect(parseUciCommand('debug on')).toEqual({ type: 'debug', on: true });
    expect(parseUciCommand('debug off')).toEqual({ type: 'debug', on: false });
  });

  it('skips unknown words before a command, as the specification asks', () => {
    expect(parseUciCommand('joho debug on')).toEqual({ type: 'debug', on: true });
    expect(parseUciCommand('xyzzy isready')).toEqual({ type: 'isready' });
  });

  it('calls a line without a command word unknown, and a blank line empty', () => {
    expect(parseUciCommand('hello world')).toEqual({ type: 'unknown', text: 'hello world' });
    expect(parseUciCommand('UCI')).toEqual({ type: 'unknown', text: 'UCI' });
    expect(parseUciCommand('')).toEqual({ type: 'empty' });
    expect(parseUciCommand('   ')).toEqual({ type: 'empty' });
  });
});

describe('parseUciCommand: setoption', () => {
  it('reads names and values with spaces', () => {
    expect(parseUciCommand('setoption name Hash value 128')).toEqual({ type: 'setoption', name: 'Hash', value: '128' });
    expect(parseUciCommand('setoption name Move Overhead value 30')).toEqual({
      type: 'setoption', name: 'Move Overhead', value: '30',
    });
    expect(parseUciCommand('setoption name Clear Hash')).toEqual({ type: 'setoption', name: 'Clear Hash', value: null });
    expect(parseUciCommand('setoption name Hash value')).toEqual({ type: 'setoption', name: 'Hash', value: '' });
  });

  it('rejects a setoption without a name', () => {
    expect(parseUciCommand('setoption Hash 128')).toMatchObject({ type: 'invalid', message: expect.stringMatching(/^setoption: /) });
    expect(parseUciCommand('setoption name')).toMatchObject({ type: 'invalid' });
    expect(parseUciCommand('setoption name value 3')).toMatchObject({ type: 'invalid', message: 'setoption: the option name is missing' });
  });
});

describe('parseUciCommand: position', () => {
  it('reads startpos with and without moves', () => {
    expect(parseUciCommand('position startpos')).toEqual({ type: 'position', fen: null, moves: [] });
    expect(parseUciCommand('position startpos moves')).toEqual({ type: 'position', fen: null, moves: [] });
    expect(parseUciCommand('position startpos moves e2e4 e7e5 e1g1')).toEqual({
      type: 'position', fen: null, moves: ['e2e4', 'e7e5', 'e1g1'],
    });
  });

  it('reads a FEN of six or four fields, then moves', () => {
    const fen = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';
    expect(parseUciCommand(`position fen ${fen} moves e1h1`)).toEqual({ type: 'position', fen, moves: ['e1h1'] });
    expect(parseUciCommand('position fen 8/8/8/8/8/8/8/K1k5 w - -')).toEqual({
      type: 'position', fen: '8/8/8/8/8/8/8/K1k5 w - -', moves: [],
    });
  });

  it('leaves the checking of the FEN and moves to the session', () => {
    expect(parseUciCommand('position fen garbage moves zz')).toEqual({ type: 'position', fen: 'garbage', moves: ['zz'] });
  });

  it('rejects what is neither startpos nor fen', () => {
    expect(parseUciCommand('position')).toMatchObject({ type: 'invalid' });
    expect(parseUciCommand('position moves e2e4')).toMatchObject({ type: 'invalid' });
    expect(parseUciCommand('position fen')).toMatchObject({ type: 'invalid', message: 'position: the FEN after "fen" is missing' });
    expect(parseUciCommand('position startpos e2e4')).toMatchObject({
      type: 'invalid', message: 'position: unexpected "e2e4" after startpos (moves go after "moves")',
    });
  });
});

describe('parseUciCommand: go', () => {
  it('reads every numeric parameter', () => {
    const command = parseUciCommand(
      'go wtime 60000 btime 59000 winc 1000 binc 900 movestogo 20 depth 12 nodes 500000 movetime 2500 mate 3',
    );
    expect(command).toEqual({
      type: 'go',
      params: {
        wtime: 60000, btime: 59000, winc: 1000, binc: 900, movestogo: 20, depth: 12, nodes: 500000,
        movetime: 2500, mate: 3, infinite: false, ponder: false,
      },
      warnings: [],
    });
  });

  it('reads infinite, ponder and a bare go', () => {
    expect(parseUciCommand('go infinite')).toEqual({ type: 'go', params: { infinite: true, ponder: false }, warnings: [] });
    expect(parseUciCommand('go ponder wtime 100')).toMatchObject({ params: { ponder: true, wtime: 100 } });
    expect(parseUciCommand('go')).toEqual({ type: 'go', params: { infinite: false, ponder: false }, warnings: [] });
  });

  it('accepts a negative clock (an overdrawn GUI clock)', () => {
    expect(parseUciCommand('go wtime -20 btime 100')).toMatchObject({ params: { wtime: -20, btime: 100 } });
  });

  it('collects searchmoves and ignores unknown tokens with a warning', () => {
    expect(parseUciCommand('go searchmoves e2e4 d2d4 depth 3')).toMatchObject({
      params: { searchmoves: ['e2e4', 'd2d4'], depth: 3 }, warnings: [],
    });
    expect(parseUciCommand('go fast depth 2 please')).toMatchObject({ params: { depth: 2 }, warnings: ['fast', 'please'] });
  });

  it('rejects missing, non-numeric and out-of-range values, naming them', () => {
    expect(parseUciCommand('go depth')).toEqual({ type: 'invalid', message: 'go: depth needs an integer >= 1, got nothing' });
    expect(parseUciCommand('go depth x')).toEqual({ type: 'invalid', message: 'go: depth needs an integer >= 1, got "x"' });
    expect(parseUciCommand('go depth 0')).toMatchObject({ type: 'invalid' });
    expect(parseUciCommand('go movetime 1.5')).toMatchObject({ type: 'invalid' });
    expect(parseUciCommand('go wtime abc')).toEqual({
      type: 'invalid', message: 'go: wtime needs an integer number of milliseconds, got "abc"',
    });
    expect(parseUciCommand('go mate 0')).toEqual({ type: 'invalid', message: 'go: mate needs an integer from 1 to 254, got "0"' });
    // Beyond the solver's own limit: refused when read, not failed when searched.
    expect(parseUciCommand('go mate 255')).toEqual({ type: 'invalid', message: 'go: mate needs an integer from 1 to 254, got "255"' });
    expect(parseUciCommand('go nodes 99999999999999999999')).toMatchObject({ type: 'invalid' });
  });
});
