// Legal move generation. Checkers and pins are found once per call by looking outward from the
// king (chessops' "context"), so every generated move is legal without make/unmake: pinned pieces
// move only along their pin line, in check only moves onto the check line count, and the king
// never steps onto an attacked square. Only en passant, whose double removal can expose the king
// along a rank, is tried on the board (Position.enPassantIsLegal).

import {
  ATTACKER_BIT, ATTACK_BITS, IS_SLIDER, KING_STEPS, KNIGHT_STEPS, STEP, attackIndex, lowestBit, pawnAttackerSquare,
  pieceAttacks,
} from './attacks.ts';
import {
  FLAG_CASTLE, FLAG_DOUBLE_PUSH, FLAG_EN_PASSANT, FLAG_NORMAL, FLAG_PROMOTION, MAX_MOVES, encodeMove, moveFlag, moveFrom,
  movePromotion, moveTo,
} from './move.ts';
import { type Position, castledKingSquare, castledRookSquare } from './position.ts';
import { BISHOP, type Color, EMPTY, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE, makePiece } from './types.ts';

// Per-call marks without clearing: a square is "on the check line" or "pinned" for this call when
// its stamp equals the call's stamp. Generation is not re-entrant within one call, so module-level
// scratch space is safe (each worker thread has its own module instance).
const checkLineStamp = new Int32Array(128);
const pinStamp = new Int32Array(128);
const pinStep = new Int32Array(128);
let stamp = 0;

/**
 * The next call's stamp. The marks live in Int32Arrays, so the stamp must stay a small int: past
 * 2^31 a stored mark would never equal the stamp again (a bot searching for hours gets there).
 * At the limit the marks are wiped and counting starts over.
 */
function nextStamp(): number {
  if (++stamp >= STAMP_LIMIT) {
    checkLineStamp.fill(0);
    pinStamp.fill(0);
    stamp = 1;
  }
  return stamp;
}

/** Where the stamps start over; exported with setGenerationStamp for the wrap-around test. */
export const STAMP_LIMIT = 2 ** 30;

/** Tests only: moves the stamp counter next to its limit, to check the wrap-around. */
export function setGenerationStamp(value: number): void {
  stamp = value;
}

/**
 * The ray steps of the sliders in one table: rooks use 0-3, bishops 4-7, queens all eight (the
 * orders of ROOK_STEPS, BISHOP_STEPS and KING_STEPS, so the moves come out in the same order).
 */
const DIRECTIONS = Int32Array.of(1, -1, 16, -16, 15, 17, -15, -17);
/** FIRST_DIRECTION[kind] … LAST_DIRECTION[kind] - 1: a slider kind's slice of DIRECTIONS. */
const FIRST_DIRECTION = Int32Array.of(0, 0, 0, 4, 0, 0, 0);
const LAST_DIRECTION = Int32Array.of(0, 0, 0, 8, 4, 8, 0);
const KNIGHT_JUMPS = Int32Array.from(KNIGHT_STEPS);

/**
 * Writes every legal move of the side to move into `out` from index `start`; returns the index
 * after the last one. `out` needs MAX_MOVES free slots.
 */
export function generateLegal(pos: Position, out: Int32Array, start: number): number {
  return generate(pos, out, start, ALL);
}

/** The legal captures (en passant included) and promotions only: the quiescence search's moves. */
export function generateTactical(pos: Position, out: Int32Array, start: number): number {
  return generate(pos, out, start, TACTICAL);
}

/**
 * The legal moves that generateTactical leaves out: neither captures nor promotions (castling
 * included). The game search generates them only once the captures have not cut the node off.
 */
export function generateQuiet(pos: Position, out: Int32Array, start: number): number {
  return generate(pos, out, start, QUIET);
}

/** What generate() writes: every legal move, the tactical ones, or the quiet ones. */
const ALL = 0;
const TACTICAL = 1;
const QUIET = 2;

/**
 * The legal moves of `kind` (ALL, TACTICAL, QUIET) in a fixed order: king steps, castling, then
 * piece by piece (piece-list order), ray by ray, nearest square first. The search's move ordering
 * breaks ties by this order, so it is part of the bench signature.
 */
