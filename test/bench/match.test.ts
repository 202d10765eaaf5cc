// The match runner's pure core: Elo and error bars, time controls and clocks, legality and
// adjudication, PGN writing, EPD openings and pairing, engine specs, UCI text, the tallies and
// the command line. No engines, no processes.

import { describe, expect, it } from 'vitest';
import { UsageError, parseMatchArgs } from '../../bench/match/args.ts';
import { GameClock, parseTimeControl } from '../../bench/match/clock.ts';
import { eloFromScore, estimateElo, formatElo, scoreFromElo } from '../../bench/match/elo.ts';
import { BLACK, MatchGame, WHITE, forfeit } from '../../bench/match/game.ts';
import { pairing, parseEpd, shuffled } from '../../bench/match/openings.ts';
import { escapeTag, movetextTokens, writePgn, type PgnGame } from '../../bench/match/pgn.ts';
import { moveComment } from '../../bench/match/runner.ts';
import { parseEngineSpec, splitCommand } from '../../bench/match/spec.ts';
import { type GameRecord, engine1Points, formatSummary, progressLine, summarize, summaryJson } from '../../bench/match/stats.ts';
import { checkOptionValue, formatScore, parseInfo, parseOptionLine } from '../../bench/match/uciText.ts';

function playAll(game: MatchGame, moves: string): void {
  for (const uci of moves.split(' ')) {
    expect(game.play(uci), `${uci} should be legal in ${game.fen}`).not.toBeNull();
  }
}

describe('Elo and its error bar', () => {
  it('maps scores to Elo on the logistic curve and back', () => {
    expect(eloFromScore(0.5)).toBe(0);
    expect(eloFromScore(0.75)).toBeCloseTo(190.85, 2);
    expect(eloFromScore(0.25)).toBeCloseTo(-190.85, 2);
    expect(scoreFromElo(eloFromScore(0.63))).toBeCloseTo(0.63, 12);
    expect(eloFromScore(0)).toBe(-Infinity);
    expect(eloFromScore(1)).toBe(Infinity);
  });

  it('uses the trinomial variance: 60-0-40 in 100 games is +70.4 ± 70.6', () => {
    // s = 0.6, per-game variance 0.24, standard error 0.04899, 95%: 0.6 ± 0.09602.
    const e = estimateElo({ wins: 60, draws: 0, losses: 40 });
    expect(e.score).toBe(0.6);
    expect(e.elo).toBeCloseTo(70.44, 2);
    expect(e.low).toBeCloseTo(eloFromScore(0.6 - 1.959964 * Math.sqrt(0.24 / 100)), 3);
    expect(e.high).toBeCloseTo(eloFromScore(0.6 + 1.959964 * Math.sqrt(0.24 / 100)), 3);
    expect(e.error).toBeCloseTo(70.6, 1);
  });

  it('narrows the bar when draws replace decisive games at the same score', () => {
    const decisive = estimateElo({ wins: 30, draws: 0, losses: 30 });
    const drawish = estimateElo({ wins: 10, draws: 40, losses: 10 });
    expect(decisive.elo).toBe(0);
    expect(drawish.elo).toBe(0);
    expect(drawish.error).toBeLessThan(decisive.error);
    expect(decisive.low).toBeCloseTo(-decisive.high, 9);
    expect(estimateElo({ wins: 0, draws: 10, losses: 0 }).error).toBe(0);
  });

  it('gives the likelihood of superiority from wins and losses', () => {
    expect(estimateElo({ wins: 5, draws: 3, losses: 5 }).los).toBeCloseTo(0.5, 6);
    expect(estimateElo({ wins: 10, draws: 0, losses: 0 }).los).toBeCloseTo(0.99922, 4);
    expect(estimateElo({ wins: 0, draws: 4, losses: 0 }).los).toBe(0.5);
  });

  it('reports infinite estimates at 0% and 100% and nothing without games', () => {
    const all = estimateElo({ wins: 4, draws: 0, losses: 0 });
    expect(all.elo).toBe(Infinity);
    expect(formatElo(all)).toBe('+inf ± inf');
    expect(formatElo(estimateElo({ wins: 0, draws: 0, losses: 0 }))).toBe('n/a (no games)');
    expect(formatElo(estimateElo({ wins: 60, draws: 0, losses: 40 }))).toBe('+70.4 ± 70.6');
  });
});

