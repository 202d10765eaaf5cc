// Where a piece is threatened by a lesser one, for the ordering of quiet moves: a rook or queen
// standing where an enemy knight, bishop or (for the queen) rook takes it is about to lose the
// difference, as a piece taken by a pawn is. Pawns are read from the board where they are needed
// (two squares); the enemy's minor pieces and rooks are walked once per node that orders quiet
// moves, into a map of the squares they attack.

import { BISHOP_STEPS, KNIGHT_STEPS, ROOK_STEPS, lowestBit } from '../../chess/attacks.ts';
import type { Position } from '../../chess/position.ts';
import { BISHOP, KNIGHT, ROOK } from '../../chess/types.ts';

/** The rank of a piece kind among attackers: a piece is threatened by one of lower rank. */
const RANK = Uint8Array.of(0, 1, 2, 2, 3, 4, 5, 0);

/**
 * The lowest rank of an enemy knight, bishop or rook attacking each square (0 when none does),
 * as the board stands. The mover still stands on its square while its moves are ordered, so a
 * ray through it stops there: a move along such a ray is not seen as stepping into it (rare).
 */
export class LesserThreats {
  readonly rank = new Uint8Array(128);

  /** Maps the attacks of `enemy`'s minor pieces and rooks; false (and no map) when it has none. */
  build(pos: Position, enemy: number): boolean {
    const rank = this.rank;
    rank.fill(0);
    const board = pos.board;
    const list = pos.pieceList;
    const base = enemy << 4;
    let any = false;
    for (let slots = pos.nonPawnSlots[enemy]; slots !== 0; slots &= slots - 1) {
      const from = list[base + lowestBit(slots)];
      const kind = board[from] & 7;
      if (kind === KNIGHT) {
        for (const step of KNIGHT_STEPS) mark(rank, from + step, 2);
      } else if (kind === BISHOP) {
        for (const step of BISHOP_STEPS) slide(board, rank, from, step, 2);
      } else if (kind === ROOK) {
        for (const step of ROOK_STEPS) slide(board, rank, from, step, 3);
      } else {
        continue;
      }
      any = true;
    }
    return any;
  }

  /** Is a piece of `kind` on `sq` attacked by an enemy minor piece or rook of lower rank? */
  threatens(sq: number, kind: number): boolean {
    const by = this.rank[sq];
    return by !== 0 && by < RANK[kind];
  }
}

/** Records an attacker of rank `value` on `sq` (on the board), keeping the lowest. */
function mark(rank: Uint8Array, sq: number, value: number): void {
  if ((sq & 0x88) === 0 && (rank[sq] === 0 || rank[sq] > value)) rank[sq] = value;
}

/** Marks a slider's ray from `from` along `step`, up to and including the first piece on it. */
function slide(board: Uint8Array, rank: Uint8Array, from: number, step: number, value: number): void {
  for (let sq = from + step; (sq & 0x88) === 0; sq += step) {
    mark(rank, sq, value);
    if (board[sq] !== 0) break;
  }
}
