// What pondering gives the Lichess bot: how deep our search gets in the same time when the
// opponent's thinking time was spent searching their position first (the bot's pondering: the
// position after our move, on the game's table), against the same search without it.
//
//   npm run bench:ponder -- [--openings N] [--moves M] [--ms T]
//
// Game lines are played first, by the engine at a fixed node count (the same every run), from the
// first N positions of bench/data/openings.epd, M moves a side. Then each line is replayed twice,
// each time by a fresh engine playing the first side, which searches each of its positions for
// T ms of thinking (its table carried from move to move, as in a game):
//   cold: nothing between our searches (no pondering);
//   warm: after each of our moves, a T ms search of the opponent's position (the pondering).
// The figures are the depth our searches completed, and their nodes, averaged over every move
// but the first (which no pondering precedes), and how often warm got deeper than cold. The
// engine is the same and runs one search at a time, so the machine's load falls on both alike.

import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { parseFen } from '../src/chess/fen.ts';
import type { Position } from '../src/chess/position.ts';
import { parseUci } from '../src/chess/uci.ts';
import { Engine } from '../src/search/play/index.ts';

interface PonderOptions {
  readonly openings: number;
  readonly moves: number;
  readonly ms: number;
}

const USAGE = 'usage: npm run bench:ponder -- [--openings N] [--moves M] [--ms T]';
const LIMITS = { openings: [1, 200], moves: [2, 100], ms: [10, 60_000] } as const;
/** The node count of each move of the game lines. */
const LINE_NODES = 20_000;
const HASH_MB = 64;

function parseArguments(argv: readonly string[]): PonderOptions {
  const options = { openings: 6, moves: 15, ms: 300 };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i]!.replace(/^--/, '') as keyof typeof LIMITS;
    if (!argv[i]!.startsWith('--') || !(name in LIMITS)) throw new Error(`unknown argument "${argv[i]}"\n${USAGE}`);
    const value = Number(argv[i + 1]);
    const [low, high] = LIMITS[name];
    if (!Number.isInteger(value) || value < low || value > high) {
      throw new Error(`--${name} needs an integer from ${low} to ${high}, got ${argv[i + 1] ?? 'nothing'}`);
    }
    options[name] = value;
  }
  return options;
}

/** The game line from `fen`: `plies` moves of the engine at LINE_NODES (shorter if the game ends). */
function playLine(fen: string, plies: number): string[] {
  const engine = new Engine(16);
  const position = parseFen(fen);
  const line: string[] = [];
  for (let ply = 0; ply < plies; ply++) {
    const { bestMove } = engine.search(position, { nodes: LINE_NODES }, { now: () => performance.now() });
    if (bestMove === null) break;
    line.push(bestMove);
    position.make(parseUci(position, bestMove));
  }
  return line;
}

interface Replay {
  readonly depths: number[];
  readonly nodes: number[];
}

/** Our side's searches along `line` (even plies), T ms each, with or without pondering between them. */
function replay(fen: string, line: readonly string[], ms: number, ponder: boolean): Replay {
  const engine = new Engine(HASH_MB);
  const position: Position = parseFen(fen);
  const depths: number[] = [];
  const nodes: number[] = [];
  const think = (at: Position) => {
    const stopAt = performance.now() + ms;
    return engine.search(at, { infinite: true }, { now: () => performance.now(), shouldStop: () => performance.now() >= stopAt });
  };
  for (let ply = 0; ply + 1 < line.length; ply += 2) {
    const ours = think(position);
    depths.push(ours.depth);
    nodes.push(ours.nodes);
    position.make(parseUci(position, line[ply]!));
    if (ponder) think(position);
    position.make(parseUci(position, line[ply + 1]!));
  }
  return { depths: depths.slice(1), nodes: nodes.slice(1) };
}

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);

function main(): void {
  let options: PonderOptions;
  try {
    options = parseArguments(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const fens = readFileSync(new URL('./data/openings.epd', import.meta.url), 'utf8')
    .split('\n').filter((l) => l.trim() !== '').slice(0, options.openings).map((l) => l.split(' ').slice(0, 4).join(' ') + ' 0 1');
  const cold: Replay = { depths: [], nodes: [] };
  const warm: Replay = { depths: [], nodes: [] };
  let deeper = 0;
  let shallower = 0;
  for (const [i, fen] of fens.entries()) {
    const line = playLine(fen, 2 * options.moves);
    // Cold first in the first line, warm first in the second, and so on: drift in the machine's
    // speed falls on both alike.
    const warmFirst = i % 2 === 1;
    const first = replay(fen, line, options.ms, warmFirst);
    const second = replay(fen, line, options.ms, !warmFirst);
    const c = warmFirst ? second : first;
    const w = warmFirst ? first : second;
    for (let k = 0; k < c.depths.length; k++) {
      if (w.depths[k]! > c.depths[k]!) deeper++;
      else if (w.depths[k]! < c.depths[k]!) shallower++;
    }
    cold.depths.push(...c.depths);
    cold.nodes.push(...c.nodes);
    warm.depths.push(...w.depths);
    warm.nodes.push(...w.nodes);
    console.log(`${i + 1}/${fens.length}  ${c.depths.length} moves  depth cold ${mean(c.depths).toFixed(2)}  warm ${mean(w.depths).toFixed(2)}`);
  }
  const count = cold.depths.length;
  console.log(`\n${count} searches of ${options.ms} ms, from ${fens.length} openings`);
  console.log(`depth  cold ${mean(cold.depths).toFixed(2)}   warm (pondered) ${mean(warm.depths).toFixed(2)}   difference ${(mean(warm.depths) - mean(cold.depths)).toFixed(2)}`);
  console.log(`nodes  cold ${Math.round(mean(cold.nodes))}   warm ${Math.round(mean(warm.nodes))}`);
  console.log(`warm deeper in ${deeper}, as deep in ${count - deeper - shallower}, shallower in ${shallower}`);
}

main();
