// Endgames against a lone king: the engine of one source tree or two, side by side, plays out
// random positions of a king and queen, a king and rook, two bishops (of both colours), and a
// bishop and knight against a bare king, playing both sides at a node budget a move, and counts
// the mates it gives before the fifty-move rule.
//
//   npm run bench:endgames -- <tree A> [<tree B>] [--nodes N] [--per N] [--seed S]
//
// The positions are made from the seed (the winning side to move, every one legal), so two runs
// with the same arguments play the same games on any machine and under any load: nodes, not time.
// A game ends at mate, stalemate, a threefold repetition, the fifty-move rule, or when the lone
// king takes the material the mate needed. A bad command line exits with status 2.

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { makeBoardFen, parseFen } from '../src/chess/fen.ts';
import { BISHOP, KNIGHT, QUEEN, ROOK, WHITE, fromSquare64, makePiece, parsePieceLetter } from '../src/chess/types.ts';
import { mulberry32 } from '../test/support/random.ts';

export interface EndgameOptions {
  readonly trees: readonly string[];
  readonly nodes: number;
  /** Positions of each ending. */
  readonly per: number;
  readonly seed: number;
}

export class EndgameUsageError extends Error {}

const USAGE = 'usage: npm run bench:endgames -- <tree A> [<tree B>] [--nodes N] [--per N] [--seed S]';
const ENGINE_MODULE = 'src/search/play/index.ts';
const MAX_NODES = 100_000_000;
const MAX_PER = 1000;

/** The white pieces beside the king of each ending; black has its king alone. */
export const ENDINGS: Readonly<Record<string, string>> = { KQK: 'Q', KRK: 'R', KBBK: 'BB', KBNK: 'BN' };

function wholeNumber(name: string, text: string | undefined, min: number, max: number): number {
  const value = Number(text);
  if (text === undefined || !/^\d+$/.test(text) || value < min || value > max) {
    throw new EndgameUsageError(`${name} needs a whole number from ${min} to ${max}, got ${text === undefined ? 'nothing' : `"${text.slice(0, 20)}"`}`);
  }
  return value;
}

/** Reads the command line; throws EndgameUsageError naming the problem. */
export function parseEndgameArguments(argv: readonly string[]): EndgameOptions {
  const trees: string[] = [];
  let nodes = 25_000;
  let per = 6;
  let seed = 1;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--nodes') nodes = wholeNumber('--nodes', argv[++i], 1, MAX_NODES);
    else if (arg === '--per') per = wholeNumber('--per', argv[++i], 1, MAX_PER);
    else if (arg === '--seed') seed = wholeNumber('--seed', argv[++i], 0, 2 ** 31 - 1);
    else if (arg.startsWith('--')) throw new EndgameUsageError(`unknown option "${arg.slice(0, 40)}"`);
    else trees.push(arg);
  }
  if (trees.length < 1 || trees.length > 2) throw new EndgameUsageError(`expected one or two source trees, got ${trees.length}`);
  for (const tree of trees) {
    if (!existsSync(resolve(tree, ENGINE_MODULE))) throw new EndgameUsageError(`${tree}: not a chessbot source tree (no ${ENGINE_MODULE})`);
  }
  return { trees, nodes, per, seed };
}

/**
 * `per` legal positions of each ending, white (the winning side) to move: the kings not side by
 * side, black not in check, two bishops on squares of both colours.
 */
export function endgamePositions(per: number, seed: number): Array<{ ending: string; fen: string }> {
  const random = mulberry32(seed);
  const positions: Array<{ ending: string; fen: string }> = [];
  for (const [ending, pieces] of Object.entries(ENDINGS)) {
    for (let made = 0; made < per;) {
      const board = new Uint8Array(128);
      const place = (letter: string): number => {
        for (;;) {
          const square = fromSquare64(Math.floor(random() * 64));
          if (board[square] === 0) {
            board[square] = parsePieceLetter(letter);
            return square;
          }
        }
      };
      const white = place('K');
      const black = place('k');
      if (Math.max(Math.abs((white & 7) - (black & 7)), Math.abs((white >> 4) - (black >> 4))) < 2) continue;
      const squares = [...pieces].map(place);
      const colour = (square: number): number => ((square & 7) + (square >> 4)) & 1;
      if (ending === 'KBBK' && colour(squares[0]) === colour(squares[1])) continue;
      const fen = `${makeBoardFen(board)} w - - 0 1`;
      try {
        parseFen(fen);
      } catch {
        continue; // black in check with white to move
      }
      positions.push({ ending, fen });
      made++;
    }
  }
  return positions;
}

