// Faults survived end to end: 429s (JSON and HTML) on moves and on the event stream, dropped and
// stalled game and event streams, connection resets on a move, lines cut at random byte offsets,
// garbled gameFull and gameState lines, gameFinish before the final gameState, and a restart in
// the middle of a game. In every case the game is played to its end with no move sent twice, none
// refused, and no loss on time.

import { afterEach, describe, expect, it } from 'vitest';
import { LichessStartError } from '../../../src/adapters/lichess/bot.ts';
import { FakeLichess, type FakeLichessOptions, type MoveChooser, SHORT_GAME } from '../../support/fakeLichess/index.ts';
import { KEEP_ALIVE_MS, type TestBot, checkBotMoves, startTestBot, until } from './harness.ts';

let fake: FakeLichess;
let bots: TestBot[] = [];

/**
 * The bot's searches here stop at 20,000 nodes (a few hundredths of a second) as well as by the
 * clock, on one worker thread: what is tested is what goes on around its moves, and the games'
 * thinking (a third of a second a move on the short clock, pondering on a second thread) had
 * been 40% of this file's CPU.
 */
const QUICK = { moveNodes: 20_000, poolSize: 1 } as const;

async function setUp(options: FakeLichessOptions = {}, settings = {}): Promise<TestBot> {
  fake = await FakeLichess.start({ keepAliveMs: KEEP_ALIVE_MS, thinkMs: 5, ...options });
  const bot = await startTestBot(fake, settings, QUICK);
  bots.push(bot);
  return bot;
}

afterEach(async () => {
  for (const bot of bots) await bot.stop();
  bots = [];
  await fake.close();
});

/**
 * Random moves (seeded) until the opponent resigns at ply 20, if not mated before. The faults come
 * by ply 11; what follows them only has to reach an end, and random moves against the short
 * clock's quicker searches could take 40 plies to be mated.
 */
const randomThenResign: MoveChooser = (view) =>
  view.moves.length >= 20 ? 'resign' : view.legalMoves[Math.floor(view.random() * view.legalMoves.length)];

/** A game the bot plays as `color` against random moves, on the short clock (the faults do not depend on its length). */
function randomGame(color: 'white' | 'black' = 'white', id?: string) {
  return fake.startGame({ ...(id === undefined ? {} : { id }), color, ...SHORT_GAME, opponent: { moves: randomThenResign } });
}

async function playedOut(game: ReturnType<typeof randomGame>): Promise<void> {
  const result = await game.ended();
  expect(['mate', 'draw', 'stalemate', 'resign']).toContain(result.status);
  checkBotMoves(game);
}

