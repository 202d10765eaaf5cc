// Parsing one line of UCI input (GUI to engine) into a command value. Pure: no state, no output.
//
// As the UCI specification asks, unknown words before a command are skipped ("joho debug on" is
// "debug on") and unknown tokens inside "go" are ignored (with a warning for the session to
// report). Input that cannot mean anything sensible is an "invalid" command with a message that
// names the problem; the session reports it and changes nothing. What a message quotes from the
// input goes through quote(): escaped, and cut when it is long.

import { quote } from '../../errors.ts';
import { MAX_MATE_MOVES } from '../../search/mate/index.ts';

/** The engine's own limit on "go mate n": the mate solver's (its table holds proofs of at most this many moves). */
export const MAX_GO_MATE = MAX_MATE_MOVES;

/** The parameters of "go", as given: times in milliseconds; absent when not given. */
export interface GoParams {
  wtime?: number;
  btime?: number;
  winc?: number;
  binc?: number;
  movestogo?: number;
  depth?: number;
  nodes?: number;
  movetime?: number;
  mate?: number;
  infinite: boolean;
  ponder: boolean;
  /** Search only these root moves (UCI, as given: the session checks them against the position). */
  searchmoves?: string[];
}

export type UciCommand =
  | { type: 'uci' }
  | { type: 'isready' }
  | { type: 'ucinewgame' }
  | { type: 'stop' }
  | { type: 'ponderhit' }
  | { type: 'quit' }
  | { type: 'debug'; on: boolean }
  | { type: 'register' }
  | { type: 'setoption'; name: string; value: string | null }
  /** fen null: the starting position ("startpos"). */
  | { type: 'position'; fen: string | null; moves: string[] }
  /** warnings: tokens that were ignored, for an "info string". */
  | { type: 'go'; params: GoParams; warnings: string[] }
  /** A blank line. */
  | { type: 'empty' }
  /** No known command word on the line. */
  | { type: 'unknown'; text: string }
  /** A known command with arguments that make no sense; nothing should change. */
  | { type: 'invalid'; message: string };

const COMMAND_WORDS = new Set([
  'uci', 'isready', 'ucinewgame', 'stop', 'ponderhit', 'quit', 'debug', 'register', 'setoption', 'position', 'go',
]);

/** Parses one input line (without its line ending; surrounding whitespace is ignored). */
export function parseUciCommand(line: string): UciCommand {
  const tokens = line.trim().split(/\s+/).filter((token) => token !== '');
  if (tokens.length === 0) return { type: 'empty' };
  const start = tokens.findIndex((token) => COMMAND_WORDS.has(token));
  if (start < 0) return { type: 'unknown', text: line.trim() };
  const [word, ...args] = tokens.slice(start);
  switch (word) {
    case 'uci':
    case 'isready':
    case 'ucinewgame':
    case 'stop':
    case 'ponderhit':
    case 'quit':
    case 'register':
      return { type: word };
    case 'debug':
      return { type: 'debug', on: args[0] !== 'off' };
    case 'setoption':
      return parseSetOption(args);
    case 'position':
      return parsePosition(args);
    default:
      return parseGo(args);
  }
}

/** "setoption name <id, may contain spaces> [value <x, may contain spaces>]". */
function parseSetOption(args: string[]): UciCommand {
  if (args[0] !== 'name' || args.length < 2) {
    return { type: 'invalid', message: 'setoption: expected "setoption name <option> [value <value>]"' };
  }
  const valueAt = args.indexOf('value', 1);
  const nameWords = valueAt < 0 ? args.slice(1) : args.slice(1, valueAt);
  if (nameWords.length === 0) return { type: 'invalid', message: 'setoption: the option name is missing' };
  const value = valueAt < 0 ? null : args.slice(valueAt + 1).join(' ');
  return { type: 'setoption', name: nameWords.join(' '), value };
}

/** "position startpos|fen <fen> [moves <m1> <m2> …]". */
function parsePosition(args: string[]): UciCommand {
  const movesAt = args.indexOf('moves');
  const head = movesAt < 0 ? args : args.slice(0, movesAt);
  const moves = movesAt < 0 ? [] : args.slice(movesAt + 1);
  const [kind, ...rest] = head;
  if (kind === 'startpos') {
    if (rest.length > 0) {
      return { type: 'invalid', message: `position: unexpected ${quote(rest.join(' '))} after startpos (moves go after "moves")` };
    }
    return { type: 'position', fen: null, moves };
  }
  if (kind === 'fen') {
    if (rest.length === 0) return { type: 'invalid', message: 'position: the FEN after "fen" is missing' };
    return { type: 'position', fen: rest.join(' '), moves };
  }
  return { type: 'invalid', message: 'position: expected "position startpos" or "position fen <fen>", then "moves …"' };
}

type NumericGoKey = 'wtime' | 'btime' | 'winc' | 'binc' | 'movestogo' | 'depth' | 'nodes' | 'movetime' | 'mate';

/** Each numeric "go" parameter with its smallest and largest accepted value. */
const GO_NUMBERS: Readonly<Record<NumericGoKey, { min: number; max: number }>> = {
  // A GUI may report an overdrawn clock as a negative time; the session treats it as zero.
  wtime: { min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
  btime: { min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
  winc: { min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
  binc: { min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
  movestogo: { min: 0, max: Number.MAX_SAFE_INTEGER },
  depth: { min: 1, max: Number.MAX_SAFE_INTEGER },
  nodes: { min: 1, max: Number.MAX_SAFE_INTEGER },
  movetime: { min: 0, max: Number.MAX_SAFE_INTEGER },
  mate: { min: 1, max: MAX_GO_MATE },
};

const isNumericGoKey = (token: string): token is NumericGoKey => Object.hasOwn(GO_NUMBERS, token);

function parseGo(args: string[]): UciCommand {
  const params: GoParams = { infinite: false, ponder: false };
  const warnings: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const token = args[i]!;
    if (token === 'infinite') params.infinite = true;
    else if (token === 'ponder') params.ponder = true;
    else if (token === 'searchmoves') {
      const moves: string[] = [];
      while (i + 1 < args.length && /^[a-h][1-8][a-h][1-8][qrbnQRBN]?$/.test(args[i + 1]!)) moves.push(args[++i]!);
      params.searchmoves = moves;
    } else if (isNumericGoKey(token)) {
      const text = args[i + 1];
      const { min, max } = GO_NUMBERS[token];
      const value = text !== undefined && /^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN;
      if (!(value >= min && value <= max)) {
        const range = min < 0 ? 'an integer number of milliseconds' : max === Number.MAX_SAFE_INTEGER
          ? `an integer >= ${min}` : `an integer from ${min} to ${max}`;
        const got = text === undefined ? 'nothing' : quote(text);
        return { type: 'invalid', message: `go: ${token} needs ${range}, got ${got}` };
      }
      params[token] = value;
      i++;
    } else {
      warnings.push(token);
    }
  }
  return { type: 'go', params, warnings };
}
