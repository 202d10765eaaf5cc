// The quiet-move order's threats by lesser pieces: with every history at zero, a knight, bishop,
// rook or queen leaving an enemy pawn's attack comes first and one stepping into it comes last,
// for either side to move; kings and pawns are not moved by it. Rooks are threatened by minor
// pieces too, queens also by rooks; no piece by one of its own worth or more. A quiet move that
// checks the king directly is ordered higher.

import { describe, expect, it } from 'vitest';
import { parseFen } from '../../../src/chess/fen.ts';
import { MAX_MOVES, NO_MOVE, isCapture, movePromotion } from '../../../src/chess/move.ts';
import { generateLegal } from '../../../src/chess/movegen.ts';
import { parseUci } from '../../../src/chess/uci.ts';
import { CONTINUATION_SIZE, PAWN_HISTORY_SIZE, scoreQuiets } from '../../../src/search/play/ordering.ts';
import { LesserThreats } from '../../../src/search/play/threats.ts';

/** Each quiet move's order score, by move, with empty histories and no killers. */
function quietScores(fen: string): Map<number, number> {
  const pos = parseFen(fen);
  const all = new Int32Array(MAX_MOVES);
  const count = generateLegal(pos, all, 0);
  const moves = new Int32Array(MAX_MOVES);
  let quiet = 0;
  for (let i = 0; i < count; i++) if (!isCapture(all[i]) && movePromotion(all[i]) === 0) moves[quiet++] = all[i];
  const scores = new Int32Array(MAX_MOVES);
  const kept = scoreQuiets(
    pos, moves, scores, 0, quiet, NO_MOVE, NO_MOVE, NO_MOVE, NO_MOVE, NO_MOVE, new Int32Array(1 << 15),
    new Int16Array(CONTINUATION_SIZE), 0, 0, new Int16Array(PAWN_HISTORY_SIZE), new LesserThreats(),
  );
  expect(kept).toBe(quiet);
  const byMove = new Map<number, number>();
  for (let i = 0; i < kept; i++) byMove.set(moves[i], scores[i]);
  return byMove;
}

function scoreOf(fen: string, scores: Map<number, number>, uci: string): number {
  const move = parseUci(parseFen(fen), uci);
  const score = scores.get(move);
  if (score === undefined) throw new Error(`${uci} is not a quiet move in ${fen}`);
  return score;
}

describe('quiet moves ordered by threats of lesser pieces', () => {
  // Black pawns: d5 attacks e4 (the knight) and c4; b5 attacks a4 and c4; b6 attacks a5 and c5.
  const white = '4k3/8/1p6/1p1p4/4N3/8/8/R3K3 w - - 0 1';
  // The same, colours and ranks swapped: black to move, its knight on e5 attacked by the pawn on d4.
  const black = 'r3k3/8/8/4n3/1P1P4/1P6/8/4K3 b - - 0 1';

  it('puts a threatened knight escaping first and pieces stepping into pawn attacks last (white to move)', () => {
    const scores = quietScores(white);
    const at = (uci: string): number => scoreOf(white, scores, uci);
    const rookSafe = at('a1b1');
    for (const escape of ['e4f6', 'e4g5', 'e4c3', 'e4g3', 'e4d2', 'e4f2', 'e4d6']) expect(at(escape)).toBeGreaterThan(rookSafe);
    expect(at('e4c5')).toBeLessThan(rookSafe); // out of one attack into another
    expect(at('a1a4')).toBeLessThan(rookSafe);
    expect(at('a1a5')).toBeLessThan(rookSafe);
    expect(at('a1a3')).toBe(rookSafe);
    expect(at('e1e2')).toBe(rookSafe); // the king is not ordered by it
  });

  it('reads the pawns of the other colour the other way (black to move)', () => {
    const scores = quietScores(black);
    const at = (uci: string): number => scoreOf(black, scores, uci);
    const rookSafe = at('a8b8');
    for (const escape of ['e5f3', 'e5g4', 'e5c6', 'e5g6', 'e5d7', 'e5f7', 'e5d3']) expect(at(escape)).toBeGreaterThan(rookSafe);
    expect(at('e5c4')).toBeLessThan(rookSafe);
    expect(at('a8a5')).toBeLessThan(rookSafe);
    expect(at('a8a4')).toBeLessThan(rookSafe);
    expect(at('a8a6')).toBe(rookSafe);
    expect(at('e8e7')).toBe(rookSafe);
  });

  it('has rooks flee and avoid minor pieces, and queens rooks too, but not their equals', () => {
    // Black: knight f5 (attacks d4, the white rook, and d6, e3, g3, h4), bishop b6 (attacks c5
    // and d4), rook h6 (the sixth rank, the h-file), queen a8 (the long diagonal: no lesser piece).
    const fen = 'q3k3/8/1b5r/5n2/3R4/8/8/4K1Q1 w - - 0 1';
    const scores = quietScores(fen);
    const at = (uci: string): number => scoreOf(fen, scores, uci);
    const kingMove = at('e1d1'); // kings are not ordered by threats
    for (const escape of ['d4d1', 'd4d3', 'd4a4', 'd4e4', 'd4g4', 'd4d5']) expect(at(escape)).toBeGreaterThan(kingMove);
    expect(at('d4h4')).toBeLessThan(kingMove); // into the knight's reach
    expect(at('d4d6')).toBeLessThan(kingMove);
    expect(at('g1e3')).toBeLessThan(kingMove); // the queen into the knight's reach
    expect(at('g1g6')).toBeLessThan(kingMove); // into the rook's
    expect(at('g1h2')).toBeLessThan(kingMove);
    expect(at('g1g2')).toBe(kingMove); // only the queen's: an equal
    expect(at('g1f1')).toBe(kingMove);
  });
});

describe('quiet checks ordered first', () => {
  it('raises a knight move that checks above those that do not', () => {
    const fen = '8/8/8/4k3/8/8/8/4K1N1 w - - 0 1';
    const scores = quietScores(fen);
    const at = (uci: string): number => scoreOf(fen, scores, uci);
    expect(at('g1f3')).toBeGreaterThan(at('g1h3'));
    expect(at('g1h3')).toBe(at('g1e2'));
  });

  it('raises a slider check only where its line to the king is open, for either side to move', () => {
    // The pawn on c6 stands between a4 and the king on e8; the h5-e8 diagonal is open.
    const white = '4k3/8/2p5/8/8/8/8/R2BK3 w - - 0 1';
    const whiteAt = (uci: string): number => scoreOf(white, quietScores(white), uci);
    expect(whiteAt('a1a8')).toBeGreaterThan(whiteAt('a1a7'));
    expect(whiteAt('d1h5')).toBeGreaterThan(whiteAt('d1c2'));
    expect(whiteAt('d1a4')).toBe(whiteAt('d1c2'));
    const black = 'r3k3/8/8/8/8/8/8/4K3 b - - 0 1';
    const blackAt = (uci: string): number => scoreOf(black, quietScores(black), uci);
    expect(blackAt('a8a1')).toBeGreaterThan(blackAt('a8a2'));
  });
});
