// Choosing our move in a live game: the opening book first, then the endgame tablebase in the
// few-piece positions it holds (./tablebase.ts: asked with a deadline drawn from our clock, its
// answers kept per game), then the game engine through the
// engine client with a time budget from our clock, the increment and the move overhead. Whatever
// the engine does (queued behind other work, a crashed or stuck worker), a move comes back before
// a hard deadline: the engine is stopped and its best move so far is used, or the engine client's
// fallback move.
// Each game has a transposition table of its own that every search for it shares, whichever
// worker runs it: so pondering (thinking on the opponent's time) and helper threads on idle
// workers both leave their work where the next search finds it.

import { performance } from 'node:perf_hooks';
import { makeFen } from '../chess/fen.ts';
import { hasLegalMoves } from '../chess/status.ts';
import { NO_MOVE } from '../chess/move.ts';
import type { Position } from '../chess/position.ts';
import { WHITE } from '../chess/types.ts';
import { makeUci, parseUci } from '../chess/uci.ts';
import {
  type EngineClient, type PlayJob, type SearchOptions, SharedTable, raceTimeout, searchWithHelpers,
} from '../engine/index.ts';
import { fallbackMove } from '../engine/fallback.ts';
import { errorLine } from '../errors.ts';
import { type PolyglotBook, gamePly } from '../search/book/index.ts';
import { type Score, type SearchInfo, type SearchLimits, type SearchResult, planTime } from '../search/play/index.ts';
import type { GameSession } from './session.ts';
import {
  type TablebaseAnswer, type TablebaseCategory, type TablebaseUse, type TablebaseVerdict, pickTablebaseMove, tablebaseCovers,
  tablebaseWaitMs,
} from './tablebase.ts';

export interface MoveChoice {
  /** In the form Lichess wants for this game (king-to-rook castling outside standard chess). */
  readonly uci: string;
  /** Our evaluation (null for a book move or a last-resort move). */
  readonly score: Score | null;
  readonly depth: number;
  readonly source: 'book' | 'tablebase' | 'engine' | 'fallback';
  /** What went wrong when the source is "fallback". */
  readonly why?: string;
  /** When the source is "tablebase": what the game is worth after the move, from our side, and the move's figures. */
  readonly tablebase?: {
    readonly verdict: TablebaseVerdict;
    readonly category: TablebaseCategory;
    readonly dtz: number | null;
    readonly dtm: number | null;
  };
  readonly elapsedMs: number;
}

export interface ChooserOptions {
  /** Where the searches run: a game's searches run in this process (a bullet clock cannot wait on a queue). */
  readonly engine: EngineClient;
  readonly hashMb: number;
  readonly book: PolyglotBook | null;
  /** Kept back on every move for the network and Lichess's lag. */
  readonly moveOverheadMs: number;
  /** Think time per move without a clock. */
  readonly correspondenceMoveMs: number;
  readonly random?: () => number;
  /** Monotonic ms. */
  readonly now?: () => number;
  /**
   * The most threads one search takes (default 1): the main one, and helpers (lazy SMP) as
   * background searches, on threads nothing else wants and only while nothing else does.
   */
  readonly threads?: number;
  /** The endgame tablebase, when one is used. */
  readonly tablebase?: TablebaseUse | null;
}

// The first two moves are played before the clocks start, against Lichess's first-move deadline
// (20 s in bullet): a fixed short think is enough and safe.
const FIRST_MOVE_MS = 2_000;
/** Time the engine may overrun its own hard limit before we stop waiting for it. */
const OUTER_SLACK_MS = 250;
/** After telling the engine to stop, how long its answer may take before we give up on it. */
const STOP_WAIT_MS = 150;
/** Never plan to leave less than this on our clock when deciding the outer deadline. */
const CLOCK_RESERVE_MS = 100;
/** Pondering stops by itself this long after the opponent's clock would have run out. */
const PONDER_SLACK_MS = 1_000;

export class MoveChooser {
  private readonly now: () => number;
  private readonly random: () => number;
  /** Each game's transposition table (see the top of this file), dropped with its session. */
  private readonly tables = new WeakMap<GameSession, SharedTable>();
  /** Each game's tablebase answers, by position (the FEN without the move number). */
  private readonly tablebaseAnswers = new WeakMap<GameSession, Map<string, TablebaseAnswer>>();

  constructor(private readonly options: ChooserOptions) {
    this.now = options.now ?? (() => performance.now());
    this.random = options.random ?? Math.random;
  }

