// The scripted side of a fake game: plays moves from a list, a function or at random (seeded),
// or never; answers draw offers and takeback proposals; goes away and comes back; and gives tests
// direct control (move, offer a draw, resign, abort, chat).
import type { FakeGame } from './game.ts';
import type { Color, FakeUser, MoveChooser, OpponentHandle, OpponentSpec, OpponentView } from './types.ts';

export interface ScriptDefaults {
  thinkMs: number;
  random: () => number;
}

export class ScriptedOpponent implements OpponentHandle {
  private spec: OpponentSpec;
  private listIndex = 0;
  private timer: NodeJS.Timeout | undefined;
  /** the ply a move is being prepared for (-1: none) */
  private preparing = -1;
  private answerTimer: NodeJS.Timeout | undefined;
  private isGone = false;

  constructor(
    private readonly game: FakeGame,
    readonly color: Color,
    spec: OpponentSpec,
    private readonly defaults: ScriptDefaults,
  ) {
    this.spec = { ...spec };
  }

  get user(): FakeUser {
    return this.game.userOf(this.color);
  }

  get gone(): boolean {
    return this.isGone;
  }

  // ---- test control

  move(uci: string, options: { offeringDraw?: boolean } = {}): void {
    const error = this.game.move(this.color, uci, 'script', options.offeringDraw);
    if (error) throw new Error(`opponent ${this.color} ${uci}: ${error}`);
  }

  play(spec: OpponentSpec): void {
    this.spec = { ...this.spec, ...spec };
    if (spec.moves !== undefined) this.listIndex = 0;
    this.cancel();
    this.wake();
  }

  neverMove(): void {
    this.play({ moves: 'never' });
  }

  offerDraw(): void {
    this.game.draw(this.color, true, 'script');
  }

  acceptDraw(): void {
    this.game.draw(this.color, true, 'script');
  }

  declineDraw(): void {
    this.game.draw(this.color, false, 'script');
  }

  proposeTakeback(): void {
    this.game.takeback(this.color, true);
  }

  resign(): void {
    const error = this.game.resignBy(this.color);
    if (error) throw new Error(`opponent resign: ${error}`);
  }

  abort(): void {
    const error = this.game.abortBy(this.color);
    if (error) throw new Error(`opponent abort: ${error}`);
  }

  chat(text: string, room: 'player' | 'spectator' = 'player'): void {
    this.game.say(this.user, room, text, 'script');
  }

  goAway(options: { claimInSeconds?: number } = {}): void {
    this.isGone = true;
    this.cancel();
    this.game.setGone(this.color, options.claimInSeconds ?? 10);
  }

  comeBack(): void {
    if (!this.isGone) return;
    this.isGone = false;
    this.game.setBack(this.color);
    this.wake();
  }

  // ---- driven by the game

  /** Called after every change of the game: prepare a move when it is our turn. */
  wake(): void {
    const game = this.game;
    if (game.isOver) return this.cancel();
    // an offer is answered before the next move (a move would decline it)
    if (this.isGone || this.answerTimer || game.turn !== this.color) return;
    const ply = game.moves.length;
    if (this.preparing === ply) return;
    const chooser = this.chooser();
    if (!chooser) return;
    this.cancel();
    this.preparing = ply;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.think(ply, chooser);
    }, this.thinkMs());
  }

  /** The other side offered a draw (or proposed a takeback). */
  offered(kind: 'draw' | 'takeback'): void {
    const answer = kind === 'draw' ? (this.spec.onDrawOffer ?? 'decline') : (this.spec.onTakeback ?? 'decline');
    if (answer === 'ignore' || this.isGone) return;
    if (this.answerTimer) clearTimeout(this.answerTimer);
    this.cancel();
    this.answerTimer = setTimeout(() => {
      this.answerTimer = undefined;
      if (this.game.isOver) return;
      if (kind === 'draw') this.game.draw(this.color, answer === 'accept', 'script');
      else this.game.takeback(this.color, answer === 'accept');
      this.wake();
    }, this.thinkMs());
  }

  /** Stop all timers (game over, server closing). */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.preparing = -1;
    if (this.game.isOver && this.answerTimer) {
      clearTimeout(this.answerTimer);
      this.answerTimer = undefined;
    }
  }

  /** Stop everything for good (server closing). */
  dispose(): void {
    this.cancel();
    if (this.answerTimer) clearTimeout(this.answerTimer);
    this.answerTimer = undefined;
  }

  private thinkMs(): number {
    return this.spec.thinkMs ?? this.defaults.thinkMs;
  }

  private chooser(): MoveChooser | undefined {
    const moves = this.spec.moves ?? 'random';
    if (moves === 'never') return undefined;
    if (moves === 'random') return (view) => view.legalMoves[Math.floor(view.random() * view.legalMoves.length)];
    if (typeof moves === 'function') return moves;
    if (this.listIndex < moves.length) return () => moves[this.listIndex];
    const done = this.spec.whenDone ?? 'stop';
    if (done === 'random') {
      this.spec = { ...this.spec, moves: 'random' };
      return this.chooser();
    }
    if (done === 'resign') return () => 'resign';
    return undefined;
  }

  private async think(ply: number, chooser: MoveChooser): Promise<void> {
    const game = this.game;
    const view: OpponentView = {
      gameId: game.id,
      color: this.color,
      fen: game.fen,
      moves: [...game.moves],
      legalMoves: game.legalMoves(),
      ...game.clock(),
      random: this.defaults.random,
    };
    let uci: string | null | undefined;
    try {
      uci = await chooser(view);
    } catch (error) {
      game.reject('script-move', this.user.id, 'chooser', String(error));
      return;
    }
    // the position may have moved on while an async chooser ran
    if (game.isOver || this.isGone || game.moves.length !== ply || game.turn !== this.color) return;
    this.preparing = -1;
    if (uci === null || uci === undefined) return;
    if (uci === 'resign') {
      game.resignBy(this.color);
      return;
    }
    const listed = Array.isArray(this.spec.moves);
    const error = game.move(this.color, uci, 'script');
    if (error) {
      // a scripted move the rules refuse is a bug in the test: record it and stop moving
      game.reject('script-move', this.user.id, uci, error);
      this.spec = { ...this.spec, moves: 'never' };
      return;
    }
    if (listed) this.listIndex++;
  }
}
