// Reads the files of scored positions that tune:generate and nnue:label write, one per line:
//   <fen>;<score, centipawns for the side to move>;<best move (UCI) or "-">;<result for white (1, 0.5, 0) or "-">

import { readFileSync } from 'node:fs';

export interface ScoredPosition {
  fen: string;
  /** The FEN's fields. */
  fields: string[];
  score: number;
  best: string;
  result: string;
  /** Which game the position came from, counting from 1 over all the files. */
  game: number;
}

/** What a read went through: lines, and games (for the caller's report). */
export interface ReadCounts { lines: number; games: number }

/**
 * The positions of `files`, each once (by placement, side to move, castling and en passant), and
 * without mate scores (|score| of 2000 or more). Positions of one game are alike, so callers hold
 * positions out by whole games: a game's lines are written together, and the move number only
 * goes back when the next one starts.
 */
export function* scoredPositions(files: readonly string[], counts: ReadCounts = { lines: 0, games: 0 }): Generator<ScoredPosition> {
  const seen = new Set<string>();
  let lastPly = Infinity;
  for (const file of files) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line === '') continue;
      counts.lines++;
      const [fen, scoreText, best, result] = line.split(';');
      const fields = fen.split(' ');
      const ply = Number(fields[5]) * 2 + (fields[1] === 'b' ? 1 : 0);
      if (ply <= lastPly) counts.games++;
      lastPly = ply;
      const score = Number(scoreText);
      if (!Number.isFinite(score) || Math.abs(score) >= 2000 || best === undefined || result === undefined) continue;
      const key = fields.slice(0, 4).join(' ');
      if (seen.has(key)) continue;
      seen.add(key);
      yield { fen, fields, score, best, result, game: counts.games };
    }
  }
}
