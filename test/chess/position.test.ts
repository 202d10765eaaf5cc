// Position: make/unmake restore everything (board, piece lists, rights, ep, counters, hash) for
// castling (standard and Chess960, where king and rook may land on each other's squares), en
// passant and capturing promotions; the incremental Polyglot hash always equals the hash of the
// same position parsed afresh; clone is independent; null moves undo cleanly.

import { describe, expect, it } from 'vitest';
import { STARTING_FEN, makeFen, parseFen } from '../../src/chess/fen.ts';
import type { Position } from '../../src/chess/position.ts';
import { ALL_SQUARES, EMPTY, KING, PAWN, makeSquare } from '../../src/chess/types.ts';
import { hashToHex } from '../../src/chess/zobrist.ts';
import { legalMoves, uci } from '../support/moves.ts';
import { mulberry32 } from '../support/random.ts';

const hash = (pos: Position): string => hashToHex(pos.hashHi, pos.hashLo);
const pawnHash = (pos: Position): string => hashToHex(pos.pawnHashHi, pos.pawnHashLo);
const nonPawnHashes = (pos: Position): number[] => [...pos.nonPawnHash];



/**
 * Piece lists, list indices, non-pawn slots, material counts and king squares all agree with the
 * board. Plain comparisons with one expect on the problems found: the random games below check
 * some 18,000 positions, and vitest's expect costs microseconds a call (it took 20 s of the file).
 */
function expectConsistent(pos: Position): void {
  const problems: string[] = [];
  const material = new Int32Array(16);
  let listed = 0;
  for (let color = 0; color < 2; color++) {
    let nonPawns = 0;
    for (let i = 0; i < pos.pieceCount[color]; i++) {
      const sq = pos.pieceList[(color << 4) + i];
      const piece = pos.board[sq];
      if (piece === EMPTY) problems.push(`piece list entry ${makeSquare(sq)} is empty`);
      if (piece >> 3 !== color) problems.push(`piece list entry ${makeSquare(sq)} holds ${piece}, not a piece of color ${color}`);
      if (pos.listIndex[sq] !== i) problems.push(`list index of ${makeSquare(sq)} is ${pos.listIndex[sq]}, not ${i}`);
      if ((piece & 7) !== PAWN) nonPawns |= 1 << i;
      material[piece]++;
      if ((piece & 7) === KING && pos.kingSquare[color] !== sq) problems.push(`king square ${pos.kingSquare[color]}, not ${sq}`);
      listed++;
    }
    if (pos.nonPawnSlots[color] !== nonPawns) {
      problems.push(`${color ? 'black' : 'white'}'s non-pawn slots are ${pos.nonPawnSlots[color]}, not ${nonPawns}`);
    }
  }
  const occupied = ALL_SQUARES.filter((sq) => pos.board[sq] !== EMPTY).length;
  if (occupied !== listed) problems.push(`${occupied} pieces on the board, ${listed} in the lists`);
  if (Array.from(pos.material).join() !== Array.from(material).join()) problems.push(`material ${Array.from(pos.material)}, counted ${Array.from(material)}`);
  if (problems.length > 0) expect(problems, makeFen(pos)).toEqual([]);
}

/** Everything a move may change, for before/after comparisons. */
function snapshot(pos: Position) {
  return {
    fen: makeFen(pos),
    hash: hash(pos),
    board: Array.from(pos.board),
    material: Array.from(pos.material),
    kingSquare: Array.from(pos.kingSquare),
    castlingRights: pos.castlingRights,
    epSquare: pos.epSquare,
    halfmoves: pos.halfmoves,
    fullmoves: pos.fullmoves,
    turn: pos.turn,
    ply: pos.ply,
  };
}

/** The FEN with the en-passant square written whenever the position keeps one (Polyglot's rule). */
function fenWithEp(pos: Position): string {
  const fields = makeFen(pos).split(' ');
  if (pos.epSquare >= 0) fields[3] = makeSquare(pos.epSquare);
  return fields.join(' ');
}


