// One game of a match as the arbiter sees it: the moves played from the start position, each
// checked for legality by our rules core, and the end of the game by the rules (checkmate,
// stalemate, threefold repetition, the fifty-move rule, insufficient material), by the move cap,
// or by a forfeit (time, illegal move, crash, hang). Pure: no engines, no clocks, no I/O.

import { STARTING_FEN, makeFen, parseFen } from '../../src/chess/fen.ts';
import { NO_MOVE } from '../../src/chess/move.ts';
import type { Position } from '../../src/chess/position.ts';
import { makeSan } from '../../src/chess/san.ts';
import { hasInsufficientMaterial, outcome } from '../../src/chess/status.ts';
import { BLACK, type Color, WHITE } from '../../src/chess/types.ts';
import { makeUci, parseUci } from '../../src/chess/uci.ts';

export type Result = '1-0' | '0-1' | '1/2-1/2';

export type Reason =
  | 'checkmate'
  | 'stalemate'
  | 'threefold-repetition'
  | 'fifty-moves'
  | 'insufficient-material'
  | 'move-cap'
  | 'time-forfeit'
  | 'time-forfeit-draw'
  | 'illegal-move'
  | 'crash'
  | 'hang';

/** How a game ended. `loser` is the colour that forfeited or was mated (null for draws). */
export interface GameEnd {
  result: Result;
  reason: Reason;
  loser: Color | null;
  /** The PGN Termination tag: "normal", "time forfeit", "rules infraction", "adjudication", "abandoned". */
  termination: string;
  /** One sentence for the PGN comment and the progress line, e.g. "Black mates". */
  text: string;
}

export const colorName = (color: Color): string => (color === WHITE ? 'White' : 'Black');

const winFor = (winner: Color): Result => (winner === WHITE ? '1-0' : '0-1');

/** A game lost by `loser` for a reason outside the board: time, an illegal move, a crash or hang. */
export function forfeit(loser: Color, reason: 'time-forfeit' | 'illegal-move' | 'crash' | 'hang', detail = ''): GameEnd {
  const who = colorName(loser);
  const suffix = detail === '' ? '' : ` (${detail})`;
  switch (reason) {
    case 'time-forfeit':
      return { result: winFor((loser ^ 1) as Color), reason, loser, termination: 'time forfeit', text: `${who} loses on time${suffix}` };
    case 'illegal-move':
      return { result: winFor((loser ^ 1) as Color), reason, loser, termination: 'rules infraction', text: `${who} makes an illegal move${suffix}` };
    case 'crash':
      return { result: winFor((loser ^ 1) as Color), reason, loser, termination: 'abandoned', text: `${who}'s engine crashed${suffix}` };
    case 'hang':
      return { result: winFor((loser ^ 1) as Color), reason, loser, termination: 'abandoned', text: `${who}'s engine stalled${suffix}` };
  }
}

export interface PlayedMove {
  uci: string;
  san: string;
}

export class MatchGame {
  /** The start position's FEN, or null for the standard initial position. */
  readonly startFen: string | null;
  readonly startTurn: Color;
  readonly startFullmove: number;
  readonly moves: PlayedMove[] = [];
  private readonly pos: Position;

  /** `fen`: the start position (null or STARTING_FEN: the standard one). Throws FenError when bad. */
  constructor(fen: string | null, readonly maxPlies = 0) {
    this.pos = parseFen(fen ?? STARTING_FEN);
    const canonical = makeFen(this.pos);
    this.startFen = canonical === STARTING_FEN ? null : canonical;
    this.startTurn = this.pos.turn;
    this.startFullmove = this.pos.fullmoves;
  }

  get turn(): Color {
    return this.pos.turn;
  }

  get plies(): number {
    return this.moves.length;
  }

  get fen(): string {
    return makeFen(this.pos);
  }

  /** The UCI `position` command for the game so far. */
  positionCommand(): string {
    const base = this.startFen === null ? 'position startpos' : `position fen ${this.startFen}`;
    return this.moves.length === 0 ? base : `${base} moves ${this.moves.map((m) => m.uci).join(' ')}`;
  }

  /** Plays `uci` if it is legal here and returns its SAN; returns null (and changes nothing) if not. */
  play(uci: string): string | null {
    const move = parseUci(this.pos, uci);
    if (move === NO_MOVE) return null;
    const san = makeSan(this.pos, move);
    // Store the canonical UCI text (e1g1 for castling) whatever form the engine used.
    const canonical = makeUci(this.pos, move);
    this.pos.make(move);
    this.moves.push({ uci: canonical, san });
    return san;
  }

  /** The end of the game by the rules or the move cap, or null while it goes on. */
  adjudicate(): GameEnd | null {
    const o = outcome(this.pos);
    if (o !== null) {
      switch (o.kind) {
        case 'checkmate':
          return { result: winFor(o.winner), reason: 'checkmate', loser: (o.winner ^ 1) as Color, termination: 'normal', text: `${colorName(o.winner)} mates` };
        case 'stalemate':
          return draw('stalemate', 'normal', 'Draw by stalemate');
        case 'insufficient-material':
          return draw('insufficient-material', 'normal', 'Draw by insufficient mating material');
        case 'fifty-moves':
          return draw('fifty-moves', 'normal', 'Draw by the fifty-move rule');
        case 'threefold-repetition':
          return draw('threefold-repetition', 'normal', 'Draw by threefold repetition');
      }
    }
    if (this.maxPlies > 0 && this.moves.length >= this.maxPlies) {
      return draw('move-cap', 'adjudication', `Draw by the move cap (${this.maxPlies} plies)`);
    }
    return null;
  }

  /**
   * The side to move ran out of time. A loss, unless the opponent cannot mate by any series of legal
   * moves (FIDE 6.9): then a draw. Either way the flag is the mover's.
   */
  flag(): GameEnd {
    const loser = this.pos.turn;
    if (hasInsufficientMaterial(this.pos, (loser ^ 1) as Color)) {
      return { result: '1/2-1/2', reason: 'time-forfeit-draw', loser, termination: 'time forfeit', text: `${colorName(loser)} loses on time, but ${colorName((loser ^ 1) as Color)} cannot mate: draw` };
    }
    return forfeit(loser, 'time-forfeit');
  }
}

function draw(reason: Reason, termination: string, text: string): GameEnd {
  return { result: '1/2-1/2', reason, loser: null, termination, text };
}

export { BLACK, WHITE };
