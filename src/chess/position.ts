// The board state and its reversible updates: make/unmake with incremental Polyglot hashing.
// A Position is built and validated at the boundary (fen.ts); inside, it is always legal and is
// only changed by make/unmake of legal moves, so no method here re-checks legality.

import { ATTACKER_BIT, ATTACK_BITS, IS_SLIDER, STEP, attackIndex, lowestBit, pawnAttacks, pieceAttacks } from './attacks.ts';
import {
  FLAG_CASTLE, FLAG_DOUBLE_PUSH, FLAG_EN_PASSANT, moveCaptured, moveFlag, moveFrom,
  movePromotion, moveTo,
} from './move.ts';
import {
  BLACK, type Color, EMPTY, KING, PAWN, QUEEN, WHITE, fileOf, makePiece, squareAt,
} from './types.ts';
import {
  CASTLE_KEY_HI, CASTLE_KEY_LO, EP_KEY_HI, EP_KEY_LO, PIECE_KEY_HI, PIECE_KEY_LO, TURN_KEY_HI,
  TURN_KEY_LO,
} from './zobrist.ts';

// Castling rights: one bit per (colour, side); the right's index is its bit number.
// "King side" means the rook on the h-file side of the king (Chess960 included).
export const WHITE_KING_SIDE = 0;
export const WHITE_QUEEN_SIDE = 1;
export const BLACK_KING_SIDE = 2;
export const BLACK_QUEEN_SIDE = 3;
export const castlingIndex = (color: Color, kingSide: boolean): number => (color << 1) | (kingSide ? 0 : 1);

/** Where king and rook stand after castling: the g/c and f/d files, in every variant. */
export const castledKingSquare = (color: Color, kingSide: boolean): number => squareAt(kingSide ? 6 : 2, color === WHITE ? 0 : 7);
export const castledRookSquare = (color: Color, kingSide: boolean): number => squareAt(kingSide ? 5 : 3, color === WHITE ? 0 : 7);

const INITIAL_HISTORY = 1024;
/** The ATTACK_BITS of a queen: set for every square difference along a rank, file or diagonal. */
const LINE_BITS = ATTACKER_BIT[makePiece(WHITE, QUEEN)];

export class Position {
  /** Piece code per 0x88 square (0 = empty). */
  readonly board = new Uint8Array(128);
  /** The squares of each side's pieces: white in 0..15, black in 16..31, in no particular order. */
  readonly pieceList = new Uint8Array(32);
  readonly pieceCount = new Int32Array(2);
  /** Where each square's piece sits in pieceList (meaningful only for occupied squares). */
  readonly listIndex = new Uint8Array(128);
  /**
   * Per side, bit i set when slot i of its piece list holds a piece other than a pawn. The
   * searches for attackers walk these slots and look for pawns on the two squares a pawn could
   * attack from, instead of walking every piece: half a side's pieces are usually pawns.
   */
  readonly nonPawnSlots = new Int32Array(2);
  /** How many pieces of each piece code are on the board. */
  readonly material = new Int32Array(16);
  readonly kingSquare = new Int32Array(2);

  turn: Color = WHITE;
  /** Bit i set: right i (see WHITE_KING_SIDE …) is still held. */
  castlingRights = 0;
  /** The rook square of each castling right, fixed at setup (-1 when the right never existed). */
  readonly castlingRook = new Int32Array([-1, -1, -1, -1]);
  /** castlingKeep[sq]: the rights that survive a move from or to sq (king and rook squares clear some). */
  readonly castlingKeep = new Uint8Array(128).fill(15);
  /** Squares that must be empty (king and castling rook aside) for each right: 8 slots per right. */
  readonly castlingEmpty = new Int32Array(32);
  readonly castlingEmptyCount = new Int32Array(4);
  /** True when the castling rooks or king are not on their standard squares (X-FEN/Shredder-FEN input). */
  chess960 = false;

  /** The square a pawn may capture onto en passant, or -1. Set only when such a capture is legal. */
  epSquare = -1;
  halfmoves = 0;
  fullmoves = 1;
  hashHi = 0;
  hashLo = 0;
  /** The hash of the pawns alone (the same keys), for the evaluation's pawn-structure cache. */
  pawnHashHi = 0;
  pawnHashLo = 0;
  /** Per colour, the low hash of its pieces other than pawns (kings included), for the search's
   *  correction history by the pieces: what the evaluation misjudges of one side's pieces. */
  readonly nonPawnHash = new Int32Array(2);
  /** Moves made since setup; indexes the undo stack. */
  ply = 0;

