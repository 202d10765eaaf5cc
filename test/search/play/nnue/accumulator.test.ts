// The network's hidden layer kept move by move must equal the one summed afresh, whatever the
// move (captures, en passant, castling, promotions, passes), and the side to move's view comes first.

import { describe, expect, it } from 'vitest';
import { STARTING_FEN, parseFen } from '../../../../src/chess/fen.ts';
import { MAX_MOVES } from '../../../../src/chess/move.ts';
import { generateLegal } from '../../../../src/chess/movegen.ts';
import { INPUTS } from '../../../../src/search/play/nnue/features.ts';
import { Accumulators } from '../../../../src/search/play/nnue/accumulator.ts';
import type { Network } from '../../../../src/search/play/nnue/network.ts';
import { parseNetwork, serializeNetwork } from '../../../../src/search/play/nnue/network.ts';

/** A network of random weights: the bookkeeping is checked, not the chess. */
function randomNetwork(hidden: number, seed: number): Network {
  let state = seed;
  const next = (range: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % (2 * range + 1) - range;
  };
  return {
    hidden, qa: 255, qb: 64, scale: 400,
    inputWeights: Int16Array.from({ length: INPUTS * hidden }, () => next(120)),
    hiddenBias: Int16Array.from({ length: hidden }, () => next(200)),
    buckets: 4,
    outputWeights: Int16Array.from({ length: 2 * hidden * 4 }, () => next(127)),
    outputBias: Int32Array.from({ length: 4 }, () => next(5000)),
  };
}

const FENS = [
  STARTING_FEN,
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', // castling both ways, promotions ahead
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', // en passant
  'n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1', // promotions with captures
];

describe('Accumulators', () => {
  it('evaluates a position the same after any line of moves as after a fresh start', () => {
    const network = randomNetwork(16, 7);
    const incremental = new Accumulators(network);
    const fresh = new Accumulators(network);
    const moves = new Int32Array(MAX_MOVES);
    let seed = 12345;
    let compared = 0;
    for (const fen of FENS) {
      for (let game = 0; game < 20; game++) {
        const pos = parseFen(fen);
        incremental.reset(pos);
        const line: number[] = [];
        for (let ply = 0; ply < 60; ply++) {
          const count = generateLegal(pos, moves, 0);
          if (count === 0) break;
          seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
          if (!pos.inCheck() && (seed >>> 16) % 10 === 0) {
            incremental.pushNull();
            pos.makeNull();
            line.push(-1);
          } else {
            const move = moves[(seed >>> 8) % count];
            incremental.push(pos, move);
            pos.make(move);
            line.push(move);
          }
          // Evaluate only some positions, so updates also run several moves at once.
          if ((seed >>> 4) % 3 === 0) {
            fresh.reset(pos);
            expect(incremental.evaluate(pos)).toBe(fresh.evaluate(pos));
            compared++;
          }
        }
        // Taking moves back returns to positions already worked out.
        while (line.length > 0) {
          const move = line.pop()!;
          if (move === -1) pos.unmakeNull();
          else pos.unmake(move);
          incremental.pop();
          if (line.length % 7 === 0) {
            fresh.reset(pos);
            expect(incremental.evaluate(pos)).toBe(fresh.evaluate(pos));
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('scores a position for the side to move: the mirrored position scores the same', () => {
    const network = randomNetwork(16, 3);
    const accumulators = new Accumulators(network);
    const white = parseFen('r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4');
    const black = parseFen('rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4');
    accumulators.reset(white);
    const fromWhite = accumulators.evaluate(white);
    accumulators.reset(black);
    expect(accumulators.evaluate(black)).toBe(fromWhite);
  });
});

describe('network files', () => {
  it('read back what was written', () => {
    const network = randomNetwork(8, 5);
    expect(parseNetwork(serializeNetwork(network))).toEqual(network);
  });

  it('name what is wrong with a bad file', () => {
    const bytes = serializeNetwork(randomNetwork(8, 5));
    expect(() => parseNetwork(bytes.subarray(0, 10))).toThrow(/no CBNN header/);
    expect(() => parseNetwork(bytes.subarray(0, bytes.length - 2))).toThrow(/expected \d+ for 8 hidden neurons and 4 buckets/);
    const wrongVersion = bytes.slice();
    wrongVersion[4] = 9;
    expect(() => parseNetwork(wrongVersion)).toThrow(/version 9/);
  });
});
