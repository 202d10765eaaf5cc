// Selfmates, help play (h#n, h#n.5, h=n, h=n.5) against Popeye 4.104. Two modes:
//   npm run bench:popeye-stipulations -- --make [--kinds help-half,help-stalemate]   (POPEYE=path):
//     makes the suites (those named, else all). Candidate
//     positions (the public suite with either side to move, and seeded random positions) go to
//     Popeye as s#1, s#2, … and h#1, h#2, … up to a small n; those it solves become
//     test/data/popeye-selfmates.json and popeye-helpmates.json: FEN, stipulation, Popeye's
//     proof (its keys for s#, every solution for h#).
//     Popeye alone decides what is kept and what the answer is.
//   npm run bench:popeye-stipulations [-- --kinds …] (POPEYE=path; `npm run bench:mate` runs it
//     too): solves every suite (or those named) with ours and with Popeye, each problem judged
//     against the committed answer, and prints ours/Popeye per genre (Popeye's time: all its runs
//     s#1 … s#k, process starts included).
//
// How Popeye is asked (beside bench/popeye.ts). Popeye's s#n: White plays first and forces Black
// to mate it; h#n: Black plays first and both cooperate until White mates Black. Ours: the side
// to move in the FEN plays first in both, and is the one mated. So a FEN with Black to move is
// an s# under Option HalfDuplex (as bench/popeye.ts does for #n), and a FEN with White to move
// is an h# under Option HalfDuplex (White begins and is mated). Popeye's s#k prints every key
// solving in at most k moves; its h#k prints the solutions of at most k moves: asked k = 1, 2, …
// the first k it solves is the shortest, and its keys (solutions) are exactly those of length k.
// The other help genres likewise: Popeye's convention for who begins is each genre's popeyeFirst
// (src/search/mate/genres.ts: Black in h=n, White in h#n.5 and h=n.5), HalfDuplex where the FEN
// disagrees; h#n.5 and h=n.5 are asked 0.5, 1.5, … (Popeye lists short solutions too, so the
// first length it solves is the shortest), and their n is the whole part (h#1.5: n = 1).

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { makeFen, parseFen } from '../src/chess/fen.ts';
import { generateLegal, hasLegalMove } from '../src/chess/movegen.ts';
import { isCheckmate, isStalemate } from '../src/chess/status.ts';
import type { Position } from '../src/chess/position.ts';
import type { Color } from '../src/chess/types.ts';
import {
  HelpmateSolver, type MateReport, MateSolvers, SelfmateSolver, SeriesSolver, type Stipulation, genreOf, solveStipulation, stipulationText,
} from '../src/search/mate/index.ts';
import { parsePopeyeOutput, popeyeMoveToUci, popeyeSetup, runPopeyeProcess } from './popeye.ts';
import { locatePopeye } from './programs.ts';
import { mulberry32 } from '../test/support/random.ts';

export type StipulationKind = Exclude<Stipulation, 'direct'>;

/** Every genre with a suite, in the order the bench runs them. */
export const SUITE_KINDS: readonly StipulationKind[] = [
  'self', 'help', 'help-half', 'help-stalemate', 'help-stalemate-half', 'stalemate', 'self-stalemate',
  'series-help', 'series-direct', 'series-self', 'series-stalemate', 'series-help-stalemate',
  'reflex', 'semi-reflex', 'help-self',
];

/** Help play: every solution is compared, not only the first moves. */
const listsSolutions = (kind: StipulationKind): boolean => genreOf(kind).family === 'help' || genreOf(kind).family === 'series';

/** One problem of the committed suites, with Popeye's answer. */
export interface StipulationProblem {
  fen: string;
  kind: StipulationKind;
  /** The shortest n Popeye solved (s#n, h#n; h#n.5 and h=n.5: the whole part, 0 for 0.5). */
  n: number;
  /** s#: every key (UCI), sorted. Help play: the distinct first moves, sorted. */
  keys: string[];
  /** Help play only: every solution, its moves in UCI separated by spaces, sorted. */
  solutions?: string[];
  source: string;
}