describe('faults survived against the fake Lichess', () => {
  it('retries a move about a second after a 429, JSON or HTML', async () => {
    await setUp();
    const game = randomGame();
    await game.waitForPly(4, 15_000);
    fake.failNext('/api/bot/game/*/move/*', { status: 429, body: 'json' });
    await game.waitForPly(8, 15_000);
    fake.failNext('/api/bot/game/*/move/*', { status: 429, body: 'html' });
    await playedOut(game);
    const moves = fake.requestsTo('/api/bot/game/*/move/*');
    const limited = moves.filter((r) => r.status === 429);
    expect(limited).toHaveLength(2);
    for (const refused of limited) {
      const retry = moves.find((r) => r.at > refused.at)!;
      expect(retry.at - refused.at).toBeGreaterThanOrEqual(900);
      expect(retry.at - refused.at).toBeLessThan(5000);
    }
  }, 60_000);

  it('reopens a dropped game stream at once and resynchronises', async () => {
    const bot = await setUp();
    const game = randomGame('black');
    await game.waitForPly(5, 15_000);
    fake.dropGameStream(game.id);
    await game.waitForPly(11, 15_000);
    fake.dropGameStream(game.id);
    await playedOut(game);
    expect(bot.logText()).toMatch(/warn game stream lost; reconnecting/);
    await until(() => bot.bot.stats.gamesFinished === 1, 'the runner to finish');
    expect(bot.bot.stats.summaries[0]!.streamReconnects).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('notices a stalled game stream within the watchdog and reconnects', async () => {
    const bot = await setUp();
    const game = randomGame();
    await game.waitForPly(4, 15_000);
    fake.stallGameStream(game.id);
    await playedOut(game);
    expect(bot.logText()).toMatch(/game stream lost; reconnecting .*no data for 600 ms/);
  }, 60_000);

  it('reconnects a dropped or stalled event stream without starting the game twice', async () => {
    const bot = await setUp();
    const game = randomGame();
    await game.waitForPly(3, 15_000);
    fake.dropEventStream();
    await until(() => bot.bot.stats.eventStreamReconnects === 1, 'the event stream to reconnect');
    fake.stallEventStream();
    await until(() => bot.bot.stats.eventStreamReconnects === 2, 'the event stream to reconnect after a stall');
    await playedOut(game);
    expect(bot.bot.stats.gamesStarted).toBe(1);
    // New challenges still arrive.
    const challenge = fake.challenge({ rated: false, opponent: { moves: 'never' } });
    expect(await challenge.settled(10_000)).toBe('accepted');
  }, 60_000);

  it('keeps its event-stream opens under the limit however often the stream drops', async () => {
    fake = await FakeLichess.start({ keepAliveMs: KEEP_ALIVE_MS, eventStreamLimit: { max: 3, windowMs: 1500 } });
    const bot = await startTestBot(fake, {}, { ...QUICK, timings: { eventStreamOpens: 3, eventStreamWindowMs: 1500 } });
    bots.push(bot);
    for (let i = 1; i <= 3; i++) {
      fake.dropEventStream();
      await until(() => bot.bot.stats.eventStreamReconnects === i, `reconnect ${i}`, 10_000);
    }
    const opens = fake.requestsTo('/api/stream/event');
    expect(opens.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    // The fourth open had to wait for the first to leave the window.
    expect(opens[3]!.at - opens[0]!.at).toBeGreaterThanOrEqual(1400);
    expect(bot.logText()).toContain("event stream: waiting to stay under Lichess's limit on opens");
  }, 30_000);

  it('waits out a 429 on opening the event stream', async () => {
    const bot = await setUp();
    fake.failNext('/api/stream/event', { status: 429, body: 'html' });
    fake.dropEventStream();
    await until(() => bot.bot.stats.eventStreamReconnects === 1, 'the event stream to reconnect', 10_000);
    const opens = fake.requestsTo('/api/stream/event');
    expect(opens.at(-1)!.at - opens.at(-2)!.at).toBeGreaterThanOrEqual(450);
    expect(bot.logText()).toMatch(/rate limited by Lichess \(429\) \{"route":"eventStream","waitMs":500\}/);
  }, 30_000);

  it('resends a move whose request was cut off only if the reopened stream shows it missing', async () => {
    const bot = await setUp();
    const game = randomGame();
    await game.waitForPly(4, 15_000);
    fake.failNext('/api/bot/game/*/move/*', { destroy: true });
    await game.waitForPly(8, 15_000);
    fake.failNext('/api/bot/game/*/move/*', { status: 502, body: 'Bad Gateway' });
    await playedOut(game);
    expect(bot.logText()).toMatch(/warn move outcome unknown; resynchronising .*"why":"no answer from Lichess to the move/);
    expect(bot.logText()).toMatch(/warn move outcome unknown; resynchronising .*"why":"Lichess answered 502 to the move: Bad Gateway"/);
    expect(bot.logText()).not.toContain('move refused');
  }, 60_000);

  it('reads streams cut at random byte offsets', async () => {
    await setUp({ chunking: { maxBytes: 3, gapMs: 0 } });
    const game = randomGame('black');
    await playedOut(game);
  }, 60_000);

  it('resynchronises when the gameFull comes garbled', async () => {
    const bot = await setUp();
    fake.corruptGameLines('Garbled1', { type: 'gameFull' });
    const game = randomGame('white', 'Garbled1');
    await playedOut(game);
    expect(bot.logText()).toMatch(/warn bad game event; resynchronising .*"problem":"not JSON/);
    expect(bot.logText()).toContain('info game stream reopened to resynchronise');
  }, 60_000);

  it('resynchronises when the state with the opponent\'s move comes garbled', async () => {
    const bot = await setUp();
    const game = randomGame('black');
    await game.waitForPly(4, 15_000);
    // The next state is the opponent's fifth ply: without it the bot would never learn it must move.
    fake.corruptGameLines(game.id, { type: 'gameState' });
    await game.waitForPly(6, 15_000);
    await playedOut(game);
    expect(bot.logText()).toMatch(/warn bad game event; resynchronising/);
  }, 60_000);

  it('skips lines that are no game event without reopening the stream', async () => {
    const bot = await setUp();
    const game = randomGame();
    await game.waitForPly(3, 15_000);
    fake.sendGameLine(game.id, '{"type":"somethingNew","x":1}');
    fake.sendGameLine(game.id, '{"note":"no type at all"}');
    await playedOut(game);
    await until(() => bot.bot.stats.gamesFinished === 1, 'the runner to finish');
    expect(bot.bot.stats.summaries[0]!.streamReconnects).toBe(0);
    expect(bot.logText()).toMatch(/info unknown game event skipped .*"type":"somethingNew"/);
    expect(bot.logText()).toMatch(/info bad game line skipped .*no \\"type\\"/);
  }, 60_000);

  it('reopens a stream that keeps sending garbage less and less often', async () => {
    const bot = await setUp();
    fake.corruptGameLines('Garbled2', { type: 'gameFull', count: 10_000 });
    const game = randomGame('white', 'Garbled2');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    // Backoff from 50 ms doubling to 400 ms allows about eight opens in two seconds.
    const opens = fake.requestsTo(`/api/bot/game/stream/${game.id}`).length;
    expect(opens).toBeGreaterThanOrEqual(3);
    expect(opens).toBeLessThanOrEqual(15);
    game.end('aborted');
    await until(() => bot.bot.activeGames.length === 0, 'the slot to be freed');
  }, 30_000);

  it('frees the slot once when gameFinish comes before the final gameState', async () => {
    const bot = await setUp({ finishOrder: 'finishFirst' }, { concurrency: 1 });
    const game = randomGame();
    const result = await game.ended();
    await until(() => bot.bot.activeGames.length === 0, 'the slot to be freed');
    expect(bot.bot.stats.gamesFinished).toBe(1);
    // The result comes from gameFinish, the first to arrive.
    const expected = result.winner === undefined ? 'draw' : result.winner === 'white' ? 'win' : 'loss';
    expect(bot.bot.stats.summaries[0]).toMatchObject({ status: result.status, result: expected });
    const next = fake.challenge({ rated: false, opponent: { moves: 'never' } });
    expect(await next.settled(10_000)).toBe('accepted');
  }, 30_000);

  it('warns when a second bot on the same account keeps knocking its event stream off', async () => {
    const first = await setUp();
    const second = await startTestBot(fake, {}, QUICK);
    bots.push(second);
    const warning = /warn Lichess keeps closing the event stream soon after it opens: is another bot running with this account\?/;
    await until(() => warning.test(first.logText()) || warning.test(second.logText()), 'the warning', 15_000);
  }, 30_000);

  it('waits at start-up for a Lichess that fails with server errors or does not answer', async () => {
    fake = await FakeLichess.start({ keepAliveMs: KEEP_ALIVE_MS });
    fake.failNext('/api/token/test', { status: 502, body: 'Bad Gateway', count: 2 });
    fake.failNext('/api/account', { destroy: true });
    fake.failNext('/api/account', { status: 503, body: 'html' });
    const bot = await startTestBot(fake, {}, QUICK);
    bots.push(bot);
    await until(() => bot.bot.stats.eventStreamReconnects === 0 && fake.eventStreamOpens() === 1, 'the event stream');
    const retries = bot.log.filter((line) => line.startsWith('warn Lichess is not answering at start-up; trying again'));
    expect(retries).toHaveLength(4);
    expect(retries[0]).toMatch(/"why":"Lichess answered 502 to the token check: Bad Gateway"/);
    expect(retries[2]).toMatch(/"why":"no answer from Lichess to the account request/);
    expect(bot.logText()).not.toContain(fake.token);
  }, 30_000);

  it('fails at start-up at once for a bad token, and ends its wait for Lichess when stopped', async () => {
    fake = await FakeLichess.start({ keepAliveMs: KEEP_ALIVE_MS });
    await expect(startTestBot(fake, {}, { token: 'lip_unknown' })).rejects.toThrow(
      new LichessStartError('LICHESS_TOKEN is not a valid Lichess token (unknown, revoked or expired)'),
    );
    fake.failNext('/api/account', { status: 401, body: { error: 'No such token' } });
    await expect(startTestBot(fake)).rejects.toThrow(/LICHESS_TOKEN is not a valid Lichess token/);
    expect(fake.requestsTo('/api/token/test')).toHaveLength(2);
    fake.failNext('/api/token/test', { status: 500, count: 1000 });
    const stop = new AbortController();
    const starting = startTestBot(fake, {}, { signal: stop.signal });
    await until(() => fake.requestsTo('/api/token/test').length >= 5, 'a few tries');
    stop.abort();
    await expect(starting).rejects.toThrow(/stopped while waiting for Lichess \(Lichess answered 500 to the token check/);
  }, 30_000);

  it('resumes a game after a restart, without greeting again', async () => {
    const first = await setUp();
    const game = randomGame();
    await game.waitForPly(6, 15_000);
    await first.stop();
    const second = await startTestBot(fake, {}, QUICK);
    bots.push(second);
    await playedOut(game);
    const greetings = game.chat.filter((c) => c.userId === fake.botId && c.text.startsWith('Hi'));
    expect(greetings).toHaveLength(1);
    expect(second.logText()).toMatch(/resuming games in progress \{"games":1\}/);
  }, 60_000);
});
