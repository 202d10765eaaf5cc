// Test runner settings: every test under test/, each file in its own process so tests that
// spawn the CLI or load config cannot leak state into one another.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    // Perft suites and CLI child processes take seconds, not milliseconds.
    testTimeout: 30_000,
    reporters: ['default'],
  },
});
