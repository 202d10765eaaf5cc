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
  /** The squares each colour's pawns attack, as 64-bit sets in two halves: index colour * 2 for
   *  ranks 1-4, colour * 2 + 1 for ranks 5-8; bit (rank % 4) * 8 + file. See pawnGuards. */
  pawnAttacks: new Int32Array(4),
  /** The shelter and storm (kingShelter.ts) of a king of colour c on its first two ranks and file
   *  f, at index c * 8 + f: it depends on the pawns only. */
  shelter: new Int32Array(16),
};

/** Does a pawn of the colour whose attack halves are `low` and `high` attack 0x88 square `sq`? */
export function pawnGuards(low: number, high: number, sq: number): boolean {
  return (((sq < 64 ? low : high) >>> (((sq >> 1) & 0x18) | (sq & 7))) & 1) !== 0;
}

/** Adds 0x88 square `sq` (when on the board) to the pawn attack set of `color`. */
function addPawnAttack(color: number, sq: number): void {
  if ((sq & 0x88) !== 0) return;
  structure.pawnAttacks[color * 2 + (sq >> 6)] |= 1 << (((sq >> 1) & 0x18) | (sq & 7));
}

// The cache: per slot the pawn hash's two halves, the scores, the file sets and passed ranks, the
// weights' version it was scored with (never 0, so an empty slot never matches), the pawn attacks
// and the shelters.
const CACHE_BITS = 14;
const CACHE_MASK = (1 << CACHE_BITS) - 1;
const SLOT = 28;
const cache = new Int32Array(SLOT << CACHE_BITS);
const MG = 2;
const EG = 3;
const FILES = 4;
const WHITE_RANKS = 5;
const BLACK_RANKS = 6;
const VERSION = 7;
const PAWN_ATTACKS = 8;
const SHELTER = 12;

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
  const at = (lo & CACHE_MASK) * SLOT;
  if (cache[at + VERSION] !== version || cache[at] !== hi || cache[at + 1] !== lo) {
    scoreStructure(pos);
    cache[at] = hi;
    cache[at + 1] = lo;
    cache[at + MG] = structure.mg;
    cache[at + EG] = structure.eg;
    cache[at + FILES] = structure.pawnFiles | (structure.passedFiles << 16);
    cache[at + WHITE_RANKS] = structure.passedRanks[0];
    cache[at + BLACK_RANKS] = structure.passedRanks[1];
    cache[at + VERSION] = version;
    cache.set(structure.pawnAttacks, at + PAWN_ATTACKS);
    cache.set(structure.shelter, at + SHELTER);
  } else {
    structure.mg = cache[at + MG];
    structure.eg = cache[at + EG];
    structure.pawnFiles = cache[at + FILES] & 0xffff;
    structure.passedFiles = cache[at + FILES] >>> 16;
    structure.passedRanks[0] = cache[at + WHITE_RANKS];
    structure.passedRanks[1] = cache[at + BLACK_RANKS];
    const attacks = structure.pawnAttacks;
    for (let i = 0; i < 4; i++) attacks[i] = cache[at + PAWN_ATTACKS + i];
    const shelter = structure.shelter;
    for (let i = 0; i < 16; i++) shelter[i] = cache[at + SHELTER + i];
  }
}

function scoreStructure(pos: Position): void {
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
  structure.pawnAttacks.fill(0);
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
      addPawnAttack(color, sq - back - 1);
      addPawnAttack(color, sq - back + 1);
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
        mg += sign * PARAMS[PASSED_PAWN_MG + rank];
        eg += sign * PARAMS[PASSED_PAWN_EG + rank];
        passedFiles |= 1 << (own + file);
        structure.passedRanks[color] |= rank << (3 * file);
      }
    }
  }
  for (let color = 0; color < 2; color++) {
    for (let file = 0; file < 8; file++) structure.shelter[color * 8 + file] = shelterScore(board, color, file, 0);
  }
  structure.mg = mg;
  structure.eg = eg;
  structure.pawnFiles = pawnFiles;
  structure.passedFiles = passedFiles;
}
