// Finds the 8×8 playing area in a picture: a board alone, or a screenshot with margins, panels,
// text and coordinates around it. Null when the picture holds no chessboard.
//
// The idea is tensorflow_chessbot's: between two squares of a checkerboard the brightness steps
// up and down in turn along the line, so a column holding an inner line has large sums of both
// positive and negative x-gradients, where a piece's outline or a panel's border has mostly one
// sign. Seven such lines, equally spaced, make a board. On top of that:
// - the picture is shrunk and blurred first, so that a printed diagram's hatching and a wooden
//   texture average out, and everything runs on a few hundred thousand pixels;
// - the sums run over spans (prefix sums), so a board that fills a third of a screenshot is
//   searched within the band it occupies, not drowned by the panels beside it;
// - every candidate is checked as a checkerboard (corner patches of neighbouring squares, the
//   parts pieces rarely cover, alternate light and dark) and refused when the pattern goes on
//   past its edge (a 10×10 checker, a tiled background);
// - the winner's lines are measured again at full resolution and fitted by least squares, so its
//   edges land within a few percent of a square.

import { type GrayImage, Integral, boxBlur, grayRegion } from './gray.ts';
import type { BoardBox, Picture } from './types.ts';

/** The longest side the search works on; larger pictures are shrunk by an integer factor. */
const WORK_SIDE = 640;
/** The smallest board looked for, in picture pixels (the issue asks for 150 and up). */
const MIN_BOARD = 96;
/** Blur radius at the working scale: averages hatching and texture, keeps 4-pixel squares. */
const WORK_BLUR = 1;
/** Gradients below this (grey levels per pixel) are noise: JPEG ringing, subtle textures. */
const GRADIENT_FLOOR = 1;
/** How much of a square a crop may cut off the board's outer squares. */
const CROP_SLACK = 0.4;
/** Refinement works on squares of about this many pixels (larger boards are shrunk for it). */
const REFINE_SQUARE = 40;
/**
 * How far from its expected place a line is looked for at full resolution, in squares: first
 * widely (the coarse spacing may be a few percent off), then narrowly about the first fit, since
 * a row of pieces' bases a quarter square off can outshine a line (a font piece set's flat bases).
 */
const REFINE_WIDE = 0.3;
const REFINE_NARROW = 0.12;
/** Candidates kept per profile searched. */
const CANDIDATES_PER_PROFILE = 4;
/** A board's squares may be this much wider than tall (or taller than wide) after scaling. */
const MAX_ASPECT_SKEW = 0.12;
/** The least light/dark difference (grey levels) of a board's squares. */
const MIN_CONTRAST = 10;
/** The least share of neighbouring corner patches that must alternate as a checkerboard does. */
const MIN_ALTERNATION = 0.72;

/** An equally spaced family of 9 lines (outer edge, 7 inner lines, outer edge) along one axis. */
interface LineFamily {
  /** Position of line 0 (the board's outer edge), in working pixels. */
  readonly start: number;
  /** Distance between lines: one square. */
  readonly step: number;
  readonly score: number;
}

/** A board candidate at the working scale. */
interface Candidate {
  readonly x: LineFamily;
  readonly y: LineFamily;
}

/** How well a candidate looks like a checkerboard. */
interface CheckerFit {
  /** Share of neighbouring corner patches with the expected light/dark order. */
  readonly alternation: number;
  /** Median light-minus-dark difference, grey levels. */
  readonly contrast: number;
  /** True when the pattern continues past an edge: a larger grid, not a board. */
  readonly extends: boolean;
}

/** The board's 8×8 area in the picture, or null when no chessboard is found. */
export function findBoard(picture: Picture): BoardBox | null {
  if (picture.width < MIN_BOARD / 2 || picture.height < MIN_BOARD / 2) return null;
  const factor = Math.max(1, Math.ceil(Math.max(picture.width, picture.height) / WORK_SIDE));
  const work = boxBlur(grayRegion(picture, 0, 0, picture.width, picture.height, factor), WORK_BLUR);
  const edges = new EdgeSums(work);
  const integral = new Integral(work);

  const best = bestCandidate(candidates(edges, factor), integral);
  if (best === null) return null;
  return refine(picture, best, factor);
}

// ---------------------------------------------------------------------------------------------
// Gradient sums

