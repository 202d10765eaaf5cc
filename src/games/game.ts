// One live game, from its first full state to its end. It owns the session (moves, position,
// clocks), the evaluations so far and the record of what we did in which position, and decides:
// given each new state and the time, it moves on our turn (never twice for one position), answers
// draw offers and takebacks, offers a draw, resigns, aborts a game whose opponent never moves,
// claims the win when they have gone, greets, says goodbye and answers chat commands. It acts
// only through its port (./port.ts): no I/O here, so tests drive it with plain states.

import { WHITE } from '../chess/types.ts';
import type { LichessSettings } from '../config/types.ts';
import { errorLine } from '../errors.ts';
import { GameChat } from './chat.ts';
import type { MoveChoice, MoveChooser } from './chooseMove.ts';
import { ScoreHistory, acceptsDraw, formatScore, offersDraw, resigns } from './decisions.ts';
import type { GameClock, GamePort } from './port.ts';
import type { TablebaseVerdict } from './tablebase.ts';
import type { LogFields, Logger } from '../log.ts';
import { type GameSetup, type GameState, GameSession, type Side } from './session.ts';
import { FirstMoveWatch, VictoryClaim, type WatchContext } from './waits.ts';

export type LiveGameSettings = Pick<
  LichessSettings,
  'draw' | 'resign' | 'ponder' | 'abortAfterSeconds' | 'greeting' | 'goodbye' | 'chatCommands' | 'chatCooldownSeconds'
>;

/** What a game needs of the move chooser (a MoveChooser; a fake in tests). */
export type Chooser = Pick<MoveChooser, 'choose' | 'ponder'>;

export interface LiveGameOptions {
  readonly port: GamePort;
  readonly clock: GameClock;
  readonly chooser: Chooser;
  readonly settings: LiveGameSettings;
  readonly log: Logger;
  /** "chessbot 0.1.0", for !engine. */
  readonly engineName: string;
  /** Spare time before claiming the win (the server counts down in whole seconds). */
  readonly claimMarginMs: number;
}

/** How the game went so far; status and result are null while it is in play. */
export interface GameReport {
  readonly status: string | null;
  readonly result: 'win' | 'loss' | 'draw' | 'aborted' | null;
  readonly movesSent: number;
  readonly movesRejected: number;
  readonly fallbackMoves: number;
}

/** Do not offer a draw more often than once per this many plies. */
const DRAW_OFFER_INTERVAL_PLIES = 20;

/** A search under way, and the position (GameSession.positionNumber) it is for. */
interface Search {
  readonly position: number;
  readonly controller: AbortController;
}

export class LiveGame {
  private readonly history = new ScoreHistory();
  private readonly chat: GameChat;
  private readonly firstMove: FirstMoveWatch;
  private readonly claim: VictoryClaim;
  /** Our last choice and its position: sent again, not searched again, when a send is repeated; and !eval's answer. */
  private lastChoice: { readonly position: number; readonly choice: MoveChoice } | null = null;
  /** Choosing our move, while it lasts. */
  private thinking: Search | null = null;
  /** The last position pondered (the opponent to move): pondered once, stopped when it changes. */
  private pondering: Search | null = null;
  /** The position we sent a move for (or resigned in): never another move for it. */
  private movedIn: number | null = null;
  /** The position whose move may not have been played (no answer, a 429, a refusal): the next full state tells. */
  private unverifiedIn: number | null = null;
  /** Positions whose move the server refused, and how often. */
  private readonly refusals = new Map<number, number>();
  /** The position in which we answered the opponent's draw offer, and the one where we declined a takeback. */
  private drawAnsweredIn: number | null = null;
  private takebackDeclinedIn: number | null = null;
  /**
   * What the tablebase said of the game, from our side, and for which plies: the position our
   * last tablebase move was chosen in, and the one it led to (where a draw offer may come on the
   * opponent's turn). Its verdict overrides the evaluations in the draw and resign decisions.
   */
  private tablebaseVerdict: { readonly plies: readonly number[]; readonly verdict: TablebaseVerdict } | null = null;
  /** The ply at which we last offered a draw. */
  private lastDrawOfferPly = -Infinity;
  /** Whether the game was still in play when we first saw it (else no goodbye: it is old news). */
  private readonly sawLive: boolean;
  private finished = false;
  private stopped = false;
  private movesSent = 0;
  private movesRejected = 0;
  private fallbackMoves = 0;

  private constructor(
    private readonly options: LiveGameOptions,
    private readonly session: GameSession,
  ) {
    const logFields = { game: session.setup.id };
    this.chat = new GameChat(options, session, logFields, () => this.stopped);
    const watches: WatchContext = { ...options, logFields, isLive: () => !this.finished && !this.stopped };
    this.firstMove = new FirstMoveWatch(watches, options.settings.abortAfterSeconds);
    this.claim = new VictoryClaim(watches, options.claimMarginMs);
    this.sawLive = !session.isOver;
  }

