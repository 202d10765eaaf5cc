// Plays one Lichess game to its end: follows its game stream (reopened at once after a drop, and
// resynchronised from the gameFull that every opening starts with), keeps the game's session up
// to date, and acts: moves when it is our turn (never twice for one position), answers draw
// offers and takebacks, aborts a game whose opponent never moves, claims the win when the
// opponent has gone, greets, says goodbye and answers chat commands.

import { BLACK, WHITE } from '../../chess/types.ts';
import type { LichessSettings } from '../../config/types.ts';
import type { MoveChoice, MoveChooser } from '../../games/chooseMove.ts';
import { ScoreHistory, acceptsDraw, formatScore, offersDraw, resigns } from '../../games/decisions.ts';
import { type GameSetup, type GameState, GameSession, type Player, type Side, resolveInitialFen } from '../../games/session.ts';
import type { Logger } from '../log.ts';
import type { Account, LichessApi } from './api.ts';
import { ChatCommands, fillTemplate } from './chat.ts';
import { type GameFullEvent, type GamePlayer, type GameStateEvent, parseGameLine } from './events.ts';
import { StreamFollower, isClientError } from './follow.ts';
import { LichessHttpError, LichessNetworkError, RateLimitedError } from './http.ts';
import { type LichessTimings, backoffMs } from './timing.ts';

export interface GameRunnerOptions {
  readonly gameId: string;
  readonly api: LichessApi;
  readonly me: Account;
  readonly chooser: MoveChooser;
  readonly settings: LichessSettings;
  readonly timings: LichessTimings;
  readonly logger: Logger;
  /** "chessbot 0.1.0", for !engine. */
  readonly engineName: string;
  /** Monotonic ms. */
  readonly now: () => number;
  readonly random?: () => number;
}

/** How a game's runner ended, for the bot's bookkeeping and the soak test's figures. */
export interface GameSummary {
  readonly gameId: string;
  /** Null when the runner was stopped (shutdown) or the game stream refused us. */
  readonly status: string | null;
  readonly result: 'win' | 'loss' | 'draw' | 'aborted' | null;
  readonly movesSent: number;
  readonly movesRejected: number;
  readonly fallbackMoves: number;
  readonly streamReconnects: number;
}

/** Do not offer a draw more often than once per this many plies. */
const DRAW_OFFER_INTERVAL_PLIES = 20;
/** A claim refused by Lichess (its countdown not quite over) is tried again this often ... */
const CLAIM_RETRY_MS = 1_000;
/** ... this many times. */
const CLAIM_ATTEMPTS = 5;

export class GameRunner {
  private readonly follower: StreamFollower;
  private session: GameSession | null = null;
  private readonly history = new ScoreHistory();
  private readonly chat: ChatCommands;
  private lastChoice: (MoveChoice & { key: string }) | null = null;

  /** The position (moves key) we are thinking about, if any. */
  private thinkingKey: string | null = null;
  private thinking: AbortController | null = null;
  /** The position we pondered last (the opponent to move): pondered once, stopped when it changes. */
  private ponderingKey: string | null = null;
  private pondering: AbortController | null = null;
  /** The position we sent a move for: never another move for it. */
  private sentKey: string | null = null;
  /** A move whose fate is unknown (no answer): resend only if the reopened stream shows it missing. */
  private unverifiedKey: string | null = null;
  /** Positions whose move Lichess refused, and how often. */
  private readonly rejections = new Map<string, number>();
  private drawAnsweredKey: string | null = null;
  private takebackAnsweredKey: string | null = null;
  private lastDrawOfferPly = -Infinity;

  private abortTimer: NodeJS.Timeout | null = null;
  private claimTimer: NodeJS.Timeout | null = null;
  /** Whether the current connection has yet to deliver its gameFull (the first line, always). */
  private awaitingFull = true;
  /** A resync put off to spare Lichess (see resync()), and the bookkeeping that spaces them. */
  private resyncTimer: NodeJS.Timeout | null = null;
  private resyncsInRow = 0;
  private lastResyncAt = -Infinity;
  private greeted = false;
  /** Whether the game was still in play when we first saw it (else: no goodbye, it is old news). */
  private sawLive = false;
  private finished = false;
  private stopped = false;
  private movesSent = 0;
  private movesRejected = 0;
  private fallbackMoves = 0;
  private reconnects = 0;