  // The undo stack: what a move destroys, saved by make() at index ply, restored by unmake().
  private undoCastling = new Uint8Array(INITIAL_HISTORY);
  private undoEp = new Int16Array(INITIAL_HISTORY);
  private undoHalfmoves = new Int32Array(INITIAL_HISTORY);
  /** The hash before each move: also the history that repetition detection walks. */
  private undoHashHi = new Int32Array(INITIAL_HISTORY);
  private undoHashLo = new Int32Array(INITIAL_HISTORY);
  private undoPawnHashHi = new Int32Array(INITIAL_HISTORY);
  private undoPawnHashLo = new Int32Array(INITIAL_HISTORY);
  /** Two per ply: white's non-pawn hash, then black's. */
  private undoNonPawnHash = new Int32Array(2 * INITIAL_HISTORY);

  // ---- placing pieces (no hashing: make() hashes inline, setup calls computeHash()) ----

  put(sq: number, piece: number): void {
    const color = piece >> 3;
    const slot = this.pieceCount[color]++;
    this.pieceList[(color << 4) + slot] = sq;
    this.listIndex[sq] = slot;
    if ((piece & 7) !== PAWN) this.nonPawnSlots[color] |= 1 << slot;
    this.board[sq] = piece;
    this.material[piece]++;
    if ((piece & 7) === KING) this.kingSquare[color] = sq;
  }

  lift(sq: number): void {
    const piece = this.board[sq];
    const base = (piece >> 3) << 4;
    const slot = this.listIndex[sq];
    const last = --this.pieceCount[piece >> 3];
    const lastSq = this.pieceList[base + last];
    this.pieceList[base + slot] = lastSq;
    this.listIndex[lastSq] = slot;
    // The last slot's piece moves into the freed one, and so does its bit.
    const slots = this.nonPawnSlots[piece >> 3] & ~(1 << slot);
    this.nonPawnSlots[piece >> 3] = (slots & ~(1 << last)) | (((slots >> last) & 1) << slot);
    this.board[sq] = EMPTY;
    this.material[piece]--;
  }

  private shift(from: number, to: number): void {
    const piece = this.board[from];
    this.board[to] = piece;
    this.board[from] = EMPTY;
    const slot = this.listIndex[from];
    this.pieceList[((piece >> 3) << 4) + slot] = to;
    this.listIndex[to] = slot;
    if ((piece & 7) === KING) this.kingSquare[piece >> 3] = to;
  }

  /** Declares castling right `index` with its rook on `rookSq`; the king must already stand on the board. */
  addCastlingRight(index: number, rookSq: number): void {
    const color = (index >> 1) as Color;
    const kingSide = (index & 1) === 0;
    const king = this.kingSquare[color];
    this.castlingRights |= 1 << index;
    this.castlingRook[index] = rookSq;
    this.castlingKeep[king] &= ~(3 << (color << 1));
    this.castlingKeep[rookSq] &= ~(1 << index);
    // The squares both pieces cross or land on must be empty, apart from the two pieces themselves.
    const kingTo = castledKingSquare(color, kingSide);
    const rookTo = castledRookSquare(color, kingSide);
    let count = 0;
    const lo = Math.min(king, rookSq, kingTo, rookTo);
    const hi = Math.max(king, rookSq, kingTo, rookTo);
    for (let sq = lo; sq <= hi; sq++) {
      if (sq === king || sq === rookSq) continue;
      const onKingPath = sq >= Math.min(king, kingTo) && sq <= Math.max(king, kingTo);
      const onRookPath = sq >= Math.min(rookSq, rookTo) && sq <= Math.max(rookSq, rookTo);
      if (onKingPath || onRookPath) this.castlingEmpty[(index << 3) + count++] = sq;
    }
    this.castlingEmptyCount[index] = count;
  }

