// The fake Discord gateway (JSON encoding, no compression) on a `ws` WebSocketServer: HELLO,
// IDENTIFY (token checked, else close 4004), READY + GUILD_CREATE, heartbeat ACKs, RESUME with
// replay of missed events, and the faults: drop the socket, refuse the resume. Sharded as Discord
// is (https://discord.com/developers/docs/events/gateway#sharding): each connection IDENTIFYs as
// `shard: [shard_id, num_shards]` (absent: [0, 1]) and gets the guilds with
// `(guild_id >> 22) % num_shards === shard_id`, their events, and DMs on shard 0.
import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { guildCreatePayload, makeSnowflake, readyPayload, shardOf, type FakeGuild, type FakeUser } from './payloads.ts';

/** Gateway opcodes the fake speaks. */
const Op = {
  Dispatch: 0,
  Heartbeat: 1,
  Identify: 2,
  Resume: 6,
  Reconnect: 7,
  InvalidSession: 9,
  Hello: 10,
  HeartbeatAck: 11,
} as const;

/** A payload the client sent, as the fake received it. */
export interface ReceivedPayload {
  op: number;
  d: unknown;
  at: number;
}

interface SentDispatch {
  s: number;
  t: string;
  d: unknown;
}

/** `[shard_id, num_shards]`, as in IDENTIFY and READY. */
export type ShardPair = readonly [id: number, count: number];

interface Session {
  id: string;
  shard: ShardPair;
  seq: number;
  /** every dispatch of the session, for RESUME replay */
  log: SentDispatch[];
}

interface Connection {
  socket: WebSocket;
  session: Session | null;
  query: URLSearchParams;
}

export interface GatewayOptions {
  token: string;
  bot: FakeUser;
  applicationId: string;
  guilds: FakeGuild[];
  heartbeatIntervalMs: number;
  /** ws://127.0.0.1:PORT, filled in once the server listens */
  url: () => string;
  /** Close with 4011 (Sharding required) an IDENTIFY whose num_shards is below this; 0: never. */
  requiredShards: number;
}

/** A shard's current session, as a test sees it. */
export interface ShardSession {
  shard: ShardPair;
  sessionId: string;
  /** whether a socket is attached to it now */
  connected: boolean;
}

/** Counters and logs a test can assert on. */
export interface GatewayStats {
  connections: number;
  identifies: number;
  resumes: number;
  heartbeats: number;
  /** the `d` (last sequence) of the latest heartbeat */
  lastHeartbeatSeq: number | null;
  /** the shard of each accepted IDENTIFY, in order */
  identifiedShards: ShardPair[];
  /** query strings of each connection (v, encoding, compress) */
  connectQueries: URLSearchParams[];
  received: ReceivedPayload[];
}

export class FakeGateway extends EventEmitter {
  readonly stats: GatewayStats = {
    connections: 0,
    identifies: 0,
    resumes: 0,
    heartbeats: 0,
    lastHeartbeatSeq: null,
    identifiedShards: [],
    connectQueries: [],
    received: [],
  };
  private readonly wss: WebSocketServer;
  private readonly sessions = new Map<string, Session>();
  /** by shard id: the session new dispatches of that shard go to (its latest identified one) */
  private readonly current = new Map<number, Session>();
  /** by shard id: the connection attached to that shard's current session, if any */
  private readonly live = new Map<number, Connection>();
  private readonly connections = new Set<Connection>();
  /** answer RESUME with op 9 `false` instead of RESUMED (test fault), this many times */
  private refuseResumes = 0;

  constructor(server: Server, private readonly opts: GatewayOptions) {
    super();
    this.wss = new WebSocketServer({ server });
    this.wss.on('connection', (socket, req) => this.onConnection(socket, new URL(req.url ?? '/', 'ws://x').searchParams));
  }

  /**
   * Sends a dispatch (op 0) on a shard's current session (default shard 0); queued for RESUME
   * replay while disconnected. Returns the shard it went to.
   */
  dispatch(t: string, d: unknown, shardId = 0): ShardPair {
    const session = this.current.get(shardId);
    if (!session) throw new Error(`fake gateway: no identified session of shard ${shardId} to dispatch to`);
    return this.dispatchOn(session, t, d);
  }

  /**
   * Sends a dispatch on the shard that owns the guild, as Discord does: the current session whose
   * `[shard_id, num_shards]` has `(guild_id >> 22) % num_shards === shard_id`; null (a DM): shard 0.
   */
  dispatchToGuild(t: string, d: unknown, guildId: string | null): ShardPair {
    return this.dispatchOn(this.sessionFor(guildId), t, d);
  }

