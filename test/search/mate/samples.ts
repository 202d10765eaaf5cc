// Seeded random positions for the solver cross-check: sparse placements (few pieces, many mates,
// sometimes with castling rights or an en-passant square) and positions sampled from random
// playouts (biased to captures and checks, so kings get exposed) from varied starts, including
// Chess960 ones.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { makeFen, parseFen } from '../../../src/chess/fen.ts';
import { givesCheck } from '../../../src/chess/checks.ts';
import { MAX_MOVES, isCapture } from '../../../src/chess/move.ts';
import { generateLegal } from '../../../src/chess/movegen.ts';
import { mulberry32 } from '../../support/random.ts';

export { mulberry32 };


type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)];

// ---- sparse placements ----

const STRONG_POOL = ['Q', 'Q', 'R', 'R', 'R', 'B', 'B', 'N', 'N', 'P', 'P'];
const WEAK_POOL = ['Q', 'R', 'B', 'N', 'P', 'P', 'P', 'P'];

/** A board as 64 cells, a8 first (FEN order): index = (7 - rank) * 8 + file. */
type Cells = (string | null)[];
const cellIndex = (file: number, rank: number): number => (7 - rank) * 8 + file;

function boardFen(cells: Cells): string {
  const ranks: string[] = [];
  for (let r = 0; r < 8; r++) {
    let text = '';
    let empty = 0;
    for (let f = 0; f < 8; f++) {
      const cell = cells[r * 8 + f];
      if (cell === null) { empty++; continue; }
      if (empty > 0) text += String(empty);
      empty = 0;
      text += cell;
    }
    if (empty > 0) text += String(empty);
    ranks.push(text);
  }
  return ranks.join('/');
}

function placeRandom(rng: Rng, cells: Cells, piece: string): void {
  for (let tries = 0; tries < 100; tries++) {
    const file = Math.floor(rng() * 8);
    const rank = piece === 'P' || piece === 'p' ? 1 + Math.floor(rng() * 6) : Math.floor(rng() * 8);
    const i = cellIndex(file, rank);
    if (cells[i] === null) { cells[i] = piece; return; }
  }
}

