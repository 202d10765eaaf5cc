// Game status: checkmate, stalemate (also when every pseudo-move is illegal), insufficient
// material by chessops' rule (checked against chessops itself), the fifty-move rule and threefold
// repetition, and outcome() with its priorities.

import { Chess } from 'chessops/chess';
import { parseFen as parseChessopsFen } from 'chessops/fen';
import { describe, expect, it } from 'vitest';
import { STARTING_FEN, makeFen, parseFen } from '../../src/chess/fen.ts';
import type { Position } from '../../src/chess/position.ts';
import {
  hasInsufficientMaterial, hasLegalMoves, isCheckmate, isFiftyMoveDraw, isInsufficientMaterial,
  isStalemate, isThreefoldRepetition, outcome,
} from '../../src/chess/status.ts';
import { BLACK, WHITE } from '../../src/chess/types.ts';
import { parseUci } from '../../src/chess/uci.ts';

function play(pos: Position, ...texts: string[]): void {
  for (const text of texts) {
    const move = parseUci(pos, text);
    expect(move, `${text} should be legal in ${makeFen(pos)}`).not.toBe(0);
    pos.make(move);
  }
}

const chessops = (fen: string) => Chess.fromSetup(parseChessopsFen(fen).unwrap()).unwrap();

describe('checkmate', () => {
  it("recognises fool's mate", () => {
    const pos = parseFen('rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3');
    expect(isCheckmate(pos)).toBe(true);
    expect(isStalemate(pos)).toBe(false);
    expect(hasLegalMoves(pos)).toBe(false);
    expect(outcome(pos)).toEqual({ kind: 'checkmate', winner: BLACK });
  });

  it('recognises a mate delivered by a move, and not a mere check', () => {
    const pos = parseFen('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1');
    play(pos, 'a1a8');
    expect(isCheckmate(pos)).toBe(true);
    expect(outcome(pos)).toEqual({ kind: 'checkmate', winner: WHITE });
    const check = parseFen('6k1/5pp1/8/8/8/8/8/R5K1 w - - 0 1');
    play(check, 'a1a8');
    expect(check.inCheck()).toBe(true);
    expect(isCheckmate(check)).toBe(false);
    expect(outcome(check)).toBeNull();
  });

  it('recognises a double-check mate (knight plus unveiled rook; only king moves could help)', () => {
    const pos = parseFen('3rkr2/3p1p2/3N4/8/8/8/8/4R1K1 b - - 0 1');
    expect(pos.inCheck()).toBe(true);
    expect(isCheckmate(pos)).toBe(true);
  });
});

describe('stalemate', () => {
  it('recognises the king with no safe square', () => {
    const pos = parseFen('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1');
    expect(isStalemate(pos)).toBe(true);
    expect(isCheckmate(pos)).toBe(false);
    expect(outcome(pos)).toEqual({ kind: 'stalemate', winner: null });
  });

  it('recognises stalemate when the only other moves are of a pinned piece', () => {
    // The black rook on b7 is pinned to the king along the diagonal by Bd5: its rook moves are illegal.
    const fen = 'k1N5/1r6/N7/3B4/8/8/8/7K b - - 0 1';
    const pos = parseFen(fen);
    expect(isStalemate(pos)).toBe(true);
    expect(chessops(fen).isStalemate()).toBe(true);
    expect(outcome(pos)).toEqual({ kind: 'stalemate', winner: null });
  });

  it('recognises stalemate when the only pawn is pinned (its push and its capture of a6 are illegal)', () => {
    const fen = 'k1N5/1p6/N7/3B4/8/8/8/7K b - - 0 1';
    const pos = parseFen(fen);
    expect(isStalemate(pos)).toBe(true);
    expect(chessops(fen).isStalemate()).toBe(true);
  });

  it('recognises stalemate with a blocked pawn', () => {
    const fen = '7k/7p/7P/8/8/8/8/1K4R1 b - - 0 1';
    const pos = parseFen(fen);
    expect(isStalemate(pos)).toBe(true);
    expect(chessops(fen).isStalemate()).toBe(true);
  });

  it('is not stalemate when a pinned piece can still move along the pin', () => {
    const pos = parseFen('k7/1b6/8/3B4/8/8/8/7K b - - 0 1');
    expect(isStalemate(pos)).toBe(false);
  });
});