  /** The shard (of the current sessions) that gets the guild's events; null: DMs, shard 0. */
  shardFor(guildId: string | null): ShardPair {
    return this.sessionFor(guildId).shard;
  }

  /** True when a client is connected and identified (or resumed), on any shard. */
  get connected(): boolean {
    return this.live.size > 0;
  }

  /** The session id of shard 0 (or of the lowest shard when there is no shard 0). */
  get sessionId(): string | null {
    return this.current.get(0)?.id ?? this.shardSessions()[0]?.sessionId ?? null;
  }

  /** Each shard's current session, by shard id. */
  shardSessions(): ShardSession[] {
    return [...this.current.entries()]
      .sort(([a], [b]) => a - b)
      .map(([id, session]) => ({ shard: session.shard, sessionId: session.id, connected: this.live.get(id)?.session === session }));
  }

  /**
   * Closes a shard's live socket, or every live socket when no shard is named. Code 4000
   * (default) makes discord.js RESUME on `resume_gateway_url`; 1000 makes it IDENTIFY afresh;
   * `terminate` drops TCP without a close frame (code 1006).
   */
  dropConnection(opts: { code?: number; terminate?: boolean; shard?: number } = {}): void {
    const ids = opts.shard === undefined ? [...this.live.keys()] : this.live.has(opts.shard) ? [opts.shard] : [];
    if (ids.length === 0) throw new Error(`fake gateway: no live connection${opts.shard === undefined ? '' : ` of shard ${opts.shard}`} to drop`);
    for (const id of ids) {
      const live = this.live.get(id)!;
      this.live.delete(id);
      if (opts.terminate) live.socket.terminate();
      else live.socket.close(opts.code ?? 4000, 'fake drop');
    }
  }

  /** The next `times` RESUMEs get op 9 `false` (session invalid), so the client re-IDENTIFYs. */
  refuseNextResume(times = 1): void {
    this.refuseResumes += times;
  }

  /** Sends op 7 RECONNECT (Discord asking the client to reconnect and resume) on a shard, or on all. */
  requestReconnect(shard?: number): void {
    for (const [id, live] of this.live) {
      if (shard === undefined || shard === id) this.send(live.socket, { op: Op.Reconnect, d: null });
    }
  }

