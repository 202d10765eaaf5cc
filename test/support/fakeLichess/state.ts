// The model behind the fake Lichess: users and tokens, challenges, games and the open NDJSON
// streams, with the events lila pushes when they change (challenge, challengeCanceled,
// challengeDeclined, gameStart, gameFinish on event streams; game lines on game streams).
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { mulberry32 } from '../random.ts';
import { FakeChallenge } from './challenges.ts';
import { FakeGame, type GameHost } from './game.ts';
import { otherColor } from './json.ts';
import { NdjsonStream } from './ndjson.ts';
import { defaultNotation } from './rules.ts';
import type { ChallengeSpec, ChunkingOptions, Color, FakeLichessOptions, FakeUser, GameSpec, StreamInfo, UserSpec } from './types.ts';
import { DEFAULT_USERS, makeUser } from './users.ts';

export interface Settings {
  eventKeepAliveMs: number;
  gameKeepAliveMs: number;
  seed: number;
  chunking: ChunkingOptions | null;
  eventStreamLimit: { max: number; windowMs: number } | null;
  firstMoveMs: number | undefined;
  flagGraceMs: number;
  oneEventStreamPerUser: boolean;
  expiration: boolean;
  thinkMs: number;
  finishOrder: 'stateFirst' | 'finishFirst';
  botId: string;
  botDailyLimit: number;
  botDailyWindowMs: number;
}

export function resolveOptions(options: FakeLichessOptions): Settings {
  return {
    eventKeepAliveMs: options.eventKeepAliveMs ?? options.keepAliveMs ?? 6000,
    gameKeepAliveMs: options.gameKeepAliveMs ?? options.keepAliveMs ?? 7000,
    seed: options.seed ?? 1,
    chunking: options.chunking ?? null,
    eventStreamLimit: options.eventStreamLimit === undefined ? { max: 30, windowMs: 10 * 60_000 } : options.eventStreamLimit,
    firstMoveMs: options.firstMoveMs,
    flagGraceMs: options.flagGraceMs ?? 0,
    oneEventStreamPerUser: options.oneEventStreamPerUser ?? true,
    expiration: options.expiration ?? true,
    thinkMs: options.thinkMs ?? 0,
    finishOrder: options.finishOrder ?? 'stateFirst',
    botId: options.botId ?? 'testbot',
    botDailyLimit: options.botDailyLimit ?? 100,
    botDailyWindowMs: options.botDailyWindowMs ?? 86_400_000,
  };
}

