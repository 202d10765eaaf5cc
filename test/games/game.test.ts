// A live game driven with plain states, a fake port, a fake chooser and a fake clock: no HTTP, no
// real timers. Each rule the game keeps has a test that fails when the rule is broken: one move
// per position, a lost move resent only when the fresh state shows it missing, a refused move
// retried once, draws and takebacks answered once per position, our own draw offer rationed, the
// first-move abort, the claim after the opponent left, greeting, goodbye, chat commands, pondering.

import { describe, expect, it } from 'vitest';
import { STARTING_FEN } from '../../src/chess/fen.ts';
import { BLACK, WHITE } from '../../src/chess/types.ts';
import { fileConfigSchema } from '../../src/config/schema.ts';
import type { MoveChoice } from '../../src/games/chooseMove.ts';
import { type Chooser, LiveGame, type LiveGameSettings } from '../../src/games/game.ts';
import type { ChatRoom, GameClock, GamePort, MoveResult } from '../../src/games/port.ts';
import type { LogFields, Logger } from '../../src/log.ts';
import type { GameSession, GameSetup, GameState } from '../../src/games/session.ts';

const SETTINGS: LiveGameSettings = { ...fileConfigSchema.parse({}).lichess, greeting: 'Hi {opponent}!', goodbye: 'Bye {opponent}!' };

/** The moves both sides play, by ply. */
const LINE = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6', 'd2d3', 'f8c5'];

/** Lets every promise chain started so far run to its end. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function setup(overrides: Partial<GameSetup> = {}): GameSetup {
  return {
    id: 'abcdefgh', variant: 'standard', initialFen: STARTING_FEN, ourColor: WHITE,
    us: { id: 'testbot', name: 'TestBot', title: 'BOT', rating: null }, opponent: { id: 'alice', name: 'Alice', title: null, rating: null },
    rated: false, speed: 'blitz', clock: { initialMs: 180_000, incrementMs: 0 }, ...overrides,
  };
}

/** The state after the first `plies` moves of LINE (or after `moves`). */
function state(plies: number | string[], overrides: Partial<GameState> = {}): GameState {
  return {
    moves: typeof plies === 'number' ? LINE.slice(0, plies) : plies, wtime: 180_000, btime: 180_000, winc: 0, binc: 0,
    status: 'started', winner: null, wdraw: false, bdraw: false, wtakeback: false, btakeback: false, millisToMove: null,
    ...overrides,
  };
}

/** Records every request as a line of text: "move e2e4", "move e2e4 offeringDraw=true", "draw no", "say player Hi". */
class FakePort implements GamePort {
  readonly sent: string[] = [];
  /** What the next moves come to (then 'sent'). */
  readonly moveResults: MoveResult[] = [];
  /** How many claims are refused before one succeeds. */
  claimRefusals = 0;
  /** While set, claims wait for it before their answer comes back. */
  claimGate: Promise<void> | null = null;
  /** While set, moves wait for it before their result comes back. */
  moveGate: Promise<void> | null = null;
  chatAuthors: readonly string[] | Error = [];
  resyncs = 0;

  async move(uci: string, offeringDraw: boolean | undefined): Promise<MoveResult> {
    this.sent.push(offeringDraw === undefined ? `move ${uci}` : `move ${uci} offeringDraw=${offeringDraw}`);
    if (this.moveGate) await this.moveGate;
    return this.moveResults.shift() ?? { outcome: 'sent' };
  }
  async resign(): Promise<void> {
    this.sent.push('resign');
  }
  async answerDraw(accept: boolean): Promise<void> {
    this.sent.push(`draw ${accept ? 'yes' : 'no'}`);
  }
  async declineTakeback(): Promise<void> {
    this.sent.push('takeback no');
  }
  async abort(): Promise<void> {
    this.sent.push('abort');
  }
  async say(room: ChatRoom, text: string): Promise<void> {
    this.sent.push(`say ${room} ${text}`);
  }
  async claimVictory(): Promise<void> {
    this.sent.push('claim');
    if (this.claimGate) await this.claimGate;
    if (this.claimRefusals-- > 0) throw new Error('Lichess answered 400 to claimVictory: You cannot claim the win on this game');
  }
  async readChatAuthors(): Promise<readonly string[]> {
    if (this.chatAuthors instanceof Error) throw this.chatAuthors;
    return this.chatAuthors;
  }
  resync(): void {
    this.resyncs++;
  }

