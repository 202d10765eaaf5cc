// The UCI session in-process, with a fake job runner the tests answer by hand: what each command
// prints, which jobs it submits, and the ordering rules (one bestmove per go, held infinite
// searches, go while searching, isready while searching, quit).

import { describe, expect, it } from 'vitest';
import { STARTING_FEN } from '../../../src/chess/fen.ts';
import { MATE_FALLBACK_MOVETIME_MS, UciSession, type UciSessionOptions } from '../../../src/adapters/uci/session.ts';
import type { EngineClient } from '../../../src/engine/index.ts';
import { BookError, PolyglotBook } from '../../../src/search/book/index.ts';
import type { SearchInfo, SearchResult } from '../../../src/search/play/index.ts';
import type { Job, MateJobResult } from '../../../src/workers/index.ts';
import { bookBytes, keyOf } from '../../support/polyglotBook.ts';

interface Call {
  readonly job: Job;
  readonly signal: AbortSignal | undefined;
  readonly deadline: number | undefined;
  progress(report: unknown): void;
  resolve(result: unknown): void;
  reject(error: Error): void;
}

/** A session whose jobs wait until the test answers them. */
function setup(extra: Partial<UciSessionOptions> = {}) {
  const lines: string[] = [];
  const calls: Call[] = [];
  const run = ((job: Job, options = {}) =>
    new Promise((resolve, reject) => {
      calls.push({
        job,
        signal: options.signal,
        deadline: options.deadline,
        progress: (report) => options.onProgress?.(report as never),
        resolve,
        reject,
      });
    })) as EngineClient['run'];
  const session = new UciSession({ engine: { run }, write: (line) => lines.push(line), name: 'chessbot 9.9.9', author: 'us', ...extra });
  let seen = 0;
  /** What was printed since the last call of send or answer. */
  const unseen = (): string[] => {
    const fresh = lines.slice(seen);
    seen = lines.length;
    return fresh;
  };
  /** Handles the lines and lets the session's promises settle; returns what was printed since last asked. */
  const send = async (...input: string[]): Promise<string[]> => {
    for (const line of input) session.handle(line);
    await settle();
    return unseen();
  };
  /** Answers job `index` and lets the session react; returns what was printed since last asked. */
  const answer = async (index: number, result: unknown): Promise<string[]> => {
    calls[index]!.resolve(result);
    await settle();
    return unseen();
  };
  return { session, lines, calls, send, answer };
}

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

function result(bestMove: string | null, extra: Partial<SearchResult> = {}): SearchResult {
  return {
    bestMove, ponder: null, score: { cp: 12 }, depth: 3, nodes: 1000, timeMs: 20,
    pv: bestMove ? [bestMove] : [], ...extra,
  };
}

function info(depth: number, nodes: number, pv: string[]): SearchInfo {
  return { depth, seldepth: depth + 2, score: { cp: 15 }, nodes, timeMs: 10, nps: 100000, pv, hashfull: 3 };
}

const MATE_IN_2 = 'r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 0';

describe('UciSession: handshake and options', () => {
  it('answers uci with its id, options and uciok', async () => {
    const { send } = setup();
    expect(await send('uci')).toEqual([
      'id name chessbot 9.9.9',
      'id author us',
      'option name Threads type spin default 1 min 1 max 32',
      'option name Hash type spin default 64 min 1 max 1024',
      'option name Move Overhead type spin default 100 min 0 max 5000',
      'option name Clear Hash type button',
      'option name Ponder type check default false',
      'option name OwnBook type check default false',
      'option name Book File type string default <empty>',
      'uciok',
    ]);
  });

  it('prepares the engine on the first isready, then answers at once', async () => {
    const { send, calls, answer } = setup();
    expect(await send('isready')).toEqual([]);
    expect(calls.map((call) => call.job)).toEqual([{ kind: 'playSetup', hashMb: 64, newGame: false }]);
    expect(await answer(0, { elapsedMs: 3 })).toEqual(['readyok']);
    expect(await send('isready')).toEqual(['readyok']);
    expect(calls).toHaveLength(1);
  });

  it('resizes on isready after setoption Hash, and clears after ucinewgame', async () => {
    const { send, calls, answer } = setup();
    await send('isready');
    await answer(0, { elapsedMs: 0 });
    expect(await send('setoption name Hash value 256', 'isready')).toEqual([]);
    expect(calls[1]!.job).toEqual({ kind: 'playSetup', hashMb: 256, newGame: false });
    expect(await answer(1, { elapsedMs: 0 })).toEqual(['readyok']);
    await send('ucinewgame', 'isready');
    expect(calls[2]!.job).toEqual({ kind: 'playSetup', hashMb: 256, newGame: true });
    expect(await answer(2, { elapsedMs: 0 })).toEqual(['readyok']);
    // Clear Hash (a button) clears as ucinewgame does; option names ignore case.
    await send('setoption name clear hash', 'isready');
    expect(calls[3]!.job).toEqual({ kind: 'playSetup', hashMb: 256, newGame: true });
  });

  it('still answers readyok when preparing fails', async () => {
    const { send, calls } = setup();
    await send('isready');
    calls[0]!.reject(new Error('worker crashed'));
    expect(await send()).toEqual(['info string error: preparing the engine failed: worker crashed', 'readyok']);
  });

  it('reports bad options and values, keeping the old value', async () => {
    const { send, calls } = setup();
    expect(await send('setoption name Threads value 4 please')).toEqual([
      'info string error: setoption: Threads must be an integer from 1 to 32, got "4 please"',
    ]);
    expect(await send('setoption name Hyperthreads value 4')).toEqual([
      'info string error: unknown option "Hyperthreads" (options: Threads, Hash, Move Overhead, Clear Hash, Ponder, OwnBook, Book File)',
    ]);
    expect(await send('setoption name Hash value lots')).toEqual([
      'info string error: setoption: Hash must be an integer from 1 to 1024, got "lots"',
    ]);
    expect(await send('setoption name Hash value 4096')).toEqual([
      'info string error: setoption: Hash must be an integer from 1 to 1024, got "4096"',
    ]);
    expect(await send('setoption name Move Overhead')).toEqual([
      'info string error: setoption: Move Overhead must be an integer from 0 to 5000, got no value',
    ]);
    await send('setoption name Move Overhead value 30', 'go depth 2');
    expect(calls[0]!.job).toMatchObject({ kind: 'play', hashMb: 64, limits: { depth: 2, moveOverheadMs: 30 } });
  });
});

