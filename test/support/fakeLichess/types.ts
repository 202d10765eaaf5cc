// The public shapes of the fake Lichess: options, the specs a test passes to create users,
// challenges and games, the handles it gets back, and the records it asserts on. This file is the
// contract; the implementation lives in the other modules of this folder.
import type { components } from '@lichess-org/types';

type S = components['schemas'];

export type Color = 'white' | 'black';
export type VariantKey = S['VariantKey'];
export type Speed = S['Speed'];
export type GameStatusName = S['GameStatusName'];
export type ChallengeStatus = S['ChallengeStatus'];
/** Decline reasons as the bot sends them (camelCase form values). */
export type DeclineReason =
  | 'generic'
  | 'later'
  | 'tooFast'
  | 'tooSlow'
  | 'timeControl'
  | 'rated'
  | 'casual'
  | 'standard'
  | 'variant'
  | 'noBot'
  | 'onlyBot';
/** Decline reason keys as Lichess emits them in `challengeDeclined` (lowercase). */
export type DeclineReasonKey = S['ChallengeDeclinedJson']['declineReasonKey'];

/**
 * How castling moves appear in the `moves` strings the fake emits:
 * - `kingTwoSquares`: e1g1, e8c8 (classic UCI; the default for standard games)
 * - `kingToRook`: e1h1, e8a8 (Lichess' Chess960 notation; the default for chess960 and
 *   fromPosition games, and what lila emits in some standard outputs since Sep 2025)
 * - `asPlayed`: each castling move as its sender wrote it
 * Both forms are always accepted as input.
 */
export type CastlingNotation = 'kingTwoSquares' | 'kingToRook' | 'asPlayed';

export interface FakeLichessOptions {
  /** keep-alive interval of `/api/stream/event`, ms (default 6000, lila's; tests use ~50) */
  eventKeepAliveMs?: number;
  /** keep-alive interval of `/api/bot/game/stream/{id}`, ms (default 7000, lila's) */
  gameKeepAliveMs?: number;
  /** sets both keep-alive intervals at once */
  keepAliveMs?: number;
  /** seed of every random choice: chunk sizes, random movers, generated ids (default 1) */
  seed?: number;
  /** split stream output at random byte offsets (default: none, one write per line) */
  chunking?: ChunkingOptions | null;
  /** extra users besides the defaults (see DEFAULT_USERS) */
  users?: UserSpec[];
  /** event-stream opens allowed per user per window (default 30 per 10 min, lila's); null = unlimited */
  eventStreamLimit?: { max: number; windowMs: number } | null;
  /**
   * time each side has for its first move before the game is aborted, ms. Default per speed as
   * lila: bullet 20 s, blitz 25 s, rapid 30 s, classical 35 s; none for correspondence/unlimited.
   */
  firstMoveMs?: number;
  /** extra time after a clock reaches zero before the flag falls, ms (default 0) */
  flagGraceMs?: number;
  /** a new event stream closes the user's previous one, as lila does (default true) */
  oneEventStreamPerUser?: boolean;
  /** include `expiration` in gameState while fewer than 2 plies are played (default true) */
  expiration?: boolean;
  /** default think time of scripted opponents, ms (default 0) */
  thinkMs?: number;
  /** order of a finished game's final `gameState` and the `gameFinish` event (default `stateFirst`) */
  finishOrder?: 'stateFirst' | 'finishFirst';
  /** the user whose token the bot under test uses (default `testbot`) */
  botId?: string;
  /** bot-versus-bot games a BOT may play per window (default 100, lila's `bot.vsBot.day`) */
  botDailyLimit?: number;
  /** the window of that limit, ms (default a day); the 429's `ratelimit.seconds` counts down to its end */
  botDailyWindowMs?: number;
}

/** How a scripted user answers a challenge sent to it through POST /api/challenge/{username}. */
export type ChallengeAnswer = 'accept' | 'ignore' | DeclineReason;