  of(kind: string): string[] {
    return this.sent.filter((line) => line === kind || line.startsWith(`${kind} `));
  }
}

/** Time that moves only when told; timers fire in order, each followed by what it set off. */
class FakeClock implements GameClock {
  time = 0;
  private readonly timers: Array<{ at: number; fn: () => void; live: boolean }> = [];

  /** Timers armed and not yet fired or cancelled. */
  get pending(): number {
    return this.timers.filter((t) => t.live).length;
  }

  now(): number {
    return this.time;
  }

  setTimer(ms: number, fn: () => void): () => void {
    const timer = { at: this.time + ms, fn, live: true };
    this.timers.push(timer);
    return () => {
      timer.live = false;
    };
  }

  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      const next = this.timers.filter((t) => t.live && t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.time = next.at;
      next.live = false;
      next.fn();
      await flush();
    }
    this.time = end;
    await flush();
  }
}

/** Plays LINE (or `pick`) with a fixed score; `gate`, while set, holds every choice back. */
class FakeChooser implements Chooser {
  readonly signals: AbortSignal[] = [];
  readonly ponders: Array<{ ply: number; signal: AbortSignal }> = [];
  score: MoveChoice['score'] = { cp: 35 };
  source: MoveChoice['source'] = 'engine';
  tablebase: MoveChoice['tablebase'] = undefined;
  pick: (session: GameSession) => string = (session) => LINE[session.ply]!;
  gate: Promise<void> | null = null;

  get chosen(): number {
    return this.signals.length;
  }

  async choose(session: GameSession, signal: AbortSignal): Promise<MoveChoice | null> {
    this.signals.push(signal);
    const uci = this.pick(session);
    if (this.gate) await this.gate;
    const why = this.source === 'fallback' ? 'the engine missed its deadline' : undefined;
    return { uci, score: this.score, depth: 12, source: this.source, why, elapsedMs: 1, ...(this.tablebase ? { tablebase: this.tablebase } : {}) };
  }

  async ponder(session: GameSession, signal: AbortSignal): Promise<number> {
    this.ponders.push({ ply: session.ply, signal });
    return 0;
  }
}

class MemoryLog implements Logger {
  readonly lines: string[] = [];
  private write = (level: string) => (message: string, fields?: LogFields) => {
    this.lines.push(`${level} ${message}${fields ? ` ${JSON.stringify(fields)}` : ''}`);
  };
  error = this.write('error');
  warn = this.write('warn');
  info = this.write('info');
  debug = this.write('debug');
}

interface Options {
  readonly settings?: Partial<LiveGameSettings>;
  readonly setup?: Partial<GameSetup>;
  readonly chooser?: (chooser: FakeChooser) => void;
  readonly port?: (port: FakePort) => void;
}

/** A game started from `first` as the runner starts one: start, then the gameFull's state. */
async function play(first: GameState, options: Options = {}) {
  const port = new FakePort();
  const clock = new FakeClock();
  const chooser = new FakeChooser();
  const log = new MemoryLog();
  options.chooser?.(chooser);
  options.port?.(port);
  const game = LiveGame.start(
    { port, clock, chooser, log, settings: { ...SETTINGS, ...options.settings }, engineName: 'chessbot 0.1.0', claimMarginMs: 500 },
    setup(options.setup), first,
  );
  const feed = async (next: GameState, full = false) => {
    game.update(next, full);
    await flush();
  };
  await feed(first, true);
  return { game, port, clock, chooser, log, feed };
}