describe('UciSession: position', () => {
  it('sends the FEN and the moves to the job, both castling forms accepted', async () => {
    const { send, calls, answer } = setup();
    const italian = 'e2e4 e7e5 g1f3 b8c6 f1c4 g8f6';
    expect(await send(`position startpos moves ${italian} e1h1`, 'go depth 3')).toEqual([]);
    expect(calls[0]!.job).toEqual({
      kind: 'play', fen: STARTING_FEN, moves: [...italian.split(' '), 'e1h1'], limits: { depth: 3, moveOverheadMs: 100 },
      hashMb: 64, newGame: false,
    });
    await answer(0, result('f8c5'));
    await send(`position startpos moves ${italian} e1g1`, 'go depth 3');
    expect((calls[1]!.job as { moves: string[] }).moves.at(-1)).toBe('e1g1');
  });

  it('reports a bad FEN and an illegal move by name, leaving the position as it was', async () => {
    const { send, calls } = setup();
    await send('position startpos moves e2e4');
    expect(await send('position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1')).toEqual([
      expect.stringMatching(/^info string error: bad FEN "rnbqkbnr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/RNBQKBNZ w KQkq - 0 1": .+; position unchanged$/),
    ]);
    expect(await send('position startpos moves e2e4 e7e5 e1g1')).toEqual([
      'info string error: illegal move "e1g1" (move 3 of 3) in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2; position unchanged',
    ]);
    expect(await send('position fen')).toEqual(['info string error: position: the FEN after "fen" is missing']);
    await send('go depth 1');
    expect(calls[0]!.job).toMatchObject({ fen: STARTING_FEN, moves: ['e2e4'] });
  });
});

