// A coordinate label's shape as a small feature vector, and its nearest character among the
// committed templates (glyphTemplates.ts, made by bench/vision/make-glyph-templates.ts with this
// same function, so a template and a glyph in a picture are measured alike).

import { GLYPH_TEMPLATES } from './glyphTemplates.ts';

/** The grid a glyph's bounding box is sampled on. */
export const GLYPH_COLUMNS = 8;
export const GLYPH_ROWS = 10;

/** A glyph's shape: ink coverage on the grid (row-major) and its bounding box's width over height. */
export interface GlyphShape {
  readonly grid: Float32Array;
  readonly aspect: number;
}

/**
 * The shape of the ink in `ink` (values 0..1, `width`×`height`, row-major) inside the box
 * [x0, x1) × [y0, y1): each grid cell is the mean ink of the pixels it covers (area-weighted).
 */
export function glyphShape(ink: Float32Array, width: number, x0: number, y0: number, x1: number, y1: number): GlyphShape {
  const grid = new Float32Array(GLYPH_COLUMNS * GLYPH_ROWS);
  const weight = new Float32Array(GLYPH_COLUMNS * GLYPH_ROWS);
  const bw = x1 - x0;
  const bh = y1 - y0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      // Spread each pixel over the cells it overlaps (a pixel is 1 unit; a cell bw/COLUMNS units).
      const v = ink[y * width + x]!;
      const gx0 = ((x - x0) * GLYPH_COLUMNS) / bw;
      const gx1 = ((x + 1 - x0) * GLYPH_COLUMNS) / bw;
      const gy0 = ((y - y0) * GLYPH_ROWS) / bh;
      const gy1 = ((y + 1 - y0) * GLYPH_ROWS) / bh;
      for (let gy = Math.floor(gy0); gy < Math.min(GLYPH_ROWS, Math.ceil(gy1)); gy++) {
        const oy = Math.min(gy + 1, gy1) - Math.max(gy, gy0);
        if (oy <= 0) continue;
        for (let gx = Math.floor(gx0); gx < Math.min(GLYPH_COLUMNS, Math.ceil(gx1)); gx++) {
          const ox = Math.min(gx + 1, gx1) - Math.max(gx, gx0);
          if (ox <= 0) continue;
          grid[gy * GLYPH_COLUMNS + gx]! += v * ox * oy;
          weight[gy * GLYPH_COLUMNS + gx]! += ox * oy;
        }
      }
    }
  }
  for (let i = 0; i < grid.length; i++) if (weight[i]! > 0) grid[i]! /= weight[i]!;
  return { grid, aspect: bw / bh };
}

/** How alike two shapes are: the grids' correlation, less a penalty for a different aspect. */
export function shapeSimilarity(a: GlyphShape, b: GlyphShape): number {
  const n = a.grid.length;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a.grid[i]!;
    mb += b.grid[i]!;
  }
  ma /= n;
  mb /= n;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    const da = a.grid[i]! - ma;
    const db = b.grid[i]! - mb;
    ab += da * db;
    aa += da * da;
    bb += db * db;
  }
  const correlation = aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
  return correlation - 0.5 * Math.abs(Math.log(a.aspect / b.aspect));
}

/** The characters a board's coordinates use. */
export const RANK_CHARACTERS = '12345678';
export const FILE_CHARACTERS = 'abcdefgh';

export interface CharacterMatch {
  readonly character: string;
  readonly similarity: number;
  /** How much better than the next best character. */
  readonly margin: number;
}

/** The nearest of `characters` to the shape, over every template font. */
export function nearestCharacter(shape: GlyphShape, characters: string): CharacterMatch {
  const best = new Map<string, number>();
  for (const template of templates()) {
    if (!characters.includes(template.character)) continue;
    const similarity = shapeSimilarity(shape, template.shape);
    if (similarity > (best.get(template.character) ?? -Infinity)) best.set(template.character, similarity);
  }
  const ranked = [...best].sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  if (!first) return { character: '', similarity: -Infinity, margin: 0 };
  return { character: first[0], similarity: first[1], margin: first[1] - (second?.[1] ?? -1) };
}

interface Template {
  readonly character: string;
  readonly shape: GlyphShape;
}

let decoded: Template[] | null = null;

/** The committed templates, decoded once: each grid value is one character '0'-'9' (tenths). */
function templates(): Template[] {
  decoded ??= GLYPH_TEMPLATES.map(([character, aspect, cells]) => ({
    character,
    shape: { aspect, grid: Float32Array.from(cells, (c) => (c.charCodeAt(0) - 48) / 9) },
  }));
  return decoded;
}