describe('time controls and the clock', () => {
  it('parses base+increment in seconds', () => {
    expect(parseTimeControl('10+0.1')).toEqual({ baseMs: 10_000, incMs: 100, pgn: '10+0.1' });
    expect(parseTimeControl('60')).toEqual({ baseMs: 60_000, incMs: 0, pgn: '60+0' });
    expect(parseTimeControl('1:30+1')).toEqual({ baseMs: 90_000, incMs: 1000, pgn: '90+1' });
    expect(parseTimeControl('5+0.05').incMs).toBe(50);
    for (const bad of ['', 'x', '0+1', '10+', '10+0.1+2', '-5+1', '10+x']) expect(() => parseTimeControl(bad), bad).toThrow();
  });

  it('charges the mover, adds the increment after the move, and flags below zero', () => {
    const clock = new GameClock(parseTimeControl('1+0.1'));
    expect(clock.goCommand()).toBe('go wtime 1000 btime 1000 winc 100 binc 100');
    expect(clock.charge(WHITE, 300.6)).toBe(true);
    expect(clock.remaining[WHITE]).toBeCloseTo(799.4, 6);
    expect(clock.goCommand()).toBe('go wtime 799 btime 1000 winc 100 binc 100');
    expect(clock.waitLimit(BLACK, 2000)).toBe(3000);
    expect(clock.charge(BLACK, 1000)).toBe(true); // exactly zero left is not a flag
    expect(clock.remaining[BLACK]).toBe(100);
    expect(clock.charge(BLACK, 100.5)).toBe(false);
    expect(clock.remaining[BLACK]).toBeCloseTo(-0.5, 6); // no increment after a flag
    expect(clock.goCommand()).toBe('go wtime 799 btime 0 winc 100 binc 100');
  });
});

