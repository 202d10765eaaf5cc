// The problems a configuration load reports: runs `load`, expects it to throw a ConfigError, and
// returns its list of problems (one line per bad key), for the config tests to assert on.

import { expect } from 'vitest';
import { ConfigError } from '../../src/config/errors.ts';

export function problemsOf(load: () => unknown): readonly string[] {
  try {
    load();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}