/** The parts of a source tree's rules and engine that playing a game out needs. */
interface TreePosition {
  halfmoves: number;
  hashHi: number;
  hashLo: number;
  readonly pieceCount: Int32Array;
  readonly material: Int32Array;
  inCheck(): boolean;
  make(move: number): void;
}
export interface Tree {
  readonly Engine: new (megabytes: number) => {
    newGame(): void;
    search(position: TreePosition, limits: { nodes: number }, hooks: { now: () => number }): { bestMove: string | null };
  };
  parseFen(text: string): TreePosition;
  parseUci(position: TreePosition, text: string): number;
  generateLegal(position: TreePosition, out: Int32Array, start: number): number;
}

export async function loadTree(tree: string): Promise<Tree> {
  const load = (path: string): Promise<Record<string, unknown>> => import(pathToFileURL(resolve(tree, path)).href);
  return {
    ...(await load(ENGINE_MODULE)),
    ...(await load('src/chess/fen.ts')),
    ...(await load('src/chess/uci.ts')),
    ...(await load('src/chess/movegen.ts')),
  } as unknown as Tree;
}

export type Outcome = { mate: number } | { draw: 'stalemate' | 'threefold' | 'fifty moves' | 'material lost' };

/** White's pieces other than the king and pawns: taking one of them leaves too little to mate. */
const WHITE_PIECES = [KNIGHT, BISHOP, ROOK, QUEEN].map((kind) => makePiece(WHITE, kind));

/** Plays the tree's engine against itself from `fen` until the game ends by the rules (or the material is lost). */
export function playOut(tree: Tree, fen: string, nodes: number): Outcome {
  const engine = new tree.Engine(16);
  engine.newGame();
  const position = tree.parseFen(fen);
  const pieces = (): number => WHITE_PIECES.reduce((sum, code) => sum + position.material[code], 0);
  const start = pieces();
  const moves = new Int32Array(256);
  const seen = new Map<string, number>();
  for (let ply = 0; ; ply++) {
    if (tree.generateLegal(position, moves, 0) === 0) return position.inCheck() ? { mate: ply } : { draw: 'stalemate' };
    if (pieces() < start) return { draw: 'material lost' };
    if (position.halfmoves >= 100) return { draw: 'fifty moves' };
    const key = `${position.hashHi}:${position.hashLo}`;
    const count = (seen.get(key) ?? 0) + 1;
    if (count === 3) return { draw: 'threefold' };
    seen.set(key, count);
    const { bestMove } = engine.search(position, { nodes }, { now: () => performance.now() });
    position.make(tree.parseUci(position, bestMove ?? ''));
  }
}

interface EndingFigures {
  mates: number;
  games: number;
  plies: number;
}

async function main(): Promise<void> {
  let options: EndgameOptions;
  try {
    options = parseEndgameArguments(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof EndgameUsageError)) throw error;
    console.error(`bench/endgames.ts: ${error.message}\n${USAGE}`);
    process.exit(2);
  }
  const positions = endgamePositions(options.per, options.seed);
  console.log(`${positions.length} positions (${options.per} of each ending, --seed ${options.seed}), ${options.nodes} nodes a move`);
  const totals: number[] = [];
  for (const [index, path] of options.trees.entries()) {
    const tree = await loadTree(path);
    const figures = new Map<string, EndingFigures>();
    const failed: string[] = [];
    for (const { ending, fen } of positions) {
      const outcome = playOut(tree, fen, options.nodes);
      const entry = figures.get(ending) ?? { mates: 0, games: 0, plies: 0 };
      entry.games++;
      if ('mate' in outcome) {
        entry.mates++;
        entry.plies += outcome.mate;
      } else {
        failed.push(`${fen} (${outcome.draw})`);
      }
      figures.set(ending, entry);
    }
    const label = 'AB'[index];
    const parts = [...figures].map(([ending, f]) =>
      `${ending} ${f.mates}/${f.games}${f.mates > 0 ? ` (${(f.plies / f.mates).toFixed(1)} plies)` : ''}`);
    const total = [...figures.values()].reduce((sum, f) => sum + f.mates, 0);
    totals.push(total);
    console.log(`${label} ${path}: ${total}/${positions.length} mated; ${parts.join(', ')}`);
    for (const line of failed) console.log(`  ${label} not mated: ${line}`);
  }
  if (totals.length === 2) console.log(`B - A: ${totals[1] - totals[0] >= 0 ? '+' : ''}${totals[1] - totals[0]}`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