  /** The hash computed from scratch; make() keeps hashHi/hashLo equal to it incrementally. */
  computeHash(): void {
    let hi = 0;
    let lo = 0;
    let pawnHi = 0;
    let pawnLo = 0;
    for (let color = 0; color < 2; color++) {
      let nonPawn = 0;
      for (let i = 0; i < this.pieceCount[color]; i++) {
        const sq = this.pieceList[(color << 4) + i];
        hi ^= PIECE_KEY_HI[this.board[sq] * 128 + sq];
        lo ^= PIECE_KEY_LO[this.board[sq] * 128 + sq];
        if ((this.board[sq] & 7) === PAWN) {
          pawnHi ^= PIECE_KEY_HI[this.board[sq] * 128 + sq];
          pawnLo ^= PIECE_KEY_LO[this.board[sq] * 128 + sq];
        } else {
          nonPawn ^= PIECE_KEY_LO[this.board[sq] * 128 + sq];
        }
      }
      this.nonPawnHash[color] = nonPawn;
    }
    this.pawnHashHi = pawnHi;
    this.pawnHashLo = pawnLo;
    hi ^= CASTLE_KEY_HI[this.castlingRights];
    lo ^= CASTLE_KEY_LO[this.castlingRights];
    if (this.epSquare >= 0) {
      hi ^= EP_KEY_HI[fileOf(this.epSquare)];
      lo ^= EP_KEY_LO[fileOf(this.epSquare)];
    }
    if (this.turn === WHITE) {
      hi ^= TURN_KEY_HI;
      lo ^= TURN_KEY_LO;
    }
    this.hashHi = hi;
    this.hashLo = lo;
  }

  /**
   * Can a pawn of `color` legally capture en passant onto `ep`? Only then does the square count as
   * part of the position (FIDE 9.2.3: same position = same possible moves), for the hash and FEN.
   * This is where we depart from Polyglot, which also counts a capture that would expose the king.
   */
  canCaptureEnPassant(ep: number, color: Color): boolean {
    const pawn = makePiece(color, PAWN);
    const pushed = color === WHITE ? ep - 16 : ep + 16;
    const left = pushed - 1;
    const right = pushed + 1;
    return ((left & 0x88) === 0 && this.board[left] === pawn && this.enPassantIsLegal(left, ep, color))
      || ((right & 0x88) === 0 && this.board[right] === pawn && this.enPassantIsLegal(right, ep, color));
  }

  /** Plays the capture on the board array alone and asks whether the capturer's king is then attacked. */
  enPassantIsLegal(from: number, to: number, us: Color): boolean {
    const board = this.board;
    const capturedSq = us === WHITE ? to - 16 : to + 16;
    const pawn = board[from];
    const captured = board[capturedSq];
    board[from] = EMPTY;
    board[capturedSq] = EMPTY;
    board[to] = pawn;
    const legal = !this.isAttacked(this.kingSquare[us], (us ^ 1) as Color);
    board[to] = EMPTY;
    board[capturedSq] = captured;
    board[from] = pawn;
    return legal;
  }

  // ---- make / unmake ----

