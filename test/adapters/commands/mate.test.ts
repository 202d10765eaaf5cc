import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/adapters/commands/errors.ts';
import { inlineMateRunner } from '../../../src/adapters/commands/inlineMateRunner.ts';
import {
  type MateJob, type MateRunOptions, type MateRunner, mateCommand, parseMateMoves, parseMateWords, searchMate,
} from '../../../src/adapters/commands/mate.ts';
import {
  type MateOutcome, formatBoard, formatKeys, formatMainLine, formatMateAnswer, formatProgress, formatSolutionTree,
  numberMoves,
} from '../../../src/adapters/commands/mateText.ts';
import { CommandRegistry } from '../../../src/adapters/commands/registry.ts';
import { parseFen } from '../../../src/chess/fen.ts';
import type { MateReport } from '../../../src/search/mate/index.ts';

// Problems with known answers (MATER's worked examples and the public suite in ../shared/bench).
const KNIGHT_PROMOTION = 'b7/PP6/8/8/7K/6B1/6N1/4R1bk w - - 0 1'; // #3, key b7a8n (bxa8=N)
const BISHOP_PROMOTION = '8/2P1P1P1/3PkP2/8/4K3/8/8/8 w - - 0 1'; // #3, key e7e8b (e8=B)
const CASTLING_KEY = '2N2B2/2N1r3/8/3nQ2R/1k6/8/2B5/R3K3 w Q - 0 1'; // #2, key e1c1 (O-O-O); #3 by checks
const COOKED = '8/8/8/2p1R3/1p3p2/1p1k1p2/1B5p/1K2Q3 w - - 0 1'; // #2, keys e1d1 and e1e4
const BLACK_MATES = '2q5/4B2p/7n/4p1pk/P2n1b2/R3P2P/2r3P1/1Q3R1K b - - 0 1'; // #3 for black, key c8h3
const HARD = '3Q4/5q1k/4ppp1/2Kp1N1B/RR6/3P1r2/4nP2/3b4 w - - 0 1'; // #6: seconds of search
const BARE_KINGS = '8/8/8/8/8/8/8/k1K5 w - - 0 1';

const runner = inlineMateRunner();
const WHITE_FROM_1 = { turn: 0, fullmoves: 1 } as const;
const BLACK_FROM_1 = { turn: 1, fullmoves: 1 } as const;

function report(fields: Partial<MateReport>): MateReport {
  return {
    status: 'mate', mateIn: null, keys: [], keysSan: [], keysComplete: true, line: [], lineUci: [], lineComplete: true, nodes: 0,
    provenDepth: 0, ...fields,
  };
}

function outcome(fields: Partial<MateReport>, extra: Partial<MateOutcome> = {}): MateOutcome {
  return { n: 3, mode: 'all', report: report(fields), ms: 460, stoppedBy: null, timeoutSeconds: null, ...extra };
}

describe('parseMateWords', () => {
  it('reads a quoted FEN, n and "checks" in any case', () => {
    const problem = parseMateWords([KNIGHT_PROMOTION, '3', 'Checks'], 10);
    expect(problem.job).toEqual({ fen: KNIGHT_PROMOTION, n: 3, mode: 'checks' });
    expect(problem.position.turn).toBe(0);
  });

  it('reads a FEN spread over words', () => {
    expect(parseMateWords([...BLACK_MATES.split(' '), '3'], 10).job).toEqual({ fen: BLACK_MATES, n: 3, mode: 'all' });
  });

  it.each([
    [[KNIGHT_PROMOTION], 'expected a FEN and a number of moves n'],
    [[KNIGHT_PROMOTION, 'checks'], 'expected a FEN and a number of moves n'],
    [[KNIGHT_PROMOTION, '0'], 'n must be an integer from 1 to 10, got "0"'],
    [[KNIGHT_PROMOTION, '11'], 'n must be an integer from 1 to 10, got "11"'],
    [[KNIGHT_PROMOTION, '2.5'], 'n must be an integer from 1 to 10, got "2.5"'],
    [['8/8/8 w - - 0 1', '2'], 'bad FEN: the board has 3 ranks; it needs 8, separated by "/"'],
    [['k7/1Q6/1K6/8/8/8/8/8 b - - 0 1', '2'], 'black is already checkmated: there is nothing to solve'],
    [['k7/8/1QK5/8/8/8/8/8 b - - 0 1', '2'], 'black is already stalemated: there is nothing to solve'],
    [['7k/6Q1/6K1/8/8/8/8/8 w - - 0 1', '1'], 'bad FEN: black is in check, but it is white\'s turn: the side not to move can never be in check'],
  ])('rejects %j', (words, message) => {
    expect(() => parseMateWords(words, 10)).toThrow(new UsageError(message));
  });

  it('takes n as a number too (a Discord integer option), within the configured maximum', () => {
    expect(parseMateMoves(4, 4)).toBe(4);
    expect(() => parseMateMoves(5, 4)).toThrow(new UsageError('n must be an integer from 1 to 4, got "5"'));
  });
});