describe('UciSession: go and stop', () => {
  it('prints each iteration, the final figures if new, and the bestmove with ponder', async () => {
    const { send, calls, answer } = setup();
    await send('position startpos', 'go depth 2');
    calls[0]!.progress(info(1, 20, ['e2e4']));
    calls[0]!.progress(info(2, 90, ['e2e4', 'e7e5']));
    expect(await send()).toEqual([
      'info depth 1 seldepth 3 score cp 15 nodes 20 nps 100000 time 10 hashfull 3 pv e2e4',
      'info depth 2 seldepth 4 score cp 15 nodes 90 nps 100000 time 10 hashfull 3 pv e2e4 e7e5',
    ]);
    expect(await answer(0, result('e2e4', { ponder: 'e7e5', pv: ['e2e4', 'e7e5'], nodes: 90 }))).toEqual([
      'bestmove e2e4 ponder e7e5',
    ]);
    await send('go depth 2');
    calls[1]!.progress(info(1, 20, ['d2d4']));
    expect(await answer(1, result('e2e4', { nodes: 150, depth: 1, timeMs: 30, score: { mate: 3 } }))).toEqual([
      'info depth 1 seldepth 3 score cp 15 nodes 20 nps 100000 time 10 hashfull 3 pv d2d4',
      'info depth 1 score mate 3 nodes 150 nps 5000 time 30 pv e2e4',
      'bestmove e2e4',
    ]);
  });

  it('gives the engine the clock of the side to move', async () => {
    const { send, calls } = setup();
    await send('position startpos moves e2e4', 'go wtime 1000 btime 2000 winc 10 binc 20 movestogo 5');
    expect(calls[0]!.job).toMatchObject({
      limits: { clock: { timeMs: 2000, incrementMs: 20, movesToGo: 5 }, moveOverheadMs: 100 },
    });
    calls[0]!.resolve(result('e7e5'));
    await send('position startpos', 'go wtime -50 btime 2000 movetime 300 nodes 5000');
    expect(calls[1]!.job).toMatchObject({
      limits: { clock: { timeMs: 0, incrementMs: 0 }, movetimeMs: 300, nodes: 5000 },
    });
  });

  it('holds the bestmove of go infinite until stop, printing it once', async () => {
    const { send, answer } = setup();
    await send('go infinite');
    expect(await answer(0, result('e2e4'))).toEqual(['info depth 3 score cp 12 nodes 1000 nps 50000 time 20 pv e2e4']);
    expect(await send('isready')).toEqual(['readyok']);
    expect(await send('stop')).toEqual(['bestmove e2e4']);
    expect(await send('stop')).toEqual([]);
  });

  it('stops a running search through its signal; the bestmove follows its answer', async () => {
    const { send, calls, answer } = setup();
    await send('go infinite');
    expect(calls[0]!.job).toMatchObject({ limits: { infinite: true } });
    expect(calls[0]!.signal?.aborted).toBe(false);
    expect(await send('stop')).toEqual([]);
    expect(calls[0]!.signal?.aborted).toBe(true);
    expect(await answer(0, result('g1f3'))).toEqual(['info depth 3 score cp 12 nodes 1000 nps 50000 time 20 pv g1f3', 'bestmove g1f3']);
  });

  it('answers isready at once during a search', async () => {
    const { send } = setup();
    await send('go infinite');
    expect(await send('isready')).toEqual(['readyok']);
    expect(await send('setoption name Hash value 8', 'ucinewgame', 'isready')).toEqual(['readyok']);
  });

  it('on go during a search, stops it, answers it, then starts the new one', async () => {
    const { send, calls, answer } = setup();
    await send('go infinite');
    await send('position startpos moves d2d4', 'go depth 5');
    expect(calls[0]!.signal?.aborted).toBe(true);
    // The new search waits for the old one's answer.
    expect(calls).toHaveLength(1);
    expect(await answer(0, result('e2e4', { nodes: 7 }))).toEqual([
      'info depth 3 score cp 12 nodes 7 nps 350 time 20 pv e2e4', 'bestmove e2e4',
    ]);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.job).toMatchObject({ moves: ['d2d4'], limits: { depth: 5 } });
    expect(await answer(1, result('d7d5'))).toContain('bestmove d7d5');
  });

  it('a go stopped before it starts still answers, with a quick search', async () => {
    const { send, calls, answer } = setup();
    await send('go infinite', 'go depth 20', 'stop');
    await answer(0, result('e2e4'));
    expect(calls[1]!.job).toMatchObject({ limits: { depth: 1 } });
    expect(calls[1]!.signal).toBeUndefined();
    expect(await answer(1, result('d2d4'))).toContain('bestmove d2d4');
    expect(await send('stop')).toEqual([]);
  });

  it('answers bestmove 0000 at once when there is no legal move', async () => {
    const { send, calls } = setup();
    const mated = 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3';
    expect(await send(`position fen ${mated}`, 'go depth 3')).toEqual(['info depth 0 score mate 0', 'bestmove 0000']);
    expect(await send('position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1', 'go infinite')).toEqual(['info depth 0 score cp 0']);
    expect(await send('stop')).toEqual(['bestmove 0000']);
    expect(calls).toHaveLength(0);
  });

  it('answers a failed job with an info string and a legal move found in this thread', async () => {
    const { send, calls } = setup();
    await send('position startpos moves e2e4', 'go depth 8');
    calls[0]!.reject(new Error('search worker crashed: out of memory'));
    const out = await send();
    expect(out[0]).toBe('info string error: the search failed: search worker crashed: out of memory');
    expect(out[1]).toMatch(/^bestmove [a-h][1-8][a-h][1-8]$/);
  });

  it('rejects a malformed go without searching, and mentions ignored tokens', async () => {
    const { send, calls } = setup();
    expect(await send('go depth x')).toEqual(['info string error: go: depth needs an integer >= 1, got "x"']);
    expect(calls).toHaveLength(0);
    expect(await send('go quickly depth 2')).toEqual(['info string go: ignored unknown "quickly"']);
  });

  it('passes go searchmoves to the engine, and rejects a list with a move that is not legal', async () => {
    const { send, calls } = setup();
    expect(await send('position startpos moves e2e4', 'go searchmoves d7d5 g8f6 e7e8Q depth 4')).toEqual([
      'info string error: go: searchmoves: illegal move "e7e8Q" in rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
    ]);
    expect(await send('go searchmoves depth 4')).toEqual(['info string error: go: searchmoves needs at least one move']);
    expect(calls).toHaveLength(0);
    expect(await send('go searchmoves d7d5 g8f6 depth 4')).toEqual([]);
    expect(calls[0]!.job).toMatchObject({ kind: 'play', moves: ['e2e4'], limits: { depth: 4, searchMoves: ['d7d5', 'g8f6'] } });
  });

  it('reports unknown commands and ignores blank lines, debug and register', async () => {
    const { send } = setup();
    expect(await send('hello there', '', 'debug on', 'register later')).toEqual(['info string unknown command: "hello there"']);
    expect(await send('x'.repeat(200))).toEqual([`info string unknown command: "${'x'.repeat(60)}"… (200 characters)`]);
  });

  it('escapes control characters in everything it quotes back', async () => {
    const { send } = setup();
    expect(await send(
      'hello\x1b[2J\x07there',
      'position fen 8/8/8/8/8/8/8/K1k5\x1b[31m w - - 0 1',
      'position startpos \x1b[31m',
      'setoption name Hash\x1b[31m value 2',
      'setoption name Hash value 2\x1b[31m',
      'setoption name Ponder value \x07',
      'go depth \x07',
      'go \x1b[31m depth 2',
    )).toEqual([
      'info string unknown command: "hello\\u001b[2J\\u0007there"',
      expect.stringMatching(/^info string error: bad FEN "8\/8\/8\/8\/8\/8\/8\/K1k5\\u001b\[31m w - - 0 1": .*; position unchanged$/),
      'info string error: position: unexpected "\\u001b[31m" after startpos (moves go after "moves")',
      expect.stringMatching(/^info string error: unknown option "Hash\\u001b\[31m" \(options: /),
      'info string error: setoption: Hash must be an integer from 1 to 1024, got "2\\u001b[31m"',
      'info string error: setoption: Ponder must be true or false, got "\\u0007"',
      'info string error: go: depth needs an integer >= 1, got "\\u0007"',
      'info string go: ignored unknown "\\u001b[31m"',
    ]);
  });

  it('quotes only the start of multi-megabyte input, saying how long it was', async () => {
    const { send } = setup();
    const huge = 'x'.repeat(5_000_000);
    const out = await send(
      huge,
      `position fen ${huge}`,
      `position fen ${huge} w - - 0 1`,
      `position startpos moves e2e4 ${huge}`,
      `position startpos ${huge}`,
      `setoption name ${huge} value 1`,
      `setoption name Hash value ${huge}`,
      `go depth ${huge}`,
      `go ${'junk '.repeat(1_000_000)}depth 2`,
    );
    expect(out).toHaveLength(9);
    for (const line of out) {
      expect(line.length).toBeLessThan(1100);
      expect(line).toMatch(/^info string /);
    }
    expect(out[0]).toBe(`info string unknown command: "${'x'.repeat(60)}"… (5,000,000 characters)`);
    expect(out[1]).toMatch(/^info string error: bad FEN "x{60}"… \(5,000,000 characters\): .*; position unchanged$/);
    expect(out[6]).toBe(`info string error: setoption: Hash must be an integer from 1 to 1024, got "${'x'.repeat(60)}"… (5,000,000 characters)`);
    expect(out[8]).toBe('info string go: ignored unknown "junk" "junk" "junk" "junk" "junk" and 999,995 more');
  });
});

