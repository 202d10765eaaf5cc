// Writes the committed test set, bench/vision/testset/: pictures the classifier never trained
// on (only the TEST piece sets and board themes of styles.ts), as people post them: boards alone
// and in screenshots (a side panel of text and boxes, an avatar), printed diagrams, coordinates
// inside and outside, highlights and arrows, boards seen from Black's side, 150-1600 px, PNG,
// JPEG and WebP; and a few pictures with no board at all. labels.json holds the truth.
//
//   node --import tsx bench/vision/make-testset.ts            (deterministic: same seed, same files)

import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import { mulberry32 } from '../../test/support/random.ts';
import type { BoardBox } from '../../src/vision/types.ts';
import { type Random, pick } from './positions.ts';
import { type Scene, randomScene, renderScene } from './render.ts';

export const TESTSET = join(import.meta.dirname, 'testset');
const SEED = 96;
const FONT_FILES = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'];

/** One picture's truth. */
export interface TestLabel {
  readonly file: string;
  /** False for a picture with no chessboard. */
  readonly board: boolean;
  /** The FEN's first field (empty when there is no board). */
  readonly placement: string;
  readonly flipped: boolean;
  /** Where the picture shows coordinates: a board seen from Black's side with none must be told. */
  readonly coordinates: 'none' | 'inside' | 'outside';
  readonly box: BoardBox | null;
  /** What the picture is, in a few words. */
  readonly kind: string;
}

type Format = 'png' | 'jpeg' | 'webp';

/** Outside labels sized as sites draw them: the renderer's margin for them, not a huge one. */
function tidyScene(scene: Scene, random: Random): Scene {
  if (scene.coordinates !== 'outside') return scene;
  const room = Math.round(scene.size * (0.05 + 0.03 * random()));
  const [top, right] = scene.margin;
  return { ...scene, margin: [top, right, room, room] };
}

async function encode(image: sharp.Sharp, format: Format, quality: number): Promise<Buffer> {
  if (format === 'jpeg') return image.jpeg({ quality }).toBuffer();
  if (format === 'webp') return image.webp({ quality }).toBuffer();
  return image.png({ compressionLevel: 9 }).toBuffer();
}

/** A scene drawn as the renderer draws it, re-encoded as WebP now and then, or when a PNG is large. */
async function plainBoard(scene: Scene, random: Random): Promise<{ bytes: Buffer; format: Format; box: BoardBox }> {
  const rendered = await renderScene(scene);
  let format: Format = rendered.format;
  let bytes = rendered.bytes;
  if (random() < 0.25 || (format === 'png' && bytes.length > 120_000)) {
    format = 'webp';
    bytes = await encode(sharp(bytes), 'webp', Math.round(70 + random() * 25));
  }
  return { bytes, format, box: rendered.box };
}

const MOVES = ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Ba4', 'Nf6', 'O-O', 'Be7', 'Re1', 'b5', 'Bb3', 'd6', 'c3', 'O-O', 'h3', 'Nb8', 'd4', 'Nbd7'];