  /** The move for the session's current position, or null when there is none (or `signal` aborted). */
  async choose(session: GameSession, signal: AbortSignal, onInfo?: (info: SearchInfo) => void): Promise<MoveChoice | null> {
    const start = this.now();
    const position = session.position;
    const kingToRook = session.setup.variant !== 'standard';
    if (signal.aborted || !hasLegalMoves(position)) return null;
    const elapsed = () => this.now() - start;

    const book = this.options.book?.pick(position, gamePly(position), this.random);
    if (book) {
      const uci = toLichessUci(position, book.uci, kingToRook);
      if (uci) return { uci, score: null, depth: 0, source: 'book', elapsedMs: elapsed() };
    }

    const tablebase = this.options.tablebase;
    if (tablebase && tablebaseCovers(position, session.setup.variant, tablebase.maxPieces)) {
      const fromTablebase = await this.fromTablebase(session, tablebase, signal, kingToRook);
      if (signal.aborted) return null;
      if (fromTablebase) return { ...fromTablebase, elapsedMs: elapsed() };
    }

    // Planned from the clock as it is now, after whatever the tablebase took.
    const limits = this.limitsFor(session);
    const hardMs = planTime(limits)?.hardMs ?? FIRST_MOVE_MS;
    const usable = session.setup.clock ? session.ourTimeMs(this.now()) - this.options.moveOverheadMs - CLOCK_RESERVE_MS : Infinity;
    const outerMs = Math.max(1, Math.min(hardMs + OUTER_SLACK_MS, Math.max(hardMs, usable)));

    let best: SearchInfo | null = null;
    const controller = new AbortController();
    const stopAll = () => controller.abort();
    signal.addEventListener('abort', stopAll, { once: true });
    const job = this.search(this.playJob(session, limits), {
      signal: controller.signal,
      deadline: Date.now() + hardMs + OUTER_SLACK_MS / 2,
      onProgress: (info) => {
        best = info;
        onInfo?.(info);
      },
    });
    try {
      const outcome = await raceTimeout(job, outerMs);
      let result: SearchResult | null = outcome.kind === 'done' ? outcome.value : null;
      let why = outcome.kind === 'failed' ? errorLine(outcome.error) : 'the engine missed its deadline';
      if (outcome.kind === 'timeout') {
        controller.abort();
        const late = await raceTimeout(job, STOP_WAIT_MS);
        if (late.kind === 'done') result = late.value;
      }
      if (signal.aborted) return null;
      if (result?.bestMove) {
        const uci = toLichessUci(position, result.bestMove, kingToRook);
        if (uci) return { uci, score: result.score, depth: result.depth, source: 'engine', elapsedMs: elapsed() };
        why = `the engine answered ${result.bestMove}, not a legal move here`;
      }
      return this.fallback(position, kingToRook, best, why, elapsed());
    } finally {
      signal.removeEventListener('abort', stopAll);
      controller.abort(); // a search still running (the helpers stop with it)
      job.catch(() => {});
    }
  }

  /**
   * Thinks on the opponent's time: searches the current position, the opponent to move, until
   * `signal` aborts (their move has come, or the game is over), filling the game's table for our
   * next search whichever move they choose. It never keeps another search waiting: it runs only
   * on an idle worker and stops as soon as a search needs that worker. It ends by itself once
   * the opponent's clock has run out, should the abort never come. Resolves with the depth it
   * completed (0 when it could not start).
   */
  async ponder(session: GameSession, signal: AbortSignal): Promise<number> {
    if (signal.aborted || session.isOurTurn || !hasLegalMoves(session.position)) return 0;
    // Our next move will most likely come from the tablebase: no search to prepare for.
    const tablebase = this.options.tablebase;
    if (tablebase?.prober.isAvailable() && tablebaseCovers(session.position, session.setup.variant, tablebase.maxPieces)) return 0;
    const clock = session.state;
    const theirMs = session.opponentColor === WHITE ? clock.wtime : clock.btime;
    let depth = 0;
    try {
      await this.search(this.playJob(session, { infinite: true }), {
        signal, deadline: Date.now() + theirMs + PONDER_SLACK_MS, background: true,
        onProgress: (info) => {
          depth = info.depth;
        },
      });
    } catch {
      // Refused (no idle worker) or stopped before it began: there was nothing to spare.
    }
    return depth;
  }