describe('LiveGame: our moves', () => {
  it('sends one move per position, however often the state repeats or the stream reopens', async () => {
    const { port, chooser, feed, game } = await play(state(0));
    expect(port.of('move')).toEqual(['move e2e4']);
    await feed(state(0, { wtime: 179_000 }));
    await feed(state(0), true);
    expect(port.of('move')).toEqual(['move e2e4']);
    expect(chooser.chosen).toBe(1);
    await feed(state(1));
    expect(port.of('move')).toEqual(['move e2e4']);
    await feed(state(2));
    expect(port.of('move')).toEqual(['move e2e4', 'move g1f3']);
    expect(game.report).toMatchObject({ status: null, result: null, movesSent: 2, movesRejected: 0, fallbackMoves: 0 });
  });

  it('does not move on the opponent\'s turn', async () => {
    const { port, chooser } = await play(state(0), { setup: { ourColor: BLACK } });
    expect(port.of('move')).toEqual([]);
    expect(chooser.chosen).toBe(0);
  });

  it('stops thinking when the position changes, and never sends the move chosen for the old one', async () => {
    let release!: () => void;
    const { port, chooser, feed } = await play(state(0), { chooser: (c) => { c.gate = new Promise((resolve) => (release = resolve)); } });
    expect(chooser.chosen).toBe(1);
    await feed(state(2));
    expect(chooser.signals[0]!.aborted).toBe(true);
    expect(chooser.chosen).toBe(2);
    release();
    await flush();
    expect(port.of('move')).toEqual(['move g1f3']);
  });

  it('counts and logs a fallback move', async () => {
    const { game, log } = await play(state(0), { chooser: (c) => (c.source = 'fallback') });
    expect(game.report.fallbackMoves).toBe(1);
    expect(log.lines.join('\n')).toMatch(/warn fallback move .*"move":"e2e4","why":"the engine missed its deadline"/);
  });

  it('resigns instead of moving when hopeless for long enough, and sends nothing more in that position', async () => {
    const { port, feed } = await play(state(0), {
      settings: { resign: { enabled: true, atOrBelowCp: -1000, moves: 1 } }, chooser: (c) => (c.score = { cp: -2000 }),
    });
    expect(port.sent.filter((line) => !line.startsWith('say'))).toEqual(['resign']);
    await feed(state(0), true);
    expect(port.sent.filter((line) => !line.startsWith('say'))).toEqual(['resign']);
  });

  it('resynchronises when a state does not replay, and keeps the last good one', async () => {
    const { port, feed, log } = await play(state(0));
    await feed(state(['e2e4', 'e2e4']));
    expect(port.resyncs).toBe(1);
    expect(log.lines.join('\n')).toContain('error game state does not replay; resynchronising');
    await feed(state(2));
    expect(port.of('move')).toEqual(['move e2e4', 'move g1f3']);
  });
});

