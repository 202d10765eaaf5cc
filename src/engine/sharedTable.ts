// A transposition table that several searches share through a SharedArrayBuffer: the threads of
// one search (UCI Threads), or every search of one Lichess game (its moves, its pondering and
// their helpers), whichever worker runs each. What one search finds, the next finds in the table.

import { TranspositionTable } from '../search/play/tt.ts';

export class SharedTable {
  #buffer: SharedArrayBuffer | null = null;
  #hashMb = 0;

  /** The table at `hashMb` megabytes: made on first use, and made anew (empty) when the size changes. */
  at(hashMb: number): SharedArrayBuffer {
    if (this.#buffer === null || this.#hashMb !== hashMb) {
      this.#buffer = TranspositionTable.sharedBuffer(hashMb);
      this.#hashMb = hashMb;
    }
    return this.#buffer;
  }
}
