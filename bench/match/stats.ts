// What a match produced: per-game records, their totals from engine 1's point of view, per-engine
// tallies (time losses, illegal moves, crashes, hangs, depth, nodes per second, the lowest clock),
// and the text and JSON the runner prints. Pure.

import { type EloEstimate, estimateElo, formatElo } from './elo.ts';
import type { GameEnd, Reason } from './game.ts';

export interface MoveStat {
  /** 0: engine 1, 1: engine 2. */
  engine: 0 | 1;
  elapsedMs: number;
  /** The depth of the last info line, left out when the score was a mate (engines then report huge depths). */
  depth?: number;
  nodes?: number;
  /** The mover's clock after the move, before the increment (negative on a flag). */
  remainingMs: number;
}

export interface GameRecord {
  /** 1-based game number (the PGN Round). */
  round: number;
  /** 0-based index into the opening list. */
  opening: number;
  engine1White: boolean;
  /** How it ended; null when it did not (the match was interrupted). */
  end: GameEnd | null;
  plies: number;
  moves: MoveStat[];
  /** Extra lines for the progress output (e.g. the stderr of a crashed engine). */
  notes?: string[];
}

export interface EngineTally {
  name: string;
  /** Flags (clock below zero), including the rare one scored as a draw because the opponent could not mate. */
  timeLosses: number;
  illegalMoves: number;
  crashes: number;
  hangs: number;
  moves: number;
  thinkMs: number;
  depthSum: number;
  depthMoves: number;
  nodes: number;
  /** Wall-clock ms of the moves whose node count the engine reported. */
  nodesMs: number;
  minRemainingMs: number;
}

export interface Summary {
  names: [string, string];
  games: number;
  wins: number;
  draws: number;
  losses: number;
  estimate: EloEstimate;
  /** Finished games by how they ended. */
  reasons: Partial<Record<Reason, number>>;
  engines: [EngineTally, EngineTally];
  /** Games that were still going when the match was interrupted (not counted). */
  unfinished: number;
}

/** Engine 1's points in a finished game (null when it did not finish). */
export function engine1Points(record: GameRecord): number | null {
  if (record.end === null) return null;
  const { result } = record.end;
  if (result === '1/2-1/2') return 0.5;
  const whiteWon = result === '1-0';
  return whiteWon === record.engine1White ? 1 : 0;
}

/** Which engine (0 or 1) played the colour that lost (or flagged), if any. */
function loserEngine(record: GameRecord): 0 | 1 | null {
  const loser = record.end?.loser;
  if (loser === null || loser === undefined) return null;
  const engine1Colour = record.engine1White ? 0 : 1;
  return loser === engine1Colour ? 0 : 1;
}

function emptyTally(name: string): EngineTally {
  return { name, timeLosses: 0, illegalMoves: 0, crashes: 0, hangs: 0, moves: 0, thinkMs: 0, depthSum: 0, depthMoves: 0, nodes: 0, nodesMs: 0, minRemainingMs: Infinity };
}

export function summarize(names: [string, string], records: readonly GameRecord[]): Summary {
  let wins = 0;
  let draws = 0;
  let losses = 0;
  let unfinished = 0;
  const reasons: Partial<Record<Reason, number>> = {};
  const engines: [EngineTally, EngineTally] = [emptyTally(names[0]), emptyTally(names[1])];
  for (const record of records) {
    const points = engine1Points(record);
    if (points === null) {
      unfinished++;
      continue;
    }
    if (points === 1) wins++;
    else if (points === 0) losses++;
    else draws++;
    const reason = record.end!.reason;
    reasons[reason] = (reasons[reason] ?? 0) + 1;
    const loser = loserEngine(record);
    if (loser !== null) {
      const tally = engines[loser];
      if (reason === 'time-forfeit' || reason === 'time-forfeit-draw') tally.timeLosses++;
      else if (reason === 'illegal-move') tally.illegalMoves++;
      else if (reason === 'crash') tally.crashes++;
      else if (reason === 'hang') tally.hangs++;
    }
    for (const move of record.moves) {
      const tally = engines[move.engine];
      tally.moves++;
      tally.thinkMs += move.elapsedMs;
      if (move.depth !== undefined) {
        tally.depthSum += move.depth;
        tally.depthMoves++;
      }
      if (move.nodes !== undefined) {
        tally.nodes += move.nodes;
        tally.nodesMs += move.elapsedMs;
      }
      tally.minRemainingMs = Math.min(tally.minRemainingMs, move.remainingMs);
    }
  }
  return { names, games: wins + draws + losses, wins, draws, losses, estimate: estimateElo({ wins, draws, losses }), reasons, engines, unfinished };
}

export const averageDepth = (t: EngineTally): number | null => (t.depthMoves > 0 ? t.depthSum / t.depthMoves : null);
export const averageNps = (t: EngineTally): number | null => (t.nodesMs > 0 ? (t.nodes * 1000) / t.nodesMs : null);
export const averageMoveMs = (t: EngineTally): number | null => (t.moves > 0 ? t.thinkMs / t.moves : null);