describe('LiveGame: a move that may not have arrived', () => {
  it('resends a move whose outcome is unknown only when the next gameFull shows it missing, as chosen', async () => {
    const lost: MoveResult = { outcome: 'unknown', why: 'no answer from Lichess to move' };
    const { port, chooser, feed, log } = await play(state(0), { port: (p) => p.moveResults.push(lost) });
    expect(port.of('move')).toEqual(['move e2e4']);
    expect(port.resyncs).toBe(1);
    expect(log.lines.join('\n')).toMatch(/warn move outcome unknown; resynchronising .*"why":"no answer from Lichess to move"/);
    // A gameState on the old stream proves nothing: only the reopened stream's gameFull does.
    await feed(state(0));
    expect(port.of('move')).toEqual(['move e2e4']);
    await feed(state(0), true);
    expect(port.of('move')).toEqual(['move e2e4', 'move e2e4']);
    expect(chooser.chosen).toBe(1);
  });

  it('does not resend a move the gameFull shows played', async () => {
    const { port, feed } = await play(state(0), { port: (p) => p.moveResults.push({ outcome: 'unknown', why: 'Lichess answered 502 to move' }) });
    await feed(state(1), true);
    expect(port.of('move')).toEqual(['move e2e4']);
    await feed(state(2));
    expect(port.of('move')).toEqual(['move e2e4', 'move g1f3']);
  });

  it('retries a refused move once, searched afresh after a resync, and never again', async () => {
    const refused: MoveResult = { outcome: 'refused', why: 'Not your turn, or game already over' };
    const { port, chooser, feed, game } = await play(state(0), { port: (p) => p.moveResults.push(refused, refused) });
    expect(port.resyncs).toBe(1);
    await feed(state(0), true);
    expect(port.of('move')).toEqual(['move e2e4', 'move e2e4']);
    expect(chooser.chosen).toBe(2);
    await feed(state(0), true);
    await feed(state(0), true);
    expect(port.of('move')).toHaveLength(2);
    expect(game.report.movesRejected).toBe(2);
  });

  it('sends a rate-limited move again only after the resync, as chosen', async () => {
    const { port, chooser, feed } = await play(state(0), { port: (p) => p.moveResults.push({ outcome: 'rateLimited', why: '429' }) });
    expect(port.resyncs).toBe(1);
    await feed(state(0));
    expect(port.of('move')).toHaveLength(1);
    await feed(state(0), true);
    expect(port.of('move')).toEqual(['move e2e4', 'move e2e4']);
    expect(chooser.chosen).toBe(1);
  });

  it('sends no move chosen after a shutdown', async () => {
    let release!: () => void;
    const { port, game } = await play(state(0), { chooser: (c) => { c.gate = new Promise((resolve) => (release = resolve)); } });
    game.stop();
    release();
    await flush();
    expect(port.of('move')).toEqual([]);
    expect(port.resyncs).toBe(0);
  });

  it('leaves a move that failed during a shutdown alone', async () => {
    let answer!: () => void;
    const { port, game, log } = await play(state(0), {
      port: (p) => {
        p.moveResults.push({ outcome: 'unknown', why: 'no answer' });
        p.moveGate = new Promise((resolve) => (answer = resolve));
      },
    });
    expect(port.of('move')).toEqual(['move e2e4']);
    game.stop();
    answer();
    await flush();
    expect(port.resyncs).toBe(0);
    expect(log.lines.join('\n')).not.toContain('move outcome unknown');
  });
});

describe('LiveGame: draws and takebacks', () => {
  it('answers a draw offer on the opponent\'s turn once per position, accepting when clearly worse', async () => {
    const { port, feed } = await play(state(0), { chooser: (c) => (c.score = { cp: -300 }) });
    await feed(state(1, { bdraw: true }));
    await feed(state(1, { bdraw: true, btime: 170_000 }));
    await feed(state(1, { bdraw: true }), true);
    expect(port.of('draw')).toEqual(['draw yes']);
    await feed(state(2));
    await feed(state(3, { bdraw: true }));
    expect(port.of('draw')).toEqual(['draw yes', 'draw yes']);
  });

  it('declines a draw offer when the evaluation is level, or when the settings decline them all', async () => {
    const level = await play(state(0));
    await level.feed(state(1, { bdraw: true }));
    expect(level.port.of('draw')).toEqual(['draw no']);
    const never = await play(state(0), { settings: { draw: { ...SETTINGS.draw, accept: false } }, chooser: (c) => (c.score = { cp: -300 }) });
    await never.feed(state(1, { bdraw: true }));
    expect(never.port.of('draw')).toEqual(['draw no']);
  });

  it('answers an offer made on our turn with the move', async () => {
    const worse = await play(state(0, { bdraw: true }), { chooser: (c) => (c.score = { cp: -300 }) });
    expect(worse.port.of('move')).toEqual(['move e2e4 offeringDraw=true']);
    const level = await play(state(0, { bdraw: true }));
    expect(level.port.of('move')).toEqual(['move e2e4 offeringDraw=false']);
  });

  it('offers a draw in a dead-drawn ending with at most one move in 20 plies', async () => {
    const shuffle = ['e1e2', 'e8e7', 'e2e1', 'e7e8'];
    const moves = (plies: number) => Array.from({ length: plies }, (_, i) => shuffle[i % 4]!);
    const { port, feed } = await play(state([]), {
      setup: { initialFen: '4k3/8/8/8/8/8/8/4K3 w - - 0 1', variant: 'fromPosition' },
      chooser: (c) => (c.pick = (session) => shuffle[session.ply % 4]!),
    });
    for (let ply = 2; ply <= 22; ply += 2) await feed(state(moves(ply)));
    const offers = port.of('move').map((line, i) => (line.endsWith('offeringDraw=true') ? i * 2 : null)).filter((ply) => ply !== null);
    expect(port.of('move')).toHaveLength(12);
    expect(offers).toEqual([0, 20]);
  });

  it('declines a takeback once per position', async () => {
    const { port, feed } = await play(state(0));
    await feed(state(1, { btakeback: true }));
    await feed(state(1, { btakeback: true }), true);
    expect(port.of('takeback')).toEqual(['takeback no']);
    await feed(state(2));
    await feed(state(3, { btakeback: true }));
    expect(port.of('takeback')).toEqual(['takeback no', 'takeback no']);
  });
});