/** Stream chunking: output is cut into pieces of 1..maxBytes bytes, written `gapMs` apart. */
export interface ChunkingOptions {
  /** default: the server seed */
  seed?: number;
  /** largest piece in bytes (default 24); 1 sends every byte on its own */
  maxBytes?: number;
  /** pause between pieces so they reach the client as separate reads, ms (default 1) */
  gapMs?: number;
}

export interface UserSpec {
  /** lowercase id; `username` defaults to it */
  id: string;
  username?: string;
  /** `BOT` for bots, a FIDE title, or null (default null) */
  title?: string | null;
  rating?: number;
  provisional?: boolean;
  /** a token for this user; users without one can only be played by scripts */
  token?: string;
  /** scopes of the token (default bot:play, challenge:read, challenge:write for BOTs; board:play for others) */
  scopes?: string[];
  /** games played before (an account with games cannot be upgraded to BOT) */
  gamesPlayed?: number;
  online?: boolean;
  /** how it answers challenges sent to it over the API (default `accept` for BOTs, `ignore` for others) */
  challengeAnswer?: ChallengeAnswer;
  /** after this long, ms (default 0) */
  challengeAnswerMs?: number;
  /** how it plays the games it accepts (default random moves) */
  challengeOpponent?: OpponentSpec;
  /** bot-versus-bot games already played in the current window (default 0) */
  botGamesToday?: number;
}

export interface FakeUser {
  readonly id: string;
  readonly username: string;
  title: string | null;
  rating: number;
  provisional: boolean;
  token: string | undefined;
  scopes: string[];
  gamesPlayed: number;
  online: boolean;
  challengeAnswer: ChallengeAnswer;
  challengeAnswerMs: number;
  challengeOpponent: OpponentSpec;
}

/** Time control of a challenge, in seconds as Lichess shows it (fractions allowed for fast tests). */
export type ChallengeTimeControl =
  | { limit: number; increment: number }
  | { daysPerTurn: number }
  | 'unlimited';

export interface ChallengeSpec {
  /** the challenger: a user id or a new user (default `alice`, a human) */
  from?: string | UserSpec;
  /** the challenged user (default the bot) */
  to?: string;
  /** default `standard`, or `fromPosition` when `fen` is given */
  variant?: VariantKey;
  /** default { limit: 180, increment: 2 } (blitz) */
  timeControl?: ChallengeTimeControl;
  rated?: boolean;
  /** the colour the challenger asks for (default `random`) */
  color?: Color | 'random';
  /** starting position (sent as `initialFen`) */
  fen?: string;
  rematchOf?: string;
  /** default: a fresh 8-character id */
  id?: string;
  /** how the challenger plays once the game starts */
  opponent?: OpponentSpec;
  /**
   * the speed shown, default from the time control (limit + 40 × increment). Override it to give
   * a short test clock a speed a BOT may play (anything under 30 s is ultraBullet).
   */
  speed?: Speed;
  /** override `compat.bot` (default: false for ultraBullet) */
  compatBot?: boolean;
  castling?: CastlingNotation;
}

export interface GameSpec {
  id?: string;
  /** the bot's colour (default white) */
  color?: Color;
  /** the bot's user (default the bot) */
  bot?: string;
  /** the other player: a user id or a new user (default `alice`) */
  against?: string | UserSpec;
  variant?: VariantKey;
  /** starting position; omitted means the standard start (`initialFen: "startpos"`) */
  fen?: string;
  /** clock in ms (default 3 min + 2 s); null for an unlimited game */
  clock?: { initial: number; increment: number } | null;
  /** correspondence instead of a clock */
  daysPerTurn?: number;
  /**
   * the speed shown, default from the clock (limit + 40 × increment). Override it to give a short
   * test clock a speed a BOT may play: a 1-second game is ultraBullet, and bots cannot stream those.
   */
  speed?: Speed;
  rated?: boolean;
  /** default `friend` */
  source?: S['GameSource'];
  /** moves already played (UCI, either castling form) */
  moves?: string[];
  /** remaining times to start from (default: the initial time) */
  wtime?: number;
  btime?: number;
  /** how the other player plays */
  opponent?: OpponentSpec;
  /** send `gameStart` to both players' event streams (default true) */
  announce?: boolean;
  castling?: CastlingNotation;
  /** ms since the epoch (default now) */
  createdAt?: number;
}