  async close(): Promise<void> {
    for (const c of this.connections) c.socket.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private onConnection(socket: WebSocket, query: URLSearchParams): void {
    const conn: Connection = { socket, session: null, query };
    this.connections.add(conn);
    this.stats.connections++;
    this.stats.connectQueries.push(query);
    socket.on('message', (data, isBinary) => {
      if (isBinary) return socket.close(4002, 'Decode error');
      let payload: { op: number; d: unknown };
      try {
        payload = JSON.parse(data.toString());
      } catch {
        return socket.close(4002, 'Decode error');
      }
      this.onPayload(conn, payload);
    });
    socket.on('close', () => {
      this.connections.delete(conn);
      const shardId = conn.session?.shard[0];
      if (shardId !== undefined && this.live.get(shardId) === conn) this.live.delete(shardId);
      this.emit('disconnect', conn.session?.shard);
    });
    socket.on('error', () => {});
    this.send(socket, { op: Op.Hello, d: { heartbeat_interval: this.opts.heartbeatIntervalMs, _trace: ['fake'] } });
  }

  private onPayload(conn: Connection, payload: { op: number; d: unknown }): void {
    this.stats.received.push({ op: payload.op, d: payload.d, at: Date.now() });
    switch (payload.op) {
      case Op.Heartbeat:
        this.stats.heartbeats++;
        this.stats.lastHeartbeatSeq = typeof payload.d === 'number' ? payload.d : null;
        this.send(conn.socket, { op: Op.HeartbeatAck });
        this.emit('heartbeat', payload.d);
        return;
      case Op.Identify:
        return this.onIdentify(conn, payload.d as IdentifyData);
      case Op.Resume:
        return this.onResume(conn, payload.d as { token?: string; session_id?: string; seq?: number });
      default:
        // Presence and voice updates etc.: accepted and ignored.
        return;
    }
  }

  private onIdentify(conn: Connection, d: IdentifyData): void {
    this.stats.identifies++;
    if (conn.session) return conn.socket.close(4005, 'Already authenticated');
    if (d.token !== this.opts.token) return conn.socket.close(4004, 'Authentication failed');
    const shard = readShard(d.shard);
    if (!shard) return conn.socket.close(4010, 'Invalid shard');
    if (shard[1] < this.opts.requiredShards) return conn.socket.close(4011, 'Sharding required');
    this.stats.identifiedShards.push(shard);
    const session: Session = { id: makeSnowflake(), shard, seq: 0, log: [] };
    this.sessions.set(session.id, session);
    this.attach(conn, session);
    this.emit('identify', d);
    const guilds = this.opts.guilds.filter((g) => shardOf(g.id, shard[1]) === shard[0]);
    this.dispatchOn(
      session,
      'READY',
      readyPayload({
        bot: this.opts.bot,
        applicationId: this.opts.applicationId,
        sessionId: session.id,
        resumeUrl: this.opts.url(),
        guilds,
        shard,
      }),
    );
    for (const guild of guilds) {
      this.dispatchOn(session, 'GUILD_CREATE', guildCreatePayload(guild, this.opts.bot));
    }
    this.emit('ready', session.id, shard);
  }

  private onResume(conn: Connection, d: { token?: string; session_id?: string; seq?: number }): void {
    this.stats.resumes++;
    if (d.token !== this.opts.token) return conn.socket.close(4004, 'Authentication failed');
    const session = d.session_id ? this.sessions.get(d.session_id) : undefined;
    if (!session || this.refuseResumes > 0) {
      if (this.refuseResumes > 0) this.refuseResumes--;
      if (session) this.sessions.delete(session.id);
      this.send(conn.socket, { op: Op.InvalidSession, d: false });
      return;
    }
    this.attach(conn, session);
    const after = d.seq ?? 0;
    for (const event of session.log) {
      if (event.s > after) this.send(conn.socket, { op: Op.Dispatch, ...event });
    }
    this.dispatchOn(session, 'RESUMED', { _trace: ['fake'] });
    this.emit('resumed', session.id, session.shard);
  }

  /** A session becomes its shard's current one, with `conn` its live socket (another is closed). */
  private attach(conn: Connection, session: Session): void {
    const shardId = session.shard[0];
    const previous = this.live.get(shardId);
    if (previous && previous !== conn) previous.socket.close(4000, 'superseded');
    conn.session = session;
    this.current.set(shardId, session);
    this.live.set(shardId, conn);
  }

  private dispatchOn(session: Session, t: string, d: unknown): ShardPair {
    const event = { s: ++session.seq, t, d };
    session.log.push(event);
    const live = this.live.get(session.shard[0]);
    if (live?.session === session) this.send(live.socket, { op: Op.Dispatch, ...event });
    return session.shard;
  }

  private sessionFor(guildId: string | null): Session {
    if (guildId === null) {
      const dm = this.current.get(0);
      if (!dm) throw new Error('fake gateway: no identified session of shard 0 to send a DM event to');
      return dm;
    }
    // Of the current sessions that own the guild (one, unless clients with different shard
    // counts came and went), a connected one before one that waits for a RESUME, then the latest.
    const rank = (s: Session): [number, bigint] => [this.live.get(s.shard[0])?.session === s ? 1 : 0, BigInt(s.id)];
    const owners = [...this.current.values()].filter((s) => shardOf(guildId, s.shard[1]) === s.shard[0]);
    const owner = owners.sort((a, b) => {
      const [la, ia] = rank(a);
      const [lb, ib] = rank(b);
      return lb - la || (ib > ia ? 1 : ib < ia ? -1 : 0);
    })[0];
    if (!owner) throw new Error(`fake gateway: no identified session of the shard that owns guild ${guildId}`);
    return owner;
  }

  private send(socket: WebSocket, payload: Record<string, unknown>): void {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ s: null, t: null, ...payload }));
  }
}

interface IdentifyData {
  token?: string;
  intents?: number;
  shard?: unknown;
}

/** IDENTIFY's `shard`: absent means [0, 1]; else two integers with 0 <= shard_id < num_shards. */
function readShard(shard: unknown): ShardPair | null {
  if (shard === undefined || shard === null) return [0, 1];
  if (!Array.isArray(shard) || shard.length !== 2 || !shard.every((n) => Number.isSafeInteger(n))) return null;
  const [id, count] = shard as [number, number];
  return id >= 0 && count >= 1 && id < count ? [id, count] : null;
}
