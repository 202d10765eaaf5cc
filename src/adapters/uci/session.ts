// The state of one UCI conversation: the options, the position the GUI set, and the searches it
// started. Commands come in one line at a time (handle); answers go out one line at a time
// (write). Searches run as jobs elsewhere (the worker pool), so handle() never blocks: "isready"
// and "stop" are answered while a search runs.
//
// Decisions the UCI specification leaves open:
// - Every "go" gets exactly one "bestmove", in the order the "go"s came. A "go" while a search
//   runs stops that search first (it answers with its bestmove), then starts the new one.
// - "go infinite" (and "go ponder") hold their bestmove until "stop" (or "ponderhit"), even if the
//   search ends by itself, as the specification requires.
// - "position", "setoption" and "ucinewgame" during a search change what the next "go" uses; the
//   running search keeps its own copy.
// - "go mate n" asks the mate solver for the shortest mate in at most n moves (within the time
//   given, if any). When it proves one, the answer is its key; otherwise the game engine picks a
//   move, within the go's other limits (or one second when there are none).
// - "go ponder" is searched like "go infinite" until "ponderhit" (the opponent played the move
//   pondered on), which stops that search without answering and searches the same position again
//   under the go's own limits (its clock, counted from the ponderhit): the new search starts from
//   the transposition table the pondering filled. "stop" instead (the opponent played another
//   move) answers with the pondering's move, to be ignored by the GUI.
// - A malformed command (bad FEN, illegal move, bad number) is answered with an "info string" that
//   names the problem, and changes nothing; a malformed "go" starts no search. What it quotes from
//   the input goes through quote(): escaped, and only its start when it is long.
// - With OwnBook on and a Book File set, a "go" in a position the book knows answers the book's
//   move at once, without searching (after an "info string book move …"), except "go infinite",
//   "go ponder" and "go mate n", which always search (analysis and mate proofs want the engine).
//   setoption Book File opens the file at once and reports a bad one; the old book then stays.
// - "go searchmoves …" searches only those root moves; one that is not legal makes the go
//   malformed. The book is not used, and "go mate n" proves over every move (the engine's
//   fallback keeps to the list).
// - Threads n > 1 runs n − 1 helper jobs beside each main search (lazy SMP), on one table they
//   all share (a SharedArrayBuffer the session makes); they are stopped when the main search
//   answers. Only the main search is heard, but its nodes and nps count the helpers' nodes too.
// - "quit" stops the running search, and what is owed is still printed, as Stockfish does: the
//   stopped search's bestmove, a readyok asked for before. Nothing after "quit" is read.

import { FenError, STARTING_FEN, makeFen } from '../../chess/fen.ts';
import { NO_MOVE } from '../../chess/move.ts';
import type { Position } from '../../chess/position.ts';
import { IllegalMoveError, playPosition } from '../../chess/replay.ts';
import { hasLegalMoves } from '../../chess/status.ts';
import { WHITE } from '../../chess/types.ts';
import { parseUci } from '../../chess/uci.ts';
import {
  type EngineClient, type MateJobResult, type PlayJob, SharedTable, openBook, searchWithHelpers,
} from '../../engine/index.ts';
import { fallbackMove } from '../../engine/fallback.ts';
import { errorLine, formatCount, quote } from '../../errors.ts';
import { BookError, type PolyglotBook, gamePly } from '../../search/book/index.ts';
import { type SearchLimits, type SearchResult, planTime } from '../../search/play/index.ts';
import { type GoParams, type UciCommand, parseUciCommand } from './commands.ts';
import {
  formatBestMove, formatId, formatInfo, formatInfoString, formatMateFound, formatMateProgress, formatOption,
  formatResultInfo,
} from './format.ts';
import {
  BOOK_FILE_OPTION, HASH_OPTION, MOVE_OVERHEAD_OPTION, OWN_BOOK_OPTION, PONDER_OPTION, THREADS_OPTION, UCI_OPTIONS, type UciOption,
  findOption, parseCheckValue, parseSpinValue, parseStringValue,
} from './options.ts';

