// The last resort when a search fails or misses its deadline: a depth-1 search in this thread
// (instant), or failing that any legal move. A game in progress must get a move whatever broke.

import { performance } from 'node:perf_hooks';
import { generateLegal } from '../chess/movegen.ts';
import { MAX_MOVES } from '../chess/move.ts';
import type { Position } from '../chess/position.ts';
import { makeUci } from '../chess/uci.ts';
import { Engine } from '../search/play/index.ts';

let quickEngine: Engine | undefined;

/** A legal move in `position` (UCI, king-to-square castling), or null when there is none. */
export function fallbackMove(position: Position): string | null {
  try {
    // A 1 MB table: a depth-1 search needs next to none.
    quickEngine ??= new Engine(1);
    const quick = quickEngine.search(position.clone(), { depth: 1 }, { now: () => performance.now() });
    if (quick.bestMove) return quick.bestMove;
  } catch {
    // A broken engine must not cost the game: any legal move will do.
  }
  const moves = new Int32Array(MAX_MOVES);
  return generateLegal(position, moves, 0) > 0 ? makeUci(position, moves[0]!) : null;
}
