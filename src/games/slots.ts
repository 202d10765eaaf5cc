// How many games the bot is committed to: games in progress plus challenges accepted whose game
// has not started yet. One authoritative count keyed by id, so a flood of challenges can never
// take more than the limit, and a game's slot is freed exactly once whichever end signal arrives
// first (final gameState, gameFinish, a dead game stream).

export class GameSlots {
  /** Accepted challenges waiting for their gameStart: id → when accepted (ms). */
  private readonly reserved = new Map<string, number>();
  private readonly active = new Set<string>();
  /** Our own challenges waiting for an answer (matchmaking): they never expire, they are cancelled. */
  private readonly held = new Set<string>();

  constructor(readonly limit: number) {}

  get count(): number {
    return this.reserved.size + this.active.size + this.held.size;
  }

  get activeIds(): readonly string[] {
    return [...this.active];
  }

  get isFull(): boolean {
    return this.count >= this.limit;
  }

  has(id: string): boolean {
    return this.reserved.has(id) || this.active.has(id) || this.held.has(id);
  }

  isActive(id: string): boolean {
    return this.active.has(id);
  }

  /** Takes a slot for a challenge about to be accepted; false (nothing taken) when full or known. */
  reserve(challengeId: string, now: number): boolean {
    if (this.isFull || this.has(challengeId)) return false;
    this.reserved.set(challengeId, now);
    return true;
  }

  /**
   * Takes a slot for a challenge we send (matchmaking), kept until its game starts or it is
   * released (declined, cancelled); false (nothing taken) when full or known.
   */
  hold(id: string): boolean {
    if (this.isFull || this.has(id)) return false;
    this.held.add(id);
    return true;
  }

  /**
   * A game started (its id is its challenge's): its reservation becomes a game. A game we did
   * not reserve for (a restart, a game started elsewhere) is counted too, even beyond the limit:
   * a game in progress must be played.
   */
  activate(gameId: string): void {
    this.reserved.delete(gameId);
    this.held.delete(gameId);
    this.active.add(gameId);
  }

  /** Frees the slot of a game or challenge; false when it held none (already freed). */
  release(id: string): boolean {
    return this.reserved.delete(id) || this.active.delete(id) || this.held.delete(id);
  }

  /** Frees reservations older than `timeoutMs` (the game never started); returns their ids. */
  expire(now: number, timeoutMs: number): string[] {
    const expired: string[] = [];
    for (const [id, since] of this.reserved) {
      if (now - since >= timeoutMs) {
        this.reserved.delete(id);
        expired.push(id);
      }
    }
    return expired;
  }
}
