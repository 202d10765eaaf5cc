// The game engine's search: iterative deepening with aspiration windows around a principal-
// variation alpha-beta, a quiescence search of captures at the horizon, and the usual pruning
// (reverse futility, null move, late-move pruning and reductions). Mate scores count plies from
// the root, MATE - plies, so they agree with the mate solver's lengths.

import { CheckDetector } from '../../chess/checks.ts';
import {
  FLAG_CASTLE, FLAG_EN_PASSANT, MAX_MOVES, NO_MOVE, isCapture, isCastle, moveCaptured, moveFlag, moveFrom, movePromotion,
  moveTo,
} from '../../chess/move.ts';
import { generateLegal, generateTactical, hasLegalMove, isLegalCastle } from '../../chess/movegen.ts';
import type { Position } from '../../chess/position.ts';
import { isInsufficientMaterial } from '../../chess/status.ts';
import { BISHOP, BLACK, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE, makePiece, squareAt } from '../../chess/types.ts';
import { makeUci, parseUci } from '../../chess/uci.ts';
import { pickBest } from '../pickBest.ts';
import { NOT_BARE_KING, bareKingScore } from './bareKing.ts';
import { CorrectionHistory } from './correction.ts';
import { EvalCache, NOT_CACHED } from './evalCache.ts';
import { Accumulators } from './nnue/accumulator.ts';
import { DEFAULT_NETWORK } from './nnue/defaultNetwork.ts';
import { MovePicker } from './movePicker.ts';
import {
  CONTINUATION_SIZE, HISTORY_MAX, MOVE_NAME_BITS, PAWN_HISTORY_SIZE, continuationRow, historyIndex, pawnHistoryIndex, pieceToName,
  quietHistory, scoreMoves, scoreTacticalMoves,
} from './ordering.ts';
import { SEE_VALUE, seeAtLeast } from './see.ts';
import { type TimeBudget, fallingEvalScale, planTime, softLimitMs } from './timeman.ts';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, TranspositionTable } from './tt.ts';
import type { Score, SearchInfo, SearchLimits, SearchResult } from './types.ts';

export const MATE = 32000;
/** Scores beyond this are mates: MATE - (plies to mate). */
export const MATE_BOUND = MATE - 1000;
const INFINITE = 32500;
const DRAW = 0;
const MAX_PLY = 100;

// ---- tunables ----
const ASPIRATION_WINDOW = 25;
const ASPIRATION_MIN_DEPTH = 5;
const RFP_MAX_DEPTH = 6;
const RFP_MARGIN_PER_DEPTH = 80;
/**
 * A side whose static evaluation is this far below zero is not pruned by reverse futility or null
 * move. Far behind, it can still stand above beta (when its opponent already has a line worth
 * even more elsewhere), and a shallow search would then trust an evaluation that cannot see what
 * decides such positions: a quiet mate. In the composed mate in 4 of
 * test/search/play/mate.test.ts (1. Re4!), the network gives black about -10 pawns after the
 * key, above the -14 of the line that wins black's rook, so black's replies were cut at shallow
 * depth and the mate was not found in 8 M nodes; with this, in 0.8 M. Positions this lopsided are
 * decided either way, so the pruning given up there costs little (CHANGELOG.md, "The network alone evaluates").
 */
const LOST_SIDE_EVAL = -600;
const NULL_MOVE_MIN_DEPTH = 3;
const LMP_MAX_DEPTH = 6;
const LMR_MIN_DEPTH = 3;
/**
 * A reduced move that beats alpha is searched again a ply deeper when it beats it by this much plus
 * this much per ply it was reduced, and a ply shallower when it beats the best score so far by less
 * than the last.
 */
const LMR_DEEPER_MARGIN = 30;
const LMR_DEEPER_PER_PLY = 6;
const LMR_SHALLOWER_MARGIN = 5;
/** Each this much history (butterfly plus continuations) takes one ply off a late move's reduction. */
const LMR_HISTORY_DIVISOR = 8000;
/**
 * Futility: a quiet move cannot lift a score this far below alpha, by the depth it would be
 * searched to after its late-move reduction (up to this one).
 */
const FUTILITY_MAX_DEPTH = 6;
const FUTILITY_MARGIN = 100;
const FUTILITY_MARGIN_PER_DEPTH = 120;
/**
 * History pruning: a late quiet move whose reduced depth is this or less, and whose history
 * (butterfly plus continuations) is below minus this much per ply of the node's depth, has kept
 * failing here and is skipped unless it checks.
 */
const HISTORY_PRUNE_MAX_DEPTH = 3;
const HISTORY_PRUNE_PER_DEPTH = 1000;
/** Without a table move, a node this deep is probably new: search it one ply less (IIR). */
const IIR_MIN_DEPTH = 4;
/** Quiescence skips captures that cannot lift the score to alpha even with this much to spare. */
const DELTA_MARGIN = 200;
/** Singular extensions from this depth, testing the other moves this far (per ply) below the table's score. */
const SINGULAR_MIN_DEPTH = 7;
const SINGULAR_MARGIN_PER_DEPTH = 2;
/**
 * A table move singular by this much more is searched two plies deeper (outside the principal
 * variation), at most this many times on one line: each double extension makes the line longer,
 * so without a bound they could feed each other.
 */
const DOUBLE_EXTENSION_MARGIN = 20;
const DOUBLE_EXTENSIONS_PER_LINE = 6;
/** SEE pruning: at this depth or less, skip quiet moves losing more than QUIET × depth in the
 *  exchange on their square, and captures losing more than CAPTURE × depth; neither when they check. */
const SEE_PRUNE_MAX_DEPTH = 8;
const SEE_PRUNE_QUIET_MARGIN = 60;
const SEE_PRUNE_CAPTURE_MARGIN = 100;
/**
 * A quiet move's history also learns from what it did to the static evaluation (Stockfish's):
 * the mover's evaluation before it plus the opponent's after it is about minus what it gained, so
 * it moves the history by this much per centipawn gained, within these bounds, plus a little
 * (most quiet moves that are played at all keep the balance).
 */
const EVAL_GAIN_PER_CP = 4;
const EVAL_GAIN_MIN = -800;
const EVAL_GAIN_MAX = 600;
const EVAL_GAIN_OFFSET = 200;
/** A node this deep that fails low rewards the opponent's quiet move before it. */
const PRIOR_BONUS_MIN_DEPTH = 3;
/**
 * Hindsight (Stockfish's), by how much the parent reduced the node. Reduced by DEEPER plies or
 * more, where by the two static evaluations (the parent's and its own) the side that played the
 * move is no worse off, it is searched a ply deeper: the reduction was likely wrong. Reduced by
 * SHALLOWER or more, where the two add up to more than the MARGIN (the move made things worse for
 * the side that played it), a ply less.
 */
