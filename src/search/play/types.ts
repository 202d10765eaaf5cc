// What the game engine is asked and what it reports: plain values, so they cross worker threads.

/** How long to think. With none of these set, the search runs until stopped. */
export interface SearchLimits {
  depth?: number;
  nodes?: number;
  /** Think exactly this long (minus the move overhead). */
  movetimeMs?: number;
  /** The clock of the side to move, as in UCI's wtime/winc/movestogo. */
  clock?: { timeMs: number; incrementMs: number; movesToGo?: number };
  /** Time lost per move outside the engine (network, GUI): kept in reserve. */
  moveOverheadMs?: number;
  /** Search until stopped, whatever else is set (UCI "go infinite"). */
  infinite?: boolean;
  /**
   * This search helps a main search on a shared table (UCI Threads): helper n of them, from 1.
   * It begins its iterations n plies deeper, to fill the table with results ahead of the main
   * search, and leaves the table's age to the main search.
   */
  helper?: number;
  /** Only these root moves, in UCI (UCI "go searchmoves"); ones not legal here are left out, and
   *  when none is legal every move is searched. */
  searchMoves?: string[];
}

export type Score = { cp: number } | { mate: number };

/** Sent after each completed iteration (and on a new best move within one). */
export interface SearchInfo {
  depth: number;
  seldepth: number;
  score: Score;
  nodes: number;
  timeMs: number;
  nps: number;
  /** The principal variation in UCI. */
  pv: string[];
  /** Permille of the transposition table in use. */
  hashfull: number;
}

export interface SearchResult {
  /** In UCI; null only when the side to move has no legal move. */
  bestMove: string | null;
  ponder: string | null;
  score: Score;
  depth: number;
  nodes: number;
  timeMs: number;
  pv: string[];
}