describe('the answer text', () => {
  it('numbers moves from the side to move and the FEN\'s fullmove number', () => {
    expect(numberMoves(['e4', 'e5', 'Nf3'], WHITE_FROM_1)).toBe('1. e4 e5 2. Nf3');
    expect(numberMoves(['Qd1+', 'Kb3', 'Qb1+'], BLACK_FROM_1)).toBe('1... Qd1+ 2. Kb3 Qb1+');
    expect(numberMoves(['Qd1+', 'Kb3'], { turn: 1, fullmoves: 23 })).toBe('23... Qd1+ 24. Kb3');
    // A line that starts later in the tree: ply 1 is the defender's first move.
    expect(numberMoves(['Kxg2', 'Nb6'], WHITE_FROM_1, 1)).toBe('1... Kxg2 2. Nb6');
    expect(numberMoves(['Kb3', 'Qb1+'], BLACK_FROM_1, 1)).toBe('2. Kb3 Qb1+');
  });

  it('marks the key with "!" unless it mates at once', () => {
    expect(formatMainLine(['bxa8=N', 'Kxg2', 'Nb6'], WHITE_FROM_1)).toBe('1. bxa8=N! Kxg2 2. Nb6');
    expect(formatMainLine(['Rh8#'], WHITE_FROM_1)).toBe('1. Rh8#');
  });

  it('lists one key plainly and several as cooked', () => {
    expect(formatKeys(['bxa8=N'])).toBe('Keys: bxa8=N');
    expect(formatKeys(['Ra8', 'Rb8'])).toBe('Keys (cooked, 2): Ra8, Rb8');
  });

  it('writes a progress line per iteration, MATER-style', () => {
    expect(formatProgress({ depth: 1, nodes: 68, found: false }, 4)).toBe('n=1   nodes          68     0.00 s  no mate');
    expect(formatProgress({ depth: 12, nodes: 1234567, found: true }, 12345)).toBe(
      'n=12  nodes   1,234,567    12.35 s  mate found',
    );
  });

  it('draws the board with white at the bottom and states the problem', () => {
    expect(formatBoard(parseFen(BLACK_MATES), 3, 'checks').split('\n')).toEqual([
      '8  . . q . . . . .',
      '7  . . . . B . . p',
      '6  . . . . . . . n',
      '5  . . . . p . p k',
      '4  P . . n . b . .',
      '3  R . . . P . . P',
      '2  . . r . . . P .',
      '1  . Q . . . R . K',
      '   a b c d e f g h',
      'Black to play and mate in 3 (checks only)',
    ]);
  });

  it('answers a mate with its line, keys, nodes and time', () => {
    const text = formatMateAnswer(
      outcome({ mateIn: 3, keysSan: ['bxa8=N'], line: ['bxa8=N', 'Kxg2', 'Nb6', 'Kf3', 'a8=Q#'], nodes: 3409, provenDepth: 2 }),
      WHITE_FROM_1,
    );
    expect(text).toBe('Mate in 3: 1. bxa8=N! Kxg2 2. Nb6 Kf3 3. a8=Q#\nKeys: bxa8=N\n3,409 nodes, 0.46 s');
  });

  it('answers a proven no-mate, naming checks-only mode', () => {
    const text = formatMateAnswer(outcome({ status: 'no-mate', nodes: 51, provenDepth: 2 }, { n: 2, mode: 'checks' }), WHITE_FROM_1);
    expect(text).toBe('No mate in 2 (checks only): proven by a complete search.\n51 nodes, 0.46 s');
  });

  it('says how far a stopped search got, and why it stopped', () => {
    const stopped = { status: 'stopped', nodes: 663552, provenDepth: 4 } as const;
    expect(formatMateAnswer(outcome(stopped, { n: 6, stoppedBy: 'timeout', timeoutSeconds: 1, ms: 1010 }), WHITE_FROM_1)).toBe(
      'Stopped by the time limit (1 s) while searching n = 5: no mate in 4 or fewer is proven.\n663,552 nodes, 1.01 s',
    );
    expect(formatMateAnswer(outcome({ ...stopped, provenDepth: 1 }, { stoppedBy: 'cancel' }), WHITE_FROM_1)).toMatch(
      /^Cancelled while searching n = 2: no mate in 1 is proven\.\n/,
    );
    expect(formatMateAnswer(outcome({ ...stopped, provenDepth: 0 }, { stoppedBy: 'timeout' }), WHITE_FROM_1)).toMatch(
      /^Stopped by the time limit while searching n = 1: nothing is proven yet\.\n/,
    );
  });

  it('warns that keys may be missing when the search stopped while listing them', () => {
    const text = formatMateAnswer(
      outcome({ mateIn: 2, keysSan: ['Qe4+'], keysComplete: false, provenDepth: 1 }, { stoppedBy: 'timeout', timeoutSeconds: 5 }),
      WHITE_FROM_1,
    );
    expect(text.split('\n').slice(0, 2)).toEqual([
      'Mate in 2: 1. Qe4+!',
      'Keys: Qe4+ (stopped by the time limit (5 s) before every first move was tried: there may be more)',
    ]);
  });

  it('draws the solution tree: each defence with the answer, one level deeper per move', () => {
    const leaf = (san: string) => ({ san, uci: '', replies: [] });
    const tree = [
      {
        san: 'Qe4+', uci: 'e1e4',
        replies: [
          { san: 'Kd2', uci: '', replies: [leaf('Rd5#')] },
          // A defence with two answers listed: each on its own line below it.
          { san: 'Kc3', uci: '', replies: [leaf('Qc2#'), leaf('Bc1#')] },
        ],
      },
      { san: 'Qd1+', uci: 'e1d1', replies: [{ san: 'Kc4', uci: '', replies: [leaf('Qf1#')] }] },
    ];
    expect(formatSolutionTree(tree, WHITE_FROM_1)).toEqual([
      '  1. Qe4+!',
      '      1... Kd2 2. Rd5#',
      '      1... Kc3',
      '          2. Qc2#',
      '          2. Bc1#',
      '  1. Qd1+!',
      '      1... Kc4 2. Qf1#',
    ]);
  });
});

