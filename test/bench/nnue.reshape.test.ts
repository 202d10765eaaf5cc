// A plain network laid out for input buckets (bench/nnue/reshape.ts) must start where the plain
// network stands: the same score where both kings stand on files e–h, and where both stand on
// files a–d, the plain network's score of the board turned left to right. A turned network laid
// out into finer king buckets must score every position as before.

import { describe, expect, it } from 'vitest';
import { layOut, plainToBuckets, splitBuckets } from '../../bench/nnue/reshape.ts';
import { inputBuckets } from '../../bench/nnue/inputBuckets.ts';
import { parseFen } from '../../src/chess/fen.ts';
import { Accumulators } from '../../src/search/play/nnue/accumulator.ts';
import type { Network } from '../../src/search/play/nnue/network.ts';
import { randomNetwork } from '../support/randomNetwork.ts';

const evaluate = (network: Network, fen: string): number => {
  const accumulators = new Accumulators(network);
  const pos = parseFen(fen);
  accumulators.reset(pos);
  return accumulators.evaluate(pos);
};

/** The position turned left to right (castling rights dropped: they do not survive the turn). */
function turned(fen: string): string {
  const [board, turn, , enPassant, ...clocks] = fen.split(' ');
  const ranks = board.split('/').map((rank) => rank.split('').reverse().join(''));
  const file = (f: string) => String.fromCharCode(2 * 'a'.charCodeAt(0) + 7 - f.charCodeAt(0));
  return [ranks.join('/'), turn, '-', enPassant === '-' ? '-' : file(enPassant[0]) + enPassant[1], ...clocks].join(' ');
}

const KINGS_ON_THE_RIGHT = [
  'r4rk1/ppp2ppp/2n1bn2/8/3P4/2N2N2/PPP2PPP/R4RK1 w - - 0 12',
  '6k1/5pp1/8/3pP3/8/8/5PP1/6K1 w - d6 0 40',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b - - 0 1',
];
const KINGS_ON_THE_LEFT = [
  '2kr3r/ppp2ppp/2n1bn2/8/3P4/2N2N2/PPP2PPP/2KR3R w - - 0 12',
  '1k6/pp6/8/3pP3/8/8/PP6/1K6 w - d6 0 40',
];

describe('plainToBuckets', () => {
  const plain = randomNetwork(16, 5);
  it.each([['turned boards', inputBuckets(1, true)], ['two king buckets', inputBuckets(2, true)], ['four king buckets', inputBuckets(4, true)]])(
    'starts %s where the plain network stands',
    (_, inputs) => {
      const laidOut = plainToBuckets(plain, inputs);
      expect(laidOut.inputs).toBe(inputs);
      for (const fen of KINGS_ON_THE_RIGHT) expect(evaluate(laidOut, fen)).toBe(evaluate(plain, fen));
      for (const fen of KINGS_ON_THE_LEFT) expect(evaluate(laidOut, fen)).toBe(evaluate(plain, turned(fen)));
      // Not the same as the plain network's own score of the left-hand positions.
      expect(KINGS_ON_THE_LEFT.some((fen) => evaluate(laidOut, fen) !== evaluate(plain, fen))).toBe(true);
    },
  );

  it('lays out only a plain network', () => {
    const turnedNetwork = randomNetwork(16, 5, 120, 127, inputBuckets(1, true));
    expect(() => plainToBuckets(turnedNetwork, inputBuckets(2, true))).toThrow(/only a network of the plain layout/);
  });
});

const EVERYWHERE = [
  ...KINGS_ON_THE_RIGHT,
  ...KINGS_ON_THE_LEFT,
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  '8/8/3k4/8/8/4K3/8/8 w - - 0 60',
  '8/5k2/8/8/8/2K5/8/8 b - - 0 70',
  '3k4/8/8/8/8/8/8/K7 w - - 0 80',
  'k7/8/8/8/8/8/8/2K5 w - - 0 80',
  '7k/8/8/8/8/8/1K6/8 b - - 0 80',
];

describe('splitBuckets', () => {
  const turnedNetwork = randomNetwork(16, 7, 120, 127, inputBuckets(1, true));
  it.each([
    ['one bucket into two', 1, 2],
    ['one bucket into four', 1, 4],
    ['one bucket into eight', 1, 8],
    ['two buckets into four', 2, 4],
    ['four buckets into eight', 4, 8],
  ])('lays %s where the coarser network stands, wherever the kings are', (_, from, to) => {
    // The coarser network's buckets made to differ, so that a bucket copied from the wrong one shows.
    const coarse = randomNetwork(16, 7 + from, 120, 127, inputBuckets(from, true));
    const laidOut = splitBuckets(coarse, inputBuckets(to, true));
    expect(laidOut.inputs).toEqual(inputBuckets(to, true));
    expect(laidOut.inputWeights.length).toBe((to / from) * coarse.inputWeights.length);
    for (const fen of EVERYWHERE) expect(evaluate(laidOut, fen)).toBe(evaluate(coarse, fen));
  });

  it('lays out only a turned network, and only into buckets that each lie within one of its own', () => {
    expect(() => splitBuckets(randomNetwork(16, 5), inputBuckets(2, true))).toThrow(/only a turned network/);
    const crossing = { ...inputBuckets(2, true), kingBucket: Uint8Array.from({ length: 64 }, (_, sq) => ((sq & 7) < 2 || (sq & 7) > 5 ? 0 : 1)) };
    const twoBuckets = splitBuckets(turnedNetwork, inputBuckets(2, true));
    expect(() => splitBuckets(twoBuckets, crossing)).toThrow(/each within one of its own/);
    expect(() => splitBuckets(splitBuckets(turnedNetwork, inputBuckets(4, true)), inputBuckets(2, true))).toThrow(/each within one of its own/);
  });
});

describe('layOut', () => {
  const plain = randomNetwork(16, 5);
  const turnedNetwork = randomNetwork(16, 7, 120, 127, inputBuckets(1, true));
  const fen = KINGS_ON_THE_LEFT[0];

  it('lays a plain network out as plainToBuckets does, and a turned one as splitBuckets does', () => {
    const fromPlain = layOut(plain, inputBuckets(4, true));
    expect(fromPlain.inputs).toEqual(inputBuckets(4, true));
    expect(evaluate(fromPlain, fen)).toBe(evaluate(plainToBuckets(plain, inputBuckets(4, true)), fen));
    const fromTurned = layOut(turnedNetwork, inputBuckets(2, true));
    expect(fromTurned.inputs).toEqual(inputBuckets(2, true));
    expect(evaluate(fromTurned, fen)).toBe(evaluate(turnedNetwork, fen));
    const fromFour = layOut(fromTurned, inputBuckets(8, true));
    expect(fromFour.inputs).toEqual(inputBuckets(8, true));
    expect(evaluate(fromFour, fen)).toBe(evaluate(turnedNetwork, fen));
  });

  it('leaves a network as it is where no layout leads to the one asked for', () => {
    expect(layOut(turnedNetwork, inputBuckets(1, true))).toBe(turnedNetwork);
    expect(layOut(plain, inputBuckets(1, false))).toBe(plain);
    const fourBuckets = splitBuckets(turnedNetwork, inputBuckets(4, true));
    expect(layOut(fourBuckets, inputBuckets(2, true))).toBe(fourBuckets);
    expect(layOut(fourBuckets, inputBuckets(4, true))).toBe(fourBuckets);
  });
});
