// Going on with an interrupted match: the games in a PGN this runner wrote, read back as game
// records. A sequential test stopped for a reason other than its result (a session that ended, a
// machine needed elsewhere) may go on where it stopped: the LLR of the games already played plus
// those to come is the same test. Pure (the caller reads the file).
//
// Each game is checked against the match about to go on: the same two engine names, the time
// control, and the opening and colours that round has in this run's schedule (the same --openings,
// --shuffle and --seed). A game left unfinished ("*") is played again; a round may appear once
// unfinished and once finished (a second resume), never finished twice.

import { STARTING_FEN } from '../../src/chess/fen.ts';
import { type Color, BLACK, WHITE } from '../../src/chess/types.ts';
import type { GameEnd, Reason, Result } from './game.ts';
import { pairing } from './openings.ts';
import type { GameRecord } from './stats.ts';

export class ResumeError extends Error {}

export interface ResumeSchedule {
  names: [string, string];
  /** The PGN TimeControl this run writes. */
  tc: string;
  /** This run's openings, in the order it plays them (after --shuffle). */
  openings: readonly string[];
}

export interface Resumed {
  /** The finished games, in round order. */
  records: GameRecord[];
  /** Rounds found only unfinished: they are played again. */
  unfinished: number;
}

interface PgnHeader {
  tags: Map<string, string>;
  movetext: string;
  /** 1-based position of the game in the file, for messages. */
  index: number;
}

/** The games of a PGN text: their tags and raw movetext. */
function splitGames(text: string): PgnHeader[] {
  const games: PgnHeader[] = [];
  let current: PgnHeader | null = null;
  for (const line of text.split(/\r?\n/)) {
    const tag = /^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$/.exec(line);
    if (tag !== null) {
      if (current === null || current.movetext.trim() !== '') {
        current = { tags: new Map(), movetext: '', index: games.length + 1 };
        games.push(current);
      }
      current.tags.set(tag[1], tag[2].replace(/\\(.)/g, '$1'));
    } else if (current !== null) {
      current.movetext += line + ' ';
    } else if (line.trim() !== '') {
      throw new ResumeError(`line "${short(line)}" comes before the first game's tags`);
    }
  }
  return games;
}