function generate(pos: Position, out: Int32Array, start: number, kind: number): number {
  const us = pos.turn;
  const king = pos.kingSquare[us];
  const current = nextStamp();
  const checkers = findChecksAndPins(pos, us, king, current);
  const quiets = kind !== TACTICAL;
  const captures = kind !== QUIET;

  // The quiet moves come king last: the search tries equally rated quiet moves in this order,
  // and the king's are rarely the good ones.
  if (kind === QUIET) {
    const n = checkers >= 2 ? start : generatePieceMoves(pos, out, start, us, kind, checkers !== 0, current);
    return generateKingSteps(pos, out, checkers === 0 ? generateCastling(pos, out, n, us, king) : n, us, king, true, false);
  }
  let n = generateKingSteps(pos, out, start, us, king, quiets, captures);
  if (checkers >= 2) return n;
  if (checkers === 0 && quiets) n = generateCastling(pos, out, n, us, king);
  return generatePieceMoves(pos, out, n, us, kind, checkers !== 0, current);
}

/** The moves of `kind` of every piece but the king, piece-list order. */
function generatePieceMoves(pos: Position, out: Int32Array, n: number, us: Color, kind: number, inCheck: boolean, current: number): number {
  const board = pos.board;
  const quiets = kind !== TACTICAL;
  const captures = kind !== QUIET;

  const list = pos.pieceList;
  const base = us << 4;
  const end = base + pos.pieceCount[us];
  for (let i = base; i < end; i++) {
    const from = list[i];
    const pieceKind = board[from] & 7;
    if (pieceKind === KING) continue;
    const pinned = pinStamp[from] === current ? pinStep[from] : 0;
    if (pieceKind === PAWN) {
      if (kind === ALL) n = generatePawnMoves(pos, out, n, from, us, pinned, inCheck, current);
      else if (captures) n = generatePawnCaptures(pos, out, n, from, us, pinned, inCheck, current, true);
      else n = generatePawnPushes(board, out, n, from, us, pinned, inCheck, current);
    } else if (pieceKind === KNIGHT) {
      // A pinned knight can never stay on its pin line.
      if (pinned === 0) n = generateKnightMoves(board, out, n, from, us, inCheck, current, quiets, captures);
    } else if (kind === ALL) {
      n = generateSliderMoves(board, out, n, from, pieceKind, us, pinned, inCheck, current);
    } else if (captures) {
      n = generateSliderCaptures(board, out, n, from, pieceKind, us, pinned, inCheck, current);
    } else {
      n = generateSliderQuiets(board, out, n, from, pieceKind, pinned, inCheck, current);
    }
  }
  return n;
}

/** May a piece pinned along `pinned` (0: not pinned) move along `step`? Only along its pin line. */
const staysOnPinLine = (pinned: number, step: number): boolean => pinned === 0 || step === pinned || step === -pinned;

function generateKnightMoves(
  board: Uint8Array, out: Int32Array, n: number, from: number, us: Color, inCheck: boolean, current: number,
  quiets: boolean, captures: boolean,
): number {
  for (let d = 0; d < 8; d++) {
    const to = from + KNIGHT_JUMPS[d];
    if (to & 0x88) continue;
    const target = board[to];
    if (target === EMPTY ? !quiets : !captures || (target >> 3) === us) continue;
    if (inCheck && checkLineStamp[to] !== current) continue;
    out[n++] = encodeMove(from, to, 0, FLAG_NORMAL, target);
  }
  return n;
}

/** A bishop's, rook's or queen's moves: along each ray the empty squares, then the enemy piece that ends it. */
function generateSliderMoves(
  board: Uint8Array, out: Int32Array, n: number, from: number, kind: number, us: Color, pinned: number,
  inCheck: boolean, current: number,
): number {
  const last = LAST_DIRECTION[kind];
  for (let d = FIRST_DIRECTION[kind]; d < last; d++) {
    const step = DIRECTIONS[d];
    if (!staysOnPinLine(pinned, step)) continue;
    let to = from + step;
    for (; (to & 0x88) === 0 && board[to] === EMPTY; to += step) {
      if (!inCheck || checkLineStamp[to] === current) out[n++] = encodeMove(from, to, 0, FLAG_NORMAL, EMPTY);
    }
    if ((to & 0x88) === 0 && (board[to] >> 3) !== us && (!inCheck || checkLineStamp[to] === current)) {
      out[n++] = encodeMove(from, to, 0, FLAG_NORMAL, board[to]);
    }
  }
  return n;
}

/** A slider's captures only: each ray is run through to its first piece, which is taken if it is the enemy's. */
function generateSliderCaptures(
  board: Uint8Array, out: Int32Array, n: number, from: number, kind: number, us: Color, pinned: number,
  inCheck: boolean, current: number,
): number {
  const last = LAST_DIRECTION[kind];
  for (let d = FIRST_DIRECTION[kind]; d < last; d++) {
    const step = DIRECTIONS[d];
    if (!staysOnPinLine(pinned, step)) continue;
    let to = from + step;
    while ((to & 0x88) === 0 && board[to] === EMPTY) to += step;
    if ((to & 0x88) === 0 && (board[to] >> 3) !== us && (!inCheck || checkLineStamp[to] === current)) {
      out[n++] = encodeMove(from, to, 0, FLAG_NORMAL, board[to]);
    }
  }
  return n;
}

