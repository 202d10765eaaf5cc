// Draws a position as the pictures people post look: a site's board theme and piece set, or a
// printed diagram (hatched dark squares, a thick frame, grey levels); last-move and check
// highlights, users' arrows and circles, coordinates inside the corner squares or beside the
// board, a board seen from Black's side, margins around it, then rescaled, blurred and
// JPEG-compressed as screenshots are. The truth comes with it: where the squares lie, and what each holds.
//
// The SVG is drawn by resvg (@resvg/resvg-js), the post-processing by sharp. Used by the
// classifier's training (bench/vision/train.ts), its tests and the locator's test set.
//
//   node --import tsx bench/vision/render.ts --count 12 --split test --seed 7 --out bench/out/vision/samples

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import type { BoardBox, PieceLetter, Picture } from '../../src/vision/types.ts';
import { type Placement, type Random, makePlacement, parsePlacement, pick, randomPlacement } from './positions.ts';
import { pieceSet } from './sources.ts';
import { type BoardTheme, PRINTED_VARIED, type Split, type Surface, VARIED_SPACING, findTheme, piecesFor, themesFor } from './styles.ts';

/** A square as the picture shows it: row 0 at the top, column 0 at the left. */
export interface Cell {
  readonly row: number;
  readonly column: number;
}

export interface Arrow {
  readonly from: Cell;
  readonly to: Cell;
  readonly color: string;
  readonly opacity: number;
}

export interface Circle {
  readonly at: Cell;
  readonly color: string;
  readonly opacity: number;
}

/** Everything that decides a picture; randomScene draws one, renderScene draws it. */
export interface Scene {
  /** The FEN's first field. */
  readonly placement: string;
  readonly pieceSet: string;
  readonly theme: string;
  /** The playing area's side in pixels, before any rescaling. */
  readonly size: number;
  /** Black's side at the bottom. */
  readonly flipped: boolean;
  readonly coordinates: 'none' | 'inside' | 'outside';
  readonly coordinateFont: string;
  /** Extra space around the board (and its frame), in pixels: top, right, bottom, left. */
  readonly margin: readonly [number, number, number, number];
  readonly background: string;
  /** A frame around the playing area, in pixels (0: none). */
  readonly frame: number;
  readonly frameColor: string;
  /** A piece's size as a fraction of its square. */
  readonly pieceScale: number;
  readonly lastMove: readonly Cell[];
  readonly lastMoveColor: string;
  readonly check: Cell | null;
  readonly arrows: readonly Arrow[];
  readonly circles: readonly Circle[];
  /** Surface noise's seed (textured themes). */
  readonly seed: number;
  /** The hatching drawn instead of the theme's (PRINTED_VARIED's, drawn for each board). */
  readonly hatch?: Extract<Surface, { kind: 'hatched' }>;
  /** The final picture's size over the drawn one (1: none). */
  readonly rescale: number;
  /** Gaussian blur's sigma in final pixels (0: none). */
  readonly blur: number;
  /** JPEG quality (0: PNG). */
  readonly jpegQuality: number;
}

export interface RenderedBoard {
  readonly scene: Scene;
  readonly bytes: Buffer;
  readonly format: 'png' | 'jpeg';
  readonly picture: Picture;
  /** The playing area in the final picture (fractional pixels). */
  readonly box: BoardBox;
  /** What each square holds in picture order: top row first, left to right, as seen. */
  readonly squares: readonly (PieceLetter | null)[];
}

/** The squares of a placement in picture order (a8 first unless flipped). */
export function pictureOrder(placement: string, flipped: boolean): Placement {
  const squares = parsePlacement(placement);
  return flipped ? squares.reverse() : squares;
}

const FONTS = ['DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Mono', 'DejaVu Sans Condensed'];
const BACKGROUNDS = ['#ffffff', '#313338', '#161512', '#312e2b', '#f2f3f5', '#262421', '#1e1e1e', '#e8e6e3'];
const ARROW_COLORS = ['#15781b', '#882020', '#003088', '#e68f00', '#ffaa00', '#9c27b0'];
const LAST_MOVE_COLORS = ['rgba(155,199,0,0.41)', 'rgba(255,255,51,0.5)', 'rgba(20,85,30,0.5)', 'rgba(246,246,105,0.8)', 'rgba(100,170,255,0.4)'];