describe('legality and adjudication', () => {
  it('sends startpos or the FEN with the moves so far', () => {
    const game = new MatchGame(null);
    expect(game.startFen).toBeNull();
    expect(game.positionCommand()).toBe('position startpos');
    playAll(game, 'e2e4 e7e5');
    expect(game.positionCommand()).toBe('position startpos moves e2e4 e7e5');
    const fromFen = new MatchGame('rnbqkbnr/ppp1pp1p/6p1/8/2Pp3P/6P1/PP1PPP2/RNBQKBNR w KQkq - 0 4');
    expect(fromFen.positionCommand()).toBe('position fen rnbqkbnr/ppp1pp1p/6p1/8/2Pp3P/6P1/PP1PPP2/RNBQKBNR w KQkq - 0 4');
  });

  it('refuses illegal and malformed moves without changing the game', () => {
    const game = new MatchGame(null);
    for (const bad of ['e2e5', 'e7e5', 'a1a8', '0000', '(none)', 'e2e4q', 'e2', '']) expect(game.play(bad), bad).toBeNull();
    expect(game.plies).toBe(0);
    expect(game.play('g1f3')).toBe('Nf3');
  });

  it('stores castling in the standard e1g1 form whichever form the engine sent', () => {
    const game = new MatchGame('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    expect(game.play('e1h1')).toBe('O-O');
    expect(game.play('e8c8')).toBe('O-O-O');
    expect(game.moves.map((m) => m.uci)).toEqual(['e1g1', 'e8c8']);
  });

  it('ends the game at checkmate, for the side that mated', () => {
    const game = new MatchGame(null);
    playAll(game, 'f2f3 e7e5 g2g4');
    expect(game.adjudicate()).toBeNull();
    playAll(game, 'd8h4');
    expect(game.adjudicate()).toMatchObject({ result: '0-1', reason: 'checkmate', loser: WHITE, termination: 'normal', text: 'Black mates' });
    expect(game.moves.at(-1)!.san).toBe('Qh4#');
  });

  it('draws at stalemate', () => {
    const stale = new MatchGame('k7/8/1Q6/8/8/8/8/7K w - - 0 1');
    expect(stale.adjudicate()).toBeNull();
    playAll(stale, 'h1g2'); // the black king on a8: a7, b7 and b8 are all covered by the queen on b6
    expect(stale.adjudicate()).toMatchObject({ result: '1/2-1/2', reason: 'stalemate', loser: null });
  });

  it('draws by threefold repetition, counting the start position', () => {
    const game = new MatchGame(null);
    playAll(game, 'g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1');
    expect(game.adjudicate()).toBeNull();
    playAll(game, 'f6g8'); // the initial position for the third time
    expect(game.adjudicate()).toMatchObject({ result: '1/2-1/2', reason: 'threefold-repetition' });
  });

  it('draws by the fifty-move rule, unless the hundredth half-move mates', () => {
    const game = new MatchGame('8/8/8/8/8/4k3/8/R3K3 w - - 99 80');
    expect(game.adjudicate()).toBeNull();
    playAll(game, 'a1a2');
    expect(game.adjudicate()).toMatchObject({ reason: 'fifty-moves', result: '1/2-1/2' });
    const mate = new MatchGame('7k/8/6K1/8/8/8/8/R7 w - - 99 80');
    playAll(mate, 'a1a8');
    expect(mate.adjudicate()).toMatchObject({ reason: 'checkmate', result: '1-0' });
  });

  it('draws on insufficient material after the last capture', () => {
    const game = new MatchGame('8/8/8/4k3/8/2n5/8/1B2K3 b - - 0 60');
    expect(game.adjudicate()).toBeNull();
    playAll(game, 'c3b1');
    expect(game.adjudicate()).toMatchObject({ reason: 'insufficient-material', result: '1/2-1/2' });
  });

  it('draws at the move cap, and only there', () => {
    const game = new MatchGame(null, 4);
    playAll(game, 'e2e4 e7e5 g1f3');
    expect(game.adjudicate()).toBeNull();
    playAll(game, 'b8c6');
    expect(game.adjudicate()).toMatchObject({ reason: 'move-cap', termination: 'adjudication', result: '1/2-1/2' });
    expect(new MatchGame(null, 0).adjudicate()).toBeNull();
  });

  it('scores a flag as a loss, or a draw when the opponent cannot mate', () => {
    const game = new MatchGame(null);
    expect(game.flag()).toMatchObject({ result: '0-1', reason: 'time-forfeit', loser: WHITE, termination: 'time forfeit' });
    const bare = new MatchGame('8/8/8/4k3/8/8/4P3/4K3 w - - 0 1'); // White to move, Black has a lone king
    expect(bare.flag()).toMatchObject({ result: '1/2-1/2', reason: 'time-forfeit-draw', loser: WHITE });
    const blackFlags = new MatchGame('8/8/8/4k3/8/8/4P3/4K3 b - - 0 1');
    expect(blackFlags.flag()).toMatchObject({ result: '1-0', reason: 'time-forfeit', loser: BLACK });
  });

  it('scores forfeits against the offender', () => {
    expect(forfeit(BLACK, 'illegal-move', '"a1a8"')).toMatchObject({ result: '1-0', termination: 'rules infraction', text: 'Black makes an illegal move ("a1a8")' });
    expect(forfeit(WHITE, 'crash')).toMatchObject({ result: '0-1', termination: 'abandoned' });
    expect(forfeit(WHITE, 'hang').reason).toBe('hang');
  });
});

describe('PGN', () => {
  const base = (over: Partial<PgnGame>): PgnGame => ({
    event: 'chessbot match', site: 'local', date: new Date(2025, 0, 9), round: '3', white: 'chessbot', black: 'Stockfish @2200',
    result: '1-0', timeControl: '10+0.1', startFen: null, startTurn: WHITE, startFullmove: 1, termination: 'normal', moves: [], ...over,
  });

  it('writes the tag roster, TimeControl and Termination, then numbered SAN and the result', () => {
    const game = new MatchGame(null);
    playAll(game, 'f2f3 e7e5 g2g4 d8h4');
    const text = writePgn(base({ result: '0-1', moves: game.moves.map((m) => ({ san: m.san })), finalComment: 'Black mates' }));
    expect(text).toBe(
      '[Event "chessbot match"]\n[Site "local"]\n[Date "2025.01.09"]\n[Round "3"]\n[White "chessbot"]\n[Black "Stockfish @2200"]\n' +
        '[Result "0-1"]\n[TimeControl "10+0.1"]\n[Termination "normal"]\n\n1. f3 e5 2. g4 Qh4# {Black mates} 0-1\n\n',
    );
  });

  it('adds SetUp and FEN for a game from a position and numbers a black first move "n..."', () => {
    const fen = 'rnbqkbnr/pppp1p2/4p1pp/8/7P/4P3/PPPPNPP1/RNBQKB1R b KQkq - 1 4';
    const game = new MatchGame(fen);
    playAll(game, 'd7d5 d2d4');
    const text = writePgn(base({ startFen: game.startFen, startTurn: game.startTurn, startFullmove: game.startFullmove, moves: game.moves.map((m) => ({ san: m.san })) }));
    expect(text).toContain(`[SetUp "1"]\n[FEN "${fen}"]\n[Termination "normal"]`);
    expect(text).toContain('\n\n4... d5 5. d4 1-0\n');
  });

  it('repeats the move number after a comment and keeps comments safe', () => {
    const tokens = movetextTokens(base({ moves: [{ san: 'e4', comment: '+0.30/12 0.50s' }, { san: 'e5', comment: 'a {b}' }, { san: 'Nf3' }], result: '*' }));
    expect(tokens.join(' ')).toBe('1. e4 {+0.30/12 0.50s} 1... e5 {a (b)} 2. Nf3 *');
  });

  it('escapes tag values and wraps movetext at 79 columns', () => {
    expect(escapeTag('say "hi" \\ bye\n')).toBe('say \\"hi\\" \\\\ bye ');
    const game = new MatchGame(null);
    playAll(game, 'g1f3 g8f6 f3g1 f6g8 '.repeat(10).trim().split(' ').slice(0, 30).join(' '));
    const text = writePgn(base({ moves: game.moves.map((m) => ({ san: m.san, comment: '+0.00/20 1.234s' })), result: '1/2-1/2', finalComment: 'a long final comment '.repeat(8) }));
    const movetext = text.split('\n\n')[1].split('\n');
    expect(movetext.length).toBeGreaterThan(5);
    for (const line of movetext) expect(line.length).toBeLessThanOrEqual(79);
    expect(movetext.at(-1)!.endsWith('1/2-1/2')).toBe(true);
  });

  it('formats per-move comments as score/depth time', () => {
    expect(moveComment({ bestmove: 'e2e4', elapsedMs: 523.4, depth: 12, score: { kind: 'cp', value: 35 } })).toBe('+0.35/12 0.523s');
    expect(moveComment({ bestmove: 'e2e4', elapsedMs: 1500, depth: 9, score: { kind: 'mate', value: -3 } })).toBe('-M3/9 1.50s');
    expect(moveComment({ bestmove: 'e2e4', elapsedMs: 20 })).toBe('0.020s');
  });
});

describe('openings', () => {
  it('reads FEN-style and EPD-style lines, skipping blanks and comments', () => {
    const text = [
      '# a comment',
      'r1bqkbnr/p1pp1ppp/1pn1p3/8/7P/3P4/PPPNPPP1/R1BQKBNR w KQkq - 0 4',
      '',
      'rnbqkbnr/pppp1p2/4p1pp/8/7P/4P3/PPPPNPP1/RNBQKB1R w KQkq - hmvc 2; fmvn 4; c0 "x";',
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -',
    ].join('\n');
    expect(parseEpd(text)).toEqual([
      'r1bqkbnr/p1pp1ppp/1pn1p3/8/7P/3P4/PPPNPPP1/R1BQKBNR w KQkq - 0 4',
      'rnbqkbnr/pppp1p2/4p1pp/8/7P/4P3/PPPPNPP1/RNBQKB1R w KQkq - 2 4',
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    ]);
  });

  it('names the first bad line', () => {
    expect(() => parseEpd('8/8/8/8/8/8/8/8 w - - 0 1\n', 'o.epd')).toThrow(/^o\.epd:1: /);
    expect(() => parseEpd('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nnot a fen\n', 'o.epd')).toThrow(/^o\.epd:2: /);
    expect(() => parseEpd('7k/5QQ1/8/8/8/8/8/K7 b - - 0 1', 'o.epd')).toThrow(/already over/);
    expect(() => parseEpd('\n# nothing\n', 'o.epd')).toThrow(/no positions/);
  });

  it('pairs games: each opening twice, engine 1 White first, cycling through the list', () => {
    expect([0, 1, 2, 3, 4, 5].map((g) => pairing(g, 2))).toEqual([
      { opening: 0, engine1White: true }, { opening: 0, engine1White: false },
      { opening: 1, engine1White: true }, { opening: 1, engine1White: false },
      { opening: 0, engine1White: true }, { opening: 0, engine1White: false },
    ]);
  });

  it('shuffles deterministically by seed', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    expect(shuffled(items, 7)).toEqual(shuffled(items, 7));
    expect(shuffled(items, 7)).not.toEqual(shuffled(items, 8));
    expect([...shuffled(items, 7)].sort((a, b) => a - b)).toEqual(items);
  });
});