const ID_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export class LichessState implements GameHost {
  readonly users = new Map<string, FakeUser>();
  readonly challenges = new Map<string, FakeChallenge>();
  readonly games = new Map<string, FakeGame>();
  readonly streams = new Set<NdjsonStream>();
  readonly events = new EventEmitter();
  /** performance.now() of each accepted event-stream open, per user */
  readonly eventOpens = new Map<string, number[]>();
  private readonly idRandom: () => number;
  private streamSeq = 0;
  /** Game lines to garble before they reach a user's game streams (corruptGameLines). */
  private readonly corruptions: Array<{ gameId: string; userId: string; type: 'gameFull' | 'gameState'; left: number }> = [];
  /** When each user's bot-versus-bot games started (performance.now()), for lila's BotLimit. */
  private readonly botGames = new Map<string, number[]>();
  /** Scripted answers to challenges not yet given. */
  private readonly answerTimers = new Set<NodeJS.Timeout>();
  readonly createdAt = Date.now() - 86_400_000;
  baseUrl = '';

  constructor(
    readonly settings: Settings,
    extraUsers: readonly UserSpec[],
  ) {
    this.idRandom = mulberry32(settings.seed ^ 0x5eed);
    this.events.setMaxListeners(0);
    for (const spec of [...DEFAULT_USERS, ...extraUsers]) this.addUser(spec);
  }

  // ---- GameHost
  now(): number {
    return performance.now();
  }
  randomFor(gameId: string): () => number {
    let hash = this.settings.seed >>> 0;
    for (const ch of gameId) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
    return mulberry32(hash);
  }
  get firstMoveMs() {
    return this.settings.firstMoveMs;
  }
  get flagGraceMs() {
    return this.settings.flagGraceMs;
  }
  get expiration() {
    return this.settings.expiration;
  }
  get thinkMs() {
    return this.settings.thinkMs;
  }
  get finishOrder() {
    return this.settings.finishOrder;
  }
  pushGame(gameId: string, line: object, to?: (color: Color) => boolean): void {
    const game = this.games.get(gameId);
    for (const stream of this.streams) {
      if (stream.info.kind !== 'game' || stream.info.gameId !== gameId) continue;
      const color = game?.colorOf(stream.info.userId);
      if (to && (!color || !to(color))) continue;
      this.sendGameLine(stream, line);
    }
  }
  endGameStreams(gameId: string): void {
    for (const stream of this.streams) if (stream.info.kind === 'game' && stream.info.gameId === gameId) stream.end();
  }
  pushEvent(userId: string, line: object): void {
    for (const stream of this.streams) if (stream.info.kind === 'event' && stream.info.userId === userId) stream.send(line);
  }
  changed(): void {
    this.events.emit('change');
  }

  // ---- users
  addUser(spec: UserSpec): FakeUser {
    const user = makeUser(spec);
    this.users.set(user.id, user);
    if (spec.botGamesToday) this.botGames.set(user.id, Array.from({ length: spec.botGamesToday }, () => this.now()));
    return user;
  }

  /** Bot-versus-bot games of `userId` in the current window, and ms until the oldest leaves it. */
  botGamesOf(userId: string): { count: number; resetMs: number } {
    const now = this.now();
    const window = this.settings.botDailyWindowMs;
    const times = (this.botGames.get(userId) ?? []).filter((t) => now - t < window);
    this.botGames.set(userId, times);
    return { count: times.length, resetMs: times.length === 0 ? 0 : times[0]! + window - now };
  }

  /**
   * A challenge the user under test (or any user with a token) sends through the API; the
   * destination's script answers it (UserSpec.challengeAnswer) after challengeAnswerMs.
   */
  challengeByApi(challenger: FakeUser, dest: FakeUser, init: Pick<ChallengeSpec, 'timeControl' | 'rated' | 'color' | 'variant'>): FakeChallenge {
    const challenge = this.createChallenge({ ...init, from: challenger.id, to: dest.id, opponent: dest.challengeOpponent });
    const answer = dest.challengeAnswer;
    if (answer === 'ignore') return challenge;
    const timer = setTimeout(() => {
      this.answerTimers.delete(timer);
      if (challenge.status !== 'created') return;
      if (answer === 'accept') this.acceptChallenge(challenge);
      else this.declineChallenge(challenge, answer);
    }, dest.challengeAnswerMs);
    this.answerTimers.add(timer);
    return challenge;
  }
  userByToken(token: string): FakeUser | undefined {
    for (const user of this.users.values()) if (user.token === token) return user;
    return undefined;
  }
  resolveUser(ref: string | UserSpec | undefined, fallback: string): FakeUser {
    if (ref === undefined) return this.mustUser(fallback);
    if (typeof ref === 'string') return this.mustUser(ref);
    return this.users.get(ref.id.toLowerCase()) ?? this.addUser(ref);
  }
  mustUser(id: string): FakeUser {
    const user = this.users.get(id.toLowerCase());
    if (!user) throw new Error(`fakeLichess: no user ${id}`);
    return user;
  }

  newId(length = 8): string {
    for (;;) {
      let id = '';
      for (let i = 0; i < length; i++) id += ID_CHARS[Math.floor(this.idRandom() * ID_CHARS.length)];
      if (length !== 8 || (!this.games.has(id) && !this.challenges.has(id))) return id;
    }
  }

  // ---- challenges
  createChallenge(spec: ChallengeSpec): FakeChallenge {
    const challenger = this.resolveUser(spec.from, 'alice');
    const destUser = this.mustUser(spec.to ?? this.settings.botId);
    const id = spec.id ?? this.newId();
    if (this.challenges.has(id) || this.games.has(id)) throw new Error(`fakeLichess: id ${id} is taken`);
    const color = spec.color ?? 'random';
    const finalColor: Color = color === 'random' ? (this.idRandom() < 0.5 ? 'white' : 'black') : color;
    const challenge = new FakeChallenge(
      {
        id,
        challenger,
        destUser,
        variant: spec.variant ?? (spec.fen ? 'fromPosition' : 'standard'),
        timeControl: spec.timeControl ?? { limit: 180, increment: 2 },
        rated: spec.rated ?? false,
        color,
        finalColor,
        fen: spec.fen,
        rematchOf: spec.rematchOf,
        opponent: spec.opponent ?? {},
        compatBot: spec.compatBot,
        speed: spec.speed,
        castling: spec.castling,
        baseUrl: this.baseUrl,
      },
      (c) => {
        // the challenger withdrew it
        this.pushEvent(c.destUser.id, { type: 'challengeCanceled', challenge: c.json('in') });
        this.changed();
      },
    );
    this.challenges.set(id, challenge);
    const compat = { bot: challenge.compatBot, board: true };
    this.pushEvent(destUser.id, { type: 'challenge', challenge: challenge.json('in'), compat });
    if (challenger.id !== destUser.id) this.pushEvent(challenger.id, { type: 'challenge', challenge: challenge.json('out'), compat });
    this.changed();
    return challenge;
  }

  acceptChallenge(challenge: FakeChallenge): FakeGame {
    const init = challenge.init;
    const tc = init.timeControl;
    const challengerColor = init.finalColor;
    const destColor = otherColor(challengerColor);
    const clock = typeof tc === 'object' && 'limit' in tc ? { initial: Math.round(tc.limit * 1000), increment: Math.round(tc.increment * 1000) } : null;
    // scalachess: a 0+n clock starts with max(3 s, n)
    const start = clock && clock.initial === 0 ? Math.max(3000, clock.increment) : undefined;
    // A challenge the bot under test sent: the destination is the scripted side.
    const outgoing = challenge.challenger.id === this.settings.botId;
    if (challenge.challenger.title === 'BOT' && challenge.destUser.title === 'BOT') {
      for (const id of [challenge.challenger.id, challenge.destUser.id]) this.botGames.set(id, [...(this.botGames.get(id) ?? []), this.now()]);
    }
    const game = this.createGame({
      id: challenge.id,
      color: outgoing ? challengerColor : destColor,
      bot: outgoing ? challenge.challenger.id : challenge.destUser.id,
      against: outgoing ? challenge.destUser.id : challenge.challenger.id,
      variant: init.variant,
      fen: init.fen,
      clock,
      wtime: start,
      btime: start,
      daysPerTurn: typeof tc === 'object' && 'daysPerTurn' in tc ? tc.daysPerTurn : undefined,
      speed: challenge.speed,
      rated: init.rated,
      opponent: init.opponent,
      castling: init.castling,
    });
    challenge.game = game;
    challenge.settle('accepted');
    this.changed();
    return game;
  }

  declineChallenge(challenge: FakeChallenge, reason: string | null): void {
    challenge.decline(reason);
    this.pushEvent(challenge.challenger.id, { type: 'challengeDeclined', challenge: challenge.declinedJson() });
    this.changed();
  }

  // ---- games
  createGame(spec: GameSpec): FakeGame {
    const botUser = this.mustUser(spec.bot ?? this.settings.botId);
    const other = this.resolveUser(spec.against, 'alice');
    const botColor = spec.color ?? 'white';
    const id = spec.id ?? this.newId();
    if (this.games.has(id)) throw new Error(`fakeLichess: game ${id} exists`);
    const variant = spec.variant ?? (spec.fen ? 'fromPosition' : 'standard');
    const game = new FakeGame(
      {
        id,
        white: botColor === 'white' ? botUser : other,
        black: botColor === 'white' ? other : botUser,
        botColor,
        variant,
        fen: spec.fen,
        clock: spec.clock === undefined ? (spec.daysPerTurn ? null : { initial: 180_000, increment: 2_000 }) : spec.clock,
        daysPerTurn: spec.daysPerTurn,
        speed: spec.speed,
        rated: spec.rated ?? false,
        source: spec.source ?? 'friend',
        castling: spec.castling ?? defaultNotation(variant),
        createdAt: spec.createdAt ?? Date.now(),
        moves: spec.moves ?? [],
        wtime: spec.wtime,
        btime: spec.btime,
        opponent: spec.opponent ?? {},
        playerIds: { white: this.newId(4), black: this.newId(4) },
      },
      this,
    );
    this.games.set(id, game);
    if (spec.announce ?? true) {
      for (const color of ['white', 'black'] as const) this.pushEvent(game.userOf(color).id, { type: 'gameStart', game: game.eventInfo(color) });
    }
    game.begin();
    this.changed();
    return game;
  }

  // ---- streams
  openStream(res: ServerResponse, kind: 'event' | 'game', userId: string, gameId: string | undefined, userAgent: string): NdjsonStream {
    const stream = new NdjsonStream(
      res,
      { id: ++this.streamSeq, kind, userId, gameId, userAgent },
      {
        keepAliveMs: kind === 'event' ? this.settings.eventKeepAliveMs : this.settings.gameKeepAliveMs,
        chunking: this.settings.chunking,
        seed: this.settings.seed,
        now: () => this.now(),
        onClose: (s) => {
          this.streams.delete(s);
          this.changed();
        },
      },
    );
    this.streams.add(stream);
    this.changed();
    return stream;
  }

  /** `/api/stream/event` for `user`: close the previous one, replay games and incoming challenges. */
  openEventStream(res: ServerResponse, user: FakeUser, userAgent: string): NdjsonStream {
    if (this.settings.oneEventStreamPerUser) {
      for (const old of this.streams) if (old.info.kind === 'event' && old.info.userId === user.id) old.end();
    }
    const stream = this.openStream(res, 'event', user.id, undefined, userAgent);
    for (const game of this.games.values()) {
      const color = game.colorOf(user.id);
      if (color && !game.isOver) stream.send({ type: 'gameStart', game: game.eventInfo(color) });
    }
    for (const challenge of this.challenges.values()) {
      if (challenge.status === 'created' && challenge.destUser.id === user.id) {
        stream.send({ type: 'challenge', challenge: challenge.json('in'), compat: { bot: challenge.compatBot, board: true } });
      }
    }
    return stream;
  }

  /** `/api/bot/game/stream/{id}`: close the same user agent's previous one, then gameFull. */
  openGameStream(res: ServerResponse, game: FakeGame, user: FakeUser, userAgent: string): NdjsonStream {
    for (const old of this.streams) {
      if (old.info.kind === 'game' && old.info.gameId === game.id && old.info.userId === user.id && old.info.userAgent === userAgent) old.end();
    }
    const stream = this.openStream(res, 'game', user.id, game.id, userAgent);
    this.sendGameLine(stream, game.gameFull());
    if (game.isOver) {
      stream.end();
      return stream;
    }
    const gone = game.goneLineFor(game.colorOf(user.id)!);
    if (gone) stream.send(gone);
    return stream;
  }

  /** Garble the next `count` lines of `type` that `userId`'s streams of the game would get. */
  corruptGameLines(gameId: string, userId: string, type: 'gameFull' | 'gameState', count: number): void {
    this.corruptions.push({ gameId, userId, type, left: count });
  }

  /** A game line, cut in half (no longer JSON) when a corruption asks for it. */
  private sendGameLine(stream: NdjsonStream, line: object): void {
    const type = (line as { type?: unknown }).type;
    const index = this.corruptions.findIndex((c) => c.gameId === stream.info.gameId && c.userId === stream.info.userId && c.type === type);
    if (index < 0 || !stream.isOpen) return stream.send(line);
    const corruption = this.corruptions[index]!;
    if (--corruption.left <= 0) this.corruptions.splice(index, 1);
    const text = JSON.stringify(line);
    stream.sendRaw(text.slice(0, Math.floor(text.length / 2)));
  }

  streamsOf(kind: 'event' | 'game', userId: string, gameId?: string): NdjsonStream[] {
    return [...this.streams].filter((s) => s.info.kind === kind && s.info.userId === userId && (gameId === undefined || s.info.gameId === gameId));
  }

  streamInfos(): StreamInfo[] {
    return [...this.streams].map((s) => ({ ...s.info }));
  }

  /** Stop everything: games' timers and every stream's socket. */
  dispose(): void {
    for (const timer of this.answerTimers) clearTimeout(timer);
    this.answerTimers.clear();
    for (const game of this.games.values()) game.dispose();
    for (const stream of [...this.streams]) stream.drop();
  }
}
