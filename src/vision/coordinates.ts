// Which way up a board is, from the coordinates drawn on or beside it: Lichess and Chess.com
// write rank digits in the corner of the edge files' squares and file letters in the corner of
// the edge rank's squares; books and many apps write them in the margin outside the board.
//
// Every place a label may stand is looked at; the ink there (a small blob that differs from the
// square or margin, touching nothing else) is matched against the committed shapes of the digits
// and letters (glyph.ts). Each label read votes for the orientation under which it stands where
// it stands ("1" at the bottom-left: White below; "8" there: Black below). A row of places counts
// only when several of its labels agree and few read otherwise, and the rows that count must not
// disagree; otherwise the answer is null (no coordinates seen, or not sure).

import { FILE_CHARACTERS, RANK_CHARACTERS, type GlyphShape, glyphShape, nearestCharacter } from './glyph.ts';
import { grayRegion } from './gray.ts';
import type { BoardBox, Picture } from './types.ts';

/** A label's corner region inside a square, as a share of the square. */
const CORNER = 0.46;
/** How far outside the board a label in the margin may stand, as a share of a square. */
const MARGIN_REACH = 1.5;
/** The least height of a label read, in pixels: below it a digit is a smudge. */
const MIN_GLYPH = 4;
/** Labels are read on squares shrunk to about this many pixels. */
const READ_SQUARE = 64;
/** The least similarity, and lead over the next character, for a label to count as read. */
const MIN_SIMILARITY = 0.55;
const MIN_MARGIN = 0.03;
/** Labels along one row of places that must agree for it to count. */
const MIN_VOTES = 3;

/** Where a label may stand and what it says under each orientation. */
interface LabelPlace {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly characters: string;
  /** The row of places it belongs to (say, the rank digits in the left file's top-left corners). */
  readonly group: string;
  /** The side of the place on the board's edge, which a label drawn close to the edge may touch. */
  readonly edge: 'left' | 'right' | 'top' | 'bottom' | null;
  /** The largest label that fits there, in squares. */
  readonly largest: number;
  /** The label if White is at the bottom. */
  readonly white: string;
  /** The label if Black is at the bottom. */
  readonly black: string;
}

/** What the coordinates say: the labels read each way, and the verdict. */
export interface CoordinateVotes {
  readonly white: number;
  readonly black: number;
  /** True: Black at the bottom; false: White; null: no coordinates seen, or no clear majority. */
  readonly flipped: boolean | null;
}

/** True when the coordinates show Black at the bottom, false for White, null when none are read. */
export function flippedByCoordinates(picture: Picture, box: BoardBox): boolean | null {
  return readCoordinates(picture, box).flipped;
}

export function readCoordinates(picture: Picture, box: BoardBox): CoordinateVotes {
  const sx = box.width / 8;
  const sy = box.height / 8;
  const scale = Math.max(1, Math.floor(Math.min(sx, sy) / READ_SQUARE));
  const groups = new Map<string, { white: number; black: number; other: number }>();
  for (const place of labelPlaces(box)) {
    const shape = inkShape(picture, place, scale, Math.min(sx, sy));
    if (!shape) continue;
    const match = nearestCharacter(shape, place.characters);
    if (match.similarity < MIN_SIMILARITY || match.margin < MIN_MARGIN) continue;
    const tally = groups.get(place.group) ?? { white: 0, black: 0, other: 0 };
    if (match.character === place.white) tally.white++;
    else if (match.character === place.black) tally.black++;
    else tally.other++;
    groups.set(place.group, tally);
  }
  // Each row of places speaks for itself: real labels agree along it, while text beside the board
  // (a move list, a caption) reads as scattered characters that match either way or neither.
  let white = 0;
  let black = 0;
  for (const tally of groups.values()) {
    if (speaks(tally.white, tally.black, tally.other)) white += tally.white;
    else if (speaks(tally.black, tally.white, tally.other)) black += tally.black;
  }
  let flipped: boolean | null = null;
  if (white > 0 && black === 0) flipped = false;
  else if (black > 0 && white === 0) flipped = true;
  return { white, black, flipped };
}

/**
 * Whether a row of places reads as labels for one orientation: two agreeing with nothing else
 * read, three with none against, or five outvoting the other way four to one; and few characters
 * read as neither way. (On 165 boards drawn without coordinates no row spoke; beside a move list
 * one in 30 did.)
 */
function speaks(votes: number, against: number, other: number): boolean {
  if (votes >= 2 && against === 0 && other === 0) return true;
  if (other > votes / 2) return false;
  return (votes >= MIN_VOTES && against === 0) || (votes >= 5 && votes >= 4 * against);
}

