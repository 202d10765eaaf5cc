// Property test against chessops (lichess' rules library): in seeded random playouts (600 games
// of up to 200 plies by default, thousands with PROPERTY_SCALE, see below) from the start
// position and from varied positions (perft suite lines, Chess960 starts with X-FEN
// and Shredder-FEN castling, en passant and promotion set-ups), both libraries must agree at every
// ply on the legal moves (UCI), the SAN of every legal move, the check/mate/stalemate/insufficient
// material verdicts and the FEN. Our side must also round-trip SAN and UCI, restore FEN and hash
// on unmake, and give a position the same Polyglot hash however it was reached.
//
// Castling: chessops, like us, represents it internally as king-takes-rook (its dests hold the
// rook's square), so the legal move sets are compared in that form for every position; our
// default printing (e1g1 unless Chess960) is checked separately with chessops' isLegal, which
// accepts both forms.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Chess, type Context } from 'chessops/chess';
import { makeFen as chessopsMakeFen, parseFen as chessopsParseFen } from 'chessops/fen';
import { makeSan as chessopsMakeSan, parseSan as chessopsParseSan } from 'chessops/san';
import { SquareSet } from 'chessops/squareSet';
import type { NormalMove, Role } from 'chessops/types';
import { makeUci as chessopsMakeUci, parseUci as chessopsParseUci } from 'chessops/util';
import { describe, expect, it } from 'vitest';
import { STARTING_FEN, makeFen, parseFen } from '../../src/chess/fen.ts';
import { generateLegal } from '../../src/chess/movegen.ts';
import { FLAG_CASTLE, FLAG_EN_PASSANT, MAX_MOVES, isCapture, moveFlag, movePromotion } from '../../src/chess/move.ts';
import type { Position } from '../../src/chess/position.ts';
import { makeSan, parseSan } from '../../src/chess/san.ts';
import {
  hasInsufficientMaterial, hasLegalMoves, isCheckmate, isInsufficientMaterial, isStalemate, outcome,
} from '../../src/chess/status.ts';
import { BLACK, WHITE } from '../../src/chess/types.ts';
import { makeUci, parseUci } from '../../src/chess/uci.ts';
import { mulberry32 } from '../support/random.ts';

// ---- deterministic randomness ----


// ---- the starting positions ----

function readSuiteFens(name: string): string[] {
  const text = readFileSync(fileURLToPath(new URL(`../data/${name}`, import.meta.url)), 'utf8');
  return text.split(/\r?\n/).filter((line) => line.trim() !== '').map((line) => line.split(';')[0].trim());
}

/** Positions chosen for what they exercise; each is also a random-playout start. */
const HAND_PICKED_STANDARD: string[] = [
  // En passant: legal; pseudo-legal but illegal (the capture would expose the king along the
  // rank); the only answer to a check by the pushed pawn; and a diagonal pin.
  'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
  '8/8/8/KPp4r/8/8/8/7k w - c6 0 1',
  '8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1',
  '8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1',
  '8/7k/8/8/3Pp3/8/8/1B2K3 b - d3 0 1', // pinned on a diagonal through d3: exd3 stays on the pin line
  '4k3/8/8/8/3Pp3/8/8/4RK2 b - d3 0 1', // pinned on the e-file: exd3 is illegal
  '4k3/8/8/2pP4/8/8/8/4K2B w - c6 0 2',
  // Promotions, with and without captures, onto rooks that hold castling rights.
  'r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1',
  'n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1',
  '3r1r2/4P3/8/1k6/8/8/8/4K3 w - - 0 1',
  // Castling and its rights lost by rook captures.
  'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  // The other standard perft positions.
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
  'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
  'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
  // Few pieces: insufficient-material verdicts and bishops on one colour.
  '7k/8/8/8/2B5/8/3BK3/8 w - - 0 1',
  '7k/8/8/5b2/2B5/8/4K3/8 w - - 0 1',
  '8/8/4k3/8/2N5/8/4K3/7q w - - 0 1',
];

/** Chess960 starts: Shredder-FEN and X-FEN castling fields, king beside its rook, inner rooks. */
const HAND_PICKED_960: string[] = [
  'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9',
  'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9',
  'rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1',
  'r4kr1/6p1/8/8/8/8/6P1/R4KR1 w KQkq - 0 1',
  '4k3/8/8/8/8/8/8/rRK4R w KQ - 0 1',
  'rr2k2r/1ppppppp/8/8/8/8/1PPPPPPP/RR2K2R w BHbh - 0 1',
  'nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1',
];

