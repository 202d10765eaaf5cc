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

/** One line's fields, unchecked: `scoreText`, `best` and `result` are undefined when missing. */
export interface PositionLine {
  fen: string;
  fields: string[];
  scoreText: string | undefined;
  best: string | undefined;
  result: string | undefined;
}

export function splitPositionLine(line: string): PositionLine {
  const [fen, scoreText, best, result] = line.split(';');
  return { fen, fields: fen.split(' '), scoreText, best, result };
}

/**
 * Counts games in a stream of lines: a game's lines are written together, and its ply (from the
 * FEN's move number and side to move) only goes back when the next game starts.
 */
export class GameCounter {
  private lastPly = Infinity;

  /** Counts the line with these FEN fields; true when it starts a new game. */
  startsGame(fields: readonly string[], counts: { games: number }): boolean {
    const ply = Number(fields[5]) * 2 + (fields[1] === 'b' ? 1 : 0);
    const starts = ply <= this.lastPly;
    this.lastPly = ply;
    if (starts) counts.games++;
    return starts;
  }
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
  const games = new GameCounter();
  for (const file of files) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line === '') continue;
      counts.lines++;
      const { fen, fields, scoreText, best, result } = splitPositionLine(line);
      games.startsGame(fields, counts);
      const score = Number(scoreText);
      if (!Number.isFinite(score) || Math.abs(score) >= 2000 || best === undefined || result === undefined) continue;
      const key = fields.slice(0, 4).join(' ');
      if (seen.has(key)) continue;
      seen.add(key);
      yield { fen, fields, score, best, result, game: counts.games };
    }
  }
}