const DATA = resolve(import.meta.dirname, '../test/data');
export const SUITE_FILES: Record<StipulationKind, string> = {
  self: resolve(DATA, 'popeye-selfmates.json'),
  help: resolve(DATA, 'popeye-helpmates.json'),
  'help-half': resolve(DATA, 'popeye-help-half.json'),
  'help-stalemate': resolve(DATA, 'popeye-help-stalemate.json'),
  'help-stalemate-half': resolve(DATA, 'popeye-help-stalemate-half.json'),
  stalemate: resolve(DATA, 'popeye-stalemates.json'),
  'self-stalemate': resolve(DATA, 'popeye-selfstalemates.json'),
  'series-help': resolve(DATA, 'popeye-series-helpmates.json'),
  'series-direct': resolve(DATA, 'popeye-series-mates.json'),
  'series-self': resolve(DATA, 'popeye-series-selfmates.json'),
  'series-stalemate': resolve(DATA, 'popeye-series-stalemates.json'),
  'series-help-stalemate': resolve(DATA, 'popeye-series-helpstalemates.json'),
  reflex: resolve(DATA, 'popeye-reflexmates.json'),
  'semi-reflex': resolve(DATA, 'popeye-semi-reflexmates.json'),
  'help-self': resolve(DATA, 'popeye-help-selfmates.json'),
};
const PUBLIC = resolve(import.meta.dirname, 'data/mate-public.jsonl');
/** The longest n asked when making the suites: short problems keep the tests quick. */
const MAX_N: Record<StipulationKind, number> = { self: 2, help: 3, 'help-half': 2, 'help-stalemate': 3, 'help-stalemate-half': 2, stalemate: 3, 'self-stalemate': 2,
  'series-help': 4, 'series-direct': 3, 'series-self': 3, 'series-stalemate': 3, 'series-help-stalemate': 4,
  reflex: 2, 'semi-reflex': 2, 'help-self': 2,
};
/** How many problems each suite keeps (the genres added later: fewer, the tests stay quick). */
const SUITE_SIZE: Record<StipulationKind, number> = { self: 40, help: 40, 'help-half': 30, 'help-stalemate': 30, 'help-stalemate-half': 30, stalemate: 30, 'self-stalemate': 30,
  'series-help': 25, 'series-direct': 25, 'series-self': 25, 'series-stalemate': 25, 'series-help-stalemate': 25,
  reflex: 25, 'semi-reflex': 25, 'help-self': 25,
};
/**
 * The pieces a side gets in the random positions of a genre added later (1 to this many besides
 * the king): few for the side to be stalemated, so that stalemates are not too rare.
 */
const RANDOM_PIECES: Partial<Record<StipulationKind, { w: number; b: number }>> = { stalemate: { w: 3, b: 1 }, 'self-stalemate': { w: 1, b: 5 } };
/** How many random positions a genre added later may try (selfstalemates are the rarest). */
const RANDOM_TRIES: Record<StipulationKind, number> = {
  self: 0, help: 0, 'help-half': 2000, 'help-stalemate': 2000, 'help-stalemate-half': 2000, stalemate: 20_000, 'self-stalemate': 3_000_000,
  'series-help': 2000, 'series-direct': 2000, 'series-self': 20_000, 'series-stalemate': 2000, 'series-help-stalemate': 2000,
  reflex: 200_000, 'semi-reflex': 200_000, 'help-self': 50_000,
};
/**
 * Genres whose solutions are rare among random positions: a random position is asked of Popeye
 * only when our solver finds a solution within MAX_N (5,000 nodes); the answer kept is Popeye's.
 */
const PREFILTERED: ReadonlySet<StipulationKind> = new Set(['stalemate', 'self-stalemate', 'series-self', 'reflex', 'semi-reflex', 'help-self']);
/** Helpmates with more solutions than this are left out (their lines would swell the data). */
const MAX_SOLUTIONS = 40;
/** One Popeye run's cap when making the suites. */
const MAKE_CAP_MS = 3000;

// ---------------------------------------------------------------------------------------------
// Asking Popeye

