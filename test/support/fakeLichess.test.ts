// The fake Lichess, exercised over loopback with plain fetch: tokens and scopes, the event stream
// (challenges, accept/decline, gameStart replay, one stream per user, the open limit), game streams
// (gameFull, gameState, chat, opponentGone, keep-alives), whole games with server-side clocks and
// rules (fool's mate, castling in both notations, flags, first-move aborts, draws, claims), and
// the scripted faults (429 JSON and HTML, drops, stalls, lines cut inside UTF-8 characters).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeLichess, type GameHandle } from './fakeLichess/index.ts';

const KEEP_ALIVE_MS = 40;

let fake: FakeLichess;

beforeAll(async () => {
  fake = await FakeLichess.start({ keepAliveMs: KEEP_ALIVE_MS, seed: 7 });
});

afterAll(async () => {
  await fake?.close();
});

const open: StreamReader[] = [];
afterEach(() => {
  for (const reader of open.splice(0)) reader.close();
  fake.clearFaults();
  fake.setChunking(null);
});

// ---- helpers

type Json = Record<string, any>;

function call(method: string, path: string, options: { token?: string | null; body?: string; form?: Record<string, string> } = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  const token = options.token === undefined ? fake.token : options.token;
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  let body = options.body;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  return fetch(fake.url + path, { method, headers, body });
}