/** Every place a coordinate may stand: the corners of the edge squares, and the margins. */
function labelPlaces(box: BoardBox): LabelPlace[] {
  const sx = box.width / 8;
  const sy = box.height / 8;
  const places: LabelPlace[] = [];
  const edgeOf = (group: string): LabelPlace['edge'] =>
    group.includes('margin') ? null : group.startsWith('left') ? 'left' : group.startsWith('right') ? 'right' : group.startsWith('top') ? 'top' : 'bottom';
  const rank = (group: string, row: number, x: number, y: number, width: number, height: number, largest = CORNER): void => {
    places.push({ x, y, width, height, largest, group, edge: edgeOf(group), characters: RANK_CHARACTERS, white: String(8 - row), black: String(row + 1) });
  };
  const file = (group: string, col: number, x: number, y: number, width: number, height: number, largest = CORNER): void => {
    places.push({ x, y, width, height, largest, group, edge: edgeOf(group), characters: FILE_CHARACTERS, white: FILE_CHARACTERS[col]!, black: FILE_CHARACTERS[7 - col]! });
  };
  const cw = CORNER * sx;
  const ch = CORNER * sy;
  for (let i = 0; i < 8; i++) {
    const top = box.y + i * sy;
    const left = box.x + i * sx;
    // Rank digits in the left file's left corners and the right file's right corners.
    rank('left file, top-left', i, box.x, top, cw, ch);
    rank('left file, bottom-left', i, box.x, top + sy - ch, cw, ch);
    rank('right file, top-right', i, box.x + 8 * sx - cw, top, cw, ch);
    rank('right file, bottom-right', i, box.x + 8 * sx - cw, top + sy - ch, cw, ch);
    // File letters in the bottom rank's bottom corners and the top rank's top corners.
    file('bottom rank, bottom-left', i, left, box.y + 8 * sy - ch, cw, ch);
    file('bottom rank, bottom-right', i, left + sx - cw, box.y + 8 * sy - ch, cw, ch);
    file('top rank, top-left', i, left, box.y, cw, ch);
    file('top rank, top-right', i, left + sx - cw, box.y, cw, ch);
    // In the margins: left and right of each rank, below and above each file.
    rank('left margin', i, box.x - MARGIN_REACH * sx, top, MARGIN_REACH * sx, sy, 1);
    rank('right margin', i, box.x + 8 * sx, top, MARGIN_REACH * sx, sy, 1);
    file('bottom margin', i, left, box.y + 8 * sy, sx, MARGIN_REACH * sy, 1);
    file('top margin', i, left, box.y - MARGIN_REACH * sy, sx, MARGIN_REACH * sy, 1);
  }
  return places;
}

/**
 * The shape of the one blob of ink standing free in the place (touching none of its sides but the
 * board's edge), or null when there is none: the background is the place's median grey, ink what differs from it.
 */
function inkShape(picture: Picture, place: LabelPlace, scale: number, square: number): GlyphShape | null {
  const x0 = Math.max(0, Math.round(place.x));
  const y0 = Math.max(0, Math.round(place.y));
  const x1 = Math.min(picture.width, Math.round(place.x + place.width));
  const y1 = Math.min(picture.height, Math.round(place.y + place.height));
  // A margin cut short by the picture's edge may still hold a label, if it is not too narrow.
  if (x1 - x0 < 0.25 * square || y1 - y0 < 0.25 * square) return null;
  const gray = grayRegion(picture, x0, y0, x1 - x0, y1 - y0, scale);
  const { width: w, height: h, data } = gray;
  if (w < 6 || h < 6) return null;
  const background = medianOf(data);
  const diff = new Float32Array(data.length);
  for (let i = 0; i < data.length; i++) diff[i] = Math.abs(data[i]! - background);
  const strong = percentile(diff, 0.99);
  if (strong < 30) return null;
  const threshold = Math.min(40, Math.max(18, 0.4 * strong));

  const label = new Int32Array(data.length).fill(-1);
  const limit = (place.largest * square) / scale;
  let best: { x0: number; y0: number; x1: number; y1: number; size: number } | null = null;
  const stack: number[] = [];
  for (let start = 0; start < data.length; start++) {
    if (label[start] !== -1 || diff[start]! <= threshold) continue;
    label[start] = start;
    stack.push(start);
    let bx0 = w, by0 = h, bx1 = 0, by1 = 0, size = 0;
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % w;
      const y = (i - x) / w;
      size++;
      bx0 = Math.min(bx0, x);
      by0 = Math.min(by0, y);
      bx1 = Math.max(bx1, x + 1);
      by1 = Math.max(by1, y + 1);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const j = ny * w + nx;
          if (label[j] !== -1 || diff[j]! <= threshold) continue;
          label[j] = start;
          stack.push(j);
        }
      }
    }
    // Free: touching no side of the place but the board's edge, which a label may stand against.
    const free =
      (bx0 > 0 || place.edge === 'left') && (by0 > 0 || place.edge === 'top') && (bx1 < w || place.edge === 'right') && (by1 < h || place.edge === 'bottom');
    const bw = bx1 - bx0;
    const bh = by1 - by0;
    const plausible = bh >= MIN_GLYPH && bh <= limit && bw <= limit && bw >= 1 && size >= 8;
    if (free && plausible && (best === null || size > best.size)) best = { x0: bx0, y0: by0, x1: bx1, y1: by1, size };
  }
  if (!best) return null;
  // Ink from 0 (background) to 1 (the glyph's own strong colour), over the blob's box only.
  const ink = new Float32Array(data.length);
  let top = 0;
  for (let y = best.y0; y < best.y1; y++) for (let x = best.x0; x < best.x1; x++) top = Math.max(top, diff[y * w + x]!);
  for (let y = best.y0; y < best.y1; y++) {
    for (let x = best.x0; x < best.x1; x++) ink[y * w + x] = Math.min(1, diff[y * w + x]! / (0.9 * top));
  }
  return glyphShape(ink, w, best.x0, best.y0, best.x1, best.y1);
}

function medianOf(values: Float32Array): number {
  return percentile(values, 0.5);
}

/** The value below which `share` of the values (grey levels 0..255) lie, by a histogram. */
function percentile(values: Float32Array, share: number): number {
  const counts = new Uint32Array(256);
  for (const v of values) counts[Math.max(0, Math.min(255, Math.round(v)))]!++;
  const target = Math.min(values.length - 1, Math.floor(values.length * share));
  let seen = 0;
  for (let level = 0; level < 256; level++) {
    seen += counts[level]!;
    if (seen > target) return level;
  }
  return 255;
}
