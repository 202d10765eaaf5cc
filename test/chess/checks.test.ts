import { describe, expect, it } from 'vitest';
import { CheckDetector, givesCheck } from '../../src/chess/checks.ts';
import { parseFen } from '../../src/chess/fen.ts';
import { MAX_MOVES, isCapture, movePromotion } from '../../src/chess/move.ts';
import { generateLegal, generateTactical } from '../../src/chess/movegen.ts';
import { makeUci } from '../../src/chess/uci.ts';
import { mulberry32 } from '../support/random.ts';


const STARTS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
  'b7/PP6/8/8/7K/6B1/6N1/4R1bk w - - 0 1',
  '8/2P1P1P1/3PkP2/8/4K3/8/8/8 w - - 0 1',
  'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9',
];

describe('givesCheck', () => {
  it('agrees with playing the move (as does Position.inCheckAfter), for every legal move along random games', () => {
    const next = mulberry32(7);
    const detector = new CheckDetector();
    const moves = new Int32Array(MAX_MOVES);
    const mismatches: string[] = [];
    let compared = 0;
    let checks = 0;
    for (let game = 0; game < 300; game++) {
      const pos = parseFen(STARTS[game % STARTS.length]);
      for (let ply = 0; ply < 120; ply++) {
        const end = generateLegal(pos, moves, 0);
        if (end === 0) break;
        detector.prepare(pos);
        for (let i = 0; i < end; i++) {
          pos.make(moves[i]);
          const expected = pos.inCheck();
          if (pos.inCheckAfter(moves[i]) !== expected) mismatches.push(`inCheckAfter ${moves[i]} in game ${game} ply ${ply}`);
          pos.unmake(moves[i]);
          if (givesCheck(pos, moves[i]) !== expected || detector.givesCheck(pos, moves[i]) !== expected) {
            mismatches.push(`${makeUci(pos, moves[i])} in game ${game} ply ${ply}: expected ${expected}`);
          }
          compared++;
          if (expected) checks++;
        }
        pos.make(moves[Math.floor(next() * end)]);
      }
    }
    expect(mismatches).toEqual([]);
    expect(compared).toBeGreaterThan(100_000);
    expect(checks).toBeGreaterThan(1_000);
  });
});

describe('generateTactical', () => {
  it('gives exactly the captures and promotions of the legal moves, along random games', () => {
    const next = mulberry32(11);
    const all = new Int32Array(MAX_MOVES);
    const tactical = new Int32Array(MAX_MOVES);
    const mismatches: string[] = [];
    let compared = 0;
    for (let game = 0; game < 200; game++) {
      const pos = parseFen(STARTS[game % STARTS.length]);
      for (let ply = 0; ply < 120; ply++) {
        const end = generateLegal(pos, all, 0);
        if (end === 0) break;
        const expected = Array.from(all.subarray(0, end)).filter((m) => isCapture(m) || movePromotion(m) !== 0).sort();
        const got = Array.from(tactical.subarray(0, generateTactical(pos, tactical, 0))).sort();
        if (expected.join() !== got.join()) mismatches.push(`game ${game} ply ${ply}: ${expected.length} vs ${got.length}`);
        compared++;
        pos.make(all[Math.floor(next() * end)]);
      }
    }
    expect(mismatches).toEqual([]);
    expect(compared).toBeGreaterThan(10_000);
  });
});
