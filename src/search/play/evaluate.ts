// The static evaluation of the game engine: a tapered sum (middlegame and endgame scores blended
// by the material left) of material and piece-square values, pawn structure, mobility, king
// safety, threats (pieces attacked by lesser ones, or attacked and undefended) and a few classic
// bonuses. The weights are in weights.ts, read through evalParams.ts.
// Scores are centipawns from the side to move's point of view.

import { BISHOP_STEPS, KING_STEPS, KNIGHT_STEPS, ROOK_STEPS, STEP } from '../../chess/attacks.ts';
import type { Position } from '../../chess/position.ts';
import { BISHOP, BLACK, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE, makePiece } from '../../chess/types.ts';
import {
  BISHOP_PAIR_EG, BISHOP_PAIR_MG, EG_PST, KING_DANGER_MAX, KING_DANGER_MG, SAFE_CHECK_UNITS,
  MG_PST, MOBILITY_EG, MOBILITY_MG, PARAMS, PASSED_ENEMY_KING_DISTANCE_EG, PASSED_FREE_EG, PASSED_OWN_KING_DISTANCE_EG,
  ROOK_HALF_OPEN_FILE_EG, ROOK_HALF_OPEN_FILE_MG, ROOK_ON_SEVENTH_EG, ROOK_ON_SEVENTH_MG, ROOK_OPEN_FILE_EG,
  ROOK_OPEN_FILE_MG, TEMPO, THREAT_BY_PAWN_EG, THREAT_BY_PAWN_MG, THREAT_BY_MINOR_MG, THREAT_BY_MINOR_EG,
  THREAT_BY_ROOK_MG, THREAT_BY_ROOK_EG, HANGING_MG, HANGING_EG,
} from './evalParams.ts';
import { shelterScore } from './kingShelter.ts';
import { PAWN_GUARDS, scanPawns, shelterOnFile, structure } from './pawnStructure.ts';

/** Each piece's weight in the game phase; 24 at the start (all pieces on), 0 with pawns and kings only. */
const PHASE_WEIGHT = [0, 0, 1, 1, 2, 4, 0];
const MAX_PHASE = 24;

/** A side without pawns needs more than a minor piece's worth of extra material to win. */
const NO_PAWN_SCALE = 4;
/** Pure opposite-coloured bishops with pawns: the endgame score is divided by this. */
const OPPOSITE_BISHOPS_SCALE = 2;
/** Rook pawns with the defending king in the corner the bishop cannot cover: close to a draw. */
const ROOK_PAWN_DRAW_SCALE = 16;
/** What a piece reaching the squares around the enemy king adds to that king's danger, by kind. */
const KING_ATTACK_UNITS = [0, 0, 2, 2, 3, 5, 0];

/** The steps of each piece kind in one flat array: kind's steps are STEPS[STEPS_START[kind] .. STEPS_START[kind + 1]). */
const STEPS = Int32Array.from([...KNIGHT_STEPS, ...BISHOP_STEPS, ...ROOK_STEPS, ...KING_STEPS]);
const STEPS_START = Int32Array.from([0, 0, 0, 8, 12, 16, 24]);

/**
 * Which colours' pieces (not pawns or kings) reach each occupied square, for the hanging-piece
 * test: hits[sq] is stamp << 2 | 1 for white | 2 for black, where a value with an older stamp
 * counts as no hit, so nothing needs clearing between evaluations.
 */
const hits = new Int32Array(128);
let hitStamp = 0;
/** The squares of each colour's knights, bishops, rooks and queens (colour * 16 + i), gathered by
 *  the main loop for the hanging-piece test, and how many there are. */
const pieceSquares = new Int32Array(32);
const pieceSquareCount = new Int32Array(2);
/** Past this the stamp (shifted by 2) would overflow an Int32: wipe the marks and start over. */
const HIT_STAMP_LIMIT = 1 << 28;

/** The files a king castles to, on the king's and the queen's side. */
const CASTLED_KING_FILE = 6;
const CASTLED_QUEEN_FILE = 2;

/**
 * KING_RELATION[sq - king + 119]: what square sq is to the king on `king`: KING_ZONE (the king's
 * square or next to it), and the kinds of piece that would check it from there if nothing stood
 * between (KNIGHT_CHECK, DIAGONAL_CHECK, LINE_CHECK).
 */