/** Popeye's input for s#n, h#n, h#n.5 … with the side to move in `fen` first (see the header). */
export function popeyeStipulationInput(fen: string, kind: StipulationKind, n: number, maxTimeSeconds?: number): string {
  const setup = popeyeSetup(fen);
  const options = setup.options.filter((option) => option !== 'HalfDuplex');
  // Each genre's own convention (s#: White begins, as in #n; h#: Black begins; …).
  if (setup.turn !== genreOf(kind).popeyeFirst) options.unshift('HalfDuplex');
  const lines = ['BeginProblem', `Forsyth ${setup.forsyth}`, `Stipulation ${stipulationText(kind, n)}`, 'Option NoBoard'];
  for (const option of options) lines.push(`Option ${option}`);
  if (maxTimeSeconds !== undefined) lines.push(`Option MaxTime ${Math.max(1, Math.ceil(maxTimeSeconds))}`);
  lines.push('EndProblem', '');
  return lines.join('\n');
}

/**
 * Popeye's helpmate solutions ("  1.Ka8-b8 Rh2-h1   2.Kb8-a8 Rh1-h8 #") as UCI lines, `turn`
 * moving first. In series play (`series`) every numbered move is the series side's and a move
 * without a number the other side's ("1.Kh8-h7   2.Kh7-h6 Qa1-h1 #").
 */
export function parseHelpmateSolutions(output: string, turn: Color, series = false): string[] {
  const solutions: string[] = [];
  for (const raw of output.split(/\r?\n/)) {
    if (!/^\s*1\.\S/.test(raw)) continue;
    const moves: string[] = [];
    for (const token of raw.trim().split(/\s+/)) {
      const numbered = /^\d+\./.test(token);
      const move = token.replace(/^\d+\.(\.\.)?/, '');
      if (move === '' || move === '+' || move === '#' || move === '=' || move === 'ep.') continue;
      const mover = series ? (numbered ? turn : turn ^ 1) : moves.length % 2 === 0 ? turn : turn ^ 1;
      moves.push(popeyeMoveToUci(move, mover as Color));
    }
    solutions.push(moves.join(' '));
  }
  return solutions;
}

export interface PopeyeStipulationAnswer {
  status: 'solved' | 'none' | 'timeout' | 'error';
  n: number | null;
  keys: string[];
  solutions: string[];
  /** All runs together, process starts included. */
  ms: number;
  error?: string;
}

/** Asks Popeye k = 1 … maxN (0.5 … maxN.5; within `capMs` for all runs) until it solves: the shortest and its keys or solutions. */
export async function solveStipulationWithPopeye(path: string, fen: string, kind: StipulationKind, maxN: number, capMs: number): Promise<PopeyeStipulationAnswer> {
  const turn = parseFen(fen).turn;
  let ms = 0;
  for (let k = genreOf(kind).half ? 0 : 1; k <= maxN; k++) {
    const left = capMs - ms;
    if (left <= 0) return { status: 'timeout', n: null, keys: [], solutions: [], ms };
    const run = await runPopeyeProcess(path, popeyeStipulationInput(fen, kind, k, left / 1000), left);
    ms += run.ms;
    const parsed = parsePopeyeOutput(!listsSolutions(kind) ? run.stdout : '', turn, run.stderr);
    if (parsed.errors.length > 0) return { status: 'error', n: null, keys: [], solutions: [], ms, error: parsed.errors.join(' / ') };
    if (run.killed || /solving interrupted/.test(run.stdout)) return { status: 'timeout', n: null, keys: [], solutions: [], ms };
    if (!/solution finished/.test(run.stdout)) return { status: 'error', n: null, keys: [], solutions: [], ms, error: run.stdout.slice(-200) };
    if (!listsSolutions(kind) && parsed.keys.length > 0) return { status: 'solved', n: k, keys: [...new Set(parsed.keys)].sort(), solutions: [], ms };
    if (listsSolutions(kind)) {
      const solutions = parseHelpmateSolutions(run.stdout, turn, genreOf(kind).family === 'series').sort();
      if (solutions.length > 0) return { status: 'solved', n: k, keys: firstMoves(solutions), solutions, ms };
    }
  }
  return { status: 'none', n: null, keys: [], solutions: [], ms };
}