const HINDSIGHT_DEEPER_REDUCTION = 3;
const HINDSIGHT_SHALLOWER_REDUCTION = 2;
const HINDSIGHT_SHALLOWER_MARGIN = 175;
/** The largest step of a history update (see historyBonus), of HISTORY_MAX. */
const HISTORY_BONUS_MAX = 800;
/** The search polls its limits every this many nodes. */
const POLL_INTERVAL = 2048;

/**
 * A score seen from the other side. `0 - score`, not `-score`: negating a zero gives -0, which to
 * V8 is a floating-point number, and one of them reaching the search's integer arithmetic throws
 * its compiled code away to be built again for doubles (a cold `chessbot bench` ran some 4% slower
 * for it). Scores and window bounds cross between plies through here.
 */
const negate = (score: number): number => 0 - score;

/** LMR[depth][moveNumber]: how many plies a late quiet move is searched less. */
const LMR = Array.from({ length: 64 }, (_, depth) =>
  Int8Array.from({ length: 64 }, (_, n) => (depth === 0 || n === 0 ? 0 : Math.floor(0.75 + (Math.log(depth) * Math.log(n)) / 2.25))));

export interface SearchHooks {
  /** Milliseconds on any monotonic clock (injected: the core reads no clock of its own). */
  now(): number;
  /** Polled every few thousand nodes: true stops at once (UCI stop, cancellation). */
  shouldStop?(): boolean;
  onInfo?(info: SearchInfo): void;
  /** Hears this search's node count at each poll (every POLL_INTERVAL nodes): a status line. */
  onNodes?(nodes: number): void;
  /** Nodes searched so far by threads helping this search (UCI Threads): reported with its own,
   *  as Stockfish does, though only its own count towards a node limit. */
  helperNodes?(): number;
}

export class Engine {
  readonly tt: TranspositionTable;
  private pos!: Position;
  private readonly moves = new Int32Array(MAX_MOVES * (MAX_PLY + 8));
  private readonly scores = new Int32Array(MAX_MOVES * (MAX_PLY + 8));
  private readonly killers = new Int32Array(2 * (MAX_PLY + 8));
  private readonly history = new Int32Array(2 << 14);
  private readonly continuation = new Int16Array(CONTINUATION_SIZE);
  private readonly pawnHistory = new Int16Array(PAWN_HISTORY_SIZE);
  /** The name (piece and target, see ordering.ts) of the move played at each ply; 0 for a null move. */
  private readonly played = new Int32Array(MAX_PLY + 8);
  /** The quiet move played at each ply from a position with a static evaluation (not in check); else 0. */
  private readonly playedQuiet = new Int32Array(MAX_PLY + 8);
  private readonly pv = new Int32Array((MAX_PLY + 8) * (MAX_PLY + 8));
  private readonly pvLength = new Int32Array(MAX_PLY + 8);
  /** The corrected static evaluation at each ply (in check: the one two plies up), for `improving`. */
  private readonly staticEval = new Int32Array(MAX_PLY + 8);
  /** How many double extensions the line to each ply has taken (see DOUBLE_EXTENSIONS_PER_LINE). */
  private readonly doubleExtensions = new Int32Array(MAX_PLY + 8);
  /** The late-move reduction of the move being searched at each ply (0 while none). */
  private readonly reductions = new Int32Array(MAX_PLY + 8);
  /** The evaluation's error by pawn structure, learnt as the search goes (correction.ts). */
  private readonly correction = new CorrectionHistory();
  /** The same error by the move that led to the position (its piece and target, as `played` names it). */
  private readonly moveCorrection = new CorrectionHistory(MOVE_NAME_BITS);
  /** The same error by where white's pieces other than pawns stand, and by black's (Stockfish's non-pawn correction). */
  private readonly whitePiecesCorrection = new CorrectionHistory();
  private readonly blackPiecesCorrection = new CorrectionHistory();
  /** Quiet moves tried at each ply before a cut-off, to lower their history. */
  private readonly quietsTried = new Int32Array(MAX_MOVES * (MAX_PLY + 8));
  private readonly evalCache = new EvalCache();
  /** The evaluation network's hidden layer along the current line. */
  private readonly network = new Accumulators(DEFAULT_NETWORK);
  /** One per ply: "does this move check?" before playing it, for the pruning of quiet and losing moves. */
  private readonly checkDetectors = Array.from({ length: MAX_PLY + 8 }, () => new CheckDetector());
  /** One per ply: the node's moves, stage by stage. */
  private readonly pickers = Array.from(
    { length: MAX_PLY + 8 }, (_, ply) => new MovePicker(this.moves, this.scores, ply, this.history, this.continuation, this.pawnHistory),
  );

  /** The root moves searched (UCI searchmoves), rootMoveCount of them; 0 means all. */
  private readonly rootMoves = new Int32Array(MAX_MOVES);
  private rootMoveCount = 0;
  /** The position's ply (its history's length) at the root: repetitions from here on are the search's own. */
  private rootPly = 0;
  /** The root's ply and score of this engine's previous search (the falling-eval time scale reads them). */
  private lastRootPly = -1;
  private lastRootScore = 0;
  /** The previous search's score when it was for our own move just before this one, else null. */
  private previousScore: number | null = null;

  private hooks!: SearchHooks;
  private limits: SearchLimits = {};
  private budget: TimeBudget | null = null;
  private startTime = 0;
  private nextPoll = 0;
  private stopped = false;
  /**
   * Positions entered: one per move or pass made (Stockfish counts the moves alike, not its
   * passes), plus the root once per root search. Searching a position again (a reduced move's
   * re-search, the singular test, the quiescence search at the horizon) enters nothing new.
   */
  nodes = 0;
  private seldepth = 0;

  constructor(hashMegabytes = 64) {
    this.tt = new TranspositionTable(hashMegabytes);
  }

  /** Forget everything learned in the previous game (UCI ucinewgame). */
  newGame(): void {
    this.tt.clear();
    this.lastRootPly = -1;
    this.history.fill(0);
    this.continuation.fill(0);
    this.pawnHistory.fill(0);
    this.correction.clear();
    this.moveCorrection.clear();
    this.whitePiecesCorrection.clear();
    this.blackPiecesCorrection.clear();
    this.evalCache.clear();
  }