export interface UciSessionOptions {
  /** Where the searches run: the session's own engine threads, one per UCI thread. */
  readonly engine: EngineClient;
  /** Writes one output line (without its line ending). */
  readonly write: (line: string) => void;
  /** For "id name", e.g. "chessbot 0.1.0". */
  readonly name: string;
  readonly author: string;
  /** The options' starting values (from the config) and the book; the UCI defaults where absent. */
  readonly setup?: UciEngineSetup;
  /** A number in [0, 1) for the book's weighted choice; Math.random by default. */
  readonly random?: () => number;
  /**
   * Makes `engine` use this many worker threads from now on (setoption Threads), once the jobs
   * already sent have ended. Without it Threads is still accepted, and the helpers' jobs simply
   * wait for a free worker.
   */
  readonly setWorkers?: (count: number) => Promise<void>;
}

/** How the engine starts: what "uci" announces as defaults, and the book. */
export interface UciEngineSetup {
  readonly hashMb?: number;
  /** Threads' starting value; the session's engine client (`engine`) must have as many threads. */
  readonly threads?: number;
  readonly moveOverheadMs?: number;
  /** The opening book opened at start-up; Book File starts as its path. OwnBook still starts off. */
  readonly book?: PolyglotBook | null;
  /** Opens the file of setoption Book File; throws a BookError. Default: openBook, default settings. */
  readonly openBook?: (path: string) => PolyglotBook;
}

/** "go mate n" that proves no mate, with no other limit: the engine then thinks this long. */
export const MATE_FALLBACK_MOVETIME_MS = 1000;
/** A book's path is quoted up to this many characters: more than other input, paths run long. */
const PATH_QUOTE_CHARS = 200;
/** "go: ignored unknown …" names at most this many of the tokens. */
const MAX_IGNORED_NAMED = 5;

interface GamePosition {
  readonly fen: string;
  readonly moves: readonly string[];
  /** The validated position after the moves (the jobs rebuild it from fen and moves). */
  readonly position: Position;
}

interface Search {
  readonly params: GoParams;
  readonly game: GamePosition;
  /** Infinite while pondering; the go's own limits after ponderhit. */
  limits: SearchLimits;
  /** The book to answer from before searching (OwnBook on, and a go that may use it), or null. */
  readonly book: PolyglotBook | null;
  /** go infinite / go ponder (until ponderhit): the bestmove waits for stop. */
  waitsForStop: boolean;
  /** Nothing but stop ends it (no depth, nodes, time or mate length): stopped at end of input. */
  unbounded: boolean;
  stopRequested: boolean;
  /** ponderhit came while the pondering job ran: once it ends, search again under `limits`. */
  searchAgain: boolean;
  /** Stops the job running now, if any. */
  controller: AbortController | null;
  /** The bestmove line of a search that ended before its stop. */
  held: string | null;
  answered: boolean;
  /** Nodes of the last info line printed, to tell whether the final figures add anything. */
  lastInfoNodes: number | null;
}

export class UciSession {
  private readonly options: UciSessionOptions;
  /** The options as "uci" announces them, with the session's starting values as defaults. */
  private readonly announced: readonly UciOption[];
  private hashMb: number;
  private threads: number;
  /** With more than one thread: the table they share. */
  private readonly sharedTable = new SharedTable();
  private moveOverheadMs: number;
  private ownBook = OWN_BOOK_OPTION.default;
  private book: PolyglotBook | null;
  private readonly openBook: (path: string) => PolyglotBook;
  private readonly random: () => number;
  /** The table the worker's engine has (or will have once the jobs sent so far have run): its
   *  size, and the shared table (null: one of its own). */
  private engineHashMb: number | null = null;
  private engineTable: SharedArrayBuffer | null = null;
  /** ucinewgame (or Clear Hash) came since the last job: the next one clears the engine. */
  private newGamePending = false;
  private game: GamePosition;
  /** The latest go that has not answered yet. */
  private search: Search | null = null;
  /** Searches and engine set-ups run one after another: this is the last one queued. */
  private tail: Promise<void> = Promise.resolve();
  private closed = false;
  /** quit came: no more input is taken; what is owed is still answered until close(). */
  private quitting = false;