/** What a scripted player sees when it chooses a move. */
export interface OpponentView {
  readonly gameId: string;
  readonly color: Color;
  /** current position */
  readonly fen: string;
  /** moves so far, as emitted */
  readonly moves: readonly string[];
  /** legal moves in UCI (castling in the game's emission form) */
  readonly legalMoves: readonly string[];
  readonly wtime: number;
  readonly btime: number;
  /** the fake's seeded random */
  readonly random: () => number;
}

/** Returns a UCI move, or null/undefined to not move (for now). */
export type MoveChooser = (view: OpponentView) => string | null | undefined | Promise<string | null | undefined>;

export interface OpponentSpec {
  /**
   * `random` (default): seeded random legal moves; `never`: no moves at all; a list: those moves
   * in order (then stop); a function: called on each turn.
   */
  moves?: 'random' | 'never' | readonly string[] | MoveChooser;
  /** think time before each move, ms (default the server's thinkMs) */
  thinkMs?: number;
  /** what it does with the bot's draw offers (default `decline`) */
  onDrawOffer?: 'accept' | 'decline' | 'ignore';
  /** what it does with the bot's takeback proposals (default `decline`) */
  onTakeback?: 'accept' | 'decline' | 'ignore';
  /** when a move list runs out: stop (default), play random moves, or resign */
  whenDone?: 'stop' | 'random' | 'resign';
}

/** Controls the scripted side of a game (the side that is not the bot). */
export interface OpponentHandle {
  readonly color: Color;
  readonly user: FakeUser;
  /** play a move now (throws when it is illegal or not its turn); castling in either form */
  move(uci: string, options?: { offeringDraw?: boolean }): void;
  /** change how it plays from now on (keeps thinkMs etc. unless given) */
  play(spec: OpponentSpec): void;
  /** stop moving (the bot may abort, or flag it) */
  neverMove(): void;
  offerDraw(): void;
  acceptDraw(): void;
  declineDraw(): void;
  proposeTakeback(): void;
  resign(): void;
  /** abort (only while fewer than 2 plies are played; throws otherwise) */
  abort(): void;
  chat(text: string, room?: 'player' | 'spectator'): void;
  /**
   * leave the game: the bot's streams get `opponentGone` with `claimWinInSeconds` counting down
   * (re-sent every second), the opponent stops moving, and the bot may claim after that time.
   */
  goAway(options?: { claimInSeconds?: number }): void;
  /** come back: `opponentGone {gone:false}` and it moves again */
  comeBack(): void;
  readonly gone: boolean;
}

export interface MoveRecord {
  /** 1-based ply number */
  ply: number;
  color: Color;
  userId: string;
  /** the move as sent */
  uci: string;
  /** the move as it appears in `moves` */
  emitted: string;
  /** `api` for moves sent over HTTP, `script` for the scripted opponent */
  via: 'api' | 'script';
  /** performance.now() time */
  at: number;
  /** the mover's remaining time after the move, ms (undefined without a clock) */
  remainingMs: number | undefined;
  offeringDraw: boolean;
}

export interface ChatRecord {
  room: 'player' | 'spectator';
  userId: string;
  username: string;
  text: string;
  via: 'api' | 'script';
  at: number;
}

/** A rejected bot action (400/404 answers on game endpoints), for "never sent twice" asserts. */
export interface RejectedAction {
  action: string;
  userId: string;
  detail: string;
  error: string;
  at: number;
}

export interface GameResult {
  status: GameStatusName;
  winner: Color | undefined;
}