/** "850k", "1.23M" nodes per second. */
export function formatNps(nps: number | null): string {
  if (nps === null) return '-';
  if (nps >= 1e6) return `${(nps / 1e6).toFixed(2)}M`;
  if (nps >= 1e3) return `${(nps / 1e3).toFixed(0)}k`;
  return nps.toFixed(0);
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** The running score as "W-D-L" from engine 1's view. */
export const wdlText = (s: { wins: number; draws: number; losses: number }): string => `${s.wins}-${s.draws}-${s.losses}`;

/** One line per game: number, opening, players, result, how it ended, length, engine 1's running W-D-L. */
export function progressLine(record: GameRecord, names: [string, string], totalGames: number, running: Summary): string {
  const [white, black] = record.engine1White ? names : [names[1], names[0]];
  const width = String(totalGames).length;
  const fullMoves = Math.ceil(record.plies / 2);
  const head = `game ${String(record.round).padStart(width)}/${totalGames}  opening ${record.opening + 1}  ${white} - ${black}`;
  const length = `${fullMoves} move${fullMoves === 1 ? '' : 's'}`;
  if (record.end === null) return `${head}  *  unfinished (interrupted) after ${length}`;
  return `${head}  ${record.end.result}  ${record.end.reason}: ${record.end.text}, ${length}  [${wdlText(running)}]`;
}

function formatClock(ms: number): string {
  if (!Number.isFinite(ms)) return '-';
  return `${(ms / 1000).toFixed(2)} s`;
}

/** The end-of-match report, line by line. */
export function formatSummary(summary: Summary, context: { tc: string; interrupted: boolean }): string[] {
  const { estimate, names } = summary;
  const lines: string[] = [];
  lines.push(`${context.interrupted ? 'Partial result (interrupted)' : 'Result'} at ${context.tc}: ${names[0]} vs ${names[1]}, ${summary.games} game${summary.games === 1 ? '' : 's'}${summary.unfinished > 0 ? ` (${summary.unfinished} unfinished, not counted)` : ''}`);
  if (summary.games === 0) {
    lines.push('no finished games');
    return lines;
  }
  lines.push(`W/D/L (${names[0]}): ${summary.wins} / ${summary.draws} / ${summary.losses}   score ${pct(estimate.score)}   draws ${pct(estimate.drawRatio)}`);
  const interval = Number.isFinite(estimate.error) ? `  (95%: ${signed(estimate.low)} .. ${signed(estimate.high)})` : '';
  lines.push(`Elo difference: ${formatElo(estimate)} (95%)${interval}   LOS ${pct(estimate.los)}`);
  const order: Reason[] = ['checkmate', 'stalemate', 'threefold-repetition', 'fifty-moves', 'insufficient-material', 'move-cap', 'time-forfeit', 'time-forfeit-draw', 'illegal-move', 'crash', 'hang'];
  lines.push(`Endings: ${order.filter((r) => summary.reasons[r]).map((r) => `${r} ${summary.reasons[r]}`).join(', ')}`);
  const nameWidth = Math.max(6, ...names.map((n) => n.length));
  lines.push(`${'engine'.padEnd(nameWidth)}  time losses  illegal  crashes  hangs  avg depth  avg nps  avg move  lowest clock`);
  for (const t of summary.engines) {
    const depth = averageDepth(t);
    const moveMs = averageMoveMs(t);
    lines.push(
      `${t.name.padEnd(nameWidth)}  ${String(t.timeLosses).padStart(11)}  ${String(t.illegalMoves).padStart(7)}  ${String(t.crashes).padStart(7)}  ${String(t.hangs).padStart(5)}  ` +
        `${(depth === null ? '-' : depth.toFixed(1)).padStart(9)}  ${formatNps(averageNps(t)).padStart(7)}  ${(moveMs === null ? '-' : `${moveMs.toFixed(0)} ms`).padStart(8)}  ${formatClock(t.minRemainingMs).padStart(12)}`,
    );
  }
  return lines;
}

function signed(elo: number): string {
  if (!Number.isFinite(elo)) return elo > 0 ? '+inf' : '-inf';
  return `${elo >= 0 ? '+' : ''}${elo.toFixed(1)}`;
}

/** A finite number or null (JSON has no Infinity or NaN). */
const finite = (x: number | null, digits = 2): number | null => (x === null || !Number.isFinite(x) ? null : Number(x.toFixed(digits)));

/** The --json summary: one object. */
export function summaryJson(summary: Summary, context: Record<string, unknown>): Record<string, unknown> {
  const { estimate } = summary;
  return {
    ...context,
    engine1: summary.names[0],
    engine2: summary.names[1],
    games: summary.games,
    wins: summary.wins,
    draws: summary.draws,
    losses: summary.losses,
    unfinished: summary.unfinished,
    score: finite(estimate.score, 4),
    elo: finite(estimate.elo, 1),
    eloError: finite(estimate.error, 1),
    eloLow: finite(estimate.low, 1),
    eloHigh: finite(estimate.high, 1),
    los: finite(estimate.los, 4),
    reasons: summary.reasons,
    engines: summary.engines.map((t) => ({
      name: t.name,
      timeLosses: t.timeLosses,
      illegalMoves: t.illegalMoves,
      crashes: t.crashes,
      hangs: t.hangs,
      moves: t.moves,
      avgDepth: finite(averageDepth(t), 2),
      avgNps: finite(averageNps(t), 0),
      avgMoveMs: finite(averageMoveMs(t), 1),
      lowestClockMs: finite(t.minRemainingMs, 0),
    })),
  };
}
