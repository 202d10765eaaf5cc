// Tunes the evaluation's weights (Texel's method) on positions written by generate.ts, and writes
// them to src/search/play/weights.ts.
//
//   npm run tune -- --data bench/out/tune/positions.txt [--rounds 2] [--epochs 1500] [--lambda 0.3]
//
// Only quiet positions are used (not in check, Stockfish's best move neither a capture nor a
// promotion, no mate in sight), since the static evaluation cannot see tactics. Each position's
// target is a blend of Stockfish's score as an expected result and the game's result. The
// evaluation is linearised per position (each weight's effect measured by changing it), the
// linear model is fitted with Adam on the squared error of the predicted result, and the
// rounded weights are measured again with the real evaluation: a round is kept only if the real
// error on held-out positions went down.

import { parseArgs } from 'node:util';
import { parseFen } from '../../src/chess/fen.ts';
import { isCapture, movePromotion, NO_MOVE } from '../../src/chess/move.ts';
import type { Position } from '../../src/chess/position.ts';
import { WHITE } from '../../src/chess/types.ts';
import { parseUci } from '../../src/chess/uci.ts';
import { PARAMS, TERMS, setParam } from '../../src/search/play/evalParams.ts';
import { evaluate } from '../../src/search/play/evaluate.ts';
import { type ReadCounts, scoredPositions } from './positionsFile.ts';
import { writeWeights } from './weightsFile.ts';

const { values } = parseArgs({
  options: {
    data: { type: 'string', multiple: true, default: ['bench/out/tune/positions.txt'] },
    rounds: { type: 'string', default: '2' },
    epochs: { type: 'string', default: '1500' },
    /** The game result's share of the target; the rest is Stockfish's score. */
    lambda: { type: 'string', default: '0.3' },
    /** Stockfish's centipawns per unit of the logistic (its +1.00 is about a 75% expected score). */
    'sf-scale': { type: 'string', default: '91' },
    rate: { type: 'string', default: '1' },
    /** Pull of each weight back to where the round started, against overfitting rare terms. */
    l2: { type: 'string', default: '2e-9' },
    'max-positions': { type: 'string', default: '1000000' },
    /** Terms left as they are (comma-separated names from weights.ts). */
    freeze: { type: 'string', default: 'tempo' },
    'dry-run': { type: 'boolean', default: false },
  },
});

const lambda = Number(values.lambda);
const sfScale = Number(values['sf-scale']);
/** Weights that are counts, not centipawns (an index into a table): the linear model cannot tune them. */
const COUNTS: readonly string[] = ['safeCheckUnits'];
const frozen = new Set([...COUNTS, ...values.freeze.split(',').filter((name) => name !== '')]);
const STEP = 24; // a multiple of the phase range, so a weight's effect survives the taper's rounding

// ---- the positions ----
interface Sample { pos: Position; target: number; game: number }
const samples: Sample[] = [];
const counts: ReadCounts = { lines: 0, games: 0 };
for (const { fen, score, best, result, game } of scoredPositions(values.data, counts)) {
  const pos = parseFen(fen);
  if (pos.inCheck()) continue;
  const move = parseUci(pos, best);
  if (move === NO_MOVE || isCapture(move) || movePromotion(move) !== 0) continue;
  const whiteScore = pos.turn === WHITE ? score : -score;
  const target = (1 - lambda) / (1 + Math.exp(-whiteScore / sfScale)) + lambda * Number(result);
  samples.push({ pos, target, game });
  if (samples.length >= Number(values['max-positions'])) break;
}
// One game in ten is held out to judge each round.
const heldOut = samples.filter(({ game }) => game % 10 === 0);
const training = samples.filter(({ game }) => game % 10 !== 0);
console.log(`${counts.lines} positions read from ${counts.games} games, ${samples.length} quiet and distinct: ${training.length} to train on, ${heldOut.length} held out`);

const whiteEval = (pos: Position): number => (pos.turn === WHITE ? evaluate(pos) : -evaluate(pos));
const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

function realError(set: Sample[], k: number): number {
  let sum = 0;
  for (const { pos, target } of set) sum += (sigmoid(k * whiteEval(pos)) - target) ** 2;
  return sum / set.length;
}

/** The logistic's slope that best maps the current evaluation to the targets (golden-section search). */
function fitScale(set: Sample[]): number {
  const evals = set.map(({ pos }) => whiteEval(pos));
  const error = (k: number) => evals.reduce((sum, e, i) => sum + (sigmoid(k * e) - set[i].target) ** 2, 0) / evals.length;
  let lo = 0.001;
  let hi = 0.03;
  for (let i = 0; i < 60; i++) {
    const a = lo + (hi - lo) * 0.382;
    const b = lo + (hi - lo) * 0.618;
    if (error(a) < error(b)) hi = b;
    else lo = a;
  }
  return (lo + hi) / 2;
}

// ---- which weights are tuned ----
const tunable: number[] = [];
const squareTerm = new Int8Array(PARAMS.length);
for (const { name, at, length } of TERMS) {
  if (frozen.has(name)) continue;
  for (let i = 0; i < length; i++) {
    tunable.push(at + i);
    if (name.includes('Squares')) squareTerm[at + i] = 1;
  }
}
const tunableIndex = new Int32Array(PARAMS.length).fill(-1);
tunable.forEach((param, i) => (tunableIndex[param] = i));
const otherParams = tunable.filter((param) => squareTerm[param] === 0);