describe('insufficient material (chessops rule)', () => {
  // [name, FEN, white cannot mate, black cannot mate]
  const cases: Array<[string, string, boolean, boolean]> = [
    ['K v K', '8/8/8/4k3/8/8/8/4K3 w - - 0 1', true, true],
    ['KN v K', '8/8/8/4k3/8/8/8/4KN2 w - - 0 1', true, true],
    ['KB v K', '8/8/8/4k3/8/8/8/4KB2 w - - 0 1', true, true],
    ['KB v KB, bishops on the same colour', '5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1', true, true],
    ['KBB v KB, all bishops on one colour', '3bkb2/8/8/8/8/8/8/2B1K3 w - - 0 1', true, true],
    ['KB v KB, bishops on opposite colours (mate possible)', '2b5/8/8/4k3/8/8/8/2B1K3 w - - 0 1', false, false],
    ['KBB v K, bishops on both colours', '8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1', false, true],
    ['KNN v K (mate possible with help)', '8/8/8/4k3/8/8/8/3NKN2 w - - 0 1', false, true],
    ['KN v KQ (the knight side cannot mate)', '3qk3/8/8/8/8/8/8/4KN2 w - - 0 1', true, false],
    ['KN v KN (either can mate with help)', '4kn2/8/8/8/8/8/8/4KN2 w - - 0 1', false, false],
    ['KB v KN', '4kn2/8/8/8/8/8/8/2B1K3 w - - 0 1', false, false],
    ['KP v K', '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1', false, true],
    ['KR v K', '4k3/8/8/8/8/8/8/4KR2 w - - 0 1', false, true],
  ];
  it.each(cases)('%s', (_name, fen, white, black) => {
    const pos = parseFen(fen);
    const reference = chessops(fen);
    expect(hasInsufficientMaterial(pos, WHITE)).toBe(white);
    expect(hasInsufficientMaterial(pos, BLACK)).toBe(black);
    expect(hasInsufficientMaterial(pos, WHITE)).toBe(reference.hasInsufficientMaterial('white'));
    expect(hasInsufficientMaterial(pos, BLACK)).toBe(reference.hasInsufficientMaterial('black'));
    expect(isInsufficientMaterial(pos)).toBe(white && black);
    expect(isInsufficientMaterial(pos)).toBe(reference.isInsufficientMaterial());
  });

  it('is an outcome once the last mating material is captured', () => {
    const pos = parseFen('4k3/8/8/8/8/8/4r3/4K3 w - - 0 1');
    expect(outcome(pos)).toBeNull();
    play(pos, 'e1e2');
    expect(isInsufficientMaterial(pos)).toBe(true);
    expect(outcome(pos)).toEqual({ kind: 'insufficient-material', winner: null });
  });
});

describe('the fifty-move rule', () => {
  it('applies from the 100th halfmove without a capture or pawn move', () => {
    const pos = parseFen('4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80');
    expect(isFiftyMoveDraw(pos)).toBe(false);
    expect(outcome(pos)).toBeNull();
    play(pos, 'a1a2');
    expect(pos.halfmoves).toBe(100);
    expect(isFiftyMoveDraw(pos)).toBe(true);
    expect(outcome(pos)).toEqual({ kind: 'fifty-moves', winner: null });
  });

  it('is reset by a pawn move and by a capture', () => {
    const pawn = parseFen('4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80');
    play(pawn, 'e2e4');
    expect(pawn.halfmoves).toBe(0);
    expect(isFiftyMoveDraw(pawn)).toBe(false);
    const capture = parseFen('r3k3/8/8/8/8/8/4P3/R3K3 w - - 99 80');
    play(capture, 'a1a8');
    expect(capture.halfmoves).toBe(0);
    expect(isFiftyMoveDraw(capture)).toBe(false);
  });

  it('gives way to a checkmate delivered on the 100th halfmove', () => {
    const pos = parseFen('6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80');
    play(pos, 'a1a8');
    expect(isFiftyMoveDraw(pos)).toBe(true);
    expect(outcome(pos)).toEqual({ kind: 'checkmate', winner: WHITE });
  });
});