  /**
   * The evaluation cache's answer for this position (NOT_CACHED when not cached). The nodes read it right
   * after probing the table, before they know whether they need it: both reads usually miss the
   * processor's caches, and issued together they cost one wait instead of two.
   */
  private cachedEvaluation(): number {
    return this.evalCache.get(this.pos.hashHi, this.pos.hashLo);
  }

  /**
   * The static evaluation, the network's score for the side to move: `cached` (from
   * cachedEvaluation) when there was one, else computed and cached. What the network cannot see,
   * a quiet mate behind a large material lead, the search finds by not pruning for the side far
   * behind (see LOST_SIDE_EVAL).
   */
  private evaluate(cached: number): number {
    if (cached !== NOT_CACHED) return cached;
    const pos = this.pos;
    // A lone king against mating material is scored by how near the mate is (bareKing.ts).
    const bare = bareKingScore(pos);
    const value = bare !== NOT_BARE_KING ? bare : this.network.evaluate(pos);
    this.evalCache.set(pos.hashHi, pos.hashLo, value);
    return value;
  }

  /** `rawEval` plus the corrections for this pawn structure, these pieces and the move that led here, kept short of the mate scores. */
  private correctedEval(rawEval: number, ply: number): number {
    const pos = this.pos;
    const before = ply >= 1 ? this.played[ply - 1] : 0;
    const corrected = rawEval
      + this.correction.correction(pos.turn, pos.pawnHashLo)
      + this.moveCorrection.correction(pos.turn, before)
      + this.whitePiecesCorrection.correction(pos.turn, pos.nonPawnHash[WHITE])
      + this.blackPiecesCorrection.correction(pos.turn, pos.nonPawnHash[BLACK]);
    return Math.max(-MATE_BOUND + 1, Math.min(MATE_BOUND - 1, corrected));
  }

  /** Searches `position` (left unchanged) within `limits` and returns the best move found. */
  search(position: Position, limits: SearchLimits, hooks: SearchHooks): SearchResult {
    this.prepare(position, limits, hooks);
    const rootEnd = generateLegal(this.pos, this.moves, 0);
    if (rootEnd === 0) {
      const score: Score = this.pos.inCheck() ? { mate: 0 } : { cp: DRAW };
      return { bestMove: null, ponder: null, score, depth: 0, nodes: 0, timeMs: 0, pv: [] };
    }
    this.restrictRoot(limits.searchMoves);
    const firstMove = this.rootMoveCount > 0 ? this.rootMoves[0] : this.moves[0];
    // With a clock and one move to choose from there is nothing to think about.
    if ((this.rootMoveCount || rootEnd) === 1 && this.budget) {
      const only = makeUci(this.pos, firstMove);
      return { bestMove: only, ponder: null, score: { cp: this.evaluate(NOT_CACHED) }, depth: 0, nodes: 0, timeMs: 0, pv: [only] };
    }

    let bestLine: number[] = [firstMove];
    let bestScore = 0;
    let completedDepth = 0;
    let previousBest = NO_MOVE;
    let stableIterations = 0;
    const maxDepth = Math.min(limits.depth ?? MAX_PLY - 1, MAX_PLY - 1);
    for (let depth = 1 + (limits.helper ?? 0); depth <= maxDepth; depth++) {
      this.seldepth = 0;
      const score = this.aspirationSearch(depth, bestScore);
      // A stopped iteration still counts when a root move already beat the previous best; its
      // score, though, is only known for a completed iteration.
      if (this.pvLength[0] > 0) {
        bestLine = Array.from(this.pv.subarray(0, this.pvLength[0]));
        if (!this.stopped) bestScore = score;
      }
      if (this.stopped) break;
      completedDepth = depth;
      stableIterations = bestLine[0] === previousBest ? stableIterations + 1 : 0;
      previousBest = bestLine[0];
      hooks.onInfo?.(this.info(depth, bestScore, bestLine));
      if (this.shouldNotDeepen(depth, bestScore, stableIterations)) break;
    }
    if (limits.helper === undefined && completedDepth > 0 && Math.abs(bestScore) < MATE_BOUND) {
      this.lastRootPly = this.rootPly;
      this.lastRootScore = bestScore;
    }
    const pv = this.lineToUci(bestLine);
    return {
      bestMove: pv[0] ?? null,
      ponder: pv[1] ?? null,
      score: toUciScore(bestScore),
      depth: completedDepth,
      nodes: this.reportedNodes(),
      timeMs: Math.round(this.hooks.now() - this.startTime),
      pv,
    };
  }

  /** Keeps the root to the legal ones of `searchMoves` (all moves when none is legal or none given). */
  private restrictRoot(searchMoves: readonly string[] | undefined): void {
    this.rootMoveCount = 0;
    for (const text of searchMoves ?? []) {
      const move = parseUci(this.pos, text);
      if (move !== NO_MOVE && !this.isListedRootMove(move)) this.rootMoves[this.rootMoveCount++] = move;
    }
  }

  private isListedRootMove(move: number): boolean {
    for (let i = 0; i < this.rootMoveCount; i++) if (this.rootMoves[i] === move) return true;
    return false;
  }

  private prepare(position: Position, limits: SearchLimits, hooks: SearchHooks): void {
    this.pos = position.clone();
    this.rootPly = this.pos.ply;
    this.previousScore = this.lastRootPly === this.rootPly - 2 ? this.lastRootScore : null;
    this.network.reset(this.pos);
    this.limits = limits;
    this.hooks = hooks;
    this.budget = planTime(limits);
    this.startTime = hooks.now();
    this.stopped = false;
    this.nodes = 0;
    this.nextPoll = limits.nodes !== undefined && !limits.infinite ? Math.min(POLL_INTERVAL, limits.nodes) : POLL_INTERVAL;
    // The killers are this search's; the histories carry over whole from the last one, as
    // Stockfish's do (kept whole, with the pawn history, they passed the SPRT: docs/benchmarks.md).
    this.killers.fill(NO_MOVE);
    if (limits.helper === undefined) this.tt.nextAge();
  }

  /** After a completed iteration: is another one worth starting? */
  private shouldNotDeepen(depth: number, score: number, stableIterations: number): boolean {
    if (this.limits.infinite) return false;
    if (this.limits.nodes !== undefined && this.nodes >= this.limits.nodes) return true;
    const budget = this.budget;
    if (budget === null) return false;
    // A mate found with depth to spare will not change.
    if (Math.abs(score) >= MATE_BOUND && depth >= MATE - Math.abs(score) + 4) return true;
    const soft = this.limits.movetimeMs !== undefined
      ? budget.softMs
      : softLimitMs(budget, stableIterations) * fallingEvalScale(this.previousScore, score);
    return this.hooks.now() - this.startTime >= soft;
  }

