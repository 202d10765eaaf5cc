// Opening book files from disk: a good book, every way a file can be unusable (each message names
// the path and the problem), and the book named by the config, whose problems are config errors.

import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBook, openConfiguredBook } from '../../src/engine/book.ts';
import { STARTING_FEN, parseFen } from '../../src/chess/fen.ts';
import { ConfigError } from '../../src/config/errors.ts';
import { loadConfig } from '../../src/config/load.ts';
import { BookError } from '../../src/search/book/index.ts';
import { keyOf, writeBook } from '../support/polyglotBook.ts';

const REPO_DEFAULTS = join(import.meta.dirname, '..', '..', 'config', 'default.json');
const START_BOOK = [
  { key: keyOf('startpos'), move: 'e2e4', weight: 10 },
  { key: keyOf('startpos'), move: 'd2d4', weight: 5 },
];

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'chessbot-book-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function bookErrorOf(run: () => unknown): BookError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(BookError);
    return error as BookError;
  }
  throw new Error('expected a BookError');
}

describe('openBook', () => {
  it('reads a book file with the settings given', () => {
    const path = writeBook(join(dir, 'small.bin'), START_BOOK);
    const book = openBook(path, { selection: 'best', maxPly: 8 });
    expect(book.source).toBe(path);
    expect(book.entryCount).toBe(2);
    expect(book.settings).toEqual({ selection: 'best', maxPly: 8 });
    expect(book.lookup(parseFen(STARTING_FEN)).map((move) => move.uci)).toEqual(['e2e4', 'd2d4']);
    expect(book.pick(parseFen(STARTING_FEN))?.uci).toBe('e2e4');
  });

  it('names a missing file, a directory and a path through a file', () => {
    const missing = join(dir, 'nope.bin');
    expect(bookErrorOf(() => openBook(missing)).message).toBe(`${missing}: file not found`);
    expect(bookErrorOf(() => openBook(dir)).message).toBe(`${dir}: is a directory, not a book file`);
    const file = writeBook(join(dir, 'a.bin'), START_BOOK);
    expect(bookErrorOf(() => openBook(join(file, 'b.bin'))).problem).toMatch(/^file not found/);
    expect(bookErrorOf(() => openBook('  ')).problem).toBe('no book file named');
  });

  it('names a file whose size is not a multiple of 16, and an empty file', () => {
    const odd = join(dir, 'odd.bin');
    writeFileSync(odd, new Uint8Array(40));
    expect(bookErrorOf(() => openBook(odd)).message).toBe(
      `${odd}: the file has 40 bytes, not a multiple of 16: not a Polyglot book (or cut short)`,
    );
    const empty = join(dir, 'empty.bin');
    writeFileSync(empty, '');
    expect(bookErrorOf(() => openBook(empty)).message).toMatch(/: the file is empty/);
  });

  it('names an unsorted file', () => {
    const path = writeBook(join(dir, 'unsorted.bin'), [
      { key: 'ffffffffffffffff', move: 'e2e4', weight: 1 },
      { key: '0000000000000000', move: 'e2e4', weight: 1 },
    ], false);
    expect(bookErrorOf(() => openBook(path)).message).toMatch(/unsorted\.bin: entry 1 \(byte 16\) has a smaller key/);
  });

  it.skipIf(process.getuid?.() === 0)('names a file it may not read', () => {
    const path = writeBook(join(dir, 'secret.bin'), START_BOOK);
    chmodSync(path, 0o000);
    expect(bookErrorOf(() => openBook(path)).message).toBe(`${path}: cannot be read (permission denied)`);
  });
});

describe('openConfiguredBook', () => {
  beforeEach(() => {
    mkdirSync(join(dir, 'config'));
    cpSync(REPO_DEFAULTS, join(dir, 'config', 'default.json'));
  });

  const configWith = (book: unknown) => {
    writeFileSync(join(dir, 'config', 'local.json'), JSON.stringify({ engine: { book } }));
    return loadConfig({ env: {}, cwd: dir });
  };

  it('has no book when engine.book.path is null (the default)', () => {
    expect(openConfiguredBook(loadConfig({ env: {}, cwd: dir }))).toBeNull();
  });

  it('opens the book the config names, relative to the config\'s directory, with its settings', () => {
    mkdirSync(join(dir, 'books'));
    writeBook(join(dir, 'books', 'main.bin'), START_BOOK);
    const book = openConfiguredBook(configWith({ path: 'books/main.bin', selection: 'best', maxPly: 6 }));
    expect(book?.source).toBe(join(dir, 'books', 'main.bin'));
    expect(book?.settings).toEqual({ selection: 'best', maxPly: 6 });
    expect(book?.pick(parseFen(STARTING_FEN))?.uci).toBe('e2e4');
  });

  it('turns an unusable book into a ConfigError on engine.book.path', () => {
    const config = configWith({ path: 'missing.bin' });
    let error: unknown;
    try {
      openConfiguredBook(config);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      `config/default.json + config/local.json: engine.book.path: cannot use the opening book ${join(dir, 'missing.bin')}: file not found`,
    ]);
  });
});
