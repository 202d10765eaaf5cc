// The static evaluation of the game engine: a tapered sum (middlegame and endgame scores blended
// by the material left) of PeSTO material and piece-square values, pawn structure, mobility,
// king safety and a few classic bonuses. Every weight is a named constant so it can be tuned.
// Scores are centipawns from the side to move's point of view.

import { BISHOP_STEPS, KING_STEPS, KNIGHT_STEPS, ROOK_STEPS } from '../../chess/attacks.ts';
import type { Position } from '../../chess/position.ts';
import { BISHOP, BLACK, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE, makePiece } from '../../chess/types.ts';
import { EG_MATERIAL, EG_TABLES, MAX_PHASE, MG_MATERIAL, MG_TABLES, PHASE_WEIGHT } from './pesto.ts';

// ---- tunable weights (middlegame, endgame) ----
const TEMPO = 10;
const BISHOP_PAIR_MG = 30;
const BISHOP_PAIR_EG = 50;
const DOUBLED_PAWN_MG = -10;
const DOUBLED_PAWN_EG = -20;
const ISOLATED_PAWN_MG = -10;
const ISOLATED_PAWN_EG = -15;
/** Passed pawn bonus by rank counted from its own side (index 1 = second rank … 6 = seventh). */
const PASSED_PAWN_MG = [0, 0, 5, 10, 20, 35, 55, 0];
const PASSED_PAWN_EG = [0, 5, 10, 20, 40, 70, 110, 0];
const ROOK_OPEN_FILE_MG = 25;
const ROOK_OPEN_FILE_EG = 10;
const ROOK_HALF_OPEN_FILE_MG = 12;
const ROOK_HALF_OPEN_FILE_EG = 5;
/** Mobility: per reachable square beyond a typical count, by kind (knight, bishop, rook, queen). */
const MOBILITY_MG = [0, 0, 4, 5, 2, 1, 0];
const MOBILITY_EG = [0, 0, 4, 5, 4, 2, 0];
const MOBILITY_BASE = [0, 0, 4, 6, 7, 13, 0];
/** Pawns in front of a castled king, one and two ranks ahead. */
const SHIELD_NEAR_MG = 12;
const SHIELD_FAR_MG = 6;
/** Penalty (middlegame) by the number of enemy pieces that reach a square next to the king. */
const KING_ATTACKERS_MG = [0, 0, -15, -40, -75, -110, -140, -160, -170];
/** A side without pawns needs more than a minor piece's worth of extra material to win. */
const NO_PAWN_SCALE = 4;

// ---- tables derived once: piece-square values with material, by piece code and 0x88 square ----
const MG_PST = new Int32Array(16 * 128);
const EG_PST = new Int32Array(16 * 128);
for (const color of [WHITE, BLACK] as const) {
  for (let kind = PAWN; kind <= KING; kind++) {
    for (let rank = 0; rank < 8; rank++) {
      for (let file = 0; file < 8; file++) {
        // The tables read from white's side with a8 first; black reads them mirrored.
        const index = color === WHITE ? (7 - rank) * 8 + file : rank * 8 + file;
        const slot = makePiece(color, kind) * 128 + rank * 16 + file;
        MG_PST[slot] = MG_MATERIAL[kind] + MG_TABLES[kind][index];
        EG_PST[slot] = EG_MATERIAL[kind] + EG_TABLES[kind][index];
      }
    }
  }
}

const SLIDE_STEPS: readonly (readonly number[])[] = [[], [], KNIGHT_STEPS, BISHOP_STEPS, ROOK_STEPS, KING_STEPS];

// Scratch space reused by every call (one evaluation at a time per thread).
/** pawnsOnFile[color * 8 + file] */
const pawnsOnFile = new Int32Array(16);
/** Per colour and file, the most and least advanced rank of its pawns (counted from its own side). */
const frontmostPawn = new Int32Array(16);
const rearmostPawn = new Int32Array(16);
/** kingZone[sq] === zoneStamp + colour: sq is the king of that colour's square or next to it. */
const kingZone = new Int32Array(128);
let zoneStamp = 0;