  private aspirationSearch(depth: number, previous: number): number {
    let window = ASPIRATION_WINDOW;
    let alpha = -INFINITE;
    let beta = INFINITE;
    if (depth >= ASPIRATION_MIN_DEPTH && Math.abs(previous) < MATE_BOUND) {
      alpha = Math.max(previous - window, -INFINITE);
      beta = Math.min(previous + window, INFINITE);
    }
    // After each fail high the window is searched a ply shallower (not below 1), as Stockfish does:
    // the move that failed high is usually good, and the shallower search confirms it sooner.
    let failedHigh = 0;
    for (;;) {
      this.nodes++; // the root: the one position the search enters without a move
      const score = this.negamax(Math.max(1, depth - failedHigh), alpha, beta, 0, true, false, this.pos.inCheck());
      if (this.stopped) return score;
      if (score <= alpha) {
        alpha = Math.max(score - window, -INFINITE);
        failedHigh = 0;
      } else if (score >= beta) {
        beta = Math.min(score + window, INFINITE);
        failedHigh++;
      } else {
        return score;
      }
      window *= 2;
      if (window > 1000) {
        alpha = -INFINITE;
        beta = INFINITE;
      }
    }
  }

  private poll(): void {
    this.nextPoll = this.nodes + POLL_INTERVAL;
    if (this.limits.nodes !== undefined && !this.limits.infinite) this.nextPoll = Math.min(this.nextPoll, this.limits.nodes);
    const limits = this.limits;
    this.hooks.onNodes?.(this.nodes);
    if (this.hooks.shouldStop?.()) this.stopped = true;
    else if (limits.nodes !== undefined && this.nodes >= limits.nodes && !limits.infinite) this.stopped = true;
    else if (this.budget && this.hooks.now() - this.startTime >= this.budget.hardMs) this.stopped = true;
  }