function cell(random: Random): Cell {
  return { row: Math.floor(random() * 8), column: Math.floor(random() * 8) };
}

function logUniform(random: Random, low: number, high: number): number {
  return Math.exp(Math.log(low) + random() * (Math.log(high) - Math.log(low)));
}

export interface SceneOptions {
  readonly minSize?: number;
  readonly maxSize?: number;
  /** A placement to draw instead of a random one. */
  readonly placement?: string;
  readonly pieceSet?: string;
  readonly theme?: string;
}

/** A random scene of the split's styles (train or test), with the screenshot's clutter drawn at random. */
export function randomScene(random: Random, split: Split, options: SceneOptions = {}): Scene {
  const theme = options.theme ? findTheme(options.theme)! : pick(random, themesFor(split));
  const pieceSet = options.pieceSet ?? pick(random, piecesFor(split)).name;
  const size = Math.round(logUniform(random, options.minSize ?? 150, options.maxSize ?? 1200));
  const coordinates = pick(random, ['none', 'inside', 'inside', 'outside'] as const);
  const labelRoom = coordinates === 'outside' ? Math.round(size * (0.04 + random() * 0.03)) : 0;
  const side = (): number => Math.round(random() < 0.3 ? 0 : random() * size * 0.4);
  const margin: [number, number, number, number] = [side(), side(), side() + labelRoom, side() + labelRoom];
  const square = size / 8;
  // A printed diagram carries no screen clutter.
  const clutter = theme.printed ? 0 : 1;
  const lastMove = random() < 0.5 * clutter ? [cell(random), cell(random)] : [];
  const arrows: Arrow[] = [];
  const circles: Circle[] = [];
  if (random() < 0.4 * clutter) {
    const count = 1 + Math.floor(random() * 4);
    for (let i = 0; i < count; i++) arrows.push({ from: cell(random), to: cell(random), color: pick(random, ARROW_COLORS), opacity: 0.4 + random() * 0.45 });
  }
  if (random() < 0.3 * clutter) {
    const count = 1 + Math.floor(random() * 4);
    for (let i = 0; i < count; i++) circles.push({ at: cell(random), color: pick(random, ARROW_COLORS), opacity: 0.5 + random() * 0.45 });
  }
  const finalScale = random() < 0.5 ? 1 : 0.6 + random() * 0.6;
  return {
    placement: options.placement ?? makePlacement(randomPlacement(random)),
    pieceSet,
    theme: theme.name,
    size,
    flipped: random() < 0.3,
    coordinates,
    coordinateFont: pick(random, FONTS),
    margin,
    background: theme.printed ? '#ffffff' : pick(random, BACKGROUNDS),
    frame: theme.printed ? Math.max(2, Math.round(size * (0.008 + random() * 0.02))) : random() < 0.2 ? Math.round(size * 0.02 * random()) : 0,
    frameColor: theme.printed ? '#000000' : pick(random, ['#000000', '#404040', '#8b5a2b', '#777777']),
    pieceScale: 0.8 + random() * 0.2,
    lastMove,
    lastMoveColor: pick(random, LAST_MOVE_COLORS),
    check: random() < 0.2 * clutter ? cell(random) : null,
    arrows,
    circles,
    seed: Math.floor(random() * 1000),
    rescale: Math.min(finalScale, 1600 / size),
    blur: random() < 0.3 ? 0.3 + random() * 0.8 * Math.min(1, square / 40) : 0,
    jpegQuality: random() < 0.5 ? Math.round(50 + random() * 45) : 0,
    // Drawn last, and only for that theme: every other scene's draws stay as they were.
    ...(theme === PRINTED_VARIED ? { hatch: randomHatch(random) } : {}),
  };
}