describe('UciSession: pondering', () => {
  it('takes setoption Ponder, and reports a bad value', async () => {
    const { send } = setup();
    expect(await send('setoption name Ponder value true', 'setoption name ponder value false')).toEqual([]);
    expect(await send('setoption name Ponder value maybe')).toEqual([
      'info string error: setoption: Ponder must be true or false, got "maybe"',
    ]);
  });

  it('on ponderhit, searches the position again on the go\'s clock and answers once, with that search\'s move', async () => {
    const { send, calls, answer } = setup();
    await send('position startpos moves e2e4 e7e5', 'go ponder wtime 60000 btime 50000 winc 1000 binc 500');
    expect(calls[0]!.job).toMatchObject({ kind: 'play', moves: ['e2e4', 'e7e5'], limits: { infinite: true } });
    calls[0]!.progress(info(9, 5000, ['g1f3', 'b8c6']));
    expect(await send()).toEqual(['info depth 9 seldepth 11 score cp 15 nodes 5000 nps 100000 time 10 hashfull 3 pv g1f3 b8c6']);
    expect(await send('ponderhit')).toEqual([]);
    expect(calls[0]!.signal?.aborted).toBe(true);
    // The pondering's own answer is not the move: the search on the clock follows it.
    expect(await answer(0, result('g1f3', { nodes: 5000 }))).toEqual([]);
    expect(calls).toHaveLength(2);
    const timed = calls[1]!.job as Extract<Job, { kind: 'play' }>;
    expect(timed).toMatchObject({ kind: 'play', moves: ['e2e4', 'e7e5'], limits: { clock: { timeMs: 60000, incrementMs: 1000 } } });
    expect(timed.limits.infinite).toBeUndefined();
    expect(calls[1]!.signal?.aborted).toBe(false);
    expect(await answer(1, result('b1c3', { nodes: 9000 }))).toEqual([
      'info depth 3 score cp 12 nodes 9000 nps 450000 time 20 pv b1c3', 'bestmove b1c3',
    ]);
    expect(await send('stop', 'ponderhit')).toEqual([]);
    expect(calls).toHaveLength(2);
  });

  it('on stop instead (the opponent played another move), answers with the pondering\'s move and searches no more', async () => {
    const { send, calls, answer } = setup();
    await send('position startpos moves e2e4 e7e5', 'go ponder wtime 60000 btime 50000');
    expect(await send('stop')).toEqual([]);
    expect(await answer(0, result('g1f3'))).toContain('bestmove g1f3');
    expect(calls).toHaveLength(1);
  });

  it('on ponderhit after the pondering ended by itself, answers with its move at once', async () => {
    const { send, calls, answer } = setup();
    await send('go ponder wtime 60000 btime 50000');
    expect(await answer(0, result('e2e4'))).not.toContain('bestmove e2e4');
    expect(await send('ponderhit')).toEqual(['bestmove e2e4']);
    expect(calls).toHaveLength(1);
  });

  it('after ponderhit, a go ponder infinite still holds its bestmove until stop', async () => {
    const { send, calls, answer } = setup();
    await send('go ponder infinite');
    await send('ponderhit');
    await answer(0, result('e2e4'));
    expect(calls[1]!.job).toMatchObject({ limits: { infinite: true } });
    expect(await answer(1, result('d2d4'))).not.toContain('bestmove d2d4');
    expect(await send('stop')).toEqual(['bestmove d2d4']);
  });

  it('ignores ponderhit when it is not pondering', async () => {
    const { send, calls, answer } = setup();
    expect(await send('ponderhit')).toEqual([]);
    await send('go infinite');
    expect(await send('ponderhit')).toEqual([]);
    expect(calls[0]!.signal?.aborted).toBe(false);
    await answer(0, result('d2d4'));
    expect(await send('stop')).toEqual(['bestmove d2d4']);
  });
});

