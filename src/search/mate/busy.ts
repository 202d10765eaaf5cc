// Which moves the threads solving one problem together are searching right now (simplified
// ABDADA, Kerrigan): before a thread searches a move that is not its node's first, it looks
// here, and if another thread is already on it, it takes the node's other moves first and comes
// back to it last, when the table most likely holds its proof. So the threads spread over the
// moves of a node instead of all proving the same one, with no split points and no locks.
//
// A slot holds a 32-bit key of (position, move); a collision or a lost write only changes the
// order some thread tries its moves in, never an answer (the table holds the proofs).

const FIBONACCI = 0x9e3779b1 | 0;

/** Which moves some thread is searching in which positions (by their hash). */
export interface BusyMarks {
  /** Whether some thread is searching `move` in the position with this hash. */
  isBusy(hi: number, lo: number, move: number): boolean;
  /** This thread starts searching `move` here. */
  enter(hi: number, lo: number, move: number): void;
  /** This thread is done with `move` here. */
  leave(hi: number, lo: number, move: number): void;
}

/** The marks in a SharedArrayBuffer that every thread of the problem sees. */
export class BusyMoves implements BusyMarks {
  private readonly slots: Int32Array;
  private readonly mask: number;

  constructor(buffer: SharedArrayBuffer) {
    this.slots = new Int32Array(buffer);
    this.mask = this.slots.length - 1;
  }

  private slot(lo: number, move: number): number {
    return (lo ^ Math.imul(move, FIBONACCI)) & this.mask;
  }

  /** Whether some thread is searching `move` in the position with this hash. */
  isBusy(hi: number, lo: number, move: number): boolean {
    return this.slots[this.slot(lo, move)] === (hi ^ move);
  }

  /** This thread starts searching `move` here. */
  enter(hi: number, lo: number, move: number): void {
    this.slots[this.slot(lo, move)] = hi ^ move;
  }

  /** This thread is done with `move` here (unless another thread has taken the slot since). */
  leave(hi: number, lo: number, move: number): void {
    const slot = this.slot(lo, move);
    if (this.slots[slot] === (hi ^ move)) this.slots[slot] = 0;
  }
}

/** Room for 2^bits busy moves, shared by the threads of one problem. */
export function sharedBusyMoves(bits = 16): SharedArrayBuffer {
  return new SharedArrayBuffer(4 << bits);
}

/** Forgets every mark (a stopped search leaves some behind); only while no thread uses it. */
export function clearBusyMoves(buffer: SharedArrayBuffer): void {
  new Int32Array(buffer).fill(0);
}
