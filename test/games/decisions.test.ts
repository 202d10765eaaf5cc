// Draws and resignation: never a draw while clearly ahead, draws accepted when worse or dead
// drawn, offers only in dead-drawn thin endings, resignation only when enabled and hopeless for
// several moves.

import { describe, expect, it } from 'vitest';
import { parseFen } from '../../src/chess/fen.ts';
import { fileConfigSchema } from '../../src/config/schema.ts';
import { ScoreHistory, acceptsDraw, formatScore, isDeadDrawn, offersDraw, resigns, scoreToCp } from '../../src/games/decisions.ts';

const DEFAULTS = fileConfigSchema.parse({}).lichess;
const ROOK_ENDING = parseFen('4k3/8/8/8/8/8/r7/R3K3 w - - 0 1');
const MIDDLEGAME = parseFen('r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3');
const BARE_KINGS = parseFen('4k3/8/8/8/8/8/8/4K3 w - - 0 1');

function history(...cps: number[]): ScoreHistory {
  const h = new ScoreHistory();
  for (const cp of cps) h.push({ cp });
  return h;
}

describe('draw decisions', () => {
  it('accepts when clearly worse, declines when level in the middlegame or ahead', () => {
    expect(acceptsDraw(DEFAULTS, history(-300), MIDDLEGAME)).toBe(true);
    expect(acceptsDraw(DEFAULTS, history(0), MIDDLEGAME)).toBe(false);
    expect(acceptsDraw(DEFAULTS, history(250), ROOK_ENDING)).toBe(false);
    expect(acceptsDraw(DEFAULTS, new ScoreHistory(), MIDDLEGAME)).toBe(false);
  });

  it('accepts and offers in a dead-drawn ending, and with no mating material at all', () => {
    const level = history(5, -3, 0, 10, 2, 0);
    expect(isDeadDrawn(DEFAULTS, level, ROOK_ENDING)).toBe(true);
    expect(acceptsDraw(DEFAULTS, level, ROOK_ENDING)).toBe(true);
    expect(offersDraw(DEFAULTS, level, ROOK_ENDING)).toBe(true);
    expect(offersDraw(DEFAULTS, level, MIDDLEGAME)).toBe(false);
    expect(offersDraw(DEFAULTS, history(5, 0), ROOK_ENDING)).toBe(false);
    expect(acceptsDraw(DEFAULTS, new ScoreHistory(), BARE_KINGS)).toBe(true);
  });

  it('follows the config: no accepting, no offering', () => {
    const level = history(0, 0, 0, 0, 0, 0);
    const off = { ...DEFAULTS, draw: { ...DEFAULTS.draw, accept: false, offer: false } };
    expect(acceptsDraw(off, level, ROOK_ENDING)).toBe(false);
    expect(offersDraw(off, level, ROOK_ENDING)).toBe(false);
  });
});

describe('resignation', () => {
  const enabled = { ...DEFAULTS, resign: { enabled: true, atOrBelowCp: -1000, moves: 3 } };
  it('only when enabled and hopeless for the configured number of moves in a row', () => {
    expect(resigns(DEFAULTS, history(-2000, -2000, -2000, -2000, -2000))).toBe(false);
    expect(resigns(enabled, history(-2000, -1500))).toBe(false);
    expect(resigns(enabled, history(-2000, -500, -1500, -1200))).toBe(false);
    expect(resigns(enabled, history(-500, -1500, -1200, -1000))).toBe(true);
    const mated = new ScoreHistory();
    for (let i = 0; i < 3; i++) mated.push({ mate: -3 });
    expect(resigns(enabled, mated)).toBe(true);
  });
});

describe('scores', () => {
  it('orders mates beyond material and formats them for the chat', () => {
    expect(scoreToCp({ mate: 2 })).toBeGreaterThan(scoreToCp({ mate: 5 }));
    expect(scoreToCp({ mate: -2 })).toBeLessThan(scoreToCp({ cp: -5000 }));
    expect(formatScore({ cp: 35 })).toBe('+0.35');
    expect(formatScore({ cp: -120 })).toBe('-1.20');
    expect(formatScore({ mate: -2 })).toBe('#-2');
  });
});