/** Not every suite line is reachable in a game; those parseFen refuses are left out. */
function playable(fen: string): boolean {
  try {
    parseFen(fen);
    return true;
  } catch {
    return false;
  }
}

const SUITE_STARTS = readSuiteFens('perftsuite.epd').filter(playable);
const CHESS960_STARTS = readSuiteFens('perft960.epd');
const VARIED_STARTS = [...HAND_PICKED_STANDARD, ...HAND_PICKED_960, ...SUITE_STARTS, ...CHESS960_STARTS];
const CHESS960_SET = new Set([...CHESS960_STARTS, ...HAND_PICKED_960]);

// ---- the two sides of one game ----

const PROMOTION_ROLES: Role[] = ['queen', 'rook', 'bishop', 'knight'];

/** chessops' legal moves in UCI, castling as king-takes-rook (how chessops stores it). */
function chessopsLegalUci(cp: Chess, ctx: Context): string[] {
  const result: string[] = [];
  const lastRank = SquareSet.backranks();
  for (const [from, dests] of cp.allDests(ctx)) {
    const isPawn = cp.board.pawn.has(from);
    for (const to of dests) {
      if (isPawn && lastRank.has(to)) {
        for (const promotion of PROMOTION_ROLES) result.push(chessopsMakeUci({ from, to, promotion }));
      } else {
        result.push(chessopsMakeUci({ from, to }));
      }
    }
  }
  return result.sort();
}

function chessopsMove(uci: string): NormalMove {
  const move = chessopsParseUci(uci);
  if (!move || !('from' in move)) throw new Error(`chessops cannot read ${uci}`);
  return move;
}

function legalMoves(pos: Position): number[] {
  const moves = new Int32Array(MAX_MOVES);
  return Array.from(moves.subarray(0, generateLegal(pos, moves, 0)));
}

const hashOf = (pos: Position): string =>
  (pos.hashHi >>> 0).toString(16).padStart(8, '0') + (pos.hashLo >>> 0).toString(16).padStart(8, '0');

/** Move choice weights: tactical and special moves are rare in random play, so favour them. */
function weight(move: number): number {
  if (moveFlag(move) === FLAG_CASTLE) return 12;
  if (moveFlag(move) === FLAG_EN_PASSANT) return 12;
  if (movePromotion(move) !== 0) return 6;
  if (isCapture(move)) return 3;
  return 1;
}

/** The index of a weighted random move, drawn from the moves in the order of their UCI texts. */
function pick(moves: number[], uci: string[], random: () => number): number {
  const order = moves.map((_, i) => i).sort((a, b) => (uci[a] < uci[b] ? -1 : 1));
  let total = 0;
  for (const move of moves) total += weight(move);
  let r = random() * total;
  for (const i of order) {
    r -= weight(moves[i]);
    if (r < 0) return i;
  }
  return order[order.length - 1];
}

interface Tally {
  games: number;
  plies: number;
  movesCompared: number;
  castles: number;
  enPassant: number;
  promotions: number;
  underPromotions: number;
  checkmates: number;
  stalemates: number;
  insufficient: number;
  /** Positions with an en passant capture on the board (ep square in FEN and hash). */
  epPositions: number;
  /** Positions reached again (in any game of the run, by any move order) whose hash was compared. */
  transpositions: number;
  /** Every disagreement found, with the game that led to it; each ends its game. */
  disagreements: string[];
}

const newTally = (): Tally => ({
  games: 0, plies: 0, movesCompared: 0, castles: 0, enPassant: 0, promotions: 0, underPromotions: 0,
  checkmates: 0, stalemates: 0, insufficient: 0, epPositions: 0, transpositions: 0, disagreements: [],
});

/** The hash each position (its FEN without the move counters) had the first time it was seen. */
type HashBook = Map<string, string>;

/**
 * A failed comparison. The checks below run millions of times, so they are plain comparisons
 * (vitest's expect costs microseconds a call); a failure ends its game and is reported at the end.
 */
class Disagreement extends Error {}

function same<T>(ours: T, theirs: T, what: () => string): void {
  if (ours !== theirs) throw new Disagreement(`${what()}: ours ${JSON.stringify(ours)}, chessops/expected ${JSON.stringify(theirs)}`);
}