/** A side panel as sites draw one: players, clocks, a move list, buttons, an avatar. */
function panelSvg(width: number, height: number, dark: boolean, random: Random): string {
  const bg = dark ? '#262421' : '#f7f6f5';
  const ink = dark ? '#bababa' : '#333333';
  const box = dark ? '#3a3835' : '#e2e2e2';
  const font = Math.max(10, Math.round(height / 32));
  const parts = [`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${bg}"/>`];
  // An avatar: soft blobs, like a small photo.
  const avatar = Math.round(font * 3);
  parts.push(`<defs><radialGradient id="av"><stop offset="0" stop-color="#d9a066"/><stop offset="1" stop-color="#4a6d8c"/></radialGradient></defs>`);
  parts.push(`<rect x="${font}" y="${font}" width="${avatar}" height="${avatar}" rx="${font / 2}" fill="url(#av)"/>`);
  parts.push(`<text x="${font * 2 + avatar}" y="${font * 2.2}" font-family="DejaVu Sans" font-size="${font}" fill="${ink}">Player${Math.floor(random() * 900 + 100)} (${Math.floor(1500 + random() * 1000)})</text>`);
  parts.push(`<rect x="${font}" y="${font * 2 + avatar}" width="${width - 2 * font}" height="${font * 2.2}" fill="${box}"/>`);
  parts.push(`<text x="${font * 1.5}" y="${font * 3.6 + avatar}" font-family="DejaVu Sans Mono" font-size="${font * 1.4}" fill="${ink}">${Math.floor(random() * 10)}:${String(Math.floor(random() * 60)).padStart(2, '0')}</text>`);
  const start = font * 6 + avatar;
  const count = Math.floor((height - start - font * 4) / (font * 1.6));
  for (let i = 0; i < count; i++) {
    const y = start + i * font * 1.6;
    if (i % 2 === 0) parts.push(`<rect x="${font}" y="${y - font * 1.1}" width="${width - 2 * font}" height="${font * 1.6}" fill="${box}" opacity="0.5"/>`);
    parts.push(`<text x="${font * 1.5}" y="${y}" font-family="DejaVu Sans" font-size="${font}" fill="${ink}">${i + 1}.  ${pick(random, MOVES)}   ${pick(random, MOVES)}</text>`);
  }
  for (let i = 0; i < 4; i++) {
    parts.push(`<rect x="${font + i * (width - 2 * font) / 4}" y="${height - font * 3}" width="${(width - 2 * font) / 4 - 4}" height="${font * 2}" rx="3" fill="${box}"/>`);
  }
  parts.push('</svg>');
  return parts.join('');
}

