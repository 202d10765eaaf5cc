// The game search's moves at one node, handed out one at a time in stages, so that the work of a
// stage is done only when the node gets that far: most nodes are cut off by the table's move or a
// capture (about 3.6 of ~28 moves are searched per node), and never generate their quiet moves.
//   1. the table's move, played without generating anything (the caller checked it fits);
//   2. the captures and promotions that do not lose material (MVV-LVA, exchanges checked lazily);
//   3. the killers, each once found legal here (isLegalQuiet), still without generating;
//   4. the other quiet moves by history, followed by the losing captures and the
//      under-promotions: these are picked from one list, in the order scoreMoves gives them;
//      once the caller stops the ordering (it will try quiet moves only if they check), in list
//      order, and quiet moves generated after that are not scored at all.
// Every legal move comes up exactly once; the caller tells "no legal move" by getting none.

import { MAX_MOVES, NO_MOVE } from '../../chess/move.ts';
import { generateQuiet, generateTactical, isLegalQuiet } from '../../chess/movegen.ts';
import type { Position } from '../../chess/position.ts';
import { pickBest } from '../pickBest.ts';
import { GOOD_TACTICAL, pickOrdered, scoreQuiets, scoreTactical } from './ordering.ts';
import { LesserThreats } from './threats.ts';

/** Scratch for scoreQuiets, which fills and reads it within one call: one serves every ply. */
const threats = new LesserThreats();

const STAGE_TT_MOVE = 0;
const STAGE_GENERATE_TACTICAL = 1;
const STAGE_GOOD_TACTICAL = 2;
const STAGE_KILLER_1 = 3;
const STAGE_KILLER_2 = 4;
const STAGE_GENERATE_QUIET = 5;
/** The quiet moves and what is left of the tactical ones, picked from one list. */
const STAGE_REST = 6;

/** One per ply: it owns that ply's MAX_MOVES slots of the engine's move and score lists. */
export class MovePicker {
  private stage = STAGE_REST;
  /** Set by stopOrdering: the moves left are given in list order. */
  private unordered = false;
  private i = 0;
  private end = 0;
  private ttMove = NO_MOVE;
  private killer1 = NO_MOVE;
  private killer2 = NO_MOVE;
  /** The killers that the killer stages gave (NO_MOVE for one not given): left out of the quiet moves. */
  private tried1 = NO_MOVE;
  private tried2 = NO_MOVE;
  private before1 = 0;
  private before2 = 0;
  private pos!: Position;
  private readonly start: number;

  constructor(
    private readonly moves: Int32Array,
    private readonly scores: Int32Array,
    ply: number,
    private readonly history: Int32Array,
    private readonly continuation: Int16Array,
    private readonly pawnHistory: Int16Array,
  ) {
    this.start = ply * MAX_MOVES;
  }

  /**
   * Starts a node. `ttMove`: a legal move to try first, or NO_MOVE; the killers and the names of
   * the two moves before (see ordering.ts) order the quiet moves.
   */
  init(pos: Position, ttMove: number, killer1: number, killer2: number, before1: number, before2: number): void {
    this.pos = pos;
    this.ttMove = ttMove;
    this.killer1 = killer1;
    this.killer2 = killer2;
    this.before1 = before1;
    this.before2 = before2;
    this.tried1 = NO_MOVE;
    this.tried2 = NO_MOVE;
    this.i = this.start;
    this.end = this.start;
    this.unordered = false;
    this.stage = ttMove !== NO_MOVE ? STAGE_TT_MOVE : STAGE_GENERATE_TACTICAL;
  }

  /** The next move to try, or NO_MOVE when all have been given. The position must be as at init. */
  next(): number {
    const moves = this.moves;
    const scores = this.scores;
    if (this.stage === STAGE_REST) {
      // Every exchange still pending was settled in the tactical stage: plain picking will do.
      if (this.unordered) return this.i < this.end ? moves[this.i++] : NO_MOVE;
      return this.i < this.end ? pickBest(moves, scores, this.i++, this.end) : NO_MOVE;
    }
    if (this.stage === STAGE_TT_MOVE) {
      this.stage = STAGE_GENERATE_TACTICAL;
      return this.ttMove;
    }
    if (this.stage === STAGE_GENERATE_TACTICAL) {
      this.end = scoreTactical(this.pos, moves, scores, this.start, generateTactical(this.pos, moves, this.start), this.ttMove);
      this.stage = STAGE_GOOD_TACTICAL;
    }
    if (this.stage === STAGE_GOOD_TACTICAL) {
      if (this.i < this.end) {
        const move = pickOrdered(this.pos, moves, scores, this.i, this.end);
        if (scores[this.i] >= GOOD_TACTICAL) {
          this.i++;
          return move;
        }
      }
      this.stage = STAGE_KILLER_1;
    }
    if (this.stage === STAGE_KILLER_1) {
      this.stage = STAGE_KILLER_2;
      const killer = this.killer1;
      if (killer !== NO_MOVE && killer !== this.ttMove && isLegalQuiet(this.pos, killer)) {
        this.tried1 = killer;
        return killer;
      }
    }
    if (this.stage === STAGE_KILLER_2) {
      const killer = this.killer2;
      if (killer !== NO_MOVE && killer !== this.ttMove && killer !== this.killer1 && isLegalQuiet(this.pos, killer)) {
        this.stage = STAGE_GENERATE_QUIET;
        this.tried2 = killer;
        return killer;
      }
      this.stage = STAGE_GENERATE_QUIET;
    }
    if (this.stage === STAGE_GENERATE_QUIET) {
      // The quiet moves go after the tactical ones still waiting (the losing captures).
      const end = this.end;
      const generated = generateQuiet(this.pos, moves, end);
      this.end = this.unordered
        ? dropTried(moves, end, generated, this.ttMove, this.tried1, this.tried2)
        : scoreQuiets(this.pos, moves, scores, end, generated, this.ttMove, this.tried1, this.tried2, this.killer1,
          this.killer2, this.history, this.continuation, this.before1, this.before2, this.pawnHistory, threats);
      this.stage = STAGE_REST;
      return this.next();
    }
    return NO_MOVE;
  }

  /**
   * From now on the caller tries a quiet move only if it gives check (late-move or futility
   * pruning): the moves not yet given come in list order, and quiet moves generated from now on
   * are not scored at all.
   */
  stopOrdering(): void {
    this.unordered = true;
  }
}

/** Leaves out of [start, end) the moves already tried (the table's and the killers); returns the new end. */
function dropTried(moves: Int32Array, start: number, end: number, tried: number, tried1: number, tried2: number): number {
  let kept = start;
  for (let i = start; i < end; i++) {
    const move = moves[i];
    if (move !== tried && move !== tried1 && move !== tried2) moves[kept++] = move;
  }
  return kept;
}
