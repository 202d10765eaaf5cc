import { describe, expect, it } from 'vitest';
import { parsePerftArguments, runPerft } from '../../../src/adapters/cli/perft.ts';
import { CommandLineError } from '../../../src/adapters/cli/command.ts';
import { UsageError } from '../../../src/errors.ts';
import { STARTING_FEN } from '../../../src/chess/fen.ts';

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

describe('parsePerftArguments', () => {
  it('reads startpos, the depth and the flags in any order', () => {
    expect(parsePerftArguments(['--json', 'startpos', '3', '--divide'])).toEqual({
      fen: STARTING_FEN,
      depth: 3,
      divide: true,
      json: true,
    });
  });

  it('reads a FEN given as one argument or spread over several', () => {
    expect(parsePerftArguments([KIWIPETE, '2']).fen).toBe(KIWIPETE);
    expect(parsePerftArguments([...KIWIPETE.split(' '), '2']).fen).toBe(KIWIPETE);
  });

  it.each([
    // Bad data: the message, then a hint to the help.
    [['startpos', '0'], new UsageError('depth must be an integer from 1 to 10, got "0"')],
    [['startpos', '11'], new UsageError('depth must be an integer from 1 to 10, got "11"')],
    [['startpos', 'three'], new UsageError('depth must be an integer from 1 to 10, got "three"')],
    // A misused command line: the message, then the usage.
    [['startpos'], new CommandLineError('expected a FEN (or "startpos") and a depth')],
    [['startpos', '3', '--fast'], new CommandLineError('unknown option "--fast"')],
    [['startpos', '3', 'divide'], new CommandLineError('unknown word "divide": did you mean --divide?')],
    [['startpos', '3', 'extra'], new CommandLineError('unknown word "extra" after the depth')],
  ])('rejects %j', (args, error) => {
    expect(() => parsePerftArguments(args)).toThrow(error);
  });
});

describe('runPerft', () => {
  it.each([
    [1, 20],
    [2, 400],
    [3, 8902],
    [4, 197281],
  ])('counts startpos to depth %i: %i', (depth, nodes) => {
    expect(runPerft({ fen: STARTING_FEN, depth, divide: false, json: false }).nodes).toBe(nodes);
  });

  it('counts Kiwipete to depth 3: 97862', () => {
    expect(runPerft({ fen: KIWIPETE, depth: 3, divide: false, json: false }).nodes).toBe(97862);
  });

  it('divides by root move in UCI, sorted, summing to the total', () => {
    const result = runPerft({ fen: STARTING_FEN, depth: 3, divide: true, json: false });
    expect(result.divide?.size).toBe(20);
    expect(result.divide?.get('e2e4')).toBe(600);
    expect(result.divide?.get('g1f3')).toBe(440);
    expect([...result.divide!.keys()]).toEqual([...result.divide!.keys()].sort());
    expect([...result.divide!.values()].reduce((a, b) => a + b)).toBe(8902);
    expect(result.nodes).toBe(8902);
  });

  it('turns a bad FEN into a usage error naming the problem', () => {
    expect(() => runPerft({ fen: '8/8/8/8/8/8/8/8 w - - 0 1', depth: 1, divide: false, json: false })).toThrow(
      /^bad FEN: .*king/,
    );
  });
});
