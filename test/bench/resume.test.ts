// Reading an interrupted match back (--resume): every way a game ends survives the PGN, the
// schedule is checked (names, time control, opening and colours of each round), and unfinished
// or repeated rounds are handled as the runner needs. Pure: PGN text in, records out.

import { describe, expect, it } from 'vitest';
import { BLACK, type GameEnd, MatchGame, WHITE, forfeit } from '../../bench/match/game.ts';
import { pairing } from '../../bench/match/openings.ts';
import { countResults } from '../../bench/match/pairs.ts';
import { writePgn } from '../../bench/match/pgn.ts';
import { ResumeError, endFromComment, readResumedGames } from '../../bench/match/resume.ts';

const OPENINGS = [
  'rnbqkbnr/ppp1pp1p/6p1/8/2Pp3P/6P1/PP1PPP2/RNBQKBNR w KQkq - 0 4',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'r1bqkbnr/p1pp1ppp/1pn1p3/8/7P/3P4/PPPNPPP1/R1BQKBNR w KQkq - 0 4',
];
const NAMES: [string, string] = ['new', 'old'];
const SCHEDULE = { names: NAMES, tc: '5+0.05', openings: OPENINGS };

/** A game of `round` as the runner writes it: its scheduled opening and colours, `moves` played, then `end`. */
function pgnOf(round: number, moves: string[], end: GameEnd | null, over: Partial<{ white: string; black: string; tc: string; fen: string }> = {}): string {
  const { opening, engine1White } = pairing(round - 1, OPENINGS.length);
  const game = new MatchGame(over.fen ?? OPENINGS[opening]);
  const sans = moves.map((uci) => ({ san: game.play(uci)!, comment: '+0.12/9 0.031s' }));
  const [white, black] = engine1White ? NAMES : [NAMES[1], NAMES[0]];
  return writePgn({
    event: 'chessbot match', site: 'local', date: new Date(2026, 10, 26), round: String(round),
    white: over.white ?? white, black: over.black ?? black, result: end?.result ?? '*', timeControl: over.tc ?? '5+0.05',
    startFen: game.startFen, startTurn: game.startTurn, startFullmove: game.startFullmove,
    termination: end?.termination ?? 'unterminated', moves: sans, finalComment: end?.text ?? 'Match interrupted',
  });
}

const mate = (): GameEnd => {
  const game = new MatchGame(null);
  for (const uci of ['f2f3', 'e7e5', 'g2g4', 'd8h4']) game.play(uci);
  return game.adjudicate()!;
};

describe('how a game ended, read back from its final comment', () => {
  it('recovers every ending the runner writes, with the side that lost', () => {
    const cases: GameEnd[] = [
      mate(),
      forfeit(WHITE, 'time-forfeit', '12 ms for a move with 3 ms left'),
      forfeit(BLACK, 'illegal-move', '"a1a8" in some position'),
      forfeit(WHITE, 'crash', 'exit code 3'),
      forfeit(BLACK, 'hang', 'no bestmove 3.1 s after go'),
      new MatchGame('k7/8/8/8/8/8/8/K6B b - - 0 1').flag(),
      new MatchGame('k7/8/1Q6/8/8/8/8/7K b - - 0 1').adjudicate()!,
      new MatchGame('8/8/8/8/8/4k3/8/R3K3 w - - 100 80').adjudicate()!,
      { ...new MatchGame('k7/8/1Q6/8/8/8/8/7K b - - 0 1').adjudicate()!, reason: 'move-cap', termination: 'adjudication', text: 'Draw by the move cap (300 plies)' },
    ];
    for (const end of cases) expect(endFromComment(end.result, end.termination, end.text), end.text).toEqual(end);
  });

  it('refuses a comment that does not match the result', () => {
    expect(endFromComment('1-0', 'normal', 'Black mates')).toBeNull();
    expect(endFromComment('0-1', 'time forfeit', 'Black loses on time')).toBeNull();
    expect(endFromComment('1/2-1/2', 'normal', 'White mates')).toBeNull();
    expect(endFromComment('1-0', 'normal', 'a hand-written note')).toBeNull();
  });
});

describe('readResumedGames', () => {
  it('reads finished games as records of this run, and counts the unfinished ones to play again', () => {
    const text = [
      pgnOf(1, ['b1c3', 'f8g7'], mate()),
      pgnOf(2, ['e2e4'], forfeit(WHITE, 'time-forfeit')),
      pgnOf(3, [], null),
      pgnOf(4, ['e2e4', 'e7e5'], new MatchGame('k7/8/1Q6/8/8/8/8/7K b - - 0 1').adjudicate()!),
    ].join('');
    const { records, unfinished } = readResumedGames(text, SCHEDULE);
    expect(unfinished).toBe(1);
    expect(records.map((r) => [r.round, r.opening, r.engine1White, r.plies, r.end!.result, r.end!.reason])).toEqual([
      [1, 0, true, 2, '0-1', 'checkmate'],
      [2, 0, false, 1, '0-1', 'time-forfeit'],
      [4, 1, false, 2, '1/2-1/2', 'stalemate'],
    ]);
    // Round 1: new (White) was mated; round 2: old (White) flagged. One pair, 1 point of 2.
    expect(countResults(records).pentanomial).toEqual([0, 0, 1, 0, 0]);
  });

  it('counts a round found unfinished and then finished (a second resume) once, as finished', () => {
    const text = pgnOf(1, [], null) + pgnOf(2, [], null) + pgnOf(1, ['b1c3'], forfeit(BLACK, 'crash'));
    const { records, unfinished } = readResumedGames(text, SCHEDULE);
    expect(records.map((r) => r.round)).toEqual([1]);
    expect(unfinished).toBe(1);
  });

  it('reads the standard starting position, which has no FEN tag', () => {
    const text = pgnOf(3, ['e2e4'], forfeit(BLACK, 'hang'));
    expect(text).not.toContain('[FEN');
    expect(readResumedGames(text, SCHEDULE).records).toHaveLength(1);
  });

  it('names what does not fit this run', () => {
    const fails = (text: string, message: RegExp): void => {
      expect(() => readResumedGames(text, SCHEDULE)).toThrow(ResumeError);
      expect(() => readResumedGames(text, SCHEDULE)).toThrow(message);
    };
    fails(pgnOf(1, [], mate(), { white: 'other' }), /game 1 \(round 1\) is other against old, not this match's new against old/);
    fails(pgnOf(1, [], mate(), { tc: '10+0.1' }), /was played at 10\+0.1, this run plays 5\+0.05/);
    fails(pgnOf(1, [], mate(), { fen: OPENINGS[2] }), /another position than this run's opening 1 .*--seed/);
    fails(pgnOf(1, [], mate(), { white: 'old', black: 'new' }), /has old as White, where this run's schedule has the other engine/);
    fails(pgnOf(2, [], mate()) + pgnOf(2, [], mate()), /game 2 \(round 2\) is finished twice/);
    fails(pgnOf(1, [], mate()).replace('Black mates', 'mated, says I'), /final comment does not say how it ended/);
    fails(pgnOf(1, [], mate()).replace('[Round "1"]', '[Round "x"]'), /Round "x" is not a game number/);
    fails(pgnOf(1, [], mate()).replace('[Round "1"]\n', ''), /game 1: no Round tag/);
    fails(`stray words\n${pgnOf(1, [], mate())}`, /"stray words" comes before the first game's tags/);
  });

  it('reads an empty file as no games', () => {
    expect(readResumedGames('', SCHEDULE)).toEqual({ records: [], unfinished: 0 });
  });
});