function sameMoveSets(ours: string[], theirs: string[], fen: string): void {
  const a = [...ours].sort();
  if (a.join(' ') === theirs.join(' ')) return;
  const extra = a.filter((uci) => !theirs.includes(uci));
  const missing = theirs.filter((uci) => !a.includes(uci));
  throw new Disagreement(`legal moves of ${fen}: extra ${JSON.stringify(extra)}, missing ${JSON.stringify(missing)}`);
}

/** One move's SAN (ours against chessops') and the round trips of SAN and both UCI forms. */
function compareMove(pos: Position, cp: Chess, chess960: boolean, move: number, uci: string, fen: string, tally: Tally): void {
  const san = makeSan(pos, move);
  same(san, chessopsMakeSan(cp, chessopsMove(uci)), () => `SAN of ${uci} in ${fen}`);
  same(parseSan(pos, san), move, () => `parseSan(${san}) in ${fen}`);
  same(parseUci(pos, uci), move, () => `parseUci(${uci}) in ${fen}`);
  const printed = makeUci(pos, move);
  if (printed !== uci) same(parseUci(pos, printed), move, () => `parseUci(${printed}) in ${fen}`);
  if (!chess960) {
    // Standard chess prints castling as e1g1; chessops must read that as the same legal move.
    same(cp.isLegal(chessopsMove(printed)), true, () => `chessops isLegal(${printed}) in ${fen}`);
    if (moveFlag(move) === FLAG_CASTLE) same(/^e[18][cg][18]$/.test(printed), true, () => `castling printed as ${printed} in ${fen}`);
  }
  tally.movesCompared++;
}

interface Ply {
  fen: string;
  /** Our legal moves, and each one's UCI in king-takes-rook form. */
  moves: number[];
  uci: string[];
  insufficient: boolean;
}

/**
 * Compares the position at the current ply. With `everyMove`, also the SAN and notation round
 * trips of every legal move (the costly part: ~25 SANs a ply on each side).
 */
function comparePly(pos: Position, cp: Chess, chess960: boolean, everyMove: boolean, tally: Tally, book: HashBook): Ply {
  const fen = makeFen(pos);
  same(fen, chessopsMakeFen(cp.toSetup()), () => 'FEN');

  // Legal moves, in king-takes-rook form on both sides.
  const ctx = cp.ctx();
  const moves = legalMoves(pos);
  const uci = moves.map((move) => makeUci(pos, move, true));
  sameMoveSets(uci, chessopsLegalUci(cp, ctx), fen);

  if (everyMove) for (let i = 0; i < moves.length; i++) compareMove(pos, cp, chess960, moves[i], uci[i], fen, tally);

  // Verdicts.
  same(pos.inCheck(), cp.isCheck(), () => `check in ${fen}`);
  const mate = isCheckmate(pos);
  const stalemate = isStalemate(pos);
  const insufficient = isInsufficientMaterial(pos);
  same(mate, cp.isCheckmate(ctx), () => `checkmate in ${fen}`);
  same(stalemate, cp.isStalemate(ctx), () => `stalemate in ${fen}`);
  same(hasLegalMoves(pos), moves.length > 0, () => `hasLegalMoves in ${fen}`);
  same(insufficient, cp.isInsufficientMaterial(), () => `insufficient material in ${fen}`);
  same(hasInsufficientMaterial(pos, WHITE), cp.hasInsufficientMaterial('white'), () => `white's insufficient material in ${fen}`);
  same(hasInsufficientMaterial(pos, BLACK), cp.hasInsufficientMaterial('black'), () => `black's insufficient material in ${fen}`);
  const result = outcome(pos);
  const cpResult = cp.outcome(ctx);
  let expected: string;
  if (cpResult === undefined) expected = result?.kind === 'fifty-moves' || result?.kind === 'threefold-repetition' ? result.kind : 'none';
  else if (cpResult.winner !== undefined) expected = `checkmate ${cpResult.winner === 'white' ? WHITE : BLACK}`;
  else expected = stalemate ? 'stalemate' : 'insufficient-material';
  same(result === null ? 'none' : result.kind === 'checkmate' ? `checkmate ${result.winner}` : result.kind, expected, () => `outcome of ${fen}`);

  // Hashing: same FEN, same hash. The incremental hash must equal the one parseFen computes from
  // scratch for the printed FEN, and the one the same position (FEN without the move counters)
  // had whenever it was reached before, in any game of the run, by any move order. (The ep square
  // counts only where the capture is legal, in the FEN as in the hash.)
  const hash = hashOf(pos);
  same(hashOf(parseFen(fen)), hash, () => `hash of the re-parsed ${fen}`);
  if (pos.epSquare >= 0) tally.epPositions++;
  const key = fen.slice(0, fen.lastIndexOf(' ', fen.lastIndexOf(' ') - 1));
  const seen = book.get(key);
  if (seen === undefined) book.set(key, hash);
  else {
    same(hash, seen, () => `hash of ${key}, reached again`);
    tally.transpositions++;
  }

  if (mate) tally.checkmates++;
  if (stalemate) tally.stalemates++;
  return { fen, moves, uci, insufficient };
}

