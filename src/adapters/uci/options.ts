// The engine's UCI options: what "uci" announces and what "setoption" accepts. The defaults here
// are the UCI defaults; a session started from the config announces the config's values instead.

import { DEFAULT_MOVE_OVERHEAD_MS } from '../../search/play/index.ts';
import { MAX_HASH_MB } from '../../engine/index.ts';
import { quote } from '../../errors.ts';

export interface SpinOption {
  readonly type: 'spin';
  readonly name: string;
  readonly default: number;
  readonly min: number;
  readonly max: number;
}

export interface ButtonOption {
  readonly type: 'button';
  readonly name: string;
}

export interface CheckOption {
  readonly type: 'check';
  readonly name: string;
  readonly default: boolean;
}

export interface StringOption {
  readonly type: 'string';
  readonly name: string;
  /** '' is announced as "<empty>", as the UCI specification asks. */
  readonly default: string;
}

export type UciOption = SpinOption | ButtonOption | CheckOption | StringOption;

export const HASH_OPTION: SpinOption = { type: 'spin', name: 'Hash', default: 64, min: 1, max: MAX_HASH_MB };
/** Search threads: one main search, the others helpers sharing its table (lazy SMP). More than
 *  the machine has cores only slows each of them down. */
export const THREADS_OPTION: SpinOption = { type: 'spin', name: 'Threads', default: 1, min: 1, max: 32 };
export const MOVE_OVERHEAD_OPTION: SpinOption = {
  type: 'spin', name: 'Move Overhead', default: DEFAULT_MOVE_OVERHEAD_MS, min: 0, max: 5000,
};
export const CLEAR_HASH_OPTION: ButtonOption = { type: 'button', name: 'Clear Hash' };
/** The standard opening-book options: play from the book (a Polyglot .bin file) when it has the position. */
export const OWN_BOOK_OPTION: CheckOption = { type: 'check', name: 'OwnBook', default: false };
export const BOOK_FILE_OPTION: StringOption = { type: 'string', name: 'Book File', default: '' };
/** UCI's Ponder: the GUI says whether it will send "go ponder". The engine ponders only when told
 *  to, and plans its time the same either way, so the value changes nothing. */
export const PONDER_OPTION: CheckOption = { type: 'check', name: 'Ponder', default: false };

/** In the order "uci" lists them. */
export const UCI_OPTIONS: readonly UciOption[] = [
  THREADS_OPTION, HASH_OPTION, MOVE_OVERHEAD_OPTION, CLEAR_HASH_OPTION, PONDER_OPTION, OWN_BOOK_OPTION, BOOK_FILE_OPTION,
];

/** The option called `name`; UCI option names are not case sensitive. */
export function findOption(name: string): UciOption | undefined {
  const wanted = name.toLowerCase();
  return UCI_OPTIONS.find((option) => option.name.toLowerCase() === wanted);
}

/** A spin option's value from setoption's text, or an error message naming the problem. */
export function parseSpinValue(option: SpinOption, text: string | null): number | string {
  const value = text !== null && /^[+-]?\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (value >= option.min && value <= option.max) return value;
  const got = text === null ? 'no value' : quote(text);
  return `${option.name} must be an integer from ${option.min} to ${option.max}, got ${got}`;
}

/** A check option's value from setoption's text ("true" or "false"), or an error message. */
export function parseCheckValue(option: CheckOption, text: string | null): boolean | string {
  const word = text?.trim().toLowerCase();
  if (word === 'true' || word === 'false') return word === 'true';
  const got = text === null ? 'no value' : quote(text);
  return `${option.name} must be true or false, got ${got}`;
}

/** A string option's value from setoption's text: no value, "" and "<empty>" all mean empty. */
export function parseStringValue(text: string | null): string {
  const value = text?.trim() ?? '';
  return value === '<empty>' ? '' : value;
}