describe('UciSession: go mate', () => {
  const report = (extra: Partial<MateJobResult>): MateJobResult => ({
    status: 'mate', mateIn: 2, keys: ['d5f6'], keysSan: ['Nf6+'], keysComplete: true, line: ['Nf6+', 'gxf6', 'Bxf7#'],
    lineUci: ['d5f6', 'g7f6', 'c4f7'], lineComplete: true, nodes: 500, provenDepth: 1, elapsedMs: 10, ...extra,
  });

  it('asks the mate solver and answers its key with score mate', async () => {
    const { send, calls, answer } = setup();
    await send(`position fen ${MATE_IN_2}`, 'go mate 2');
    expect(calls[0]!.job).toEqual({ kind: 'mate', fen: MATE_IN_2.replace(/1 0$/, '1 1'), maxMoves: 2, mode: 'all' });
    expect(calls[0]!.deadline).toBeUndefined();
    calls[0]!.progress({ depth: 1, nodes: 60, found: false, elapsedMs: 2 });
    expect(await answer(0, report({}))).toEqual([
      'info depth 1 nodes 60 nps 30000 time 2',
      'info depth 3 score mate 2 nodes 500 nps 50000 time 10 pv d5f6 g7f6 c4f7',
      'bestmove d5f6 ponder g7f6',
    ]);
  });

  it('bounds the proof by movetime, and lists every key of a cooked problem', async () => {
    const { send, calls, answer } = setup();
    const before = Date.now();
    await send(`position fen ${MATE_IN_2}`, 'go mate 3 movetime 2000');
    expect(calls[0]!.deadline).toBeGreaterThanOrEqual(before + 1900 - 50);
    expect(calls[0]!.deadline).toBeLessThanOrEqual(Date.now() + 1900);
    expect(await answer(0, report({ keys: ['d5f6', 'e5f7'] }))).toContain('info string keys: d5f6 e5f7');
  });

  it('lets the engine choose when no mate is proven', async () => {
    const { send, calls, answer } = setup();
    await send('position startpos', 'go mate 2');
    expect(await answer(0, report({ status: 'no-mate', mateIn: null, keys: [], lineUci: [], provenDepth: 2 }))).toEqual([
      'info string no mate in 2 or fewer (proven)',
    ]);
    expect(calls[1]!.job).toMatchObject({ kind: 'play', limits: { movetimeMs: MATE_FALLBACK_MOVETIME_MS, moveOverheadMs: 0 } });
    expect(await answer(1, result('e2e4'))).toContain('bestmove e2e4');
  });

  it('stopped, it answers with a quick engine move', async () => {
    const { send, calls, answer } = setup();
    await send('position startpos', 'go mate 7');
    await send('stop');
    expect(calls[0]!.signal?.aborted).toBe(true);
    expect(await answer(0, report({ status: 'stopped', mateIn: null, keys: [], lineUci: [], provenDepth: 3 }))).toEqual([
      'info string no mate found in time (none in 3 or fewer, proven)',
    ]);
    expect(calls[1]!.job).toMatchObject({ kind: 'play', limits: { depth: 1 } });
    expect(await answer(1, result('e2e4'))).toContain('bestmove e2e4');
  });
});