/** Hatching at one of the usual angles, its spacing within VARIED_SPACING, its lines a quarter to half of it. */
function randomHatch(random: Random): Extract<Surface, { kind: 'hatched' }> {
  const spacing = VARIED_SPACING[0] + random() * (VARIED_SPACING[1] - VARIED_SPACING[0]);
  return { kind: 'hatched', angle: pick(random, [45, 45, -45, 0, 90, 30, 60]), spacing, width: spacing * (0.25 + random() * 0.25) };
}

function fileLetter(column: number, flipped: boolean): string {
  return 'abcdefgh'[flipped ? 7 - column : column]!;
}

function rankNumber(row: number, flipped: boolean): string {
  return String(flipped ? row + 1 : 8 - row);
}

function surfaceDefs(theme: BoardTheme, surface: Surface, square: number, seed: number): string {
  if (surface.kind === 'hatched') {
    const spacing = Math.max(2, surface.spacing * square);
    const width = Math.max(0.8, surface.width * square);
    return `<pattern id="hatch" patternUnits="userSpaceOnUse" width="${spacing}" height="${spacing}" patternTransform="rotate(${surface.angle})">`
      + `<rect width="${spacing}" height="${spacing}" fill="${theme.dark}"/><rect width="${width}" height="${spacing}" fill="#000"/></pattern>`;
  }
  if (surface.kind === 'texture') {
    return `<filter id="grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${surface.frequency[0] * 400 / (square * 8)} ${surface.frequency[1] * 400 / (square * 8)}" numOctaves="3" seed="${seed}"/>`
      + `<feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 -1.6 1.1"/></filter>`;
  }
  if (surface.kind === 'gradient') {
    return `<linearGradient id="gloss" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="${surface.strength}"/>`
      + `<stop offset="1" stop-color="#000" stop-opacity="${surface.strength}"/></linearGradient>`;
  }
  return '';
}

function arrowPolygon(arrow: Arrow, square: number, x0: number, y0: number): string {
  const ax = x0 + (arrow.from.column + 0.5) * square;
  const ay = y0 + (arrow.from.row + 0.5) * square;
  let bx = x0 + (arrow.to.column + 0.5) * square;
  let by = y0 + (arrow.to.row + 0.5) * square;
  if (ax === bx && ay === by) bx += square; // an arrow needs a length: a square to the right
  const length = Math.hypot(bx - ax, by - ay);
  const ux = (bx - ax) / length;
  const uy = (by - ay) / length;
  const shaft = square * 0.1;
  const head = square * 0.28;
  const headLength = square * 0.42;
  bx -= ux * square * 0.15;
  by -= uy * square * 0.15;
  const hx = bx - ux * headLength;
  const hy = by - uy * headLength;
  const points = [
    [ax - uy * shaft, ay + ux * shaft], [hx - uy * shaft, hy + ux * shaft], [hx - uy * head, hy + ux * head], [bx, by],
    [hx + uy * head, hy - ux * head], [hx + uy * shaft, hy - ux * shaft], [ax + uy * shaft, ay - ux * shaft],
  ];
  return `<polygon points="${points.map(([x, y]) => `${x!.toFixed(1)},${y!.toFixed(1)}`).join(' ')}" fill="${arrow.color}" fill-opacity="${arrow.opacity.toFixed(2)}"/>`;
}

