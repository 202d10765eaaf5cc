// The network's hidden layer kept move by move must equal the one summed afresh, whatever the
// move (captures, en passant, castling, promotions, passes, kings changing input bucket), and the
// side to move's view comes first.

import { describe, expect, it } from 'vitest';
import { STARTING_FEN, parseFen } from '../../../../src/chess/fen.ts';
import { MAX_MOVES } from '../../../../src/chess/move.ts';
import { generateLegal } from '../../../../src/chess/movegen.ts';
import { makeUci } from '../../../../src/chess/uci.ts';
import type { Position } from '../../../../src/chess/position.ts';
import type { Color } from '../../../../src/chess/types.ts';
import { type InputBuckets, PLAIN_INPUTS, featureOf, orientationOf } from '../../../../src/search/play/nnue/features.ts';
import { inputBuckets } from '../../../../bench/nnue/inputBuckets.ts';
import { Accumulators } from '../../../../src/search/play/nnue/accumulator.ts';
import type { Network } from '../../../../src/search/play/nnue/network.ts';
import { bucketOf, parseNetwork, serializeNetwork } from '../../../../src/search/play/nnue/network.ts';
import { randomNetwork } from '../../../support/randomNetwork.ts';

/** The network's score worked out the plain way, in doubles, to hold the SIMD kernels to. */
function referenceEvaluate(network: Network, pos: Position): number {
  const { hidden, qa } = network;
  const square64 = (sq: number) => (sq >> 4) * 8 + (sq & 7);
  const views = [0, 1].map((view) => {
    const sums = Array.from(network.hiddenBias);
    const orientation = orientationOf(network.inputs, view as Color, square64(pos.kingSquare[view]));
    for (let sq = 0; sq < 128; sq++) {
      if (sq & 0x88 || pos.board[sq] === 0) continue;
      const row = featureOf(view as Color, pos.board[sq], square64(sq), orientation) * hidden;
      for (let h = 0; h < hidden; h++) sums[h] += network.inputWeights[row + h];
    }
    return sums;
  });
  const bucket = bucketOf(pos.pieceCount[0] + pos.pieceCount[1], network.buckets);
  let sum = 0;
  for (const [side, view] of [views[pos.turn], views[pos.turn ^ 1]].entries()) {
    for (let h = 0; h < hidden; h++) {
      const a = Math.min(qa, Math.max(0, view[h]));
      sum += a * a * network.outputWeights[bucket * 2 * hidden + side * hidden + h];
    }
  }
  return Math.trunc((sum / qa + network.outputBias[bucket]) * network.scale / (qa * network.qb));
}

const FENS = [
  STARTING_FEN,
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', // castling both ways, promotions ahead
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', // en passant
  'n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1', // promotions with captures
];

/** Input buckets as the trainer lays them out: the board turned, and four sets by the king's square. */
const KING_BUCKETS = inputBuckets(4, true);

/** Plays the legal move `uci` on `pos`, noting it in `accumulators` first. */
function play(accumulators: Accumulators, pos: Position, uci: string): void {
  const moves = new Int32Array(MAX_MOVES);
  const count = generateLegal(pos, moves, 0);
  const move = Array.from(moves.subarray(0, count)).find((m) => makeUci(pos, m) === uci);
  if (move === undefined) throw new Error(`${uci} is not legal here`);
  accumulators.push(pos, move);
  pos.make(move);
}