  /**
   * Starts a game from its first full state and greets; update() with that state follows. Throws
   * a FenError or IllegalMoveError when the start position or the moves cannot be played.
   */
  static start(options: LiveGameOptions, setup: GameSetup, state: GameState): LiveGame {
    const game = new LiveGame(options, GameSession.start(setup, state, options.clock.now()));
    options.log.info('game started', game.fields({
      color: setup.ourColor === WHITE ? 'white' : 'black', opponent: setup.opponent.name,
      variant: setup.variant, speed: setup.speed, rated: setup.rated, ply: game.session.ply,
    }));
    void game.chat.greet();
    return game;
  }

  get gameId(): string {
    return this.session.setup.id;
  }

  /** Over, said goodbye, and nothing more to do. */
  get isFinished(): boolean {
    return this.finished;
  }

  get report(): GameReport {
    const over = this.session.isOver;
    return {
      status: over ? this.session.status : null,
      result: over ? this.session.result : null,
      movesSent: this.movesSent,
      movesRejected: this.movesRejected,
      fallbackMoves: this.fallbackMoves,
    };
  }

  /** The latest state: a gameState, or (`full`) the one in a gameFull, which starts every (re)opened stream. */
  update(state: GameState, full: boolean): void {
    if (this.finished || this.stopped) return;
    const problem = this.session.update(state, this.options.clock.now());
    if (problem) {
      this.options.log.error('game state does not replay; resynchronising', this.fields({ problem }));
      return this.options.port.resync();
    }
    if (full && this.unverifiedIn !== null) {
      // The fresh full state tells whether the move we could not confirm was played.
      if (this.session.positionNumber === this.unverifiedIn && this.session.isOurTurn) this.movedIn = null;
      this.unverifiedIn = null;
    }
    this.react();
  }

  /** opponentGone: the opponent left (claim the win once the server allows it) or came back. */
  onOpponentGone(gone: boolean, claimWinInSeconds: number | undefined): void {
    this.claim.onOpponentGone(gone, claimWinInSeconds);
  }

  /** A chat line in either room. */
  onChat(username: string, room: string, text: string): void {
    if (this.stopped) return;
    const last = this.lastChoice?.choice;
    this.chat.answer(username, room, text, last?.score ? `${formatScore(last.score)} at depth ${last.depth}` : null);
  }

  /** The game is over, as the server says outside the game's stream (it may come first). */
  markFinished(status: string, winner: Side | null): void {
    if (this.finished) return;
    this.session.markFinished(status, winner);
    this.finish();
  }

  /** Shutdown: stop thinking and waiting, without a goodbye (the game resumes on restart). */
  stop(): void {
    this.stopped = true;
    this.quiet();
  }

  /** The stream has ended for good: finish a game that is over, and stop thinking and waiting. */
  close(): void {
    if (!this.finished && !this.stopped && this.session.isOver) this.finish();
    this.quiet();
  }

  // ---- acting on the latest state ----

  private react(): void {
    const session = this.session;
    if (session.isOver) return this.finish();
    this.declineTakeback();
    this.firstMove.update(session);
    const position = session.positionNumber;
    if (this.thinking && this.thinking.position !== position) this.thinking.controller.abort();
    if (this.pondering && this.pondering.position !== position) this.pondering.controller.abort();
    if (!session.isOurTurn) {
      this.answerDrawOffer();
      this.ponder(position);
      return;
    }
    if (position === this.movedIn || this.thinking?.position === position || this.unverifiedIn !== null) return;
    void this.playMove(position);
  }

  private async playMove(position: number): Promise<void> {
    const { session, options } = this;
    const controller = new AbortController();
    this.thinking = { position, controller };
    try {
      const cached = this.lastChoice?.position === position ? this.lastChoice.choice : null;
      const choice = cached ?? (await options.chooser.choose(session, controller.signal));
      if (!choice || controller.signal.aborted || this.stopped || session.isOver || session.positionNumber !== position) return;
      this.lastChoice = { position, choice };
      if (choice.source === 'fallback' && !cached) {
        this.fallbackMoves++;
        options.log.warn('fallback move', this.fields({ move: choice.uci, why: choice.why }));
      }
      if (choice.score && !cached) this.history.push(choice.score);
      if (choice.tablebase) this.tablebaseVerdict = { plies: [session.ply, session.ply + 1], verdict: choice.tablebase.verdict };
      if (resigns(options.settings, this.history, this.verdictNow())) {
        this.movedIn = position;
        options.log.info('resigning', this.fields({ score: choice.score ? formatScore(choice.score) : undefined }));
        await options.port.resign();
        return;
      }
      await this.sendMove(position, choice.uci, this.drawFlag(), choice.source);
    } catch (error) {
      // A bug here must not take the other games down: log it; the next state (or reconnection) tries again.
      options.log.error('choosing a move failed', this.fields({ why: errorLine(error) }));
    } finally {
      if (this.thinking?.controller === controller) this.thinking = null;
    }
  }