  constructor(private readonly options: GameRunnerOptions) {
    this.chat = new ChatCommands(options.settings.chatCooldownSeconds * 1000, options.now);
    this.follower = new StreamFollower({
      name: 'game stream',
      logFields: { game: options.gameId },
      open: (o) => options.api.streamGame(options.gameId, o),
      onLine: (line) => this.onLine(line),
      isDone: () => this.finished || this.stopped,
      isFatal: isClientError,
      onOpen: (reconnect) => {
        if (reconnect) this.reconnects++;
        this.awaitingFull = true;
      },
      timings: options.timings,
      reopenAtOnce: true,
      logger: options.logger,
      random: options.random,
    });
  }

  get gameId(): string {
    return this.options.gameId;
  }

  /** Plays until the game ends or stop(); resolves with the summary. */
  async run(): Promise<GameSummary> {
    const end = await this.follower.run();
    if (typeof end === 'object') {
      this.options.logger.warn('game stream refused; leaving the game', { game: this.gameId, why: describe(end.fatal) });
    } else if (!this.finished && !this.stopped && this.session?.isOver) {
      this.finish();
    }
    this.clearTimers();
    this.thinking?.abort();
    this.pondering?.abort();
    return this.summary();
  }

  /** Shutdown: stop following and thinking, without a goodbye (the game resumes on restart). */
  stop(): void {
    this.stopped = true;
    this.clearTimers();
    this.thinking?.abort();
    this.pondering?.abort();
    this.follower.stop();
  }

  /** The event stream says the game is over (it may come before the final gameState). */
  markFinished(status: string, winner: Side | null): void {
    if (this.finished) return;
    this.session?.markFinished(status, winner);
    if (this.session) this.finish();
    else {
      this.finished = true;
      this.follower.stop();
    }
  }

  private summary(): GameSummary {
    const over = this.session?.isOver ?? false;
    return {
      gameId: this.gameId,
      status: over ? this.session!.status : null,
      result: over ? this.session!.result : null,
      movesSent: this.movesSent,
      movesRejected: this.movesRejected,
      fallbackMoves: this.fallbackMoves,
      streamReconnects: this.reconnects,
    };
  }

  // ---- the stream ----

  private onLine(line: string): void {
    const parsed = parseGameLine(line);
    if (parsed.kind === 'invalid' && parsed.mayBeEvent) {
      // It may have been the gameFull (without it we have no game) or the state with the
      // opponent's move (without it we never learn it is our turn): a fresh stream starts with a
      // gameFull that tells everything again.
      this.options.logger.warn('bad game event; resynchronising', { game: this.gameId, problem: parsed.problem });
      return this.resync();
    }
    // JSON that names no event type: nothing of ours was lost.
    if (parsed.kind === 'invalid') return this.options.logger.info('bad game line skipped', { game: this.gameId, problem: parsed.problem });
    if (this.awaitingFull && !(parsed.kind === 'event' && parsed.event.type === 'gameFull')) {
      // Lichess always sends gameFull first: if this came first, the gameFull was lost.
      this.options.logger.warn('game stream did not start with gameFull; resynchronising', {
        game: this.gameId, type: parsed.kind === 'event' ? parsed.event.type : parsed.type,
      });
      return this.resync();
    }
    if (parsed.kind === 'unknown') return this.options.logger.info('unknown game event skipped', { game: this.gameId, type: parsed.type });
    const event = parsed.event;
    switch (event.type) {
      case 'gameFull':
        return this.onGameFull(event);
      case 'gameState':
        return this.onState(event, false);
      case 'chatLine':
        return this.onChat(event.username, event.room, event.text);
      case 'opponentGone':
        return this.onOpponentGone(event.gone, event.claimWinInSeconds);
    }
  }