/** Positive and negative gradients, as prefix sums along the other axis (any span's sum in O(1)). */
class EdgeSums {
  readonly width: number;
  readonly height: number;
  /** x-gradient parts, summed down each column: index y * width + x, y from 0 to height. */
  private readonly colPos: Float32Array;
  private readonly colNeg: Float32Array;
  /** y-gradient parts, summed along each row: index y * (width + 1) + x, x from 0 to width. */
  private readonly rowPos: Float32Array;
  private readonly rowNeg: Float32Array;

  constructor(image: GrayImage) {
    const { width: w, height: h, data } = image;
    this.width = w;
    this.height = h;
    this.colPos = new Float32Array((h + 1) * w);
    this.colNeg = new Float32Array((h + 1) * w);
    this.rowPos = new Float32Array(h * (w + 1));
    this.rowNeg = new Float32Array(h * (w + 1));
    for (let y = 0; y < h; y++) {
      let rowP = 0;
      let rowN = 0;
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        const dx = x > 0 && x < w - 1 ? (data[i + 1]! - data[i - 1]!) / 2 : 0;
        const dy = y > 0 && y < h - 1 ? (data[i + w]! - data[i - w]!) / 2 : 0;
        this.colPos[i + w] = this.colPos[i]! + Math.max(0, dx - GRADIENT_FLOOR);
        this.colNeg[i + w] = this.colNeg[i]! + Math.max(0, -dx - GRADIENT_FLOOR);
        rowP += Math.max(0, dy - GRADIENT_FLOOR);
        rowN += Math.max(0, -dy - GRADIENT_FLOOR);
        this.rowPos[y * (w + 1) + x + 1] = rowP;
        this.rowNeg[y * (w + 1) + x + 1] = rowN;
      }
    }
  }

  /** For each column, the geometric mean of its positive and negative x-gradient sums over rows [y0, y1). */
  columns(y0: number, y1: number): Float32Array {
    const w = this.width;
    const a = clampInt(y0, 0, this.height);
    const b = clampInt(y1, 0, this.height);
    const out = new Float32Array(w);
    for (let x = 0; x < w; x++) {
      const pos = this.colPos[b * w + x]! - this.colPos[a * w + x]!;
      const neg = this.colNeg[b * w + x]! - this.colNeg[a * w + x]!;
      out[x] = Math.sqrt(Math.max(0, pos) * Math.max(0, neg));
    }
    return out;
  }

  /** For each row, the same over columns [x0, x1). */
  rows(x0: number, x1: number): Float32Array {
    const s = this.width + 1;
    const a = clampInt(x0, 0, this.width);
    const b = clampInt(x1, 0, this.width);
    const out = new Float32Array(this.height);
    for (let y = 0; y < this.height; y++) {
      const pos = this.rowPos[y * s + b]! - this.rowPos[y * s + a]!;
      const neg = this.rowNeg[y * s + b]! - this.rowNeg[y * s + a]!;
      out[y] = Math.sqrt(Math.max(0, pos) * Math.max(0, neg));
    }
    return out;
  }
}

function clampInt(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, Math.round(v)));
}

// ---------------------------------------------------------------------------------------------
// Line families

/**
 * The best families of seven equally spaced strong lines in a profile, spacing from minStep to
 * maxStep. A family's score is the sum of its lines' strengths less the strongest one, so that a
 * single long edge (a panel's border) cannot carry a family alone.
 */
function searchLines(profile: Float32Array, minStep: number, maxStep: number, keep: number, tolerance = 1): LineFamily[] {
  const n = profile.length;
  // A line may fall off its ideal place (rounding, resampling, a coarse spacing step): take the
  // best within `tolerance` pixels. Padded by a board's width of zeros so no index falls outside.
  const pad = Math.ceil(maxStep * 9) + 2;
  const peak = new Float32Array(n + 2 * pad);
  for (let i = 0; i < n; i++) {
    let best = 0;
    for (let j = Math.max(0, i - tolerance); j <= Math.min(n - 1, i + tolerance); j++) best = Math.max(best, profile[j]!);
    peak[i + pad] = best;
  }
  // Spacing steps such that the seventh line drifts less than the tolerance.
  const stepGrain = (2 * tolerance) / 7;
  const found: LineFamily[] = [];
  for (let step = Math.max(3, minStep); step <= maxStep; step += Math.max(stepGrain * 0.9, step * 0.004)) {
    const first = Math.floor(-0.4 * step);
    const last = Math.ceil(n - 8 * step + 0.4 * step);
    const offsets = new Int32Array(7);
    for (let k = 1; k <= 7; k++) offsets[k - 1] = Math.round(k * step - 0.5) + pad;
    for (let start = first; start <= last; start++) {
      let sum = 0;
      let max = 0;
      for (let k = 0; k < 7; k++) {
        const v = peak[start + offsets[k]!]!;
        sum += v;
        if (v > max) max = v;
      }
      const score = sum - max;
      if (score <= 0 || (found.length === keep && score <= worstScore(found))) continue;
      offer(found, { start, step, score }, keep);
    }
  }
  return found.sort((a, b) => b.score - a.score);
}

