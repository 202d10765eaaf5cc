// The pawn shelter and storm around a king, worked by hand from the tables: each of the three
// files is scored by our pawn nearest the king and the enemy's, by rank counted from the king's side.

import { describe, expect, it } from 'vitest';
import { parseFen } from '../../../src/chess/fen.ts';
import { BLACK, WHITE } from '../../../src/chess/types.ts';
import { KING_SHELTER_MG, KING_STORM_BLOCKED_MG, KING_STORM_MG, PARAMS } from '../../../src/search/play/evalParams.ts';
import { shelterScore } from '../../../src/search/play/kingShelter.ts';

/** The tables by the file's distance from the edge (a/h = 0 … d/e = 3) and the pawn's rank. */
const shelter = (edge: number, rank: number) => PARAMS[KING_SHELTER_MG + edge * 8 + rank];
const storm = (edge: number, rank: number) => PARAMS[KING_STORM_MG + edge * 8 + rank];
const scoreOf = (fen: string, color: number, file: number, rank: number) => shelterScore(parseFen(fen).board, color, file, rank);

const G = 6;
const H = 7;

describe('shelterScore', () => {
  // White: f2, g3, h2. Black: f7, g7 and no h-pawn.
  const castled = '6k1/5pp1/8/8/8/6P1/5P1P/6K1 w - - 0 1';
  const castledScore = shelter(2, 1) - storm(2, 6) + shelter(1, 2) - storm(1, 6) + shelter(0, 1) - storm(0, 0);

  it('scores the king\'s file and its neighbours by the nearest pawn of each side', () => {
    expect(scoreOf(castled, WHITE, G, 0)).toBe(castledScore);
  });

  it('judges a king in the corner on the same three files as one beside it', () => {
    expect(scoreOf(castled, WHITE, H, 0)).toBe(castledScore);
  });

  it('counts ranks from the king\'s side for black', () => {
    // The same position turned around: black's king on g8 behind f7, g6, h7.
    expect(scoreOf('6k1/5p1p/6p1/8/8/8/5PP1/6K1 b - - 0 1', BLACK, G, 0)).toBe(castledScore);
  });

  it('gives an enemy pawn held on the third rank by ours its own, smaller penalty', () => {
    // g2 blocks g3; the f- and h-files have no black pawn.
    const blocked = '6k1/8/8/8/8/6p1/5PPP/6K1 w - - 0 1';
    expect(scoreOf(blocked, WHITE, G, 0))
      .toBe(shelter(2, 1) - storm(2, 0) + shelter(1, 1) - PARAMS[KING_STORM_BLOCKED_MG] + shelter(0, 1) - storm(0, 0));
  });

  it('leaves pawns behind the king out', () => {
    // The king has walked up to g3, past its pawns on f2, g2 and h2.
    expect(scoreOf('6k1/8/8/8/8/6K1/5PPP/8 w - - 0 1', WHITE, G, 2))
      .toBe(shelter(2, 0) - storm(2, 0) + shelter(1, 0) - storm(1, 0) + shelter(0, 0) - storm(0, 0));
  });

  it('prefers a full shelter to one with a file opened', () => {
    const full = scoreOf('6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1', WHITE, G, 0);
    expect(scoreOf('6k1/8/8/8/8/8/5P1P/6K1 w - - 0 1', WHITE, G, 0)).toBeLessThan(full);
  });
});