describe('engine specs', () => {
  it('splits a command line like a shell, without one', () => {
    expect(splitCommand('node bin/chessbot.js uci')).toEqual(['node', 'bin/chessbot.js', 'uci']);
    expect(splitCommand(`"/opt/my engine/run" --x 'a b' c\\ d`)).toEqual(['/opt/my engine/run', '--x', 'a b', 'c d']);
    expect(() => splitCommand('"open')).toThrow(/unclosed/);
  });

  it('reads cmd, name, dir, options (names with spaces) and the elo shorthand', () => {
    expect(parseEngineSpec('cmd=stockfish,name=SF,option.Move Overhead=50,elo=2200,dir=/tmp')).toEqual({
      argv: ['stockfish'], cmd: 'stockfish', name: 'SF', dir: '/tmp', elo: 2200,
      options: [['Move Overhead', '50'], ['UCI_LimitStrength', 'true'], ['UCI_Elo', '2200']],
    });
    expect(parseEngineSpec('cmd=stockfish,option.UCI_LimitStrength=true,option.UCI_Elo=1400').elo).toBe(1400);
    expect(parseEngineSpec('cmd=x,option.SyzygyPath=/a\\,/b').options).toEqual([['SyzygyPath', '/a,/b']]);
    expect(parseEngineSpec('node bin/chessbot.js uci')).toEqual({ argv: ['node', 'bin/chessbot.js', 'uci'], cmd: 'node bin/chessbot.js uci', options: [] });
  });

  it('lets a later option replace an earlier one of the same name, whatever its case', () => {
    expect(parseEngineSpec('cmd=sf,option.hash=16,option.Hash=32').options).toEqual([['Hash', '32']]);
  });

  it('names what is wrong', () => {
    expect(() => parseEngineSpec('')).toThrow(/empty/);
    expect(() => parseEngineSpec('name=x')).toThrow(/no cmd=/);
    expect(() => parseEngineSpec('cmd=sf,speed=3')).toThrow(/unknown key "speed"/);
    expect(() => parseEngineSpec('cmd=sf,elo=high')).toThrow(/elo=/);
    expect(() => parseEngineSpec('cmd=sf,nodes=0')).toThrow(/nodes= expects a positive whole number/);
    expect(() => parseEngineSpec('cmd=sf,nodes=1e5')).toThrow(/nodes=/);
    expect(() => parseEngineSpec('cmd=sf,oops')).toThrow(/key=value/);
  });

  it('reads a node budget for self-play on "go nodes"', () => {
    expect(parseEngineSpec('cmd=sf,nodes=30000').nodes).toBe(30000);
    expect(parseEngineSpec('cmd=sf').nodes).toBeUndefined();
  });
});

