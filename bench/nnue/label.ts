// More training positions for the network, quickly: from each position of the given files (as
// written by nnue:generate), a few random legal moves lead to nearby positions, unlike any a
// strong engine's game would reach (pieces traded unevenly, kings in odd places) but like many
// the search meets. Those that are quiet (not in check, no capture or promotion that wins
// material for the side to move) are scored by Stockfish's static evaluation ("eval"), or with
// --nodes N by its search of N nodes ("go nodes N"): some 150 positions a second per worker at
// 3,000 nodes instead of some 7,500, but a search's score, which is what the engine's search
// needs its evaluation to foresee.
//
//   npm run nnue:label -- --data bench/out/nnue/gen1.txt --per-position 4 --workers 2 --out bench/out/nnue/walks1.txt
//
// Line format as nnue:generate's, with "-" for the game's result (there was no game), and for the
// best move after a static evaluation (quiet by construction):
// <fen>;<score cp for the side to move>;<best move or ->;-
// A search that finds a mate writes nothing: the trainer leaves mate scores out.

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { createWriteStream, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { makeFen, parseFen } from '../../src/chess/fen.ts';
import { MAX_MOVES, movePromotion } from '../../src/chess/move.ts';
import { generateLegal, generateTactical } from '../../src/chess/movegen.ts';
import { see } from '../../src/search/play/see.ts';
import { resolveProgram } from '../programs.ts';
import { mulberry32 } from '../../test/support/random.ts';

const { values } = parseArgs({
  options: {
    data: { type: 'string', multiple: true, default: ['bench/out/nnue/gen1.txt'] },
    'per-position': { type: 'string', default: '4' },
    /** At most this many random moves from each starting position (at least one); 0 scores the
     *  given positions themselves (the quiet ones), e.g. those of the engine's own games. */
    plies: { type: 'string', default: '4' },
    workers: { type: 'string', default: '2' },
    out: { type: 'string', default: 'bench/out/nnue/walks.txt' },
    seed: { type: 'string', default: '1' },
    engine: { type: 'string', default: 'stockfish' },
    /** Score by a search of this many nodes instead of the static evaluation. */
    nodes: { type: 'string' },
  },
});

const searchNodes = values.nodes === undefined ? null : Number(values.nodes);
if (searchNodes !== null && !(Number.isInteger(searchNodes) && searchNodes > 0)) {
  process.stderr.write(`nnue:label: --nodes must be a whole number above 0, not "${values.nodes}"\n`);
  process.exit(2);
}

// The same seed gives the same walks.
const random = mulberry32(Number(values.seed));

const perPosition = Number(values['per-position']);
const maxPlies = Number(values.plies);
if (!(Number.isInteger(maxPlies) && maxPlies >= 0)) {
  process.stderr.write(`nnue:label: --plies must be a whole number, 0 or more, not "${values.plies}"\n`);
  process.exit(2);
}
const moves = new Int32Array(MAX_MOVES);

/** Quiet for the side to move: not in check, and no capture or promotion gains material. */
function isQuiet(pos: ReturnType<typeof parseFen>): boolean {
  if (pos.inCheck()) return false;
  const end = generateTactical(pos, moves, 0);
  for (let i = 0; i < end; i++) if (movePromotion(moves[i]) !== 0 || see(pos, moves[i]) > 0) return false;
  return true;
}

const seen = new Set<string>();
const fens: string[] = [];
for (const file of values.data) {
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line === '') continue;
    const start = line.split(';')[0];
    for (let walk = 0; walk < perPosition; walk++) {
      const pos = parseFen(start);
      const plies = maxPlies === 0 ? 0 : 1 + Math.floor(random() * maxPlies);
      let ok = true;
      for (let ply = 0; ply < plies && ok; ply++) {
        const count = generateLegal(pos, moves, 0);
        if (count === 0) ok = false;
        else pos.make(moves[Math.floor(random() * count)]);
      }
      if (!ok || generateLegal(pos, moves, 0) === 0 || !isQuiet(pos)) continue;
      const fen = makeFen(pos);
      const key = fen.split(' ').slice(0, 4).join(' ');
      if (seen.has(key)) continue;
      seen.add(key);
      fens.push(fen);
    }
  }
}
seen.clear();
process.stderr.write(`${fens.length} quiet positions to score\n`);

const program = resolveProgram(values.engine, (line) => process.stderr.write(`${line}\n`));
if (program.path === null) {
  process.stderr.write(`nnue:label: ${program.note}\n`);
  process.exit(1);
}
const enginePath = program.path;
const out = createWriteStream(values.out, { flags: 'a' });
const workers = Number(values.workers);
const started = Date.now();
let done = 0;

/** Scores fens[from], fens[from + step], … with one Stockfish process. */
async function score(from: number, step: number): Promise<void> {
  const engine = spawn(enginePath, [], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: engine.stdout });
  const mine: string[] = [];
  for (let i = from; i < fens.length; i += step) mine.push(fens[i]);
  let next = 0;
  const BATCH = 500;
  const ask = searchNodes === null ? 'eval' : `go nodes ${searchNodes}`;
  const send = () => {
    const batch = mine.slice(next, next + BATCH);
    engine.stdin.write(batch.map((fen) => `position fen ${fen}\n${ask}\n`).join(''));
  };
  let answered = 0;
  /** The search's latest score for the side to move, in centipawns; null after a mate score. */
  let searchScore: number | null = null;
  send();
  for await (const line of lines) {
    if (searchNodes !== null) {
      // Each search's info lines come before its bestmove (a search answers in order).
      const info = /^info .*\bscore (cp|mate) (-?\d+)/.exec(line);
      if (info !== null) searchScore = info[1] === 'cp' ? Number(info[2]) : null;
      if (!line.startsWith('bestmove')) continue;
      const fen = mine[answered++];
      const best = line.split(' ')[1];
      if (searchScore !== null && best !== undefined && best !== '(none)') out.write(`${fen};${searchScore};${best};-\n`);
      searchScore = null;
    } else {
      if (!line.startsWith('Final evaluation')) continue;
      const fen = mine[answered++];
      const match = /([-+]?\d+\.\d+)/.exec(line);
      if (match !== null) {
        const white = Math.round(Number(match[1]) * 100);
        out.write(`${fen};${fen.split(' ')[1] === 'w' ? white : -white};-;-\n`);
      }
    }
    done++;
    if (done % 100000 === 0) process.stderr.write(`${done} scored, ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
    if (answered === mine.length) break;
    if (answered === next + BATCH) {
      next += BATCH;
      send();
    }
  }
  engine.stdin.end('quit\n');
}

await Promise.all(Array.from({ length: workers }, (_, i) => score(i, workers)));
out.end();
process.stderr.write(`done: ${done} positions scored in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