  constructor(options: UciSessionOptions) {
    this.options = options;
    const engine = options.setup ?? {};
    this.hashMb = engine.hashMb ?? HASH_OPTION.default;
    this.threads = engine.threads ?? THREADS_OPTION.default;
    this.moveOverheadMs = engine.moveOverheadMs ?? MOVE_OVERHEAD_OPTION.default;
    this.book = engine.book ?? null;
    this.openBook = engine.openBook ?? ((path) => openBook(path));
    this.random = options.random ?? Math.random;
    this.announced = UCI_OPTIONS.map((option): UciOption => {
      if (option === HASH_OPTION) return { ...option, default: this.hashMb };
      if (option === THREADS_OPTION) return { ...option, default: this.threads };
      if (option === MOVE_OVERHEAD_OPTION) return { ...option, default: this.moveOverheadMs };
      if (option === BOOK_FILE_OPTION) return { ...option, default: this.book?.source ?? '' };
      return option;
    });
    this.game = { fen: STARTING_FEN, moves: [], position: playPosition(STARTING_FEN, []) };
  }

  /**
   * Handles one input line. Returns "quit" once the session takes no more input (quit was
   * received): the caller then waits for idle() (the answers still owed), briefly, and closes.
   */
  handle(line: string): 'quit' | undefined {
    if (this.closed || this.quitting) return 'quit';
    const command = parseUciCommand(line);
    this.dispatch(command);
    return this.closed || this.quitting ? 'quit' : undefined;
  }

  /**
   * The input ended without "quit": searches that only "stop" would end are stopped, the others
   * finish and answer. Resolves when every search has answered.
   */
  async endOfInput(): Promise<void> {
    const search = this.search;
    if (search && (search.waitsForStop || search.unbounded)) this.stopSearch(search);
    await this.idle();
  }

  /** Ends the session at once: the running search is stopped and nothing more is written. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.search?.controller?.abort();
    this.search = null;
  }

  /** Resolves once every queued search and set-up has finished. */
  async idle(): Promise<void> {
    for (;;) {
      const tail = this.tail;
      await tail;
      if (tail === this.tail) return;
    }
  }

  private dispatch(command: UciCommand): void {
    switch (command.type) {
      case 'uci':
        for (const line of formatId(this.options.name, this.options.author)) this.write(line);
        for (const option of this.announced) this.write(formatOption(option));
        this.write('uciok');
        return;
      case 'isready':
        return this.isReady();
      case 'ucinewgame':
        this.newGamePending = true;
        return;
      case 'setoption':
        return this.setOption(command.name, command.value);
      case 'position':
        return this.setPosition(command.fen, command.moves);
      case 'go':
        return this.go(command.params, command.warnings);
      case 'stop':
        if (this.search) this.stopSearch(this.search);
        return;
      case 'ponderhit':
        if (this.search?.params.ponder) this.ponderHit(this.search);
        return;
      case 'quit':
        this.quitting = true;
        if (this.search) this.stopSearch(this.search);
        return;
      case 'debug':
      case 'register':
      case 'empty':
        return;
      case 'unknown':
        return this.say(`unknown command: ${quote(command.text)}`);
      case 'invalid':
        return this.say(`error: ${command.message}`);
    }
  }

  // ---- isready, setoption, position ----

  private isReady(): void {
    // While searching, at once (UCI requires it); the next search job carries the settings.
    if (this.search) return this.write('readyok');
    const table = this.tableForJobs();
    if (this.engineHashMb !== this.hashMb || this.engineTable !== table || this.newGamePending) {
      // Make, resize or clear the engine's table now, not on the clock of the next go.
      const job = { kind: 'playSetup', hashMb: this.hashMb, newGame: this.newGamePending, ...(table ? { table } : {}) } as const;
      this.engineHashMb = this.hashMb;
      this.engineTable = table;
      this.newGamePending = false;
      this.enqueue(async () => {
        try {
          await this.options.engine.run(job);
        } catch (error) {
          this.say(`error: preparing the engine failed: ${errorLine(error)}`);
        }
        this.write('readyok');
      });
      return;
    }
    this.enqueue(async () => this.write('readyok'));
  }

