// Server-side chess rules of the fake Lichess, on chessops (independent of the project's own
// src/chess): positions for every Lichess variant, UCI parsing with both castling notations, the
// emitted form of a move, legal move lists, and the game-ending conditions lila applies on its own.
import { castlingSide, type Position } from 'chessops/chess';
import { lichessRules } from 'chessops/compat';
import { INITIAL_FEN, makeFen, parseFen } from 'chessops/fen';
import { isDrop, type Move, type NormalMove, type Role } from 'chessops/types';
import { kingCastlesTo, makeSquare, makeUci, parseUci } from 'chessops/util';
import { defaultPosition, setupPosition } from 'chessops/variant';
import type { CastlingNotation, Color, GameStatusName, VariantKey } from './types.ts';

/** Lichess adjudicates a draw at 300 moves. */
export const MAX_PLIES = 600;

export type MoveCheck =
  | { ok: true; move: Move; emitted: string }
  | { ok: false; error: string };

export interface Ending {
  status: GameStatusName;
  winner: Color | undefined;
}

/** The rules a variant key maps to (fromPosition and chess960 are chess with 960 castling). */
export function rulesOf(variant: VariantKey) {
  return lichessRules(variant);
}

/** A position for `variant` from `fen` (undefined: the variant's start). Throws on a bad FEN. */
export function makePosition(variant: VariantKey, fen: string | undefined): Position {
  const rules = rulesOf(variant);
  if (fen === undefined) return defaultPosition(rules);
  const setup = parseFen(fen).unwrap();
  return setupPosition(rules, setup).unwrap();
}

/** One game's position and history, replayable from its start. */
export class GameRules {
  private pos: Position;
  private readonly seen = new Map<string, number>();
  plies = 0;

  constructor(
    readonly variant: VariantKey,
    /** undefined: the standard start ("startpos") */
    readonly initialFen: string | undefined,
    readonly notation: CastlingNotation,
  ) {
    this.pos = makePosition(variant, initialFen);
    this.remember();
  }

  get fen(): string {
    return makeFen(this.pos.toSetup());
  }

  get turn(): Color {
    return this.pos.turn;
  }

  /** Validate a move in UCI (either castling form) without playing it. */
  check(uci: string): MoveCheck {
    const move = parseUci(uci);
    if (!move) return { ok: false, error: `Invalid UCI: ${uci}` };
    if (!this.pos.isLegal(move)) {
      const from = isDrop(move) ? `${move.role} drop` : `Piece on ${makeSquare(move.from)}`;
      return { ok: false, error: `${from} cannot move to ${makeSquare(move.to)}` };
    }
    return { ok: true, move, emitted: this.emit(move, uci) };
  }

  /** Play a move that `check` accepted. */
  play(move: Move): void {
    this.pos.play(move);
    this.plies++;
    this.remember();
  }

  /** Legal moves in UCI, castling written as this game emits it. */
  legalMoves(): string[] {
    const out: string[] = [];
    const backrank = (sq: number) => sq < 8 || sq >= 56;
    const promotions: Role[] = this.pos.rules === 'antichess' ? ['queen', 'rook', 'bishop', 'knight', 'king'] : ['queen', 'rook', 'bishop', 'knight'];
    const ctx = this.pos.ctx();
    for (const [from, dests] of this.pos.allDests(ctx)) {
      const isPawn = this.pos.board.pawn.has(from);
      for (const to of dests) {
        const move: NormalMove = { from, to };
        if (isPawn && backrank(to)) {
          for (const promotion of promotions) out.push(makeUci({ from, to, promotion }));
          continue;
        }
        // chessops lists castling as king-to-rook; the two-square form appears as a separate dest
        // only in some positions, so deduplicate through the emitted form.
        const uci = this.emit(move, makeUci(move));
        if (!out.includes(uci)) out.push(uci);
      }
    }
    if (this.pos.pockets) {
      const pocket = this.pos.pockets[this.pos.turn];
      const drops = this.pos.dropDests(ctx);
      for (const role of ['pawn', 'knight', 'bishop', 'rook', 'queen'] as const) {
        if (pocket[role] <= 0) continue;
        for (const to of drops) if (role !== 'pawn' || !backrank(to)) out.push(makeUci({ role, to }));
      }
    }
    return out;
  }

  /** The end lila declares by itself after a move, if any. */
  ending(): Ending | undefined {
    const pos = this.pos;
    const mover: Color = pos.turn === 'white' ? 'black' : 'white';
    if (pos.isVariantEnd()) return { status: 'variantEnd', winner: pos.variantOutcome()?.winner };
    if (pos.isCheckmate()) return { status: 'mate', winner: mover };
    if (pos.isStalemate()) {
      // antichess: the stalemated side wins (chessops knows the variant's outcome)
      if (pos.rules === 'antichess') return { status: 'variantEnd', winner: pos.outcome()?.winner };
      return { status: 'stalemate', winner: undefined };
    }
    if (pos.isInsufficientMaterial()) return { status: 'draw', winner: undefined };
    if ((this.seen.get(this.key()) ?? 0) >= 3) return { status: 'draw', winner: undefined };
    if (pos.halfmoves >= 100) return { status: 'draw', winner: undefined };
    if (this.plies >= MAX_PLIES) return { status: 'draw', winner: undefined };
    return undefined;
  }

  /** Whether `color` has too little material to ever mate (a flag then gives no winner). */
  cannotMate(color: Color): boolean {
    return this.pos.hasInsufficientMaterial(color);
  }

  /** The move as it goes into `moves`: castling per the game's notation, the rest as UCI. */
  private emit(move: Move, sent: string): string {
    if (isDrop(move)) return makeUci(move);
    const side = castlingSide(this.pos, move);
    if (!side) return makeUci(move);
    if (this.notation === 'asPlayed') return sent;
    const rook = this.pos.castles.rook[this.pos.turn][side];
    const kingToRook = rook === undefined ? makeUci(move) : `${makeSquare(move.from)}${makeSquare(rook)}`;
    if (this.notation === 'kingToRook') return kingToRook;
    // e1g1 only makes sense with the king on its standard square; otherwise (Chess960) keep king-to-rook
    const to = kingCastlesTo(this.pos.turn, side);
    return Math.abs(to - move.from) === 2 ? `${makeSquare(move.from)}${makeSquare(to)}` : kingToRook;
  }

  private key(): string {
    return makeFen(this.pos.toSetup(), { epd: true });
  }

  private remember(): void {
    const key = this.key();
    this.seen.set(key, (this.seen.get(key) ?? 0) + 1);
  }
}

/** The default castling notation of a variant, as lila emits it. */
export function defaultNotation(variant: VariantKey): CastlingNotation {
  return variant === 'chess960' || variant === 'fromPosition' ? 'kingToRook' : 'kingTwoSquares';
}

/** The FEN a game reports as its start: "startpos" for the standard start. */
export function initialFenOf(fen: string | undefined): string {
  return fen === undefined || fen === INITIAL_FEN ? 'startpos' : fen;
}