function rasterize(svg: string): Buffer {
  return new Resvg(svg, { font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' } }).render().asPng();
}

/** A board in a screenshot: the scene drawn clean, a panel beside it, then scaled and compressed. */
async function screenshot(scene: Scene, random: Random): Promise<{ bytes: Buffer; format: Format; box: BoardBox }> {
  const clean = await renderScene({ ...scene, rescale: 1, blur: 0, jpegQuality: 0 });
  const meta = await sharp(clean.bytes).metadata();
  const width = meta.width!;
  const height = meta.height!;
  const panelWidth = Math.round(height * (0.45 + 0.3 * random()));
  const bar = random() < 0.5 ? Math.round(height * 0.06) : 0;
  const dark = random() < 0.6;
  const canvasWidth = width + panelWidth;
  const canvasHeight = height + bar;
  const panelLeft = random() < 0.75;
  const boardX = panelLeft ? 0 : panelWidth;
  const top = `<svg xmlns="http://www.w3.org/2000/svg" width="${canvasWidth}" height="${Math.max(1, bar)}"><rect width="100%" height="100%" fill="${dark ? '#161512' : '#ffffff'}"/>`
    + `<text x="12" y="${bar * 0.7}" font-family="DejaVu Sans" font-weight="bold" font-size="${bar * 0.55}" fill="${dark ? '#999' : '#555'}">lichess.org   PLAY   PUZZLES   LEARN   WATCH</text></svg>`;
  const composed = await sharp({ create: { width: canvasWidth, height: canvasHeight, channels: 4, background: dark ? '#161512' : '#ffffff' } })
    .composite([
      ...(bar ? [{ input: rasterize(top), left: 0, top: 0 }] : []),
      { input: clean.bytes, left: boardX, top: bar },
      { input: rasterize(panelSvg(panelWidth, height, dark, random)), left: panelLeft ? width : 0, top: bar },
    ])
    .png()
    .toBuffer();
  const scale = Math.min(1, 1800 / canvasWidth) * (random() < 0.5 ? 1 : 0.7 + 0.3 * random());
  let image = sharp(composed);
  const finalWidth = Math.round(canvasWidth * scale);
  const finalHeight = Math.round(canvasHeight * scale);
  if (scale !== 1) image = image.resize(finalWidth, finalHeight, { fit: 'fill', kernel: 'lanczos3' });
  image = image.flatten({ background: '#ffffff' });
  const format: Format = pick(random, ['jpeg', 'jpeg', 'webp', 'png'] as const);
  const bytes = await encode(image, format, Math.round(60 + random() * 35));
  const sx = finalWidth / canvasWidth;
  const sy = finalHeight / canvasHeight;
  return {
    bytes,
    format,
    box: { x: (clean.box.x + boardX) * sx, y: (clean.box.y + bar) * sy, width: clean.box.width * sx, height: clean.box.height * sy },
  };
}

/** Pictures with no chessboard: a photo-like one, text, a flat colour, grids that are not 8×8. */
async function noBoards(random: Random): Promise<Array<{ kind: string; bytes: Buffer; format: Format }>> {
  const out: Array<{ kind: string; bytes: Buffer; format: Format }> = [];
  // Photo-like: smooth colour blobs and grain.
  {
    const w = 640;
    const h = 480;
    const blobs = Array.from({ length: 25 }, () => [random() * w, random() * h, random() * 255, 20 + random() * 90] as const);
    const rgb = Buffer.alloc(w * h * 3);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let v = 0;
        let weight = 0;
        for (const [bx, by, c, r] of blobs) {
          const d = Math.exp(-((x - bx) ** 2 + (y - by) ** 2) / (2 * r * r));
          v += d * c;
          weight += d;
        }
        const g = Math.max(0, Math.min(255, v / (weight + 1e-6) + (random() - 0.5) * 24));
        const i = (y * w + x) * 3;
        rgb[i] = g;
        rgb[i + 1] = Math.min(255, g * 0.8 + 30);
        rgb[i + 2] = 255 - g;
      }
    }
    out.push({ kind: 'photo-like', bytes: await sharp(rgb, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 80 }).toBuffer(), format: 'jpeg' });
  }
  // A chat screenshot: lines of text.
  {
    const words = 'mate in three white to play is this winning what about the knight sacrifice nice puzzle'.split(' ');
    const lines: string[] = [];
    for (let i = 0; i < 30; i++) {
      lines.push(`<text x="16" y="${28 + i * 24}" font-family="DejaVu Sans" font-size="15" fill="#dbdee1">${Array.from({ length: 9 }, () => pick(random, words)).join(' ')}</text>`);
    }
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="760"><rect width="100%" height="100%" fill="#313338"/>${lines.join('')}</svg>`;
    out.push({ kind: 'text screenshot', bytes: await sharp(rasterize(svg)).webp({ quality: 80 }).toBuffer(), format: 'webp' });
  }
  out.push({ kind: 'flat colour', bytes: await sharp({ create: { width: 400, height: 300, channels: 3, background: '#7a9cc6' } }).png().toBuffer(), format: 'png' });
  const checker = (n: number, square: number, light: string, dark: string): string => {
    const cells: string[] = [];
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) cells.push(`<rect x="${20 + c * square}" y="${20 + r * square}" width="${square}" height="${square}" fill="${(r + c) % 2 ? dark : light}"/>`);
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${n * square + 40}" height="${n * square + 40}"><rect width="100%" height="100%" fill="#ffffff"/>${cells.join('')}</svg>`;
  };
  out.push({ kind: '10x10 draughts board', bytes: await sharp(rasterize(checker(10, 44, '#f0d9b5', '#b58863'))).jpeg({ quality: 85 }).toBuffer(), format: 'jpeg' });
  out.push({ kind: '12x12 checker', bytes: await sharp(rasterize(checker(12, 30, '#eeeeee', '#555555'))).png().toBuffer(), format: 'png' });
  // A spreadsheet: equal columns and rows of grid lines, numbers in the cells.
  {
    const parts = [`<svg xmlns="http://www.w3.org/2000/svg" width="900" height="620"><rect width="100%" height="100%" fill="#ffffff"/>`];
    for (let r = 0; r <= 31; r++) parts.push(`<line x1="0" x2="900" y1="${r * 20 + 0.5}" y2="${r * 20 + 0.5}" stroke="#c8c8c8"/>`);
    for (let c = 0; c <= 14; c++) parts.push(`<line y1="0" y2="620" x1="${c * 64 + 0.5}" x2="${c * 64 + 0.5}" stroke="#c8c8c8"/>`);
    for (let r = 0; r < 31; r++) for (let c = 0; c < 14; c++) if (random() < 0.6) parts.push(`<text x="${c * 64 + 4}" y="${r * 20 + 15}" font-family="DejaVu Sans" font-size="12">${Math.floor(random() * 10000)}</text>`);
    parts.push('</svg>');
    out.push({ kind: 'spreadsheet', bytes: await sharp(rasterize(parts.join(''))).png().toBuffer(), format: 'png' });
  }
  // Graph paper: square cells of thin lines.
  {
    const parts = [`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="100%" height="100%" fill="#fdfdf5"/>`];
    for (let i = 0; i <= 20; i++) parts.push(`<line x1="0" x2="600" y1="${i * 30}" y2="${i * 30}" stroke="#88aacc"/><line y1="0" y2="600" x1="${i * 30}" x2="${i * 30}" stroke="#88aacc"/>`);
    parts.push('</svg>');
    out.push({ kind: 'graph paper', bytes: await sharp(rasterize(parts.join(''))).jpeg({ quality: 75 }).toBuffer(), format: 'jpeg' });
  }
  return out;
}