describe('UciSession: opening book', () => {
  const START_BOOK = bookBytes([
    { key: keyOf('startpos'), move: 'e2e4', weight: 10 },
    { key: keyOf('startpos'), move: 'd2d4', weight: 5 },
    { key: keyOf('startpos', ['e2e4']), move: 'c7c5', weight: 1 },
    { key: keyOf('startpos', ['e2e4', 'c7c5']), move: 'g1f3', weight: 1 },
  ]);
  /** Book files by path, opened without touching the disk. */
  const openBook = (path: string, settings = {}) => {
    if (path !== '/books/start.bin') throw new BookError(path, 'file not found');
    return new PolyglotBook(START_BOOK, path, settings);
  };
  const withBook = (random = () => 0, settings = {}) =>
    setup({ setup: { openBook: (path) => openBook(path, settings) }, random });

  it('announces the starting values it was given (from the config) as the defaults, and uses them', async () => {
    const book = openBook('/books/start.bin', { selection: 'best' });
    const { send, calls, answer } = setup({ setup: { hashMb: 128, moveOverheadMs: 250, book } });
    expect((await send('uci')).filter((line) => line.startsWith('option'))).toEqual([
      'option name Threads type spin default 1 min 1 max 32',
      'option name Hash type spin default 128 min 1 max 1024',
      'option name Move Overhead type spin default 250 min 0 max 5000',
      'option name Clear Hash type button',
      'option name Ponder type check default false',
      'option name OwnBook type check default false',
      'option name Book File type string default /books/start.bin',
    ]);
    // OwnBook starts off, even with a book: the engine searches.
    await send('position startpos', 'go depth 2');
    expect(calls[0]!.job).toMatchObject({ kind: 'play', hashMb: 128, limits: { depth: 2, moveOverheadMs: 250 } });
    expect((await answer(0, result('d2d4'))).at(-1)).toBe('bestmove d2d4');
    // OwnBook on: the starting book answers.
    expect(await send('setoption name OwnBook value true', 'go depth 2')).toEqual([
      'info string book move e2e4 (weight 10)', 'bestmove e2e4',
    ]);
    expect(calls).toHaveLength(1);
  });

  it('with OwnBook on and a Book File, answers a book position at once, without a search', async () => {
    const { send, calls } = withBook(() => 0.9);
    expect(await send('setoption name Book File value /books/start.bin', 'setoption name ownbook value TRUE')).toEqual([
      'info string Book File: "/books/start.bin" (4 entries)',
    ]);
    // 0.9 of the weights 10 + 5 falls on d2d4.
    expect(await send('position startpos', 'go wtime 60000 btime 60000')).toEqual([
      'info string book move d2d4 (weight 5)', 'bestmove d2d4',
    ]);
    expect(await send('position startpos moves e2e4 c7c5', 'go movetime 1000')).toEqual([
      'info string book move g1f3 (weight 1)', 'bestmove g1f3',
    ]);
    expect(calls).toHaveLength(0);
    // Out of book: the engine searches.
    await send('position startpos moves d2d4', 'go depth 3');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.job).toMatchObject({ kind: 'play', moves: ['d2d4'] });
  });

  it('searches in book positions when OwnBook is off, and for go infinite, go ponder and go mate', async () => {
    const { send, calls, answer } = withBook();
    await send('setoption name Book File value /books/start.bin', 'position startpos', 'go depth 1');
    expect(calls).toHaveLength(1);
    expect(await answer(0, result('g1f3'))).toEqual(['info depth 3 score cp 12 nodes 1000 nps 50000 time 20 pv g1f3', 'bestmove g1f3']);
    await send('setoption name OwnBook value true', 'go infinite');
    expect(calls).toHaveLength(2);
    await send('stop');
    calls[1]!.resolve(result('b1c3'));
    await send('go ponder');
    expect(calls).toHaveLength(3);
    await send('ponderhit');
    calls[2]!.resolve(result('b1c3'));
    await send('go mate 2');
    expect(calls[3]!.job).toMatchObject({ kind: 'mate' });
    calls[3]!.resolve({ status: 'no-mate', mateIn: null, keys: [], lineUci: [], provenDepth: 2, nodes: 1, elapsedMs: 1 });
    await send();
    expect(calls[4]!.job).toMatchObject({ kind: 'play' });
  });

  it('searches for go searchmoves in a book position: the book\'s move may not be on the list', async () => {
    const { send, calls } = withBook();
    await send('setoption name Book File value /books/start.bin', 'setoption name OwnBook value true', 'position startpos');
    expect(await send('go depth 3 searchmoves a2a3 h2h3')).toEqual([]);
    expect(calls[0]!.job).toMatchObject({ kind: 'play', limits: { searchMoves: ['a2a3', 'h2h3'] } });
  });

  it('stops using the book at its maxPly', async () => {
    const { send, calls } = withBook(() => 0, { maxPly: 2 });
    await send('setoption name Book File value /books/start.bin', 'setoption name OwnBook value true');
    expect(await send('position startpos moves e2e4', 'go depth 1')).toEqual([
      'info string book move c7c5 (weight 1)', 'bestmove c7c5',
    ]);
    await send('position startpos moves e2e4 c7c5', 'go depth 1');
    expect(calls).toHaveLength(1);
  });

  it('reports a bad Book File and keeps the book it had; an empty value means no book', async () => {
    const { send, calls } = withBook();
    expect(await send('setoption name Book File value /books/nope.bin')).toEqual([
      'info string error: setoption: Book File: "/books/nope.bin": file not found; no book',
    ]);
    await send('setoption name Book File value /books/start.bin', 'setoption name OwnBook value true');
    expect(await send('setoption name Book File value /books/nope.bin')).toEqual([
      'info string error: setoption: Book File: "/books/nope.bin": file not found; the book stays "/books/start.bin"',
    ]);
    expect(await send('position startpos', 'go depth 1')).toEqual(['info string book move e2e4 (weight 10)', 'bestmove e2e4']);
    expect(await send('setoption name Book File value <empty>', 'go depth 1')).toEqual([]);
    expect(calls).toHaveLength(1);
    calls[0]!.resolve(result('e2e4'));
    await send('setoption name Book File value /books/start.bin', 'setoption name Book File');
    await send('go depth 1');
    expect(calls).toHaveLength(2);
  });

  it('escapes a Book File path it quotes back, and cuts a long one', async () => {
    const { send } = withBook();
    expect(await send('setoption name Book File value /books/\x1b[31mnope.bin')).toEqual([
      'info string error: setoption: Book File: "/books/\\u001b[31mnope.bin": file not found; no book',
    ]);
    const [line, ...rest] = await send(`setoption name Book File value /${'d'.repeat(5_000_000)}`);
    expect(rest).toEqual([]);
    expect(line).toMatch(/^info string error: setoption: Book File: "\/d{199}"… \(5,000,001 characters\): file not found; no book$/);
  });

  it('reports a bad OwnBook value and keeps the old one', async () => {
    const { send, calls } = withBook();
    await send('setoption name Book File value /books/start.bin');
    expect(await send('setoption name OwnBook value yes', 'setoption name OwnBook')).toEqual([
      'info string error: setoption: OwnBook must be true or false, got "yes"',
      'info string error: setoption: OwnBook must be true or false, got no value',
    ]);
    await send('go depth 1');
    expect(calls).toHaveLength(1);
  });
});