  private onGameFull(event: GameFullEvent): void {
    this.awaitingFull = false;
    if (!this.session) {
      const setup = this.setupFrom(event);
      if (!setup) {
        this.options.logger.error('not a player in this game; leaving it', { game: this.gameId });
        this.finished = true;
        return;
      }
      try {
        this.session = GameSession.start(setup, stateFrom(event.state), this.options.now());
      } catch (error) {
        this.options.logger.error('cannot follow this game', { game: this.gameId, why: describe(error) });
        this.finished = true;
        return;
      }
      this.options.logger.info('game started', {
        game: this.gameId, color: setup.ourColor === WHITE ? 'white' : 'black', opponent: setup.opponent.name,
        variant: setup.variant, speed: setup.speed, rated: setup.rated, ply: this.session.ply,
      });
      this.sawLive = !this.session.isOver;
      void this.greet();
    }
    this.onState(event.state, true);
  }

  private onState(event: GameStateEvent, full: boolean): void {
    const session = this.session;
    if (!session || this.finished) return;
    const problem = session.update(stateFrom(event), this.options.now());
    if (problem) {
      this.options.logger.error('game state does not replay; resynchronising', { game: this.gameId, problem });
      this.resync();
      return;
    }
    if (full && this.unverifiedKey !== null) {
      // The reopened stream tells whether the move we got no answer for arrived.
      if (session.movesKey === this.unverifiedKey && session.isOurTurn) this.sentKey = null;
      this.unverifiedKey = null;
    }
    this.react();
  }

  // ---- acting on the latest state ----

  private react(): void {
    const session = this.session!;
    if (session.isOver) return this.finish();
    this.answerTakeback(session);
    this.watchFirstMove(session);
    const key = session.movesKey;
    if (this.thinkingKey !== null && this.thinkingKey !== key) this.thinking?.abort();
    if (this.ponderingKey !== key) this.pondering?.abort();
    if (!session.isOurTurn) {
      this.answerDrawOffer(session);
      this.ponder(session, key);
      return;
    }
    if (key === this.sentKey || key === this.thinkingKey || this.unverifiedKey !== null) return;
    void this.playMove(key);
  }

  private async playMove(key: string): Promise<void> {
    const session = this.session!;
    this.thinkingKey = key;
    const controller = new AbortController();
    this.thinking = controller;
    try {
      const cached = this.lastChoice?.key === key ? this.lastChoice : null;
      const choice = cached ?? (await this.options.chooser.choose(session, controller.signal));
      if (!choice || controller.signal.aborted || this.stopped || session.isOver || session.movesKey !== key) return;
      this.lastChoice = { ...choice, key };
      if (choice.source === 'fallback' && !cached) {
        this.fallbackMoves++;
        this.options.logger.warn('fallback move', { game: this.gameId, move: choice.uci, why: choice.why });
      }
      if (choice.score && !cached) this.history.push(choice.score);
      if (resigns(this.options.settings, this.history)) {
        this.sentKey = key;
        this.options.logger.info('resigning', { game: this.gameId, score: choice.score ? formatScore(choice.score) : undefined });
        await this.attempt('resign', () => this.options.api.resign(this.gameId));
        return;
      }
      await this.sendMove(key, choice.uci, this.drawFlag(session));
    } catch (error) {
      // A bug here must not take the process down with the other games: log it; the next state
      // (or reconnection) tries again.
      this.options.logger.error('choosing a move failed', { game: this.gameId, why: describe(error) });
    } finally {
      if (this.thinking === controller) {
        this.thinking = null;
        this.thinkingKey = null;
      }
    }
  }