describe('LiveGame: the first-move abort', () => {
  const asBlack = { setup: { ourColor: BLACK } } as const;

  it('aborts after abortAfterSeconds, armed once per wait so a reopened stream does not move it', async () => {
    const { port, clock, feed } = await play(state(0), asBlack);
    await clock.advance(5000);
    await feed(state(0), true);
    await clock.advance(9999);
    expect(port.of('abort')).toEqual([]);
    await clock.advance(1);
    expect(port.of('abort')).toEqual(['abort']);
    await clock.advance(60_000);
    expect(port.of('abort')).toEqual(['abort']);
  });

  it('aims a second before the server\'s deadline, counted from when the wait began', async () => {
    const { port, clock } = await play(state(0, { millisToMove: 20_000, idleMillis: 15_000 }), { ...asBlack, settings: { abortAfterSeconds: 30 } });
    await clock.advance(3999);
    expect(port.of('abort')).toEqual([]);
    await clock.advance(1);
    expect(port.of('abort')).toEqual(['abort']);
  });

  it('waits for black\'s first move after ours as white', async () => {
    const { port, clock, feed } = await play(state(0));
    await feed(state(1));
    await clock.advance(15_000);
    expect(port.of('abort')).toEqual(['abort']);
  });

  it('does not abort once the opponent has moved', async () => {
    const { port, clock, feed } = await play(state(0), asBlack);
    await clock.advance(5000);
    await feed(state(1));
    expect(clock.pending).toBe(0);
    await clock.advance(60_000);
    expect(port.of('abort')).toEqual([]);
  });

  it('arms nothing and sends nothing for a state that comes after a shutdown', async () => {
    const { port, clock, game, feed } = await play(state(1));
    const said = port.of('say');
    game.stop();
    // Still waiting for black's first move: a live game would arm the abort again.
    await feed(state(1), true);
    game.onChat('alice', 'player', '!help');
    expect(clock.pending).toBe(0);
    await clock.advance(60_000);
    expect(port.of('abort')).toEqual([]);
    expect(port.of('say')).toEqual(said);
  });

    it('never aborts a game without a clock', async () => {
    const { port, clock } = await play(state(0), { setup: { ourColor: BLACK, clock: null } });
    await clock.advance(3_600_000);
    expect(port.of('abort')).toEqual([]);
  });
});