describe('UCI text', () => {
  it('reads option declarations as Stockfish prints them', () => {
    expect(parseOptionLine('option name UCI_Elo type spin default 1350 min 1350 max 2850')).toEqual({ name: 'UCI_Elo', type: 'spin', default: '1350', min: 1350, max: 2850, vars: [] });
    expect(parseOptionLine('option name Debug Log File type string default ')).toEqual({ name: 'Debug Log File', type: 'string', default: '', vars: [] });
    expect(parseOptionLine('option name SyzygyPath type string default <empty>')!.default).toBe('');
    expect(parseOptionLine('option name Clear Hash type button')).toEqual({ name: 'Clear Hash', type: 'button', vars: [] });
    expect(parseOptionLine('option name Style type combo default Normal var Solid var Normal var Risky')!.vars).toEqual(['Solid', 'Normal', 'Risky']);
    expect(parseOptionLine('id name Stockfish 15.1')).toBeNull();
  });

  it('checks values against the declaration (engines silently ignore bad ones)', () => {
    const elo = parseOptionLine('option name UCI_Elo type spin default 1350 min 1350 max 2850')!;
    expect(checkOptionValue(elo, '2200')).toBeNull();
    expect(checkOptionValue(elo, '1000')).toBe('must be between 1350 and 2850, got 1000');
    expect(checkOptionValue(elo, '2200.5')).toMatch(/integer/);
    const limit = parseOptionLine('option name UCI_LimitStrength type check default false')!;
    expect(checkOptionValue(limit, 'true')).toBeNull();
    expect(checkOptionValue(limit, 'yes')).toMatch(/true or false/);
    const style = parseOptionLine('option name Style type combo default Normal var Solid var Normal')!;
    expect(checkOptionValue(style, 'solid')).toBeNull();
    expect(checkOptionValue(style, 'Wild')).toMatch(/one of Solid, Normal/);
  });

  it('reads the numbers and the exact score of info lines', () => {
    expect(parseInfo('info depth 12 seldepth 18 multipv 1 score cp 35 nodes 123456 nps 987654 hashfull 10 tbhits 0 time 125 pv e2e4 e7e5')).toEqual({
      depth: 12, seldepth: 18, score: { kind: 'cp', value: 35 }, nodes: 123456, nps: 987654, time: 125,
    });
    expect(parseInfo('info depth 9 score mate -3 upperbound nodes 10')).toEqual({ depth: 9, score: { kind: 'mate', value: -3 }, bound: true, nodes: 10 });
    expect(parseInfo('info string depth 99')).toEqual({});
    expect(parseInfo('bestmove e2e4')).toBeNull();
    expect(formatScore({ kind: 'cp', value: -120 })).toBe('-1.20');
    expect(formatScore({ kind: 'mate', value: 5 })).toBe('+M5');
  });
});

