// The network's hidden layer for each position on the search's current line, kept up to date move
// by move instead of summed afresh. Moves only note what changed; a position's neurons are worked
// out when it is evaluated, from the nearest position above it that has them, so nodes that never
// evaluate (cut off by the table, in check) cost nothing here.

import { FLAG_CASTLE, FLAG_EN_PASSANT, moveCaptured, moveFlag, moveFrom, movePromotion, moveTo } from '../../../chess/move.ts';
import { castledKingSquare, castledRookSquare, type Position } from '../../../chess/position.ts';
import { ROOK, WHITE, makePiece, type Color } from '../../../chess/types.ts';
import { FEATURE } from './features.ts';
import { type Network, bucketOf } from './network.ts';

/** Deeper than any line the search plays out. */
const MAX_LINE = 256;
const NULL_MOVE = -1;

export class Accumulators {
  private readonly hidden: number;
  /** Entry e's white view at e * 2H, black view at e * 2H + H. */
  private readonly values: Int32Array;
  /** Whether entry e's values are worked out. */
  private readonly ready = new Uint8Array(MAX_LINE);
  /** The move that led to entry e (NULL_MOVE for a pass) and the piece that made it. */
  private readonly moves = new Int32Array(MAX_LINE);
  private readonly movers = new Int32Array(MAX_LINE);
  private top = 0;

  constructor(private readonly network: Network) {
    this.hidden = network.hidden;
    this.values = new Int32Array(MAX_LINE * 2 * network.hidden);
  }

  /** Starts the line at `pos`, summing its features. */
  reset(pos: Position): void {
    this.top = 0;
    const { hidden, values } = this;
    const weights = this.network.inputWeights;
    for (let view = 0; view < 2; view++) {
      const at = view * hidden;
      values.set(this.network.hiddenBias, at);
      for (let color = 0; color < 2; color++) {
        for (let i = 0; i < pos.pieceCount[color]; i++) {
          const sq = pos.pieceList[(color << 4) + i];
          const row = FEATURE[view * 2048 + pos.board[sq] * 128 + sq] * hidden;
          for (let h = 0; h < hidden; h++) values[at + h] += weights[row + h];
        }
      }
    }
    this.ready[0] = 1;
  }

  /** Notes `move`, about to be made on `pos` (call before pos.make). */
  push(pos: Position, move: number): void {
    const top = ++this.top;
    this.moves[top] = move;
    this.movers[top] = pos.board[moveFrom(move)];
    this.ready[top] = 0;
  }

  /** Notes a pass (null move). */
  pushNull(): void {
    const top = ++this.top;
    this.moves[top] = NULL_MOVE;
    this.ready[top] = 0;
  }

  /** Takes back the last move or pass. */
  pop(): void {
    this.top--;
  }

  /** The network's score of the current position, `pos`, for the side to move, in centipawns. */
  evaluate(pos: Position): number {
    const turn = pos.turn;
    let from = this.top;
    while (this.ready[from] === 0) from--;
    for (let e = from + 1; e <= this.top; e++) this.update(e);
    const { hidden, values, network } = this;
    const qa = network.qa;
    const bucket = bucketOf(pos.pieceCount[0] + pos.pieceCount[1], network.buckets);
    const weights = network.outputWeights;
    const w = bucket * 2 * hidden;
    const us = this.top * 2 * hidden + turn * hidden;
    const them = this.top * 2 * hidden + (turn ^ 1) * hidden;
    let sum = 0;
    for (let h = 0; h < hidden; h++) {
      let a = values[us + h];
      a = a < 0 ? 0 : a > qa ? qa : a;
      let b = values[them + h];
      b = b < 0 ? 0 : b > qa ? qa : b;
      sum += a * a * weights[w + h] + b * b * weights[w + hidden + h];
    }
    return ((sum / qa + network.outputBias[bucket]) * network.scale / (qa * network.qb)) | 0;
  }

  /** Works out entry e from entry e - 1 and the move between them. */
  private update(e: number): void {
    const { hidden, values } = this;
    const child = e * 2 * hidden;
    const parent = child - 2 * hidden;
    this.ready[e] = 1;
    const move = this.moves[e];
    if (move === NULL_MOVE) {
      values.copyWithin(child, parent, parent + 2 * hidden);
      return;
    }
    const piece = this.movers[e];
    const us = (piece >> 3) as Color;
    const from = moveFrom(move);
    const to = moveTo(move);
    const flag = moveFlag(move);
    const weights = this.network.inputWeights;
    for (let view = 0; view < 2; view++) {
      const table = view * 2048;
      const out = child + view * hidden;
      const inn = parent + view * hidden;
      if (flag === FLAG_CASTLE) {
        const kingSide = to > from;
        const rook = makePiece(us, ROOK);
        const kingTo = castledKingSquare(us, kingSide);
        const rookTo = castledRookSquare(us, kingSide);
        const add1 = FEATURE[table + piece * 128 + kingTo] * hidden;
        const add2 = FEATURE[table + rook * 128 + rookTo] * hidden;
        const sub1 = FEATURE[table + piece * 128 + from] * hidden;
        const sub2 = FEATURE[table + rook * 128 + to] * hidden;
        for (let h = 0; h < hidden; h++) values[out + h] = values[inn + h] + weights[add1 + h] + weights[add2 + h] - weights[sub1 + h] - weights[sub2 + h];
        continue;
      }
      const promotion = movePromotion(move);
      const placed = promotion === 0 ? piece : makePiece(us, promotion);
      const add = FEATURE[table + placed * 128 + to] * hidden;
      const sub = FEATURE[table + piece * 128 + from] * hidden;
      const captured = moveCaptured(move);
      if (captured === 0) {
        for (let h = 0; h < hidden; h++) values[out + h] = values[inn + h] + weights[add + h] - weights[sub + h];
      } else {
        const capturedSq = flag === FLAG_EN_PASSANT ? (us === WHITE ? to - 16 : to + 16) : to;
        const taken = FEATURE[table + captured * 128 + capturedSq] * hidden;
        for (let h = 0; h < hidden; h++) values[out + h] = values[inn + h] + weights[add + h] - weights[sub + h] - weights[taken + h];
      }
    }
  }
}