  /**
   * `inCheck`: whether the side to move is in check (the parent knows it: its move gave check).
   * `excluded`: a move left out, for the singular-extension test (NO_MOVE normally).
   */
  private negamax(
    depth: number, alpha: number, beta: number, ply: number, pvNode: boolean, afterNull: boolean, inCheck: boolean,
    excluded = NO_MOVE,
  ): number {
    const pos = this.pos;
    this.pvLength[ply] = 0;
    if (this.nodes >= this.nextPoll) this.poll();
    if (this.stopped) return 0;

    if (ply > 0) {
      if (pos.repeatsSince(this.rootPly) || isInsufficientMaterial(pos)) return DRAW;
      // Fifty moves draw, unless the last of them gave mate (the mate stands).
      if (pos.halfmoves >= 100 && (!inCheck || hasLegalMove(pos))) return DRAW;
      // Mate distance pruning: no line from here can beat a mate already found nearer the root.
      alpha = Math.max(alpha, -MATE + ply);
      beta = Math.min(beta, MATE - ply - 1);
      if (alpha >= beta) return alpha;
      if (ply >= MAX_PLY) return this.evaluate(NOT_CACHED);
    }

    // A node in check is not searched deeper (no check extension): taken out together with the
    // fail-firm reverse futility below, the two passed the SPRT (docs/benchmarks.md), and the
    // horizon's quiescence still answers a check with every evasion.
    if (depth <= 0) return this.quiescence(alpha, beta, ply, inCheck);
    this.doubleExtensions[ply + 1] = this.doubleExtensions[ply];

    const tt = this.tt;
    // The quiescence search's own entries (depth 0) are for it alone: a capture's score at the
    // horizon tells a searched node neither its move nor its evaluation.
    const found = excluded === NO_MOVE && tt.probe(pos.hashHi, pos.hashLo) && tt.depth() > 0;
    const cachedEval = inCheck ? NOT_CACHED : this.cachedEvaluation();
    let ttMove = NO_MOVE;
    let ttScore = 0;
    let ttDepth = -1;
    let ttBound = 0;
    if (found) {
      ttMove = tt.move();
      ttScore = fromTableScore(tt.score(), ply);
      ttDepth = tt.depth();
      ttBound = tt.bound();
      if (!pvNode && ttDepth >= depth) {
        if (ttBound === BOUND_EXACT || (ttBound === BOUND_LOWER && ttScore >= beta) || (ttBound === BOUND_UPPER && ttScore <= alpha)) {
          return ttScore;
        }
      }
    }

    if (ttMove === NO_MOVE && depth >= IIR_MIN_DEPTH) depth--;

    // The network's own score is what the caches keep; the pruning reads it corrected by what
    // the search has lately found it gets wrong in this pawn structure and after this move.
    const rawEval = inCheck ? -INFINITE : this.evaluate(cachedEval);
    const correctedEval = inCheck ? -INFINITE : this.correctedEval(rawEval, ply);
    // In check there is no evaluation: the ply keeps the one from two plies up (as Stockfish
    // does), so the node two plies on compares with that, not with a -INFINITE it always beats.
    this.staticEval[ply] = inCheck ? (ply >= 2 ? this.staticEval[ply - 2] : -INFINITE) : correctedEval;
    const improving = !inCheck && ply >= 2 && correctedEval > this.staticEval[ply - 2];
    if (!inCheck && ply >= 1 && excluded === NO_MOVE && this.playedQuiet[ply - 1] !== NO_MOVE) {
      const gain = negate(this.staticEval[ply - 1] + correctedEval);
      const bonus = Math.max(EVAL_GAIN_MIN, Math.min(EVAL_GAIN_MAX, EVAL_GAIN_PER_CP * gain)) + EVAL_GAIN_OFFSET;
      const index = historyIndex(pos.turn ^ 1, this.playedQuiet[ply - 1]);
      this.history[index] = withGravity(this.history[index], bonus);
    }
    if (!inCheck && ply >= 1 && excluded === NO_MOVE && this.reductions[ply - 1] > 0) {
      const priorReduction = this.reductions[ply - 1];
      const bothEvals = correctedEval + this.staticEval[ply - 1];
      if (priorReduction >= HINDSIGHT_DEEPER_REDUCTION && bothEvals <= 0) depth++;
      else if (priorReduction >= HINDSIGHT_SHALLOWER_REDUCTION && depth >= 2 && bothEvals > HINDSIGHT_SHALLOWER_MARGIN) depth--;
    }
    // The pruning below trusts the table's score over the static evaluation when its bound says
    // the true score lies beyond the evaluation on that side.
    const staticEval = !inCheck && found && Math.abs(ttScore) < MATE_BOUND
      && (ttBound === BOUND_EXACT || (ttBound === BOUND_LOWER ? ttScore > correctedEval : ttScore < correctedEval))
      ? ttScore : correctedEval;

    if (!pvNode && !inCheck && excluded === NO_MOVE && staticEval > LOST_SIDE_EVAL) {
      // Reverse futility: far enough above beta that a shallow search will not fall below it; a
      // ply's margin less where the evaluation is rising, since the search below will likely find
      // it higher still. Not when the table's move is quiet: it was best here before, and what a
      // quiet move gains (a threat, a mating net) is what the static evaluation misses.
      if (depth <= RFP_MAX_DEPTH && Math.abs(beta) < MATE_BOUND && staticEval - RFP_MARGIN_PER_DEPTH * (depth - (improving ? 1 : 0)) >= beta
        && (ttMove === NO_MOVE || isCapture(ttMove) || movePromotion(ttMove) !== 0)) {
        // Halfway to beta ("fail firm"): the margin says the node stands above beta, not by how much.
        return (staticEval + beta) >> 1;
      }
      // Null move: if passing still fails high, a real move will too (not in pawn endings: zugzwang).
      // The reduction, 4 + depth / 3 plies plus more the further above beta, is Stockfish's shape.
      // Not against a mate-score beta: the reduced search cannot see quiet mates, so it would
      // "refute" the shorter mate found elsewhere.
      if (depth >= NULL_MOVE_MIN_DEPTH && !afterNull && staticEval >= beta && Math.abs(beta) < MATE_BOUND && this.hasPieces(pos.turn)) {
        const reduction = 4 + ((depth / 3) | 0) + Math.min(3, ((staticEval - beta) / 200) | 0);
        this.played[ply] = 0;
        this.playedQuiet[ply] = NO_MOVE;
        this.network.pushNull();
        pos.makeNull();
        this.nodes++;
        // After a pass the opponent cannot be in check: we were not checking before it.
        const score = negate(this.negamax(depth - 1 - reduction, negate(beta), 1 - beta, ply + 1, false, true, false));
        pos.unmakeNull();
        this.network.pop();
        if (this.stopped) return 0;
        if (score >= beta) return score >= MATE_BOUND ? beta : score;
      }
    }

    // Singular extension: when every other move falls well short of the table's move, that move is
    // the only good one here and is searched a ply deeper; when even the others reach beta, the
    // node is cut at once (multi-cut).
    // The table's move, when it can be played without generating, is tried before the others.
    const ttMoveFirst = ttMove !== NO_MOVE && fitsPosition(pos, ttMove);
    let ttExtension = 0;
    if (ply > 0 && depth >= SINGULAR_MIN_DEPTH && ttMoveFirst && ttDepth >= depth - 3 && ttBound !== BOUND_UPPER
      && Math.abs(ttScore) < MATE_BOUND) {
      const singularBeta = ttScore - SINGULAR_MARGIN_PER_DEPTH * depth;
      const score = this.negamax((depth - 1) >> 1, singularBeta - 1, singularBeta, ply, false, false, inCheck, ttMove);
      this.pvLength[ply] = 0; // the test's line is not this node's
      if (this.stopped) return 0;
      if (score < singularBeta) {
        ttExtension = !pvNode && score < singularBeta - DOUBLE_EXTENSION_MARGIN
          && this.doubleExtensions[ply] < DOUBLE_EXTENSIONS_PER_LINE ? 2 : 1;
      } else if (singularBeta >= beta) {
        return singularBeta;
      } else if (ttScore >= beta) {
        // Not singular, yet the table expects a cut-off: other moves will likely give it too, so
        // the table's move is searched a ply less (a negative extension).
        ttExtension = -1;
      }
    }

    const ttCapture = ttMove !== NO_MOVE && isCapture(ttMove);
    const killer1 = this.killers[2 * ply];
    const killer2 = this.killers[2 * ply + 1];
    const before1 = ply >= 1 ? this.played[ply - 1] : 0;
    const before2 = ply >= 2 ? this.played[ply - 2] : 0;
    const alphaAtStart = alpha;
    // Quiet moves that do not check may be pruned here: futile ones, and at shallow depth the
    // late ones (late-move pruning), which almost never matter.
    const pruneQuiets = !pvNode && !inCheck;
    const futilityBase = pruneQuiets && Math.abs(alpha) < MATE_BOUND ? staticEval + FUTILITY_MARGIN : INFINITE;
    const lateMove = depth <= LMP_MAX_DEPTH ? 3 + depth * depth * (improving ? 2 : 1) : MAX_MOVES;
    const lmrRow = LMR[Math.min(depth, 63)];
    const seePrune = ply > 0 && !inCheck && depth <= SEE_PRUNE_MAX_DEPTH;
    const checks = this.checkDetectors[ply];
    /** The check detector is prepared at the first move that may be pruned: most nodes cut before. */
    let checksReady = false;
    let bestScore = -INFINITE;
    let bestMove = NO_MOVE;
    let quiets = 0;
    let moveNumber = 0;
    // Staged (movePicker.ts): the table's move before any move is generated, since it often cuts
    // at once, then the good captures, and the quiet moves only when those have not cut. A
    // castling table move, which fitsPosition leaves out, is tried first too once found legal.
    const ttTried = ttMoveFirst || (ttMove !== NO_MOVE && isCastle(ttMove) && isLegalCastle(pos, ttMove)) ? ttMove : NO_MOVE;
    const picker = this.pickers[ply];
    picker.init(pos, ttTried, killer1, killer2, before1, before2);
    const start = ply * MAX_MOVES;
    for (;;) {
      const move = picker.next();
      if (move === NO_MOVE) break;
      if (move === excluded || (ply === 0 && this.rootMoveCount > 0 && !this.isListedRootMove(move))) continue;
      moveNumber++;
      const quiet = !isCapture(move) && movePromotion(move) === 0;
      // Past this point a quiet move is tried only if it checks (or while every move so far
      // leads to mate), so the quiet moves left need no ordering.
      // The depth a late quiet move would get only falls as the moves go on, so once futile, the
      // rest are too.
      const reducedDepth = depth - lmrRow[Math.min(moveNumber, 63)];
      const quietsOnlyIfChecking = pruneQuiets && (moveNumber > lateMove
        || (reducedDepth <= FUTILITY_MAX_DEPTH && futilityBase + FUTILITY_MARGIN_PER_DEPTH * reducedDepth <= alpha));
      if (quietsOnlyIfChecking) picker.stopOrdering();
      const name = pieceToName(pos.board[moveFrom(move)], move);
      // Read once for history pruning and the late-move reduction below (the first move needs neither).
      const moveHistory = quiet && moveNumber > 1
        ? quietHistory(this.history, this.continuation, pos.turn, move, name, before1, before2) : 0;
      const historyPruned = pruneQuiets && quiet && !quietsOnlyIfChecking && moveNumber > 1
        && reducedDepth <= HISTORY_PRUNE_MAX_DEPTH && moveHistory < -HISTORY_PRUNE_PER_DEPTH * depth;
      // Once one move has kept us from being mated, a move that does not check may be pruned:
      // a futile or late quiet move, one whose history says it keeps failing here, or one that
      // loses material on its square.
      if (bestScore > -MATE_BOUND && ((quietsOnlyIfChecking && quiet) || historyPruned
        || (seePrune && losesExchange(pos, move, quiet, depth)))) {
        if (!checksReady) {
          checks.prepare(pos);
          checksReady = true;
        }
        if (!checks.givesCheck(pos, move)) continue;
      }
      this.played[ply] = name;
      this.playedQuiet[ply] = quiet && !inCheck ? move : NO_MOVE;
      this.network.push(pos, move);
      pos.make(move);
      this.nodes++;
      const givesCheck = pos.inCheckAfter(move);
      let score: number;
      if (moveNumber === 1) {
        const extension = move === ttMove ? ttExtension : 0;
        if (extension === 2) this.doubleExtensions[ply + 1]++;
        score = negate(this.negamax(depth - 1 + extension, negate(beta), negate(alpha), ply + 1, pvNode, false, givesCheck));
        this.doubleExtensions[ply + 1] = this.doubleExtensions[ply];
      } else {
        let reduction = 0;
        if (depth >= LMR_MIN_DEPTH && quiet && !inCheck && !givesCheck && moveNumber > (pvNode ? 3 : 2)) {
          reduction = LMR[Math.min(depth, 63)][Math.min(moveNumber, 63)];
          if (pvNode) reduction--;
          if (!improving) reduction++;
          // The table's best move here takes material: a quiet move is unlikely to do better.
          if (ttCapture) reduction++;
          if (move === killer1 || move === killer2) reduction--;
          // Moves that did well here before are reduced less, ones that did badly more.
          reduction -= (moveHistory / LMR_HISTORY_DIVISOR) | 0;
          reduction = Math.max(0, Math.min(reduction, depth - 2));
        }
        let newDepth = depth - 1;
        this.reductions[ply] = reduction;
        score = negate(this.negamax(newDepth - reduction, -1 - alpha, negate(alpha), ply + 1, false, false, givesCheck));
        this.reductions[ply] = 0;
        if (score > alpha && reduction > 0) {
          // A reduced move that beat alpha is searched again: a ply deeper than planned when it
          // beat it by far, a ply shallower when it barely beat the best so far (Stockfish's).
          if (score > alpha + LMR_DEEPER_MARGIN + LMR_DEEPER_PER_PLY * reduction) newDepth++;
          else if (score < bestScore + LMR_SHALLOWER_MARGIN) newDepth--;
          if (newDepth > depth - 1 - reduction) {
            score = negate(this.negamax(newDepth, -1 - alpha, negate(alpha), ply + 1, false, false, givesCheck));
          }
        }
        if (score > alpha && score < beta) score = negate(this.negamax(newDepth, negate(beta), negate(alpha), ply + 1, true, false, givesCheck));
      }
      pos.unmake(move);
      this.network.pop();
      if (this.stopped) return 0;

      if (score > bestScore) {
        bestScore = score;
        if (score > alpha) {
          alpha = score;
          bestMove = move;
          this.updatePv(ply, move);
          if (alpha >= beta) {
            if (quiet) this.rewardQuiet(move, ply, depth, quiets, before1, before2);
            break;
          }
        }
      }
      if (quiet) this.quietsTried[start + quiets++] = move;
    }

    if (moveNumber === 0) {
      // No legal move: mate or stalemate; or the left-out move was the only one.
      if (excluded !== NO_MOVE) return alpha;
      return inCheck ? -MATE + ply : DRAW;
    }
    if (excluded !== NO_MOVE) return bestScore; // a partial search: nothing to keep
    // A cut-off's score says the node stands above beta, not by how much: it is drawn towards
    // beta, the more so the shallower the search that found it (Stockfish's), so one lucky deep
    // line does not carry a large score up the tree.
    if (bestScore >= beta && Math.abs(bestScore) < MATE_BOUND && Math.abs(beta) < MATE_BOUND) {
      bestScore = ((bestScore * depth + beta) / (depth + 1)) | 0;
    }
    const bound = bestScore >= beta ? BOUND_LOWER : bestScore > alphaAtStart ? BOUND_EXACT : BOUND_UPPER;
    // Every move here failed low: the opponent's quiet move before it refuted ours well, and its
    // histories learn so (Stockfish's prior-move bonus).
    if (bound === BOUND_UPPER && depth >= PRIOR_BONUS_MIN_DEPTH && ply >= 1 && this.playedQuiet[ply - 1] !== NO_MOVE) {
      this.rewardPrior(ply, historyBonus(depth));
    }
    tt.store(pos.hashHi, pos.hashLo, bestMove, toTableScore(bestScore, ply), depth, bound);
    // What a capture or promotion won is the move's, not the evaluation's; a mate score measures
    // no evaluation; in check there was none.
    const tacticalBest = bestMove !== NO_MOVE && (isCapture(bestMove) || movePromotion(bestMove) !== 0);
    if (!inCheck && !tacticalBest && Math.abs(bestScore) < MATE_BOUND) {
      this.correction.update(pos.turn, pos.pawnHashLo, depth, bestScore, correctedEval, bound);
      this.moveCorrection.update(pos.turn, before1, depth, bestScore, correctedEval, bound);
      this.whitePiecesCorrection.update(pos.turn, pos.nonPawnHash[WHITE], depth, bestScore, correctedEval, bound);
      this.blackPiecesCorrection.update(pos.turn, pos.nonPawnHash[BLACK], depth, bestScore, correctedEval, bound);
    }
    return bestScore;
  }