async function json(method: string, path: string, options: Parameters<typeof call>[2] = {}): Promise<{ status: number; body: any }> {
  const res = await call(method, path, options);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const move = (gameId: string, uci: string, query = '') => json('POST', `/api/bot/game/${gameId}/move/${uci}${query}`);

/** An NDJSON stream read the way a careful client reads it: bytes buffered to newlines. */
class StreamReader {
  readonly lines: Json[] = [];
  /** Lines that are not JSON (a scripted corruption), as text. */
  readonly garbled: string[] = [];
  readonly chunks: Uint8Array[] = [];
  keepAlives = 0;
  error: unknown;
  done = false;
  status = 0;
  contentType = '';
  private readonly controller = new AbortController();
  private readonly listeners = new Set<() => void>();

  static async open(path: string, token = fake.token, userAgent = 'fake-test'): Promise<StreamReader> {
    const reader = new StreamReader();
    const res = await fetch(fake.url + path, {
      headers: { Authorization: `Bearer ${token}`, 'User-Agent': userAgent },
      signal: reader.controller.signal,
    });
    reader.status = res.status;
    reader.contentType = res.headers.get('content-type') ?? '';
    open.push(reader);
    if (res.ok && res.body) void reader.pump(res.body);
    else {
      reader.lines.push((await res.json()) as Json);
      reader.done = true;
    }
    return reader;
  }

  private async pump(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    let buffer = '';
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        this.chunks.push(chunk);
        buffer += decoder.decode(chunk, { stream: true });
        let nl: number;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          if (line === '') this.keepAlives++;
          else {
            try {
              this.lines.push(JSON.parse(line));
            } catch {
              this.garbled.push(line);
            }
          }
        }
        this.notify();
      }
    } catch (error) {
      this.error = error;
    }
    this.done = true;
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  /** Resolve when `probe` holds on what has arrived. */
  until(probe: (r: StreamReader) => boolean, what: string, timeoutMs = 3000): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!probe(this)) return;
        cleanup();
        resolve();
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`stream: ${what} not seen in ${timeoutMs} ms; lines ${JSON.stringify(this.lines.map((l) => l.type))}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.listeners.delete(check);
      };
      this.listeners.add(check);
      check();
    });
  }

  /** The first line of `type` (after index `from`), waiting for it. */
  async line(type: string, from = 0, timeoutMs?: number): Promise<Json> {
    const find = () => this.lines.slice(from).find((l) => l.type === type);
    await this.until(() => find() !== undefined, `a ${type} line`, timeoutMs);
    return find()!;
  }

  /** The last line, once there are at least `n` lines. */
  async nth(n: number): Promise<Json> {
    await this.until((r) => r.lines.length >= n, `${n} lines`);
    return this.lines[n - 1];
  }

  ended(): Promise<void> {
    return this.until((r) => r.done, 'the end of the stream');
  }

  close(): void {
    this.controller.abort();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- tests

describe('tokens and accounts', () => {
  it('POST /api/token/test reports the user and scopes of good tokens, null for bad ones', async () => {
    const { status, body } = await json('POST', '/api/token/test', { token: null, body: `${fake.token},lip_nope` });
    expect(status).toBe(200);
    expect(body).toEqual({
      lip_testbot: { userId: 'testbot', scopes: 'challenge:read,challenge:write,bot:play', expires: null },
      lip_nope: null,
    });
  });

  it('answers 401 without a token or with a bad one, 403 without the scope, 400 for non-BOT users on /api/bot', async () => {
    expect(await json('GET', '/api/account', { token: null })).toEqual({ status: 401, body: { error: 'Missing authorization header' } });
    expect(await json('GET', '/api/account', { token: 'lip_wrong' })).toEqual({ status: 401, body: { error: 'No such token' } });
    fake.addUser({ id: 'readonly', title: 'BOT', token: 'lip_readonly', scopes: ['preference:read'] });
    expect(await json('GET', '/api/bot/game/stream/abcdefgh', { token: 'lip_readonly' })).toEqual({ status: 403, body: { error: 'Missing scope' } });
    fake.addUser({ id: 'human2', token: 'lip_human2', scopes: ['bot:play'] });
    const notBot = await json('GET', '/api/bot/game/stream/abcdefgh', { token: 'lip_human2' });
    expect(notBot.status).toBe(400);
    expect(notBot.body.error).toMatch(/only be used with a Bot account/);
    expect((await json('GET', '/api/bot/game/stream/abcdefgh')).body).toEqual({ error: 'No such game' });
  });

  it('GET /api/account gives the UserExtended shape; upgrade works once, only for accounts without games', async () => {
    const me = await json('GET', '/api/account');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: 'testbot', username: 'TestBot', title: 'BOT', url: `${fake.url}/@/TestBot` });
    expect(me.body.perfs.blitz).toMatchObject({ rating: 1800 });

    fake.addUser({ id: 'fresh', token: 'lip_fresh', scopes: ['bot:play'] });
    expect((await json('GET', '/api/account', { token: 'lip_fresh' })).body.title).toBeUndefined();
    expect(await json('POST', '/api/bot/account/upgrade', { token: 'lip_fresh' })).toEqual({ status: 200, body: { ok: true } });
    expect((await json('GET', '/api/account', { token: 'lip_fresh' })).body.title).toBe('BOT');

    fake.addUser({ id: 'veteran', token: 'lip_veteran', scopes: ['bot:play'], gamesPlayed: 12 });
    const refused = await json('POST', '/api/bot/account/upgrade', { token: 'lip_veteran' });
    expect(refused.status).toBe(400);
    expect(typeof refused.body.error).toBe('string');
  });
});

describe('the event stream', () => {
  it('is application/x-ndjson with keep-alive empty lines, and carries challenges and gameStart', async () => {
    const events = await StreamReader.open('/api/stream/event');
    expect(events.status).toBe(200);
    expect(events.contentType).toBe('application/x-ndjson');
    await events.until((r) => r.keepAlives >= 2, 'two keep-alives');

    const challenge = fake.challenge({ from: 'alice', timeControl: { limit: 300, increment: 3 }, rated: true, color: 'black' });
    const line = await events.line('challenge');
    expect(line).toEqual({
      type: 'challenge',
      challenge: {
        id: challenge.id,
        url: `${fake.url}/${challenge.id}`,
        status: 'created',
        challenger: { id: 'alice', name: 'Alice', rating: 1500, online: true, lag: 4 },
        destUser: { id: 'testbot', name: 'TestBot', rating: 1800, title: 'BOT', online: true, lag: 4 },
        variant: { key: 'standard', name: 'Standard', short: 'Std' },
        rated: true,
        speed: 'blitz',
        timeControl: { type: 'clock', limit: 300, increment: 3, show: '5+3' },
        color: 'black',
        finalColor: 'black',
        perf: { icon: expect.any(String), name: 'Blitz' },
        direction: 'in',
      },
      compat: { bot: true, board: true },
    });

    expect(await json('POST', `/api/challenge/${challenge.id}/accept`)).toEqual({ status: 200, body: { ok: true } });
    expect(await challenge.settled()).toBe('accepted');
    const start = await events.line('gameStart');
    expect(start.game).toMatchObject({
      gameId: challenge.id,
      id: challenge.id,
      fullId: expect.stringMatching(new RegExp(`^${challenge.id}\\w{4}$`)),
      fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      color: 'white',
      lastMove: '',
      source: 'friend',
      status: { id: 20, name: 'started' },
      variant: { key: 'standard', name: 'Standard' },
      speed: 'blitz',
      perf: 'blitz',
      rated: true,
      hasMoved: false,
      opponent: { id: 'alice', username: 'Alice', rating: 1500 },
      isMyTurn: true,
      secondsLeft: 300,
      compat: { bot: true, board: true },
    });
    expect(challenge.game?.botColor).toBe('white');
    // accepting twice: 404, as lila
    expect((await json('POST', `/api/challenge/${challenge.id}/accept`)).status).toBe(404);
    challenge.game!.end('aborted');
  });

  it('declines with the reason: challengeDeclined reaches the challenger with the lowercase key', async () => {
    const aliceEvents = await StreamReader.open('/api/stream/event', 'lip_alice');
    const challenge = fake.challenge({ from: 'alice', timeControl: { limit: 15, increment: 0 } });
    expect(challenge.json().speed).toBe('ultraBullet');
    const ultra = await json('POST', `/api/challenge/${challenge.id}/accept`);
    expect(ultra).toEqual({ status: 400, body: { error: 'Game incompatible with a BOT account' } });
    expect(await json('POST', `/api/challenge/${challenge.id}/decline`, { form: { reason: 'tooFast' } })).toEqual({ status: 200, body: { ok: true } });
    expect(challenge.status).toBe('declined');
    expect(challenge.declineReason).toBe('tooFast');
    const declined = await aliceEvents.line('challengeDeclined');
    expect(declined.challenge).toMatchObject({ id: challenge.id, status: 'declined', declineReasonKey: 'toofast', declineReason: expect.stringMatching(/too fast/) });
    // declining again: gone
    expect((await json('POST', `/api/challenge/${challenge.id}/decline`)).status).toBe(404);

    const other = fake.challenge({ from: 'alice' });
    await json('POST', `/api/challenge/${other.id}/decline`, { form: { reason: 'whatever' } });
    expect(other.declineReasonKey).toBe('generic');
  });

  it('tells the bot when a challenger cancels, and accepting then fails', async () => {
    const events = await StreamReader.open('/api/stream/event');
    const challenge = fake.challenge({ from: { id: 'bob', username: 'Bob' }, variant: 'chess960', timeControl: { daysPerTurn: 2 } });
    await events.line('challenge');
    challenge.cancel();
    const canceled = await events.line('challengeCanceled');
    expect(canceled.challenge).toMatchObject({ id: challenge.id, status: 'canceled', timeControl: { type: 'correspondence', daysPerTurn: 2 }, variant: { key: 'chess960' } });
    expect(await json('POST', `/api/challenge/${challenge.id}/accept`)).toEqual({ status: 400, body: { error: 'The challenge has been canceled.' } });
  });

  it('replays gameStart for games in progress and pending incoming challenges on every open', async () => {
    const game = fake.startGame({ color: 'black', moves: ['e2e4'], opponent: { moves: 'never' } });
    const pending = fake.challenge({ from: 'alice' });
    for (let i = 0; i < 2; i++) {
      const events = await StreamReader.open('/api/stream/event');
      await events.until((r) => r.lines.some((l) => l.type === 'challenge' && l.challenge.id === pending.id), 'the pending challenge');
      const starts = events.lines.filter((l) => l.type === 'gameStart').map((l) => l.game.gameId);
      expect(starts).toContain(game.id);
      const mine = events.lines.find((l) => l.type === 'gameStart' && l.game.gameId === game.id)!;
      expect(mine.game).toMatchObject({ color: 'black', lastMove: 'e2e4', isMyTurn: true, hasMoved: false });
      // replays come before live events: every gameStart precedes the challenges
      const lastStart = events.lines.map((l) => l.type).lastIndexOf('gameStart');
      const firstChallenge = events.lines.map((l) => l.type).indexOf('challenge');
      expect(lastStart).toBeLessThan(firstChallenge);
      events.close();
    }
    game.end('aborted');
    pending.cancel();
  });

  it('keeps one event stream per user: a new one ends the previous one', async () => {
    const first = await StreamReader.open('/api/stream/event');
    const second = await StreamReader.open('/api/stream/event');
    await first.ended();
    expect(first.error).toBeUndefined();
    expect(second.done).toBe(false);
  });

  it('limits event-stream opens per window with a 429', async () => {
    const limited = await FakeLichess.start({ keepAliveMs: KEEP_ALIVE_MS, eventStreamLimit: { max: 2, windowMs: 60_000 } });
    try {
      const get = () => fetch(`${limited.url}/api/stream/event`, { headers: { Authorization: `Bearer ${limited.token}` } });
      const a = await get();
      const b = await get();
      const c = await get();
      expect([a.status, b.status, c.status]).toEqual([200, 200, 429]);
      expect(((await c.json()) as Json).error).toMatch(/Please don't poll this endpoint/);
      await a.body?.cancel();
      await b.body?.cancel();
      expect(limited.eventStreamOpens()).toBe(2);
    } finally {
      await limited.close();
    }
  });
});

describe('games', () => {
  it("plays fool's mate: gameFull, gameState per move with running clocks, final state, gameFinish, stream end", async () => {
    const events = await StreamReader.open('/api/stream/event');
    const game = fake.startGame({ color: 'white', clock: { initial: 60_000, increment: 1_000 }, opponent: { moves: ['e7e5', 'd8h4'], thinkMs: 30 } });
    const stream = await StreamReader.open(`/api/bot/game/stream/${game.id}`);
    expect(stream.contentType).toBe('application/x-ndjson');
    const full = await stream.nth(1);
    expect(full).toEqual({
      type: 'gameFull',
      id: game.id,
      variant: { key: 'standard', name: 'Standard', short: 'Std' },
      speed: 'bullet',
      perf: { name: 'Bullet' },
      rated: false,
      createdAt: expect.any(Number),
      white: { id: 'testbot', name: 'TestBot', title: 'BOT', rating: 1800 },
      black: { id: 'alice', name: 'Alice', title: null, rating: 1500 },
      initialFen: 'startpos',
      clock: { initial: 60_000, increment: 1_000 },
      state: {
        type: 'gameState',
        moves: '',
        wtime: 60_000,
        btime: 60_000,
        winc: 1_000,
        binc: 1_000,
        status: 'started',
        expiration: { idleMillis: expect.any(Number), millisToMove: 20_000 },
      },
    });

    expect(await move(game.id, 'f2f3')).toEqual({ status: 200, body: { ok: true } });
    await stream.until((r) => r.lines.filter((l) => l.type === 'gameState').length >= 2, 'the reply');
    const afterReply = stream.lines.filter((l) => l.type === 'gameState')[1];
    // the clock starts only once both sides have moved: no time charged, no increment yet; white's
    // clock runs from black's reply on (the snapshot is taken when the line is sent)
    expect(afterReply).toMatchObject({ moves: 'f2f3 e7e5', btime: 60_000 });
    expect(afterReply.wtime).toBeLessThanOrEqual(60_000);
    expect(afterReply.wtime).toBeGreaterThan(59_000);
    expect(afterReply.expiration).toBeUndefined();

    await sleep(50);
    expect(await move(game.id, 'g2g4')).toEqual({ status: 200, body: { ok: true } });
    const third = await stream.nth(4);
    // white's clock ran ~50 ms, then the increment
    expect(third.moves).toBe('f2f3 e7e5 g2g4');
    expect(third.wtime).toBeGreaterThan(60_000 + 1_000 - 1_000);
    expect(third.wtime).toBeLessThanOrEqual(60_000 + 1_000 - 40);

    await stream.ended();
    const last = stream.lines.at(-1)!;
    expect(last).toMatchObject({ type: 'gameState', moves: 'f2f3 e7e5 g2g4 d8h4', status: 'mate', winner: 'black' });
    expect(last.btime).toBeLessThan(60_000 + 1_000);
    expect(await game.ended()).toEqual({ status: 'mate', winner: 'black' });
    const finish = await events.line('gameFinish');
    expect(finish.game).toMatchObject({ gameId: game.id, status: { id: 30, name: 'mate' }, winner: 'black', lastMove: 'd8h4', isMyTurn: false });
    expect(game.moveLog.map((m) => [m.uci, m.via])).toEqual([
      ['f2f3', 'api'],
      ['e7e5', 'script'],
      ['g2g4', 'api'],
      ['d8h4', 'script'],
    ]);
    // a finished game's stream: gameFull with the final state, then the end
    const again = await StreamReader.open(`/api/bot/game/stream/${game.id}`);
    await again.ended();
    expect(again.lines).toHaveLength(1);
    expect(again.lines[0].state).toMatchObject({ status: 'mate', winner: 'black' });
  });

  it('refuses bad moves with 400 and lila\'s messages; unknown games 404', async () => {
    const game = fake.startGame({ color: 'white', opponent: { moves: 'never' } });
    expect(await move(game.id, 'e2e5')).toEqual({ status: 400, body: { error: 'Piece on e2 cannot move to e5' } });
    expect(await move(game.id, 'xyz')).toEqual({ status: 400, body: { error: 'Invalid UCI: xyz' } });
    expect(await move(game.id, 'e2e4')).toEqual({ status: 200, body: { ok: true } });
    // the same move again, and any move out of turn
    expect(await move(game.id, 'e2e4')).toEqual({ status: 400, body: { error: 'Not your turn, or game already over' } });
    expect(await move(game.id, 'd2d4')).toEqual({ status: 400, body: { error: 'Not your turn, or game already over' } });
    expect(game.moves).toEqual(['e2e4']);
    expect(game.rejected.map((r) => r.detail)).toEqual(['e2e5', 'xyz', 'e2e4', 'd2d4']);
    expect(await move('nosuchgm', 'e2e4')).toEqual({ status: 404, body: { error: 'No such game' } });
    const others = fake.startGame({ bot: 'otherbot', against: 'alice' });
    expect(await move(others.id, 'e2e4')).toEqual({ status: 404, body: { error: 'Not your game' } });
    game.end('aborted');
    others.end('aborted');
  });

  it('accepts castling in both notations and emits it in the game\'s notation', async () => {
    const setup = ['e2e4', 'e7e5', 'g1f3', 'g8f6', 'f1c4', 'f8c5'];
    // standard: the bot castles king-to-rook, the game emits e1g1
    const standard = fake.startGame({ color: 'white', moves: setup, opponent: { moves: ['e8h8'] } });
    expect((await move(standard.id, 'e1h1')).status).toBe(200);
    await standard.waitForPly(8);
    expect(standard.moves.slice(6)).toEqual(['e1g1', 'e8g8']);
    expect(standard.fen).toBe('rnbq1rk1/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w - - 6 5');
    // king-to-rook notation (as lila emits for chess960/fromPosition): the opponent's O-O reads e8h8
    const k2r = fake.startGame({ color: 'white', moves: setup, castling: 'kingToRook', opponent: { moves: ['e8g8'] } });
    const stream = await StreamReader.open(`/api/bot/game/stream/${k2r.id}`);
    expect((await move(k2r.id, 'e1g1')).status).toBe(200);
    await stream.until((r) => r.lines.some((l) => l.moves?.endsWith('e1h1 e8h8')), 'both castlings king-to-rook');
    // asPlayed: each as sent
    const asPlayed = fake.startGame({ color: 'white', moves: setup, castling: 'asPlayed', opponent: { moves: ['e8h8'] } });
    await move(asPlayed.id, 'e1g1');
    await asPlayed.waitForPly(8);
    expect(asPlayed.moves.slice(6)).toEqual(['e1g1', 'e8h8']);
    for (const g of [standard, k2r, asPlayed]) g.end('aborted');
  });

  it('flags the side whose clock runs out: outoftime, the other side wins', async () => {
    const events = await StreamReader.open('/api/stream/event');
    // a 150 ms clock is ultraBullet by its length; shown as bullet so a BOT may stream it
    const game = fake.startGame({ color: 'white', moves: ['e2e4'], clock: { initial: 150, increment: 0 }, speed: 'bullet', opponent: { moves: 'never' } });
    const stream = await StreamReader.open(`/api/bot/game/stream/${game.id}`);
    await stream.nth(1);
    // black's first move starts white's clock, and the bot never answers
    game.opponent.move('e7e5');
    expect(await game.ended()).toEqual({ status: 'outoftime', winner: 'black' });
    await stream.ended();
    expect(stream.lines.at(-1)).toMatchObject({ type: 'gameState', status: 'outoftime', winner: 'black', wtime: 0 });
    expect((await events.line('gameFinish')).game).toMatchObject({ gameId: game.id, status: { id: 35, name: 'outoftime' }, winner: 'black' });
    expect(await move(game.id, 'g1f3')).toEqual({ status: 400, body: { error: 'Not your turn, or game already over' } });
  });

  it('gives no winner on a flag when the side still on time cannot mate', async () => {
    // white (the opponent: king and rook) never moves and flags; black, the bot, has a bare king
    const game = fake.startGame({ color: 'black', fen: 'R7/8/8/4k3/8/8/8/4K3 w - - 0 1', moves: ['e1e2', 'e5e4'], clock: { initial: 100, increment: 0 }, speed: 'bullet', opponent: { moves: 'never' } });
    expect(game.variant).toBe('fromPosition');
    expect(game.initialFen).toBe('R7/8/8/4k3/8/8/8/4K3 w - - 0 1');
    expect(await game.ended()).toEqual({ status: 'outoftime', winner: undefined });
  });

  it('aborts a game whose side to move never makes its first move', async () => {
    const quick = await FakeLichess.start({ keepAliveMs: KEEP_ALIVE_MS, firstMoveMs: 120 });
    try {
      const game = quick.startGame({ color: 'white', opponent: { moves: 'never' } });
      const started = performance.now();
      expect(await game.ended()).toEqual({ status: 'aborted', winner: undefined });
      expect(performance.now() - started).toBeGreaterThanOrEqual(100);
    } finally {
      await quick.close();
    }
  });

  it('ends games by resignation and abort with lila\'s rules', async () => {
    const early = fake.startGame({ color: 'white', opponent: { moves: 'never' } });
    await move(early.id, 'e2e4');
    // resigning a game that is still abortable aborts it
    expect(await json('POST', `/api/bot/game/${early.id}/resign`)).toEqual({ status: 200, body: { ok: true } });
    expect(early.status).toBe('aborted');

    const later = fake.startGame({ color: 'white', moves: ['e2e4', 'e7e5'], opponent: { moves: 'never' } });
    expect(await json('POST', `/api/bot/game/${later.id}/abort`)).toEqual({ status: 400, body: { error: 'This game can no longer be aborted' } });
    expect(await json('POST', `/api/bot/game/${later.id}/resign`)).toEqual({ status: 200, body: { ok: true } });
    expect(await later.ended()).toEqual({ status: 'resign', winner: 'black' });
    expect(await json('POST', `/api/bot/game/${later.id}/resign`)).toEqual({ status: 400, body: { error: 'This game cannot be resigned' } });

    const theirs = fake.startGame({ color: 'black', moves: ['e2e4', 'e7e5'], opponent: { moves: 'never' } });
    theirs.opponent.resign();
    expect(await theirs.ended()).toEqual({ status: 'resign', winner: 'black' });
  });

  it('handles draw offers both ways: the opponent offers and the bot accepts; the bot offers with a move and the opponent accepts', async () => {
    const game = fake.startGame({ color: 'white', moves: ['e2e4', 'e7e5'], opponent: { moves: 'never' } });
    const stream = await StreamReader.open(`/api/bot/game/stream/${game.id}`);
    await stream.nth(1);
    game.opponent.offerDraw();
    expect(await stream.nth(2)).toMatchObject({ type: 'gameState', bdraw: true });
    expect((await json('POST', `/api/bot/game/${game.id}/draw/yes`)).status).toBe(200);
    expect(await game.ended()).toEqual({ status: 'draw', winner: undefined });

    const second = fake.startGame({ color: 'white', moves: ['e2e4', 'e7e5'], opponent: { moves: 'random', onDrawOffer: 'accept', thinkMs: 20 } });
    expect((await move(second.id, 'g1f3', '?offeringDraw=true')).status).toBe(200);
    expect(second.moveLog.at(-1)).toMatchObject({ uci: 'g1f3', offeringDraw: true });
    expect(await second.ended()).toEqual({ status: 'draw', winner: undefined });

    // declined: the opponent's reply move withdraws nothing of ours but clears its own consideration
    const third = fake.startGame({ color: 'white', moves: ['e2e4', 'e7e5'], opponent: { moves: ['b8c6'], onDrawOffer: 'decline' } });
    await move(third.id, 'g1f3', '?offeringDraw=true');
    await third.waitForPly(4);
    expect(third.drawOffer).toEqual({ white: false, black: false });
    expect(third.isOver).toBe(false);
    third.end('aborted');
  });

  it('handles takebacks: the opponent proposes and the bot declines; the bot proposes and the opponent accepts', async () => {
    const game = fake.startGame({ color: 'white', moves: ['e2e4', 'e7e5', 'g1f3'], opponent: { moves: 'never', onTakeback: 'accept' } });
    const stream = await StreamReader.open(`/api/bot/game/stream/${game.id}`);
    await stream.nth(1);
    game.opponent.proposeTakeback();
    expect(await stream.nth(2)).toMatchObject({ type: 'gameState', btakeback: true });
    expect((await json('POST', `/api/bot/game/${game.id}/takeback/no`)).status).toBe(200);
    expect(await stream.nth(3)).not.toHaveProperty('btakeback');
    // the bot asks to take back its own last move (g1f3); the opponent accepts
    expect((await json('POST', `/api/bot/game/${game.id}/takeback/yes`)).status).toBe(200);
    await stream.until((r) => r.lines.at(-1)?.moves === 'e2e4 e7e5', 'the takeback');
    expect(game.turn).toBe('white');
    game.end('aborted');
  });

  it('ends drawn positions by itself: threefold repetition, insufficient material', async () => {
    const shuffle = ['g1f3', 'g8f6', 'f3g1', 'f6g8', 'g1f3', 'g8f6', 'f3g1'];
    const threefold = fake.startGame({ color: 'black', moves: shuffle, opponent: { moves: 'never' } });
    expect((await move(threefold.id, 'f6g8')).status).toBe(200);
    expect(await threefold.ended()).toEqual({ status: 'draw', winner: undefined });

    const bare = fake.startGame({ color: 'white', fen: 'k7/8/8/8/8/8/1p6/K1B5 w - - 0 1', opponent: { moves: 'never' } });
    expect((await move(bare.id, 'c1b2')).status).toBe(200);
    expect(await bare.ended()).toEqual({ status: 'draw', winner: undefined });
  });

  it('sends opponentGone with a countdown, refuses early claims, and lets the bot claim victory', async () => {
    const game = fake.startGame({ color: 'white', moves: ['e2e4', 'e7e5'], opponent: { moves: 'never' } });
    const stream = await StreamReader.open(`/api/bot/game/stream/${game.id}`);
    await stream.nth(1);
    expect(await json('POST', `/api/bot/game/${game.id}/claim-victory`)).toEqual({ status: 400, body: { error: 'You cannot claim the win on this game' } });
    game.opponent.goAway({ claimInSeconds: 5 });
    expect(await stream.line('opponentGone')).toEqual({ type: 'opponentGone', gone: true, claimWinInSeconds: 5 });
    expect((await json('POST', `/api/bot/game/${game.id}/claim-victory`)).status).toBe(400);
    game.opponent.comeBack();
    await stream.until((r) => r.lines.some((l) => l.type === 'opponentGone' && l.gone === false), 'gone:false');
    expect((await json('POST', `/api/bot/game/${game.id}/claim-victory`)).status).toBe(400);

    game.opponent.goAway({ claimInSeconds: 0 });
    await stream.until((r) => r.lines.some((l) => l.type === 'opponentGone' && l.claimWinInSeconds === 0), 'claimWinInSeconds 0');
    // a reopened stream hears it right after gameFull
    const reopened = await StreamReader.open(`/api/bot/game/stream/${game.id}`, fake.token, 'another-agent');
    expect(await reopened.nth(2)).toEqual({ type: 'opponentGone', gone: true, claimWinInSeconds: 0 });
    expect(await json('POST', `/api/bot/game/${game.id}/claim-victory`)).toEqual({ status: 200, body: { ok: true } });
    expect(await game.ended()).toEqual({ status: 'timeout', winner: 'white' });
  });

  it('carries chat both ways: chatLine on the stream (the bot\'s own lines too), GET chat as a JSON array', async () => {
    const game = fake.startGame({ color: 'white', opponent: { moves: 'never' } });
    const stream = await StreamReader.open(`/api/bot/game/stream/${game.id}`);
    await stream.nth(1);
    expect(await json('POST', `/api/bot/game/${game.id}/chat`, { form: { room: 'player', text: 'Good luck!' } })).toEqual({ status: 200, body: { ok: true } });
    game.opponent.chat('Merci, à toi 🙂');
    await stream.nth(3);
    expect(stream.lines.slice(1, 3)).toEqual([
      { type: 'chatLine', room: 'player', username: 'TestBot', text: 'Good luck!' },
      { type: 'chatLine', room: 'player', username: 'Alice', text: 'Merci, à toi 🙂' },
    ]);
    expect((await json('GET', `/api/bot/game/${game.id}/chat`)).body).toEqual([
      { text: 'Good luck!', user: 'TestBot' },
      { text: 'Merci, à toi 🙂', user: 'Alice' },
    ]);
    expect((await json('POST', `/api/bot/game/${game.id}/chat`, { form: { room: 'lobby', text: 'x' } })).status).toBe(400);
    game.end('aborted');
  });

  it('lists ongoing games in /api/account/playing, most urgent first, status as an object', async () => {
    const mine = fake.startGame({ color: 'black', moves: ['d2d4'], opponent: { moves: 'never' } });
    const theirs = fake.startGame({ color: 'white', moves: ['d2d4'], opponent: { moves: 'never' } });
    const { body } = await json('GET', '/api/account/playing?nb=50');
    const ids: string[] = body.nowPlaying.map((g: Json) => g.gameId);
    expect(ids).toContain(mine.id);
    expect(ids).toContain(theirs.id);
    expect(ids.indexOf(mine.id)).toBeLessThan(ids.indexOf(theirs.id));
    expect(body.nowPlaying.find((g: Json) => g.gameId === mine.id)).toMatchObject({
      fullId: expect.stringMatching(new RegExp(`^${mine.id}`)),
      color: 'black',
      isMyTurn: true,
      lastMove: 'd2d4',
      status: { id: 20, name: 'started' },
      opponent: { id: 'alice', username: 'Alice' },
    });
    expect(body.nbMyTurn).toBeGreaterThanOrEqual(1);
    expect((await json('GET', '/api/account/playing?nb=1')).body.nowPlaying).toHaveLength(1);
    mine.end('aborted');
    theirs.end('aborted');
  });

  it('a second game stream from the same user agent ends the first; another agent does not', async () => {
    const game = fake.startGame({ color: 'white', opponent: { moves: 'never' } });
    const first = await StreamReader.open(`/api/bot/game/stream/${game.id}`, fake.token, 'ua-1');
    await first.nth(1);
    const other = await StreamReader.open(`/api/bot/game/stream/${game.id}`, fake.token, 'ua-2');
    const second = await StreamReader.open(`/api/bot/game/stream/${game.id}`, fake.token, 'ua-1');
    await first.ended();
    await second.nth(1);
    expect(other.done).toBe(false);
    game.end('aborted');
  });

  it('plays random games to their end (rules detected by the server, castling rights included)', async () => {
    const game: GameHandle = fake.startGame({ color: 'white', fen: 'r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1', clock: null, opponent: { moves: 'random' } });
    let random = 12345;
    const next = () => ((random = (random * 1103515245 + 12345) & 0x7fffffff) / 0x80000000);
    while (!game.isOver) {
      if (game.turn === 'white') {
        const legal = game.legalMoves();
        expect((await move(game.id, legal[Math.floor(next() * legal.length)])).status).toBe(200);
      } else await game.waitForPly(game.moves.length + 1).catch(() => undefined);
    }
    expect(['mate', 'stalemate', 'draw']).toContain(game.status);
    expect(game.rejected).toEqual([]);
  });
});

describe('faults', () => {
  it('answers 429 with JSON (and ratelimit) or nginx HTML on the next N matching requests', async () => {
    const game = fake.startGame({ color: 'white', opponent: { moves: 'never' } });
    fake.failNext('/api/bot/game/*/move/*', { count: 2, ratelimit: { key: 'bot.move', seconds: 1 } });
    const first = await move(game.id, 'e2e4');
    expect(first).toEqual({ status: 429, body: { error: 'Too many requests. Try again later.', ratelimit: { key: 'bot.move', seconds: 1 } } });
    expect((await move(game.id, 'e2e4')).status).toBe(429);
    expect(await move(game.id, 'e2e4')).toEqual({ status: 200, body: { ok: true } });
    expect(game.moves).toEqual(['e2e4']);

    fake.failNext('/api/account', { body: 'html', retryAfter: 60 });
    const html = await call('GET', '/api/account');
    expect(html.status).toBe(429);
    expect(html.headers.get('content-type')).toBe('text/html');
    expect(html.headers.get('retry-after')).toBe('60');
    expect(await html.text()).toContain('<h1>429 Too Many Requests</h1>');
    expect((await call('GET', '/api/account')).status).toBe(200);
    expect(fake.requestsTo(`/api/bot/game/${game.id}/move/*`, 'POST').map((r) => [r.status, r.fault])).toEqual([
      [429, true],
      [429, true],
      [200, false],
    ]);
    game.end('aborted');
  });

  it('delays or resets requests', async () => {
    fake.failNext('/api/account', { delayMs: 80 });
    const started = performance.now();
    expect((await call('GET', '/api/account')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(70);
    fake.failNext(/^\/api\/account$/, { destroy: true });
    await expect(call('GET', '/api/account')).rejects.toThrow();
  });

  it('cuts stream output at random byte offsets, inside UTF-8 characters too; lines still reassemble', async () => {
    fake.setChunking({ maxBytes: 6, seed: 99 });
    const player = fake.addUser({ id: 'zoe', username: 'Zoë_🐴', token: 'lip_zoe' });
    const game = fake.startGame({ color: 'white', against: player.id, opponent: { moves: 'never' } });
    const stream = await StreamReader.open(`/api/bot/game/stream/${game.id}`);
    game.opponent.chat('日本語 — ça va? 🎉🎉');
    await stream.nth(2);
    expect(stream.lines[0]).toMatchObject({ type: 'gameFull', black: { name: 'Zoë_🐴' } });
    expect(stream.lines[1]).toEqual({ type: 'chatLine', room: 'player', username: 'Zoë_🐴', text: '日本語 — ça va? 🎉🎉' });
    expect(stream.chunks.length).toBeGreaterThan(20);
    // some chunk ends inside a multi-byte character: it does not decode on its own
    const strict = new TextDecoder('utf-8', { fatal: true });
    const broken = stream.chunks.filter((chunk) => {
      try {
        strict.decode(chunk);
        return false;
      } catch {
        return true;
      }
    });
    expect(broken.length).toBeGreaterThan(0);
    game.end('aborted');
  });

  it('drops an event stream (socket destroyed) and a game stream; the client sees an error, then may reconnect', async () => {
    const events = await StreamReader.open('/api/stream/event');
    await events.until((r) => r.keepAlives >= 1, 'a keep-alive');
    expect(fake.dropEventStream()).toBe(1);
    await events.ended();
    expect(events.error).toBeDefined();

    const game = fake.startGame({ color: 'white', opponent: { moves: 'never' } });
    const stream = await StreamReader.open(`/api/bot/game/stream/${game.id}`);
    await stream.nth(1);
    expect(fake.dropGameStream(game.id)).toBe(1);
    await stream.ended();
    expect(stream.error).toBeDefined();
    // the game goes on; reopening resynchronises from gameFull
    await move(game.id, 'e2e4');
    const again = await StreamReader.open(`/api/bot/game/stream/${game.id}`);
    expect((await again.nth(1)).state.moves).toBe('e2e4');
    game.end('aborted');
  });

  it('stalls a stream: the socket stays open but nothing arrives, not even keep-alives', async () => {
    const events = await StreamReader.open('/api/stream/event');
    await events.until((r) => r.keepAlives >= 1, 'a keep-alive');
    expect(fake.stallEventStream()).toBe(1);
    const before = { lines: events.lines.length, keepAlives: events.keepAlives, chunks: events.chunks.length };
    const challenge = fake.challenge({ from: 'alice' });
    await sleep(KEEP_ALIVE_MS * 4);
    expect({ lines: events.lines.length, keepAlives: events.keepAlives, chunks: events.chunks.length }).toEqual(before);
    expect(events.done).toBe(false);
    expect(fake.streams().find((s) => s.kind === 'event' && s.userId === 'testbot')?.stalled).toBe(true);
    challenge.cancel();

    const game = fake.startGame({ color: 'white', opponent: { moves: 'never' } });
    const stream = await StreamReader.open(`/api/bot/game/stream/${game.id}`);
    await stream.nth(1);
    fake.stallGameStream(game.id);
    const lines = stream.lines.length;
    await move(game.id, 'e2e4');
    await sleep(KEEP_ALIVE_MS * 3);
    expect(stream.lines.length).toBe(lines);
    game.end('aborted');
  });

  it('garbles the next gameFull or gameState lines of a game stream, and sends raw lines', async () => {
    const game = fake.startGame({ color: 'white', opponent: { moves: 'never' } });
    fake.corruptGameLines(game.id, { type: 'gameFull' });
    fake.corruptGameLines(game.id, { type: 'gameState', count: 2 });
    const stream = await StreamReader.open(`/api/bot/game/stream/${game.id}`);
    await stream.until((r) => r.garbled.length === 1, 'the garbled gameFull');
    expect(stream.garbled[0]).toMatch(/^\{"type":"gameFull"/);
    expect(stream.lines).toHaveLength(0);
    await move(game.id, 'e2e4');
    game.opponent.move('e7e5');
    await move(game.id, 'g1f3');
    await stream.line('gameState');
    // The first two gameStates were cut in half; the third came whole.
    expect(stream.garbled).toHaveLength(3);
    expect(stream.garbled[2]).toMatch(/^\{"type":"gameState"/);
    expect(stream.lines.map((l) => l.moves)).toEqual(['e2e4 e7e5 g1f3']);
    expect(fake.sendGameLine(game.id, '{"type":"somethingNew"}')).toBe(1);
    await stream.line('somethingNew');
    // A new stream gets its gameFull whole: only one was to be garbled.
    const again = await StreamReader.open(`/api/bot/game/stream/${game.id}`);
    expect((await again.nth(1)).type).toBe('gameFull');
    game.end('aborted');
  });

  it('logs every request with method, path, query, form, user and time', async () => {
    fake.clearRequests();
    const challenge = fake.challenge({ from: 'alice' });
    await json('POST', `/api/challenge/${challenge.id}/decline`, { form: { reason: 'later' } });
    await json('GET', '/api/account/playing?nb=50');
    const [decline, playing] = fake.requests;
    expect(decline).toMatchObject({ method: 'POST', path: `/api/challenge/${challenge.id}/decline`, userId: 'testbot', status: 200 });
    expect(decline.form?.get('reason')).toBe('later');
    expect(playing.query.get('nb')).toBe('50');
    expect(playing.at).toBeGreaterThanOrEqual(decline.at);
    expect(playing.headers.authorization).toBe(`Bearer ${fake.token}`);
  });
});

describe('challenges the bot sends (matchmaking)', () => {
  let own: FakeLichess;
  const send = async (to: string, form: Record<string, string>) => {
    const res = await fetch(`${own.url}/api/challenge/${to}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${own.token}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    return { status: res.status, body: (await res.json()) as Json };
  };

  beforeAll(async () => {
    own = await FakeLichess.start({ keepAliveMs: KEEP_ALIVE_MS, botDailyLimit: 2 });
    own.addUser({ id: 'decliner', title: 'BOT', rating: 1700, challengeAnswer: 'tooFast' });
    own.addUser({ id: 'tiredbot', title: 'BOT', botGamesToday: 2 });
    own.addUser({ id: 'shybot', title: 'BOT', challengeAnswer: 'ignore', online: false });
  });
  afterAll(async () => {
    await own?.close();
  });

  it('lists online bots with a rating per speed', async () => {
    const text = await (await fetch(`${own.url}/api/bot/online?nb=10`)).text();
    const bots = text.trim().split('\n').map((line) => JSON.parse(line) as Json);
    expect(bots.map((b) => b.id)).toEqual(['testbot', 'otherbot', 'decliner', 'tiredbot']);
    expect(bots[2]!.perfs).toMatchObject({ bullet: { rating: 1700 }, blitz: { rating: 1700 }, rapid: { rating: 1700 }, classical: { rating: 1700 } });
  });

  it('creates a challenge (direction out) that the opponent bot accepts or declines, as scripted', async () => {
    const accepted = await send('otherbot', { rated: 'false', 'clock.limit': '180', 'clock.increment': '2', color: 'random' });
    expect(accepted).toMatchObject({ status: 200, body: { direction: 'out', status: 'created', timeControl: { limit: 180, increment: 2 }, destUser: { id: 'otherbot' } } });
    const game = await own.waitFor(() => own.challengeById(accepted.body.id).game);
    expect([game.white.id, game.black.id].sort()).toEqual(['otherbot', 'testbot']);
    const declined = await send('decliner', { 'clock.limit': '60', 'clock.increment': '0' });
    await own.waitFor(() => own.challengeById(declined.body.id).status === 'declined');
    expect(own.challengeById(declined.body.id).declineReasonKey).toBe('toofast');
    const pending = await send('shybot', { 'clock.limit': '300', 'clock.increment': '0' });
    expect((await fetch(`${own.url}/api/challenge/${pending.body.id}/cancel`, { method: 'POST', headers: { Authorization: `Bearer ${own.token}` } })).status).toBe(200);
    expect(own.challengeById(pending.body.id).status).toBe('canceled');
  });

  it('refuses bad clocks and ultraBullet for bots, and applies the bot-versus-bot daily limit', async () => {
    expect((await send('otherbot', { 'clock.limit': '100', 'clock.increment': '0' })).status).toBe(400);
    expect(await send('otherbot', { 'clock.limit': '15', 'clock.increment': '0' })).toMatchObject({ status: 400, body: { error: expect.stringContaining('UltraBullet') } });
    // The opponent at its limit: 400 with the limit's body.
    expect(await send('tiredbot', { 'clock.limit': '180', 'clock.increment': '0' })).toMatchObject({ status: 400, body: { ratelimit: { key: 'bot.vsBot.day' } } });
    // testbot played one bot game above; a second takes it to the limit of 2.
    const second = await send('otherbot', { 'clock.limit': '180', 'clock.increment': '0' });
    await own.waitFor(() => own.challengeById(second.body.id).game);
    const over = await send('otherbot', { 'clock.limit': '180', 'clock.increment': '0' });
    expect(over).toMatchObject({ status: 429, body: { error: expect.stringContaining('games against other bots today'), ratelimit: { key: 'bot.vsBot.day' } } });
    expect(over.body.ratelimit.seconds).toBeGreaterThan(86_000);
  });
});
