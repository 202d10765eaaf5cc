// The endgame tablebase in whole bullet games: the real bot (undici, NDJSON, worker pool, engine)
// against the fake Lichess, its tablebase client against the fake tablebase, both on loopback.
// A tablebase-won ending is converted to mate with no search at all; a tablebase that turns slow,
// fails and rate-limits mid-game costs no more than each request's deadline, and the game goes on
// with searches.
//
// TABLEBASE_TRANSCRIPT=1 prints each game's moves with who chose them and the clocks.

import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import { parseUci } from 'chessops/util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TablebaseClient } from '../../../src/adapters/lichess/tablebase.ts';
import type { EngineClient } from '../../../src/engine/index.ts';
import type { Logger } from '../../../src/log.ts';
import { FakeLichess, type GameHandle } from '../../support/fakeLichess/index.ts';
import { FakeTablebase } from '../../support/fakeTablebase.ts';
import { KEEP_ALIVE_MS, type TestBot, checkBotMoves, startTestBot, until } from './harness.ts';

let fake: FakeLichess;
let tablebase: FakeTablebase;
let client: TablebaseClient;
let bot: TestBot | null = null;
/** The kinds of the engine jobs the bot's games submitted. */
let jobs: string[] = [];

const quiet: Logger = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} };
/** Bullet's shortest clock. */
const BULLET = { initial: 30_000, increment: 0 };
const MAX_WAIT_MS = 300;

function counting(pool: EngineClient): EngineClient {
  return {
    run: ((job, options) => {
      jobs.push(job.kind);
      return pool.run(job, options);
    }) as EngineClient['run'],
  };
}

async function startBot(failurePauseMs = 5_000): Promise<TestBot> {
  client = new TablebaseClient({ baseUrl: tablebase.url, userAgent: 'chessbot/0.1.0', logger: quiet, failurePauseMs });
  return startTestBot(fake, { ponder: true }, {
    engine: counting,
    tablebase: { prober: client, maxPieces: 7, maxWaitMs: MAX_WAIT_MS },
  });
}

beforeEach(async () => {
  jobs = [];
  fake = await FakeLichess.start({ keepAliveMs: KEEP_ALIVE_MS, thinkMs: 5, seed: 7 });
  tablebase = await FakeTablebase.start();
});

afterEach(async () => {
  await bot?.stop();
  bot = null;
  await client?.close();
  await tablebase.close();
  await fake.close();
});

/** Prints the game as a table (ply, side, SAN, who chose the bot's moves, think time, clock left) when asked to. */
async function printTranscript(game: GameHandle, startFen: string, log: readonly string[]): Promise<void> {
  if (!process.env.TABLEBASE_TRANSCRIPT) return;
  // The bot notes its last move once Lichess has answered the request, which may be after the end.
  const botMoves = game.moveLog.filter((m) => m.color === game.botColor).length;
  await until(() => log.filter((line) => line.startsWith('debug moved ')).length >= botMoves, 'the last move noted');
  console.log(transcript(game, startFen, log));
}

function transcript(game: GameHandle, startFen: string, log: readonly string[]): string {
  const sources = new Map<number, string>();
  for (const line of log) {
    if (!line.startsWith('debug moved ')) continue;
    const fields = JSON.parse(line.slice('debug moved '.length)) as { ply: number; source?: string };
    sources.set(fields.ply, fields.source ?? '?');
  }
  const pos = Chess.fromSetup(parseFen(startFen).unwrap()).unwrap();
  const lines = [`start ${startFen}, clock ${BULLET.initial / 1000}+${BULLET.increment}`];
  let previousAt: number | null = null;
  game.moveLog.forEach((record, i) => {
    const move = parseUci(record.uci)!;
    const san = makeSan(pos, move);
    pos.play(move);
    const think = previousAt === null ? '' : `${Math.round(record.at - previousAt)} ms`;
    previousAt = record.at;
    const who = record.color === game.botColor ? `bot (${sources.get(i + 1) ?? '?'})` : 'opponent';
    const clock = record.remainingMs === undefined ? '' : `${(record.remainingMs / 1000).toFixed(2)} s left`;
    lines.push(`${String(i + 1).padStart(3)}. ${record.color.padEnd(5)} ${san.padEnd(7)} ${who.padEnd(18)} ${think.padStart(8)}  ${clock}`);
  });
  lines.push(`result: ${game.status}, winner ${game.winner ?? 'none'}`);
  return lines.join('\n');
}

describe('the tablebase in bullet games', () => {
  it('converts a won king-and-queen ending to mate with no search at all', async () => {
    bot = await startBot();
    const fen = '8/8/3k4/8/8/8/8/KQ6 w - - 0 1';
    const game = fake.startGame({ color: 'white', fen, clock: BULLET, speed: 'bullet', opponent: { moves: 'random' } });
    expect(await game.ended()).toEqual({ status: 'mate', winner: 'white' });
    checkBotMoves(game);
    await printTranscript(game, fen, bot.log);
    // Not one search, pondering included: every move came from the tablebase, each position asked once.
    expect(jobs).toEqual([]);
    const botMoves = game.moveLog.filter((m) => m.color === 'white');
    expect(tablebase.requests).toHaveLength(botMoves.length);
    expect(tablebase.requests.every((r) => r.status === 200 && !r.gaveUp)).toBe(true);
    expect(client.stats).toMatchObject({ answered: botMoves.length, timedOut: 0, failed: 0, rateLimited: 0 });
  }, 60_000);

  it('searches as usual, losing no time, when the tablebase turns slow, fails and rate-limits mid-game', async () => {
    // A short pause after each failure, so that the game meets every fault.
    bot = await startBot(800);
    tablebase.failNext({ count: 2 }); // two good answers
    tablebase.failNext({ delayMs: 10_000 }); // then one that would come far too late
    tablebase.failNext({ status: 500 });
    tablebase.failNext({ status: 429 });
    const fen = '8/8/8/3k4/8/8/8/R3K3 w - - 0 1';
    const game = fake.startGame({ color: 'white', fen, clock: BULLET, speed: 'bullet', opponent: { moves: 'random' } });
    const result = await game.ended();
    await printTranscript(game, fen, bot.log);
    checkBotMoves(game);
    expect(result).toEqual({ status: 'mate', winner: 'white' });

    const [first, second, slow, failed, limited, ...after] = tablebase.requests;
    expect([first?.status, second?.status]).toEqual([200, 200]);
    // The slow one was given up by its deadline (a share of the clock, at most MAX_WAIT_MS).
    expect(slow?.gaveUp).toBe(true);
    expect(slow!.endedAt! - slow!.at).toBeLessThan(MAX_WAIT_MS + 1_000);
    // ... and the bot still moved soon after it asked: the wait and a bullet search.
    const next = game.moveLog.find((m) => m.color === 'white' && m.at > slow!.at)!;
    expect(next.at - slow!.at).toBeLessThan(MAX_WAIT_MS + 3_000);
    expect([failed?.status, limited?.status]).toEqual([500, 429]);
    // After the 429, not one request more in this (sub-minute) game.
    expect(after).toEqual([]);
    // The game went on with searches.
    expect(jobs.filter((kind) => kind === 'play').length).toBeGreaterThan(0);
    expect(client.stats).toMatchObject({ answered: 2, timedOut: 1, failed: 1, rateLimited: 1 });
  }, 90_000);
});