const KING_RELATION = new Uint8Array(239);
const KING_ZONE = 1;
const KNIGHT_CHECK = 2;
const DIAGONAL_CHECK = 4;
const LINE_CHECK = 8;
for (const step of [0, ...KING_STEPS]) KING_RELATION[step + 119] |= KING_ZONE;
for (const step of KNIGHT_STEPS) KING_RELATION[step + 119] |= KNIGHT_CHECK;
for (const [steps, check] of [[BISHOP_STEPS, DIAGONAL_CHECK], [ROOK_STEPS, LINE_CHECK]] as const) {
  for (const step of steps) {
    for (let n = 1; n < 8; n++) KING_RELATION[step * n + 119] |= check;
  }
}
/** CHECKS_BY[kind]: the check kinds a piece of that kind gives. */
const CHECKS_BY = Int32Array.from([0, 0, KNIGHT_CHECK, DIAGONAL_CHECK, LINE_CHECK, DIAGONAL_CHECK | LINE_CHECK, 0]);
/** The checks each colour's pieces could give (at colour * 64 + i), as kind * 128 + square, safe or not. */
const checkMoves = new Int32Array(2 * 64);
const checkMoveCount = new Int32Array(2);

/**
 * The cheap part of evaluate: material, piece-square values and the (cached) pawn structure,
 * tapered the same way. What evaluate adds to it (mobility, threats, king safety, the passed
 * pawns' endgame terms, endgame scaling) came to more than BASE_EVALUATION_SPREAD in 0.3% of the
 * 297,407 quiescence positions of `chessbot bench --depth 9`, and to more than 400 in 82 of them.
 */
export function baseEvaluate(pos: Position): number {
  const board = pos.board;
  let mg = 0;
  let eg = 0;
  let phase = 0;
  scanPawns(pos);
  for (let color = 0; color < 2; color++) {
    const sign = color === WHITE ? 1 : -1;
    const base = color << 4;
    for (let i = 0; i < pos.pieceCount[color]; i++) {
      const sq = pos.pieceList[base + i];
      const piece = board[sq];
      const kind = piece & 7;
      if (kind === PAWN) continue; // in the structure's score
      mg += sign * MG_PST[piece * 128 + sq];
      eg += sign * EG_PST[piece * 128 + sq];
      phase += PHASE_WEIGHT[kind];
    }
  }
  return tapered(pos, mg + structure.mg, eg + structure.eg, phase);
}

/** The middlegame and endgame scores (white's) blended by the game `phase`, for the side to move. */
function tapered(pos: Position, mg: number, eg: number, phase: number): number {
  const middlegame = Math.min(phase, MAX_PHASE);
  const score = ((mg * middlegame + eg * (MAX_PHASE - middlegame)) / MAX_PHASE) | 0;
  // 0 - score: -score would make a zero -0, a double to V8 (see negate in search.ts).
  return (pos.turn === WHITE ? score : 0 - score) + PARAMS[TEMPO];
}

/** How far evaluate strays from baseEvaluate but in rare positions (measured: see baseEvaluate). */
export const BASE_EVALUATION_SPREAD = 300;

