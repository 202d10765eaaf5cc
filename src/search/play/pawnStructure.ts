// The pawn structure part of the evaluation: the pawns' square values, and doubled, isolated,
// connected and passed pawns. It depends on the pawns alone, which change far less often than
// the rest of the board, so its score is cached by a hash of the pawns; a cache hit skips every
// per-pawn test. The cache also keeps the pawns' attacks and each file's king shelter (for a king
// on its first two ranks, the usual case). What also depends on the kings or the pieces (how far
// the kings are from a passed pawn, whether its path is free) is left to evaluate.ts, which gets
// the passed pawns as a set of files.

import type { Position } from '../../chess/position.ts';
import { PAWN, WHITE, makePiece } from '../../chess/types.ts';
import {
  CONNECTED_PAWN_EG, CONNECTED_PAWN_MG, DOUBLED_PAWN_EG, DOUBLED_PAWN_MG, EG_PST, ISOLATED_PAWN_EG, ISOLATED_PAWN_MG, MG_PST, PARAMS,
  PARAMS_VERSION, PASSED_PAWN_EG, PASSED_PAWN_MG,
} from './evalParams.ts';
import { shelterScore } from './kingShelter.ts';

// Scratch file tables for scoring a structure, per colour * 8 + file: how many pawns, and the
// most and least advanced one's rank counted from its own side (-1 and 8 when the file has none).
const pawnsOnFile = new Int32Array(16);
const frontmostPawn = new Int32Array(16);
const rearmostPawn = new Int32Array(16);

/** What scanPawns found, from white's point of view where it is a score. Files are bits
 *  colour * 8 + file; a passed pawn is the frontmost of its file, and its rank (counted from its
 *  side) is kept in three bits per file. */
export const structure = {
  mg: 0,
  eg: 0,
  /** Files where the colour has pawns. */
  pawnFiles: 0,
  /** Files whose frontmost pawn of the colour is passed. */
  passedFiles: 0,
  /** Bits 3 * file: the rank of white's (index 0) and black's (index 1) passed pawn on that file. */
  passedRanks: new Int32Array(2),
  /** Where in PAWN_GUARDS these pawns' attacked squares start: PAWN_GUARDS[structure.guards + sq]
   *  has bit c set when a pawn of colour c attacks 0x88 square sq. */
  guards: 0,
};

// The cache: per slot the pawn hash's two halves, the scores, the file sets and passed ranks, the
// weights' version it was scored with (never 0, so an empty slot never matches) and the king
// shelters; and in PAWN_GUARDS the squares the pawns attack. The evaluation reads the shelters and
// guards in place: the search moves between pawn structures at about every other evaluation, and
// copying them out each time cost more than reading them.
const CACHE_BITS = 14;
const CACHE_MASK = (1 << CACHE_BITS) - 1;
const SLOT = 24;
const cache = new Int32Array(SLOT << CACHE_BITS);
const MG = 2;
const EG = 3;
const FILES = 4;
const WHITE_RANKS = 5;
const BLACK_RANKS = 6;
const VERSION = 7;
/** The shelter and storm (kingShelter.ts) of a king of colour c on its first two ranks and file f,
 *  at SHELTER + c * 8 + f: it depends on the pawns only. NOT_SCORED until shelterOnFile needs it:
 *  an evaluation reads at most three files per king, so scoring all sixteen up front wasted most. */
const SHELTER = 8;
/** A shelter not scored yet (no real shelter score comes near it). */
const NOT_SCORED = 0x7fffffff;

/** Per cache slot, 128 bytes: which colours' pawns attack each 0x88 square (bit colour). A byte
 *  per square, so that the evaluation's hottest loop tests a square with one load. */
export const PAWN_GUARDS = new Uint8Array(128 << CACHE_BITS);

/** Does a pawn of `color` attack 0x88 square `sq`, for the pawns scanPawns was last given? */
export function pawnGuards(color: number, sq: number): boolean {
  return ((PAWN_GUARDS[structure.guards + sq] >> color) & 1) !== 0;
}

/** Marks 0x88 square `sq` (when on the board) attacked by a pawn of `color` in the guard squares at `guards`. */
function addPawnAttack(guards: number, color: number, sq: number): void {
  if ((sq & 0x88) === 0) PAWN_GUARDS[guards + sq] |= 1 << color;
}

/** The pawns (hash halves, weights' version) that `structure` describes now: consecutive
 *  evaluations in a search mostly share their pawns, and then nothing needs doing. */
let currentHi = 0;
let currentLo = 0;
let currentVersion = 0;

/** Fills `structure` for the position's pawns, from the cache when it can. */
export function scanPawns(pos: Position): void {
  const hi = pos.pawnHashHi;
  const lo = pos.pawnHashLo;
  const version = PARAMS_VERSION[0] + 1;
  if (hi === currentHi && lo === currentLo && version === currentVersion) return;
  currentHi = hi;
  currentLo = lo;
  currentVersion = version;
  const slot = lo & CACHE_MASK;
  const at = slot * SLOT;
  structure.guards = slot << 7;
  if (cache[at + VERSION] !== version || cache[at] !== hi || cache[at + 1] !== lo) {
    scoreStructure(pos, structure.guards);
    cache[at] = hi;
    cache[at + 1] = lo;
    cache[at + MG] = structure.mg;
    cache[at + EG] = structure.eg;
    cache[at + FILES] = structure.pawnFiles | (structure.passedFiles << 16);
    cache[at + WHITE_RANKS] = structure.passedRanks[0];
    cache[at + BLACK_RANKS] = structure.passedRanks[1];
    cache[at + VERSION] = version;
    cache.fill(NOT_SCORED, at + SHELTER, at + SHELTER + 16);
  } else {
    structure.mg = cache[at + MG];
    structure.eg = cache[at + EG];
    structure.pawnFiles = cache[at + FILES] & 0xffff;
    structure.passedFiles = cache[at + FILES] >>> 16;
    structure.passedRanks[0] = cache[at + WHITE_RANKS];
    structure.passedRanks[1] = cache[at + BLACK_RANKS];
  }
}