  private setOption(name: string, value: string | null): void {
    const option = findOption(name);
    if (!option) {
      return this.say(`error: unknown option ${quote(name)} (options: ${UCI_OPTIONS.map((o) => o.name).join(', ')})`);
    }
    if (option.type === 'button') {
      // Clear Hash.
      this.newGamePending = true;
      return;
    }
    if (option.type === 'check') {
      const on = parseCheckValue(option, value);
      if (typeof on === 'string') return this.say(`error: setoption: ${on}`);
      // Ponder only tells whether "go ponder" may come: nothing here depends on it.
      if (option !== PONDER_OPTION) this.ownBook = on;
      return;
    }
    if (option.type === 'string') return this.setBookFile(parseStringValue(value));
    const parsed = parseSpinValue(option, value);
    if (typeof parsed === 'string') return this.say(`error: setoption: ${parsed}`);
    if (option === HASH_OPTION) this.hashMb = parsed;
    else if (option === THREADS_OPTION) this.setThreads(parsed);
    else this.moveOverheadMs = parsed;
  }

  private setThreads(threads: number): void {
    if (threads === this.threads) return;
    this.threads = threads;
    const setWorkers = this.options.setWorkers;
    if (!setWorkers) return;
    // New workers have engines of their own to make: isready (or the next go) sets them up.
    this.engineHashMb = null;
    this.enqueue(() => setWorkers(threads));
  }

  /**
   * The table the search threads share (made, or remade at a new Hash size, here), or null with
   * one thread, whose worker keeps a table of its own.
   */
  private tableForJobs(): SharedArrayBuffer | null {
    return this.threads === 1 ? null : this.sharedTable.at(this.hashMb);
  }

  /** Book File: opens the book now, so a bad file is reported at once; "" means no book. */
  private setBookFile(path: string): void {
    if (path === '') {
      this.book = null;
      return;
    }
    try {
      this.book = this.openBook(path);
    } catch (error) {
      const kept = this.book ? `the book stays ${quotePath(this.book.source)}` : 'no book';
      // A BookError's message starts with the path as given: quoted here instead.
      const why = error instanceof BookError && error.source === path ? `${quotePath(path)}: ${error.problem}` : errorLine(error);
      return this.say(`error: setoption: Book File: ${why}; ${kept}`);
    }
    this.say(`Book File: ${quotePath(this.book.source)} (${this.book.entryCount} entries)`);
  }

  private setPosition(fen: string | null, moves: string[]): void {
    try {
      const text = fen ?? STARTING_FEN;
      this.game = { fen: text, moves, position: playPosition(text, moves) };
    } catch (error) {
      if (error instanceof FenError) return this.say(`error: bad FEN ${quote(fen ?? STARTING_FEN)}: ${error.message}; position unchanged`);
      if (error instanceof IllegalMoveError) return this.say(`error: ${error.message}; position unchanged`);
      throw error;
    }
  }

  // ---- go and stop ----

  private go(params: GoParams, warnings: readonly string[]): void {
    if (warnings.length > 0) {
      const named = warnings.slice(0, MAX_IGNORED_NAMED).map((token) => quote(token)).join(' ');
      const more = warnings.length - MAX_IGNORED_NAMED;
      this.say(`go: ignored unknown ${named}${more > 0 ? ` and ${formatCount(more)} more` : ''}`);
    }
    if (params.searchmoves) {
      const problem = searchMovesProblem(params.searchmoves, this.game.position);
      if (problem !== null) return this.say(`error: go: ${problem}`);
      if (params.mate !== undefined) this.say('go: the mate solver tries every move (searchmoves limits the engine only)');
    }
    if (this.search) this.stopSearch(this.search);
    const limits = this.goLimits(params, this.game.position);
    const waitsForStop = params.infinite || params.ponder;
    // Analysis (infinite, ponder), mate proofs and chosen moves want the engine's answer, not the book's.
    const book = this.ownBook && !waitsForStop && params.mate === undefined && !params.searchmoves ? this.book : null;
    const search: Search = {
      params, game: this.game, limits, book, waitsForStop, unbounded: waitsForStop || !isBounded(limits, params),
      stopRequested: false, searchAgain: false, controller: null, held: null, answered: false, lastInfoNodes: null,
    };
    this.search = search;
    this.enqueue(() => this.runSearch(search));
  }

