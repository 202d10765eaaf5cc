// Whole games end to end: the real bot (undici, NDJSON, worker pool, engine) plays the fake
// Lichess's scripted opponents with the clocks running, as white and as black, to mate or
// resignation; greets and says goodbye; answers draw offers, takebacks and chat commands; aborts
// when the opponent never moves; claims the win when the opponent leaves.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeLichess, SHORT_CHALLENGE, SHORT_GAME } from '../../support/fakeLichess/index.ts';
import { KEEP_ALIVE_MS, type TestBot, checkBotMoves, startTestBot, until } from './harness.ts';

let fake: FakeLichess;
let bot: TestBot | null = null;

beforeEach(async () => {
  fake = await FakeLichess.start({ keepAliveMs: KEEP_ALIVE_MS, thinkMs: 5 });
});

afterEach(async () => {
  await bot?.stop();
  bot = null;
  await fake.close();
});

// Bullet's shortest clock (30 s; anything shorter is ultraBullet, closed to bots), for the games
// that wait on the opponent rather than play, or whose opponent's clock runs while the bot answers
// a draw offer or a chat, and for the one whose point is how quickly our search takes the worker
// from pondering: every move is a fraction of a second, and a flag would show. The other games
// played out take SHORT_GAME's clock (a third of that time a move).
const FAST_CLOCK = { initial: 30_000, increment: 0 };

/**
 * The bot's searches stop at 20,000 nodes (a few hundredths of a second) as well as by the clock,
 * but in the game about pondering: the others test what goes on around the moves, and mate
 * random moves as surely.
 */
const QUICK = { moveNodes: 20_000 } as const;

