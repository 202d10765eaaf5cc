// One game on the fake Lichess: position and legality (rules.ts), clocks (clock.ts), draw and
// takeback offers, an opponent who can go away, chat, lila's preconditions and error strings for
// each action, first-move and flag timers, the end of the game, and the JSON views of it
// (gameFull, gameState, gameStart/gameFinish, /api/account/playing).
import type { components } from '@lichess-org/types';
import { GameClock, NO_CLOCK_MS } from './clock.ts';
import {
  gamePlayerJson,
  opponentJson,
  otherColor,
  perfKey,
  perfName,
  speedOf,
  statusJson,
  variantJson,
  variantJsonShort,
} from './json.ts';
import { ScriptedOpponent } from './opponent.ts';
import { GameRules, initialFenOf, type Ending } from './rules.ts';
import type {
  CastlingNotation,
  ChatRecord,
  Color,
  FakeUser,
  GameHandle,
  GameResult,
  GameStatusName,
  MoveRecord,
  OpponentSpec,
  RejectedAction,
  Speed,
  VariantKey,
} from './types.ts';

type S = components['schemas'];

/** What a game needs from the server around it. */
export interface GameHost {
  now(): number;
  /** a seeded random source of its own for each game, so games do not disturb each other */
  randomFor(gameId: string): () => number;
  /** first-move deadline override, ms */
  readonly firstMoveMs: number | undefined;
  readonly flagGraceMs: number;
  readonly expiration: boolean;
  readonly thinkMs: number;
  readonly finishOrder: 'stateFirst' | 'finishFirst';
  /** queue a line on this game's streams whose owner plays a colour accepted by `to` */
  pushGame(gameId: string, line: object, to?: (color: Color) => boolean): void;
  /** end this game's streams once their queued lines are out */
  endGameStreams(gameId: string): void;
  pushEvent(userId: string, line: object): void;
  changed(): void;
}

export interface GameInit {
  id: string;
  white: FakeUser;
  black: FakeUser;
  botColor: Color;
  variant: VariantKey;
  fen: string | undefined;
  clock: { initial: number; increment: number } | null;
  daysPerTurn: number | undefined;
  speed: Speed | undefined;
  rated: boolean;
  source: S['GameSource'];
  castling: CastlingNotation;
  createdAt: number;
  moves: readonly string[];
  wtime?: number;
  btime?: number;
  opponent: OpponentSpec;
  /** 4-character player ids that make the fullIds */
  playerIds: { white: string; black: string };
}

const FIRST_MOVE_MS: Partial<Record<Speed, number>> = {
  ultraBullet: 15_000,
  bullet: 20_000,
  blitz: 25_000,
  rapid: 30_000,
  classical: 35_000,
};

const NOT_YOUR_TURN = 'Not your turn, or game already over';

export class FakeGame implements GameHandle {
  readonly id: string;
  readonly white: FakeUser;
  readonly black: FakeUser;
  readonly botColor: Color;
  readonly variant: VariantKey;
  readonly speed: Speed;
  readonly rated: boolean;
  readonly initialFen: string;
  readonly source: S['GameSource'];
  readonly createdAt: number;
  readonly daysPerTurn: number | undefined;
  readonly opponent: ScriptedOpponent;
  readonly moveLog: MoveRecord[] = [];
  readonly chat: ChatRecord[] = [];
  readonly rejected: RejectedAction[] = [];
  readonly drawOffer = { white: false, black: false };
  readonly takebackOffer = { white: false, black: false };
  private readonly init: GameInit;
  private rules: GameRules;
  private readonly movesPlayed: string[] = [];
  private readonly timeControl: GameClock | undefined;
  private statusName: GameStatusName = 'started';
  private winnerColor: Color | undefined;
  /** performance time of the last move, or of the start */
  private lastMoveAt: number;
  private firstMoveTimer: NodeJS.Timeout | undefined;
  private flagTimer: NodeJS.Timeout | undefined;
  private goneState: { color: Color; since: number; claimMs: number; ticker: NodeJS.Timeout | undefined } | undefined;
  private readonly endListeners: Array<(result: GameResult) => void> = [];
  private readonly plyListeners: Array<() => void> = [];