  /** Stops `search`: its bestmove follows at once if it was held, else as soon as its job ends. */
  private stopSearch(search: Search): void {
    search.stopRequested = true;
    if (search.held !== null) {
      const line = search.held;
      search.held = null;
      this.answer(search, line);
    } else {
      search.controller?.abort();
    }
  }

  private async runSearch(search: Search): Promise<void> {
    let line: string;
    try {
      line = await this.think(search);
    } catch (error) {
      if (this.closed) return;
      this.say(`error: the search failed: ${errorLine(error)}`);
      line = formatBestMove(fallbackMove(search.game.position));
    }
    this.answer(search, line);
  }

  /**
   * The opponent played the move pondered on: the search becomes the go it stood for. A pondering
   * that already ended by itself (a mate, or the only move) has its answer: it is given now.
   */
  private ponderHit(search: Search): void {
    if (search.stopRequested || !search.waitsForStop) return;
    if (search.held !== null) return this.stopSearch(search);
    search.limits = this.goLimits({ ...search.params, ponder: false }, search.game.position);
    search.waitsForStop = search.params.infinite; // "go ponder infinite" stays an analysis
    search.unbounded = !isBounded(search.limits, search.params);
    search.searchAgain = true;
    search.controller?.abort();
  }

  /** Prints the bestmove line once, unless it must wait for stop. */
  private answer(search: Search, line: string): void {
    if (this.closed || search.answered) return;
    if (search.waitsForStop && !search.stopRequested) {
      search.held = line;
      return;
    }
    search.answered = true;
    this.write(line);
    if (this.search === search) this.search = null;
  }

  /** Runs the search's jobs and prints their info lines; resolves to the bestmove line. */
  private async think(search: Search): Promise<string> {
    const { game, params } = search;
    if (!hasLegalMoves(game.position)) {
      this.progress(search, `info depth 0 score ${game.position.inCheck() ? 'mate 0' : 'cp 0'}`);
      return formatBestMove(null);
    }
    if (search.book) {
      const choice = search.book.pick(game.position, gamePly(game.position), this.random);
      if (choice) {
        this.progress(search, formatInfoString(`book move ${choice.uci} (weight ${choice.weight})`));
        return formatBestMove(choice.uci);
      }
    }
    if (params.mate !== undefined && !search.stopRequested) {
      const report = await this.mateSearch(search, params.mate);
      if (report.mateIn !== null) {
        this.progress(search, formatMateFound({ ...report, mateIn: report.mateIn }));
        if (report.keys.length > 1) this.progress(search, formatInfoString(`keys: ${report.keys.join(' ')}`));
        return formatBestMove(report.lineUci[0] ?? report.keys[0] ?? null, report.lineUci[1] ?? null);
      }
      this.progress(search, formatInfoString(report.status === 'no-mate'
        ? `no mate in ${params.mate} or fewer (proven)`
        : `no mate found in time (none in ${report.provenDepth} or fewer, proven)`));
    }
    let result = await this.playSearch(search);
    // After ponderhit the pondering's result is not the answer: the timed search's is.
    while (search.searchAgain && !search.stopRequested) {
      search.lastInfoNodes = null;
      result = await this.playSearch(search);
    }
    if (search.lastInfoNodes !== result.nodes) this.progress(search, formatResultInfo(result));
    return formatBestMove(result.bestMove, result.ponder);
  }

  private mateSearch(search: Search, maxMoves: number): Promise<MateJobResult> {
    const controller = new AbortController();
    search.controller = controller;
    // The go's time (movetime, or a share of the clock) bounds the proof; otherwise only stop does.
    const budget = planTime(search.limits);
    return this.options.engine.run(
      {
        kind: 'mate', fen: makeFen(search.game.position), maxMoves, mode: 'all',
        ...(search.params.nodes !== undefined ? { maxNodes: search.params.nodes } : {}),
      },
      {
        signal: controller.signal,
        ...(budget ? { deadline: Date.now() + budget.softMs } : {}),
        onProgress: (progress) => this.progress(search, formatMateProgress(progress)),
      },
    );
  }