/**
 * The shelter and storm of a `color` king on its first two ranks on `file`, for the pawns
 * scanPawns was last given (`pos` must have them): scored the first time it is asked for, then
 * kept with the pawns' cache slot.
 */
export function shelterOnFile(pos: Position, color: number, file: number): number {
  const index = (structure.guards >> 7) * SLOT + SHELTER + color * 8 + file; // the current pawns' slot
  let score = cache[index];
  if (score === NOT_SCORED) {
    score = shelterScore(pos.board, color, file, 0);
    cache[index] = score;
  }
  return score;
}

/** Scores the position's pawns into `structure`, and marks the squares they attack in PAWN_GUARDS from `guards` on. */
function scoreStructure(pos: Position, guards: number): void {
  const board = pos.board;
  for (let i = 0; i < 16; i++) {
    pawnsOnFile[i] = 0;
    rearmostPawn[i] = 8;
    frontmostPawn[i] = -1;
  }
  let pawnFiles = 0;
  for (let color = 0; color < 2; color++) {
    const base = color << 4;
    for (let i = 0; i < pos.pieceCount[color]; i++) {
      const sq = pos.pieceList[base + i];
      if ((board[sq] & 7) !== PAWN) continue;
      const slot = color * 8 + (sq & 7);
      const rank = color === WHITE ? sq >> 4 : 7 - (sq >> 4);
      pawnsOnFile[slot]++;
      pawnFiles |= 1 << slot;
      if (rank > frontmostPawn[slot]) frontmostPawn[slot] = rank;
      if (rank < rearmostPawn[slot]) rearmostPawn[slot] = rank;
    }
  }
  let mg = 0;
  let eg = 0;
  let passedFiles = 0;
  structure.passedRanks[0] = 0;
  structure.passedRanks[1] = 0;
  PAWN_GUARDS.fill(0, guards, guards + 128);
  for (let color = 0; color < 2; color++) {
    const sign = color === WHITE ? 1 : -1;
    const base = color << 4;
    const own = color * 8;
    const enemy = (color ^ 1) * 8;
    const pawn = makePiece(color as 0 | 1, PAWN);
    const back = color === WHITE ? -16 : 16;
    for (let i = 0; i < pos.pieceCount[color]; i++) {
      const sq = pos.pieceList[base + i];
      if (board[sq] !== pawn) continue;
      mg += sign * MG_PST[pawn * 128 + sq];
      eg += sign * EG_PST[pawn * 128 + sq];
      addPawnAttack(guards, color, sq - back - 1);
      addPawnAttack(guards, color, sq - back + 1);
      const file = sq & 7;
      const rank = color === WHITE ? sq >> 4 : 7 - (sq >> 4);
      // Doubled: every pawn of ours on the file except the rearmost one.
      if (rank > rearmostPawn[own + file]) {
        mg += sign * PARAMS[DOUBLED_PAWN_MG];
        eg += sign * PARAMS[DOUBLED_PAWN_EG];
      }
      const left = file > 0 ? pawnsOnFile[own + file - 1] : 0;
      const right = file < 7 ? pawnsOnFile[own + file + 1] : 0;
      if (left === 0 && right === 0) {
        mg += sign * PARAMS[ISOLATED_PAWN_MG];
        eg += sign * PARAMS[ISOLATED_PAWN_EG];
      }
      // Connected: defended by a pawn of ours, or with one beside it.
      const behind = sq + back;
      if ((file > 0 && (board[sq - 1] === pawn || board[behind - 1] === pawn)) || (file < 7 && (board[sq + 1] === pawn || board[behind + 1] === pawn))) {
        mg += sign * PARAMS[CONNECTED_PAWN_MG + rank];
        eg += sign * PARAMS[CONNECTED_PAWN_EG + rank];
      }
      // Passed: no enemy pawn ahead on this or a neighbouring file. Enemy ranks are counted from
      // the enemy's side, so "ahead of us" means an enemy rank above 7 - rank.
      if (rank !== frontmostPawn[own + file]) continue;
      let passed = true;
      for (let f = Math.max(0, file - 1); f <= Math.min(7, file + 1) && passed; f++) {
        if (pawnsOnFile[enemy + f] > 0 && rearmostPawn[enemy + f] < 7 - rank) passed = false;
      }
      if (passed) {
        mg += sign * PARAMS[PASSED_PAWN_MG + rank] | 0; // | 0: a zero weight times -1 is -0, a double to V8
        eg += sign * PARAMS[PASSED_PAWN_EG + rank];
        passedFiles |= 1 << (own + file);
        structure.passedRanks[color] |= rank << (3 * file);
      }
    }
  }
  structure.mg = mg;
  structure.eg = eg;
  structure.pawnFiles = pawnFiles;
  structure.passedFiles = passedFiles;
}