  /**
   * Thinks on the opponent's time (settings.ponder), once per position, in games with a clock:
   * without one the opponent may take days. The chooser keeps it off workers a search needs.
   */
  private ponder(session: GameSession, key: string): void {
    if (!this.options.settings.ponder || !session.setup.clock || key === this.ponderingKey || this.stopped) return;
    const controller = new AbortController();
    this.ponderingKey = key;
    this.pondering = controller;
    const ply = session.ply;
    void this.options.chooser.ponder(session, controller.signal).then(
      (depth) => {
        if (depth > 0) this.options.logger.debug('pondered', { game: this.gameId, depth, ply });
      },
      (error: unknown) => this.options.logger.error('pondering failed', { game: this.gameId, why: describe(error) }),
    );
  }

  /** offeringDraw for the move: answers the opponent's offer, or offers in a dead draw. */
  private drawFlag(session: GameSession): boolean | undefined {
    if (session.opponentOffersDraw) {
      this.drawAnsweredKey = session.movesKey;
      const accept = acceptsDraw(this.options.settings, this.history, session.position);
      this.options.logger.info(accept ? 'accepting a draw offer' : 'declining a draw offer', { game: this.gameId });
      return accept;
    }
    if (session.ply - this.lastDrawOfferPly >= DRAW_OFFER_INTERVAL_PLIES && offersDraw(this.options.settings, this.history, session.position)) {
      this.lastDrawOfferPly = session.ply;
      this.options.logger.info('offering a draw', { game: this.gameId });
      return true;
    }
    return undefined;
  }

  private async sendMove(key: string, uci: string, offeringDraw: boolean | undefined): Promise<void> {
    // Marked before the request: whatever happens to it, no second move for this position
    // unless the stream proves the first one missing.
    this.sentKey = key;
    try {
      await this.options.api.move(this.gameId, uci, offeringDraw);
      this.movesSent++;
      this.options.logger.debug('moved', { game: this.gameId, move: uci, ply: this.session!.ply + 1 });
    } catch (error) {
      if (this.stopped) return;
      if (error instanceof RateLimitedError) {
        // Lichess did not take it: try again once the stream confirms the position.
        this.options.logger.warn('move rate limited; resynchronising', { game: this.gameId, move: uci });
        this.unverifiedKey = key;
      } else if (error instanceof LichessHttpError && error.status < 500) {
        this.movesRejected++;
        const times = (this.rejections.get(key) ?? 0) + 1;
        this.rejections.set(key, times);
        this.options.logger.warn('move refused by Lichess', { game: this.gameId, move: uci, why: error.detail });
        // One more try after resynchronising (the refusal may be stale state); never a loop.
        if (times === 1) {
          this.lastChoice = null;
          this.unverifiedKey = key;
        }
      } else {
        // No answer, or a server error: it may or may not have been played. The reopened stream will tell.
        this.options.logger.warn('move outcome unknown; resynchronising', { game: this.gameId, move: uci, why: describe(error) });
        this.unverifiedKey = key;
      }
      this.resync();
    }
  }

  /**
   * Reopens the game stream: its gameFull resynchronises everything. At once, unless resyncs come
   * in a burst (a server that keeps sending lines we cannot use): then each waits longer, as a
   * reconnect backoff does, so Lichess is not hammered. A quiet spell as long as the stream
   * watchdog starts the count over.
   */
  private resync(): void {
    if (this.resyncTimer || this.finished || this.stopped) return;
    const now = this.options.now();
    if (now - this.lastResyncAt > this.options.timings.streamIdleMs) this.resyncsInRow = 0;
    const wait = this.resyncsInRow === 0 ? 0 : backoffMs(this.resyncsInRow, this.options.timings, this.options.random);
    this.resyncsInRow++;
    this.lastResyncAt = now + wait;
    if (wait === 0) return this.follower.reopen();
    this.resyncTimer = setTimeout(() => {
      this.resyncTimer = null;
      if (!this.finished && !this.stopped) this.follower.reopen();
    }, wait);
  }

  private answerDrawOffer(session: GameSession): void {
    if (!session.opponentOffersDraw || this.drawAnsweredKey === session.movesKey) return;
    this.drawAnsweredKey = session.movesKey;
    const accept = acceptsDraw(this.options.settings, this.history, session.position);
    this.options.logger.info(accept ? 'accepting a draw offer' : 'declining a draw offer', { game: this.gameId });
    void this.attempt('draw', () => this.options.api.draw(this.gameId, accept));
  }