export interface GameHandle {
  readonly id: string;
  readonly white: FakeUser;
  readonly black: FakeUser;
  /** the bot's colour (the side the opponent script does not play) */
  readonly botColor: Color;
  readonly variant: VariantKey;
  readonly speed: Speed;
  readonly rated: boolean;
  readonly initialFen: string;
  /** moves as emitted in `moves` */
  readonly moves: readonly string[];
  readonly fen: string;
  readonly turn: Color;
  readonly status: GameStatusName;
  readonly winner: Color | undefined;
  readonly isOver: boolean;
  /** legal moves now, UCI (castling in the game's notation); [] once over */
  legalMoves(): string[];
  /** remaining times now, ms (Int32 max without a clock) */
  clock(): { wtime: number; btime: number };
  /** every move with who sent it and when */
  readonly moveLog: readonly MoveRecord[];
  readonly chat: readonly ChatRecord[];
  readonly rejected: readonly RejectedAction[];
  /** pending draw offers and takeback proposals */
  readonly drawOffer: { white: boolean; black: boolean };
  readonly takebackOffer: { white: boolean; black: boolean };
  readonly opponent: OpponentHandle;
  /** resolves when the game ends */
  ended(): Promise<GameResult>;
  /** resolves once `plies` moves have been played (or rejects if the game ends first) */
  waitForPly(plies: number, timeoutMs?: number): Promise<void>;
  /** end the game from the server side, e.g. `aborted`, `noStart`, `cheat` */
  end(status: GameStatusName, winner?: Color): void;
  /** the `gameFull` a player would get now */
  gameFull(): S['GameFullEvent'];
}

export interface ChallengeHandle {
  readonly id: string;
  readonly challenger: FakeUser;
  readonly destUser: FakeUser;
  readonly status: ChallengeStatus;
  /** the reason the bot sent with its decline (form value as sent) */
  readonly declineReason: string | undefined;
  /** the key emitted in challengeDeclined (lowercase; unknown reasons become `generic`) */
  readonly declineReasonKey: DeclineReasonKey | undefined;
  /** the game, once accepted (same id) */
  readonly game: GameHandle | undefined;
  /** the challenger withdraws it: `challengeCanceled` on both event streams */
  cancel(): void;
  /** resolves when the bot accepts or declines (or it is cancelled) */
  settled(timeoutMs?: number): Promise<ChallengeStatus>;
  json(): S['ChallengeJson'];
}

/** Every request the fake receives. */
export interface RecordedRequest {
  method: string;
  /** decoded path without the query */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  /** raw request body as text ('' when none) */
  body: string;
  /** parsed form body when the body is x-www-form-urlencoded */
  form: URLSearchParams | undefined;
  /** the user of the token, when valid */
  userId: string | undefined;
  /** performance.now() when the request arrived */
  at: number;
  /** the answer's status (for streams: 200 once opened) */
  status: number;
  /** the answer's body, parsed JSON or text (undefined for streams) */
  response: unknown;
  /** the answer was a scripted fault */
  fault: boolean;
}

/**
 * A scripted fault on the next `count` requests whose path matches: by default a 429 with a JSON
 * `{"error":...}` body. Path patterns are exact paths where `*` stands for one path segment
 * (e.g. `/api/bot/game/*\/move/*`), or RegExps.
 */
export interface FaultSpec {
  /** how many matching requests it applies to (default 1) */
  count?: number;
  /** only requests with this method */
  method?: string;
  /** the status to answer (default 429); omit with `delayMs` to only delay */
  status?: number;
  /**
   * `json` (default): `{"error":"Too many requests. Try again later."}` plus `ratelimit` if given;
   * `html`: nginx's HTML 429 page; a string is sent as text/plain, an object as JSON
   */
  // eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents -- the literals name the two special strings for a reader
  body?: 'json' | 'html' | string | object;
  /** adds `"ratelimit":{"key","seconds"}` to the JSON body */
  ratelimit?: { key: string; seconds: number };
  /** adds a Retry-After header, seconds */
  retryAfter?: number;
  /** destroy the socket instead of answering (a connection reset) */
  destroy?: boolean;
  /** wait this long first; without `status` or `destroy` the request then proceeds normally */
  delayMs?: number;
}

export type PathPattern = string | RegExp;

/** An open NDJSON stream, as seen by the fake. */
export interface StreamInfo {
  id: number;
  kind: 'event' | 'game';
  userId: string;
  gameId: string | undefined;
  userAgent: string;
  openedAt: number;
  /** data lines (not keep-alives) written */
  lines: number;
  keepAlives: number;
  stalled: boolean;
}
