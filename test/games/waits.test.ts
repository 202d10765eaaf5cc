// The game's waits, as pure functions: when the first-move abort falls due (our limit, or a second
// before the server's, counted from when the wait began), and when the win may be claimed.

import { describe, expect, it } from 'vitest';
import { STARTING_FEN } from '../../src/chess/fen.ts';
import { BLACK, WHITE } from '../../src/chess/types.ts';
import { type GameSetup, type GameState, GameSession } from '../../src/games/session.ts';
import { abortDelayMs, awaitsFirstMove, claimDelayMs } from '../../src/games/waits.ts';

function session(moves: string[], overrides: Partial<GameSetup> = {}): GameSession {
  const setup: GameSetup = {
    id: 'abcdefgh', variant: 'standard', initialFen: STARTING_FEN, ourColor: BLACK,
    us: { id: 'testbot', name: 'TestBot', title: 'BOT', rating: null }, opponent: { id: 'alice', name: 'Alice', title: null, rating: null },
    rated: false, speed: 'blitz', clock: { initialMs: 60_000, incrementMs: 0 }, ...overrides,
  };
  const state: GameState = {
    moves, wtime: 60_000, btime: 60_000, winc: 0, binc: 0, status: 'started',
    winner: null, wdraw: false, bdraw: false, wtakeback: false, btakeback: false, millisToMove: null,
  };
  return GameSession.start(setup, state, 0);
}

describe('awaitsFirstMove', () => {
  it('is true only while the opponent has not moved, on their turn, in a game with a clock', () => {
    expect(awaitsFirstMove(session([]))).toBe(true);
    expect(awaitsFirstMove(session(['e2e4']))).toBe(false);
    expect(awaitsFirstMove(session([], { clock: null }))).toBe(false);
    // As white: our first move made, theirs awaited; before it, our turn.
    expect(awaitsFirstMove(session([], { ourColor: WHITE }))).toBe(false);
    expect(awaitsFirstMove(session(['e2e4'], { ourColor: WHITE }))).toBe(true);
    expect(awaitsFirstMove(session(['e2e4', 'e7e5'], { ourColor: WHITE }))).toBe(false);
  });
});

describe('abortDelayMs', () => {
  it('waits abortAfterSeconds from the state without a server deadline', () => {
    expect(abortDelayMs(15, { millisToMove: null, idleMillis: null }, 0)).toBe(15_000);
    expect(abortDelayMs(15, { millisToMove: null }, 4000)).toBe(11_000);
  });

  it('aims a second before the server\'s own deadline when that is sooner', () => {
    expect(abortDelayMs(30, { millisToMove: 20_000, idleMillis: 0 }, 0)).toBe(19_000);
    expect(abortDelayMs(10, { millisToMove: 20_000, idleMillis: 0 }, 0)).toBe(10_000);
  });

  it('counts from when the wait began (idleMillis before the state, and the state\'s age), never below zero', () => {
    expect(abortDelayMs(30, { millisToMove: 20_000, idleMillis: 15_000 }, 0)).toBe(4000);
    expect(abortDelayMs(30, { millisToMove: 20_000, idleMillis: 15_000 }, 1500)).toBe(2500);
    expect(abortDelayMs(30, { millisToMove: 20_000, idleMillis: 25_000 }, 0)).toBe(0);
  });
});

describe('claimDelayMs', () => {
  it('is the server\'s countdown and the margin', () => {
    expect(claimDelayMs(10, 500)).toBe(10_500);
    expect(claimDelayMs(0, 500)).toBe(500);
    expect(claimDelayMs(undefined, 200)).toBe(200);
  });
});