  private playSearch(search: Search): Promise<SearchResult> {
    const { game } = search;
    // This job searches under the limits as they are now: a ponderhit before it has been seen.
    search.searchAgain = false;
    let limits = search.limits;
    if (search.stopRequested) {
      // Stopped before it began (go then stop at once, or during go mate): answer right away.
      limits = { depth: 1 };
    } else if (search.params.mate !== undefined && !limits.infinite && planTime(limits) === null
      && limits.depth === undefined && limits.nodes === undefined) {
      limits = { movetimeMs: MATE_FALLBACK_MOVETIME_MS, moveOverheadMs: 0 };
    }
    const controller = new AbortController();
    search.controller = controller;
    const table = this.tableForJobs();
    const job: PlayJob = {
      kind: 'play', fen: game.fen, moves: [...game.moves], limits, hashMb: this.hashMb, newGame: this.newGamePending, ...(table ? { table } : {}),
    };
    this.engineHashMb = this.hashMb;
    this.engineTable = table;
    this.newGamePending = false;
    return searchWithHelpers(this.options.engine, job, {
      // A search already stopped must still run its quick search (an aborted signal would refuse
      // it), and alone.
      ...(search.stopRequested ? {} : { signal: controller.signal }),
      threads: table === null || search.stopRequested ? 1 : this.threads,
      // The session's threads are its own: a helper waits for one rather than being turned away.
      helpersInBackground: false,
      onProgress: (info) => {
        search.lastInfoNodes = info.nodes;
        this.progress(search, formatInfo(info));
      },
    });
  }

  /** The search limits of a go, for the side to move in `position`. */
  private goLimits(params: GoParams, position: Position): SearchLimits {
    const limits: SearchLimits = { moveOverheadMs: this.moveOverheadMs };
    if (params.infinite || params.ponder) limits.infinite = true;
    if (params.depth !== undefined) limits.depth = params.depth;
    if (params.nodes !== undefined) limits.nodes = params.nodes;
    if (params.movetime !== undefined) limits.movetimeMs = params.movetime;
    if (params.searchmoves) limits.searchMoves = [...params.searchmoves];
    const white = position.turn === WHITE;
    const time = white ? params.wtime : params.btime;
    if (time !== undefined) {
      const increment = (white ? params.winc : params.binc) ?? 0;
      limits.clock = {
        timeMs: Math.max(0, time),
        incrementMs: Math.max(0, increment),
        ...(params.movestogo ? { movesToGo: params.movestogo } : {}),
      };
    }
    return limits;
  }

  // ---- output ----

  /** An info line of a search that has not answered yet. */
  private progress(search: Search, line: string): void {
    if (!search.answered && search.held === null) this.write(line);
  }

  private say(text: string): void {
    this.write(formatInfoString(text));
  }

  private write(line: string): void {
    if (!this.closed) this.options.write(line);
  }

  private enqueue(task: () => Promise<void>): void {
    this.tail = this.tail.then(task).catch((error: unknown) => {
      this.say(`error: ${errorLine(error)}`);
    });
  }
}

/** What is wrong with a go's searchmoves in `position`, or null: each must be a legal move there. */
function searchMovesProblem(moves: readonly string[], position: Position): string | null {
  if (moves.length === 0) return 'searchmoves needs at least one move';
  const illegal = moves.find((move) => parseUci(position, move) === NO_MOVE);
  return illegal === undefined ? null : `searchmoves: illegal move ${quote(illegal)} in ${makeFen(position)}`;
}

/** A book file's path, quoted for a message. */
function quotePath(path: string): string {
  return quote(path, PATH_QUOTE_CHARS);
}

/** Does something besides stop end a search under `limits`: a depth, nodes, a time or a mate length? */
function isBounded(limits: SearchLimits, params: GoParams): boolean {
  return limits.depth !== undefined || limits.nodes !== undefined || limits.movetimeMs !== undefined
    || limits.clock !== undefined || params.mate !== undefined;
}