function markKingZones(pos: Position): void {
  zoneStamp += 2;
  for (let color = 0; color < 2; color++) {
    const king = pos.kingSquare[color];
    kingZone[king] = zoneStamp + color;
    for (let d = 0; d < 8; d++) {
      const sq = king + KING_STEPS[d];
      if ((sq & 0x88) === 0) kingZone[sq] = zoneStamp + color;
    }
  }
}

/** The position's value for the side to move, in centipawns. */
export function evaluate(pos: Position): number {
  const board = pos.board;
  let mg = 0;
  let eg = 0;
  let phase = 0;
  let kingAttackers0 = 0;
  let kingAttackers1 = 0;

  markKingZones(pos);
  pawnsOnFile.fill(0);
  rearmostPawn.fill(8);
  frontmostPawn.fill(-1);
  for (let color = 0; color < 2; color++) {
    const base = color << 4;
    for (let i = 0; i < pos.pieceCount[color]; i++) {
      const sq = pos.pieceList[base + i];
      if ((board[sq] & 7) !== PAWN) continue;
      const file = sq & 7;
      const rank = color === WHITE ? sq >> 4 : 7 - (sq >> 4);
      pawnsOnFile[color * 8 + file]++;
      if (rank > frontmostPawn[color * 8 + file]) frontmostPawn[color * 8 + file] = rank;
      if (rank < rearmostPawn[color * 8 + file]) rearmostPawn[color * 8 + file] = rank;
    }
  }

  for (let color = 0; color < 2; color++) {
    const sign = color === WHITE ? 1 : -1;
    const base = color << 4;
    const enemyZone = zoneStamp + (color ^ 1);
    let attackers = 0;
    for (let i = 0; i < pos.pieceCount[color]; i++) {
      const sq = pos.pieceList[base + i];
      const piece = board[sq];
      const kind = piece & 7;
      mg += sign * MG_PST[piece * 128 + sq];
      eg += sign * EG_PST[piece * 128 + sq];
      phase += PHASE_WEIGHT[kind];
      if (kind === PAWN) {
        const terms = pawnTerms(color, sq);
        mg += sign * terms[0];
        eg += sign * terms[1];
      } else if (kind !== KING) {
        // Mobility: squares reached that are not our own pieces; and whether the enemy king's
        // neighbourhood is among them.
        const steps = kind === QUEEN ? KING_STEPS : SLIDE_STEPS[kind];
        const slides = kind !== KNIGHT;
        let reach = 0;
        let nearKing = false;
        for (let d = 0; d < steps.length; d++) {
          const step = steps[d];
          for (let to = sq + step; (to & 0x88) === 0; to += step) {
            const target = board[to];
            if (target !== 0 && (target >> 3) === color) break;
            reach++;
            if (kingZone[to] === enemyZone) nearKing = true;
            if (target !== 0 || !slides) break;
          }
        }
        mg += sign * MOBILITY_MG[kind] * (reach - MOBILITY_BASE[kind]);
        eg += sign * MOBILITY_EG[kind] * (reach - MOBILITY_BASE[kind]);
        if (nearKing) attackers++;
        if (kind === ROOK) {
          const file = sq & 7;
          if (pawnsOnFile[color * 8 + file] === 0) {
            const open = pawnsOnFile[(color ^ 1) * 8 + file] === 0;
            mg += sign * (open ? ROOK_OPEN_FILE_MG : ROOK_HALF_OPEN_FILE_MG);
            eg += sign * (open ? ROOK_OPEN_FILE_EG : ROOK_HALF_OPEN_FILE_EG);
          }
        }
      }
    }
    if (color === WHITE) kingAttackers1 = attackers;
    else kingAttackers0 = attackers;
    if (pos.material[makePiece(color as 0 | 1, BISHOP)] >= 2) {
      mg += sign * BISHOP_PAIR_MG;
      eg += sign * BISHOP_PAIR_EG;
    }
    mg += sign * kingShelter(pos, color);
  }
  mg += KING_ATTACKERS_MG[Math.min(kingAttackers0, 8)] - KING_ATTACKERS_MG[Math.min(kingAttackers1, 8)];

  if (phase > MAX_PHASE) phase = MAX_PHASE;
  eg = scaleWithoutPawns(pos, eg);
  const score = ((mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE) | 0;
  return (pos.turn === WHITE ? score : -score) + TEMPO;
}

const pawnScore: [number, number] = [0, 0];

/** Doubled, isolated and passed-pawn terms for the pawn of `color` on `sq` (uses the file tables). */
function pawnTerms(color: number, sq: number): [number, number] {
  const file = sq & 7;
  const rank = color === WHITE ? sq >> 4 : 7 - (sq >> 4);
  const own = color * 8;
  const enemy = (color ^ 1) * 8;
  let mg = 0;
  let eg = 0;
  // Doubled: every pawn of ours on the file except the rearmost one.
  if (rank > rearmostPawn[own + file]) {
    mg += DOUBLED_PAWN_MG;
    eg += DOUBLED_PAWN_EG;
  }
  const left = file > 0 ? pawnsOnFile[own + file - 1] : 0;
  const right = file < 7 ? pawnsOnFile[own + file + 1] : 0;
  if (left === 0 && right === 0) {
    mg += ISOLATED_PAWN_MG;
    eg += ISOLATED_PAWN_EG;
  }
  // Passed: no enemy pawn ahead on this or a neighbouring file. Enemy ranks are counted from the
  // enemy's side, so "ahead of us" means an enemy rank above 7 - rank.
  let passed = true;
  for (let f = Math.max(0, file - 1); f <= Math.min(7, file + 1) && passed; f++) {
    if (pawnsOnFile[enemy + f] > 0 && rearmostPawn[enemy + f] < 7 - rank) passed = false;
  }
  if (passed && rank === frontmostPawn[own + file]) {
    mg += PASSED_PAWN_MG[rank];
    eg += PASSED_PAWN_EG[rank];
  }
  pawnScore[0] = mg;
  pawnScore[1] = eg;
  return pawnScore;
}

/** Pawns of `color` shielding its king, when the king stands on its first two ranks (middlegame). */
function kingShelter(pos: Position, color: number): number {
  const king = pos.kingSquare[color];
  const rank = color === WHITE ? king >> 4 : 7 - (king >> 4);
  if (rank > 1) return 0;
  const forward = color === WHITE ? 16 : -16;
  const pawn = makePiece(color as 0 | 1, PAWN);
  let score = 0;
  for (let df = -1; df <= 1; df++) {
    const file = (king & 7) + df;
    if (file < 0 || file > 7) continue;
    const near = king + df + forward;
    if (pos.board[near] === pawn) score += SHIELD_NEAR_MG;
    else if (((near + forward) & 0x88) === 0 && pos.board[near + forward] === pawn) score += SHIELD_FAR_MG;
  }
  return score;
}

/** Material in pawn units, pieces only. */
function pieceValue(pos: Position, color: number): number {
  const m = pos.material;
  const c = color << 3;
  return (m[c | KNIGHT] + m[c | BISHOP]) * 3 + m[c | ROOK] * 5 + m[c | QUEEN] * 9;
}

/** Without pawns, a side a minor piece or less ahead rarely wins: shrink its endgame score. */
function scaleWithoutPawns(pos: Position, eg: number): number {
  const strong = eg > 0 ? WHITE : BLACK;
  if (pos.material[makePiece(strong, PAWN)] > 0) return eg;
  return pieceValue(pos, strong) - pieceValue(pos, strong ^ 1) <= 3 ? (eg / NO_PAWN_SCALE) | 0 : eg;
}