  make(move: number): void {
    const ply = this.ply;
    this.saveUndo(ply);

    const board = this.board;
    const us = this.turn;
    const from = moveFrom(move);
    const to = moveTo(move);
    const flag = moveFlag(move);
    const captured = moveCaptured(move);
    const piece = board[from];
    let hi = this.hashHi ^ TURN_KEY_HI;
    let lo = this.hashLo ^ TURN_KEY_LO;
    if (this.epSquare >= 0) {
      hi ^= EP_KEY_HI[this.epSquare & 7];
      lo ^= EP_KEY_LO[this.epSquare & 7];
      this.epSquare = -1;
    }

    if (flag === FLAG_CASTLE) {
      const kingSide = to > from;
      const rook = board[to];
      const kingTo = castledKingSquare(us, kingSide);
      const rookTo = castledRookSquare(us, kingSide);
      // Lift both first: in Chess960 a destination can be the other piece's starting square.
      this.lift(from);
      this.lift(to);
      this.put(kingTo, piece);
      this.put(rookTo, rook);
      hi ^= PIECE_KEY_HI[piece * 128 + from] ^ PIECE_KEY_HI[piece * 128 + kingTo]
        ^ PIECE_KEY_HI[rook * 128 + to] ^ PIECE_KEY_HI[rook * 128 + rookTo];
      // King and rook are both pieces other than pawns: the same keys move the side's own hash.
      const castleLo = PIECE_KEY_LO[piece * 128 + from] ^ PIECE_KEY_LO[piece * 128 + kingTo]
        ^ PIECE_KEY_LO[rook * 128 + to] ^ PIECE_KEY_LO[rook * 128 + rookTo];
      lo ^= castleLo;
      this.nonPawnHash[us] ^= castleLo;
      this.halfmoves++;
    } else {
      if (captured !== EMPTY) {
        const capturedSq = flag === FLAG_EN_PASSANT ? (us === WHITE ? to - 16 : to + 16) : to;
        this.lift(capturedSq);
        hi ^= PIECE_KEY_HI[captured * 128 + capturedSq];
        lo ^= PIECE_KEY_LO[captured * 128 + capturedSq];
        if ((captured & 7) === PAWN) {
          this.pawnHashHi ^= PIECE_KEY_HI[captured * 128 + capturedSq];
          this.pawnHashLo ^= PIECE_KEY_LO[captured * 128 + capturedSq];
        } else {
          this.nonPawnHash[us ^ 1] ^= PIECE_KEY_LO[captured * 128 + capturedSq];
        }
      }
      this.shift(from, to);
      hi ^= PIECE_KEY_HI[piece * 128 + from] ^ PIECE_KEY_HI[piece * 128 + to];
      lo ^= PIECE_KEY_LO[piece * 128 + from] ^ PIECE_KEY_LO[piece * 128 + to];
      const promotion = movePromotion(move);
      if ((piece & 7) === PAWN) {
        // A promoting pawn leaves the pawns; any other one moves within them.
        this.pawnHashHi ^= PIECE_KEY_HI[piece * 128 + from] ^ (promotion === 0 ? PIECE_KEY_HI[piece * 128 + to] : 0);
        this.pawnHashLo ^= PIECE_KEY_LO[piece * 128 + from] ^ (promotion === 0 ? PIECE_KEY_LO[piece * 128 + to] : 0);
      } else {
        this.nonPawnHash[us] ^= PIECE_KEY_LO[piece * 128 + from] ^ PIECE_KEY_LO[piece * 128 + to];
      }
      if (promotion !== 0) {
        const promoted = makePiece(us, promotion);
        board[to] = promoted;
        this.nonPawnSlots[us] |= 1 << this.listIndex[to];
        this.material[piece]--;
        this.material[promoted]++;
        hi ^= PIECE_KEY_HI[piece * 128 + to] ^ PIECE_KEY_HI[promoted * 128 + to];
        lo ^= PIECE_KEY_LO[piece * 128 + to] ^ PIECE_KEY_LO[promoted * 128 + to];
        this.nonPawnHash[us] ^= PIECE_KEY_LO[promoted * 128 + to];
      }
      if ((piece & 7) === PAWN || captured !== EMPTY) this.halfmoves = 0;
      else this.halfmoves++;
      if (flag === FLAG_DOUBLE_PUSH && this.canCaptureEnPassant((from + to) >> 1, (us ^ 1) as Color)) {
        this.epSquare = (from + to) >> 1;
        hi ^= EP_KEY_HI[to & 7];
        lo ^= EP_KEY_LO[to & 7];
      }
    }

    const rights = this.castlingRights & this.castlingKeep[from] & this.castlingKeep[to];
    if (rights !== this.castlingRights) {
      hi ^= CASTLE_KEY_HI[this.castlingRights] ^ CASTLE_KEY_HI[rights];
      lo ^= CASTLE_KEY_LO[this.castlingRights] ^ CASTLE_KEY_LO[rights];
      this.castlingRights = rights;
    }
    if (us === BLACK) this.fullmoves++;
    this.turn = (us ^ 1) as Color;
    this.hashHi = hi;
    this.hashLo = lo;
    this.ply = ply + 1;
  }

  unmake(move: number): void {
    const ply = --this.ply;
    const us = (this.turn ^ 1) as Color;
    this.turn = us;
    const board = this.board;
    const from = moveFrom(move);
    const to = moveTo(move);
    const flag = moveFlag(move);

    if (flag === FLAG_CASTLE) {
      const kingSide = to > from;
      const kingTo = castledKingSquare(us, kingSide);
      const rookTo = castledRookSquare(us, kingSide);
      const king = board[kingTo];
      const rook = board[rookTo];
      this.lift(kingTo);
      this.lift(rookTo);
      this.put(from, king);
      this.put(to, rook);
    } else {
      if (movePromotion(move) !== 0) {
        const promoted = board[to];
        const pawn = makePiece(us, PAWN);
        board[to] = pawn;
        this.nonPawnSlots[us] &= ~(1 << this.listIndex[to]);
        this.material[promoted]--;
        this.material[pawn]++;
      }
      this.shift(to, from);
      const captured = moveCaptured(move);
      if (captured !== EMPTY) {
        this.put(flag === FLAG_EN_PASSANT ? (us === WHITE ? to - 16 : to + 16) : to, captured);
      }
    }

    this.castlingRights = this.undoCastling[ply];
    this.epSquare = this.undoEp[ply];
    this.halfmoves = this.undoHalfmoves[ply];
    this.hashHi = this.undoHashHi[ply];
    this.hashLo = this.undoHashLo[ply];
    this.pawnHashHi = this.undoPawnHashHi[ply];
    this.pawnHashLo = this.undoPawnHashLo[ply];
    this.nonPawnHash[WHITE] = this.undoNonPawnHash[2 * ply];
    this.nonPawnHash[BLACK] = this.undoNonPawnHash[2 * ply + 1];
    if (us === BLACK) this.fullmoves--;
  }