describe('LiveGame: claiming the win', () => {
  it('claims once the countdown and the margin are over', async () => {
    const { port, clock, game, log } = await play(state(2));
    game.onOpponentGone(true, 2);
    await clock.advance(2499);
    expect(port.of('claim')).toEqual([]);
    await clock.advance(1);
    expect(port.of('claim')).toEqual(['claim']);
    await clock.advance(10_000);
    expect(port.of('claim')).toEqual(['claim']);
    expect(log.lines.join('\n')).toContain('info claimed the win: the opponent left');
  });

  it('tries a refused claim again every second, five attempts in all', async () => {
    const { port, clock, game, log } = await play(state(2), { port: (p) => (p.claimRefusals = 100) });
    game.onOpponentGone(true, 0);
    await clock.advance(500);
    expect(port.of('claim')).toHaveLength(1);
    await clock.advance(999);
    expect(port.of('claim')).toHaveLength(1);
    await clock.advance(1);
    expect(port.of('claim')).toHaveLength(2);
    await clock.advance(60_000);
    expect(port.of('claim')).toHaveLength(5);
    expect(log.lines.filter((line) => line.startsWith('warn claiming the win failed'))).toHaveLength(5);
  });

  it('does not try a refused claim again when the opponent came back while it was on its way', async () => {
    let answer!: () => void;
    const gate = new Promise<void>((resolve) => (answer = resolve));
    const { port, clock, game } = await play(state(2), {
      port: (p) => {
        p.claimRefusals = 100;
        p.claimGate = gate;
      },
    });
    game.onOpponentGone(true, 0);
    await clock.advance(500);
    expect(port.of('claim')).toHaveLength(1);
    game.onOpponentGone(false, undefined);
    answer();
    // The refusal comes back; then time goes on.
    await clock.advance(0);
    await clock.advance(60_000);
    expect(port.of('claim')).toHaveLength(1);
  });

  it('does not claim after the opponent came back', async () => {
    const { port, clock, game } = await play(state(2));
    game.onOpponentGone(true, 2);
    await clock.advance(1000);
    game.onOpponentGone(false, undefined);
    await clock.advance(60_000);
    expect(port.of('claim')).toEqual([]);
  });
});

describe('LiveGame: the chat', () => {
  it('greets in the first two plies when our account has not written yet', async () => {
    expect((await play(state(0))).port.of('say')).toEqual(['say player Hi Alice!']);
    expect((await play(state(1), { setup: { ourColor: BLACK } })).port.of('say')).toEqual(['say player Hi Alice!']);
    // The chat could not be read: greeting twice is better than never.
    expect((await play(state(0), { port: (p) => (p.chatAuthors = new Error('no answer')) })).port.of('say')).toEqual(['say player Hi Alice!']);
  });

  it('does not greet a game resumed past its first moves, or one our account already wrote in', async () => {
    expect((await play(state(2))).port.of('say')).toEqual([]);
    expect((await play(state(0), { port: (p) => (p.chatAuthors = ['Alice', 'TestBot']) })).port.of('say')).toEqual([]);
    expect((await play(state(0), { settings: { greeting: '' } })).port.of('say')).toEqual([]);
  });

  it('says goodbye after a game it saw in play, not after an abort, a game already over, or a shutdown', async () => {
    const won = await play(state(2));
    await won.feed(state(2, { status: 'resign', winner: 'white' }));
    expect(won.port.of('say')).toEqual(['say player Bye Alice!']);
    expect(won.game.isFinished).toBe(true);
    expect(won.game.report).toMatchObject({ status: 'resign', result: 'win' });

    const aborted = await play(state(2));
    await aborted.feed(state(2, { status: 'aborted' }));
    expect(aborted.port.of('say')).toEqual([]);

    const old = await play(state(2, { status: 'mate', winner: 'black' }));
    expect(old.game.isFinished).toBe(true);
    expect(old.port.of('say')).toEqual([]);

    const stopped = await play(state(2));
    stopped.game.stop();
    stopped.game.markFinished('mate', 'white');
    expect(stopped.port.of('say')).toEqual([]);
  });

  it('ends once on gameFinish, whatever comes after', async () => {
    const { game, port, feed, log } = await play(state(2));
    game.markFinished('mate', 'white');
    game.markFinished('draw', null);
    await feed(state(3));
    expect(game.report).toMatchObject({ status: 'mate', result: 'win' });
    expect(port.of('say')).toEqual(['say player Bye Alice!']);
    expect(log.lines.filter((line) => line.startsWith('info game over'))).toHaveLength(1);
  });

  it('answers commands from others in their room, once per cooldown, never its own lines', async () => {
    const { game, port, clock } = await play(state(2));
    game.onChat('alice', 'spectator', '!eval');
    expect(port.of('say')).toEqual(['say spectator My evaluation: +0.35 at depth 12.']);
    game.onChat('alice', 'player', '!help');
    await clock.advance(5000);
    game.onChat('TestBot', 'player', '!help');
    game.onChat('alice', 'player', 'good luck');
    expect(port.of('say')).toHaveLength(1);
    game.onChat('Alice', 'player', '!engine');
    expect(port.of('say')[1]).toMatch(/^say player chessbot 0\.1\.0: /);
  });

  it('answers nothing when chat commands are off', async () => {
    const { game, port } = await play(state(2), { settings: { chatCommands: false } });
    game.onChat('alice', 'player', '!help');
    expect(port.of('say')).toEqual([]);
  });
});

