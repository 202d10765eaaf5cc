// Types of v8Flags.js (plain JavaScript: the launchers use it before TypeScript can be loaded).

/** V8's inlining budget, raised for the game search. */
export const SEARCH_V8_FLAGS: readonly string[];

/** Sets SEARCH_V8_FLAGS in this process; harmless to repeat. */
export function raiseInliningBudget(): void;
