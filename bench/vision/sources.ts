// The piece sets the board renderer draws with, fetched from Debian's packages (free licences,
// recorded in bench/vision/README.md): `apt-get download` then `dpkg -x` into a gitignored cache,
// once. Nothing here is shipped: only the weights trained on what it draws are.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PieceLetter } from '../../src/vision/types.ts';
import { PIECE_SETS, type PieceSetSource } from './styles.ts';

export const CACHE = join(import.meta.dirname, '.cache');
const ROOT = join(CACHE, 'root');
const PACKAGES = ['pychess', 'xboard'] as const;

const PYCHESS_PIECES = join(ROOT, 'usr/share/pychess/pieces');
const XBOARD_PIECES = join(ROOT, 'usr/share/games/xboard/themes/default');

/** Downloads and unpacks the packages unless already there; returns the unpacked root. */
export function ensureSources(): string {
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
  return join(PYCHESS_PIECES, set.name, `${white ? 'w' : 'b'}${role}.svg`);
}

/** A piece set's twelve pieces as SVG data URIs, ready for an <image href>. */
export type PieceImages = Readonly<Record<PieceLetter, string>>;

const loaded = new Map<string, PieceImages>();

export function pieceImages(name: string): PieceImages {
  const cached = loaded.get(name);
  if (cached) return cached;
  const set = PIECE_SETS.find((candidate) => candidate.name === name);
  if (!set) throw new Error(`unknown piece set "${name}"`);
  ensureSources();
  const images = {} as Record<PieceLetter, string>;
  for (const letter of LETTERS) {
    images[letter] = `data:image/svg+xml;base64,${readFileSync(pieceFile(set, letter)).toString('base64')}`;
  }
  loaded.set(name, images);
  return images;
}