describe('tallies and reports', () => {
  const names: [string, string] = ['ours', 'sf'];
  const rec = (over: Partial<GameRecord>): GameRecord => ({ round: 1, opening: 0, engine1White: true, end: null, plies: 40, moves: [], ...over });
  const records: GameRecord[] = [
    rec({ round: 1, engine1White: true, end: { result: '1-0', reason: 'checkmate', loser: BLACK, termination: 'normal', text: 'White mates' }, moves: [{ engine: 0, elapsedMs: 100, depth: 10, nodes: 50_000, remainingMs: 900 }, { engine: 1, elapsedMs: 200, depth: 20, nodes: 400_000, remainingMs: 700 }] }),
    rec({ round: 2, engine1White: false, end: { result: '1-0', reason: 'time-forfeit', loser: BLACK, termination: 'time forfeit', text: 'Black loses on time' }, moves: [{ engine: 0, elapsedMs: 300, depth: 12, nodes: 150_000, remainingMs: -5 }] }),
    rec({ round: 3, engine1White: false, end: { result: '0-1', reason: 'illegal-move', loser: WHITE, termination: 'rules infraction', text: 'White makes an illegal move' } }),
    rec({ round: 4, engine1White: true, end: { result: '1/2-1/2', reason: 'move-cap', loser: null, termination: 'adjudication', text: 'Draw by the move cap (300 plies)' } }),
    rec({ round: 5, end: null }),
  ];

  it('scores from engine 1 and puts forfeits on the engine that played the losing colour', () => {
    expect(records.map(engine1Points)).toEqual([1, 0, 1, 0.5, null]);
    const s = summarize(names, records);
    expect([s.wins, s.draws, s.losses, s.games, s.unfinished]).toEqual([2, 1, 1, 4, 1]);
    expect(s.engines[0]).toMatchObject({ timeLosses: 1, illegalMoves: 0, moves: 2, depthSum: 22, nodes: 200_000, nodesMs: 400, minRemainingMs: -5 });
    expect(s.engines[1]).toMatchObject({ timeLosses: 0, illegalMoves: 1, moves: 1, minRemainingMs: 700 });
    expect(s.reasons).toEqual({ checkmate: 1, 'time-forfeit': 1, 'illegal-move': 1, 'move-cap': 1 });
  });

  it('prints a progress line per game and the summary', () => {
    const s = summarize(names, records.slice(0, 1));
    expect(progressLine(records[0], names, 100, s)).toBe('game   1/100  opening 1  ours - sf  1-0  checkmate: White mates, 20 moves  [1-0-0]');
    expect(progressLine(records[4], names, 100, s)).toMatch(/\* {2}unfinished \(interrupted\) after 20 moves$/);
    const text = formatSummary(summarize(names, records), { tc: '10+0.1', interrupted: false }).join('\n');
    expect(text).toContain('W/D/L (ours): 2 / 1 / 1   score 62.5%');
    // 62.5% over 4 games: the upper end of the 95% interval is past 100%, so the bar is infinite.
    expect(text).toContain('Elo difference: +88.7 ± inf (95%)   LOS 71.8%');
    expect(text).toContain('Endings: checkmate 1, move-cap 1, time-forfeit 1, illegal-move 1');
    expect(text).toMatch(/^ours\s+1\s+0\s+0\s+0\s+11\.0\s+500k\s+200 ms\s+-0\.01 s$/m);
  });

  it('gives JSON without Infinity or NaN', () => {
    const all = summaryJson(summarize(names, records.slice(0, 1)), { tc: '10+0.1' });
    expect(all).toMatchObject({ tc: '10+0.1', wins: 1, elo: null, eloError: null, score: 1 });
    expect(JSON.parse(JSON.stringify(all))).toEqual(all);
  });
});

