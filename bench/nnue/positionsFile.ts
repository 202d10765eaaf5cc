// The lines of the files of scored positions that nnue:generate and nnue:label write, one per line:
//   <fen>;<score, centipawns for the side to move>;<best move (UCI) or "-">;<result for white (1, 0.5, 0) or "-">

/** One line's fields, unchecked: `scoreText`, `best` and `result` are undefined when missing. */
export interface PositionLine {
  fen: string;
  /** The FEN's fields. */
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