/** The position's value for the side to move, in centipawns. */
export function evaluate(pos: Position): number {
  const board = pos.board;
  let mg = 0;
  let eg = 0;
  let phase = 0;
  /** Danger to each side's king: pieces reaching the squares around it, and their attack units. */
  let attackersOfWhite = 0;
  let unitsOnWhite = 0;
  let attackersOfBlack = 0;
  let unitsOnBlack = 0;

  scanPawns(pos);
  if (++hitStamp >= HIT_STAMP_LIMIT) {
    hits.fill(0);
    hitStamp = 1;
  }
  const stamp = hitStamp;
  const guards = structure.guards;
  for (let color = 0; color < 2; color++) {
    const sign = color === WHITE ? 1 : -1;
    const base = color << 4;
    // The squares the enemy pawns attack: mobility does not count them.
    const enemyPawnBit = 2 >> color;
    const hitBit = 1 << color;
    const enemyKing = pos.kingSquare[color ^ 1] - 119;
    const checkMoveBase = color << 6;
    let checkCount = 0;
    let pieces = 0;
    let attackers = 0;
    let units = 0;
    for (let i = 0; i < pos.pieceCount[color]; i++) {
      const sq = pos.pieceList[base + i];
      const piece = board[sq];
      const kind = piece & 7;
      if (kind === PAWN) continue; // scored with the structure
      mg += sign * MG_PST[piece * 128 + sq];
      eg += sign * EG_PST[piece * 128 + sq];
      phase += PHASE_WEIGHT[kind];
      if (kind !== KING) {
        pieceSquares[base + pieces++] = sq;
        if ((PAWN_GUARDS[guards + sq] & enemyPawnBit) !== 0) {
          mg += sign * PARAMS[THREAT_BY_PAWN_MG];
          eg += sign * PARAMS[THREAT_BY_PAWN_EG];
        }
        // Mobility: squares reached that are neither our own pieces nor guarded by enemy pawns;
        // whether the enemy king's neighbourhood is among them; and the pieces reached, ours
        // (defended) and the enemy's (attacked: a rook or queen by a minor piece, a queen by a
        // rook, is a threat).
        const slides = kind !== KNIGHT;
        const checks = CHECKS_BY[kind];
        const lesser = kind <= BISHOP ? ROOK : kind === ROOK ? QUEEN : KING;
        let reach = 0;
        let kingZoneHits = 0;
        const stepsEnd = STEPS_START[kind + 1];
        for (let d = STEPS_START[kind]; d < stepsEnd; d++) {
          const step = STEPS[d];
          for (let to = sq + step; (to & 0x88) === 0; to += step) {
            const target = board[to];
            if (target !== 0) {
              const hit = hits[to];
              hits[to] = ((hit >> 2) === stamp ? hit : stamp << 2) | hitBit;
              if ((target >> 3) === color) break;
              const victim = target & 7;
              if (victim >= lesser && victim !== KING) {
                // The weights are the threatened side's (the enemy's) penalties.
                const threatMg = kind === ROOK ? THREAT_BY_ROOK_MG : THREAT_BY_MINOR_MG + victim - ROOK;
                const threatEg = kind === ROOK ? THREAT_BY_ROOK_EG : THREAT_BY_MINOR_EG + victim - ROOK;
                mg -= sign * PARAMS[threatMg];
                eg -= sign * PARAMS[threatEg];
              }
            }
            if ((PAWN_GUARDS[guards + to] & enemyPawnBit) === 0) reach++;
            const relation = KING_RELATION[to - enemyKing];
            kingZoneHits += relation & KING_ZONE;
            if ((relation & checks) !== 0 && checkCount < 64) checkMoves[checkMoveBase + checkCount++] = (kind << 7) | to;
            if (target !== 0 || !slides) break;
          }
        }
        mg += sign * PARAMS[MOBILITY_MG[kind] + reach];
        eg += sign * PARAMS[MOBILITY_EG[kind] + reach];
        // A piece reaching the enemy king's neighbourhood adds its kind's units and one per
        // square of it that it reaches.
        if (kingZoneHits > 0) {
          attackers++;
          units += KING_ATTACK_UNITS[kind] + kingZoneHits;
        }
        if (kind === ROOK) {
          const file = sq & 7;
          if ((structure.pawnFiles & (1 << (color * 8 + file))) === 0) {
            const open = (structure.pawnFiles & (1 << ((color ^ 1) * 8 + file))) === 0;
            mg += sign * PARAMS[open ? ROOK_OPEN_FILE_MG : ROOK_HALF_OPEN_FILE_MG];
            eg += sign * PARAMS[open ? ROOK_OPEN_FILE_EG : ROOK_HALF_OPEN_FILE_EG];
          }
          if ((color === WHITE ? sq >> 4 : 7 - (sq >> 4)) === 6) {
            mg += sign * PARAMS[ROOK_ON_SEVENTH_MG];
            eg += sign * PARAMS[ROOK_ON_SEVENTH_EG];
          }
        }
      }
    }
    pieceSquareCount[color] = pieces;
    checkMoveCount[color] = checkCount;
    if (color === WHITE) {
      attackersOfBlack = attackers;
      unitsOnBlack = units;
    } else {
      attackersOfWhite = attackers;
      unitsOnWhite = units;
    }
    if (pos.material[makePiece(color as 0 | 1, BISHOP)] >= 2) {
      mg += sign * PARAMS[BISHOP_PAIR_MG];
      eg += sign * PARAMS[BISHOP_PAIR_EG];
    }
    mg += sign * kingShelter(pos, color) | 0; // | 0: black's zero shelter is -0, a double to V8
  }
  const hanging = hangingPieces(pos, WHITE, stamp) - hangingPieces(pos, BLACK, stamp);
  mg += hanging * PARAMS[HANGING_MG];
  eg += hanging * PARAMS[HANGING_EG];
  mg += kingDanger(pos, WHITE, attackersOfWhite, unitsOnWhite) - kingDanger(pos, BLACK, attackersOfBlack, unitsOnBlack);
  mg += structure.mg;
  eg += structure.eg + passedPawnEndgame(pos);

  return tapered(pos, mg, scaleEndgame(pos, eg), phase);
}

