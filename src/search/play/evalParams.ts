// The evaluation's weights as one flat Int32Array, so the tuner can change any of them and the
// evaluation reads them at a fixed offset. Each term's offset is a named constant below; the
// values come from weights.ts. The piece-square tables are also spread into two boards indexed
// by piece code and 0x88 square (black reading them mirrored), which setParam keeps in step.

import { BLACK, KING, PAWN, WHITE, makePiece } from '../../chess/types.ts';
import { WEIGHTS } from './weights.ts';

export type TermName = keyof typeof WEIGHTS;

/** Every weight, term after term in the order of weights.ts. */
export const PARAMS = new Int32Array(Object.values(WEIGHTS).reduce((sum, values) => sum + values.length, 0));
const offsets = new Map<TermName, number>();
{
  let at = 0;
  for (const [name, values] of Object.entries(WEIGHTS) as Array<[TermName, readonly number[]]>) {
    offsets.set(name, at);
    PARAMS.set(values, at);
    at += values.length;
  }
}

/** The terms, each with its first index in PARAMS and its length (for the tuner). */
export const TERMS: ReadonlyArray<{ name: TermName; at: number; length: number }> =
  [...offsets].map(([name, at]) => ({ name, at, length: WEIGHTS[name].length }));

const at = (name: TermName): number => offsets.get(name)!;

export const TEMPO = at('tempo');
export const BISHOP_PAIR_MG = at('bishopPairMg');
export const BISHOP_PAIR_EG = at('bishopPairEg');
export const DOUBLED_PAWN_MG = at('doubledPawnMg');
export const DOUBLED_PAWN_EG = at('doubledPawnEg');
export const ISOLATED_PAWN_MG = at('isolatedPawnMg');
export const ISOLATED_PAWN_EG = at('isolatedPawnEg');
/** By rank counted from the pawn's own side (1 = second rank … 6 = seventh): a pawn defended by
 *  one of ours, or with one beside it. */
export const CONNECTED_PAWN_MG = at('connectedPawnMg');
export const CONNECTED_PAWN_EG = at('connectedPawnEg');
/** By rank as above: the frontmost pawn of a file with no enemy pawn ahead on its or a neighbouring file. */
export const PASSED_PAWN_MG = at('passedPawnMg');
export const PASSED_PAWN_EG = at('passedPawnEg');
/** By rank, per king step between the square in front of a passed pawn and each king. */
export const PASSED_ENEMY_KING_DISTANCE_EG = at('passedEnemyKingDistanceEg');
export const PASSED_OWN_KING_DISTANCE_EG = at('passedOwnKingDistanceEg');
/** By rank: the passed pawn's next square is empty. */
export const PASSED_FREE_EG = at('passedFreeEg');
/** A knight, bishop, rook or queen attacked by an enemy pawn. */
export const THREAT_BY_PAWN_MG = at('threatByPawnMg');
export const THREAT_BY_PAWN_EG = at('threatByPawnEg');
/** A rook (first entry) or queen (second) attacked by an enemy knight or bishop. */
export const THREAT_BY_MINOR_MG = at('threatByMinorMg');
export const THREAT_BY_MINOR_EG = at('threatByMinorEg');
/** A queen attacked by an enemy rook. */
export const THREAT_BY_ROOK_MG = at('threatByRookMg');
export const THREAT_BY_ROOK_EG = at('threatByRookEg');
/** A knight, bishop, rook or queen attacked and not defended. */
export const HANGING_MG = at('hangingMg');
export const HANGING_EG = at('hangingEg');
export const ROOK_OPEN_FILE_MG = at('rookOpenFileMg');
export const ROOK_OPEN_FILE_EG = at('rookOpenFileEg');
export const ROOK_HALF_OPEN_FILE_MG = at('rookHalfOpenFileMg');
export const ROOK_HALF_OPEN_FILE_EG = at('rookHalfOpenFileEg');
/** A rook on the seventh rank (counted from its side). */
export const ROOK_ON_SEVENTH_MG = at('rookOnSeventhMg');
export const ROOK_ON_SEVENTH_EG = at('rookOnSeventhEg');
/** The pawn shelter of a king and the enemy pawn storm on its three files (see kingShelter.ts), by
 *  the file's distance from the edge (a/h 0 … d/e 3) * 8 + the rank, counted from the king's
 *  side, of the pawn nearest the king on that file: ours for the shelter (a bonus), the enemy's
 *  for the storm (a penalty); rank 0 when there is none. */
