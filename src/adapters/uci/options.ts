// The engine's UCI options: what "uci" announces and what "setoption" accepts. One search thread,
// so no "Threads" option (UCI: announce only what is supported).

import { DEFAULT_MOVE_OVERHEAD_MS } from '../../search/play/index.ts';
import { MAX_HASH_MB } from '../../workers/index.ts';

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

export type UciOption = SpinOption | ButtonOption;

export const HASH_OPTION: SpinOption = { type: 'spin', name: 'Hash', default: 64, min: 1, max: MAX_HASH_MB };
export const MOVE_OVERHEAD_OPTION: SpinOption = {
  type: 'spin', name: 'Move Overhead', default: DEFAULT_MOVE_OVERHEAD_MS, min: 0, max: 5000,
};
export const CLEAR_HASH_OPTION: ButtonOption = { type: 'button', name: 'Clear Hash' };

/** In the order "uci" lists them. */
export const UCI_OPTIONS: readonly UciOption[] = [HASH_OPTION, MOVE_OVERHEAD_OPTION, CLEAR_HASH_OPTION];

/** The option called `name`; UCI option names are not case sensitive. */
export function findOption(name: string): UciOption | undefined {
  const wanted = name.toLowerCase();
  return UCI_OPTIONS.find((option) => option.name.toLowerCase() === wanted);
}

/** A spin option's value from setoption's text, or an error message naming the problem. */
export function parseSpinValue(option: SpinOption, text: string | null): number | string {
  const value = text !== null && /^[+-]?\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (value >= option.min && value <= option.max) return value;
  const got = text === null ? 'no value' : JSON.stringify(text);
  return `${option.name} must be a whole number from ${option.min} to ${option.max}, got ${got}`;
}