describe('searchMate', () => {
  function fakeRunner(result: Partial<MateReport>, seen: Array<{ job: MateJob; options: MateRunOptions }> = []): MateRunner {
    return async (job, options = {}) => {
      seen.push({ job, options });
      options.onProgress?.({ depth: 1, nodes: 10, found: false });
      return report(result);
    };
  }

  it('passes the time limit in milliseconds and the progress as lines', async () => {
    const seen: Array<{ job: MateJob; options: MateRunOptions }> = [];
    const lines: string[] = [];
    const result = await searchMate(fakeRunner({ status: 'no-mate' }, seen), { fen: BARE_KINGS, n: 1, mode: 'all' }, {
      timeoutSeconds: 2,
      onProgress: (line) => lines.push(line),
    });
    expect(seen[0]!.options.timeoutMs).toBe(2000);
    expect(lines).toEqual([expect.stringMatching(/^n=1 {3}nodes {10}10 +\d+\.\d\d s {2}no mate$/)]);
    expect(result).toMatchObject({ n: 1, mode: 'all', stoppedBy: null, timeoutSeconds: 2 });
  });

  it('tells a cancellation from a time-out', async () => {
    const job = { fen: BARE_KINGS, n: 1, mode: 'all' } as const;
    const aborted = AbortSignal.abort();
    expect((await searchMate(fakeRunner({ status: 'stopped' }), job, { signal: aborted })).stoppedBy).toBe('cancel');
    expect((await searchMate(fakeRunner({ status: 'stopped' }), job, { timeoutSeconds: 1 })).stoppedBy).toBe('timeout');
    expect((await searchMate(fakeRunner({ mateIn: 1, keysComplete: false }), job)).stoppedBy).toBe('timeout');
  });
});