describe('LiveGame: pondering', () => {
  it('ponders once per position on the opponent\'s turn and stops when the position changes', async () => {
    const { chooser, feed } = await play(state(0));
    await feed(state(1));
    await feed(state(1, { btime: 170_000 }));
    await feed(state(1), true);
    expect(chooser.ponders.map((p) => p.ply)).toEqual([1]);
    expect(chooser.ponders[0]!.signal.aborted).toBe(false);
    await feed(state(2));
    expect(chooser.ponders[0]!.signal.aborted).toBe(true);
    await feed(state(3));
    expect(chooser.ponders.map((p) => p.ply)).toEqual([1, 3]);
  });

  it('does not ponder without a clock, or when the settings say not to', async () => {
    const unlimited = await play(state(0), { setup: { ourColor: BLACK, clock: null } });
    await unlimited.feed(state(2));
    expect(unlimited.chooser.ponders).toEqual([]);
    const off = await play(state(1), { settings: { ponder: false } });
    expect(off.chooser.ponders).toEqual([]);
  });
});

describe('LiveGame: the tablebase\'s verdict', () => {
  const verdict = (v: 'win' | 'draw' | 'loss') => (c: FakeChooser) => {
    c.source = 'tablebase';
    c.score = null;
    c.tablebase = { verdict: v, category: v === 'win' ? 'loss' : v === 'loss' ? 'win' : 'draw', dtz: null, dtm: null };
  };

  it('never takes a draw in a tablebase win, however the evaluations went; takes one in a tablebase draw', async () => {
    const won = await play(state(0, { bdraw: true }), { chooser: verdict('win') });
    expect(won.port.of('move')).toEqual(['move e2e4 offeringDraw=false']);
    // On the opponent's turn too, after our tablebase move.
    await won.feed(state(1, { bdraw: true }));
    expect(won.port.of('draw')).toEqual(['draw no']);
    const drawn = await play(state(0), { chooser: verdict('draw') });
    await drawn.feed(state(1, { bdraw: true }));
    expect(drawn.port.of('draw')).toEqual(['draw yes']);
  });

  it('offers a draw in a tablebase draw', async () => {
    const { port } = await play(state(0), { chooser: verdict('draw') });
    expect(port.of('move')).toEqual(['move e2e4 offeringDraw=true']);
  });

  it('resigns a tablebase loss only when resigning is enabled', async () => {
    const off = await play(state(0), { chooser: verdict('loss') });
    expect(off.port.of('resign')).toEqual([]);
    expect(off.port.of('move')).toEqual(['move e2e4']);
    const on = await play(state(0), { chooser: verdict('loss'), settings: { resign: { ...SETTINGS.resign, enabled: true } } });
    expect(on.port.sent.filter((line) => line === 'resign' || line.startsWith('move'))).toEqual(['resign']);
  });
});
