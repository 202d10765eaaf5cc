// Training positions for the evaluation network (bench/nnue): Stockfish (or --engine, any UCI
// engine) plays itself at a fixed node count from the match openings, and every position it
// searched is written with the engine's score (side to move, centipawns), its best move and the
// game's result. nnue:label walks on from them; the trainer keeps the quiet ones.
//
//   npm run nnue:generate -- --games 1000 --nodes 4000 --workers 2 --out bench/out/nnue/games.txt
//   npm run nnue:generate -- --games 1000000 --seconds 300 --workers 16 …   (as many as 5 minutes allow)
//
// Line format: <fen>;<score cp for the side to move>;<best move, UCI>;<result for white: 1, 0.5, 0>

import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { makeFen, parseFen } from '../../src/chess/fen.ts';
import { generateLegal } from '../../src/chess/movegen.ts';
import { MAX_MOVES } from '../../src/chess/move.ts';
import type { Position } from '../../src/chess/position.ts';
import { outcome } from '../../src/chess/status.ts';
import { WHITE } from '../../src/chess/types.ts';
import { makeUci, parseUci } from '../../src/chess/uci.ts';
import { UciEngine } from '../match/engine.ts';
import { parseEngineSpec } from '../match/spec.ts';
import { resolveProgram } from '../programs.ts';
import { mulberry32 } from '../../test/support/random.ts';

/** Stops on a wrong command line, naming what is wrong, before any engine starts. */
function usageError(message: string): never {
  process.stderr.write(`nnue:generate: ${message}\n`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    options: {
      games: { type: 'string', default: '1000' },
      nodes: { type: 'string', default: '4000' },
      workers: { type: 'string', default: '2' },
      out: { type: 'string', default: 'bench/out/nnue/games.txt' },
      openings: { type: 'string', default: 'bench/data/openings.epd' },
      /** The engine that plays and scores: a path, or a name looked up on PATH and in /usr/games
       *  (Stockfish is installed with apt-get if missing). */
      engine: { type: 'string', default: 'stockfish' },
      /** Chance per ply (in the first 30 plies) of a random legal move instead of the engine's, for variety. */
      random: { type: 'string', default: '0.04' },
      seed: { type: 'string', default: '1' },
      /** Start no new game after this many seconds (the games under way are finished): a run sized
       *  to a machine's time rather than to a count of games. */
      seconds: { type: 'string' },
    },
  });
} catch (error) {
  usageError((error as Error).message);
}
const { values } = parsed;

const games = Number(values.games);
const nodes = Number(values.nodes);
const workers = Number(values.workers);
const randomChance = Number(values.random);
const seconds = values.seconds === undefined ? Infinity : Number(values.seconds);
if (!(seconds > 0)) usageError(`--seconds must be a number above 0, not "${values.seconds}"`);
const openings = readFileSync(values.openings, 'utf8').split('\n').map((line) => line.split(';')[0].trim()).filter((line) => line !== '');

// The same seed gives the same games' openings and detours.
const random = mulberry32(Number(values.seed));

/** Decisive once the score stays past this for ADJUDICATE_PLIES plies in a row. */
const WIN_SCORE = 1000;
const ADJUDICATE_PLIES = 6;
const MAX_PLIES = 300;
const MATE_SCORE = 30000;

const program = values.engine.includes('/') ? { path: values.engine, note: '' } : resolveProgram(values.engine, (line) => process.stderr.write(`${line}\n`));
if (program.path === null) {
  process.stderr.write(`nnue:generate: ${program.note}\n`);
  process.exit(1);
}
const enginePath = program.path;

mkdirSync(dirname(values.out), { recursive: true });
const out = createWriteStream(values.out, { flags: 'a' });
let nextGame = 0;
let written = 0;
const started = Date.now();

async function playGames(): Promise<void> {
  const engine = await UciEngine.start(parseEngineSpec(`cmd=${JSON.stringify(enginePath)}`));
  // One thread where the engine has a choice (ours has no Threads option: it always uses one).
  engine.configure(engine.option('Threads') === undefined ? [['Hash', '16']] : [['Threads', '1'], ['Hash', '16']]);
  await engine.ready();
  while (nextGame < games && Date.now() - started < seconds * 1000) {
    nextGame++;
    const opening = openings[Math.floor(random() * openings.length)];
    await engine.newGame();
    const lines = await playOne(engine, opening);
    out.write(lines.join(''));
    written += lines.length;
    if (nextGame % 20 === 0) process.stderr.write(`${nextGame} games, ${written} positions, ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  }
  await engine.quit();
}

async function playOne(engine: UciEngine, openingFen: string): Promise<string[]> {
  const pos: Position = parseFen(openingFen);
  const moves: string[] = [];
  const records: Array<[string, number, string]> = [];
  const legal = new Int32Array(MAX_MOVES);
  let decisiveRun = 0;
  let result = 0.5;
  for (let ply = 0; ply < MAX_PLIES; ply++) {
    const ended = outcome(pos);
    if (ended !== null) {
      result = ended.winner === null ? 0.5 : ended.winner === WHITE ? 1 : 0;
      break;
    }
    const report = await engine.search(`position fen ${openingFen}${moves.length ? ` moves ${moves.join(' ')}` : ''}`, `go nodes ${nodes}`, 60_000);
    if (report.bestmove === null || report.score === undefined) break;
    const score = report.score.kind === 'cp' ? report.score.value : Math.sign(report.score.value) * MATE_SCORE;
    records.push([makeFen(pos), score, report.bestmove]);
    const whiteScore = pos.turn === WHITE ? score : -score;
    decisiveRun = Math.abs(score) >= WIN_SCORE && Math.sign(whiteScore) === Math.sign(decisiveRun || whiteScore) ? decisiveRun + Math.sign(whiteScore) : 0;
    if (Math.abs(decisiveRun) >= ADJUDICATE_PLIES) {
      result = decisiveRun > 0 ? 1 : 0;
      break;
    }
    let move = parseUci(pos, report.bestmove);
    if (ply < 30 && random() < randomChance) {
      const end = generateLegal(pos, legal, 0);
      move = legal[Math.floor(random() * end)];
    }
    moves.push(makeUci(pos, move));
    pos.make(move);
  }
  return records.map(([fen, score, best]) => `${fen};${score};${best};${result}\n`);
}

await Promise.all(Array.from({ length: workers }, () => playGames()));
out.end();
process.stderr.write(`done: ${nextGame} games, ${written} positions in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