/** A random sparse FEN (not necessarily legal: parseFen decides). */
export function sparseFen(rng: Rng): string {
  const cells: Cells = new Array(64).fill(null);
  let castling = '';
  let ep = '-';
  const turn = rng() < 0.6 ? 'w' : 'b';
  // Sometimes kings and rooks at home with castling rights.
  if (rng() < 0.2) {
    cells[cellIndex(4, 0)] = 'K';
    if (rng() < 0.7) { cells[cellIndex(7, 0)] = 'R'; castling += 'K'; }
    if (rng() < 0.7) { cells[cellIndex(0, 0)] = 'R'; castling += 'Q'; }
  }
  if (rng() < 0.2) {
    cells[cellIndex(4, 7)] = 'k';
    if (rng() < 0.7) { cells[cellIndex(7, 7)] = 'r'; castling += 'k'; }
    if (rng() < 0.7) { cells[cellIndex(0, 7)] = 'r'; castling += 'q'; }
  }
  // Sometimes a pawn that has just made a double step beside an enemy pawn.
  if (rng() < 0.2) {
    const file = Math.floor(rng() * 8);
    const side = file === 0 ? 1 : file === 7 ? -1 : rng() < 0.5 ? -1 : 1;
    if (turn === 'w') {
      cells[cellIndex(file, 4)] = 'p';
      cells[cellIndex(file + side, 4)] = 'P';
      if (cells[cellIndex(file, 5)] === null && cells[cellIndex(file, 6)] === null) ep = 'abcdefgh'[file] + '6';
    } else {
      cells[cellIndex(file, 3)] = 'P';
      cells[cellIndex(file + side, 3)] = 'p';
      if (cells[cellIndex(file, 2)] === null && cells[cellIndex(file, 1)] === null) ep = 'abcdefgh'[file] + '3';
    }
  }
  // The defending king mostly on an edge, the attacking king often close to it: mates are common.
  const [attackerKing, defenderKing] = turn === 'w' ? ['K', 'k'] : ['k', 'K'];
  let defenderSquare = cells.indexOf(defenderKing);
  if (defenderSquare < 0) {
    for (let tries = 0; tries < 100 && defenderSquare < 0; tries++) {
      const edge = rng() < 0.7;
      const file = edge && rng() < 0.5 ? pick(rng, [0, 7]) : Math.floor(rng() * 8);
      const rank = edge && (file !== 0 && file !== 7) ? pick(rng, [0, 7]) : Math.floor(rng() * 8);
      if (cells[cellIndex(file, rank)] === null) {
        defenderSquare = cellIndex(file, rank);
        cells[defenderSquare] = defenderKing;
      }
    }
  }
  if (!cells.includes(attackerKing)) {
    const df = defenderSquare % 8;
    const dr = 7 - Math.floor(defenderSquare / 8);
    for (let tries = 0; tries < 100; tries++) {
      const near = rng() < 0.5;
      const file = near ? df + Math.floor(rng() * 7) - 3 : Math.floor(rng() * 8);
      const rank = near ? dr + Math.floor(rng() * 7) - 3 : Math.floor(rng() * 8);
      if (file < 0 || file > 7 || rank < 0 || rank > 7 || cells[cellIndex(file, rank)] !== null) continue;
      cells[cellIndex(file, rank)] = attackerKing;
      break;
    }
  }
  // The side to move (the attacker) draws from the strong pool, the defender from the weak one.
  const attackerCase = turn === 'w' ? (p: string) => p.toUpperCase() : (p: string) => p.toLowerCase();
  const defenderCase = turn === 'w' ? (p: string) => p.toLowerCase() : (p: string) => p.toUpperCase();
  const attackerCount = 1 + Math.floor(rng() * 4);
  const defenderCount = Math.floor(rng() * 4);
  for (let i = 0; i < attackerCount; i++) placeRandom(rng, cells, attackerCase(pick(rng, STRONG_POOL)));
  for (let i = 0; i < defenderCount; i++) placeRandom(rng, cells, defenderCase(pick(rng, WEAK_POOL)));
  return `${boardFen(cells)} ${turn} ${castling || '-'} ${ep} 0 1`;
}

// ---- random playouts ----

const HAND_PICKED_STARTS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
  'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
  'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
  'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
];

function chess960Starts(): string[] {
  const path = fileURLToPath(new URL('../../data/perft960.epd', import.meta.url));
  return readFileSync(path, 'utf8').split(/\r?\n/).filter((l) => l.trim() !== '').map((l) => l.split(';')[0].trim());
}

/**
 * FENs sampled from random playouts: from each start, a game of up to `maxPlies` plies in which
 * a capture or check is preferred with probability 0.6; after ply 8, each position is kept with
 * probability `keep`; and from games that end in checkmate, the positions 1 and 3 plies before.
 */
export function playoutFens(rng: Rng, games: number, maxPlies: number, keep: number): string[] {
  const starts = [...HAND_PICKED_STARTS, ...chess960Starts().slice(0, 20)];
  const out: string[] = [];
  const moves = new Int32Array(MAX_MOVES);
  for (let g = 0; g < games; g++) {
    const pos = parseFen(starts[g % starts.length]);
    const played: number[] = [];
    for (let ply = 0; ply < maxPlies; ply++) {
      const count = generateLegal(pos, moves, 0);
      if (count === 0) {
        // Checkmated: the positions one and three plies before are likely mates in 1 and 2.
        if (pos.inCheck() && played.length >= 3) {
          pos.unmake(played[played.length - 1]);
          out.push(makeFen(pos));
          pos.unmake(played[played.length - 2]);
          pos.unmake(played[played.length - 3]);
          out.push(makeFen(pos));
        }
        break;
      }
      if (ply >= 8 && rng() < keep) out.push(makeFen(pos));
      let move = moves[Math.floor(rng() * count)];
      if (rng() < 0.6) {
        const sharp: number[] = [];
        for (let i = 0; i < count; i++) if (isCapture(moves[i]) || givesCheck(pos, moves[i])) sharp.push(moves[i]);
        if (sharp.length > 0) move = pick(rng, sharp);
      }
      pos.make(move);
      played.push(move);
    }
  }
  return out;
}