describe('command line', () => {
  const engines = ['--engine1', 'cmd=node bin/chessbot.js uci', '--engine2', 'cmd=stockfish,elo=2200'];

  it('has the documented defaults', () => {
    const args = parseMatchArgs(engines);
    expect(args).toMatchObject({ games: 100, concurrency: 1, hash: 64, threads: 1, maxPlies: 300, graceMs: 3000, pgn: 'bench/out/match.pgn', openings: 'bench/data/openings.epd', json: false, comments: true });
    expect(args.tc).toEqual({ baseMs: 10_000, incMs: 100, pgn: '10+0.1' });
    expect(args.engines[1].options).toEqual([['UCI_LimitStrength', 'true'], ['UCI_Elo', '2200']]);
  });

  it('refuses bad arguments with one message', () => {
    const fails = (argv: string[], message: RegExp) => {
      expect(() => parseMatchArgs(argv)).toThrow(UsageError);
      expect(() => parseMatchArgs(argv)).toThrow(message);
    };
    fails(['--engine2', 'stockfish'], /--engine1 is required/);
    fails([...engines, '--games', '0'], /--games: expected 1 to/);
    fails([...engines, '--games', 'ten'], /--games: expected a whole number/);
    fails([...engines, '--tc', '10/40'], /--tc: /);
    fails([...engines, '--frobnicate'], /Unknown option '--frobnicate'$/);
    fails([...engines, '--pgn', 'a.pgn', '--no-pgn'], /contradict/);
    fails([...engines, '--resume', 'a.pgn', '--pgn', 'b.pgn'], /--resume appends to the file it reads: leave out --pgn and --no-pgn/);
    fails([...engines, '--resume', 'a.pgn', '--no-pgn'], /--resume appends to the file it reads/);
    expect(parseMatchArgs([...engines, '--resume', 'a.pgn'])).toMatchObject({ pgn: 'a.pgn', resume: 'a.pgn' });
    fails(['--engine1', 'cmd=a,bogus=1', '--engine2', 'b'], /--engine1: unknown key "bogus"/);
  });

  it('needs nothing else for --help', () => {
    expect(parseMatchArgs(['--help']).help).toBe(true);
  });

  it('reads an SPRT, with 20000 games as its ceiling unless --games says otherwise', () => {
    expect(parseMatchArgs(engines).sprt).toBeNull();
    const args = parseMatchArgs([...engines, '--sprt', '0,5']);
    expect(args.sprt).toEqual({ elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05, model: 'pentanomial' });
    expect(args.games).toBe(20_000);
    expect(parseMatchArgs([...engines, '--sprt', '0,5', '--games', '600']).games).toBe(600);
    expect(parseMatchArgs([...engines, '--sprt', '-3,1.5,0.1,0.02', '--sprt-model', 'trinomial']).sprt).toEqual({ elo0: -3, elo1: 1.5, alpha: 0.1, beta: 0.02, model: 'trinomial' });
    expect(parseMatchArgs([...engines, '--sprt=-10,-5']).sprt).toMatchObject({ elo0: -10, elo1: -5 });
    // npm run sprt puts its defaults first: a later --sprt wins.
    expect(parseMatchArgs(['--sprt', '0,5', ...engines, '--sprt', '-3,1']).sprt).toMatchObject({ elo0: -3, elo1: 1 });
  });

  it('refuses a bad SPRT with one message', () => {
    const fails = (argv: string[], message: RegExp) => {
      expect(() => parseMatchArgs([...engines, ...argv])).toThrow(UsageError);
      expect(() => parseMatchArgs([...engines, ...argv])).toThrow(message);
    };
    fails(['--sprt', '5'], /^--sprt: expected elo0,elo1 or elo0,elo1,alpha,beta, got "5"$/);
    fails(['--sprt', '0,5,0.05'], /^--sprt: expected elo0,elo1 or elo0,elo1,alpha,beta, got "0,5,0.05"$/);
    fails(['--sprt', '5,0'], /^--sprt: elo0 must be below elo1, got elo0 5 and elo1 0$/);
    fails(['--sprt', '2,2'], /^--sprt: elo0 must be below elo1/);
    fails(['--sprt', 'x,5'], /^--sprt: elo0 must be a finite number, got "x"$/);
    fails(['--sprt', '0,'], /^--sprt: elo1 must be a finite number, got ""$/);
    fails(['--sprt', '0,Infinity'], /^--sprt: elo1 must be a finite number/);
    fails(['--sprt', '0,5000'], /^--sprt: elo1 must be between -1000 and 1000, got 5000$/);
    fails(['--sprt', '0,5,0.5,0.05'], /^--sprt: alpha must be above 0 and below 0.5, got 0.5$/);
    fails(['--sprt', '0,5,0.05,0'], /^--sprt: beta must be above 0 and below 0.5, got 0$/);
    fails(['--sprt', '0,5,0.05,NaN'], /^--sprt: beta must be a finite number, got "NaN"$/);
    fails(['--sprt', '0,5', '--sprt-model', 'binomial'], /^--sprt-model: expected pentanomial or trinomial, got "binomial"$/);
    fails(['--sprt-model', 'trinomial'], /^--sprt-model only applies with --sprt$/);
  });
});
