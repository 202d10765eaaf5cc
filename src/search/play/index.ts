// The game engine's public face: an Engine that keeps its transposition table between moves.

export { Engine, MATE, MATE_BOUND, type SearchHooks } from './search.ts';
export { DEFAULT_MOVE_OVERHEAD_MS, planTime, type TimeBudget } from './timeman.ts';
export type { Score, SearchInfo, SearchLimits, SearchResult } from './types.ts';
export { TranspositionTable } from './tt.ts';