function firstMoves(solutions: readonly string[]): string[] {
  return [...new Set(solutions.map((line) => line.split(' ')[0]))].sort();
}

// ---------------------------------------------------------------------------------------------
// Ours, in the same terms

export interface OurStipulationAnswer {
  n: number | null;
  keys: string[];
  solutions: string[];
  complete: boolean;
  ms: number;
  nodes: number;
}

export function solveStipulationOurs(solvers: MateSolvers, problem: Pick<StipulationProblem, 'fen' | 'kind'>, maxN: number): OurStipulationAnswer {
  const position = parseFen(problem.fen);
  const start = performance.now();
  const report: MateReport = solveStipulation(solvers, { position, maxMoves: maxN }, problem.kind);
  const ms = performance.now() - start;
  const solutions = (report.helpSolutions ?? []).map((line) => line.uci.join(' ')).sort();
  return { n: report.mateIn, keys: [...report.keys].sort(), solutions, complete: report.keysComplete, ms, nodes: report.nodes };
}

/** Whether our answer is Popeye's: the same n, the same keys, and in help play the same solutions. */
export function sameAnswer(problem: StipulationProblem, ours: OurStipulationAnswer): boolean {
  return ours.n === problem.n && ours.complete && ours.keys.join() === problem.keys.join()
    && (!listsSolutions(problem.kind) || ours.solutions.join('|') === (problem.solutions ?? []).join('|'));
}

// ---------------------------------------------------------------------------------------------
// Making the suites

/** A seeded generator (mulberry32), so the candidates are the same on every run. */
const random = mulberry32;

/** A random legal position with a few pieces a side, or null (illegal, or the game already over). */
function randomPosition(next: () => number, turn: 'w' | 'b', counts: { w: number; b: number }, least = 1): string | null {
  const board: string[] = new Array<string>(64).fill('');
  const place = (piece: string): void => {
    for (;;) {
      const sq = Math.floor(next() * 64);
      const rank = sq >> 3;
      if (board[sq] !== '' || (piece.toLowerCase() === 'p' && (rank === 0 || rank === 7))) continue;
      board[sq] = piece;
      return;
    }
  };
  place('K');
  place('k');
  const pool = ['Q', 'R', 'R', 'B', 'B', 'N', 'N', 'P', 'P', 'P'];
  for (const color of ['w', 'b']) {
    const count = least + Math.floor(next() * (counts[color as 'w' | 'b'] + 1 - least));
    for (let i = 0; i < count; i++) {
      const piece = pool[Math.floor(next() * pool.length)];
      place(color === 'w' ? piece : piece.toLowerCase());
    }
  }
  const ranks: string[] = [];
  for (let rank = 7; rank >= 0; rank--) {
    let text = '';
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const piece = board[rank * 8 + file];
      if (piece === '') empty++;
      else {
        if (empty > 0) text += String(empty);
        empty = 0;
        text += piece;
      }
    }
    ranks.push(empty > 0 ? text + String(empty) : text);
  }
  return playable(`${ranks.join('/')} ${turn} - - 0 1`);
}

/** The FEN normalised, or null when it is illegal or the side to move is already mated or stalemated. */
function playable(fen: string): string | null {
  try {
    const pos = parseFen(fen);
    if (isCheckmate(pos) || isStalemate(pos)) return null;
    return makeFen(pos);
  } catch {
    return null;
  }
}

