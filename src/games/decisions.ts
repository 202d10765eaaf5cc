// Draws and resignation, decided from the engine's recent evaluations (from our side) and the
// material left. Never accept a draw while clearly ahead; offer one only in dead-drawn endings;
// resign only when the config allows it and the evaluation has been hopeless for several moves.
// Where the endgame tablebase has spoken (./tablebase.ts), its verdict decides instead: a win is
// never given up for a draw, a draw is accepted or offered, a loss is resigned when resigning is on.

import type { Position } from '../chess/position.ts';
import { isInsufficientMaterial } from '../chess/status.ts';
import { BISHOP, BLACK, KNIGHT, QUEEN, ROOK, WHITE, makePiece } from '../chess/types.ts';
import type { LichessSettings } from '../config/types.ts';
import type { Score } from '../search/play/index.ts';
import type { TablebaseVerdict } from './tablebase.ts';

/** A mate score as centipawns: beyond any material evaluation, nearer mates larger. */
const MATE_CP = 100_000;

export type DrawResignSettings = Pick<LichessSettings, 'draw' | 'resign'>;

/** Our evaluations after each of our searches, most recent last (book moves add none). */
export class ScoreHistory {
  private readonly scores: number[] = [];

  push(score: Score): void {
    this.scores.push(scoreToCp(score));
    if (this.scores.length > 200) this.scores.shift();
  }

  get last(): number | null {
    return this.scores.at(-1) ?? null;
  }

  /** The last `n` scores, or null when there are fewer. */
  lastN(n: number): readonly number[] | null {
    return this.scores.length >= n ? this.scores.slice(-n) : null;
  }
}

export function scoreToCp(score: Score): number {
  if ('cp' in score) return score.cp;
  return score.mate > 0 ? MATE_CP - score.mate : -MATE_CP - score.mate;
}

/** "+0.35", "-1.20", "#3", "#-2": for the chat. */
export function formatScore(score: Score): string {
  if ('mate' in score) return `#${score.mate}`;
  return `${score.cp >= 0 ? '+' : ''}${(score.cp / 100).toFixed(2)}`;
}

/**
 * No queens, and at most a rook's worth of pieces a side (pawns aside): endings where a balanced
 * evaluation rarely changes.
 */
export function littleMaterial(position: Position): boolean {
  const m = position.material;
  for (const color of [WHITE, BLACK]) {
    if (m[makePiece(color, QUEEN)] > 0) return false;
    const pieces = 5 * m[makePiece(color, ROOK)] + 3 * (m[makePiece(color, BISHOP)] + m[makePiece(color, KNIGHT)]);
    if (pieces > 5) return false;
  }
  return true;
}

/** Neither side can win: mating material gone, or a balanced evaluation held in a thin ending. */
export function isDeadDrawn(settings: DrawResignSettings, history: ScoreHistory, position: Position): boolean {
  if (isInsufficientMaterial(position)) return true;
  const recent = history.lastN(settings.draw.deadDrawMoves);
  return recent !== null && littleMaterial(position) && recent.every((cp) => Math.abs(cp) <= settings.draw.deadDrawCp);
}

/**
 * Accept the opponent's draw offer? Yes when we are worse, or the position is dead drawn; with a
 * tablebase verdict, yes unless it is a win.
 */
export function acceptsDraw(
  settings: DrawResignSettings, history: ScoreHistory, position: Position, verdict: TablebaseVerdict | null = null,
): boolean {
  if (!settings.draw.accept) return false;
  if (isInsufficientMaterial(position)) return true;
  if (verdict !== null) return verdict !== 'win';
  const last = history.last;
  if (last === null) return false;
  return last <= settings.draw.acceptAtOrBelowCp || isDeadDrawn(settings, history, position);
}

/** Offer a draw with our move? Only in dead-drawn endings, or a tablebase draw. */
export function offersDraw(
  settings: DrawResignSettings, history: ScoreHistory, position: Position, verdict: TablebaseVerdict | null = null,
): boolean {
  if (!settings.draw.offer) return false;
  if (verdict !== null) return verdict === 'draw';
  return isDeadDrawn(settings, history, position);
}

/**
 * Resign instead of moving? Only when allowed, and hopeless for `resign.moves` searches in a row
 * or lost in the tablebase (whose verdict overrides the evaluations).
 */
export function resigns(settings: DrawResignSettings, history: ScoreHistory, verdict: TablebaseVerdict | null = null): boolean {
  if (!settings.resign.enabled) return false;
  if (verdict !== null) return verdict === 'loss';
  const recent = history.lastN(settings.resign.moves);
  return recent !== null && recent.every((cp) => cp <= settings.resign.atOrBelowCp);
}
