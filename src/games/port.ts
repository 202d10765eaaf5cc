// What a live game needs from outside, declared here and implemented by whoever carries its
// answers out (the Lichess game runner; a fake in tests): the requests it makes of the server,
// the clock and the timers it waits on, and the log it writes its decisions to.

/** The two chat rooms of a game. */
export type ChatRoom = 'player' | 'spectator';

/**
 * What became of a move sent: taken; refused for now by a 429 (not played); refused by the server
 * (a 4xx: not our turn, or illegal as the server sees it); or unknown (no answer, a server
 * error: it may or may not have been played).
 */
export type MoveOutcome = 'sent' | 'rateLimited' | 'refused' | 'unknown';

export interface MoveResult {
  readonly outcome: MoveOutcome;
  /** Why it was not sent, in one line (for the log). */
  readonly why?: string;
}

/** The requests a game makes. */
export interface GamePort {
  /** Sends our move; `offeringDraw` true offers a draw or accepts theirs, false declines theirs. Never rejects. */
  move(uci: string, offeringDraw: boolean | undefined): Promise<MoveResult>;
  /** These five never reject: a failure is the port's to log (nothing in the game depends on it). */
  resign(): Promise<void>;
  answerDraw(accept: boolean): Promise<void>;
  declineTakeback(): Promise<void>;
  abort(): Promise<void>;
  say(room: ChatRoom, text: string): Promise<void>;
  /** Claims the win after the opponent left; rejects when the server refuses (or does not answer). */
  claimVictory(): Promise<void>;
  /** The names of those who have written in the player chat so far; rejects when it cannot be read. */
  readChatAuthors(): Promise<readonly string[]>;
  /** Asks for the game's whole state again: a fresh full update comes (the stream is reopened). */
  resync(): void;
}

/** Time, injected: the game never reads a clock or starts a timer of its own. */
export interface GameClock {
  /** Monotonic ms. */
  now(): number;
  /** Calls `fn` once after `ms`; the function returned cancels it. */
  setTimer(ms: number, fn: () => void): () => void;
}