/** The public suite's positions with either side to move. */
function publicPositions(): string[] {
  const fens: string[] = [];
  for (const line of readFileSync(PUBLIC, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const fen = (JSON.parse(line) as { fen: string }).fen;
    const [board, turn, castling] = fen.split(' ');
    for (const side of turn === 'w' ? ['b', 'w'] : ['w', 'b']) {
      const made = playable(`${board} ${side} ${castling} - 0 1`);
      if (made !== null) fens.push(made);
    }
  }
  return fens;
}

const CANDIDATES = resolve(import.meta.dirname, 'data/selfmate-candidates.txt');
/** The s#2 candidates (--find-deep): asked first, so that the suite holds every one Popeye confirms. */
const DEEP_CANDIDATES = resolve(import.meta.dirname, 'data/selfmate-candidates-deep.txt');

/**
 * Selfmate candidates: seeded random positions, White to move, where some move of White leaves
 * Black at most three legal moves and every one of them mates White (a selfmate in one, unless
 * the move itself mates or stalemates). Popeye decides which are selfmates and what their keys are.
 */
function findSelfmateCandidates(seed: number, tries: number, log: (line: string) => void): string[] {
  const next = random(seed);
  const whites = new Int32Array(256);
  const blacks = new Int32Array(256);
  const found: string[] = [];
  for (let i = 0; i < tries; i++) {
    const fen = randomPosition(next, 'w', { w: 4, b: 4 });
    if (fen === null) continue;
    const pos = parseFen(fen);
    const end = generateLegal(pos, whites, 0);
    let candidate = false;
    for (let w = 0; w < end && !candidate; w++) {
      pos.make(whites[w]);
      const replies = generateLegal(pos, blacks, 0);
      let allMate = replies > 0 && replies <= 3;
      for (let k = 0; k < replies && allMate; k++) {
        pos.make(blacks[k]);
        allMate = pos.inCheck() && !hasLegalMove(pos);
        pos.unmake(blacks[k]);
      }
      pos.unmake(whites[w]);
      candidate = allMate;
    }
    if (!candidate) continue;
    found.push(fen);
    log(fen);
  }
  return found;
}

/**
 * Deeper selfmate candidates: seeded random positions, White to move, in which our solver finds
 * a selfmate in two (at most 30,000 nodes each). Ours only picks them; Popeye's answer is kept.
 */
function findDeepSelfmateCandidates(seed: number, tries: number, log: (line: string) => void): string[] {
  const next = random(seed);
  const solver = new SelfmateSolver(18);
  const found: string[] = [];
  for (let i = 0; i < tries; i++) {
    const fen = randomPosition(next, 'w', { w: 4, b: 3 });
    if (fen === null) continue;
    const solution = solver.solve(parseFen(fen), 2, { maxNodes: 30_000 });
    if (solution.status !== 'mate' || solution.mateIn !== 2) continue;
    found.push(fen);
    log(fen);
  }
  return found;
}

/** Whether some move of the side to move leaves the other side moves, every one of which stalemates it (an s=1). */
function selfStalemateInOne(pos: Position): boolean {
  const ours = new Int32Array(256);
  const theirs = new Int32Array(256);
  const end = generateLegal(pos, ours, 0);
  for (let i = 0; i < end; i++) {
    pos.make(ours[i]);
    const replies = generateLegal(pos, theirs, 0);
    let all = replies > 0;
    for (let k = 0; k < replies && all; k++) {
      pos.make(theirs[k]);
      all = !pos.inCheck() && !hasLegalMove(pos);
      pos.unmake(theirs[k]);
    }
    pos.unmake(ours[i]);
    if (all) return true;
  }
  return false;
}

/** The same position with the colours swapped and the board turned upside down: Black to move for White to move. */
function mirrored(fen: string): string | null {
  const [board, turn] = fen.split(' ');
  const swap = (c: string): string => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase());
  const flipped = board!.split('/').reverse().map((rank) => [...rank].map(swap).join('')).join('/');
  return playable(`${flipped} ${turn === 'w' ? 'b' : 'w'} - - 0 1`);
}