describe('UciSession: the end', () => {
  it('quit stops the search, still prints its bestmove, and reads nothing more', async () => {
    const { session, send, calls, answer } = setup();
    await send('go infinite');
    expect(session.handle('quit')).toBe('quit');
    expect(calls[0]!.signal?.aborted).toBe(true);
    expect((await answer(0, result('e2e4'))).at(-1)).toBe('bestmove e2e4');
    expect(session.handle('isready')).toBe('quit');
    expect(session.handle('go depth 3')).toBe('quit');
    expect(await send()).toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it('quit still answers an isready asked before it, and a go queued behind it with a quick search', async () => {
    const { session, send, calls, answer } = setup();
    expect(await send('isready', 'position startpos', 'go depth 30')).toEqual([]);
    expect(session.handle('quit')).toBe('quit');
    expect(await answer(0, undefined)).toEqual(['readyok']);
    // The go was stopped before its job began: it searches one ply and answers.
    expect(calls[1]!.job).toMatchObject({ kind: 'play', limits: { depth: 1 } });
    expect((await answer(1, result('d2d4'))).at(-1)).toBe('bestmove d2d4');
    await session.idle();
  });

  it('after close, nothing more is written', async () => {
    const { session, send, calls, answer } = setup();
    await send('go infinite');
    session.close();
    expect(calls[0]!.signal?.aborted).toBe(true);
    expect(await answer(0, result('e2e4'))).toEqual([]);
    expect(session.handle('isready')).toBe('quit');
    expect(await send()).toEqual([]);
  });

  it('at the end of input, stops an infinite search and waits for a bounded one', async () => {
    const { session, send, calls, lines } = setup();
    await send('go infinite');
    const ended = session.endOfInput();
    expect(calls[0]!.signal?.aborted).toBe(true);
    calls[0]!.resolve(result('e2e4'));
    await ended;
    expect(lines.at(-1)).toBe('bestmove e2e4');

    await send('go depth 9');
    let done = false;
    const finished = session.endOfInput().then(() => (done = true));
    await settle();
    expect(done).toBe(false);
    expect(calls[1]!.signal?.aborted).toBe(false);
    calls[1]!.resolve(result('d2d4'));
    await finished;
    expect(lines.at(-1)).toBe('bestmove d2d4');
  });
});

describe('UciSession: threads (lazy SMP)', () => {
  it('resizes the workers on setoption Threads, once the jobs sent before have run', async () => {
    const resized: number[] = [];
    const { send, answer } = setup({ setWorkers: async (count) => void resized.push(count) });
    await send('go depth 3', 'setoption name Threads value 2');
    expect(resized).toEqual([]);
    await answer(0, result('e2e4'));
    expect(resized).toEqual([2]);
    // The same value again changes nothing.
    await send('setoption name Threads value 2');
    expect(resized).toEqual([2]);
  });

  it('with two threads, runs a helper beside the main search on one shared table, and stops it when the main search answers', async () => {
    const { send, calls, answer } = setup({ setWorkers: async () => {} });
    await send('setoption name Threads value 2', 'isready');
    const setupJob = calls[0]!.job as { kind: string; table?: SharedArrayBuffer };
    expect(setupJob).toMatchObject({ kind: 'playSetup', hashMb: 64 });
    expect(setupJob.table).toBeInstanceOf(SharedArrayBuffer);
    expect(setupJob.table!.byteLength).toBe(64 * 1024 * 1024 + 16);
    expect(await answer(0, { elapsedMs: 0 })).toEqual(['readyok']);

    await send('position startpos moves e2e4', 'go wtime 60000 btime 60000 searchmoves e7e5 c7c5');
    expect(calls).toHaveLength(3);
    const [main, helper] = [calls[1]!, calls[2]!];
    expect(main.job).toMatchObject({ kind: 'play', moves: ['e2e4'], limits: { clock: { timeMs: 60000 } } });
    expect(helper.job).toMatchObject({
      kind: 'play', moves: ['e2e4'], limits: { infinite: true, helper: 1, searchMoves: ['e7e5', 'c7c5'] },
    });
    expect((helper.job as { table?: SharedArrayBuffer }).table).toBe(setupJob.table);
    expect((main.job as { table?: SharedArrayBuffer }).table).toBe(setupJob.table);
    // The helper posts its node count where the main search reads it: one int32 per thread.
    const counts = (main.job as { nodeCounts?: SharedArrayBuffer }).nodeCounts;
    expect(counts).toBeInstanceOf(SharedArrayBuffer);
    expect(counts!.byteLength).toBe(8);
    expect((helper.job as { nodeCounts?: SharedArrayBuffer }).nodeCounts).toBe(counts);
    // The helper's reports are not printed; the main search's are.
    helper.progress({ depth: 9, seldepth: 9, score: { cp: 5 }, nodes: 9, timeMs: 1, nps: 9, pv: ['c7c5'] });
    expect(await send()).toEqual([]);
    expect(helper.signal?.aborted).toBe(false);
    expect((await answer(1, result('c7c5'))).at(-1)).toBe('bestmove c7c5');
    expect(helper.signal?.aborted).toBe(true);
    // A helper that then fails (as a stopped one may) changes nothing.
    helper.reject(new Error('stopped'));
    expect(await send()).toEqual([]);
  });

  it('starts with the config\'s Threads, announced as the default, and helps its first search with them', async () => {
    const { send, calls, answer } = setup({ setup: { threads: 2 }, setWorkers: async () => {} });
    expect((await send('uci')).filter((line) => line.startsWith('option name Threads'))).toEqual([
      'option name Threads type spin default 2 min 1 max 32',
    ]);
    await send('position startpos', 'go depth 2');
    expect(calls.map((call) => (call.job as { limits: { helper?: number } }).limits.helper)).toEqual([undefined, 1]);
    expect((calls[1]!.job as { table?: SharedArrayBuffer }).table).toBe((calls[0]!.job as { table?: SharedArrayBuffer }).table);
    expect((await answer(0, result('e2e4'))).at(-1)).toBe('bestmove e2e4');
  });

  it('makes a new shared table for a new Hash size, and goes back to the worker\'s own table with one thread', async () => {
    const { send, calls, answer } = setup({ setWorkers: async () => {} });
    await send('setoption name Threads value 3', 'go depth 2');
    const first = (calls[0]!.job as { table?: SharedArrayBuffer }).table;
    expect(calls.slice(1).map((call) => (call.job as { limits: { helper?: number } }).limits.helper)).toEqual([1, 2]);
    await answer(0, result('e2e4'));
    await send('setoption name Hash value 1', 'isready');
    const resized = calls[3]!.job as { kind: string; hashMb: number; table?: SharedArrayBuffer };
    expect(resized).toMatchObject({ kind: 'playSetup', hashMb: 1 });
    expect(resized.table).not.toBe(first);
    expect(resized.table!.byteLength).toBe(1024 * 1024 + 16);
    await answer(3, { elapsedMs: 0 });
    await send('setoption name Threads value 1', 'isready');
    expect(calls[4]!.job).toEqual({ kind: 'playSetup', hashMb: 1, newGame: false });
    await answer(4, { elapsedMs: 0 });
    await send('go depth 2');
    expect(calls).toHaveLength(6);
    expect(calls[5]!.job).not.toHaveProperty('table');
  });
});
