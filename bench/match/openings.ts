// Opening positions from an EPD file: one position per line, the four EPD fields (board, side,
// castling, en passant) then either the two FEN counters or EPD operations ("hmvc 0; fmvn 4;",
// "c0 ...;", ignored apart from hmvc and fmvn). Blank lines and lines starting with # are skipped.
// Every position is validated by our FEN parser; the first bad line is named.

import { makeFen, parseFen } from '../../src/chess/fen.ts';
import { hasLegalMoves } from '../../src/chess/status.ts';

export class OpeningsError extends Error {}

/** The FENs of the positions in `text` (canonical six-field FEN). */
export function parseEpd(text: string, source = 'openings'): string[] {
  const fens: string[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '' || line.startsWith('#')) continue;
    const where = `${source}:${i + 1}`;
    const fields = line.split(/\s+/);
    if (fields.length < 4) throw new OpeningsError(`${where}: expected at least the four EPD fields, got "${line}"`);
    let halfmoves = '0';
    let fullmoves = '1';
    const rest = fields.slice(4);
    if (rest.length >= 2 && /^\d+$/.test(rest[0]) && /^\d+$/.test(rest[1])) {
      [halfmoves, fullmoves] = rest;
    } else {
      const ops = line.split(/\s+/).slice(4).join(' ');
      const hmvc = /(?:^|;)\s*hmvc\s+(\d+)\s*;/.exec(ops);
      const fmvn = /(?:^|;)\s*fmvn\s+(\d+)\s*;/.exec(ops);
      if (hmvc) halfmoves = hmvc[1];
      if (fmvn) fullmoves = fmvn[1];
    }
    const fen = `${fields.slice(0, 4).join(' ')} ${halfmoves} ${fullmoves}`;
    let canonical: string;
    try {
      const pos = parseFen(fen);
      if (!hasLegalMoves(pos)) throw new Error('the game is already over in this position');
      canonical = makeFen(pos);
    } catch (error) {
      throw new OpeningsError(`${where}: ${(error as Error).message}`);
    }
    fens.push(canonical);
  }
  if (fens.length === 0) throw new OpeningsError(`${source}: no positions`);
  return fens;
}

/** A deterministic shuffle (mulberry32 + Fisher-Yates), so a seed always gives the same order. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed >>> 0;
  const random = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * The schedule of paired games: game g (0-based) plays opening floor(g / 2) (cycling through the
 * list) with engine 1 as White when g is even and as Black when g is odd.
 */
export function pairing(game: number, openings: number): { opening: number; engine1White: boolean } {
  return { opening: Math.floor(game / 2) % openings, engine1White: game % 2 === 0 };
}
