// The words of a mate answer: the board, progress lines, the main line with its key marked, the
// keys (cooked or not), a proven no-mate, a stopped search and why, and the solution tree.

import { describe, expect, it } from 'vitest';
import { parseFen } from '../../src/chess/fen.ts';
import {
  type MateOutcome, formatBoard, formatKeys, formatMainLine, formatMateAnswer, formatProgress, formatSolutionTree,
  numberMoves,
} from '../../src/mate/answer.ts';
import type { MateReport } from '../../src/search/mate/index.ts';

const BLACK_MATES = '2q5/4B2p/7n/4p1pk/P2n1b2/R3P2P/2r3P1/1Q3R1K b - - 0 1'; // #3 for black, key c8h3
const WHITE_FROM_1 = { turn: 0, fullmoves: 1 } as const;
const BLACK_FROM_1 = { turn: 1, fullmoves: 1 } as const;

function report(fields: Partial<MateReport>): MateReport {
  return {
    status: 'mate', mateIn: null, keys: [], keysSan: [], keysComplete: true, line: [], lineUci: [], lineComplete: true, nodes: 0,
    provenDepth: 0, ...fields,
  };
}

function outcome(fields: Partial<MateReport>, extra: Partial<MateOutcome> = {}): MateOutcome {
  return { maxMoves: 3, mode: 'all', report: report(fields), ms: 460, stoppedBy: null, timeoutSeconds: null, ...extra };
}

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
    // A level split over the queue's workers says how many ran it.
    expect(formatProgress({ depth: 6, nodes: 5000, found: false, workers: 3 }, 1500)).toBe('n=6   nodes       5,000     1.50 s  no mate  (3 workers)');
    expect(formatProgress({ depth: 6, nodes: 5000, found: true, workers: 1 }, 1500)).toBe('n=6   nodes       5,000     1.50 s  mate found  (1 worker)');
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
    const text = formatMateAnswer(outcome({ status: 'no-mate', nodes: 51, provenDepth: 2 }, { maxMoves: 2, mode: 'checks' }), WHITE_FROM_1);
    expect(text).toBe('No mate in 2 (checks only): proven by a complete search.\n51 nodes, 0.46 s');
  });

  it('says how far a stopped search got, and why it stopped', () => {
    const stopped = { status: 'stopped', nodes: 663552, provenDepth: 4 } as const;
    expect(formatMateAnswer(outcome(stopped, { maxMoves: 6, stoppedBy: 'timeout', timeoutSeconds: 1, ms: 1010 }), WHITE_FROM_1)).toBe(
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

  it('wraps what gives the solution away, and only that, when asked to hide it', () => {
    const hide = (text: string) => `||${text}||`;
    const mate = outcome({ mateIn: 2, keysSan: ['Qd1+', 'Qe4+'], line: ['Qd1+', 'Kc4', 'Qf1#'], nodes: 10, provenDepth: 1 });
    expect(formatMateAnswer(mate, WHITE_FROM_1, { hide }).split('\n')).toEqual([
      'Mate in 2: ||1. Qd1+! Kc4 2. Qf1#||',
      'Keys (cooked, 2): ||Qd1+, Qe4+||',
      '10 nodes, 0.46 s',
    ]);
    // Nothing to give away: a proven no-mate reads as without hiding.
    const none = outcome({ status: 'no-mate', nodes: 51, provenDepth: 2 }, { maxMoves: 2 });
    expect(formatMateAnswer(none, WHITE_FROM_1, { hide })).toBe(formatMateAnswer(none, WHITE_FROM_1));
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