describe('Accumulators', () => {
  it.each([['plain inputs', PLAIN_INPUTS], ['turned boards', inputBuckets(1, true)], ['four king buckets', KING_BUCKETS]])(
    'evaluates a position the same after any line of moves as after a fresh start (%s)', (_, inputs) => {
    const network = randomNetwork(16, 7, 120, 127, inputs);
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
            const score = incremental.evaluate(pos);
            expect(score).toBe(fresh.evaluate(pos));
            if (compared % 10 === 0) expect(score).toBe(referenceEvaluate(network, pos));
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

  it('works out again every view whose king changed input bucket, and only that view', () => {
    // Seen from its own end, a king on e1 is turned to d1: the kings change orientation on
    // d-e file crossings and on leaving the back rank (KING_BUCKETS), and keep it on e1-f1-g1.
    const network = randomNetwork(16, 11, 120, 127, KING_BUCKETS);
    const accumulators = new Accumulators(network);
    const pos = parseFen('4k3/pp4pp/8/8/8/8/PP4PP/4K3 w - - 0 1');
    accumulators.reset(pos);
    for (const uci of ['e1f1', 'e8d8', 'f1g1', 'd8e8', 'g1f2']) {
      play(accumulators, pos, uci);
      expect(accumulators.evaluate(pos), uci).toBe(referenceEvaluate(network, pos));
    }
    // Several moves at once, across buckets, before one evaluation.
    for (const uci of ['e8d8', 'f2e2', 'd8c8', 'e2d1']) play(accumulators, pos, uci);
    expect(accumulators.evaluate(pos)).toBe(referenceEvaluate(network, pos));
  });

  it('brings a view back from its cache where pieces changed while its king was away', () => {
    // Each king leaves its orientation, pieces are taken, and it comes back: the cache of the
    // orientation it returns to holds a board from before the captures.
    for (const inputs of [inputBuckets(1, true), KING_BUCKETS]) {
      const network = randomNetwork(16, 17, 120, 127, inputs);
      const accumulators = new Accumulators(network);
      const pos = parseFen('4k3/pp4pp/8/8/2q5/4N3/PP4PP/4K3 w - - 0 1');
      accumulators.reset(pos);
      for (const uci of ['e1d1', 'e8e7', 'e3c4', 'e7d7', 'd1e1', 'd7e6', 'e1f2', 'e6d5', 'f2e2', 'd5c4', 'e2d2', 'c4d4', 'd2e2', 'd4e4']) {
        play(accumulators, pos, uci);
        expect(accumulators.evaluate(pos), uci).toBe(referenceEvaluate(network, pos));
      }
    }
  });

  it('scores a position and its mirror image the same with turned boards', () => {
    const network = randomNetwork(16, 13, 120, 127, inputBuckets(1, true));
    const accumulators = new Accumulators(network);
    const left = parseFen('2kr3r/ppp2ppp/2n1bn2/8/3P4/2N2N2/PPP2PPP/2KR1B1R b - - 3 9');
    const right = parseFen('r3rk2/ppp2ppp/2nb1n2/8/4P3/2N2N2/PPP2PPP/R1B1RK2 b - - 3 9');
    accumulators.reset(left);
    const fromLeft = accumulators.evaluate(left);
    accumulators.reset(right);
    expect(accumulators.evaluate(right)).toBe(fromLeft);
    expect(fromLeft).toBe(referenceEvaluate(network, left));
  });

  it('scores as the plain sum of the network\'s layers, with weights up to what the kernels allow', () => {
    // Output weights up to 1000 make each int32 lane of the output sum reach about half its range
    // with 32 neurons; input weights up to 900 drive neurons far past the clamp on both sides.
    const cases: Array<[number, number, number, InputBuckets]> = [
      [8, 120, 127, PLAIN_INPUTS], [32, 900, 1000, PLAIN_INPUTS], [128, 300, 127, PLAIN_INPUTS], [32, 300, 127, KING_BUCKETS],
    ];
    for (const [hidden, inputRange, outputRange, inputs] of cases) {
      const network = randomNetwork(hidden, hidden, inputRange, outputRange, inputs);
      const accumulators = new Accumulators(network);
      for (const fen of FENS) {
        const pos = parseFen(fen);
        accumulators.reset(pos);
        expect(accumulators.evaluate(pos)).toBe(referenceEvaluate(network, pos));
        const moves = new Int32Array(MAX_MOVES);
        const count = generateLegal(pos, moves, 0);
        for (let i = 0; i < count; i++) {
          accumulators.push(pos, moves[i]);
          pos.make(moves[i]);
          expect(accumulators.evaluate(pos)).toBe(referenceEvaluate(network, pos));
          pos.unmake(moves[i]);
          accumulators.pop();
        }
      }
    }
  });

  it('refuses a network whose sums could overflow the kernels\' integers, naming why', () => {
    expect(() => new Accumulators(randomNetwork(12, 1))).toThrow(/12 hidden neurons: the kernels need a multiple of 8/);
    expect(() => new Accumulators(randomNetwork(8, 1, 2000))).toThrow(/network neuron \d+ can reach \d+, beyond int16/);
    expect(() => new Accumulators(randomNetwork(256, 1, 120, 2000))).toThrow(/output weights up to \d+ can overflow the output sum/);
    expect(() => new Accumulators({ ...randomNetwork(8, 1), qa: 256 })).toThrow(/QA 256 is above 255: its square does not fit 16 bits/);
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
    const bucketed = randomNetwork(8, 5, 120, 127, KING_BUCKETS);
    expect(parseNetwork(serializeNetwork(bucketed))).toEqual(bucketed);
    // The plain layout is written as version 1, as the engine's first networks were.
    expect(serializeNetwork(network)[4]).toBe(1);
    expect(serializeNetwork(bucketed)[4]).toBe(2);
    // Version 2 may also hold the plain layout (not written so, but read whole).
    const plain = serializeNetwork(network);
    const inputBucketsHeader = new Uint8Array(72);
    inputBucketsHeader[4] = 1; // count 1, not turned, every square bucket 0
    const asVersion2 = Uint8Array.from([...plain.subarray(0, 28), ...inputBucketsHeader, ...plain.subarray(28)]);
    asVersion2[4] = 2;
    expect(parseNetwork(asVersion2)).toEqual(network);
  });

  it('name what is wrong with a bad file', () => {
    const bytes = serializeNetwork(randomNetwork(8, 5));
    expect(() => parseNetwork(bytes.subarray(0, 10))).toThrow(/no CBNN header/);
    expect(() => parseNetwork(bytes.subarray(0, bytes.length - 2))).toThrow(/expected \d+ for 8 hidden neurons and 4 buckets/);
    const wrongVersion = bytes.slice();
    wrongVersion[4] = 9;
    expect(() => parseNetwork(wrongVersion)).toThrow(/version 9/);
    const bucketed = serializeNetwork(randomNetwork(8, 5, 120, 127, KING_BUCKETS));
    const badBucket = bucketed.slice();
    badBucket[28 + 8 + 12] = 4; // a square's bucket beyond the four
    expect(() => parseNetwork(badBucket)).toThrow(/input buckets out of range \(mirrored 1, count 4, squares' buckets up to 4\)/);
    expect(() => parseNetwork(bucketed.subarray(0, 40))).toThrow(/ends inside its input buckets/);
  });
});
