// The piece sets the board renderer draws with (free licences, recorded in bench/vision/README.md),
// fetched into a gitignored cache once: Debian's packages by `apt-get download` then `dpkg -x`,
// Lichess's sets file by file from GitHub at a pinned commit, each checked against its SHA-256.
// Nothing here is shipped: only the weights trained on what it draws are.
//
//   node --import tsx bench/vision/sources.ts   (fetches what is missing; train.sh runs it)

import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PieceLetter } from '../../src/vision/types.ts';
import { LILA_SETS, pieceUrl } from './lila-pieces.ts';
import { PIECE_SETS, type PieceSetSource } from './styles.ts';

export const CACHE = join(import.meta.dirname, '.cache');
const ROOT = join(CACHE, 'root');
const PACKAGES = ['pychess', 'xboard'] as const;

const PYCHESS_PIECES = join(ROOT, 'usr/share/pychess/pieces');
const XBOARD_PIECES = join(ROOT, 'usr/share/games/xboard/themes/default');

const LILA = join(CACHE, 'lila');

function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Fetches the Lichess sets' files the cache lacks (or holds altered) and refuses any whose bytes
 * are not the pinned ones: the training must draw what the licence table and the manifest name.
 */
export async function ensureLilaPieces(): Promise<void> {
  for (const set of LILA_SETS) {
    mkdirSync(join(LILA, set.name), { recursive: true });
    for (const [piece, hash] of Object.entries(set.files)) {
      const path = join(LILA, set.name, `${piece}.svg`);
      if (existsSync(path) && sha256(readFileSync(path)) === hash) continue;
      const url = pieceUrl(set.name, piece);
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      const bytes = Buffer.from(await response.arrayBuffer());
      if (sha256(bytes) !== hash) throw new Error(`${url}: not the pinned file (SHA-256 ${sha256(bytes)}, expected ${hash})`);
      writeFileSync(path, bytes);
    }
  }
}

/** Everything the renderer may draw with, fetched unless already there. */
export async function ensureSources(): Promise<void> {
  ensureDebianSources();
  await ensureLilaPieces();
}

/** Downloads and unpacks the packages unless already there; returns the unpacked root. */
export function ensureDebianSources(): string {
  if (existsSync(join(PYCHESS_PIECES, 'cburnett/wk.svg')) && existsSync(join(XBOARD_PIECES, 'WhiteKing.svg'))) return ROOT;
  const debs = join(CACHE, 'debs');
  mkdirSync(debs, { recursive: true });
  mkdirSync(ROOT, { recursive: true });
  execFileSync('apt-get', ['download', ...PACKAGES], { cwd: debs, stdio: ['ignore', 'ignore', 'inherit'] });
  for (const deb of readdirSync(debs).filter((name) => name.endsWith('.deb'))) {
    execFileSync('dpkg', ['-x', join(debs, deb), ROOT], { stdio: 'inherit' });
  }
  return ROOT;
}

const ROLE_NAMES: Record<string, string> = { p: 'Pawn', n: 'Knight', b: 'Bishop', r: 'Rook', q: 'Queen', k: 'King' };
const LETTERS: readonly PieceLetter[] = ['P', 'N', 'B', 'R', 'Q', 'K', 'p', 'n', 'b', 'r', 'q', 'k'];

function pieceFile(set: PieceSetSource, letter: PieceLetter): string {
  const white = letter === letter.toUpperCase();
  const role = letter.toLowerCase();
  if (set.package === 'xboard') return join(XBOARD_PIECES, `${white ? 'White' : 'Black'}${ROLE_NAMES[role]}.svg`);
  if (set.package === 'lila') return join(LILA, set.name.replace(/^lila-/, ''), `${white ? 'w' : 'b'}${role.toUpperCase()}.svg`);
  return join(PYCHESS_PIECES, set.name, `${white ? 'w' : 'b'}${role}.svg`);
}

/** Draws a piece of a set as SVG elements filling the square (x, y, side). */
export type PieceDrawer = (piece: PieceLetter, x: number, y: number, side: number) => string;

/** A piece set ready to draw, with the font files resvg must load for it (none for an SVG set). */
export interface PieceSet {
  readonly draw: PieceDrawer;
  readonly fontFiles: readonly string[];
}

// The diagram fonts' letters (pychess's gfx/Pieces.py): white p n b r q k, black o m v t w l.
const FONT_LETTERS: Record<string, string> = { P: 'p', N: 'n', B: 'b', R: 'r', Q: 'q', K: 'k', p: 'o', n: 'm', b: 'v', r: 't', q: 'w', k: 'l' };

/**
 * A few files (alpha's and magnetic's black pawn) lack the SVG namespace on their root, and resvg
 * then draws nothing: a square labelled with a pawn would show none. The namespace is added.
 */
function withNamespace(svg: string): string {
  return svg.replace(/<svg\b([^>]*)>/, (root, attributes: string) =>
    (/\sxmlns=/.test(attributes) ? root : `<svg xmlns="http://www.w3.org/2000/svg"${attributes}>`));
}

function svgSet(set: PieceSetSource): PieceSet {
  const images = {} as Record<PieceLetter, string>;
  for (const letter of LETTERS) {
    const file = pieceFile(set, letter);
    if (!existsSync(file)) throw new Error(`${file} is missing: run node --import tsx bench/vision/sources.ts`);
    const svg = withNamespace(readFileSync(file, 'utf8'));
    images[letter] = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  }
  return {
    draw: (piece, x, y, side) => `<image x="${x.toFixed(2)}" y="${y.toFixed(2)}" width="${side.toFixed(2)}" height="${side.toFixed(2)}" href="${images[piece]}"/>`,
    fontFiles: [],
  };
}

/**
 * A diagram font's glyphs are ink only: a white piece is its outline. Under each glyph goes the
 * black piece's silhouette in white, widened by a stroke that also closes its inner lines, so
 * that a piece is white inside on any square, as printed.
 */
function fontSet(set: PieceSetSource): PieceSet {
  const family = set.family!;
  return {
    draw: (piece, x, y, side) => {
      const silhouette = FONT_LETTERS[piece.toLowerCase()]!;
      const base = `x="${x.toFixed(2)}" y="${(y + side).toFixed(2)}" font-family="${family}" font-size="${side.toFixed(2)}"`;
      return `<text ${base} fill="#fff" stroke="#fff" stroke-width="${(side * 0.05).toFixed(2)}" stroke-linejoin="round">${silhouette}</text>`
        + `<text ${base} fill="#000">${FONT_LETTERS[piece]!}</text>`;
    },
    fontFiles: [join(PYCHESS_PIECES, 'ttf', `${set.name.replace(/^font-/, '')}.ttf`)],
  };
}

const loaded = new Map<string, PieceSet>();

export function pieceSet(name: string): PieceSet {
  const cached = loaded.get(name);
  if (cached) return cached;
  const set = PIECE_SETS.find((candidate) => candidate.name === name);
  if (!set) throw new Error(`unknown piece set "${name}"`);
  if (set.package !== 'lila') ensureDebianSources();
  const ready = set.package === 'pychess-font' ? fontSet(set) : svgSet(set);
  loaded.set(name, ready);
  return ready;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await ensureSources();
  process.stdout.write(`piece sets ready in ${CACHE}\n`);
}
