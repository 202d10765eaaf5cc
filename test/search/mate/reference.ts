// Reference mate searches for the solver tests, written apart from src/search/mate and sharing
// none of its code: plain full-width recursion, no transposition table, no move ordering, no
// "only checks at the last move" shortcut. Two of them:
//
// - refSolve: over the project's own rules core (generateLegal, make/unmake, inCheck). Fast
//   enough for mate in 1 and 2 on hundreds of random positions (the cross-check).
// - opsSolve: over chessops (lichess' rules library), so that a hand-built position's answer
//   does not rest on our move generator either (castling, en passant, pins, promotions).
//
// Semantics (both): "mate in n" = the side to move can force checkmate with at most n of its own
// moves. A defender with no legal move is mated if in check and stalemated (not mated) if not.

import { Chess } from 'chessops/chess';
import { parseFen as opsParseFen } from 'chessops/fen';
import type { NormalMove, Role, Square } from 'chessops/types';
import { makeSquare as opsMakeSquare } from 'chessops/util';
import { generateLegal } from '../../../src/chess/movegen.ts';
import { MAX_MOVES } from '../../../src/chess/move.ts';
import type { Position } from '../../../src/chess/position.ts';
import { makeUci } from '../../../src/chess/uci.ts';

export interface RefAnswer {
  /** Shortest mate length within the limit, or null. */
  mateIn: number | null;
  /** Every first move that mates in `mateIn`, UCI, sorted. Empty when mateIn is null. */
  keys: string[];
}

// ---- over our rules core ----

/** Move buffers per recursion depth, so the search allocates nothing. */
const buffers: Int32Array[] = [];
const bufferAt = (depth: number): Int32Array => (buffers[depth] ??= new Int32Array(MAX_MOVES));

/** Reference node counter (to report how much work the cross-check did). */
export const refStats = { nodes: 0 };

/** Attacker to move: can it force mate with at most `n` more moves? */
function refAttack(pos: Position, n: number, checksOnly: boolean, depth: number): boolean {
  const moves = bufferAt(depth);
  const count = generateLegal(pos, moves, 0);
  for (let i = 0; i < count; i++) {
    const move = moves[i];
    pos.make(move);
    const wins = (!checksOnly || pos.inCheck()) && refDefend(pos, n, checksOnly, depth + 1);
    pos.unmake(move);
    if (wins) return true;
  }
  return false;
}

/** Defender to move, the attacker having just used one of its `n` moves: is it lost in time? */
function refDefend(pos: Position, n: number, checksOnly: boolean, depth: number): boolean {
  refStats.nodes++;
  const moves = bufferAt(depth);
  const count = generateLegal(pos, moves, 0);
  if (count === 0) return pos.inCheck(); // mate, or stalemate (a draw)
  if (n === 1) return false;
  for (let i = 0; i < count; i++) {
    const move = moves[i];
    pos.make(move);
    const lost = refAttack(pos, n - 1, checksOnly, depth + 1);
    pos.unmake(move);
    if (!lost) return false;
  }
  return true;
}

/** Every root move of `pos` that mates in at most `n` (in checks-only mode: a check that does). */
export function refKeys(pos: Position, n: number, checksOnly = false): string[] {
  const moves = new Int32Array(MAX_MOVES);
  const count = generateLegal(pos, moves, 0);
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    const move = moves[i];
    const uci = makeUci(pos, move);
    pos.make(move);
    if ((!checksOnly || pos.inCheck()) && refDefend(pos, n, checksOnly, 1)) keys.push(uci);
    pos.unmake(move);
  }
  return keys.sort();
}

/** Shortest mate within `maxN` and all its keys, by iterating n = 1 … maxN. */
export function refSolve(pos: Position, maxN: number, checksOnly = false): RefAnswer {
  for (let n = 1; n <= maxN; n++) {
    const keys = refKeys(pos, n, checksOnly);
    if (keys.length > 0) return { mateIn: n, keys };
  }
  return { mateIn: null, keys: [] };
}

// ---- over chessops ----

const PROMOTIONS: Role[] = ['queen', 'rook', 'bishop', 'knight'];

interface OpsMove {
  move: NormalMove;
  /** UCI as our project prints it: e1g1 castling in standard chess, king-takes-rook in Chess960. */
  uci: string;
}

/** chessops' legal moves; castling (king onto its own rook in chessops) printed as `chess960` asks. */
function opsMoves(pos: Chess, chess960: boolean): OpsMove[] {
  const out: OpsMove[] = [];
  const ctx = pos.ctx();
  for (const [from, dests] of pos.allDests(ctx)) {
    const piece = pos.board.get(from)!;
    for (const to of dests) {
      const target = pos.board.get(to);
      const castle = piece.role === 'king' && target?.role === 'rook' && target.color === piece.color;
      let uciTo: Square = to;
      if (castle && !chess960) uciTo = (to > from ? 6 : 2) + (from & ~7);
      const base = opsMakeSquare(from) + opsMakeSquare(uciTo);
      const promoting = piece.role === 'pawn' && (to >> 3 === 7 || to >> 3 === 0);
      if (promoting) {
        for (const role of PROMOTIONS) out.push({ move: { from, to, promotion: role }, uci: base + role[0].replace('k', 'n') });
      } else {
        out.push({ move: { from, to }, uci: base });
      }
    }
  }
  return out;
}

function opsAttack(pos: Chess, n: number, checksOnly: boolean): boolean {
  for (const { move } of opsMoves(pos, true)) {
    const next = pos.clone();
    next.play(move);
    if ((!checksOnly || next.isCheck()) && opsDefend(next, n, checksOnly)) return true;
  }
  return false;
}

function opsDefend(pos: Chess, n: number, checksOnly: boolean): boolean {
  if (pos.isCheckmate()) return true;
  if (pos.isStalemate()) return false;
  if (n === 1) return false;
  for (const { move } of opsMoves(pos, true)) {
    const next = pos.clone();
    next.play(move);
    if (!opsAttack(next, n - 1, checksOnly)) return false;
  }
  return true;
}

export function opsPosition(fen: string): Chess {
  return Chess.fromSetup(opsParseFen(fen).unwrap()).unwrap();
}

/** Shortest mate within `maxN` and all its keys, over chessops. */
export function opsSolve(fen: string, maxN: number, options: { checksOnly?: boolean; chess960?: boolean } = {}): RefAnswer {
  const { checksOnly = false, chess960 = false } = options;
  const root = opsPosition(fen);
  const moves = opsMoves(root, chess960);
  for (let n = 1; n <= maxN; n++) {
    const keys: string[] = [];
    for (const { move, uci } of moves) {
      const next = root.clone();
      next.play(move);
      if ((!checksOnly || next.isCheck()) && opsDefend(next, n, checksOnly)) keys.push(uci);
    }
    if (keys.length > 0) return { mateIn: n, keys: keys.sort() };
  }
  return { mateIn: null, keys: [] };
}

/** The UCI moves (our printing) that leave the opponent stalemated, over chessops. */
export function opsStalemating(fen: string, chess960 = false): string[] {
  const root = opsPosition(fen);
  return opsMoves(root, chess960)
    .filter(({ move }) => {
      const next = root.clone();
      next.play(move);
      return next.isStalemate();
    })
    .map(({ uci }) => uci)
    .sort();
}

/** The number of legal moves, over chessops (for "the defender's only moves are illegal"). */
export function opsMoveCount(fen: string): number {
  return opsMoves(opsPosition(fen), true).length;
}