/** A slider's moves to empty squares only: each ray up to its first piece. */
function generateSliderQuiets(
  board: Uint8Array, out: Int32Array, n: number, from: number, kind: number, pinned: number,
  inCheck: boolean, current: number,
): number {
  const last = LAST_DIRECTION[kind];
  for (let d = FIRST_DIRECTION[kind]; d < last; d++) {
    const step = DIRECTIONS[d];
    if (!staysOnPinLine(pinned, step)) continue;
    for (let to = from + step; (to & 0x88) === 0 && board[to] === EMPTY; to += step) {
      if (!inCheck || checkLineStamp[to] === current) out[n++] = encodeMove(from, to, 0, FLAG_NORMAL, EMPTY);
    }
  }
  return n;
}

/**
 * Counts the pieces giving check and marks, with `current`: the check line (checker plus the
 * squares between it and the king) and every pinned piece with the step of its pin line.
 */
function findChecksAndPins(pos: Position, us: Color, king: number, current: number): number {
  const board = pos.board;
  const them = us ^ 1;
  let checkers = 0;
  // A pawn checks from one of two squares, and pins nothing.
  const pawn = makePiece(them as Color, PAWN);
  const a = pawnAttackerSquare(king, them, 15);
  const b = pawnAttackerSquare(king, them, 17);
  if ((a & 0x88) === 0 && board[a] === pawn) {
    checkers++;
    checkLineStamp[a] = current;
  }
  if ((b & 0x88) === 0 && board[b] === pawn) {
    checkers++;
    checkLineStamp[b] = current;
  }
  const list = pos.pieceList;
  const base = them << 4;
  for (let slots = pos.nonPawnSlots[them]; slots !== 0; slots &= slots - 1) {
    const from = list[base + lowestBit(slots)];
    const piece = board[from];
    const index = attackIndex(from, king);
    if ((ATTACK_BITS[index] & ATTACKER_BIT[piece]) === 0) continue;
    if (IS_SLIDER[piece] === 0) {
      if ((piece & 7) === KING) continue;
      checkers++;
      checkLineStamp[from] = current;
      continue;
    }
    const step = STEP[index];
    let blocker = -1;
    let blocked = false;
    for (let sq = from + step; sq !== king; sq += step) {
      const occupant = board[sq];
      if (occupant === EMPTY) continue;
      if (blocker >= 0 || (occupant >> 3) !== us) {
        blocked = true;
        break;
      }
      blocker = sq;
    }
    if (blocked) continue;
    if (blocker < 0) {
      checkers++;
      for (let sq = from; sq !== king; sq += step) checkLineStamp[sq] = current;
    } else {
      pinStamp[blocker] = current;
      pinStep[blocker] = step;
    }
  }
  return checkers;
}

function generateKingSteps(
  pos: Position, out: Int32Array, n: number, us: Color, king: number, quiets: boolean, captures: boolean,
): number {
  const board = pos.board;
  const them = (us ^ 1) as Color;
  const kingPiece = board[king];
  // Lift the king so that a slider's attack through the king's square is seen.
  board[king] = EMPTY;
  for (let d = 0; d < 8; d++) {
    const to = king + KING_STEPS[d];
    if (to & 0x88) continue;
    const target = board[to];
    if (target !== EMPTY ? !captures || (target >> 3) === us : !quiets) continue;
    if (!pos.isAttacked(to, them)) out[n++] = encodeMove(king, to, 0, FLAG_NORMAL, target);
  }
  board[king] = kingPiece;
  return n;
}

function generateCastling(pos: Position, out: Int32Array, n: number, us: Color, king: number): number {
  const rights = (pos.castlingRights >> (us << 1)) & 3;
  if (rights === 0) return n;
  for (let side = 0; side < 2; side++) {
    if ((rights & (1 << side)) === 0) continue;
    const index = (us << 1) | side;
    if (castlingIsLegal(pos, us, king, index)) {
      out[n++] = encodeMove(king, pos.castlingRook[index], 0, FLAG_CASTLE, EMPTY);
    }
  }
  return n;
}

