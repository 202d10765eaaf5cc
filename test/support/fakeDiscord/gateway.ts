// The fake Discord gateway (one shard, JSON encoding, no compression) on a `ws` WebSocketServer:
// HELLO, IDENTIFY (token checked, else close 4004), READY + GUILD_CREATE, heartbeat ACKs, RESUME
// with replay of missed events, and the faults: drop the socket, refuse the resume.
import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { guildCreatePayload, makeSnowflake, readyPayload, type FakeGuild, type FakeUser } from './payloads.ts';

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

interface Session {
  id: string;
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
}

/** Counters and logs a test can assert on. */
export interface GatewayStats {
  connections: number;
  identifies: number;
  resumes: number;
  heartbeats: number;
  /** the `d` (last sequence) of the latest heartbeat */
  lastHeartbeatSeq: number | null;
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
    connectQueries: [],
    received: [],
  };
  private readonly wss: WebSocketServer;
  private readonly sessions = new Map<string, Session>();
  /** the session new dispatches go to (the latest identified one) */
  private current: Session | null = null;
  /** the connection currently attached to `current`, if any */
  private live: Connection | null = null;
  private readonly connections = new Set<Connection>();
  /** answer RESUME with op 9 `false` instead of RESUMED (test fault), this many times */
  private refuseResumes = 0;

  constructor(server: Server, private readonly opts: GatewayOptions) {
    super();
    this.wss = new WebSocketServer({ server });
    this.wss.on('connection', (socket, req) => this.onConnection(socket, new URL(req.url ?? '/', 'ws://x').searchParams));
  }

  /** Sends a dispatch (op 0) on the current session; queued for RESUME replay while disconnected. */
  dispatch(t: string, d: unknown): void {
    const session = this.current;
    if (!session) throw new Error('fake gateway: no identified session to dispatch to');
    const event = { s: ++session.seq, t, d };
    session.log.push(event);
    if (this.live?.session === session) this.send(this.live.socket, { op: Op.Dispatch, ...event });
  }

  /** True when a client is connected and identified (or resumed). */
  get connected(): boolean {
    return this.live !== null;
  }

  get sessionId(): string | null {
    return this.current?.id ?? null;
  }

  /**
   * Closes the live socket. Code 4000 (default) makes discord.js RESUME on `resume_gateway_url`;
   * 1000 makes it IDENTIFY afresh; `terminate` drops TCP without a close frame (code 1006).
   */
  dropConnection(opts: { code?: number; terminate?: boolean } = {}): void {
    const live = this.live;
    if (!live) throw new Error('fake gateway: no live connection to drop');
    this.live = null;
    if (opts.terminate) live.socket.terminate();
    else live.socket.close(opts.code ?? 4000, 'fake drop');
  }

  /** The next `times` RESUMEs get op 9 `false` (session invalid), so the client re-IDENTIFYs. */
  refuseNextResume(times = 1): void {
    this.refuseResumes += times;
  }

  /** Sends op 7 RECONNECT: Discord asking the client to reconnect and resume. */
  requestReconnect(): void {
    if (this.live) this.send(this.live.socket, { op: Op.Reconnect, d: null });
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
      if (this.live === conn) this.live = null;
      this.emit('disconnect');
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
        return this.onIdentify(conn, payload.d as { token?: string; intents?: number });
      case Op.Resume:
        return this.onResume(conn, payload.d as { token?: string; session_id?: string; seq?: number });
      default:
        // Presence and voice updates etc.: accepted and ignored.
        return;
    }
  }

  private onIdentify(conn: Connection, d: { token?: string; intents?: number }): void {
    this.stats.identifies++;
    if (conn.session) return conn.socket.close(4005, 'Already authenticated');
    if (d.token !== this.opts.token) return conn.socket.close(4004, 'Authentication failed');
    const session: Session = { id: makeSnowflake(), seq: 0, log: [] };
    this.sessions.set(session.id, session);
    this.attach(conn, session);
    this.emit('identify', d);
    this.dispatch(
      'READY',
      readyPayload({
        bot: this.opts.bot,
        applicationId: this.opts.applicationId,
        sessionId: session.id,
        resumeUrl: this.opts.url(),
        guilds: this.opts.guilds,
      }),
    );
    for (const guild of this.opts.guilds) {
      this.dispatch('GUILD_CREATE', guildCreatePayload(guild, this.opts.bot));
    }
    this.emit('ready', session.id);
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
    this.dispatch('RESUMED', { _trace: ['fake'] });
    this.emit('resumed', session.id);
  }

  private attach(conn: Connection, session: Session): void {
    if (this.live && this.live !== conn) this.live.socket.close(4000, 'superseded');
    conn.session = session;
    this.current = session;
    this.live = conn;
  }

  private send(socket: WebSocket, payload: Record<string, unknown>): void {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ s: null, t: null, ...payload }));
  }
}