export const KING_SHELTER_MG = at('kingShelterMg');
export const KING_STORM_MG = at('kingStormMg');
/** The storm penalty instead when the enemy pawn is on the third rank, stopped by ours. */
export const KING_STORM_BLOCKED_MG = at('kingStormBlockedMg');
/** King danger units (an index into KING_DANGER_MG) of a safe check, by the checking piece's kind
 *  less KNIGHT (knight, bishop, rook, queen). */
export const SAFE_CHECK_UNITS = at('safeCheckUnits');
/** By attack units on a king (see KING_ATTACK_UNITS), counted once two pieces attack it. */
export const KING_DANGER_MG = at('kingDangerMg');
export const KING_DANGER_MAX = WEIGHTS.kingDangerMg.length - 1;

/** Mobility tables by piece kind (knight … queen), indexed by the number of squares reached. */
export const MOBILITY_MG = Int32Array.from([0, 0, at('knightMobilityMg'), at('bishopMobilityMg'), at('rookMobilityMg'), at('queenMobilityMg'), 0]);
export const MOBILITY_EG = Int32Array.from([0, 0, at('knightMobilityEg'), at('bishopMobilityEg'), at('rookMobilityEg'), at('queenMobilityEg'), 0]);

const SQUARE_TERMS: ReadonlyArray<[TermName, TermName]> = [
  ['pawnSquaresMg', 'pawnSquaresEg'],
  ['knightSquaresMg', 'knightSquaresEg'],
  ['bishopSquaresMg', 'bishopSquaresEg'],
  ['rookSquaresMg', 'rookSquaresEg'],
  ['queenSquaresMg', 'queenSquaresEg'],
  ['kingSquaresMg', 'kingSquaresEg'],
];

/** Piece-square values with material, by piece code * 128 + 0x88 square. */
export const MG_PST = new Int32Array(16 * 128);
export const EG_PST = new Int32Array(16 * 128);

/** Where one table index (0 = a8 from white's side) of `kind` lands for each colour. */
function pstSlots(kind: number, index: number): [number, number] {
  const rank = 7 - (index >> 3);
  const file = index & 7;
  return [makePiece(WHITE, kind) * 128 + rank * 16 + file, makePiece(BLACK, kind) * 128 + (7 - rank) * 16 + file];
}

/** Counts the changes made by setParam, so that caches of weighted sums can tell they are stale. */
export const PARAMS_VERSION = new Int32Array(1);

/** Sets one weight, keeping the piece-square boards in step (for the tuner). */
export function setParam(index: number, value: number): void {
  PARAMS[index] = value;
  PARAMS_VERSION[0]++;
  for (let kind = PAWN; kind <= KING; kind++) {
    const [mgName, egName] = SQUARE_TERMS[kind - 1];
    for (const [name, board] of [[mgName, MG_PST], [egName, EG_PST]] as const) {
      const start = at(name);
      if (index < start || index >= start + 64) continue;
      const [white, black] = pstSlots(kind, index - start);
      board[white] = value;
      board[black] = value;
    }
  }
}

for (let kind = PAWN; kind <= KING; kind++) {
  for (const name of SQUARE_TERMS[kind - 1]) {
    for (let i = 0; i < 64; i++) setParam(at(name) + i, PARAMS[at(name) + i]);
  }
}