async function makeSuites(popeye: string, kinds: readonly StipulationKind[], log: (line: string) => void): Promise<void> {
  const next = random(30);
  const suites = new Map<StipulationKind, StipulationProblem[]>(kinds.map((kind) => [kind, []]));
  const selfmates = suites.get('self') ?? [];
  const helpmates = suites.get('help') ?? [];
  const seen = new Set<string>();
  // Popeye's answers by genre and position, so that a position passed over once (minN) is not asked again.
  const answers = new Map<string, PopeyeStipulationAnswer>();
  /** Asks Popeye; keeps the problem when solved in at least `minN` (so that longer ones can be preferred). */
  const consider = async (fen: string, kind: StipulationKind, source: string, into: StipulationProblem[] | undefined, minN = 0): Promise<void> => {
    const key = `${kind} ${fen}`;
    if (into === undefined || !suites.has(kind) || into.length >= SUITE_SIZE[kind] || seen.has(key)) return;
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = await solveStipulationWithPopeye(popeye, fen, kind, MAX_N[kind], MAKE_CAP_MS);
      answers.set(key, answer);
    }
    if (answer.status !== 'solved' || answer.n === null) return;
    if (answer.n < minN) return;
    seen.add(key);
    if (listsSolutions(kind) && answer.solutions.length > MAX_SOLUTIONS) return;
    into.push({ fen, kind, n: answer.n, keys: answer.keys, ...(listsSolutions(kind) ? { solutions: answer.solutions } : {}), source });
    log(`${stipulationText(kind, answer.n)} ${fen}  (${into.length})`);
  };

  if (suites.has('help')) {
    for (const fen of publicPositions()) await consider(fen, 'help', 'public suite (bench/data/mate-public.jsonl), side to move as given', helpmates);
  }
  // (The public suite's direct mates hold no selfmate in 2 for either side: measured, so not asked.)
  // Selfmates: the candidates --find-candidates wrote (random positions where every legal move of
  // Black mates, with White to move), each asked s#1 … s#MAX_N.
  for (const file of suites.has('self') ? [DEEP_CANDIDATES, CANDIDATES] : []) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      // Each candidate as found (White to move) and mirrored (Black to move: Popeye's HalfDuplex).
      const fen = playable(line.trim());
      if (fen === null) continue;
      await consider(fen, 'self', `random position (seeded, bench/data/${basename(file)}), answered by Popeye`, selfmates);
      const black = mirrored(fen);
      if (black !== null) await consider(black, 'self', `a candidate of bench/data/${basename(file)} mirrored (colours swapped, Black to move), answered by Popeye`, selfmates);
    }
  }
  // Then random positions, in case the candidates were too few.
  for (let tries = 0; suites.has('help') && tries < 1000 && helpmates.length < SUITE_SIZE.help; tries++) {
    const fen = randomPosition(next, 'b', { w: 4, b: 4 });
    if (fen !== null) await consider(fen, 'help', 'random position (seeded), answered by Popeye', helpmates);
  }
  // The genres added since: the public suite's positions (either side to move), then seeded random
  // positions, two of three with Popeye's side to move first and one with the other (HalfDuplex).
  const others = kinds.filter((kind) => kind !== 'self' && kind !== 'help');
  for (const kind of others) {
    const into = suites.get(kind)!;
    const draw = random(100 + SUITE_KINDS.indexOf(kind));
    // Small tables: they are cleared for every position tried.
    const small = new SelfmateSolver(14);
    const smallHelp = new HelpmateSolver(14);
    const smallSeries = new SeriesSolver(14);
    /** Our solver's shortest length within MAX_N (5,000 nodes), or null: only picks what Popeye is asked. */
    const picks = (position: Position): number | null => {
      const genre = genreOf(kind);
      const limits = { maxNodes: 5_000 };
      if (genre.family === 'forced') {
        const play = { by: genre.by === 'direct' ? 'direct' : 'self', goal: genre.goal, ...(genre.reflex ? { reflex: genre.reflex } : {}) } as const;
        return small.solve(position, MAX_N[kind], limits, play).mateIn;
      }
      if (genre.family === 'series') return smallSeries.solve(position, MAX_N[kind], limits, { end: genre.by, goal: genre.goal }).mateIn;
      return smallHelp.solve(position, MAX_N[kind], limits, { goal: genre.goal, half: genre.half, selfEnd: genre.by === 'self' }).mateIn;
    };
    /** Seeded random positions until the suite holds `size` (or `tries` are spent), each at least `minN` long. */
    const randomPass = async (size: number, tries: number, minN = 0): Promise<void> => {
      for (let tried = 0; tried < tries && into.length < size; tried++) {
        if (tried % 2000 === 1999) log(`${kind}: ${tried + 1} random positions tried, ${into.length} kept`);
        const first = genreOf(kind).popeyeFirst;
        // One in three with the other side to move: its pieces swapped, so that it is the same task.
        const other = tried % 3 === 2;
        const pieces = RANDOM_PIECES[kind] ?? { w: 3, b: 3 };
        const turn = (other ? first ^ 1 : first) === 0 ? 'w' : 'b';
        // The genres picked by our solver may have a bare king (none of its pieces besides).
        const fen = randomPosition(draw, turn, other ? { w: pieces.b, b: pieces.w } : pieces, PREFILTERED.has(kind) ? 0 : 1);
        if (fen === null) continue;
        if (PREFILTERED.has(kind)) {
          const position = parseFen(fen);
          if (kind === 'self-stalemate') {
            // s=n: mostly s=1 by a quick look, every 25th position the full length by our solver.
            const picked = tried % 25 === 0
              ? small.solve(position, MAX_N[kind], { maxNodes: 5_000 }, { by: 'self', goal: 'stalemate' }).mateIn !== null
              : selfStalemateInOne(position);
            if (!picked) continue;
          } else {
            const n = picks(position);
            if (n === null || n < minN) continue;
          }
        }
        await consider(fen, kind, `random position (seeded${PREFILTERED.has(kind) ? ', picked by our solver' : ''}), answered by Popeye`, into, minN);
      }
    };
    // Reflexmates longer than one move are rare among the selfmate positions below: some first.
    if (genreOf(kind).reflex !== undefined) await randomPass(8, 30_000, 2);
    // Genres akin to the selfmate (ser-s#1 and hs#1 are s#1; r# and semi-r# are selfmates with a
    // rule more): the selfmate suite's positions and the selfmate candidates first.
    if (kind === 'series-self' || kind === 'help-self' || genreOf(kind).reflex !== undefined) {
      const fens = existsSync(SUITE_FILES.self) ? loadStipulationSuite('self').map((problem) => problem.fen) : [];
      for (const file of [DEEP_CANDIDATES, CANDIDATES]) {
        if (existsSync(file)) fens.push(...readFileSync(file, 'utf8').split('\n').map((line) => playable(line.trim())).filter((fen): fen is string => fen !== null));
      }
      // Those longer than one move first (most of these positions are one-movers).
      const source = 'a selfmate position (test/data/popeye-selfmates.json, bench/data/selfmate-candidates*.txt), answered by Popeye';
      for (const fen of fens) await consider(fen, kind, source, into, 2);
      for (const fen of fens) await consider(fen, kind, source, into);
    }
    // (Forced play among the public suite's direct mates: too rare to spend Popeye's time on.)
    if (genreOf(kind).family !== 'forced') {
      for (const fen of publicPositions()) await consider(fen, kind, 'public suite (bench/data/mate-public.jsonl), either side to move', into);
    }
    await randomPass(SUITE_SIZE[kind], RANDOM_TRIES[kind]);
  }
  for (const [kind, problems] of suites) {
    const made = `npm run bench:popeye-stipulations -- --make --kinds ${kind}`;
    writeFileSync(SUITE_FILES[kind], `${JSON.stringify({ popeye: '4.104', made, problems }, null, 1)}\n`);
    log(`${SUITE_FILES[kind]}: ${problems.length} problems`);
  }
}