/** Path empty, and the king neither crosses nor lands on an attacked square (not in check: caller). */
function castlingIsLegal(pos: Position, us: Color, king: number, index: number): boolean {
  const board = pos.board;
  const emptyBase = index << 3;
  const emptyCount = pos.castlingEmptyCount[index];
  for (let i = 0; i < emptyCount; i++) {
    if (board[pos.castlingEmpty[emptyBase + i]] !== EMPTY) return false;
  }
  const them = (us ^ 1) as Color;
  const kingSide = (index & 1) === 0;
  const kingTo = castledKingSquare(us, kingSide);
  const rookSq = pos.castlingRook[index];
  const rookTo = castledRookSquare(us, kingSide);
  const kingPiece = board[king];
  const rookPiece = board[rookSq];
  let legal = true;
  // The squares the king crosses, seen with the king lifted (the rook still in place) ...
  board[king] = EMPTY;
  const step = kingTo > king ? 1 : -1;
  for (let sq = king + step; kingTo !== king && sq !== kingTo; sq += step) {
    if (pos.isAttacked(sq, them)) {
      legal = false;
      break;
    }
  }
  // ... and the king's destination with the rook already on its castled square.
  if (legal) {
    board[rookSq] = EMPTY;
    const displaced = board[rookTo];
    board[rookTo] = rookPiece;
    legal = !pos.isAttacked(kingTo, them);
    board[rookTo] = displaced;
    board[rookSq] = rookPiece;
  }
  board[king] = kingPiece;
  return legal;
}

/** A pawn's pushes, captures and en passant. */
function generatePawnMoves(
  pos: Position, out: Int32Array, n: number, from: number, us: Color, pinned: number,
  inCheck: boolean, current: number,
): number {
  const board = pos.board;
  const forward = us === WHITE ? 16 : -16;
  const startRank = us === WHITE ? 1 : 6;
  const lastRank = us === WHITE ? 7 : 0;

  const push = from + forward;
  if (board[push] === EMPTY && staysOnPinLine(pinned, forward)) {
    if (!inCheck || checkLineStamp[push] === current) n = addPawnMove(out, n, from, push, EMPTY, lastRank);
    const double = push + forward;
    if ((from >> 4) === startRank && board[double] === EMPTY && (!inCheck || checkLineStamp[double] === current)) {
      out[n++] = encodeMove(from, double, 0, FLAG_DOUBLE_PUSH, EMPTY);
    }
  }
  return generatePawnCaptures(pos, out, n, from, us, pinned, inCheck, current, false);
}

/** A pawn's pushes that do not promote (single and double): its quiet moves. */
function generatePawnPushes(
  board: Uint8Array, out: Int32Array, n: number, from: number, us: Color, pinned: number,
  inCheck: boolean, current: number,
): number {
  const forward = us === WHITE ? 16 : -16;
  const push = from + forward;
  if (board[push] !== EMPTY || !staysOnPinLine(pinned, forward) || (push >> 4) === (us === WHITE ? 7 : 0)) return n;
  if (!inCheck || checkLineStamp[push] === current) out[n++] = encodeMove(from, push, 0, FLAG_NORMAL, EMPTY);
  const double = push + forward;
  if ((from >> 4) === (us === WHITE ? 1 : 6) && board[double] === EMPTY && (!inCheck || checkLineStamp[double] === current)) {
    out[n++] = encodeMove(from, double, 0, FLAG_DOUBLE_PUSH, EMPTY);
  }
  return n;
}

/**
 * A pawn's captures and en passant; with `promotions` (the quiescence search's moves) also its
 * push when that promotes.
 */
function generatePawnCaptures(
  pos: Position, out: Int32Array, n: number, from: number, us: Color, pinned: number,
  inCheck: boolean, current: number, promotions: boolean,
): number {
  const board = pos.board;
  const forward = us === WHITE ? 16 : -16;
  const lastRank = us === WHITE ? 7 : 0;
  const push = from + forward;
  if (promotions && (push >> 4) === lastRank && board[push] === EMPTY && staysOnPinLine(pinned, forward)
    && (!inCheck || checkLineStamp[push] === current)) {
    n = addPawnMove(out, n, from, push, EMPTY, lastRank);
  }
  for (let side = -1; side <= 1; side += 2) {
    const step = forward + side;
    const to = from + step;
    if (to & 0x88) continue;
    const target = board[to];
    if (target !== EMPTY) {
      if ((target >> 3) === us) continue;
      if (!staysOnPinLine(pinned, step)) continue;
      if (inCheck && checkLineStamp[to] !== current) continue;
      n = addPawnMove(out, n, from, to, target, lastRank);
    } else if (to === pos.epSquare && pos.enPassantIsLegal(from, to, us)) {
      out[n++] = encodeMove(from, to, 0, FLAG_EN_PASSANT, board[to - forward]);
    }
  }
  return n;
}