  constructor(
    init: GameInit,
    private readonly host: GameHost,
  ) {
    this.init = init;
    this.id = init.id;
    this.white = init.white;
    this.black = init.black;
    this.botColor = init.botColor;
    this.variant = init.variant;
    this.rated = init.rated;
    this.source = init.source;
    this.createdAt = init.createdAt;
    this.daysPerTurn = init.daysPerTurn;
    this.initialFen = initialFenOf(init.fen);
    this.rules = new GameRules(init.variant, init.fen, init.castling);
    this.speed = init.speed ?? (init.clock ? speedOf(init.clock.initial / 1000, init.clock.increment / 1000) : 'correspondence');
    this.timeControl = init.clock
      ? new GameClock(init.clock.initial, init.clock.increment, () => host.now(), { wtime: init.wtime, btime: init.btime })
      : undefined;
    for (const uci of init.moves) {
      const check = this.rules.check(uci);
      if (!check.ok) throw new Error(`startGame ${init.id}: move ${uci}: ${check.error}`);
      this.rules.play(check.move);
      this.movesPlayed.push(check.emitted);
    }
    this.lastMoveAt = host.now();
    if (this.rules.plies >= 2 && this.timeControl) this.timeControl.start(this.rules.turn);
    this.opponent = new ScriptedOpponent(this, otherColor(init.botColor), init.opponent, {
      thinkMs: host.thinkMs,
      random: host.randomFor(init.id),
    });
  }

  /** Start timers and the opponent script (after the server has registered the game). */
  begin(): void {
    const ending = this.rules.ending();
    if (ending) return this.end(ending.status, ending.winner);
    this.schedule();
    this.opponent.wake();
  }

  // ---- GameHandle

  get moves(): readonly string[] {
    return this.movesPlayed;
  }
  get fen(): string {
    return this.rules.fen;
  }
  get turn(): Color {
    return this.rules.turn;
  }
  get status(): GameStatusName {
    return this.statusName;
  }
  get winner(): Color | undefined {
    return this.winnerColor;
  }
  get isOver(): boolean {
    return this.statusName !== 'started' && this.statusName !== 'created';
  }
  get fullIds(): { white: string; black: string } {
    return { white: this.id + this.init.playerIds.white, black: this.id + this.init.playerIds.black };
  }

  clock(): { wtime: number; btime: number } {
    if (this.timeControl) return this.timeControl.snapshot();
    const corr = this.daysPerTurn ? this.daysPerTurn * 86_400_000 : NO_CLOCK_MS;
    return { wtime: corr, btime: corr };
  }

  ended(): Promise<GameResult> {
    if (this.isOver) return Promise.resolve({ status: this.statusName, winner: this.winnerColor });
    return new Promise((resolve) => this.endListeners.push(resolve));
  }

