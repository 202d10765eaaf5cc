// Reading scored-position files: games numbered by the move number going back, each position once,
// mate scores and broken lines left out.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scoredPositions } from '../../bench/tune/positionsFile.ts';

describe('scoredPositions', () => {
  it('numbers games, drops repeats, mates and broken lines, and counts what it read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'positions-'));
    const first = join(dir, 'a.txt');
    const second = join(dir, 'b.txt');
    writeFileSync(first, [
      'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1;-20;e7e5;0.5',
      'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2;30;g1f3;0.5',
      '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 30;30000;a1a8;1', // a mate score
      '',
      'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1;-25;c7c5;0', // a new game, a position seen before
      'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2;40;g1f3', // no result field
    ].join('\n'));
    writeFileSync(second, '8/8/8/8/8/8/4k3/4K3 w - - 0 1;0;-;-\n');
    const counts = { lines: 0, games: 0 };
    const read = [...scoredPositions([first, second], counts)];
    expect(read.map(({ score, best, result, game }) => [score, best, result, game])).toEqual([
      [-20, 'e7e5', '0.5', 1],
      [30, 'g1f3', '0.5', 1],
      [0, '-', '-', 3],
    ]);
    expect(read[2].fields[0]).toBe('8/8/8/8/8/8/4k3/4K3');
    expect(counts).toEqual({ lines: 6, games: 3 });
  });
});