  /** `inCheck`: whether the side to move is in check (the parent knows it: it tested after its move). */
  private quiescence(alpha: number, beta: number, ply: number, inCheck: boolean): number {
    const pos = this.pos;
    this.pvLength[ply] = 0;
    if (this.nodes >= this.nextPoll) this.poll();
    if (this.stopped) return 0;
    if (ply > this.seldepth) this.seldepth = ply;
    if (ply >= MAX_PLY) return this.evaluate(NOT_CACHED);

    // A table entry of any depth settles a quiescence node (whose depth is 0), and the quiescence
    // search keeps its own results there too (as Stockfish's does), at depth 0: the same captures
    // are met again and again under different moves of the main search.
    const tt = this.tt;
    const found = tt.probe(pos.hashHi, pos.hashLo);
    const cachedEval = inCheck ? NOT_CACHED : this.cachedEvaluation();
    let ttScore = 0;
    let ttBound = 0;
    let ttMove = NO_MOVE;
    let ttDepth = -1;
    if (found) {
      ttScore = fromTableScore(tt.score(), ply);
      ttBound = tt.bound();
      ttMove = tt.move();
      ttDepth = tt.depth();
      if (ttBound === BOUND_EXACT || (ttBound === BOUND_LOWER && ttScore >= beta) || (ttBound === BOUND_UPPER && ttScore <= alpha)) {
        return ttScore;
      }
    }

    let bestScore = -MATE + ply;
    let standPat = -INFINITE;
    if (!inCheck) {
      // Corrected as the main search's static evaluation is: the horizon stands pat on the same
      // estimate that the nodes above it prune by.
      standPat = this.correctedEval(this.evaluate(cachedEval), ply);
      // A table score whose bound lies beyond the estimate on its side is the better estimate.
      if (found && Math.abs(ttScore) < MATE_BOUND
        && (ttBound === BOUND_EXACT || (ttBound === BOUND_LOWER ? ttScore > standPat : ttScore < standPat))) {
        standPat = ttScore;
      }
      // Standing pat at or above beta: halfway to beta, as reverse futility does ("fail firm").
      if (standPat >= beta) return Math.abs(beta) < MATE_BOUND ? (standPat + beta) >> 1 : standPat;
      if (standPat > alpha) alpha = standPat;
      bestScore = standPat;
    }
    const alphaAtStart = alpha;
    const start = ply * MAX_MOVES;
    let end: number;
    if (inCheck) {
      end = generateLegal(pos, this.moves, start);
      if (end === start) return -MATE + ply;
      scoreMoves(pos, this.moves, this.scores, start, end, ttMove, NO_MOVE, NO_MOVE, this.history, this.continuation, 0, 0);
    } else {
      // When not even the dearest capture on offer could lift the score to alpha, delta pruning
      // below would skip every move: none is generated.
      if (noGainAbove(pos, alpha - standPat - DELTA_MARGIN)) return bestScore;
      end = scoreTacticalMoves(pos, this.moves, this.scores, start, generateTactical(pos, this.moves, start), ttMove);
    }
    let bestMove = NO_MOVE;
    for (let i = start; i < end; i++) {
      const move = pickBest(this.moves, this.scores, i, end);
      if (!inCheck) {
        // Delta pruning, then skip captures that lose material in the exchange.
        const gain = SEE_VALUE[(move >> 20) & 7] + (movePromotion(move) ? SEE_VALUE[QUEEN] : 0);
        if (standPat + gain + DELTA_MARGIN <= alpha) continue;
        // A capture of a lesser piece may lose the taker; not the king's (it is legal, so nothing retakes).
        const taker = pos.board[moveFrom(move)] & 7;
        if (taker !== KING && SEE_VALUE[(move >> 20) & 7] < SEE_VALUE[taker] && !seeAtLeast(pos, move, 0)) continue;
      }
      // Named as the main search names its moves: the correction after it is keyed by this.
      this.played[ply] = pieceToName(pos.board[moveFrom(move)], move);
      this.playedQuiet[ply] = NO_MOVE;
      this.network.push(pos, move);
      pos.make(move);
      this.nodes++;
      const score = negate(this.quiescence(negate(beta), negate(alpha), ply + 1, pos.inCheckAfter(move)));
      pos.unmake(move);
      this.network.pop();
      if (this.stopped) return 0;
      if (score > bestScore) {
        bestScore = score;
        if (score > alpha) {
          alpha = score;
          bestMove = move;
          if (alpha >= beta) break;
        }
      }
    }
    // A capture's cut-off, likewise halfway to beta (not a mate's score: that one is exact).
    if (bestScore > beta && Math.abs(bestScore) < MATE_BOUND && Math.abs(beta) < MATE_BOUND) bestScore = (bestScore + beta) >> 1;
    // Kept for the next visit, unless the table holds a result of the main search for this position
    // (deeper, so worth more) or the score is a mate's: the quiescence search sees no quiet move,
    // so its mates are only as sure as its stand-pats, and a mate score in the table is believed.
    if (ttDepth <= 0 && Math.abs(bestScore) < MATE_BOUND) {
      const bound = bestScore >= beta ? BOUND_LOWER : bestScore > alphaAtStart ? BOUND_EXACT : BOUND_UPPER;
      tt.store(pos.hashHi, pos.hashLo, bestMove, bestScore, 0, bound);
    }
    return bestScore;
  }