describe('inlineMateRunner', () => {
  it.each([
    [KNIGHT_PROMOTION, 3, 'all', 3, ['b7a8n']],
    [BISHOP_PROMOTION, 3, 'all', 3, ['e7e8b']],
    [CASTLING_KEY, 2, 'all', 2, ['e1c1']],
    [CASTLING_KEY, 3, 'checks', 3, ['a1a4', 'c7d5', 'f8e7']],
    [COOKED, 2, 'all', 2, ['e1d1', 'e1e4']],
    [BLACK_MATES, 3, 'all', 3, ['c8h3']],
    [KNIGHT_PROMOTION, 2, 'all', null, []],
    [CASTLING_KEY, 2, 'checks', null, []],
  ] as const)('solves %s in %i (%s): mate in %s, keys %j', async (fen, n, mode, mateIn, keys) => {
    const result = await runner({ fen, n, mode });
    expect(result.mateIn).toBe(mateIn);
    expect([...result.keys].sort()).toEqual(keys);
    expect(result.status).toBe(mateIn === null ? 'no-mate' : 'mate');
  });

  it('stops at its time limit and says how far it proved', async () => {
    const start = performance.now();
    const result = await runner({ fen: HARD, n: 6, mode: 'all' }, { timeoutMs: 200 });
    expect(performance.now() - start).toBeLessThan(2000);
    expect(result.status).toBe('stopped');
    expect(result.provenDepth).toBeLessThan(6);
  });

  it('stops when its signal is aborted', async () => {
    const result = await runner({ fen: HARD, n: 6, mode: 'all' }, { signal: AbortSignal.abort() });
    expect(result.status).toBe('stopped');
  });
});

describe('/mate', () => {
  const registry = new CommandRegistry().add(mateCommand({ runner, maxN: 5, timeoutSeconds: 60 }));

  it('answers with the line and every key; the board and progress go to the progress sink', async () => {
    const shown: string[] = [];
    const reply = await registry.dispatch(`/mate "${COOKED}" 2`, { progress: (text) => shown.push(text) });
    expect(reply?.kind).toBe('ok');
    // Which key leads the line, and in which order the keys come, is the solver's choice.
    const [line, keys, totals, ...rest] = reply!.text.split('\n');
    expect(line).toMatch(/^Mate in 2: 1\. (Qe4\+! Kd2 2\. Rd5#|Qd1\+! Kc4 2\. Qf1#)$/);
    expect(keys).toMatch(/^Keys \(cooked, 2\): (Qe4\+, Qd1\+|Qd1\+, Qe4\+)$/);
    expect(totals).toMatch(/^\d[\d,]* nodes, \d+\.\d\d s$/);
    expect(rest).toEqual([]);
    expect(shown[0]).toBe(`${formatBoard(parseFen(COOKED), 2, 'all')}\n`);
    expect(shown.slice(1)).toEqual([
      expect.stringMatching(/^n=1 .* no mate$/),
      expect.stringMatching(/^n=2 .* mate found$/),
      '',
    ]);
  });

  it('answers without a progress sink too', async () => {
    const reply = await registry.dispatch(`/mate ${BLACK_MATES} 3`);
    expect(reply?.text).toMatch(/^Mate in 3: 1\.\.\. Qxh3\+! 2\. \S+ \S+ 3\. \S+ \S+#\nKeys: Qxh3\+\n/);
  });

  it('castles as a key and proves no mate in checks-only mode', async () => {
    expect((await registry.dispatch(`/mate "${CASTLING_KEY}" 2`))?.text).toMatch(/^Mate in 2: 1\. O-O-O! /);
    expect((await registry.dispatch(`/mate "${CASTLING_KEY}" 2 checks`))?.text).toMatch(
      /^No mate in 2 \(checks only\): proven by a complete search\.\n/,
    );
  });

  it('names bad input in one line, with the configured maximum n', async () => {
    expect(await registry.dispatch(`/mate "${KNIGHT_PROMOTION}" 6`)).toEqual({
      kind: 'error',
      text: '/mate: n must be an integer from 1 to 5, got "6"',
    });
    expect(await registry.dispatch('/mate "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1" 2')).toEqual({
      kind: 'error',
      text: '/mate: black is already checkmated: there is nothing to solve',
    });
  });
});