/**
 * The danger to the `color` king (a penalty, <= 0) from `attackers` enemy pieces near it worth
 * `units`, plus the checks the enemy could give safely. One piece near a king is no attack; two or
 * more are, or one with a safe check. Without a queen the attack is worth half.
 */
function kingDanger(pos: Position, color: number, attackers: number, units: number): number {
  if (attackers === 0) return 0;
  const checks = safeCheckUnits(pos, color ^ 1);
  if (checks > 0) attackers++;
  if (attackers < 2) return 0;
  units += checks;
  if (pos.material[makePiece((color ^ 1) as 0 | 1, QUEEN)] === 0) units >>= 1;
  return PARAMS[KING_DANGER_MG + Math.min(units, KING_DANGER_MAX)];
}

/**
 * The king-danger units of the checks `color` could give (from the squares its pieces reach,
 * gathered by evaluate) on a square the enemy does not guard: each kind of piece counts once.
 */
function safeCheckUnits(pos: Position, color: number): number {
  const enemy = (color ^ 1) as 0 | 1;
  const guards = structure.guards;
  const board = pos.board;
  const king = pos.kingSquare[enemy];
  const enemyKing = king - 119;
  const base = color << 6;
  const end = base + checkMoveCount[color];
  let kinds = 0;
  let units = 0;
  for (let i = base; i < end; i++) {
    const kind = checkMoves[i] >> 7;
    const sq = checkMoves[i] & 127;
    if ((kinds & (1 << kind)) !== 0 || (PAWN_GUARDS[guards + sq] & (1 << enemy)) !== 0
      || (KING_RELATION[sq - enemyKing] & KING_ZONE) !== 0 || (kind !== KNIGHT && !lineIsClear(board, sq, king)) || pos.isAttacked(sq, enemy)) continue;
    kinds |= 1 << kind;
    units += PARAMS[SAFE_CHECK_UNITS + kind - KNIGHT];
  }
  return units;
}

/** Are the squares strictly between `from` and `to` (on one line) empty? */
function lineIsClear(board: Uint8Array, from: number, to: number): boolean {
  const step = STEP[to - from + 119];
  for (let sq = from + step; sq !== to; sq += step) if (board[sq] !== 0) return false;
  return true;
}

/** The endgame worth of the passed pawns scanPawns found, beyond their rank: the kings'
 *  distances and a free path. */
function passedPawnEndgame(pos: Position): number {
  let eg = 0;
  for (let files = structure.passedFiles; files !== 0; files &= files - 1) {
    const slot = 31 - Math.clz32(files & -files);
    const color = slot >> 3;
    const file = slot & 7;
    const rank = (structure.passedRanks[color] >> (3 * file)) & 7;
    const sq = ((color === WHITE ? rank : 7 - rank) << 4) | file;
    const front = sq + (color === WHITE ? 16 : -16);
    const value = PARAMS[PASSED_ENEMY_KING_DISTANCE_EG + rank] * distance(pos.kingSquare[color ^ 1], front)
      + PARAMS[PASSED_OWN_KING_DISTANCE_EG + rank] * distance(pos.kingSquare[color], front)
      + (pos.board[front] === 0 ? PARAMS[PASSED_FREE_EG + rank] : 0);
    eg += color === WHITE ? value : -value;
  }
  return eg;
}

/** King steps between two 0x88 squares. */
function distance(a: number, b: number): number {
  return Math.max(Math.abs((a >> 4) - (b >> 4)), Math.abs((a & 7) - (b & 7)));
}

/**
 * How many knights, bishops, rooks and queens of `color` are attacked and not defended. Needs the
 * pieces' squares and hits of this evaluation (`stamp`) and the pawn attacks; kings count as attackers and
 * defenders of the squares next to them.
 */
