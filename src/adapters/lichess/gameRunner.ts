// Plays one Lichess game to its end as the Lichess side of a LiveGame (src/games/game.ts): follows
// the game stream (reopened at once after a drop, and resynchronised from the gameFull that every
// opening starts with), turns its events into the game's setup, states, chat lines and absences,
// and carries out what the game asks with the Bot API, translating HTTP failures into outcomes.
// Every decision is the game's; this file talks, keeps time and logs.

import { BLACK, WHITE } from '../../chess/types.ts';
import type { LichessSettings } from '../../config/types.ts';
import { errorLine } from '../../errors.ts';
import { type Chooser, type GameReport, LiveGame } from '../../games/game.ts';
import type { GameClock, GamePort, MoveResult } from '../../games/port.ts';
import { type GameSetup, type GameState, type Player, type Side, resolveInitialFen } from '../../games/session.ts';
import type { Logger } from '../../log.ts';
import type { Account, LichessApi } from './api.ts';
import { type GameFullEvent, type GamePlayer, type GameStateEvent, parseGameLine } from './events.ts';
import { StreamFollower, isClientError } from './follow.ts';
import { LichessHttpError, LichessNetworkError, RateLimitedError } from './http.ts';
import { type LichessTimings, backoffMs } from './timing.ts';

export interface GameRunnerOptions {
  readonly gameId: string;
  readonly api: LichessApi;
  readonly me: Account;
  readonly chooser: Chooser;
  readonly settings: LichessSettings;
  readonly timings: LichessTimings;
  readonly logger: Logger;
  /** "chessbot 0.1.0", for !engine. */
  readonly engineName: string;
  /** Monotonic ms. */
  readonly now: () => number;
  readonly random?: () => number;
}

/**
 * How a game's runner ended, for the bot's bookkeeping and the soak test's figures. Status and
 * result are null when the runner was stopped (shutdown) or the game stream refused us.
 */
export interface GameSummary extends GameReport {
  readonly gameId: string;
  readonly streamReconnects: number;
}

/** The report of a game never started (not ours, unplayable, or stopped before its gameFull). */
const NO_GAME: GameReport = { status: null, result: null, movesSent: 0, movesRejected: 0, fallbackMoves: 0 };

export class GameRunner {
  private readonly follower: StreamFollower;
  /** Null until the first gameFull. */
  private game: LiveGame | null = null;
  /** Whether the current connection has yet to deliver its gameFull (the first line, always). */
  private awaitingFull = true;
  /** No game to follow: not ours, not playable, or over before its first gameFull. */
  private abandoned = false;
  private stopped = false;
  /** A resync put off to spare Lichess (see resync()), and the bookkeeping that spaces them. */
  private resyncTimer: NodeJS.Timeout | null = null;
  private resyncsInRow = 0;
  private lastResyncAt = -Infinity;
  private reconnects = 0;