  private answerTakeback(session: GameSession): void {
    if (!session.opponentProposesTakeback || this.takebackAnsweredKey === session.movesKey) return;
    this.takebackAnsweredKey = session.movesKey;
    this.options.logger.info('declining a takeback', { game: this.gameId });
    void this.attempt('takeback', () => this.options.api.takeback(this.gameId, false));
  }

  /**
   * Abort when the opponent has not made their first move in time; only then, and only in games
   * with a clock: a correspondence or unlimited game's first move may take days (Lichess gives
   * it no first-move deadline either).
   *
   * The deadline is abortAfterSeconds, or a second before Lichess would abort the game itself
   * (expiration.millisToMove) if that is sooner, both counted from when the opponent's wait began:
   * expiration.idleMillis says how long ago that was, so a bot restarted mid-wait neither starts a
   * full wait again nor waits past Lichess's deadline. Without expiration the wait counts from
   * when we first saw it. The timer is armed once per wait, so a reopened stream does not move it.
   */
  private watchFirstMove(session: GameSession): void {
    const waiting = session.setup.clock !== null && !session.isOurTurn && !session.hasMoved(session.opponentColor);
    if (!waiting) {
      if (this.abortTimer) clearTimeout(this.abortTimer);
      this.abortTimer = null;
      return;
    }
    if (this.abortTimer) return;
    const { millisToMove, idleMillis } = session.state;
    let deadline = this.options.settings.abortAfterSeconds * 1000;
    if (millisToMove !== null) deadline = Math.min(deadline, millisToMove - 1000);
    const waited = (idleMillis ?? 0) + session.ageMs(this.options.now());
    const delay = Math.max(0, deadline - waited);
    this.abortTimer = setTimeout(() => {
      this.abortTimer = null;
      const now = this.session;
      if (!now || now.isOver || this.stopped || now.isOurTurn || now.hasMoved(now.opponentColor)) return;
      this.options.logger.info('aborting: the opponent did not make a first move', { game: this.gameId });
      void this.attempt('abort', () => this.options.api.abort(this.gameId));
    }, delay);
  }

  private onOpponentGone(gone: boolean, claimWinInSeconds: number | undefined): void {
    if (this.claimTimer) clearTimeout(this.claimTimer);
    this.claimTimer = null;
    if (!gone || this.finished) {
      if (!gone) this.options.logger.info('opponent is back', { game: this.gameId });
      return;
    }
    const waitMs = (claimWinInSeconds ?? 0) * 1000 + this.options.timings.claimMarginMs;
    this.options.logger.info('opponent left', { game: this.gameId, claimInMs: waitMs });
    this.armClaim(waitMs, CLAIM_ATTEMPTS);
  }

  private armClaim(waitMs: number, attemptsLeft: number): void {
    this.claimTimer = setTimeout(async () => {
      this.claimTimer = null;
      if (this.finished || this.stopped) return;
      try {
        await this.options.api.claimVictory(this.gameId);
        this.options.logger.info('claimed the win: the opponent left', { game: this.gameId });
      } catch (error) {
        if (this.finished || this.stopped) return;
        this.options.logger.warn('claiming the win failed', { game: this.gameId, why: describe(error), attemptsLeft: attemptsLeft - 1 });
        if (attemptsLeft > 1 && this.claimTimer === null) this.armClaim(CLAIM_RETRY_MS, attemptsLeft - 1);
      }
    }, waitMs);
  }

  // ---- chat ----

  private async greet(): Promise<void> {
    const session = this.session!;
    const text = fillTemplate(this.options.settings.greeting, this.names(session));
    // A game resumed after a restart is not greeted again: past the first moves, or already in the chat.
    if (!text || session.ply >= 2 || session.isOver) return;
    try {
      const lines = await this.options.api.readChat(this.gameId);
      if (lines.some((line) => line.user.toLowerCase() === this.options.me.id)) return;
    } catch (error) {
      this.options.logger.debug('could not read the chat before greeting', { game: this.gameId, why: describe(error) });
    }
    if (this.greeted || this.stopped) return;
    this.greeted = true;
    await this.say('player', text);
  }