function addPawnMove(out: Int32Array, n: number, from: number, to: number, captured: number, lastRank: number): number {
  if ((to >> 4) !== lastRank) {
    out[n++] = encodeMove(from, to, 0, FLAG_NORMAL, captured);
    return n;
  }
  out[n++] = encodeMove(from, to, QUEEN, FLAG_PROMOTION, captured);
  out[n++] = encodeMove(from, to, ROOK, FLAG_PROMOTION, captured);
  out[n++] = encodeMove(from, to, BISHOP, FLAG_PROMOTION, captured);
  out[n++] = encodeMove(from, to, KNIGHT, FLAG_PROMOTION, captured);
  return n;
}

const scratch = new Int32Array(256);

/**
 * The legal moves of the side to move as a list, for code off the hot path: one array per call,
 * in a fixed order (by from square, to square, promotion). The generator's own order follows
 * the position's piece lists, which captures taken back reshuffle, so it depends on what was
 * searched before; whatever walks a solution picks the same moves in this order every time.
 */
export function legalMoveList(pos: Position): number[] {
  const buffer = new Int32Array(MAX_MOVES);
  const end = generateLegal(pos, buffer, 0);
  return Array.from(buffer.subarray(0, end)).sort((a, b) => listOrder(a) - listOrder(b));
}

/** From square, to square, then the promotion: the queen first, as a reader expects it. */
const listOrder = (move: number): number => (moveFrom(move) << 10) | (moveTo(move) << 3) | (7 - movePromotion(move));

/**
 * Does the side to move have any legal move? Tries the king first and stops at the first move
 * found: the mate solver asks this at every leaf, where the answer is usually a quick "yes".
 */
export function hasLegalMove(pos: Position): boolean {
  const us = pos.turn;
  const king = pos.kingSquare[us];
  if (generateKingSteps(pos, scratch, 0, us, king, true, true) > 0) return true;
  return generateLegal(pos, scratch, 0) > 0;
}

/**
 * Is castling `move` legal here? For a move known from elsewhere (the transposition table's),
 * so that it can be tried without generating: the right must still be held, with the rook it
 * names, and the king must neither stand in check nor cross or land on an attacked square.
 */
export function isLegalCastle(pos: Position, move: number): boolean {
  const us = pos.turn;
  const king = pos.kingSquare[us];
  if (moveFrom(move) !== king || moveFlag(move) !== FLAG_CASTLE) return false;
  const rookSq = moveTo(move);
  for (let side = 0; side < 2; side++) {
    const index = (us << 1) | side;
    if ((pos.castlingRights & (1 << index)) === 0 || pos.castlingRook[index] !== rookSq) continue;
    return !pos.inCheck() && castlingIsLegal(pos, us, king, index);
  }
  return false;
}

/** The bits of a move that make it tactical: its promotion and its captured piece. */
const TACTICAL_BITS = (7 << 14) | (15 << 20);

/**
 * Is `move`, a quiet move from some other position (a killer), legal here? It must be one that
 * generateQuiet would give: our piece on its from-square able to reach the empty to-square (a
 * pawn by a push that does not promote), and our king not attacked once it is played. Tried on
 * the board array alone, like en passant, so that the search can play a killer before, and
 * often instead of, generating the quiet moves.
 */
export function isLegalQuiet(pos: Position, move: number): boolean {
  if ((move & TACTICAL_BITS) !== 0) return false;
  const flag = moveFlag(move);
  if (flag === FLAG_CASTLE) return isLegalCastle(pos, move);
  const board = pos.board;
  const us = pos.turn;
  const from = moveFrom(move);
  const to = moveTo(move);
  const piece = board[from];
  if (((from | to) & 0x88) !== 0 || piece === EMPTY || (piece >> 3) !== us || board[to] !== EMPTY) return false;
  if ((piece & 7) === PAWN) {
    const forward = us === WHITE ? 16 : -16;
    if (flag === FLAG_NORMAL) {
      if (to !== from + forward || (to >> 4) === (us === WHITE ? 7 : 0)) return false;
    } else if (flag !== FLAG_DOUBLE_PUSH || to !== from + 2 * forward || (from >> 4) !== (us === WHITE ? 1 : 6)
      || board[from + forward] !== EMPTY) {
      return false;
    }
  } else if (flag !== FLAG_NORMAL || !pieceAttacks(board, piece, from, to)) {
    return false;
  }
  board[from] = EMPTY;
  board[to] = piece;
  const legal = !pos.isAttacked((piece & 7) === KING ? to : pos.kingSquare[us], (us ^ 1) as Color);
  board[to] = EMPTY;
  board[from] = piece;
  return legal;
}
