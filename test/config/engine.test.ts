// The config's engine section: defaults, the book path resolved against the config's directory,
// every bad value named, and the limits kept equal to the code that uses them.

import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HASH_OPTION, MOVE_OVERHEAD_OPTION, THREADS_OPTION } from '../../src/adapters/uci/options.ts';
import { loadConfig } from '../../src/config/load.ts';
import { BOOK_SELECTIONS as CONFIG_BOOK_SELECTIONS, fileConfigSchema } from '../../src/config/schema.ts';
import { BOOK_SELECTIONS, DEFAULT_BOOK_SETTINGS } from '../../src/search/book/index.ts';
import { DEFAULT_MOVE_OVERHEAD_MS } from '../../src/search/play/index.ts';
import { MAX_HASH_MB } from '../../src/workers/index.ts';
import { problemsOf } from '../support/configProblems.ts';

const REPO_DEFAULTS = join(import.meta.dirname, '..', '..', 'config', 'default.json');

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'chessbot-config-engine-'));
  mkdirSync(join(dir, 'config'));
  cpSync(REPO_DEFAULTS, join(dir, 'config', 'default.json'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function withLocal(engine: unknown, env: Record<string, string> = {}) {
  writeFileSync(join(dir, 'config', 'local.json'), JSON.stringify({ engine }));
  return loadConfig({ env, cwd: dir });
}


describe('config engine section', () => {
  it('defaults: 64 MB, one thread, 100 ms overhead, no book (weighted, 20 plies)', () => {
    const config = loadConfig({ env: {}, cwd: dir });
    expect(config.engine).toEqual({
      hashMb: 64, threads: 1, moveOverheadMs: 100, book: { path: null, selection: 'weighted', maxPly: 20 },
    });
    expect(Object.isFrozen(config.engine.book)).toBe(true);
  });

  it('takes every key, resolving a relative book path against the directory that holds config/', () => {
    const config = withLocal({ hashMb: 256, threads: 2, moveOverheadMs: 300, book: { path: 'books/a.bin', selection: 'best', maxPly: null } });
    expect(config.engine).toEqual({
      hashMb: 256, threads: 2, moveOverheadMs: 300, book: { path: join(dir, 'books', 'a.bin'), selection: 'best', maxPly: null },
    });
    const absolute = join(tmpdir(), 'elsewhere', 'b.bin');
    expect(withLocal({ book: { path: absolute } }).engine.book).toEqual({ path: absolute, selection: 'weighted', maxPly: 20 });
  });

  it('names every bad key with its value', () => {
    const problems = problemsOf(() => withLocal({
      hashMb: 0, threads: 1.5, moveOverheadMs: 5001, book: { path: '', selection: 'random', maxPly: 0, file: 'x.bin' },
    }));
    expect(problems).toEqual(expect.arrayContaining([
      'config/local.json: engine.hashMb: expected an integer from 1 to 1024, got 0',
      'config/local.json: engine.threads: expected an integer from 1 to 32, got 1.5',
      'config/local.json: engine.moveOverheadMs: expected an integer from 0 to 5000, got 5001',
      'config/local.json: engine.book.path: expected null (no book) or the path of a Polyglot .bin file, got ""',
      'config/local.json: engine.book.selection: expected one of weighted, best, got "random"',
      'config/local.json: engine.book.maxPly: expected null (no limit) or an integer >= 1, got 0',
      'config/local.json: engine.book.file: unknown key (known keys: path, selection, maxPly)',
    ]));
    expect(problems).toHaveLength(7);
    expect(problemsOf(() => withLocal({ book: { path: 7 } }))).toEqual([
      'config/local.json: engine.book.path: expected null (no book) or the path of a Polyglot .bin file, got 7',
    ]);
    expect(problemsOf(() => withLocal({ book: 'x.bin' }))[0]).toMatch(/^config\/local\.json: engine\.book: /);
  });

  it('keeps its limits and defaults equal to the engine, the UCI options and the book reader', () => {
    const defaults = fileConfigSchema.parse({}).engine;
    expect(defaults.hashMb).toBe(HASH_OPTION.default);
    expect(defaults.threads).toBe(THREADS_OPTION.default);
    expect(withLocal({ threads: THREADS_OPTION.max }).engine.threads).toBe(THREADS_OPTION.max);
    expect(problemsOf(() => withLocal({ threads: THREADS_OPTION.max + 1 }))).toHaveLength(1);
    expect(problemsOf(() => withLocal({ threads: THREADS_OPTION.min - 1 }))).toHaveLength(1);
    expect(defaults.moveOverheadMs).toBe(DEFAULT_MOVE_OVERHEAD_MS);
    expect(defaults.moveOverheadMs).toBe(MOVE_OVERHEAD_OPTION.default);
    expect(defaults.book.selection).toBe(DEFAULT_BOOK_SETTINGS.selection);
    expect(defaults.book.maxPly).toBe(DEFAULT_BOOK_SETTINGS.maxPly);
    expect([...CONFIG_BOOK_SELECTIONS]).toEqual([...BOOK_SELECTIONS]);
    expect(HASH_OPTION.max).toBe(MAX_HASH_MB);
    expect(withLocal({ hashMb: MAX_HASH_MB, moveOverheadMs: MOVE_OVERHEAD_OPTION.max }).engine.hashMb).toBe(MAX_HASH_MB);
    expect(problemsOf(() => withLocal({ hashMb: MAX_HASH_MB + 1 }))).toHaveLength(1);
    expect(problemsOf(() => withLocal({ moveOverheadMs: MOVE_OVERHEAD_OPTION.max + 1 }))).toHaveLength(1);
    expect(problemsOf(() => withLocal({ moveOverheadMs: MOVE_OVERHEAD_OPTION.min - 1 }))).toHaveLength(1);
  });
});