  /** offeringDraw for our move: the answer to the opponent's offer, or our own offer in a dead draw. */
  private drawFlag(): boolean | undefined {
    const { session, options } = this;
    if (session.opponentOffersDraw) return this.decideOnDrawOffer();
    const offering = offersDraw(options.settings, this.history, session.position, this.verdictNow());
    if (session.ply - this.lastDrawOfferPly >= DRAW_OFFER_INTERVAL_PLIES && offering) {
      this.lastDrawOfferPly = session.ply;
      options.log.info('offering a draw', this.fields());
      return true;
    }
    return undefined;
  }

  private async sendMove(position: number, uci: string, offeringDraw: boolean | undefined, source: MoveChoice['source']): Promise<void> {
    const { options } = this;
    // Marked before the request: whatever becomes of it, no second move for this position unless
    // the next full state shows the first one missing.
    this.movedIn = position;
    // Counted now: the state with our move (or the game's end) may come before the answer.
    const ply = this.session.ply + 1;
    const { outcome, why } = await options.port.move(uci, offeringDraw);
    if (outcome === 'sent') {
      this.movesSent++;
      options.log.debug('moved', this.fields({ move: uci, ply, source }));
      return;
    }
    if (this.stopped) return;
    if (outcome === 'rateLimited') {
      // Not played: sent again once the fresh state confirms the position.
      options.log.warn('move rate limited; resynchronising', this.fields({ move: uci }));
      this.unverifiedIn = position;
    } else if (outcome === 'refused') {
      this.movesRejected++;
      const times = (this.refusals.get(position) ?? 0) + 1;
      this.refusals.set(position, times);
      options.log.warn('move refused by Lichess', this.fields({ move: uci, why }));
      // One more try, searched afresh, after resynchronising (the refusal may come from stale
      // state); never a loop.
      if (times === 1) {
        this.lastChoice = null;
        this.unverifiedIn = position;
      }
    } else {
      options.log.warn('move outcome unknown; resynchronising', this.fields({ move: uci, why }));
      this.unverifiedIn = position;
    }
    options.port.resync();
  }

  /**
   * Thinks on the opponent's time (settings.ponder), once per position, in games with a clock:
   * without one the opponent may take days. The chooser keeps it off workers a search needs.
   */
  private ponder(position: number): void {
    const { session, options } = this;
    if (!options.settings.ponder || !session.setup.clock || this.pondering?.position === position || this.stopped) return;
    const controller = new AbortController();
    this.pondering = { position, controller };
    const ply = session.ply;
    void options.chooser.ponder(session, controller.signal).then(
      (depth) => {
        if (depth > 0) options.log.debug('pondered', this.fields({ depth, ply }));
      },
      (error: unknown) => options.log.error('pondering failed', this.fields({ why: errorLine(error) })),
    );
  }

  /** The opponent's draw offer on their turn: answered once per position. */
  private answerDrawOffer(): void {
    const { session, options } = this;
    if (!session.opponentOffersDraw || this.drawAnsweredIn === session.positionNumber) return;
    void options.port.answerDraw(this.decideOnDrawOffer());
  }

  /** Whether we take the opponent's draw offer in this position, noted as answered there. */
  private decideOnDrawOffer(): boolean {
    const { session, options } = this;
    this.drawAnsweredIn = session.positionNumber;
    const accept = acceptsDraw(options.settings, this.history, session.position, this.verdictNow());
    options.log.info(accept ? 'accepting a draw offer' : 'declining a draw offer', this.fields());
    return accept;
  }

  /** The tablebase's verdict on the current position, when it gave one. */
  private verdictNow(): TablebaseVerdict | null {
    const known = this.tablebaseVerdict;
    return known && known.plies.includes(this.session.ply) ? known.verdict : null;
  }

  /** Takebacks are declined, once per position. */
  private declineTakeback(): void {
    const { session, options } = this;
    if (!session.opponentProposesTakeback || this.takebackDeclinedIn === session.positionNumber) return;
    this.takebackDeclinedIn = session.positionNumber;
    options.log.info('declining a takeback', this.fields());
    void options.port.declineTakeback();
  }

  // ---- the end ----

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.quiet();
    const { session, options } = this;
    options.log.info('game over', this.fields({
      status: session.status, result: session.result ?? undefined, opponent: session.setup.opponent.name, plies: session.ply,
    }));
    this.chat.sayGoodbye(this.sawLive);
  }

  /** No more timers, no more searches. */
  private quiet(): void {
    this.firstMove.cancel();
    this.claim.cancel();
    this.thinking?.controller.abort();
    this.pondering?.controller.abort();
  }

  private fields(extra: LogFields = {}): LogFields {
    return { game: this.gameId, ...extra };
  }
}