function short(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

const colorOf = (name: string): Color => (name === 'White' ? WHITE : BLACK);
const other = (color: Color): Color => (color ^ 1) as Color;

/**
 * How a finished game ended, from its result and the final comment the runner wrote (game.ts's
 * sentences). Null when the comment is not one of them.
 */
export function endFromComment(result: Result, termination: string, text: string): GameEnd | null {
  const end = (reason: Reason, loser: Color | null): GameEnd => ({ result, reason, loser, termination, text });
  const winnerLoser: Color | null = result === '1-0' ? BLACK : result === '0-1' ? WHITE : null;
  let match: RegExpExecArray | null;
  if (result === '1/2-1/2') {
    if ((match = /^(White|Black) loses on time, but (?:White|Black) cannot mate: draw$/.exec(text))) return end('time-forfeit-draw', colorOf(match[1]));
    const draws: Array<[RegExp, Reason]> = [
      [/^Draw by stalemate$/, 'stalemate'],
      [/^Draw by insufficient mating material$/, 'insufficient-material'],
      [/^Draw by the fifty-move rule$/, 'fifty-moves'],
      [/^Draw by threefold repetition$/, 'threefold-repetition'],
      [/^Draw by the move cap \(\d+ plies\)$/, 'move-cap'],
    ];
    for (const [pattern, reason] of draws) if (pattern.test(text)) return end(reason, null);
    return null;
  }
  if ((match = /^(White|Black) mates$/.exec(text)) && colorOf(match[1]) === other(winnerLoser!)) return end('checkmate', winnerLoser);
  const forfeits: Array<[RegExp, Reason]> = [
    [/^(White|Black) loses on time\b/, 'time-forfeit'],
    [/^(White|Black) makes an illegal move\b/, 'illegal-move'],
    [/^(White|Black)'s engine crashed\b/, 'crash'],
    [/^(White|Black)'s engine stalled\b/, 'hang'],
  ];
  for (const [pattern, reason] of forfeits) {
    match = pattern.exec(text);
    if (match !== null && colorOf(match[1]) === winnerLoser) return end(reason, winnerLoser);
  }
  return null;
}

/** The last {comment} of a movetext, whitespace collapsed (the runner's final comment). */
function finalComment(movetext: string): string | null {
  const comments = [...movetext.matchAll(/\{([^}]*)\}/g)];
  return comments.length === 0 ? null : comments[comments.length - 1][1].replace(/\s+/g, ' ').trim();
}

/** The board, side, castling and en passant fields: what identifies an opening. */
const positionOf = (fen: string): string => fen.trim().split(/\s+/).slice(0, 4).join(' ');

/** The games of `text` (a PGN this runner wrote for the same match) as records of this run's schedule. */
export function readResumedGames(text: string, schedule: ResumeSchedule): Resumed {
  const finished = new Map<number, GameRecord>();
  const unfinishedRounds = new Set<number>();
  const [name1, name2] = schedule.names;
  for (const game of splitGames(text)) {
    const where = `game ${game.index}`;
    const tag = (name: string): string => {
      const value = game.tags.get(name);
      if (value === undefined) throw new ResumeError(`${where}: no ${name} tag`);
      return value;
    };
    const roundText = tag('Round');
    if (!/^[1-9]\d{0,8}$/.test(roundText)) throw new ResumeError(`${where}: Round "${short(roundText)}" is not a game number`);
    const round = Number(roundText);
    const at = `${where} (round ${round})`;
    const [white, black] = [tag('White'), tag('Black')];
    if (!((white === name1 && black === name2) || (white === name2 && black === name1))) {
      throw new ResumeError(`${at} is ${short(white)} against ${short(black)}, not this match's ${short(name1)} against ${short(name2)} (engine names must be the same)`);
    }
    const tc = tag('TimeControl');
    if (tc !== schedule.tc) throw new ResumeError(`${at} was played at ${short(tc)}, this run plays ${schedule.tc}`);
    const { opening, engine1White } = pairing(round - 1, schedule.openings.length);
    if ((white === name1) !== engine1White) throw new ResumeError(`${at} has ${short(white)} as White, where this run's schedule has the other engine`);
    // The runner leaves the FEN tag out for the standard starting position.
    const fen = game.tags.get('FEN') ?? STARTING_FEN;
    if (positionOf(fen) !== positionOf(schedule.openings[opening])) {
      throw new ResumeError(`${at} started from another position than this run's opening ${opening + 1} for it: resume with the same --openings, --shuffle and --seed`);
    }
    const result = tag('Result');
    if (result === '*') {
      unfinishedRounds.add(round);
      continue;
    }
    if (result !== '1-0' && result !== '0-1' && result !== '1/2-1/2') throw new ResumeError(`${at}: Result "${short(result)}" is not 1-0, 0-1, 1/2-1/2 or *`);
    const comment = finalComment(game.movetext);
    const end = comment === null ? null : endFromComment(result, game.tags.get('Termination') ?? '', comment);
    if (end === null) throw new ResumeError(`${at}: its final comment does not say how it ended as this runner writes it`);
    if (finished.has(round)) throw new ResumeError(`${at} is finished twice in the file`);
    // The moves: the movetext's words less comments, move numbers and the result.
    const plies = game.movetext.replace(/\{[^}]*\}/g, ' ').split(/\s+/).filter((word) => word !== '' && !/^\d+\.+$/.test(word) && word !== result).length;
    finished.set(round, { round, opening, engine1White, end, plies, moves: [] });
  }
  const records = [...finished.values()].sort((a, b) => a.round - b.round);
  const unfinished = [...unfinishedRounds].filter((round) => !finished.has(round)).length;
  return { records, unfinished };
}