  private updatePv(ply: number, move: number): void {
    const row = ply * (MAX_PLY + 8);
    const child = (ply + 1) * (MAX_PLY + 8);
    this.pv[row + ply] = move;
    const childLength = this.pvLength[ply + 1];
    for (let i = ply + 1; i < childLength; i++) this.pv[row + i] = this.pv[child + i];
    this.pvLength[ply] = Math.max(childLength, ply + 1);
  }

  /** A quiet move caused a cut-off: make it a killer, raise its histories, lower the ones tried before. */
  private rewardQuiet(move: number, ply: number, depth: number, quietsBefore: number, before1: number, before2: number): void {
    if (this.killers[2 * ply] !== move) {
      this.killers[2 * ply + 1] = this.killers[2 * ply];
      this.killers[2 * ply] = move;
    }
    const bonus = historyBonus(depth);
    this.updateQuiet(move, bonus, before1, before2);
    const start = ply * MAX_MOVES;
    for (let i = 0; i < quietsBefore; i++) this.updateQuiet(this.quietsTried[start + i], -bonus, before1, before2);
  }

  /** Rewards the quiet move played at ply - 1 (by the side not to move) by `bonus`. */
  private rewardPrior(ply: number, bonus: number): void {
    const move = this.playedQuiet[ply - 1];
    const name = this.played[ply - 1];
    const index = historyIndex(this.pos.turn ^ 1, move);
    this.history[index] = withGravity(this.history[index], bonus >> 1);
    this.updateContinuations(name, ply >= 2 ? this.played[ply - 2] : 0, ply >= 3 ? this.played[ply - 3] : 0, bonus);
  }

