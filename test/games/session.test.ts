// A game's session: rebuilt from the starting position and the whole move list (both castling
// forms), our turn and clock, who has moved, offers, the end and its result.

import { describe, expect, it } from 'vitest';
import { STARTING_FEN } from '../../src/chess/fen.ts';
import { BLACK, WHITE } from '../../src/chess/types.ts';
import { type GameSetup, type GameState, GameSession, resolveInitialFen } from '../../src/games/session.ts';

function setup(overrides: Partial<GameSetup> = {}): GameSetup {
  return {
    id: 'abcdefgh', variant: 'standard', initialFen: STARTING_FEN, ourColor: WHITE,
    us: { id: 'testbot', name: 'TestBot', title: 'BOT', rating: 2000 },
    opponent: { id: 'alice', name: 'Alice', title: null, rating: 1500 },
    rated: true, speed: 'blitz', clock: { initialMs: 180_000, incrementMs: 2000 }, ...overrides,
  };
}

function state(moves: string, overrides: Partial<GameState> = {}): GameState {
  return {
    moves: moves === '' ? [] : moves.split(' '), wtime: 180_000, btime: 170_000, winc: 2000, binc: 2000, status: 'started',
    winner: null, wdraw: false, bdraw: false, wtakeback: false, btakeback: false, millisToMove: null, ...overrides,
  };
}

const CASTLING_LINE = 'e2e4 e7e5 g1f3 b8c6 f1c4 g8f6';

describe('GameSession', () => {
  it('rebuilds the position from the whole move list, accepting both castling forms', () => {
    const session = GameSession.start(setup(), state(''), 0);
    expect(session.isOurTurn).toBe(true);
    for (const castle of ['e1g1', 'e1h1']) {
      expect(session.update(state(`${CASTLING_LINE} ${castle}`), 10)).toBeNull();
      expect(session.ply).toBe(7);
      expect(session.isOurTurn).toBe(false);
      expect(session.position.board[6]).not.toBe(0); // a king on g1
    }
  });

  it('keeps the last good state when a move list does not replay', () => {
    const session = GameSession.start(setup(), state('e2e4'), 0);
    expect(session.update(state('e2e4 e2e4'), 5)).toMatch(/illegal move "e2e4" \(move 2 of 2\)/);
    expect(session.problem).not.toBeNull();
    expect(session.state.moves).toEqual(['e2e4']);
  });

  it('numbers positions: a new number whenever the moves change, the same for a repeated state', () => {
    const session = GameSession.start(setup(), state(''), 0);
    expect(session.positionNumber).toBe(0);
    session.update(state('', { wtime: 100_000 }), 1);
    expect(session.positionNumber).toBe(0);
    session.update(state('e2e4'), 2);
    expect(session.positionNumber).toBe(1);
    session.update(state('e2e4', { bdraw: true }), 3);
    expect(session.positionNumber).toBe(1);
    session.update(state('e2e4 e2e4'), 4);
    expect(session.positionNumber).toBe(1);
    // A takeback: a new position, although its moves were seen before.
    session.update(state(''), 5);
    expect(session.positionNumber).toBe(2);
  });

  it('knows who has moved, from any starting side', () => {
    const asBlack = GameSession.start(setup({ ourColor: BLACK }), state(''), 0);
    expect(asBlack.hasMoved(WHITE)).toBe(false);
    asBlack.update(state('e2e4'), 0);
    expect(asBlack.hasMoved(WHITE)).toBe(true);
    expect(asBlack.hasMoved(BLACK)).toBe(false);
    // Black to move first in a position: black's first move is ply 0.
    const fromPosition = GameSession.start(setup({ initialFen: '4k3/8/8/8/8/8/4P3/4K3 b - - 0 1', variant: 'fromPosition' }), state(''), 0);
    expect(fromPosition.hasMoved(BLACK)).toBe(false);
    expect(fromPosition.isOurTurn).toBe(false);
    fromPosition.update(state('e8d8'), 0);
    expect(fromPosition.hasMoved(BLACK)).toBe(true);
    expect(fromPosition.hasMoved(WHITE)).toBe(false);
  });

  it('counts our clock down from the moment the state arrived, once both sides have moved', () => {
    const session = GameSession.start(setup(), state(''), 1000);
    expect(session.clockRunning).toBe(false);
    expect(session.ourTimeMs(5000)).toBe(180_000);
    session.update(state('e2e4 e7e5', { wtime: 100_000 }), 2000);
    expect(session.ourTimeMs(2500)).toBe(99_500);
    expect(session.ourIncrementMs).toBe(2000);
  });

  it('sees the opponent\'s draw and takeback offers, not ours', () => {
    const session = GameSession.start(setup(), state('e2e4 e7e5', { bdraw: true, wtakeback: true }), 0);
    expect(session.opponentOffersDraw).toBe(true);
    expect(session.opponentProposesTakeback).toBe(false);
  });

  it('ends on a final status or on gameFinish, with the result from our side', () => {
    const session = GameSession.start(setup(), state('f2f3 e7e5 g2g4 d8h4', { status: 'mate', winner: 'black' }), 0);
    expect(session.isOver).toBe(true);
    expect(session.isOurTurn).toBe(false);
    expect(session.result).toBe('loss');
    const finished = GameSession.start(setup(), state('e2e4'), 0);
    finished.markFinished('draw', null);
    expect(finished.isOver).toBe(true);
    expect(finished.status).toBe('draw');
    expect(finished.result).toBe('draw');
    const won = GameSession.start(setup(), state('e2e4'), 0);
    won.markFinished('mate', 'white');
    expect(won.result).toBe('win');
    const aborted = GameSession.start(setup(), state('', { status: 'aborted' }), 0);
    expect(aborted.result).toBe('aborted');
  });

  it('scores a noStart game for its winner, from the stream or from gameFinish', () => {
    const theyMissed = GameSession.start(setup(), state('e2e4', { status: 'noStart', winner: 'white' }), 0);
    expect([theyMissed.status, theyMissed.result]).toEqual(['noStart', 'win']);
    const weMissed = GameSession.start(setup({ ourColor: BLACK }), state('e2e4'), 0);
    weMissed.markFinished('noStart', 'white');
    expect([weMissed.status, weMissed.result]).toEqual(['noStart', 'loss']);
    // No winner: nobody played, as an abort.
    const nobody = GameSession.start(setup(), state('', { status: 'noStart' }), 0);
    expect(nobody.result).toBe('aborted');
  });

  it('reads startpos as the usual start', () => {
    expect(resolveInitialFen('startpos')).toBe(STARTING_FEN);
    expect(resolveInitialFen('8/8/8/8/8/8/8/K6k w - - 0 1')).toBe('8/8/8/8/8/8/8/K6k w - - 0 1');
  });
});