function worstScore(list: readonly LineFamily[]): number {
  let worst = Infinity;
  for (const f of list) if (f.score < worst) worst = f.score;
  return worst;
}

/** Keeps `list` to the `keep` best families, one per place and spacing. */
function offer(list: LineFamily[], family: LineFamily, keep: number): void {
  let worst = -1;
  for (let i = 0; i < list.length; i++) {
    const other = list[i]!;
    const same =
      Math.abs(other.step - family.step) < 0.15 * family.step && Math.abs(other.start - family.start) < 0.5 * family.step;
    if (same) {
      if (family.score > other.score) list[i] = family;
      return;
    }
    if (worst < 0 || other.score < list[worst]!.score) worst = i;
  }
  if (list.length < keep) list.push(family);
  else if (family.score > list[worst]!.score) list[worst] = family;
}

// ---------------------------------------------------------------------------------------------
// Candidates

/** Bands of the other axis the first search looks in: the whole picture, halves, thirds. */
const BANDS: ReadonlyArray<readonly [number, number]> = [
  [0, 1],
  [0, 0.6],
  [0.4, 1],
];

function candidates(edges: EdgeSums, factor: number): Candidate[] {
  const { width: w, height: h } = edges;
  const minStep = MIN_BOARD / 8 / factor;
  const out: Candidate[] = [];
  const seen = new Set<string>();
  const add = (x: LineFamily, y: LineFamily): void => {
    const key = `${Math.round(x.start)},${Math.round(y.start)},${Math.round(x.step * 4)},${Math.round(y.step * 4)}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ x, y });
  };

  // Rows of lines first, then columns within the band each family spans; and the other way round.
  for (const [a, b] of BANDS) {
    const ys = searchLines(edges.rows(a * w, b * w), minStep, h / (8 - 2 * CROP_SLACK) + 1, CANDIDATES_PER_PROFILE, 2);
    for (const y of ys) {
      const xs = searchLines(edges.columns(y.start, y.start + 8 * y.step), y.step * (1 - MAX_ASPECT_SKEW), y.step * (1 + MAX_ASPECT_SKEW), 3);
      for (const x of xs) add(x, y);
    }
    const xs = searchLines(edges.columns(a * h, b * h), minStep, w / (8 - 2 * CROP_SLACK) + 1, CANDIDATES_PER_PROFILE, 2);
    for (const x of xs) {
      const ys2 = searchLines(edges.rows(x.start, x.start + 8 * x.step), x.step * (1 - MAX_ASPECT_SKEW), x.step * (1 + MAX_ASPECT_SKEW), 3);
      for (const y of ys2) add(x, y);
    }
  }
  return out;
}

/** The candidate that is most clearly a board (the largest among equals), or null. */
function bestCandidate(list: readonly Candidate[], integral: Integral): Candidate | null {
  let best: { candidate: Candidate; fit: CheckerFit; area: number } | null = null;
  for (const base of list) {
    // A board against a mid-grey background shows its outer edges too: the family may be one
    // square off, so its neighbours are tried as well.
    let plausible = true;
    for (const [dx, dy] of [[0, 0], [-1, 0], [1, 0], [0, -1], [0, 1]] as const) {
      if (!plausible) break;
      const candidate: Candidate = {
        x: { ...base.x, start: base.x.start + dx * base.x.step },
        y: { ...base.y, start: base.y.start + dy * base.y.step },
      };
      const fit = checkerFit(integral, candidate.x.start, candidate.y.start, candidate.x.step, candidate.y.step);
      // A family that is not even half a checkerboard is not one square off a board either.
      if (dx === 0 && dy === 0 && fit.alternation < 0.4) plausible = false;

      if (fit.extends || fit.contrast < MIN_CONTRAST || fit.alternation < MIN_ALTERNATION) continue;
      if (!insidePicture(integral.image, candidate)) continue;
      const area = candidate.x.step * candidate.y.step;
      const better =
        best === null ||
        fit.alternation > best.fit.alternation + 0.03 ||
        (fit.alternation > best.fit.alternation - 0.03 && area > best.area * 1.2) ||
        (fit.alternation > best.fit.alternation && area > best.area / 1.2);
      if (better) best = { candidate, fit, area };
    }
  }
  return best?.candidate ?? null;
}

/** A board may be cut by the picture's edge by a part of a square (a tight crop), not by more. */
function insidePicture(image: GrayImage, c: Candidate): boolean {
  const slackX = CROP_SLACK * c.x.step;
  const slackY = CROP_SLACK * c.y.step;
  return (
    c.x.start >= -slackX &&
    c.y.start >= -slackY &&
    c.x.start + 8 * c.x.step <= image.width + slackX &&
    c.y.start + 8 * c.y.step <= image.height + slackY
  );
}

// ---------------------------------------------------------------------------------------------
// The checkerboard test

/** Corner patches: inset from the square's corner and size, as shares of a square. */
const PATCH_INSET = 0.07;
const PATCH_SIZE = 0.17;

/** Corners of a square, as indices. */
const TL = 0;
const TR = 1;
const BL = 2;
const BR = 3;

/**
 * How well the 8×8 grid with top-left corner (x0, y0) and squares sx × sy matches a
 * checkerboard. Squares are compared through patches near their corners, across each inner line,
 * so that pieces (which stand in the middle of a square), a tinted square or a slow gradient over
 * the board change few comparisons.
 */
function checkerFit(integral: Integral, x0: number, y0: number, sx: number, sy: number): CheckerFit {
  // Patches of a 10×10 grid: the board's 8×8 squares and the ring just outside (index 0 and 9).
  const patches = new Float64Array(10 * 10 * 4);
  for (let row = -1; row <= 8; row++) {
    for (let col = -1; col <= 8; col++) {
      for (let corner = 0; corner < 4; corner++) {
        const left = corner === TL || corner === BL;
        const top = corner === TL || corner === TR;
        const px = x0 + (col + (left ? PATCH_INSET : 1 - PATCH_INSET - PATCH_SIZE)) * sx;
        const py = y0 + (row + (top ? PATCH_INSET : 1 - PATCH_INSET - PATCH_SIZE)) * sy;
        patches[((row + 1) * 10 + col + 1) * 4 + corner] = integral.mean(px, py, px + PATCH_SIZE * sx, py + PATCH_SIZE * sy);
      }
    }
  }
  // A difference across a line, signed so that it is positive when square (row, col) is the
  // lighter one and (row + col) is even; the board's own parity is found after.
  const pair = (row: number, col: number, a: number, row2: number, col2: number, b: number): number => {
    const sign = ((row + col) & 1) === 0 ? 1 : -1;
    return sign * (patches[((row + 1) * 10 + col + 1) * 4 + a]! - patches[((row2 + 1) * 10 + col2 + 1) * 4 + b]!);
  };
  const diffs = new Float64Array(224);
  let count = 0;
  let missing = 0;
  const push = (d: number): void => {
    if (Number.isFinite(d)) diffs[count++] = d;
    else missing++;
  };
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      if (col < 7) {
        push(pair(row, col, TR, row, col + 1, TL));
        push(pair(row, col, BR, row, col + 1, BL));
      }
      if (row < 7) {
        push(pair(row, col, BL, row + 1, col, TL));
        push(pair(row, col, BR, row + 1, col, TR));
      }
    }
  }
  if (missing > 224 * 0.1) return { alternation: 0, contrast: 0, extends: false };
  const valid = diffs.subarray(0, count);
  let total = 0;
  for (const d of valid) total += d;
  const parity = total >= 0 ? 1 : -1;
  for (let i = 0; i < count; i++) valid[i]! *= parity;
  valid.sort();
  const contrast = valid[count >> 1]!;
  const threshold = Math.max(4, 0.3 * contrast);
  let above = 0;
  for (const d of valid) if (d > threshold) above++;
  const alternation = above / count;

  // The ring of squares just outside each edge: on a board it is background or a frame (no
  // alternation along it); on a larger grid it alternates as strongly as the board.
  const ringAlternates = (cell: (i: number) => readonly [number, number], a: number, b: number): boolean => {
    let known = 0;
    let strong = 0;
    for (let i = 0; i < 7; i++) {
      const [r1, c1] = cell(i);
      const [r2, c2] = cell(i + 1);
      const d = parity * pair(r1, c1, a, r2, c2, b);
      if (!Number.isFinite(d)) continue;
      known++;
      if (d > Math.max(4, 0.5 * contrast)) strong++;
    }
    return known >= 6 && strong >= 0.75 * known;
  };
  const extends_ =
    ringAlternates((i) => [-1, i], TR, TL) ||
    ringAlternates((i) => [8, i], TR, TL) ||
    ringAlternates((i) => [i, -1], BL, TL) ||
    ringAlternates((i) => [i, 8], BL, TL);
  return { alternation, contrast, extends: extends_ };
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  return sorted[sorted.length >> 1]!;
}

// ---------------------------------------------------------------------------------------------
// Refinement at full resolution

/**
 * Measures the seven inner lines of each axis again on the full picture (lightly blurred in
 * proportion to the squares, for hatching) and fits them by least squares: the outer edges
 * follow from the fit, so a frame, a shadow or coordinates outside cannot pull them.
 */
function refine(picture: Picture, c: Candidate, factor: number): BoardBox {
  const sx = c.x.step * factor;
  const sy = c.y.step * factor;
  const x0 = c.x.start * factor;
  const y0 = c.y.start * factor;
  // Squares of about REFINE_SQUARE pixels measure a line to a small fraction of a pixel already.
  const scale = Math.max(1, Math.floor(Math.min(sx, sy) / REFINE_SQUARE));
  const left = clampInt(x0 - sx * 0.5, 0, picture.width);
  const top = clampInt(y0 - sy * 0.5, 0, picture.height);
  const right = clampInt(x0 + sx * 8.5, 0, picture.width);
  const bottom = clampInt(y0 + sy * 8.5, 0, picture.height);
  const radius = Math.max(1, Math.round((Math.min(sx, sy) / scale) * 0.065));
  const region = boxBlur(grayRegion(picture, left, top, right - left, bottom - top, scale), radius);

  // Twice: the coarse search's spacing may be a few percent off, so that its seventh line is
  // beyond a narrow window; a wide look fixes the spacing, a narrow one then places each line.
  let xs = { start: (x0 - left) / scale, step: sx / scale };
  let ys = { start: (y0 - top) / scale, step: sy / scale };
  for (const window of [REFINE_WIDE, REFINE_NARROW]) {
    const nextX = fitLines(region, 'x', xs.start, xs.step, ys.start, ys.step, window);
    ys = fitLines(region, 'y', ys.start, ys.step, xs.start, xs.step, window);
    xs = nextX;
  }
  const x = xs.start * scale + left;
  const y = ys.start * scale + top;
  const width = xs.step * scale * 8;
  const height = ys.step * scale * 8;
  // A tight crop may cut the outer squares: the box says where the board is, even where that is
  // a little beyond the picture's edge (the squares' reader repeats the edge pixels there).
  return { x: round2(x), y: round2(y), width: round2(width), height: round2(height) };
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

/** The parts of a square's side a line is measured along: near the corners, where pieces rarely stand. */
const CORNER_SPANS: ReadonlyArray<readonly [number, number]> = [
  [0.03, 0.24],
  [0.76, 0.97],
];

/**
 * The inner lines along one axis ('x': vertical lines) near start + k·step, then fitted. Each
 * line is found by a matched filter: the gradient across it, summed along it near the squares'
 * corners with the sign flipped from square to square as a checkerboard's edge flips. A row of
 * pieces' bases or tops has no such rhythm; the median over the stretches keeps the few that a
 * piece stands over from moving the line.
 */
function fitLines(
  image: GrayImage,
  axis: 'x' | 'y',
  start: number,
  step: number,
  across: number,
  acrossStep: number,
  window: number,
): { start: number; step: number } {
  const { width: w, height: h, data } = image;
  const length = axis === 'x' ? w : h;
  const acrossLength = axis === 'x' ? h : w;
  // Stretches along the line, each with the sign its square's edge is expected to have.
  const stretches: Array<{ from: number; to: number; sign: number }> = [];
  for (let square = 0; square < 8; square++) {
    for (const [a, b] of CORNER_SPANS) {
      const from = clampInt(across + (square + a) * acrossStep, 0, acrossLength);
      const to = clampInt(across + (square + b) * acrossStep, 0, acrossLength);
      if (to > from) stretches.push({ from, to, sign: square % 2 === 0 ? 1 : -1 });
    }
  }
  const points: Array<{ k: number; at: number; weight: number }> = [];
  for (let k = 1; k <= 7; k++) {
    const lo = Math.max(1, Math.floor(start + (k - window) * step));
    const hi = Math.min(length - 2, Math.ceil(start + (k + window) * step));
    if (hi - lo < 2) continue;
    const strength = new Float64Array(hi - lo + 1);
    const parts = new Float64Array(stretches.length);
    for (let p = lo; p <= hi; p++) {
      for (let i = 0; i < stretches.length; i++) {
        const { from, to, sign } = stretches[i]!;
        let part = 0;
        for (let q = from; q < to; q++) {
          part += axis === 'x' ? data[q * w + p + 1]! - data[q * w + p - 1]! : data[(p + 1) * w + q]! - data[(p - 1) * w + q]!;
        }
        parts[i] = (sign * part) / (to - from);
      }
      // The median stretch: a piece standing over a few stretches cannot move it.
      parts.sort();
      strength[p - lo] = Math.abs((parts[(parts.length - 1) >> 1]! + parts[parts.length >> 1]!) / 2);
    }
    let best = 0;
    for (let i = 1; i < strength.length; i++) if (strength[i]! > strength[best]!) best = i;
    const top = strength[best]!;
    if (top <= 0) continue;
    // The blur turns a sharp step into a plateau of equal gradients: the line is the centre of
    // the run of columns above half the peak, each weighted by how far it rises above that half.
    let lo2 = best;
    let hi2 = best;
    while (lo2 > 0 && strength[lo2 - 1]! > top / 2) lo2--;
    while (hi2 < strength.length - 1 && strength[hi2 + 1]! > top / 2) hi2++;
    let mass = 0;
    let moment = 0;
    for (let i = lo2; i <= hi2; i++) {
      const w8 = strength[i]! - top / 2;
      mass += w8;
      moment += w8 * i;
    }
    const offset = moment / mass - best;
    points.push({ k, at: lo + best + offset + 0.5, weight: top });
  }

  return robustFit(points, { start, step });
}

/**
 * at = start + k·step through the measured lines: a robust first guess (medians of pairwise
 * slopes and of intercepts, Theil-Sen), then weighted least squares over the lines that agree
 * with it, so that one line pulled by a row of pieces or a frame's shadow does not bend the fit.
 */
function robustFit(
  points: Array<{ k: number; at: number; weight: number }>,
  fallback: { start: number; step: number },
): { start: number; step: number } {
  if (points.length < 3) return fallback;
  const slopes: number[] = [];
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) slopes.push((points[j]!.at - points[i]!.at) / (points[j]!.k - points[i]!.k));
  }
  const guessStep = median(slopes);
  const guessStart = median(points.map((p) => p.at - p.k * guessStep));
  const tolerance = 0.5 + 0.025 * guessStep;
  const used = points.filter((p) => Math.abs(p.at - guessStart - p.k * guessStep) <= tolerance);
  if (used.length < 3) return { start: guessStart, step: guessStep };
  let sw = 0, sk = 0, sa = 0, skk = 0, ska = 0;
  for (const p of used) {
    sw += p.weight;
    sk += p.weight * p.k;
    sa += p.weight * p.at;
    skk += p.weight * p.k * p.k;
    ska += p.weight * p.k * p.at;
  }
  const det = sw * skk - sk * sk;
  if (det <= 0) return { start: guessStart, step: guessStep };
  const step = (sw * ska - sk * sa) / det;
  return { start: (sa - step * sk) / sw, step };
}
