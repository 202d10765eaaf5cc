// The longest of the mate solver's tests, in a file of their own because they once took minutes
// (about 8 s now on a 2-core machine): the answers solver.test.ts asserts for MATER's eight worked
// examples, re-proved from scratch by the plain full-width reference search (reference.ts: no
// table, no ordering, no shortcuts), so they do not rest on MATER's or anyone's word: for each, no
// mate shorter than the stated length and exactly the stated key set at that length. The
// `seconds` below are what each took when written (example 4 ~90 s, 8 million defender nodes);
// they only set the timeouts.

import { describe, expect, it } from 'vitest';
import { parseFen } from '../../../src/chess/fen.ts';
import { refKeys } from './reference.ts';

const EXAMPLES: { fen: string; n: number; key: string; checksOnly: boolean; seconds: number }[] = [
  { fen: 'b7/PP6/8/8/7K/6B1/6N1/4R1bk w - - 0 1', n: 3, key: 'b7a8n', checksOnly: false, seconds: 1 },
  { fen: '8/8/1p5B/4p3/1p2k1P1/1P3n2/P4PB1/K2R4 w - - 0 1', n: 3, key: 'h6c1', checksOnly: false, seconds: 1 },
  { fen: '2N5/8/k2K4/8/p1PB4/P7/8/8 w - - 0 1', n: 4, key: 'd6c7', checksOnly: false, seconds: 2 },
  { fen: 'rnbK2R1/p6p/p1kNpN1r/P3B1Q1/3P1p1p/5p2/5p1b/8 w - - 0 1', n: 4, key: 'g5g2', checksOnly: false, seconds: 90 },
  { fen: '8/1n2P2K/3p2p1/2p3pk/6pr/4ppr1/6p1/1b6 w - - 0 1', n: 3, key: 'h7g7', checksOnly: false, seconds: 1 },
  { fen: '4K1R1/PP2P3/2k5/3pP3/3B4/6P1/8/8 w - - 0 1', n: 3, key: 'b7b8r', checksOnly: false, seconds: 1 },
  { fen: '8/2P1P1P1/3PkP2/8/4K3/8/8/8 w - - 0 1', n: 3, key: 'e7e8b', checksOnly: false, seconds: 1 },
  { fen: '3nn3/2p2p1k/1p1pp1p1/p2B3p/r2B2N1/7N/8/7K w - - 0 1', n: 12, key: 'h3g5', checksOnly: true, seconds: 15 },
];

describe('MATER examples re-proved by the full-width reference', () => {
  for (const { fen, n, key, checksOnly, seconds } of EXAMPLES) {
    it(`${fen}: ${checksOnly ? 'checks-only ' : ''}#${n}, keys exactly [${key}] (~${seconds} s)`, () => {
      for (let shorter = 1; shorter < n; shorter++) {
        expect(refKeys(parseFen(fen), shorter, checksOnly), `no mate in ${shorter}`).toEqual([]);
      }
      expect(refKeys(parseFen(fen), n, checksOnly)).toEqual([key]);
    }, (seconds * 3 + 30) * 1000);
  }
});
