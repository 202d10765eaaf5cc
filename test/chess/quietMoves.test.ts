// generateQuiet must give exactly the legal moves that generateTactical leaves out: the game
// search plays the captures first and generates the quiet moves only when those did not cut the
// node off, so between the two every legal move must come up once (or a move is never searched,
// or one is searched twice). Checked on every perft-suite position (standard and Chess960,
// castling, pins and en passant galore) and along random games from each.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseFen } from '../../src/chess/fen.ts';
import { MAX_MOVES, isCapture, movePromotion } from '../../src/chess/move.ts';
import { generateLegal, generateQuiet, generateTactical, isLegalQuiet } from '../../src/chess/movegen.ts';
import { mulberry32 } from '../support/random.ts';

function suiteFens(name: string): string[] {
  const text = readFileSync(fileURLToPath(new URL(`../data/${name}`, import.meta.url)), 'utf8');
  return text.split(/\r?\n/).filter((line) => line.trim() !== '').map((line) => line.split(';')[0].trim());
}

/** The suites' positions that a game can reach (parseFen refuses the one that none can). */
const FENS = [...suiteFens('perftsuite.epd'), ...suiteFens('perft960.epd')].filter((fen) => {
  try {
    parseFen(fen);
    return true;
  } catch {
    return false;
  }
});

describe('generateQuiet', () => {
  it('with generateTactical gives every legal move exactly once, on the perft suites and random games from them', () => {
    const next = mulberry32(23);
    const all = new Int32Array(MAX_MOVES);
    const tactical = new Int32Array(MAX_MOVES);
    const quiet = new Int32Array(MAX_MOVES);
    const mismatches: string[] = [];
    let compared = 0;
    let checked = 0;
    for (const [index, fen] of FENS.entries()) {
      for (let game = 0; game < 6; game++) {
        const pos = parseFen(fen);
        for (let ply = 0; ply < 80; ply++) {
          const end = generateLegal(pos, all, 0);
          const expected = Array.from(all.subarray(0, end)).sort();
          const quiets = Array.from(quiet.subarray(0, generateQuiet(pos, quiet, 0)));
          const tacticals = Array.from(tactical.subarray(0, generateTactical(pos, tactical, 0)));
          const got = [...quiets, ...tacticals].sort();
          if (expected.join() !== got.join() || quiets.some((m) => isCapture(m) || movePromotion(m) !== 0)) {
            mismatches.push(`position ${index} game ${game} ply ${ply}: ${expected.length} vs ${quiets.length} + ${tacticals.length}`);
          }
          compared++;
          if (pos.inCheck()) checked++;
          if (end === 0) break;
          pos.make(all[Math.floor(next() * end)]);
        }
      }
    }
    expect(FENS.length).toBeGreaterThan(240);
    expect(mismatches).toEqual([]);
    expect(compared).toBeGreaterThan(50_000);
    expect(checked).toBeGreaterThan(1_000);
  });
});

describe('isLegalQuiet', () => {
  it('accepts exactly the moves generateQuiet gives, of the quiet and tactical moves met in other positions', () => {
    const next = mulberry32(29);
    const moves = new Int32Array(MAX_MOVES);
    // Candidates as the search meets them (killers): moves of other positions, most of the time
    // recent ones of the same game, some from other games and other suite positions.
    const recent: number[] = [];
    const mismatches: string[] = [];
    let accepted = 0;
    let rejected = 0;
    for (const [index, fen] of FENS.entries()) {
      for (let game = 0; game < 3; game++) {
        const pos = parseFen(fen);
        for (let ply = 0; ply < 60; ply++) {
          const quiets = new Set(moves.subarray(0, generateQuiet(pos, moves, 0)));
          for (const move of recent) {
            const legal = isLegalQuiet(pos, move);
            if (legal !== quiets.has(move)) mismatches.push(`position ${index} game ${game} ply ${ply}: move ${move} ${legal}`);
            if (legal) accepted++;
            else rejected++;
          }
          const end = generateLegal(pos, moves, 0);
          if (end === 0) break;
          for (let i = 0; i < 4; i++) recent.push(moves[Math.floor(next() * end)]);
          if (recent.length > 400) recent.splice(0, 200);
          pos.make(moves[Math.floor(next() * end)]);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(accepted).toBeGreaterThan(50_000);
    expect(rejected).toBeGreaterThan(1_000_000);
  });
});