// [FEN before, move in UCI (king takes rook for castling), FEN after] — the FENs after were
// produced by chessops.
const MOVES: Array<[string, string, string, string]> = [
  ['white O-O', 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'e1h1', 'r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1'],
  ['white O-O-O', 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'e1a1', 'r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1'],
  ['black O-O', 'r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1', 'e8h8', 'r4rk1/8/8/8/8/8/8/R3K2R w KQ - 1 2'],
  ['black O-O-O', 'r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1', 'e8a8', '2kr3r/8/8/8/8/8/8/R3K2R w KQ - 1 2'],
  ['Chess960 O-O, king lands on the rook square', 'rk5r/8/8/8/8/8/8/RK4R1 w GAha - 0 1', 'b1g1', 'rk5r/8/8/8/8/8/8/R4RK1 b kq - 1 1'],
  ['Chess960 O-O-O, rook lands on the king square', 'rk4r1/8/8/8/8/8/8/RK4R1 w GAga - 0 1', 'b1a1', 'rk4r1/8/8/8/8/8/8/2KR2R1 b kq - 1 1'],
  ['Chess960 black O-O-O', 'rk4r1/8/8/8/8/8/8/RK4R1 b GAga - 0 1', 'b8a8', '2kr2r1/8/8/8/8/8/8/RK4R1 w KQ - 1 2'],
  ['Chess960 O-O-O, king and rook swap squares', '1r1k4/8/8/8/8/8/8/2RK4 w C - 0 1', 'd1c1', '1r1k4/8/8/8/8/8/8/2KR4 b - - 1 1'],
  ['Chess960 black O-O, king and rook swap squares', '5kr1/8/8/8/8/8/8/4K3 b g - 0 1', 'f8g8', '5rk1/8/8/8/8/8/8/4K3 w - - 1 2'],
  ['Chess960 O-O, rook lands on the king square', '4k3/8/8/8/8/8/8/5K1R w H - 0 1', 'f1h1', '4k3/8/8/8/8/8/8/5RK1 b - - 1 1'],
  ['Chess960 O-O, the king stays on g1', '4k3/8/8/8/8/8/8/6KR w H - 0 1', 'g1h1', '4k3/8/8/8/8/8/8/5RK1 b - - 1 1'],
  ['Chess960 O-O-O, the rook stays on d1', '4k3/8/8/8/8/8/8/3RK3 w D - 0 1', 'e1d1', '4k3/8/8/8/8/8/8/2KR4 b - - 1 1'],
  ['white en passant', 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3', 'e5f6', 'rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3'],
  ['black en passant', 'rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 3', 'e4d3', 'rnbqkbnr/pppp1ppp/8/8/8/3p4/PPP1PPPP/RNBQKBNR w KQkq - 0 4'],
  ['double push next to an enemy pawn', '4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1', 'e2e4', '4k3/8/8/8/4Pp2/8/8/4K3 b - e3 0 1'],
  ['double push in Kiwipete', 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', 'a2a4', 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/Pp2P3/2N2Q1p/1PPBBPPP/R3K2R b KQkq a3 0 1'],
  ['capturing promotion to a queen', '1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1', 'a7b8q', '1Q2k3/8/8/8/8/8/8/4K3 b - - 0 1'],
  ['capturing promotion to a knight', '1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1', 'a7b8n', '1N2k3/8/8/8/8/8/8/4K3 b - - 0 1'],
  ['capturing promotion that takes a castling rook', 'r3k2r/1P6/8/8/8/8/8/4K3 w kq - 0 1', 'b7a8q', 'Q3k2r/8/8/8/8/8/8/4K3 b k - 0 1'],
  ['capturing underpromotion to a rook that takes a castling rook', 'r3k2r/1P6/8/8/8/8/8/4K3 w kq - 0 1', 'b7a8r', 'R3k2r/8/8/8/8/8/8/4K3 b k - 0 1'],
  ['black capturing promotion', '4k3/8/8/8/8/8/6p1/4K2R b K - 0 1', 'g2h1q', '4k3/8/8/8/8/8/8/4K2q w - - 0 2'],
  ['black capturing underpromotion to a bishop', '4k3/8/8/8/8/8/6p1/4K2R b K - 0 1', 'g2h1b', '4k3/8/8/8/8/8/8/4K2b w - - 0 2'],
  ['rook takes rook: both lose a right', 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 5 10', 'a1a8', 'R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 10'],
  ['rook move loses one right', 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 5 10', 'h1h2', 'r3k2r/8/8/8/8/8/7R/R3K3 b Qkq - 6 10'],
  ['king move loses both rights', 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 5 10', 'e1d1', 'r3k2r/8/8/8/8/8/8/R2K3R b kq - 6 10'],
];

describe('make and unmake', () => {
  it.each(MOVES)('%s', (_name, before, text, after) => {
    const pos = parseFen(before);
    const start = snapshot(pos);
    const move = uci(pos, text);
    pos.make(move);
    expect(makeFen(pos)).toBe(after);
    expect(hash(pos)).toBe(hash(parseFen(fenWithEp(pos))));
    expect(hash(pos)).toBe(hash(parseFen(after)));
    expectConsistent(pos);
    pos.unmake(move);
    expect(snapshot(pos)).toEqual(start);
    expect(makeFen(pos)).toBe(makeFen(parseFen(before)));
    expectConsistent(pos);
  });

  it('restores the position after every legal move of several positions', () => {
    for (const fen of [
      STARTING_FEN,
      'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
      'r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1',
      '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
      'rk4r1/8/8/8/8/8/8/RK4R1 w GAga - 0 1',
    ]) {
      const pos = parseFen(fen);
      const start = snapshot(pos);
      for (const move of legalMoves(pos)) {
        pos.make(move);
        expect(hash(pos)).toBe(hash(parseFen(fenWithEp(pos))));
        expectConsistent(pos);
        pos.unmake(move);
        expect(snapshot(pos)).toEqual(start);
      }
    }
  });
});

describe('the incremental hash', () => {
  it('is the Polyglot key of the start position, 463b96181691fc9c', () => {
    const pos = parseFen(STARTING_FEN);
    expect(hash(pos)).toBe('463b96181691fc9c');
  });

  it('follows the Polyglot reference keys move by move', () => {
    const lines: Array<Array<[string, string]>> = [
      [
        ['e2e4', '823c9b50fd114196'],
        ['d7d5', '0756b94461c50fb0'],
        ['e4e5', '662fafb965db29d4'],
        ['f7f5', '22a48b5a8e47ff78'],
        ['e1e2', '652a607ca3f242c1'],
        ['e8f7', '00fdd303c946bdd9'],
      ],
      [
        ['a2a4', ''],
        ['b7b5', ''],
        ['h2h4', ''],
        ['b5b4', ''],
        ['c2c4', '3c8123ea7b067637'],
        ['b4c3', ''],
        ['a1a3', '5c3f9b829b279560'],
      ],
    ];
    for (const line of lines) {
      const pos = parseFen(STARTING_FEN);
      for (const [text, key] of line) {
        pos.make(uci(pos, text));
        if (key) expect(hash(pos), `after ${text}`).toBe(key);
      }
    }
  });

  it('equals the hash of the position parsed afresh, along random games (the pawns\' hash too; the lists stay consistent)', () => {
    const starts = [
      STARTING_FEN,
      'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
      '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
      'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
      'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9',
      'rk4r1/8/8/8/8/8/8/RK4R1 w GAga - 0 1',
    ];
    const random = mulberry32(20240601);
    let checked = 0;
    for (const fen of starts) {
      for (let game = 0; game < 10; game++) {
        const pos = parseFen(fen);
        const start = snapshot(pos);
        const played: number[] = [];
        for (let ply = 0; ply < 150; ply++) {
          const moves = legalMoves(pos);
          if (moves.length === 0) break;
          const move = moves[Math.floor(random() * moves.length)];
          pos.make(move);
          played.push(move);
          const fresh = parseFen(fenWithEp(pos));
          // Compared plainly, expect (and its message's FEN) only on a difference: see expectConsistent.
          if (hash(pos) !== hash(fresh)) expect(hash(pos), `after ${played.length} plies from ${fen}: ${makeFen(pos)}`).toBe(hash(fresh));
          if (pawnHash(pos) !== pawnHash(fresh)) {
            expect(pawnHash(pos), `pawns after ${played.length} plies from ${fen}: ${makeFen(pos)}`).toBe(pawnHash(fresh));
          }
          if (nonPawnHashes(pos).join() !== nonPawnHashes(fresh).join()) {
            expect(nonPawnHashes(pos), `pieces after ${played.length} plies from ${fen}: ${makeFen(pos)}`).toEqual(nonPawnHashes(fresh));
          }
          expectConsistent(pos);
          checked++;
        }
        const startPawns = pawnHash(parseFen(fen));
        const startPieces = nonPawnHashes(parseFen(fen));
        for (let i = played.length - 1; i >= 0; i--) {
          pos.unmake(played[i]);
          expectConsistent(pos);
        }
        expect(pawnHash(pos)).toBe(startPawns);
        expect(nonPawnHashes(pos)).toEqual(startPieces);
        expect(snapshot(pos)).toEqual(start);
        expectConsistent(pos);
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('matches a from-scratch computeHash after make', () => {
    const pos = parseFen('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
    for (const text of ['e1g1', 'a6e2', 'f1e1', 'e8c8', 'd5e6', 'b4b3', 'e6d7']) {
      pos.make(uci(pos, text));
      const copy = pos.clone();
      copy.computeHash();
      expect(hash(pos), `after ${text}`).toBe(hash(copy));
    }
  });

  it('differs by side to move, castling rights and a capturable en passant square', () => {
    const base = 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3';
    const keys = new Set([
      base,
      base.replace(' f6 ', ' - '),
      base.replace(' KQkq ', ' Kkq '),
      base.replace(' KQkq ', ' - '),
      'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3',
    ].map((fen) => hash(parseFen(fen))));
    expect(keys.size).toBe(5);
    // Counters are not part of the key.
    expect(hash(parseFen(base.replace(' 0 3', ' 7 40')))).toBe(hash(parseFen(base)));
  });
});

describe('inCheck, clone and null moves', () => {
  it('inCheck sees checks by every kind of piece', () => {
    expect(parseFen(STARTING_FEN).inCheck()).toBe(false);
    expect(parseFen('4k3/8/8/8/8/8/3p4/4K3 w - - 0 1').inCheck()).toBe(true);
    expect(parseFen('4k3/8/8/8/8/3n4/8/4K3 w - - 0 1').inCheck()).toBe(true);
    expect(parseFen('4k3/8/8/b7/8/8/8/4K3 w - - 0 1').inCheck()).toBe(true);
    expect(parseFen('4k3/8/8/8/8/8/8/r3K3 w - - 0 1').inCheck()).toBe(true);
    expect(parseFen('4k3/8/8/8/8/8/8/rN2K3 w - - 0 1').inCheck()).toBe(false);
    expect(parseFen('4k3/8/8/8/7q/8/8/4K3 w - - 0 1').inCheck()).toBe(true);
  });

  it('clone is independent of the original, history included', () => {
    const pos = parseFen(STARTING_FEN);
    for (const text of ['g1f3', 'g8f6', 'f3g1', 'f6g8']) pos.make(uci(pos, text));
    const copy = pos.clone();
    expect(copy.repetitions()).toBe(1);
    const before = snapshot(pos);
    copy.make(uci(copy, 'e2e4'));
    expect(snapshot(pos)).toEqual(before);
    expect(makeFen(copy)).not.toBe(makeFen(pos));
    expectConsistent(copy);
    expectConsistent(pos);
  });

  it('repeatsSince: a repetition within the search, or a third occurrence, is a draw; a second from before it is not', () => {
    const pos = parseFen(STARTING_FEN);
    const shuffle = ['g1f3', 'g8f6', 'f3g1', 'f6g8'];
    for (const text of shuffle) pos.make(uci(pos, text));
    // The start occurred once before, at ply 0: a search rooted after that may not count on it.
    expect(pos.repeatsSince(pos.ply)).toBe(false);
    expect(pos.repeatsSince(1)).toBe(false);
    // Rooted at or before the first occurrence, the search steered back to it itself.
    expect(pos.repeatsSince(0)).toBe(true);
    // A third occurrence is a draw whatever the root.
    for (const text of shuffle) pos.make(uci(pos, text));
    expect(pos.repeatsSince(pos.ply)).toBe(true);
    // An irreversible move ends the reach of everything before it.
    pos.make(uci(pos, 'e2e4'));
    for (const text of ['g8f6', 'g1f3', 'f6g8', 'f3g1']) pos.make(uci(pos, text));
    expect(pos.repeatsSince(0)).toBe(true);
    expect(pos.repeatsSince(pos.ply - 3)).toBe(false);
  });

  it('makeNull and unmakeNull pass the turn and restore everything', () => {
    const pos = parseFen('rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3');
    const before = snapshot(pos);
    pos.makeNull();
    expect(pos.turn).toBe(1);
    expect(pos.epSquare).toBe(-1);
    expect(hash(pos)).toBe(hash(parseFen('rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 1 3')));
    pos.unmakeNull();
    expect(snapshot(pos)).toEqual(before);
  });

  it('grows its history beyond 1024 plies', () => {
    const pos = parseFen('4k3/8/8/8/8/8/8/R3K3 w - - 0 1');
    const played: number[] = [];
    const cycle = ['a1a2', 'e8d8', 'a2a1', 'd8e8'];
    for (let i = 0; i < 1200; i++) {
      const move = uci(pos, cycle[i % 4]);
      pos.make(move);
      played.push(move);
    }
    expect(pos.repetitions()).toBeGreaterThanOrEqual(2);
    for (let i = played.length - 1; i >= 0; i--) pos.unmake(played[i]);
    expect(makeFen(pos)).toBe('4k3/8/8/8/8/8/8/R3K3 w - - 0 1');
  });
});