  /** Passes the turn (for null-move pruning): only the side, the ep square and the hash change. */
  makeNull(): void {
    const ply = this.ply;
    this.saveUndo(ply);
    let hi = this.hashHi ^ TURN_KEY_HI;
    let lo = this.hashLo ^ TURN_KEY_LO;
    if (this.epSquare >= 0) {
      hi ^= EP_KEY_HI[this.epSquare & 7];
      lo ^= EP_KEY_LO[this.epSquare & 7];
      this.epSquare = -1;
    }
    this.hashHi = hi;
    this.hashLo = lo;
    this.halfmoves++;
    this.turn = (this.turn ^ 1) as Color;
    this.ply = ply + 1;
  }

  unmakeNull(): void {
    const ply = --this.ply;
    this.turn = (this.turn ^ 1) as Color;
    this.epSquare = this.undoEp[ply];
    this.halfmoves = this.undoHalfmoves[ply];
    this.hashHi = this.undoHashHi[ply];
    this.hashLo = this.undoHashLo[ply];
  }

  /** Saves what the next move destroys at `ply` of the undo stack (growing it if needed). */
  private saveUndo(ply: number): void {
    if (ply >= this.undoCastling.length) this.growHistory();
    this.undoCastling[ply] = this.castlingRights;
    this.undoEp[ply] = this.epSquare;
    this.undoHalfmoves[ply] = this.halfmoves;
    this.undoHashHi[ply] = this.hashHi;
    this.undoHashLo[ply] = this.hashLo;
    this.undoPawnHashHi[ply] = this.pawnHashHi;
    this.undoPawnHashLo[ply] = this.pawnHashLo;
    this.undoNonPawnHash[2 * ply] = this.nonPawnHash[WHITE];
    this.undoNonPawnHash[2 * ply + 1] = this.nonPawnHash[BLACK];
  }

  private growHistory(): void {
    const grow = <T extends Uint8Array | Int16Array | Int32Array>(old: T): T => {
      const next = new (old.constructor as new (n: number) => T)(old.length * 2);
      next.set(old);
      return next;
    };
    this.undoCastling = grow(this.undoCastling);
    this.undoEp = grow(this.undoEp);
    this.undoHalfmoves = grow(this.undoHalfmoves);
    this.undoHashHi = grow(this.undoHashHi);
    this.undoHashLo = grow(this.undoHashLo);
    this.undoPawnHashHi = grow(this.undoPawnHashHi);
    this.undoPawnHashLo = grow(this.undoPawnHashLo);
    this.undoNonPawnHash = grow(this.undoNonPawnHash);
  }

  // ---- attacks ----

  /**
   * Is `sq` attacked by any piece of `by`? Pieces lifted from the board (board[sq] = 0) do not
   * attack. Pawns are looked for on the board array, the other pieces through the piece list: a
   * piece of `by` set down on the array alone counts only if it is a pawn (no caller does that).
   */
  isAttacked(sq: number, by: Color): boolean {
    const board = this.board;
    if (pawnAttacks(board, sq, by)) return true;
    const list = this.pieceList;
    const base = by << 4;
    for (let slots = this.nonPawnSlots[by]; slots !== 0; slots &= slots - 1) {
      const from = list[base + lowestBit(slots)];
      const piece = board[from];
      const index = attackIndex(from, sq);
      if ((ATTACK_BITS[index] & ATTACKER_BIT[piece]) === 0) continue;
      if (IS_SLIDER[piece] === 0) return true;
      const step = STEP[index];
      let s = from + step;
      while (s !== sq && board[s] === EMPTY) s += step;
      if (s === sq) return true;
    }
    return false;
  }

  /** Is the side to move in check? */
  inCheck(): boolean {
    return this.isAttacked(this.kingSquare[this.turn], (this.turn ^ 1) as Color);
  }

