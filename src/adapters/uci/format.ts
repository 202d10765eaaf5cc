// The engine's UCI output lines (engine to GUI), one function per kind of line. Pure.

import type { Score, SearchInfo, SearchResult } from '../../search/play/index.ts';
import type { MateJobProgress, MateJobResult } from '../../engine/index.ts';
import { escapeUnsafe, formatCount } from '../../errors.ts';
import type { UciOption } from './options.ts';

/** What the engine says for "bestmove" when it has no legal move (UCI's null move). */
export const NULL_MOVE = '0000';

export function formatId(name: string, author: string): string[] {
  return [`id name ${name}`, `id author ${author}`];
}

export function formatOption(option: UciOption): string {
  if (option.type === 'button') return `option name ${option.name} type button`;
  if (option.type === 'check') return `option name ${option.name} type check default ${option.default}`;
  if (option.type === 'string') return `option name ${option.name} type string default ${option.default || '<empty>'}`;
  return `option name ${option.name} type spin default ${option.default} min ${option.min} max ${option.max}`;
}

export function formatScore(score: Score): string {
  return 'mate' in score ? `score mate ${score.mate}` : `score cp ${score.cp}`;
}

/** One line per completed iteration of the game engine. */
export function formatInfo(info: SearchInfo): string {
  const parts = [
    `info depth ${info.depth}`, `seldepth ${info.seldepth}`, formatScore(info.score), `nodes ${info.nodes}`,
    `nps ${info.nps}`, `time ${info.timeMs}`, `hashfull ${info.hashfull}`,
  ];
  if (info.pv.length > 0) parts.push(`pv ${info.pv.join(' ')}`);
  return parts.join(' ');
}

/**
 * The search's final figures, printed before its bestmove when they differ from the last
 * iteration's (a search stopped mid-iteration may have changed its move).
 */
export function formatResultInfo(result: SearchResult): string {
  const parts = [
    `info depth ${result.depth}`, formatScore(result.score), `nodes ${result.nodes}`,
    `nps ${nps(result.nodes, result.timeMs)}`, `time ${result.timeMs}`,
  ];
  if (result.pv.length > 0) parts.push(`pv ${result.pv.join(' ')}`);
  return parts.join(' ');
}

/** After each iteration n of the mate solver: it searched 2n - 1 plies. */
export function formatMateProgress(progress: MateJobProgress): string {
  return `info depth ${2 * progress.depth - 1} nodes ${progress.nodes} nps ${nps(progress.nodes, progress.elapsedMs)} time ${progress.elapsedMs}`;
}

/** The mate the solver proved: its length, and its main line as the principal variation. */
export function formatMateFound(report: MateJobResult & { mateIn: number }): string {
  const parts = [
    `info depth ${2 * report.mateIn - 1}`, `score mate ${report.mateIn}`, `nodes ${report.nodes}`,
    `nps ${nps(report.nodes, report.elapsedMs)}`, `time ${report.elapsedMs}`,
  ];
  if (report.lineUci.length > 0) parts.push(`pv ${report.lineUci.join(' ')}`);
  return parts.join(' ');
}

export function formatBestMove(move: string | null, ponder: string | null = null): string {
  return ponder && move ? `bestmove ${move} ponder ${ponder}` : `bestmove ${move ?? NULL_MOVE}`;
}

/** The most characters of text an "info string" carries. */
export const MAX_INFO_STRING = 1000;

/**
 * Free text for the GUI's log: one line, with no control character (a GUI may show its log on a
 * terminal) and at most MAX_INFO_STRING characters. The session's messages quote input with
 * quote() already; this holds for any text, a message from a layer below included.
 */
export function formatInfoString(text: string): string {
  const line = escapeUnsafe(text.replace(/\s*[\r\n]+\s*/g, ' ').replaceAll('\t', ' '));
  if (line.length <= MAX_INFO_STRING) return `info string ${line}`;
  return `info string ${line.slice(0, MAX_INFO_STRING)}… (cut: ${formatCount(line.length)} characters)`;
}

function nps(nodes: number, ms: number): number {
  return ms > 0 ? Math.round((nodes * 1000) / ms) : 0;
}