  /**
   * The tablebase's move for the current position (one it holds), when it answers in time: from the game's answers so far, else asked with a deadline drawn from our clock (a
   * missing, slow or failing answer costs at most that: the engine searches on what is left).
   */
  private async fromTablebase(
    session: GameSession, tablebase: TablebaseUse, signal: AbortSignal, kingToRook: boolean,
  ): Promise<Omit<MoveChoice, 'elapsedMs'> | null> {
    const position = session.position;
    const fen = makeFen(position);
    const key = fen.slice(0, fen.lastIndexOf(' '));
    let answers = this.tablebaseAnswers.get(session);
    if (!answers) {
      answers = new Map();
      this.tablebaseAnswers.set(session, answers);
    }
    let answer = answers.get(key) ?? null;
    if (!answer) {
      if (!tablebase.prober.isAvailable()) return null;
      const usable = session.setup.clock ? session.ourTimeMs(this.now()) - this.options.moveOverheadMs - CLOCK_RESERVE_MS : Infinity;
      const timeoutMs = tablebaseWaitMs(usable, tablebase.maxWaitMs);
      if (timeoutMs === 0) return null;
      answer = await tablebase.prober.probe(fen, { signal, timeoutMs });
      if (!answer) return null;
      answers.set(key, answer);
    }
    const pick = pickTablebaseMove(answer, position.halfmoves);
    const uci = pick ? toLichessUci(position, pick.uci, kingToRook) : null;
    if (!pick || !uci) return null;
    const { verdict, category, dtz, dtm } = pick;
    return { uci, score: null, depth: 0, source: 'tablebase', tablebase: { verdict, category, dtz, dtm } };
  }

  /** A search of the game's position on its threads: helpers only on workers nothing else wants. */
  private search(job: PlayJob, options: SearchOptions<SearchInfo>): Promise<SearchResult> {
    return searchWithHelpers(this.options.engine, job, { ...options, threads: this.options.threads ?? 1, helpersInBackground: true });
  }

  /** A search of the session's current position on the game's own table. */
  private playJob(session: GameSession, limits: SearchLimits): PlayJob {
    let table = this.tables.get(session);
    if (!table) {
      table = new SharedTable();
      this.tables.set(session, table);
    }
    const { hashMb } = this.options;
    return { kind: 'play', fen: session.setup.initialFen, moves: [...session.state.moves], limits, hashMb, table: table.at(hashMb) };
  }

  /** How long the engine may think: the clock's share, or a fixed time before the clocks run. */
  private limitsFor(session: GameSession): SearchLimits {
    const overhead = this.options.moveOverheadMs;
    if (!session.setup.clock) return { movetimeMs: this.options.correspondenceMoveMs + overhead, moveOverheadMs: overhead };
    const timeMs = session.ourTimeMs(this.now());
    if (!session.clockRunning) {
      // What is left of Lichess's first-move wait: part of it may be spent already (a game
      // resumed after a restart, a stream reopened), as expiration.idleMillis says.
      const { millisToMove, idleMillis } = session.state;
      const left = millisToMove !== null ? millisToMove - (idleMillis ?? 0) - session.ageMs(this.now()) : null;
      const cap = left !== null ? Math.max(200, left / 4) : FIRST_MOVE_MS;
      return { movetimeMs: Math.min(FIRST_MOVE_MS, cap, timeMs / 10) + overhead, moveOverheadMs: overhead };
    }
    return { clock: { timeMs, incrementMs: session.ourIncrementMs }, moveOverheadMs: overhead };
  }

  /** The engine's last reported best move, else the engine client's fallback (a depth-1 search here, else any legal move). */
  private fallback(position: Position, kingToRook: boolean, best: SearchInfo | null, why: string, elapsedMs: number): MoveChoice {
    const fromPv = best?.pv[0] ? toLichessUci(position, best.pv[0], kingToRook) : null;
    if (fromPv && best) return { uci: fromPv, score: best.score, depth: best.depth, source: 'fallback', why, elapsedMs };
    const last = fallbackMove(position);
    // The choice is only asked for where there are legal moves, so there is always one.
    const uci = last === null ? null : toLichessUci(position, last, kingToRook);
    return { uci: uci!, score: null, depth: 0, source: 'fallback', why, elapsedMs };
  }
}

/** `uci` (either castling form) as Lichess wants it here, or null when it is not legal. */
export function toLichessUci(position: Position, uci: string, kingToRook: boolean): string | null {
  const move = parseUci(position, uci);
  return move === NO_MOVE ? null : makeUci(position, move, kingToRook);
}