  constructor(private readonly options: GameRunnerOptions) {
    this.follower = new StreamFollower({
      name: 'game stream',
      logFields: { game: options.gameId },
      open: (o) => options.api.streamGame(options.gameId, o),
      onLine: (line) => this.onLine(line),
      isDone: () => this.isDone(),
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
      this.options.logger.warn('game stream refused; leaving the game', { game: this.gameId, why: errorLine(end.fatal) });
    }
    this.game?.close();
    this.cancelResync();
    return { gameId: this.gameId, ...(this.game?.report ?? NO_GAME), streamReconnects: this.reconnects };
  }

  /** Shutdown: stop following and thinking, without a goodbye (the game resumes on restart). */
  stop(): void {
    this.stopped = true;
    this.cancelResync();
    this.game?.stop();
    this.follower.stop();
  }

  /** The event stream says the game is over (it may come before the final gameState). */
  markFinished(status: string, winner: Side | null): void {
    if (this.game) this.game.markFinished(status, winner);
    else this.abandoned = true;
    this.follower.stop();
  }

  private isDone(): boolean {
    return this.abandoned || this.stopped || (this.game?.isFinished ?? false);
  }

  // ---- the stream ----

  /** One line; once the game is over the follower sees isDone() and stops after it. */
  private onLine(line: string): void {
    const { logger } = this.options;
    const parsed = parseGameLine(line);
    if (parsed.kind === 'invalid' && parsed.mayBeEvent) {
      // It may have been the gameFull (without it we have no game) or the state with the
      // opponent's move (without it we never learn it is our turn): a fresh stream starts with a
      // gameFull that tells everything again.
      logger.warn('bad game event; resynchronising', { game: this.gameId, problem: parsed.problem });
      return this.resync();
    }
    // JSON that names no event type: nothing of ours was lost.
    if (parsed.kind === 'invalid') return logger.info('bad game line skipped', { game: this.gameId, problem: parsed.problem });
    if (this.awaitingFull && !(parsed.kind === 'event' && parsed.event.type === 'gameFull')) {
      // Lichess always sends gameFull first: if this came first, the gameFull was lost.
      logger.warn('game stream did not start with gameFull; resynchronising', {
        game: this.gameId, type: parsed.kind === 'event' ? parsed.event.type : parsed.type,
      });
      return this.resync();
    }
    if (parsed.kind === 'unknown') return logger.info('unknown game event skipped', { game: this.gameId, type: parsed.type });
    const event = parsed.event;
    if (event.type === 'gameFull') return this.onGameFull(event);
    const game = this.game;
    if (!game) return;
    switch (event.type) {
      case 'gameState':
        return game.update(stateFrom(event), false);
      case 'chatLine':
        return game.onChat(event.username, event.room, event.text);
      case 'opponentGone':
        return game.onOpponentGone(event.gone, event.claimWinInSeconds);
    }
  }

  private onGameFull(event: GameFullEvent): void {
    this.awaitingFull = false;
    const game = this.game ?? this.startGame(event);
    game?.update(stateFrom(event.state), true);
  }

  private startGame(event: GameFullEvent): LiveGame | null {
    const { options } = this;
    const setup = setupFrom(event, options.me.id);
    if (!setup) {
      options.logger.error('not a player in this game; leaving it', { game: this.gameId });
      this.abandoned = true;
      return null;
    }
    try {
      this.game = LiveGame.start({
        port: this.port(),
        clock: { now: options.now, setTimer },
        chooser: options.chooser,
        settings: options.settings,
        log: options.logger,
        engineName: options.engineName,
        claimMarginMs: options.timings.claimMarginMs,
      }, setup, stateFrom(event.state));
    } catch (error) {
      options.logger.error('cannot follow this game', { game: this.gameId, why: errorLine(error) });
      this.abandoned = true;
    }
    return this.game;
  }

  /**
   * Reopens the game stream: its gameFull resynchronises everything. At once, unless resyncs come
   * in a burst (a server that keeps sending lines we cannot use): then each waits longer, as a
   * reconnect backoff does, so Lichess is not hammered. A quiet spell as long as the stream
   * watchdog starts the count over.
   */
  private resync(): void {
    if (this.resyncTimer || this.isDone()) return;
    const { timings, random } = this.options;
    const now = this.options.now();
    if (now - this.lastResyncAt > timings.streamIdleMs) this.resyncsInRow = 0;
    const wait = this.resyncsInRow === 0 ? 0 : backoffMs(this.resyncsInRow, timings, random);
    this.resyncsInRow++;
    this.lastResyncAt = now + wait;
    if (wait === 0) return this.follower.reopen();
    this.resyncTimer = setTimeout(() => {
      this.resyncTimer = null;
      if (!this.isDone()) this.follower.reopen();
    }, wait);
  }

  private cancelResync(): void {
    if (this.resyncTimer) clearTimeout(this.resyncTimer);
    this.resyncTimer = null;
  }

  // ---- the game's requests ----

  private port(): GamePort {
    const { api, gameId } = this.options;
    return {
      move: (uci, offeringDraw) => this.move(uci, offeringDraw),
      resign: () => this.attempt('resign', () => api.resign(gameId)),
      answerDraw: (accept) => this.attempt('draw', () => api.draw(gameId, accept)),
      declineTakeback: () => this.attempt('takeback', () => api.takeback(gameId, false)),
      abort: () => this.attempt('abort', () => api.abort(gameId)),
      say: (room, text) => this.attempt('chat', () => api.chat(gameId, room, text)),
      claimVictory: () => api.claimVictory(gameId),
      readChatAuthors: async () => (await api.readChat(gameId)).map((line) => line.user),
      resync: () => this.resync(),
    };
  }

  private async move(uci: string, offeringDraw: boolean | undefined): Promise<MoveResult> {
    try {
      await this.options.api.move(this.gameId, uci, offeringDraw);
      return { outcome: 'sent' };
    } catch (error) {
      // A 429 outlasting the HTTP client's retries was not played; any other 4xx is a refusal; no
      // answer or a 5xx leaves it unknown.
      if (error instanceof RateLimitedError) return { outcome: 'rateLimited', why: errorLine(error) };
      if (error instanceof LichessHttpError && error.status < 500) return { outcome: 'refused', why: error.detail };
      return { outcome: 'unknown', why: errorLine(error) };
    }
  }

  /** Runs a request whose failure is logged, never thrown (chat, draw answers, aborts). */
  private async attempt(what: string, action: () => Promise<void>): Promise<void> {
    try {
      await action();
    } catch (error) {
      if (this.stopped) return;
      const level = error instanceof LichessNetworkError ? 'warn' : 'info';
      this.options.logger[level](`${what} failed`, { game: this.gameId, why: errorLine(error) });
    }
  }
}

/** The game's timers: real ones. */
const setTimer: GameClock['setTimer'] = (ms, fn) => {
  const timer = setTimeout(fn, ms);
  return () => clearTimeout(timer);
};

/** The game's fixed facts from a gameFull, or null when `me` plays neither side. */
function setupFrom(event: GameFullEvent, me: string): GameSetup | null {
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