  private onChat(username: string, room: string, text: string): void {
    if (!this.options.settings.chatCommands || username.toLowerCase() === this.options.me.id) return;
    const last = this.lastChoice;
    const evaluation = last?.score ? `${formatScore(last.score)} at depth ${last.depth}` : null;
    const reply = this.chat.answer(text, { evaluation, engine: this.options.engineName });
    if (reply) void this.say(room === 'spectator' ? 'spectator' : 'player', reply);
  }

  private async say(room: 'player' | 'spectator', text: string): Promise<void> {
    await this.attempt('chat', () => this.options.api.chat(this.gameId, room, text));
  }

  private names(session: GameSession): { me: string; opponent: string } {
    return { me: session.setup.us.name, opponent: session.setup.opponent.name };
  }

  // ---- the end ----

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.clearTimers();
    this.thinking?.abort();
    this.pondering?.abort();
    const session = this.session!;
    this.options.logger.info('game over', {
      game: this.gameId, status: session.status, result: session.result ?? undefined, opponent: session.setup.opponent.name,
      plies: session.ply,
    });
    const goodbye = fillTemplate(this.options.settings.goodbye, this.names(session));
    if (goodbye && this.sawLive && session.result !== 'aborted' && !this.stopped) void this.say('player', goodbye);
    this.follower.stop();
  }

  private clearTimers(): void {
    if (this.abortTimer) clearTimeout(this.abortTimer);
    if (this.claimTimer) clearTimeout(this.claimTimer);
    if (this.resyncTimer) clearTimeout(this.resyncTimer);
    this.abortTimer = null;
    this.claimTimer = null;
    this.resyncTimer = null;
  }

  /** Runs a request whose failure is logged, never thrown (chat, draw answers, aborts). */
  private async attempt(what: string, action: () => Promise<void>): Promise<void> {
    try {
      await action();
    } catch (error) {
      if (this.stopped) return;
      const level = error instanceof LichessNetworkError ? 'warn' : 'info';
      this.options.logger[level](`${what} failed`, { game: this.gameId, why: describe(error) });
    }
  }

  private setupFrom(event: GameFullEvent): GameSetup | null {
    const me = this.options.me.id;
    const white = event.white.id?.toLowerCase() === me;
    const black = event.black.id?.toLowerCase() === me;
    if (!white && !black) return null;
    const clock = event.clock ? { initialMs: event.clock.initial, incrementMs: event.clock.increment } : null;
    return {
      id: event.id,
      variant: event.variant.key,
      initialFen: resolveInitialFen(event.initialFen),
      ourColor: white ? WHITE : BLACK,
      us: playerFrom(white ? event.white : event.black),
      opponent: playerFrom(white ? event.black : event.white),
      rated: event.rated ?? false,
      speed: event.speed ?? 'unknown',
      clock,
    };
  }
}

function playerFrom(player: GamePlayer): Player {
  const name = player.name ?? (player.aiLevel !== undefined ? `Stockfish level ${player.aiLevel}` : 'Anonymous');
  return { id: player.id?.toLowerCase() ?? null, name, title: player.title ?? null, rating: player.rating ?? null };
}

function stateFrom(event: GameStateEvent): GameState {
  return {
    moves: event.moves === '' ? [] : event.moves.split(' ').filter((m) => m !== ''),
    wtime: event.wtime,
    btime: event.btime,
    winc: event.winc,
    binc: event.binc,
    status: event.status,
    winner: event.winner ?? null,
    wdraw: event.wdraw === true,
    bdraw: event.bdraw === true,
    wtakeback: event.wtakeback === true,
    btakeback: event.btakeback === true,
    millisToMove: event.expiration?.millisToMove ?? null,
    idleMillis: event.expiration?.idleMillis ?? null,
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