  private updateQuiet(move: number, bonus: number, before1: number, before2: number): void {
    const history = this.history;
    const index = historyIndex(this.pos.turn, move);
    history[index] = withGravity(history[index], bonus);
    const name = pieceToName(this.pos.board[moveFrom(move)], move);
    this.updateContinuations(name, before1, before2, bonus);
    const pawnIndex = pawnHistoryIndex(this.pos.pawnHashLo, name);
    this.pawnHistory[pawnIndex] = withGravity(this.pawnHistory[pawnIndex], bonus);
  }

  /** Moves the continuation histories of the move named `name`, after the moves named `before1` and `before2`. */
  private updateContinuations(name: number, before1: number, before2: number, bonus: number): void {
    const continuation = this.continuation;
    const index1 = continuationRow(before1) | name;
    continuation[index1] = withGravity(continuation[index1], bonus);
    const index2 = continuationRow(before2) | name;
    continuation[index2] = withGravity(continuation[index2], bonus);
  }

  private hasPieces(side: 0 | 1): boolean {
    const m = this.pos.material;
    return m[makePiece(side, KNIGHT)] + m[makePiece(side, BISHOP)] + m[makePiece(side, ROOK)] + m[makePiece(side, QUEEN)] > 0;
  }

  private lineToUci(line: readonly number[]): string[] {
    const pos = this.pos;
    const uci: string[] = [];
    for (const move of line) {
      uci.push(makeUci(pos, move));
      pos.make(move);
    }
    for (let i = line.length - 1; i >= 0; i--) pos.unmake(line[i]);
    return uci;
  }

  /** This search's nodes and its helpers'. */
  private reportedNodes(): number {
    return this.nodes + (this.hooks.helperNodes?.() ?? 0);
  }

  private info(depth: number, score: number, line: readonly number[]): SearchInfo {
    const timeMs = Math.max(0, Math.round(this.hooks.now() - this.startTime));
    const nodes = this.reportedNodes();
    return {
      depth,
      seldepth: Math.max(this.seldepth, depth),
      score: toUciScore(score),
      nodes,
      timeMs,
      nps: timeMs > 0 ? Math.round((nodes * 1000) / timeMs) : 0,
      pv: this.lineToUci(line),
      hashfull: this.tt.hashfull(),
    };
  }
}

/**
 * Can the table's move be played here without generating the moves? The table matched all 64
 * bits of the key, so the move came from this very position; the check only guards the board
 * against a key collision, by insisting the move fits what stands on it. Castling is left to the
 * generated list (it is still tried first there).
 */
function fitsPosition(pos: Position, move: number): boolean {
  const piece = pos.board[moveFrom(move)];
  if (piece === 0 || (piece >> 3) !== pos.turn) return false;
  const flag = moveFlag(move);
  if (flag === FLAG_CASTLE) return false;
  if (flag === FLAG_EN_PASSANT) return (piece & 7) === PAWN && moveTo(move) === pos.epSquare;
  if (flag !== 0 && (piece & 7) !== PAWN) return false;
  const captured = pos.board[moveTo(move)];
  return captured === moveCaptured(move) && (captured & 7) !== KING;
}

/** Does `move` lose more in the exchange on its square than SEE pruning allows at `depth`? */
function losesExchange(pos: Position, move: number, quiet: boolean, depth: number): boolean {
  const mover = pos.board[moveFrom(move)] & 7;
  // A legal king move goes where no enemy piece attacks: nothing can take the king back. (Castling,
  // encoded as the king taking its own rook, is a king move too: no exchange of ours to look at.)
  if (mover === KING) return false;
  return !seeAtLeast(pos, move, -(quiet ? SEE_PRUNE_QUIET_MARGIN : SEE_PRUNE_CAPTURE_MARGIN) * depth);
}

/**
 * Can no capture or promotion of the side to move gain more than `needed`, as delta pruning counts
 * gains? A capture gains at most the dearest enemy piece but the king, a promotion a queen's worth
 * more: the seventh rank is looked at only when that could matter.
 */
function noGainAbove(pos: Position, needed: number): boolean {
  const them = (pos.turn ^ 1) << 3;
  const material = pos.material;
  const victim = material[them | QUEEN] > 0 ? SEE_VALUE[QUEEN] : material[them | ROOK] > 0 ? SEE_VALUE[ROOK]
    : material[them | BISHOP] > 0 ? SEE_VALUE[BISHOP] : material[them | KNIGHT] > 0 ? SEE_VALUE[KNIGHT]
      : material[them | PAWN] > 0 ? SEE_VALUE[PAWN] : 0;
  if (victim > needed) return false;
  return victim + SEE_VALUE[QUEEN] <= needed || !pawnOnSeventh(pos);
}

/** Does a pawn of the side to move stand one step from promoting? */
function pawnOnSeventh(pos: Position): boolean {
  const us = pos.turn;
  const pawn = makePiece(us, PAWN);
  if (pos.material[pawn] === 0) return false;
  const seventh = squareAt(0, us === WHITE ? 6 : 1);
  for (let file = 0; file < 8; file++) if (pos.board[seventh + file] === pawn) return true;
  return false;
}

/**
 * How far one cut-off moves a quiet move's histories: about a twentieth of their range from depth 7
 * on, less at shallow depth, where a cut-off proves less. Smaller steps (depth squared, at
 * most 400 of 16384) left a move's history to be learned over hundreds of cut-offs.
 */
function historyBonus(depth: number): number {
  return Math.min(HISTORY_BONUS_MAX, 8 * depth * depth + 64 * depth - 48);
}

/** History with gravity: each update pulls the value towards ±HISTORY_MAX, never past it. */
function withGravity(value: number, bonus: number): number {
  return value + bonus - ((value * Math.abs(bonus)) / HISTORY_MAX | 0);
}

/** Mate scores are stored relative to the node (plies from it), not the root. */
function toTableScore(score: number, ply: number): number {
  if (score >= MATE_BOUND) return score + ply;
  if (score <= -MATE_BOUND) return score - ply;
  return score;
}

function fromTableScore(score: number, ply: number): number {
  if (score >= MATE_BOUND) return score - ply;
  if (score <= -MATE_BOUND) return score + ply;
  return score;
}

/** Centipawns, or mate in n moves (negative when we are the ones mated), as UCI reports it. */
export function toUciScore(score: number): Score {
  if (score >= MATE_BOUND) return { mate: Math.ceil((MATE - score) / 2) };
  if (score <= -MATE_BOUND) return { mate: -Math.ceil((MATE + score) / 2) };
  return { cp: score | 0 }; // | 0 turns a negated draw (-0) into 0
}
