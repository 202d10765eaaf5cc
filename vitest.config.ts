// Test runner settings: every test under test/, each file in its own process so tests that
// spawn the CLI or load config cannot leak state into one another.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    // Load test and source modules with Node's own loader (through tsx, as `npm start` does)
    // instead of vite's module runner: the search core then runs at its real speed, 5-7 times
    // faster than under the runner's rewritten imports. The cost: vi.mock is unavailable
    // (nothing here uses it; tests inject fakes instead).
    execArgv: ['--import', 'tsx'],
    experimental: { viteModuleRunner: false },
    // Perft suites and CLI child processes take seconds, not milliseconds.
    testTimeout: 30_000,
    reporters: ['default'],
  },
});
