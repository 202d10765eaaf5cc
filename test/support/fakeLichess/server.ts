// The fake Lichess server: the FakeLichess class that tests start, script and inspect. It owns the
// node:http server on 127.0.0.1, records every request, applies scripted faults, authenticates the
// `Authorization: Bearer` token and hands the request to its route (routes.ts); the model lives in
// state.ts. See index.ts for the whole API.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeChallenge } from './challenges.ts';
import type { FakeGame } from './game.ts';
import { parseForm, pathMatches, readBody, sendError, sendFault, takeFault, type ActiveFault } from './http.ts';
import { findRoute, NOT_A_BOT } from './routes.ts';
import { LichessState, resolveOptions } from './state.ts';
import type {
  ChallengeHandle,
  ChallengeSpec,
  ChunkingOptions,
  FakeLichessOptions,
  FakeUser,
  FaultSpec,
  GameHandle,
  GameSpec,
  OpponentHandle,
  PathPattern,
  RecordedRequest,
  StreamInfo,
  UserSpec,
} from './types.ts';

export class FakeLichess {
  /** Start a server on 127.0.0.1 with a random port. */
  static async start(options: FakeLichessOptions = {}): Promise<FakeLichess> {
    const fake = new FakeLichess(options);
    await new Promise<void>((resolve, reject) => {
      fake.server.once('error', reject);
      fake.server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = fake.server.address() as AddressInfo;
    fake.url = `http://127.0.0.1:${port}`;
    fake.state.baseUrl = fake.url;
    return fake;
  }

  /** `http://127.0.0.1:<port>`: the bot's LICHESS_URL */
  url = '';
  /** every request received, in order */
  readonly requests: RecordedRequest[] = [];
  private readonly state: LichessState;
  private readonly server: Server;
  private readonly faults: ActiveFault[] = [];
  private closed = false;

  private constructor(options: FakeLichessOptions) {
    this.state = new LichessState(resolveOptions(options), options.users ?? []);
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) {
          res.writeHead(500, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ error: `fake lichess: ${String(error)}` }));
        }
      });
    });
    this.server.keepAliveTimeout = 60_000;
  }

  /** the bot account's id (default `testbot`) */
  get botId(): string {
    return this.state.settings.botId;
  }

  /** the bot account's token (default `lip_testbot`) */
  get token(): string {
    const token = this.state.mustUser(this.botId).token;
    if (!token) throw new Error(`fakeLichess: user ${this.botId} has no token`);
    return token;
  }

  /** Destroy every open stream and connection, stop every timer, close the port. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.state.dispose();
    const done = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await done;
  }

  // ---- users

  addUser(spec: UserSpec): FakeUser {
    return this.state.addUser(spec);
  }

  user(id: string): FakeUser {
    return this.state.mustUser(id);
  }

  // ---- challenges and games

  /** An incoming challenge (to the bot by default): `challenge` on both parties' event streams. */
  challenge(spec: ChallengeSpec = {}): ChallengeHandle {
    return this.state.createChallenge(spec);
  }

  challengeById(id: string): ChallengeHandle {
    const challenge = this.state.challenges.get(id);
    if (!challenge) throw new Error(`fakeLichess: no challenge ${id}`);
    return challenge;
  }

  /** All challenges, oldest first. */
  challenges(): ChallengeHandle[] {
    return [...this.state.challenges.values()] as FakeChallenge[];
  }

  /** A game in progress, as if a challenge had been accepted earlier (e.g. for restart tests). */
  startGame(spec: GameSpec = {}): GameHandle {
    return this.state.createGame(spec);
  }

  game(id: string): GameHandle {
    const game = this.state.games.get(id);
    if (!game) throw new Error(`fakeLichess: no game ${id}`);
    return game;
  }

  /** All games, oldest first. */
  games(): GameHandle[] {
    return [...this.state.games.values()] as FakeGame[];
  }

  opponent(gameId: string): OpponentHandle {
    return this.game(gameId).opponent;
  }

  // ---- observation

  /** Requests whose path matches (`*` = one segment, or a RegExp), optionally of one method. */
  requestsTo(pattern: PathPattern, method?: string): RecordedRequest[] {
    return this.requests.filter((r) => pathMatches(pattern, r.path) && (!method || r.method === method.toUpperCase()));
  }

  clearRequests(): void {
    this.requests.length = 0;
  }

  /** The NDJSON streams open now. */
  streams(): StreamInfo[] {
    return this.state.streamInfos();
  }

  /** Number of event-stream opens accepted for `userId` (default the bot) since the start. */
  eventStreamOpens(userId = this.botId): number {
    return this.requests.filter((r) => r.path === '/api/stream/event' && r.userId === userId && r.status === 200).length;
  }

  /**
   * Resolve with the probe's first truthy value; the probe runs on every change of the fake and
   * every 10 ms. Rejects after `timeoutMs` (default 5000) naming `what`.
   */
  waitFor<T>(probe: () => T | undefined | null | false, options: { timeoutMs?: number; what?: string } = {}): Promise<T> {
    const timeoutMs = options.timeoutMs ?? 5000;
    return new Promise<T>((resolve, reject) => {
      const check = (): boolean => {
        let value: T | undefined | null | false;
        try {
          value = probe();
        } catch (error) {
          finish();
          reject(error as Error);
          return true;
        }
        if (!value) return false;
        finish();
        resolve(value);
        return true;
      };
      const onChange = () => void check();
      const poll = setInterval(onChange, 10);
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`fakeLichess.waitFor timed out after ${timeoutMs} ms${options.what ? `: ${options.what}` : ''}`));
      }, timeoutMs);
      const finish = () => {
        clearInterval(poll);
        clearTimeout(timer);
        this.state.events.off('change', onChange);
      };
      this.state.events.on('change', onChange);
      check();
    });
  }

  // ---- faults

  /** The next `count` requests matching `pattern` get this fault (default one 429 with JSON). */
  failNext(pattern: PathPattern, fault: FaultSpec = {}): void {
    this.faults.push({ pattern, spec: fault, left: fault.count ?? 1 });
  }

  clearFaults(): void {
    this.faults.length = 0;
  }

  /** Destroy the socket of `userId`'s event stream(s) (default the bot); returns how many. */
  dropEventStream(userId = this.botId): number {
    const streams = this.state.streamsOf('event', userId);
    for (const s of streams) s.drop();
    return streams.length;
  }

  /** Stop sending anything on `userId`'s event stream(s), keep-alives included; the socket stays open. */
  stallEventStream(userId = this.botId): number {
    const streams = this.state.streamsOf('event', userId);
    for (const s of streams) s.stall();
    return streams.length;
  }

  dropGameStream(gameId: string, userId = this.botId): number {
    const streams = this.state.streamsOf('game', userId, gameId);
    for (const s of streams) s.drop();
    return streams.length;
  }

  stallGameStream(gameId: string, userId = this.botId): number {
    const streams = this.state.streamsOf('game', userId, gameId);
    for (const s of streams) s.stall();
    return streams.length;
  }

  /**
   * Garble the next `count` (default 1) `gameFull` or `gameState` lines that `userId`'s (default
   * the bot's) streams of the game get: each is cut in half, so it is no longer JSON. A gameFull
   * sent when a stream opens counts too.
   */
  corruptGameLines(gameId: string, options: { type: 'gameFull' | 'gameState'; count?: number }, userId = this.botId): void {
    this.state.corruptGameLines(gameId, userId, options.type, options.count ?? 1);
  }

  /** Send `text` as one line on `userId`'s (default the bot's) open streams of the game; returns how many. */
  sendGameLine(gameId: string, text: string, userId = this.botId): number {
    const streams = this.state.streamsOf('game', userId, gameId);
    for (const s of streams) s.sendRaw(text);
    return streams.length;
  }

  /** Cut the output of every stream (open and future) at random byte offsets; null: whole lines. */
  setChunking(chunking: ChunkingOptions | null): void {
    this.state.settings.chunking = chunking;
    for (const s of this.state.streams) s.setChunking(chunking);
  }

  /** Change the keep-alive intervals of open and future streams. */
  setKeepAlive(intervals: { eventMs?: number; gameMs?: number }): void {
    const settings = this.state.settings;
    if (intervals.eventMs !== undefined) settings.eventKeepAliveMs = intervals.eventMs;
    if (intervals.gameMs !== undefined) settings.gameKeepAliveMs = intervals.gameMs;
    for (const s of this.state.streams) s.setKeepAlive(s.info.kind === 'event' ? settings.eventKeepAliveMs : settings.gameKeepAliveMs);
  }

  // ---- HTTP

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = (req.method ?? 'GET').toUpperCase();
    const path = decodeURIComponent(url.pathname);
    const body = await readBody(req);
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const user = token === undefined ? undefined : this.state.userByToken(token);
    const record: RecordedRequest = {
      method,
      path,
      query: url.searchParams,
      headers: { ...req.headers },
      body,
      form: parseForm(req, body),
      userId: user?.id,
      at: this.state.now(),
      status: 0,
      response: undefined,
      fault: false,
    };
    this.requests.push(record);
    this.state.changed();

    const fault = takeFault(this.faults, method, path);
    if (fault) {
      if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
      if (this.closed) return void res.socket?.destroy();
      if (fault.destroy) {
        record.fault = true;
        res.socket?.destroy();
        return;
      }
      if (fault.status !== undefined || !fault.delayMs) return sendFault(res, record, fault);
    }

    const found = findRoute(method, path);
    if (found === undefined) return sendError(res, record, 404, 'Not found');
    if (found === null) return sendError(res, record, 405, 'Method not allowed');
    const { route, params } = found;
    if (route.auth !== 'none') {
      if (token === undefined) return sendError(res, record, 401, 'Missing authorization header');
      if (!user) return sendError(res, record, 401, 'No such token');
      if (route.auth !== 'any' && !route.auth.some((scope) => user.scopes.includes(scope))) {
        return sendError(res, record, 403, 'Missing scope');
      }
      if (route.botOnly && user.title !== 'BOT') return sendError(res, record, 400, NOT_A_BOT);
    }
    route.handle({
      req,
      res,
      record,
      params,
      query: url.searchParams,
      body,
      form: record.form,
      user: user as FakeUser,
      userAgent: req.headers['user-agent'] ?? '',
      state: this.state,
    });
    this.state.changed();
  }
}