/** Piece-square weights a position can touch: the table entries under its pieces. */
function squareParams(pos: Position, out: number[]): void {
  out.length = 0;
  for (const { name, at } of TERMS) {
    if (!name.includes('Squares') || frozen.has(name)) continue;
    const kind = ['pawn', 'knight', 'bishop', 'rook', 'queen', 'king'].indexOf(name.replace(/Squares(Mg|Eg)$/, '')) + 1;
    for (let sq = 0; sq < 128; sq = (sq + 9) & ~8) {
      const piece = pos.board[sq];
      if ((piece & 7) !== kind) continue;
      const rank = sq >> 4;
      const index = ((piece >> 3) === WHITE ? (7 - rank) * 8 : rank * 8) + (sq & 7);
      out.push(at + index);
    }
  }
}

// ---- the linear model: per position, its evaluation and each touched weight's coefficient ----
interface Model { base: Float64Array; start: Int32Array; index: Int32Array; coef: Float32Array }

function linearise(set: Sample[]): Model {
  const base = new Float64Array(set.length);
  const start = new Int32Array(set.length + 1);
  let index = new Int32Array(set.length * 64);
  let coef = new Float32Array(set.length * 64);
  let used = 0;
  const squares: number[] = [];
  set.forEach(({ pos }, n) => {
    const e0 = whiteEval(pos);
    base[n] = e0;
    start[n] = used;
    squareParams(pos, squares);
    for (const list of [squares, otherParams]) {
      for (const param of list) {
        const value = PARAMS[param];
        setParam(param, value + STEP);
        const delta = whiteEval(pos) - e0;
        setParam(param, value);
        if (delta === 0) continue;
        if (used === index.length) {
          const longerIndex = new Int32Array(used * 2);
          longerIndex.set(index);
          index = longerIndex;
          const longerCoef = new Float32Array(used * 2);
          longerCoef.set(coef);
          coef = longerCoef;
        }
        index[used] = tunableIndex[param];
        coef[used] = delta / STEP;
        used++;
      }
    }
  });
  start[set.length] = used;
  return { base, start, index: index.subarray(0, used), coef: coef.subarray(0, used) };
}

/** Adam on the linear model's squared error; returns the weight changes. */
function fit(model: Model, targets: Float64Array, k: number, epochs: number): Float64Array {
  const n = targets.length;
  const delta = new Float64Array(tunable.length);
  const grad = new Float64Array(tunable.length);
  const m = new Float64Array(tunable.length);
  const v = new Float64Array(tunable.length);
  const rate = Number(values.rate);
  const l2 = Number(values.l2);
  const { base, start, index, coef } = model;
  for (let epoch = 1; epoch <= epochs; epoch++) {
    grad.fill(0);
    let error = 0;
    for (let i = 0; i < n; i++) {
      let e = base[i];
      for (let j = start[i]; j < start[i + 1]; j++) e += coef[j] * delta[index[j]];
      const p = sigmoid(k * e);
      const diff = p - targets[i];
      error += diff * diff;
      const g = (2 * diff * p * (1 - p) * k) / n;
      for (let j = start[i]; j < start[i + 1]; j++) grad[index[j]] += g * coef[j];
    }
    for (let t = 0; t < tunable.length; t++) {
      grad[t] += 2 * l2 * delta[t];
      m[t] = 0.9 * m[t] + 0.1 * grad[t];
      v[t] = 0.999 * v[t] + 0.001 * grad[t] * grad[t];
      const mHat = m[t] / (1 - 0.9 ** epoch);
      const vHat = v[t] / (1 - 0.999 ** epoch);
      delta[t] -= (rate * mHat) / (Math.sqrt(vHat) + 1e-12);
    }
    if (epoch % 250 === 0 || epoch === 1) console.log(`  epoch ${epoch}: model error ${(error / n).toExponential(5)}`);
  }
  return delta;
}

// ---- rounds ----
let k = fitScale(training);
let best = realError(heldOut, k);
console.log(`scale k = ${k.toFixed(5)} (100 cp = ${(sigmoid(100 * k) * 100).toFixed(1)}%); held-out error ${best.toExponential(5)}`);
for (let round = 1; round <= Number(values.rounds); round++) {
  const began = Date.now();
  const model = linearise(training);
  console.log(`round ${round}: ${model.index.length} coefficients (${(model.index.length / training.length).toFixed(1)} a position) in ${((Date.now() - began) / 1000).toFixed(0)} s`);
  const targets = Float64Array.from(training, ({ target }) => target);
  const delta = fit(model, targets, k, Number(values.epochs));
  const before = Int32Array.from(PARAMS);
  tunable.forEach((param, t) => setParam(param, Math.round(before[param] + delta[t])));
  const error = realError(heldOut, k);
  console.log(`round ${round}: held-out error ${error.toExponential(5)} (was ${best.toExponential(5)})`);
  if (error >= best) {
    before.forEach((value, param) => setParam(param, value));
    console.log('no better: weights left as they were; stopping');
    break;
  }
  best = error;
  k = fitScale(training);
  if (!values['dry-run']) writeWeights();
}
console.log(values['dry-run'] ? 'dry run: weights.ts not written' : 'weights.ts written');
