// npm run bench:vision: reads every picture of the committed test set (bench/vision/testset,
// styles the classifier never trained on; made by bench/vision/make-testset.ts) and prints how
// well the boards were found and read, and how long it took, on this one core.
//
//   npm run bench:vision [-- --verbose]

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { decodePicture } from '../src/picture/decode.ts';
import type { TestLabel } from './vision/make-testset.ts';
import { flippedByCoordinates } from '../src/vision/coordinates.ts';
import { findBoard } from '../src/vision/locate.ts';
import { DEFAULT_THRESHOLD, readBoard } from '../src/vision/read.ts';
import type { BoardBox } from '../src/vision/types.ts';

const TESTSET = join(import.meta.dirname, 'vision', 'testset');
/** A box edge within this share of a square counts as found. */
const EDGE_TOLERANCE = 0.03;

function edgeError(found: BoardBox, truth: BoardBox): number {
  const square = truth.width / 8;
  return Math.max(
    Math.abs(found.x - truth.x),
    Math.abs(found.y - truth.y),
    Math.abs(found.x + found.width - truth.x - truth.width),
    Math.abs(found.y + found.height - truth.y - truth.height),
  ) / square;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)]!;
}

const pct = (part: number, whole: number): string => (whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`);

async function main(): Promise<void> {
  // One core: libvips would otherwise decode with a thread per core.
  sharp.concurrency(1);
  const { values } = parseArgs({ options: { verbose: { type: 'boolean', default: false }, threshold: { type: 'string' } } });
  const threshold = values.threshold === undefined ? DEFAULT_THRESHOLD : Number(values.threshold);
  const labels = JSON.parse(readFileSync(join(TESTSET, 'labels.json'), 'utf8')) as TestLabel[];
  const decodeMs: number[] = [];
  const readMs: number[] = [];
  const locateMs: number[] = [];
  // CPU time of this thread's work as well: on a shared machine the wall clock counts others' work too.
  const readCpuMs: number[] = [];
  let turnedWrong = 0, turnedWrongSure = 0;
  // Calibration: how sure the classifier was of the squares it read wrong, and of those it read right.
  const wrongConfidences: number[] = [];
  let rightBelow = 0;
  let boards = 0, exact = 0, squares = 0, squaresRight = 0, unsureReads = 0, unsureButRight = 0, wrongSure = 0, missed = 0;
  let boxesFound = 0, boxesAccurate = 0, worstEdge = 0;
  let coordinateBoards = 0, orientationRight = 0, orientationNull = 0, orientationWrong = 0, noCoordinateClaims = 0, noCoordinateBoards = 0;
  let empties = 0, refused = 0;
  const log = (line: string): void => { if (values.verbose) process.stdout.write(`${line}\n`); };

  // A bot reads many pictures in one process: time it warm (the first read compiles the code).
  readBoard(await decodePicture(readFileSync(join(TESTSET, labels[0]!.file)), labels[0]!.file));

  for (const label of labels) {
    const bytes = readFileSync(join(TESTSET, label.file));
    let t = performance.now();
    const picture = await decodePicture(bytes, label.file);
    decodeMs.push(performance.now() - t);
    // A board seen from Black's side with no coordinates cannot show it: the member says so.
    const told = label.board && label.coordinates === 'none' && label.flipped ? { flipped: true } : {};
    t = performance.now();
    const cpu = process.cpuUsage();
    const read = readBoard(picture, { ...told, threshold });
    const used = process.cpuUsage(cpu);
    readMs.push(performance.now() - t);
    readCpuMs.push((used.user + used.system) / 1000);

    if (!label.board) {
      empties++;
      if (read === null) refused++;
      log(`${label.file} ${label.kind}: ${read === null ? 'refused' : `BOARD FOUND at ${JSON.stringify(read.box)}`}`);
      continue;
    }
    boards++;
    // The locator and the coordinates on their own (cheap to run again, and they say what failed).
    t = performance.now();
    const box = findBoard(picture);
    locateMs.push(performance.now() - t);
    if (box) {
      boxesFound++;
      const error = edgeError(box, label.box!);
      worstEdge = Math.max(worstEdge, error);
      if (error <= EDGE_TOLERANCE) boxesAccurate++;
    }
    if (box && label.coordinates !== 'none') {
      coordinateBoards++;
      const seen = flippedByCoordinates(picture, box);
      if (seen === null) orientationNull++;
      else if (seen === label.flipped) orientationRight++;
      else orientationWrong++;
    } else if (box) {
      noCoordinateBoards++;
      if (flippedByCoordinates(picture, box) !== null) noCoordinateClaims++;
    }

    if (read === null) {
      missed++;
      log(`${label.file} ${label.kind}: NO BOARD FOUND`);
      continue;
    }
    const truth = label.placement;
    const right = read.placement === truth;
    if (read.flipped !== label.flipped) {
      turnedWrong++;
      if (read.unsure.length === 0) turnedWrongSure++;
    }
    if (right) exact++;
    const truthSquares = expand(truth);
    const readSquares = expand(read.placement);
    let wrongSquares = 0;
    for (let i = 0; i < 64; i++) {
      const confidence = read.squares[i]!.confidence;
      if (truthSquares[i] === readSquares[i]) {
        squaresRight++;
        if (confidence < threshold) rightBelow++;
      } else {
        wrongSquares++;
        // A board turned the wrong way is an orientation error, not the classifier's.
        if (read.flipped === label.flipped) wrongConfidences.push(confidence);
      }
    }
    squares += 64;
    if (read.unsure.length > 0) {
      unsureReads++;
      if (right) unsureButRight++;
    } else if (!right) wrongSure++;
    if (!right || values.verbose) {
      process.stdout.write(`${label.file} ${label.kind}: ${right ? 'right' : `WRONG (${wrongSquares} squares)`}, ${read.orientation}${read.flipped ? ' flipped' : ''}, confidence ${read.confidence.toFixed(3)}, unsure [${read.unsure.join(' ')}]${right ? '' : `\n    read  ${read.placement}\n    truth ${truth}`}\n`);
    }
  }

  const out = [
    `test set: ${labels.length} pictures (${boards} boards, ${empties} without a board), styles the classifier never trained on`,
    `boards exactly right:        ${exact}/${boards} (${pct(exact, boards)})`,
    `squares right:               ${squaresRight}/${squares} (${pct(squaresRight, squares)})`,
    `unsure reads:                ${unsureReads} (of which right anyway: ${unsureButRight}), threshold ${threshold}`,
    `wrong with high confidence:  ${wrongSure}`,
    `boards not found:            ${missed}`,
    `no-board pictures refused:   ${refused}/${empties}`,
    `board box within ${EDGE_TOLERANCE * 100}% of a square: ${boxesAccurate}/${boards} (found ${boxesFound}; worst edge ${worstEdge.toFixed(3)} squares)`,
    `orientation from coordinates: ${orientationRight} right, ${orientationNull} not read, ${orientationWrong} wrong of ${coordinateBoards} boards with coordinates; ${noCoordinateClaims} claims on ${noCoordinateBoards} boards without`,
    `calibration: squares read wrong (right way up): ${wrongConfidences.length}, their confidence max ${wrongConfidences.length ? Math.max(...wrongConfidences).toFixed(4) : '-'}, ${wrongConfidences.filter((c) => c >= threshold).length} at or above the threshold; squares read right but below it: ${rightBelow}`,
    `read the wrong way up:       ${turnedWrong} (${turnedWrongSure} of them with no square unsure)`,
    `time per picture (ms, one core): decode median ${median(decodeMs).toFixed(1)} max ${Math.max(...decodeMs).toFixed(1)}; read median ${median(readMs).toFixed(1)} max ${Math.max(...readMs).toFixed(1)} (of which finding the board: median ${median(locateMs).toFixed(1)} max ${Math.max(...locateMs).toFixed(1)}); read CPU time median ${median(readCpuMs).toFixed(1)} max ${Math.max(...readCpuMs).toFixed(1)}`,
  ];
  process.stdout.write(`${out.join('\n')}\n`);
}

/** 64 squares of a placement, '.' for empty. */
function expand(placement: string): string {
  return placement.replace(/\d/g, (d) => '.'.repeat(Number(d))).replace(/\//g, '');
}

await main();