describe('threefold repetition', () => {
  it('after Nf3 Nf6 Ng1 Ng8 played twice from the start', () => {
    const pos = parseFen(STARTING_FEN);
    play(pos, 'g1f3', 'g8f6', 'f3g1', 'f6g8');
    expect(pos.repetitions()).toBe(1);
    expect(isThreefoldRepetition(pos)).toBe(false);
    expect(outcome(pos)).toBeNull();
    play(pos, 'g1f3', 'g8f6', 'f3g1');
    expect(isThreefoldRepetition(pos)).toBe(false);
    play(pos, 'f6g8');
    expect(pos.repetitions()).toBe(2);
    expect(isThreefoldRepetition(pos)).toBe(true);
    expect(outcome(pos)).toEqual({ kind: 'threefold-repetition', winner: null });
  });

  it('is undone by unmake', () => {
    const pos = parseFen(STARTING_FEN);
    const texts = ['g1f3', 'g8f6', 'f3g1', 'f6g8', 'g1f3', 'g8f6', 'f3g1', 'f6g8'];
    const moves: number[] = [];
    for (const text of texts) {
      const move = parseUci(pos, text);
      moves.push(move);
      pos.make(move);
    }
    expect(isThreefoldRepetition(pos)).toBe(true);
    pos.unmake(moves.pop()!);
    pos.unmake(moves.pop()!);
    pos.unmake(moves.pop()!);
    pos.unmake(moves.pop()!);
    expect(isThreefoldRepetition(pos)).toBe(false);
    expect(pos.repetitions()).toBe(1);
  });

  it('does not count positions that differ in castling rights', () => {
    // Same pieces as the start after the rook trips, but neither side may castle short any more.
    const pos = parseFen(STARTING_FEN);
    play(pos, 'g1f3', 'g8f6', 'h1g1', 'h8g8', 'g1h1', 'g8h8', 'f3g1', 'f6g8');
    expect(pos.repetitions()).toBe(0);
    play(pos, 'g1f3', 'g8f6', 'f3g1', 'f6g8', 'g1f3', 'g8f6', 'f3g1', 'f6g8');
    expect(isThreefoldRepetition(pos)).toBe(true);
  });

  it('does not count the position after a double step whose en passant capture is legal', () => {
    // After ...c7-c5, bxc6 e.p. is possible: that position differs from the later ones.
    const pos = parseFen('4k1n1/2p5/8/1P6/8/8/8/4K1N1 b - - 0 1');
    play(pos, 'c7c5');
    play(pos, 'g1f3', 'g8f6', 'f3g1', 'f6g8', 'g1f3', 'g8f6', 'f3g1', 'f6g8');
    expect(pos.repetitions()).toBe(1);
    expect(isThreefoldRepetition(pos)).toBe(false);
  });

  it('counts the position after a double step whose en passant capture is illegal (FIDE 9.2.3)', () => {
    // After ...c7-c5, bxc6 e.p. would expose the king on a5 to the rook on h5, so no en passant
    // capture is possible: FIDE treats that position as the same as the two that follow.
    const pos = parseFen('4k1n1/2p5/8/KP5r/8/8/8/6N1 b - - 0 1');
    play(pos, 'c7c5');
    play(pos, 'g1f3', 'g8f6', 'f3g1', 'f6g8', 'g1f3', 'g8f6', 'f3g1', 'f6g8');
    expect(pos.repetitions()).toBe(2);
    expect(isThreefoldRepetition(pos)).toBe(true);
  });

  it('is counted only since the last capture or pawn move', () => {
    const pos = parseFen(STARTING_FEN);
    play(pos, 'g1f3', 'g8f6', 'f3g1', 'f6g8', 'e2e3', 'e7e6', 'g1f3', 'g8f6', 'f3g1', 'f6g8');
    expect(pos.repetitions()).toBe(1);
  });
});