// How much to play. Every game compares the position, the legal move set, the verdicts and the
// hashes at every ply, and the played move's SAN and round trips; every EVERY_MOVE_STRIDE-th game
// also compares the SAN and round trips of every legal move at every ply, which costs ~4 times as
// much. The defaults keep the file near 30 s on a 2-core machine; for a soak run, scale them up:
//   PROPERTY_SCALE=10 PROPERTY_STRIDE=1 PROPERTY_SEED=7 npx vitest run test/chess/chessops.property.test.ts
const MAX_PLIES = 200;
const SCALE = Number(process.env.PROPERTY_SCALE ?? 1);
const START_GAMES = Math.round(200 * SCALE);
const VARIED_GAMES = Math.round(400 * SCALE);
const EVERY_MOVE_STRIDE = Number(process.env.PROPERTY_STRIDE ?? 4);
/** Mixed into both games' seeds (0 by default, so every run plays the same games). */
const SEED = Number(process.env.PROPERTY_SEED ?? 0);
const TIMEOUT = 300_000 * Math.max(1, SCALE);

function playGame(startFen: string, chess960: boolean, everyMove: boolean, random: () => number, tally: Tally, book: HashBook): void {
  const pos = parseFen(startFen);
  if (chess960) pos.chess960 = true;
  const cp = Chess.fromSetup(chessopsParseFen(startFen).unwrap()).unwrap();
  const played: number[] = [];
  const line: string[] = [];
  const fens: string[] = [];
  const hashes: string[] = [];
  try {
    for (let ply = 0; ply < MAX_PLIES; ply++) {
      const { fen, moves, uci: ucis, insufficient } = comparePly(pos, cp, chess960, everyMove, tally, book);
      if (moves.length === 0) break;
      if (insufficient) {
        tally.insufficient++;
        break;
      }
      if (pos.halfmoves >= 100) break;
      // Choose among the moves in UCI order, so the games depend on the legal move set only (not
      // on the order our generator happens to produce the moves in).
      const index = pick(moves, ucis, random);
      const move = moves[index];
      const uci = ucis[index];
      // The chosen move's SAN and round trips (done above already when every move was compared),
      // and the SAN through chessops' parser (which also gives castling as king-takes-rook).
      if (!everyMove) compareMove(pos, cp, chess960, move, uci, fen, tally);
      const san = makeSan(pos, move);
      const cpParsed = chessopsParseSan(cp, san);
      same(cpParsed && chessopsMakeUci(cpParsed), uci, () => `chessops parseSan(${san}) in ${fen}`);
      if (moveFlag(move) === FLAG_CASTLE) tally.castles++;
      if (moveFlag(move) === FLAG_EN_PASSANT) tally.enPassant++;
      if (movePromotion(move) !== 0) tally.promotions++;
      if (movePromotion(move) !== 0 && !uci.endsWith('q')) tally.underPromotions++;
      fens.push(fen);
      hashes.push(hashOf(pos));
      played.push(move);
      line.push(uci);
      pos.make(move);
      cp.play(chessopsMove(uci));
      tally.plies++;
    }

    // Take the whole game back: every position's FEN and hash must come back exactly.
    for (let i = played.length - 1; i >= 0; i--) {
      pos.unmake(played[i]);
      same(makeFen(pos), fens[i], () => `FEN after unmaking ${line[i]} (ply ${i + 1})`);
      same(hashOf(pos), hashes[i], () => `hash after unmaking ${line[i]} (ply ${i + 1})`);
    }
    same(pos.ply, 0, () => 'ply after unmaking everything');
    tally.games++;
  } catch (error) {
    const message = error instanceof Disagreement ? error.message : `threw ${String((error as Error).stack ?? error)}`;
    tally.disagreements.push(`${message}\n    game from ${startFen}: ${line.join(' ') || '(no moves)'}`);
  }
}

