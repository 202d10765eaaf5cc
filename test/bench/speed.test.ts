// bench/speed.ts: its command line, and a real comparison of this tree with itself.

import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SpeedUsageError, compareTrees, parseSpeedArguments } from '../../bench/speed.ts';

const TREE = fileURLToPath(new URL('../..', import.meta.url));

describe('bench:speed', () => {
  it('takes two source trees, a depth and a number of rounds', () => {
    expect(parseSpeedArguments([TREE, TREE, '--depth', '5', '--rounds', '3'])).toEqual({ trees: [TREE, TREE], depth: 5, rounds: 3 });
    expect(parseSpeedArguments([TREE, TREE])).toEqual({ trees: [TREE, TREE], depth: 9, rounds: 6 });
  });

  it('names what is wrong with a command line', () => {
    const problem = (argv: string[]) => {
      try {
        parseSpeedArguments(argv);
      } catch (error) {
        expect(error).toBeInstanceOf(SpeedUsageError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(problem([TREE])).toBe('expected two source trees, got 1');
    expect(problem([TREE, '/nonexistent'])).toBe('/nonexistent: not a chessbot source tree (no src/adapters/cli/bench.ts)');
    expect(problem([TREE, TREE, '--depth', '0'])).toBe('--depth needs an integer from 1 to 30, got "0"');
    expect(problem([TREE, TREE, '--rounds'])).toBe('--rounds needs an integer from 1 to 100, got nothing');
    expect(problem([TREE, TREE, '--fast'])).toBe('unknown option "--fast"');
  });

  it('runs both trees to the same signature when they are the same', async () => {
    const [a, b] = await compareTrees({ trees: [TREE, TREE], depth: 3, rounds: 2 });
    expect(a.nodes).toBeGreaterThan(1000);
    expect(b.nodes).toBe(a.nodes);
    expect(a.nps).toHaveLength(2);
    expect(b.ms).toHaveLength(2);
  });
});