async function main(): Promise<void> {
  const random = mulberry32(SEED);
  mkdirSync(TESTSET, { recursive: true });
  for (const name of readdirSync(TESTSET)) rmSync(join(TESTSET, name));
  const labels: TestLabel[] = [];
  let bytesTotal = 0;
  const save = (stem: string, bytes: Buffer, format: Format, label: Omit<TestLabel, 'file'>): void => {
    const file = `${stem}.${format === 'jpeg' ? 'jpg' : format}`;
    writeFileSync(join(TESTSET, file), bytes);
    bytesTotal += bytes.length;
    labels.push({ file, ...label });
  };
  const boardLabel = (scene: Scene, box: BoardBox, kind: string): Omit<TestLabel, 'file'> => ({
    board: true,
    placement: scene.placement,
    flipped: scene.flipped,
    coordinates: scene.coordinates,
    box: { x: round2(box.x), y: round2(box.y), width: round2(box.width), height: round2(box.height) },
    kind: `${kind}: ${scene.theme}, ${scene.pieceSet}, ${Math.round(box.width)} px`,
  });

  let n = 0;
  const stem = (): string => String(n++).padStart(3, '0');
  // Boards as the renderer draws them, most sizes kept modest so the set stays small.
  for (let i = 0; i < 52; i++) {
    const scene = tidyScene(randomScene(random, 'test', { maxSize: i % 8 === 0 ? 1600 : 700 }), random);
    const board = await plainBoard(scene, random);
    save(stem(), board.bytes, board.format, boardLabel(scene, board.box, 'board'));
  }
  // Printed diagrams.
  for (let i = 0; i < 12; i++) {
    const scene = tidyScene(randomScene(random, 'test', { theme: 'printed-bold', maxSize: 800 }), random);
    const board = await plainBoard(scene, random);
    save(stem(), board.bytes, board.format, boardLabel(scene, board.box, 'printed'));
  }
  // Seen from Black's side, with coordinates that say so.
  for (let i = 0; i < 10; i++) {
    const drawn = randomScene(random, 'test', { maxSize: 800 });
    const scene = tidyScene({ ...drawn, flipped: true, coordinates: i % 3 === 2 ? 'outside' : 'inside' }, random);
    const board = await plainBoard(scene, random);
    save(stem(), board.bytes, board.format, boardLabel(scene, board.box, 'flipped'));
  }
  // Screenshots: the board beside a panel, a site's bar above.
  for (let i = 0; i < 18; i++) {
    const scene = tidyScene(randomScene(random, 'test', { minSize: 200, maxSize: 900 }), random);
    const shot = await screenshot(scene, random);
    save(stem(), shot.bytes, shot.format, boardLabel(scene, shot.box, 'screenshot'));
  }
  for (const picture of await noBoards(random)) {
    save(stem(), picture.bytes, picture.format, { board: false, placement: '', flipped: false, coordinates: 'none', box: null, kind: picture.kind });
  }
  writeFileSync(join(TESTSET, 'labels.json'), `${JSON.stringify(labels, null, 1)}\n`);
  process.stdout.write(`${labels.length} pictures, ${(bytesTotal / 1e6).toFixed(2)} MB in ${TESTSET}\n`);
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