  /**
   * inCheck() right after make(move), found more cheaply: the side to move was not in check before
   * the move (the mover's turn), so only the moved piece, or one of the mover's sliders unveiled
   * through the square it left, can be checking now. Castling and en passant, which move or remove
   * a second piece, ask inCheck().
   */
  inCheckAfter(move: number): boolean {
    const flag = moveFlag(move);
    if (flag === FLAG_CASTLE || flag === FLAG_EN_PASSANT) return this.inCheck();
    const board = this.board;
    const king = this.kingSquare[this.turn];
    const to = moveTo(move);
    if (pieceAttacks(board, board[to], to, king)) return true;
    // Unveiled: the line from the king through the vacated square, up to its first piece.
    const index = attackIndex(king, moveFrom(move));
    if ((ATTACK_BITS[index] & LINE_BITS) === 0) return false;
    const step = STEP[index];
    let sq = king + step;
    while ((sq & 0x88) === 0 && board[sq] === EMPTY) sq += step;
    if (sq & 0x88) return false;
    const piece = board[sq];
    return (piece >> 3) !== this.turn && IS_SLIDER[piece] !== 0 && (ATTACK_BITS[attackIndex(sq, king)] & ATTACKER_BIT[piece]) !== 0;
  }

  // ---- history ----

  /**
   * How many times the current position occurred before, within the reversible moves since setup
   * (same pieces, side, castling rights and en-passant possibility, by hash).
   */
  repetitions(): number {
    let count = 0;
    const limit = Math.max(0, this.ply - this.halfmoves);
    for (let i = this.ply - 2; i >= limit; i -= 2) {
      if (this.undoHashLo[i] === this.hashLo && this.undoHashHi[i] === this.hashHi) count++;
    }
    return count;
  }

  /**
   * Whether a search should score the current position as drawn by repetition: it occurred before
   * at `sincePly` (the search's root) or later, so the two sides, having steered back to it within
   * the search, can do so again; or twice before at all (a third occurrence, a draw by the rules).
   * A position that occurred once, before `sincePly` only, is no draw: the other side may still
   * steer away from it. (Stockfish's rule, but for the root itself, which Stockfish does not count.)
   */
  repeatsSince(sincePly: number): boolean {
    let count = 0;
    const limit = Math.max(0, this.ply - this.halfmoves);
    for (let i = this.ply - 2; i >= limit; i -= 2) {
      if (this.undoHashLo[i] === this.hashLo && this.undoHashHi[i] === this.hashHi) {
        if (i >= sincePly || ++count >= 2) return true;
      }
    }
    return false;
  }

  /** An independent copy (history included), for callers that must not disturb this one. */
  clone(): Position {
    const copy = new Position();
    copy.board.set(this.board);
    copy.pieceList.set(this.pieceList);
    copy.pieceCount.set(this.pieceCount);
    copy.listIndex.set(this.listIndex);
    copy.nonPawnSlots.set(this.nonPawnSlots);
    copy.material.set(this.material);
    copy.kingSquare.set(this.kingSquare);
    copy.turn = this.turn;
    copy.castlingRights = this.castlingRights;
    copy.castlingRook.set(this.castlingRook);
    copy.castlingKeep.set(this.castlingKeep);
    copy.castlingEmpty.set(this.castlingEmpty);
    copy.castlingEmptyCount.set(this.castlingEmptyCount);
    copy.chess960 = this.chess960;
    copy.epSquare = this.epSquare;
    copy.halfmoves = this.halfmoves;
    copy.fullmoves = this.fullmoves;
    copy.hashHi = this.hashHi;
    copy.hashLo = this.hashLo;
    copy.pawnHashHi = this.pawnHashHi;
    copy.pawnHashLo = this.pawnHashLo;
    copy.nonPawnHash.set(this.nonPawnHash);
    copy.ply = this.ply;
    copy.undoCastling = this.undoCastling.slice();
    copy.undoEp = this.undoEp.slice();
    copy.undoHalfmoves = this.undoHalfmoves.slice();
    copy.undoHashHi = this.undoHashHi.slice();
    copy.undoHashLo = this.undoHashLo.slice();
    copy.undoPawnHashHi = this.undoPawnHashHi.slice();
    copy.undoPawnHashLo = this.undoPawnHashLo.slice();
    copy.undoNonPawnHash = this.undoNonPawnHash.slice();
    return copy;
  }

  /** The rank a colour's pieces start on (0 for white, 7 for black). */
  static backRank(color: Color): number {
    return color === WHITE ? 0 : 7;
  }
}