function hangingPieces(pos: Position, color: number, stamp: number): number {
  const base = color << 4;
  const guards = structure.guards;
  const enemy = color ^ 1;
  const ownKing = pos.kingSquare[color] - 119;
  const enemyKing = pos.kingSquare[enemy] - 119;
  let count = 0;
  const end = base + pieceSquareCount[color];
  for (let i = base; i < end; i++) {
    const sq = pieceSquares[i];
    const hit = hits[sq];
    const hitBy = (hit >> 2) === stamp ? hit & 3 : 0;
    const attacked = (hitBy & (1 << enemy)) !== 0 || (KING_RELATION[sq - enemyKing] & KING_ZONE) !== 0;
    if (!attacked || (PAWN_GUARDS[guards + sq] & (1 << enemy)) !== 0) continue; // pawn threats are scored apart
    const defended = (hitBy & (1 << color)) !== 0 || (KING_RELATION[sq - ownKing] & KING_ZONE) !== 0
      || (PAWN_GUARDS[guards + sq] & (1 << color)) !== 0;
    if (!defended) count++;
  }
  return count;
}

/**
 * The pawn shelter and storm around the `color` king (kingShelter.ts): cached by the pawn structure
 * for a king on its first two ranks. A king that may still castle is judged by the better of where
 * it stands and where castling takes it.
 */
function kingShelter(pos: Position, color: number): number {
  const king = pos.kingSquare[color];
  const rank = color === WHITE ? king >> 4 : 7 - (king >> 4);
  let best = rank <= 1 ? shelterOnFile(pos, color, king & 7) : shelterScore(pos.board, color, king & 7, rank);
  const rights = pos.castlingRights >> (color << 1);
  if ((rights & 1) !== 0) best = Math.max(best, shelterOnFile(pos, color, CASTLED_KING_FILE));
  if ((rights & 2) !== 0) best = Math.max(best, shelterOnFile(pos, color, CASTLED_QUEEN_FILE));
  return best;
}

/** Material in pawn units, pieces only. */
function pieceValue(pos: Position, color: number): number {
  const m = pos.material;
  const c = color << 3;
  return (m[c | KNIGHT] + m[c | BISHOP]) * 3 + m[c | ROOK] * 5 + m[c | QUEEN] * 9;
}

/**
 * Endgames that material overstates: without pawns a side a minor piece or less ahead rarely
 * wins; bishops of opposite colours with only pawns besides are drawish; and rook pawns whose
 * corner the defending king holds (with no bishop, or one of the wrong colour) cannot be won.
 */
function scaleEndgame(pos: Position, eg: number): number {
  const strong = eg > 0 ? WHITE : BLACK;
  const weak = (strong ^ 1) as 0 | 1;
  const m = pos.material;
  const pawns = m[makePiece(strong, PAWN)];
  if (pawns === 0) return pieceValue(pos, strong) - pieceValue(pos, weak) <= 3 ? (eg / NO_PAWN_SCALE) | 0 : eg;
  const strongOthers = m[makePiece(strong, KNIGHT)] + m[makePiece(strong, ROOK)] + m[makePiece(strong, QUEEN)];
  if (strongOthers > 0) return eg;
  const strongBishops = m[makePiece(strong, BISHOP)];
  if (strongBishops > 1) return eg;
  const bishopColor = strongBishops === 1 ? squareColor(bishopSquare(pos, strong)) : -1;
  // All pawns on one rook file, the defending king next to the promotion corner.
  const files = (structure.pawnFiles >> (strong * 8)) & 0xff;
  const file = files === 0x01 ? 0 : files === 0x80 ? 7 : -1;
  if (file >= 0) {
    const corner = (strong === WHITE ? 0x70 : 0) + file;
    if (distance(pos.kingSquare[weak], corner) <= 1 && bishopColor !== squareColor(corner)) return (eg / ROOK_PAWN_DRAW_SCALE) | 0;
  }
  const weakOthers = m[makePiece(weak, KNIGHT)] + m[makePiece(weak, ROOK)] + m[makePiece(weak, QUEEN)];
  if (strongBishops === 1 && weakOthers === 0 && m[makePiece(weak, BISHOP)] === 1
    && bishopColor !== squareColor(bishopSquare(pos, weak))) {
    return (eg / OPPOSITE_BISHOPS_SCALE) | 0;
  }
  return eg;
}

/** 0 for dark squares, 1 for light ones. */
function squareColor(sq: number): number {
  return ((sq >> 4) + (sq & 7)) & 1;
}

/** The square of a bishop of `color` (one is known to be on the board). */
function bishopSquare(pos: Position, color: number): number {
  const base = color << 4;
  for (let i = 0; i < pos.pieceCount[color]; i++) {
    const sq = pos.pieceList[base + i];
    if ((pos.board[sq] & 7) === BISHOP) return sq;
  }
  return -1;
}
