// The fake Lichess server: the FakeLichess class that tests start, script and inspect.
// (Skeleton: the API shape is fixed here first; the implementation follows.)
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

const TODO = (): never => {
  throw new Error('fakeLichess: not implemented yet');
};

export class FakeLichess {
  /** Start a server on 127.0.0.1 with a random port. */
  static async start(options: FakeLichessOptions = {}): Promise<FakeLichess> {
    void options;
    return TODO();
  }

  /** `http://127.0.0.1:<port>`: the bot's LICHESS_URL */
  readonly url: string = '';
  /** the bot account's id (default `testbot`) */
  readonly botId: string = '';
  /** the bot account's token (default `lip_testbot`) */
  get token(): string {
    return TODO();
  }

  /** Destroy every open stream and connection, stop every timer, close the port. */
  async close(): Promise<void> {
    TODO();
  }

  // ---- users
  addUser(spec: UserSpec): FakeUser {
    void spec;
    return TODO();
  }
  user(id: string): FakeUser {
    void id;
    return TODO();
  }

  // ---- challenges and games
  /** An incoming challenge (to the bot by default): `challenge` on the event streams. */
  challenge(spec: ChallengeSpec = {}): ChallengeHandle {
    void spec;
    return TODO();
  }
  challengeById(id: string): ChallengeHandle {
    void id;
    return TODO();
  }
  /** A game in progress, as if a challenge had been accepted earlier (restart tests). */
  startGame(spec: GameSpec = {}): GameHandle {
    void spec;
    return TODO();
  }
  game(id: string): GameHandle {
    void id;
    return TODO();
  }
  games(): GameHandle[] {
    return TODO();
  }
  opponent(gameId: string): OpponentHandle {
    void gameId;
    return TODO();
  }

  // ---- observation
  readonly requests: RecordedRequest[] = [];
  requestsTo(pattern: PathPattern, method?: string): RecordedRequest[] {
    void pattern;
    void method;
    return TODO();
  }
  clearRequests(): void {
    TODO();
  }
  streams(): StreamInfo[] {
    return TODO();
  }
  async waitFor<T>(probe: () => T | undefined | null | false, options: { timeoutMs?: number; what?: string } = {}): Promise<T> {
    void probe;
    void options;
    return TODO();
  }

  // ---- faults
  failNext(pattern: PathPattern, fault: FaultSpec = {}): void {
    void pattern;
    void fault;
    TODO();
  }
  clearFaults(): void {
    TODO();
  }
  dropEventStream(userId?: string): number {
    void userId;
    return TODO();
  }
  stallEventStream(userId?: string): number {
    void userId;
    return TODO();
  }
  dropGameStream(gameId: string, userId?: string): number {
    void gameId;
    void userId;
    return TODO();
  }
  stallGameStream(gameId: string, userId?: string): number {
    void gameId;
    void userId;
    return TODO();
  }
  setChunking(chunking: ChunkingOptions | null): void {
    void chunking;
    TODO();
  }
  setKeepAlive(intervals: { eventMs?: number; gameMs?: number }): void {
    void intervals;
    TODO();
  }
}