  waitForPly(plies: number, timeoutMs = 10_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`game ${this.id}: ${plies} plies not reached in ${timeoutMs} ms (at ${this.movesPlayed.length})`)), timeoutMs);
      const done = (error?: Error) => {
        const index = this.plyListeners.indexOf(check);
        if (index >= 0) this.plyListeners.splice(index, 1);
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
      const check = () => {
        if (this.movesPlayed.length >= plies) done();
        else if (this.isOver) done(new Error(`game ${this.id} ended (${this.statusName}) at ${this.movesPlayed.length} plies, before ${plies}`));
      };
      this.plyListeners.push(check);
      check();
    });
  }

  legalMoves(): string[] {
    return this.isOver ? [] : this.rules.legalMoves();
  }

  userOf(color: Color): FakeUser {
    return color === 'white' ? this.white : this.black;
  }

  /** The colour `userId` plays (white first when a user plays both sides). */
  colorOf(userId: string): Color | undefined {
    if (this.white.id === userId) return 'white';
    if (this.black.id === userId) return 'black';
    return undefined;
  }

  // ---- actions: each returns undefined on success or lila's error text

  move(color: Color, uci: string, via: 'api' | 'script', offeringDraw?: boolean): string | undefined {
    const user = this.userOf(color);
    const reject = (error: string) => {
      this.reject('move', user.id, uci, error);
      return error;
    };
    const check = this.rules.check(uci);
    if (!check.ok && check.error.startsWith('Invalid UCI')) return reject(check.error);
    if (this.isOver || this.turn !== color) return reject(NOT_YOUR_TURN);
    const other = otherColor(color);
    if (offeringDraw === false && this.drawOffer[other]) this.setDrawOffer(other, false);
    if (offeringDraw === true) {
      if (this.drawOffer[other]) {
        // agreeing to the opponent's offer ends the game before the move
        this.end('draw', undefined);
        return undefined;
      }
      if (this.drawable) this.setDrawOffer(color, true, true);
    }
    if (this.timeControl && this.timeControl.runningFor === color && this.timeControl.remainingNow(color) + this.host.flagGraceMs <= 0) {
      this.flag();
      return reject(NOT_YOUR_TURN);
    }
    if (!check.ok) return reject(check.error);
    this.rules.play(check.move);
    this.movesPlayed.push(check.emitted);
    const now = this.host.now();
    this.lastMoveAt = now;
    if (this.timeControl) {
      if (this.timeControl.runningFor) this.timeControl.moved(color);
      else if (this.rules.plies >= 2) this.timeControl.start(this.rules.turn);
    }
    this.moveLog.push({
      ply: this.movesPlayed.length,
      color,
      userId: user.id,
      uci,
      emitted: check.emitted,
      via,
      at: now,
      remainingMs: this.timeControl ? Math.round(this.timeControl.remainingNow(color)) : undefined,
      offeringDraw: offeringDraw === true,
    });
    // moving declines the opponent's draw offer and withdraws takeback proposals
    this.drawOffer[other] = false;
    this.takebackOffer.white = false;
    this.takebackOffer.black = false;
    const ending: Ending | undefined = this.rules.ending();
    if (ending) {
      this.end(ending.status, ending.winner);
      return undefined;
    }
    this.pushState();
    this.schedule();
    this.afterChange();
    if (this.drawOffer[color]) this.scriptOf(other)?.offered('draw');
    return undefined;
  }

  /** `/draw/yes|no`: offer or accept (yes), or decline (no); silently nothing when not applicable. */
  draw(color: Color, yes: boolean, _via: 'api' | 'script'): void {
    if (this.isOver) return;
    const other = otherColor(color);
    if (yes) {
      if (this.drawOffer[other]) return this.end('draw', undefined);
      if (!this.drawable || this.drawOffer[color]) return;
      this.setDrawOffer(color, true);
      this.scriptOf(other)?.offered('draw');
    } else if (this.drawOffer[other]) {
      this.setDrawOffer(other, false);
    }
  }

  /** `/takeback/yes|no`: propose or accept (yes), or decline (no). */
  takeback(color: Color, yes: boolean): void {
    if (this.isOver || this.movesPlayed.length === 0) return;
    const other = otherColor(color);
    if (!yes) {
      if (this.takebackOffer[other]) {
        this.takebackOffer[other] = false;
        this.pushState();
        this.afterChange();
      }
      return;
    }
    if (this.takebackOffer[other]) return this.applyTakeback(other);
    if (this.takebackOffer[color]) return;
    this.takebackOffer[color] = true;
    this.pushState();
    this.afterChange();
    this.scriptOf(other)?.offered('takeback');
  }

  abortBy(color: Color): string | undefined {
    if (this.isOver || !this.abortable) {
      this.reject('abort', this.userOf(color).id, '', 'This game can no longer be aborted');
      return 'This game can no longer be aborted';
    }
    this.end('aborted', undefined);
    return undefined;
  }

  resignBy(color: Color): string | undefined {
    if (!this.isOver && this.abortable) return this.abortBy(color);
    if (this.isOver) {
      this.reject('resign', this.userOf(color).id, '', 'This game cannot be resigned');
      return 'This game cannot be resigned';
    }
    this.end('resign', otherColor(color));
    return undefined;
  }

  claimVictory(color: Color): string | undefined {
    if (!this.claimable(color)) {
      this.reject('claim-victory', this.userOf(color).id, '', 'You cannot claim the win on this game');
      return 'You cannot claim the win on this game';
    }
    this.end('timeout', color);
    return undefined;
  }

  claimDraw(color: Color): string | undefined {
    if (!this.claimable(color)) {
      this.reject('claim-draw', this.userOf(color).id, '', 'You cannot claim draw on this game');
      return 'You cannot claim draw on this game';
    }
    this.end('timeout', undefined);
    return undefined;
  }

  say(user: FakeUser, room: 'player' | 'spectator', text: string, via: 'api' | 'script'): void {
    this.chat.push({ room, userId: user.id, username: user.username, text, via, at: this.host.now() });
    const line = { type: 'chatLine', room, username: user.username, text } satisfies S['ChatLineEvent'];
    // spectator lines reach bots only (lila subscribes bots to the watcher chat)
    this.host.pushGame(this.id, line, room === 'spectator' ? (c) => this.userOf(c).title === 'BOT' : undefined);
    this.afterChange();
  }

  setGone(color: Color, claimInSeconds: number): void {
    if (this.isOver) return;
    this.clearGone();
    const state = { color, since: this.host.now(), claimMs: Math.max(0, claimInSeconds) * 1000, ticker: undefined as NodeJS.Timeout | undefined };
    this.goneState = state;
    const tell = () => this.host.pushGame(this.id, this.goneLine(), (c) => c !== color);
    tell();
    // lila re-sends the countdown; here once a second until it reaches zero
    state.ticker = setInterval(() => {
      tell();
      if (this.goneSecondsLeft() === 0 && state.ticker) {
        clearInterval(state.ticker);
        state.ticker = undefined;
      }
    }, 1000);
    this.afterChange();
  }

  setBack(color: Color): void {
    if (this.goneState?.color !== color) return;
    this.clearGone();
    if (!this.isOver) this.host.pushGame(this.id, { type: 'opponentGone', gone: false } satisfies S['OpponentGoneEvent'], (c) => c !== color);
    this.afterChange();
  }

  /** End the game now (a server-side end, or the end of any action). */
  end(status: GameStatusName, winner?: Color): void {
    if (this.isOver) return;
    this.statusName = status;
    this.winnerColor = winner;
    this.timeControl?.stop();
    this.clearTimers();
    this.clearGone();
    this.drawOffer.white = this.drawOffer.black = false;
    this.takebackOffer.white = this.takebackOffer.black = false;
    this.opponent.cancel();
    const finalState = this.gameState();
    const streams = () => {
      this.host.pushGame(this.id, finalState);
      this.host.endGameStreams(this.id);
    };
    const events = () => {
      for (const color of ['white', 'black'] as const) {
        this.host.pushEvent(this.userOf(color).id, { type: 'gameFinish', game: this.eventInfo(color) } satisfies S['GameFinishEvent']);
      }
    };
    if (this.host.finishOrder === 'finishFirst') {
      events();
      streams();
    } else {
      streams();
      events();
    }
    const result = { status, winner };
    for (const listener of this.endListeners.splice(0)) listener(result);
    this.afterChange();
  }

  reject(action: string, userId: string, detail: string, error: string): void {
    this.rejected.push({ action, userId, detail, error, at: this.host.now() });
    this.host.changed();
  }

  /** Stop every timer (server closing). */
  dispose(): void {
    this.clearTimers();
    this.clearGone();
    this.opponent.dispose();
  }

  // ---- JSON views

  gameState(): S['GameStateEvent'] {
    const state: S['GameStateEvent'] = {
      type: 'gameState',
      moves: this.movesPlayed.join(' '),
      ...this.clock(),
      winc: this.timeControl?.increment ?? 0,
      binc: this.timeControl?.increment ?? 0,
      status: this.statusName,
    };
    if (this.drawOffer.white) state.wdraw = true;
    if (this.drawOffer.black) state.bdraw = true;
    if (this.takebackOffer.white) state.wtakeback = true;
    if (this.takebackOffer.black) state.btakeback = true;
    if (this.winnerColor) state.winner = this.winnerColor;
    const deadline = this.firstMoveMs();
    if (this.host.expiration && !this.isOver && this.rules.plies < 2 && deadline !== undefined) {
      state.expiration = { idleMillis: Math.round(this.host.now() - this.lastMoveAt), millisToMove: deadline };
    }
    return state;
  }

  gameFull(): S['GameFullEvent'] {
    const full: S['GameFullEvent'] = {
      type: 'gameFull',
      id: this.id,
      variant: variantJson(this.variant),
      speed: this.speed,
      perf: { name: perfName(this.variant, this.speed) },
      rated: this.rated,
      createdAt: this.createdAt,
      white: gamePlayerJson(this.white),
      black: gamePlayerJson(this.black),
      initialFen: this.initialFen,
      state: this.gameState(),
    };
    if (this.timeControl) full.clock = { initial: this.timeControl.initial, increment: this.timeControl.increment };
    if (this.daysPerTurn) full.daysPerTurn = this.daysPerTurn;
    return full;
  }

  /** gameStart/gameFinish `game` from `color`'s side. */
  eventInfo(color: Color): S['GameEventInfo'] {
    const me = this.userOf(color);
    const info: S['GameEventInfo'] = {
      fullId: this.fullIds[color],
      gameId: this.id,
      fen: this.fen,
      color,
      lastMove: this.movesPlayed.at(-1) ?? '',
      source: this.source,
      status: statusJson(this.statusName),
      variant: variantJsonShort(this.variant),
      speed: this.speed,
      perf: perfKey(this.variant, this.speed),
      rated: this.rated,
      hasMoved: this.moveCount(color) > 0,
      opponent: opponentJson(this.userOf(otherColor(color))),
      isMyTurn: !this.isOver && this.turn === color,
    };
    const left = this.secondsLeft(color);
    if (left !== undefined) info.secondsLeft = left;
    if (this.winnerColor) info.winner = this.winnerColor;
    info.rating = me.rating;
    if (this.isOver && this.rated && this.statusName !== 'aborted') {
      const diff = this.winnerColor === undefined ? 0 : this.winnerColor === color ? 8 : -8;
      info.ratingDiff = diff;
      info.opponent = opponentJson(this.userOf(otherColor(color)), -diff);
    }
    info.compat = { bot: this.speed !== 'ultraBullet', board: true };
    info.id = this.id;
    return info;
  }

  /** One entry of `/api/account/playing` (status as an object: lila's quirk, see BOT-API §7). */
  nowPlaying(color: Color): Record<string, unknown> {
    const entry: Record<string, unknown> = {
      gameId: this.id,
      fullId: this.fullIds[color],
      color,
      fen: this.fen,
      hasMoved: this.moveCount(color) > 0,
      isMyTurn: this.turn === color,
      lastMove: this.movesPlayed.at(-1) ?? '',
      opponent: opponentJson(this.userOf(otherColor(color))),
      perf: perfKey(this.variant, this.speed),
      rated: this.rated,
      secondsLeft: this.secondsLeft(color) ?? NO_CLOCK_MS,
      source: this.source,
      speed: this.speed,
      status: statusJson(this.statusName),
      variant: variantJsonShort(this.variant),
    };
    return entry;
  }

  /** The opponentGone line for a stream opened now (undefined when nobody is gone). */
  goneLineFor(color: Color): S['OpponentGoneEvent'] | undefined {
    return this.goneState && this.goneState.color !== color && !this.isOver ? this.goneLine() : undefined;
  }

  // ---- internals

  private get abortable(): boolean {
    return this.rules.plies < 2;
  }

  private get drawable(): boolean {
    return !this.isOver && !this.abortable;
  }

  private scriptOf(color: Color): ScriptedOpponent | undefined {
    return color === this.opponent.color ? this.opponent : undefined;
  }

  private moveCount(color: Color): number {
    const plies = this.rules.plies;
    const firstMover = this.init.fen?.split(' ')[1] === 'b' ? 'black' : 'white';
    return color === firstMover ? Math.ceil(plies / 2) : Math.floor(plies / 2);
  }

  private secondsLeft(color: Color): number | undefined {
    if (this.timeControl) return Math.floor(Math.max(0, this.timeControl.remainingNow(color)) / 1000);
    if (this.daysPerTurn) return this.daysPerTurn * 86_400;
    return undefined;
  }

  private firstMoveMs(): number | undefined {
    if (this.speed === 'correspondence') return undefined;
    return this.host.firstMoveMs ?? FIRST_MOVE_MS[this.speed];
  }

  private claimable(color: Color): boolean {
    const gone = this.goneState;
    return !this.isOver && gone !== undefined && gone.color !== color && this.goneSecondsLeft() === 0;
  }

  private goneSecondsLeft(): number {
    const gone = this.goneState;
    if (!gone) return 0;
    return Math.ceil(Math.max(0, gone.claimMs - (this.host.now() - gone.since)) / 1000);
  }

  private goneLine(): S['OpponentGoneEvent'] {
    return { type: 'opponentGone', gone: true, claimWinInSeconds: this.goneSecondsLeft() };
  }

  private clearGone(): void {
    if (this.goneState?.ticker) clearInterval(this.goneState.ticker);
    this.goneState = undefined;
  }

  private setDrawOffer(color: Color, value: boolean, quiet = false): void {
    this.drawOffer[color] = value;
    if (quiet) return;
    this.pushState();
    this.afterChange();
  }

  private applyTakeback(proposer: Color): void {
    // undo back to the proposer's turn: one ply if they moved last, else two
    const undo = this.turn === proposer ? 2 : 1;
    const keep = this.movesPlayed.slice(0, Math.max(0, this.movesPlayed.length - undo));
    const rules = new GameRules(this.variant, this.init.fen, this.init.castling);
    for (const uci of keep) {
      const check = rules.check(uci);
      if (check.ok) rules.play(check.move);
    }
    this.rules = rules;
    this.movesPlayed.splice(keep.length);
    this.takebackOffer.white = this.takebackOffer.black = false;
    if (this.timeControl?.runningFor && this.timeControl.runningFor !== this.turn) this.timeControl.switchTo(this.turn);
    this.pushState();
    this.schedule();
    this.afterChange();
  }

  private pushState(): void {
    this.host.pushGame(this.id, this.gameState());
  }

  private afterChange(): void {
    for (const listener of [...this.plyListeners]) listener();
    this.opponent.wake();
    this.host.changed();
  }

  private flag(): void {
    const running = this.timeControl?.runningFor;
    if (!running || this.isOver) return;
    const other = otherColor(running);
    this.end('outoftime', this.rules.cannotMate(other) ? undefined : other);
  }

  /** (Re)arm the first-move and flag timers for the current position. */
  private schedule(): void {
    this.clearTimers();
    if (this.isOver) return;
    const deadline = this.firstMoveMs();
    if (this.rules.plies < 2 && deadline !== undefined) {
      const wait = Math.max(0, this.lastMoveAt + deadline - this.host.now());
      this.firstMoveTimer = setTimeout(() => {
        this.firstMoveTimer = undefined;
        if (!this.isOver && this.rules.plies < 2) this.end('aborted', undefined);
      }, wait);
    }
    const untilFlag = this.timeControl?.msUntilFlag();
    if (untilFlag !== undefined) {
      this.flagTimer = setTimeout(() => {
        this.flagTimer = undefined;
        const running = this.timeControl?.runningFor;
        if (running && this.timeControl!.remainingNow(running) + this.host.flagGraceMs <= 0) this.flag();
        else this.schedule();
      }, untilFlag + this.host.flagGraceMs + 1);
    }
  }

  private clearTimers(): void {
    if (this.firstMoveTimer) clearTimeout(this.firstMoveTimer);
    if (this.flagTimer) clearTimeout(this.flagTimer);
    this.firstMoveTimer = undefined;
    this.flagTimer = undefined;
  }
}