// ---------------------------------------------------------------------------------------------
// Timing: ours beside Popeye on the committed suites

export function loadStipulationSuite(kind: StipulationKind): StipulationProblem[] {
  return (JSON.parse(readFileSync(SUITE_FILES[kind], 'utf8')) as { problems: StipulationProblem[] }).problems;
}

/**
 * Runs the suites of `kinds` (all by default) with ours and (when `popeye` is given) Popeye;
 * prints a line a problem and each genre's totals. Returns the failures.
 */
export async function benchStipulations(popeye: string | null, out: (line: string) => void, capMs = 60_000, kinds: readonly StipulationKind[] = SUITE_KINDS): Promise<number> {
  const solvers = new MateSolvers();
  let failures = 0;
  for (const kind of kinds) {
    if (!existsSync(SUITE_FILES[kind])) {
      out(`\n${kind}: no suite (${basename(SUITE_FILES[kind])}); make it with --make --kinds ${kind}`);
      continue;
    }
    const suite = loadStipulationSuite(kind);
    const name = genreOf(kind).prefix + (genreOf(kind).half ? 'n.5' : 'n');
    out(`\n${name} suite: ${suite.length} problems (test/data/${basename(SUITE_FILES[kind])})`);
    let oursMs = 0;
    let pyMs = 0;
    let right = 0;
    let pyRight = 0;
    for (const problem of suite) {
      const ours = solveStipulationOurs(solvers, problem, problem.n);
      const ok = sameAnswer(problem, ours);
      if (ok) right++;
      else failures++;
      oursMs += ours.ms;
      let pyText = '';
      if (popeye !== null) {
        const py = await solveStipulationWithPopeye(popeye, problem.fen, kind, problem.n, capMs);
        const pyOk = py.status === 'solved' && py.n === problem.n && py.keys.join() === problem.keys.join()
          && (!listsSolutions(kind) || py.solutions.join('|') === (problem.solutions ?? []).join('|'));
        if (pyOk) pyRight++;
        pyMs += py.ms;
        pyText = `  Popeye ${pyOk ? 'right' : py.status} ${py.ms.toFixed(1)} ms`;
      }
      const count = listsSolutions(kind) ? `${ours.solutions.length} solution(s)` : `keys ${ours.keys.join(' ')}`;
      out(`  ${stipulationText(kind, problem.n)} ${ok ? 'right' : 'WRONG'} ${ours.ms.toFixed(1)} ms ${count}${pyText}  ${problem.fen}`);
    }
    const ratio = popeye !== null && pyMs > 0 ? `; Popeye ${pyRight}/${suite.length} right in ${(pyMs / 1000).toFixed(3)} s; ours/Popeye ${(oursMs / pyMs).toFixed(2)}` : '';
    out(`${name} total: ours ${right}/${suite.length} right in ${(oursMs / 1000).toFixed(3)} s${ratio}`);
  }
  return failures;
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { make: { type: 'boolean' }, kinds: { type: 'string' }, popeye: { type: 'string' }, 'find-candidates': { type: 'string' }, 'find-deep': { type: 'string' } } });
  const kinds = values.kinds === undefined ? SUITE_KINDS : values.kinds.split(',').map((name) => {
    const kind = SUITE_KINDS.find((known) => known === name.trim());
    if (kind === undefined) throw new Error(`--kinds: unknown genre "${name}"; known: ${SUITE_KINDS.join(', ')}`);
    return kind;
  });
  if (values['find-deep'] !== undefined) {
    // --find-deep <seed>: appends what one seed finds in 250,000 random positions (minutes).
    const found = findDeepSelfmateCandidates(Number(values['find-deep']), 250_000, (line) => void process.stdout.write(`${line}\n`));
    writeFileSync(DEEP_CANDIDATES, found.map((fen) => `${fen}\n`).join(''), { flag: 'a' });
    return 0;
  }
  if (values['find-candidates'] !== undefined) {
    // --find-candidates <seed>: appends what one seed finds in 2,000,000 random positions (minutes).
    const found = findSelfmateCandidates(Number(values['find-candidates']), 2_000_000, (line) => void process.stdout.write(`${line}\n`));
    writeFileSync(CANDIDATES, found.map((fen) => `${fen}\n`).join(''), { flag: 'a' });
    return 0;
  }
  const located = locatePopeye(values.popeye);
  const out = (line: string): void => void process.stdout.write(`${line}\n`);
  if (values.make) {
    if (located.path === null) {
      out(`--make needs Popeye (POPEYE=path or --popeye): ${located.note}`);
      return 2;
    }
    await makeSuites(located.path, kinds, out);
    return 0;
  }
  if (located.path === null) out(`Popeye not run: ${located.note || 'set POPEYE=path'}`);
  return (await benchStipulations(located.path, out, 60_000, kinds)) > 0 ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main();
