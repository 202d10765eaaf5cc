// Event validation at the boundary: the documented shapes pass (with the real server's quirks),
// unknown types are reported as unknown, broken lines as invalid with the reason.

import { describe, expect, it } from 'vitest';
import { parseEventLine, parseGameLine } from '../../../src/adapters/lichess/events.ts';

const gameStart = {
  type: 'gameStart',
  game: {
    fullId: '0FgNPGRzhDaW', gameId: '0FgNPGRz', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', color: 'white',
    lastMove: '', source: 'friend', status: { id: 20, name: 'started' }, variant: { key: 'standard', name: 'Standard' },
    speed: 'blitz', perf: 'blitz', rated: true, hasMoved: false, opponent: { id: 'aaron', username: 'Aaron', rating: 776 },
    isMyTurn: true, secondsLeft: 300, compat: { bot: false, board: true }, id: '0FgNPGRz',
  },
};

const challenge = {
  type: 'challenge',
  challenge: {
    id: 'jWAgu6ga', url: 'https://lichess.org/jWAgu6ga', status: 'created',
    challenger: { id: 'adriana', name: 'Adriana', rating: 734, title: 'BOT', provisional: true, online: true, lag: 4 },
    destUser: { id: 'gabriela', name: 'Gabriela', rating: 1528, online: true },
    variant: { key: 'standard', name: 'Standard', short: 'Std' }, rated: false, speed: 'blitz',
    timeControl: { type: 'clock', limit: 300, increment: 3, show: '5+3' }, color: 'random', finalColor: 'black',
    perf: { icon: '', name: 'Blitz' },
  },
  compat: { bot: true, board: true },
};

const gameFull = {
  type: 'gameFull', id: 'BEOucQJo', variant: { key: 'standard', name: 'Standard', short: 'Std' },
  clock: { initial: 900000, increment: 0 }, speed: 'rapid', perf: { name: 'Rapid' }, rated: false, createdAt: 1745112707998,
  white: { id: 'bobby', name: 'Bobby', title: null, rating: 1751, provisional: true },
  black: { aiLevel: 3 },
  initialFen: 'startpos',
  state: { type: 'gameState', moves: 'd2d3', wtime: 900000, btime: 900000, winc: 0, binc: 0, status: 'started' },
};

describe('parseEventLine', () => {
  it('accepts gameStart, challenge (with compat) and the others', () => {
    expect(parseEventLine(JSON.stringify(gameStart))).toMatchObject({ kind: 'event', event: { type: 'gameStart', game: { gameId: '0FgNPGRz' } } });
    expect(parseEventLine(JSON.stringify(challenge))).toMatchObject({ kind: 'event', event: { compat: { bot: true } } });
    expect(parseEventLine(JSON.stringify({ ...gameStart, type: 'gameFinish' })).kind).toBe('event');
    expect(parseEventLine(JSON.stringify({ type: 'challengeCanceled', challenge: { ...challenge.challenge, status: 'canceled' } })).kind).toBe('event');
    expect(parseEventLine(JSON.stringify({ type: 'challengeDeclined', challenge: { ...challenge.challenge, declineReasonKey: 'toofast' } })).kind).toBe('event');
  });

  it('accepts an open challenge (no challenger) and correspondence or unlimited time controls', () => {
    const open = { ...challenge, challenge: { ...challenge.challenge, challenger: null, timeControl: { type: 'unlimited' } } };
    expect(parseEventLine(JSON.stringify(open)).kind).toBe('event');
    const corr = { ...challenge, challenge: { ...challenge.challenge, timeControl: { type: 'correspondence', daysPerTurn: 3 } } };
    expect(parseEventLine(JSON.stringify(corr)).kind).toBe('event');
  });

  it('reports unknown types and broken lines without throwing', () => {
    expect(parseEventLine('{"type":"somethingNew","x":1}')).toEqual({ kind: 'unknown', type: 'somethingNew' });
    // A cut or garbled line may have been an event; JSON without a type was none.
    expect(parseEventLine('{"type":')).toMatchObject({ kind: 'invalid', problem: expect.stringMatching(/^not JSON/), mayBeEvent: true });
    expect(parseEventLine('[1]')).toMatchObject({ kind: 'invalid', mayBeEvent: false });
    expect(parseEventLine('{"x":1}')).toMatchObject({ kind: 'invalid', problem: expect.stringMatching(/^no "type"/), mayBeEvent: false });
    expect(parseEventLine('{"type":"gameStart","game":{"gameId":"x"}}')).toEqual({
      kind: 'invalid', problem: 'gameStart: game.gameId: expected an 8-character game id', mayBeEvent: true,
    });
    expect(parseEventLine('{"type":"toString"}')).toEqual({ kind: 'unknown', type: 'toString' });
  });
});

describe('parseGameLine', () => {
  it('accepts gameFull with an AI player and a null title, and keeps unknown fields', () => {
    const parsed = parseGameLine(JSON.stringify({ ...gameFull, tournamentId: 'abc' }));
    expect(parsed).toMatchObject({ kind: 'event', event: { type: 'gameFull', black: { aiLevel: 3 }, tournamentId: 'abc' } });
  });

  it('accepts gameFull without a clock (correspondence) and gameState with offers and king-to-rook castling', () => {
    const { clock: _clock, ...noClock } = gameFull;
    expect(parseGameLine(JSON.stringify({ ...noClock, daysPerTurn: 3 })).kind).toBe('event');
    const state = {
      type: 'gameState', moves: 'e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1', wtime: 7598040, btime: 8395220, winc: 10000, binc: 10000,
      status: 'started', wdraw: true, btakeback: true, rematch: 'newGameId', expiration: { idleMillis: 1200, millisToMove: 20000 },
    };
    expect(parseGameLine(JSON.stringify(state))).toMatchObject({ kind: 'event', event: { wdraw: true, expiration: { millisToMove: 20000 } } });
  });

  it('accepts chatLine and both opponentGone forms', () => {
    expect(parseGameLine('{"type":"chatLine","room":"player","username":"thibault","text":"Good luck, have fun"}').kind).toBe('event');
    expect(parseGameLine('{"type":"opponentGone","gone":true,"claimWinInSeconds":8}').kind).toBe('event');
    expect(parseGameLine('{"type":"opponentGone","gone":false}').kind).toBe('event');
  });

  it('refuses a move list that is not UCI', () => {
    const parsed = parseGameLine(JSON.stringify({ ...gameFull.state, moves: 'e4 e5' }));
    expect(parsed).toEqual({ kind: 'invalid', problem: 'gameState: moves: expected UCI moves separated by spaces', mayBeEvent: true });
  });
});