describe('whole games against the fake Lichess', () => {
  it('plays white to mate against random moves, clocks running, with a greeting and a goodbye', async () => {
    bot = await startTestBot(fake, {}, QUICK);
    const game = fake.startGame({ color: 'white', ...SHORT_GAME, opponent: { moves: 'random' } });
    const result = await game.ended();
    // Random moves lose, nearly always to mate (a rare stalemate or repetition would show here).
    expect(result).toEqual({ status: 'mate', winner: 'white' });
    checkBotMoves(game);
    await until(() => game.chat.filter((c) => c.userId === fake.botId).length === 2, 'the goodbye');
    expect(game.chat.filter((c) => c.userId === fake.botId).map((c) => c.text)).toEqual(['Hi Alice!', 'Bye Alice!']);
    await until(() => bot!.bot.activeGames.length === 0, 'the slot to be freed');
    expect(bot.logText()).toMatch(/info game over .*"status":"mate","result":"win"/);
  }, 90_000);

  it('thinks on the opponent\'s time on its one worker, which its own search still gets at once', async () => {
    // One worker: each search of ours must stop the pondering to get it.
    bot = await startTestBot(fake, {}, { poolSize: 1 });
    const game = fake.startGame({ color: 'white', clock: FAST_CLOCK, opponent: { moves: 'random', thinkMs: 300 } });
    expect(await game.ended()).toEqual({ status: 'mate', winner: 'white' });
    checkBotMoves(game);
    const pondered = bot.log.filter((line) => line.startsWith('debug pondered '));
    // Every opponent move but the last (mated, no move) could be pondered; a few may end before a depth completes.
    const opponentMoves = game.moveLog.filter((m) => m.color !== game.botColor).length;
    expect(pondered.length).toBeGreaterThanOrEqual(Math.min(3, opponentMoves));
    for (const line of pondered) expect(JSON.parse(line.slice('debug pondered '.length)).depth).toBeGreaterThan(0);
    expect(bot.logText()).not.toMatch(/fallback move|pondering failed/);
  }, 90_000);

  it('does not ponder when the config says not to', async () => {
    bot = await startTestBot(fake, { ponder: false }, { ...QUICK, poolSize: 1 });
    const game = fake.startGame({ color: 'white', ...SHORT_GAME, opponent: { moves: ['e7e5', 'b8c6', 'resign'], thinkMs: 300 } });
    expect(await game.ended()).toMatchObject({ status: 'resign' });
    expect(bot.logText()).not.toMatch(/pondered/);
  }, 60_000);

  it('plays black through a challenge until the opponent resigns, castling king-to-rook', async () => {
    bot = await startTestBot(fake, {}, QUICK);
    const challenge = fake.challenge({
      color: 'white', ...SHORT_CHALLENGE, rated: true, castling: 'kingToRook',
      // The Italian with king-to-rook castling when the bot's replies allow it (else any legal
      // move), then resignation.
      opponent: { moves: (view) => {
        const scripted = ['e2e4', 'g1f3', 'f1c4', 'e1h1'][Math.floor(view.moves.length / 2)];
        if (scripted === undefined) return 'resign';
        return view.legalMoves.includes(scripted) ? scripted : view.legalMoves[0];
      } },
    });
    expect(await challenge.settled()).toBe('accepted');
    const game = challenge.game!;
    expect(await game.ended()).toEqual({ status: 'resign', winner: 'black' });
    expect(game.moves.some((m) => m === 'e1h1') || game.moves.length === 8).toBe(true);
    checkBotMoves(game);
    expect(game.moveLog.filter((m) => m.color === 'black')).toHaveLength(4);
  }, 60_000);

  it('plays a Chess960 game from its Shredder-FEN start to the end', async () => {
    bot = await startTestBot(fake, {}, QUICK);
    const game = fake.startGame({
      color: 'black', variant: 'chess960', fen: 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9',
      ...SHORT_GAME, opponent: { moves: 'random' },
    });
    const result = await game.ended();
    expect(['mate', 'draw', 'stalemate']).toContain(result.status);
    expect(result.winner).not.toBe('white');
    checkBotMoves(game);
  }, 60_000);

  it('declines a draw offer in the opening and declines takebacks', async () => {
    bot = await startTestBot(fake, {}, QUICK);
    const game = fake.startGame({ color: 'black', clock: FAST_CLOCK, opponent: { moves: ['e2e4'] } });
    await game.waitForPly(2, 15_000);
    game.opponent.offerDraw();
    game.opponent.move('d2d4');
    await game.waitForPly(4, 15_000);
    expect(game.status).toBe('started');
    expect(game.moveLog.find((m) => m.ply === 4)?.offeringDraw).toBe(false);
    game.opponent.proposeTakeback();
    await until(() => fake.requestsTo('/api/bot/game/*/takeback/*').length === 1, 'the takeback answer');
    expect(fake.requestsTo('/api/bot/game/*/takeback/*')[0]!.path).toMatch(/takeback\/no$/);
    expect(bot.logText()).toContain('declining a draw offer');
  }, 60_000);

  it('accepts a draw offer when clearly worse', async () => {
    bot = await startTestBot(fake, {}, QUICK);
    // A lone king against king and queen.
    const game = fake.startGame({ color: 'white', fen: '3qk3/8/8/8/8/8/8/4K3 w - - 0 1', variant: 'fromPosition', clock: FAST_CLOCK, opponent: { moves: ['d8d5'] } });
    await game.waitForPly(3, 15_000);
    game.opponent.offerDraw();
    await until(() => game.isOver, 'the draw');
    expect(game.status).toBe('draw');
  }, 30_000);

  it('answers !help and !eval in the chat, and not more often than the cooldown allows', async () => {
    bot = await startTestBot(fake, { chatCooldownSeconds: 60 }, QUICK);
    const game = fake.startGame({ color: 'white', clock: FAST_CLOCK, opponent: { moves: ['e7e5'] } });
    await game.waitForPly(3, 15_000);
    game.opponent.chat('!eval');
    await until(() => game.chat.some((c) => c.userId === fake.botId && c.text.startsWith('My evaluation')), 'the !eval answer');
    game.opponent.chat('!help');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(game.chat.filter((c) => c.userId === fake.botId && c.text.startsWith('Commands'))).toHaveLength(0);
  }, 30_000);

  it('aborts a game whose opponent never makes a first move, and frees the slot', async () => {
    bot = await startTestBot(fake, { abortAfterSeconds: 1, concurrency: 1 }, QUICK);
    const game = fake.startGame({ color: 'black', clock: FAST_CLOCK, opponent: { moves: 'never' } });
    await until(() => game.isOver, 'the abort', 10_000);
    expect(game.status).toBe('aborted');
    expect(fake.requestsTo('/api/bot/game/*/abort')).toHaveLength(1);
    await until(() => bot!.bot.activeGames.length === 0, 'the slot to be freed');
    // As white: it moves, and aborts only when black then never moves.
    const second = fake.startGame({ color: 'white', ...SHORT_GAME, opponent: { moves: 'never' } });
    await until(() => second.isOver, 'the second abort', 10_000);
    expect(second.moves).toHaveLength(1);
    expect(second.status).toBe('aborted');
  }, 30_000);

  it('reports a noStart game (the opponent missed their first move in an arena) as the win Lichess scores', async () => {
    bot = await startTestBot(fake, {}, QUICK);
    const game = fake.startGame({ color: 'white', ...SHORT_GAME, source: 'arena', opponent: { moves: 'never' } });
    await game.waitForPly(1, 15_000);
    game.end('noStart', 'white');
    await until(() => bot!.bot.stats.gamesFinished === 1, 'the runner to finish');
    expect(bot.bot.stats.summaries[0]).toMatchObject({ status: 'noStart', result: 'win' });
    expect(bot.logText()).toMatch(/info game over .*"status":"noStart","result":"win"/);
  }, 30_000);

  it('never aborts a correspondence or unlimited game for a slow first move', async () => {
    bot = await startTestBot(fake, { abortAfterSeconds: 1 }, QUICK);
    const correspondence = fake.startGame({ color: 'black', clock: null, daysPerTurn: 3, opponent: { moves: 'never' } });
    const unlimited = fake.startGame({ color: 'black', clock: null, opponent: { moves: 'never' } });
    await until(() => bot!.bot.activeGames.length === 2, 'both games to start');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(fake.requestsTo('/api/bot/game/*/abort')).toHaveLength(0);
    expect([correspondence.status, unlimited.status]).toEqual(['started', 'started']);
  }, 30_000);

  it('counts the first-move wait from when it began (expiration.idleMillis), so a restart does not wait past Lichess', async () => {
    // Lichess aborts after 4 s; the bot aims a second before, counted from the game's start even
    // though it only sees the game 1.5 s in.
    await fake.close();
    fake = await FakeLichess.start({ keepAliveMs: KEEP_ALIVE_MS, thinkMs: 5, firstMoveMs: 4000 });
    const createdAt = performance.now();
    const game = fake.startGame({ color: 'black', clock: FAST_CLOCK, opponent: { moves: 'never' } });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    bot = await startTestBot(fake, { abortAfterSeconds: 30 }, QUICK);
    await until(() => game.isOver, 'the abort', 10_000);
    const aborts = fake.requestsTo('/api/bot/game/*/abort');
    expect(aborts.map((r) => r.status)).toEqual([200]);
    expect(aborts[0]!.at - createdAt).toBeGreaterThanOrEqual(2900);
    expect(aborts[0]!.at - createdAt).toBeLessThan(3700);
  }, 30_000);

  it('keeps the first-move deadline through a reopened stream', async () => {
    bot = await startTestBot(fake, { abortAfterSeconds: 2 }, QUICK);
    const createdAt = performance.now();
    const game = fake.startGame({ color: 'black', clock: FAST_CLOCK, opponent: { moves: 'never' } });
    await until(() => fake.streams().some((s) => s.kind === 'game' && s.gameId === game.id), 'the game stream');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    fake.dropGameStream(game.id);
    await until(() => game.isOver, 'the abort', 10_000);
    const aborts = fake.requestsTo('/api/bot/game/*/abort');
    expect(aborts).toHaveLength(1);
    expect(aborts[0]!.at - createdAt).toBeGreaterThanOrEqual(1900);
    expect(aborts[0]!.at - createdAt).toBeLessThan(2700);
  }, 30_000);

  it('claims the win once the opponent has been gone long enough, not before, and not after they return', async () => {
    bot = await startTestBot(fake, {}, QUICK);
    const game = fake.startGame({ color: 'white', clock: FAST_CLOCK, opponent: { moves: ['e7e5', 'b8c6'] } });
    await game.waitForPly(4, 15_000);
    game.opponent.goAway({ claimInSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    game.opponent.comeBack();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(fake.requestsTo('/api/bot/game/*/claim-victory')).toHaveLength(0);
    game.opponent.goAway({ claimInSeconds: 1 });
    await until(() => game.isOver, 'the claim', 10_000);
    expect(game.status).toBe('timeout');
    expect(game.winner).toBe('white');
    expect(game.rejected.filter((r) => r.action === 'claim-victory')).toHaveLength(0);
  }, 30_000);
});
