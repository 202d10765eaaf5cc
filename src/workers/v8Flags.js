// V8's inlining budget, raised for the game search. The search's hot functions (negamax, the
// quiescence search, the move picker) are larger than V8's default budgets let it inline into
// (460 bytes of bytecode per function, 920 per optimisation): with these the warm `chessbot
// bench` runs about 10% more nodes a second as it runs here, through tsx (4% bundled by esbuild;
// medians of eight runs each), at the price of slower compilation in the first second. Plain
// JavaScript, loaded first by bin/chessbot.js and by every worker thread (bootstrap.js), before
// any search code is compiled.
// V8's flags belong to the process, so every thread gets them from whichever sets them first.

import { setFlagsFromString } from 'node:v8';

export const SEARCH_V8_FLAGS = ['--max-inlined-bytecode-size=800', '--max-inlined-bytecode-size-cumulative=4000'];

/** Sets SEARCH_V8_FLAGS in this process; harmless to repeat. */
export function raiseInliningBudget() {
  for (const flag of SEARCH_V8_FLAGS) setFlagsFromString(flag);
}