/** The scene as SVG, and where its playing area lies in it. */
export function sceneSvg(scene: Scene): { svg: string; width: number; height: number; box: BoardBox } {
  const theme = findTheme(scene.theme);
  if (!theme) throw new Error(`unknown theme "${scene.theme}"`);
  const pieces = pieceSet(scene.pieceSet);
  const [top, right, bottom, left] = scene.margin;
  const size = scene.size;
  const square = size / 8;
  const x0 = left + scene.frame;
  const y0 = top + scene.frame;
  const width = left + right + size + 2 * scene.frame;
  const height = top + bottom + size + 2 * scene.frame;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`);
  parts.push(`<defs>${surfaceDefs(theme, scene.hatch ?? theme.surface, square, scene.seed)}<radialGradient id="check"><stop offset="0" stop-color="#ff0000"/><stop offset="0.25" stop-color="#e70000"/><stop offset="0.9" stop-color="#a90000" stop-opacity="0"/><stop offset="1" stop-color="#9e0000" stop-opacity="0"/></radialGradient></defs>`);
  parts.push(`<rect width="${width}" height="${height}" fill="${scene.background}"/>`);
  if (scene.frame) parts.push(`<rect x="${left}" y="${top}" width="${size + 2 * scene.frame}" height="${size + 2 * scene.frame}" fill="${scene.frameColor}"/>`);
  for (let row = 0; row < 8; row++) {
    for (let column = 0; column < 8; column++) {
      const dark = (row + column) % 2 === 1;
      const fill = dark ? (theme.surface.kind === 'hatched' ? 'url(#hatch)' : theme.dark) : theme.light;
      // Squares overlap by a hair so that no seam of background shows between them.
      parts.push(`<rect x="${(x0 + column * square).toFixed(2)}" y="${(y0 + row * square).toFixed(2)}" width="${(square + 0.5).toFixed(2)}" height="${(square + 0.5).toFixed(2)}" fill="${fill}"/>`);
    }
  }
  if (theme.surface.kind === 'texture') {
    parts.push(`<rect x="${x0}" y="${y0}" width="${size}" height="${size}" filter="url(#grain)" opacity="${theme.surface.strength}"/>`);
  } else if (theme.surface.kind === 'gradient') {
    parts.push(`<rect x="${x0}" y="${y0}" width="${size}" height="${size}" fill="url(#gloss)"/>`);
  }
  for (const at of scene.lastMove) {
    parts.push(`<rect x="${x0 + at.column * square}" y="${y0 + at.row * square}" width="${square}" height="${square}" fill="${scene.lastMoveColor}"/>`);
  }
  const squares = pictureOrder(scene.placement, scene.flipped);
  if (scene.check) {
    const king = squares.findIndex((piece) => piece === 'K' || piece === 'k');
    const at = king >= 0 ? { row: king >> 3, column: king & 7 } : scene.check;
    parts.push(`<rect x="${x0 + at.column * square}" y="${y0 + at.row * square}" width="${square}" height="${square}" fill="url(#check)"/>`);
  }
  if (scene.coordinates === 'inside') {
    const fontSize = square * 0.2;
    for (let i = 0; i < 8; i++) {
      const fileColor = (7 + i) % 2 === 1 ? theme.light : theme.dark;
      const rankColor = i % 2 === 1 ? theme.light : theme.dark;
      const ink = (color: string): string => (theme.printed ? '#000' : color);
      parts.push(`<text x="${x0 + (i + 1) * square - fontSize * 0.7}" y="${y0 + size - fontSize * 0.3}" font-family="${scene.coordinateFont}" font-size="${fontSize}" font-weight="bold" fill="${ink(fileColor)}">${fileLetter(i, scene.flipped)}</text>`);
      parts.push(`<text x="${x0 + fontSize * 0.25}" y="${y0 + i * square + fontSize * 1.05}" font-family="${scene.coordinateFont}" font-size="${fontSize}" font-weight="bold" fill="${ink(rankColor)}">${rankNumber(i, scene.flipped)}</text>`);
    }
  }
  const inset = (1 - scene.pieceScale) / 2;
  for (let index = 0; index < 64; index++) {
    const piece = squares[index];
    if (!piece) continue;
    const x = x0 + ((index & 7) + inset) * square;
    const y = y0 + ((index >> 3) + inset) * square;
    parts.push(pieces.draw(piece, x, y, square * scene.pieceScale));
  }
  for (const circle of scene.circles) {
    parts.push(`<circle cx="${x0 + (circle.at.column + 0.5) * square}" cy="${y0 + (circle.at.row + 0.5) * square}" r="${square * 0.45}" fill="none" stroke="${circle.color}" stroke-width="${square * 0.07}" stroke-opacity="${circle.opacity.toFixed(2)}"/>`);
  }
  for (const arrow of scene.arrows) parts.push(arrowPolygon(arrow, square, x0, y0));
  if (scene.coordinates === 'outside') {
    const fontSize = Math.max(8, Math.min(scene.margin[3], scene.margin[2]) * 0.6);
    const ink = ['#ffffff', '#f2f3f5'].includes(scene.background) ? '#333333' : '#bbbbbb';
    for (let i = 0; i < 8; i++) {
      parts.push(`<text x="${x0 + (i + 0.5) * square}" y="${y0 + size + scene.frame + fontSize * 1.1}" text-anchor="middle" font-family="${scene.coordinateFont}" font-size="${fontSize}" fill="${ink}">${fileLetter(i, scene.flipped)}</text>`);
      parts.push(`<text x="${left - fontSize * 0.4}" y="${y0 + (i + 0.5) * square + fontSize * 0.35}" text-anchor="end" font-family="${scene.coordinateFont}" font-size="${fontSize}" fill="${ink}">${rankNumber(i, scene.flipped)}</text>`);
    }
  }
  parts.push('</svg>');
  return { svg: parts.join(''), width, height, box: { x: x0, y: y0, width: size, height: size } };
}

/** Draws the scene, then rescales, blurs and compresses it as the scene says. */
export async function renderScene(scene: Scene): Promise<RenderedBoard> {
  const drawn = sceneSvg(scene);
  const theme = findTheme(scene.theme)!;
  const fontFiles = [...pieceSet(scene.pieceSet).fontFiles];
  const raster = new Resvg(drawn.svg, { font: { loadSystemFonts: true, fontFiles, defaultFontFamily: 'DejaVu Sans' } }).render();
  const finalWidth = Math.max(1, Math.round(drawn.width * scene.rescale));
  const finalHeight = Math.max(1, Math.round(drawn.height * scene.rescale));
  let image = sharp(Buffer.from(raster.pixels), { raw: { width: raster.width, height: raster.height, channels: 4 } });
  if (finalWidth !== drawn.width || finalHeight !== drawn.height) image = image.resize(finalWidth, finalHeight, { fit: 'fill', kernel: 'lanczos3' });
  if (theme.printed) image = image.grayscale();
  if (scene.blur > 0.3) image = image.blur(scene.blur);
  image = image.flatten({ background: '#ffffff' });
  const format = scene.jpegQuality ? 'jpeg' : 'png';
  const bytes = format === 'jpeg' ? await image.jpeg({ quality: scene.jpegQuality }).toBuffer() : await image.png().toBuffer();
  const decoded = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const sx = decoded.info.width / drawn.width;
  const sy = decoded.info.height / drawn.height;
  return {
    scene,
    bytes,
    format,
    picture: { width: decoded.info.width, height: decoded.info.height, rgba: new Uint8Array(decoded.data.buffer, decoded.data.byteOffset, decoded.data.length) },
    box: { x: drawn.box.x * sx, y: drawn.box.y * sy, width: drawn.box.width * sx, height: drawn.box.height * sy },
    squares: pictureOrder(scene.placement, scene.flipped),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '8' },
      split: { type: 'string', default: 'train' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string', default: 'bench/out/vision/samples' },
    },
  });
  const split = values.split === 'test' ? 'test' : 'train';
  const { mulberry32 } = await import('../../test/support/random.ts');
  const random = mulberry32(Number(values.seed));
  mkdirSync(values.out, { recursive: true });
  const truth: unknown[] = [];
  for (let i = 0; i < Number(values.count); i++) {
    const board = await renderScene(randomScene(random, split));
    const name = `${split}-${String(i).padStart(4, '0')}.${board.format === 'jpeg' ? 'jpg' : 'png'}`;
    writeFileSync(join(values.out, name), board.bytes);
    truth.push({ file: name, placement: board.scene.placement, flipped: board.scene.flipped, box: board.box, scene: board.scene });
  }
  writeFileSync(join(values.out, 'truth.json'), `${JSON.stringify(truth, null, 1)}\n`);
  process.stdout.write(`${truth.length} boards in ${values.out}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