/** Plays `games` games from the starts in turn; every `everyMoveStride`-th game compares every legal move. */
function runGames(starts: string[], games: number, everyMoveStride: number, seed: number): Tally {
  const random = mulberry32(seed);
  const tally = newTally();
  const book: HashBook = new Map();
  for (let g = 0; g < games; g++) {
    const fen = starts[g % starts.length];
    playGame(fen, CHESS960_SET.has(fen), g % everyMoveStride === everyMoveStride - 1, random, tally, book);
  }
  return tally;
}

describe('random playouts agree with chessops', () => {
  it('has the varied starts it expects', () => {
    expect(SUITE_STARTS).toHaveLength(125); // the one unreachable suite line is left out
    expect(CHESS960_STARTS).toHaveLength(120);
    for (const fen of [...HAND_PICKED_STANDARD, ...HAND_PICKED_960]) expect(playable(fen), fen).toBe(true);
    for (const fen of HAND_PICKED_STANDARD) expect(parseFen(fen).chess960, fen).toBe(false);
    for (const fen of HAND_PICKED_960) expect(parseFen(fen).chess960, fen).toBe(true);
  });

  it('gives a position the same FEN and hash whether or not the input names an unusable ep square', () => {
    // c6 is named but bxc6 would expose the king on a5 to the rook on h5; chessops drops it too.
    const withEp = parseFen('8/8/8/KPp4r/8/8/8/7k w - c6 0 1');
    const withoutEp = parseFen('8/8/8/KPp4r/8/8/8/7k w - - 0 1');
    expect(makeFen(withEp)).toBe('8/8/8/KPp4r/8/8/8/7k w - - 0 1');
    expect(chessopsMakeFen(Chess.fromSetup(chessopsParseFen('8/8/8/KPp4r/8/8/8/7k w - c6 0 1').unwrap()).unwrap().toSetup())).toBe(makeFen(withEp));
    expect([withEp.hashHi, withEp.hashLo]).toEqual([withoutEp.hashHi, withoutEp.hashLo]);
    // And the same position reached by a double step: the ep square goes unrecorded there too.
    const played = parseFen('8/2p5/8/KP5r/8/8/8/7k b - - 0 1');
    played.make(parseUci(played, 'c7c5'));
    expect(makeFen(played)).toBe('8/8/8/KPp4r/8/8/8/7k w - - 0 2');
    expect([played.hashHi, played.hashLo]).toEqual([withoutEp.hashHi, withoutEp.hashLo]);
  });

  it(`from the start position (${START_GAMES} games)`, () => {
    const tally = runGames([STARTING_FEN], START_GAMES, EVERY_MOVE_STRIDE, 0x5eed_0001 ^ SEED);
    report('start position', tally);
    expect(tally.disagreements).toEqual([]);
    expect(tally.games).toBe(START_GAMES);
    // The move choice is biased so that the special moves really occur.
    expect(tally.castles).toBeGreaterThan(START_GAMES / 10);
    expect(tally.enPassant).toBeGreaterThan(START_GAMES / 20);
    expect(tally.underPromotions).toBeGreaterThan(START_GAMES / 10);
    expect(tally.checkmates).toBeGreaterThan(0);
    expect(tally.transpositions).toBeGreaterThan(START_GAMES);
  }, TIMEOUT);

  it(`from varied starts: suite lines, Chess960, en passant and promotion set-ups (${VARIED_GAMES} games)`, () => {
    const tally = runGames(VARIED_STARTS, VARIED_GAMES, EVERY_MOVE_STRIDE, 0x5eed_0002 ^ SEED);
    report('varied starts', tally);
    expect(tally.disagreements).toEqual([]);
    expect(tally.games).toBe(VARIED_GAMES);
    expect(tally.castles).toBeGreaterThan(VARIED_GAMES / 10);
    expect(tally.enPassant).toBeGreaterThan(VARIED_GAMES / 20);
    expect(tally.underPromotions).toBeGreaterThan(VARIED_GAMES / 10);
    expect(tally.checkmates).toBeGreaterThan(0);
    expect(tally.stalemates).toBeGreaterThan(0);
    expect(tally.insufficient).toBeGreaterThan(0);
    expect(tally.epPositions).toBeGreaterThan(VARIED_GAMES / 20);
  }, TIMEOUT);
});

function report(name: string, tally: Tally): void {
  const { disagreements, ...counts } = tally;
  console.log(`${name}: ${JSON.stringify(counts)}${disagreements.length ? `\n${disagreements.slice(0, 10).join('\n')}` : ''}`);
}
