// Opening a Polyglot book file: reads it whole into memory (books are a few MB) and hands the
// bytes to the pure reader in src/search/book. Every way a file can be unusable becomes a
// BookError naming the path and the problem; openConfiguredBook turns that into a ConfigError
// against engine.book.path, for start-up.

import { readFileSync, statSync } from 'node:fs';
import { ConfigError } from '../config/errors.ts';
import type { Config } from '../config/types.ts';
import { BookError, type BookSettings, PolyglotBook, bookSizeProblem } from '../search/book/index.ts';

/** Reads the book at `path` (relative paths: from the working directory). Throws a BookError. */
export function openBook(path: string, settings: Partial<BookSettings> = {}): PolyglotBook {
  if (path.trim() === '') throw new BookError(JSON.stringify(path), 'no book file named');
  let size: number;
  try {
    const stats = statSync(path);
    if (stats.isDirectory()) throw new BookError(path, 'is a directory, not a book file');
    if (!stats.isFile()) throw new BookError(path, 'is not a regular file');
    size = stats.size;
  } catch (error) {
    if (error instanceof BookError) throw error;
    throw new BookError(path, fileProblem(error));
  }
  // Checked before reading, so a huge file named by mistake is refused without loading it.
  const sizeProblem = bookSizeProblem(size);
  if (sizeProblem) throw new BookError(path, sizeProblem);
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new BookError(path, fileProblem(error));
  }
  return new PolyglotBook(bytes, path, settings);
}

/**
 * The book that config.engine.book names, opened with its settings, or null when the path is
 * null. A book that cannot be used is a configuration problem: throws a ConfigError.
 */
export function openConfiguredBook(config: Pick<Config, 'engine' | 'files'>): PolyglotBook | null {
  const { path, selection, maxPly } = config.engine.book;
  if (path === null) return null;
  try {
    return openBook(path, { selection, maxPly });
  } catch (error) {
    if (!(error instanceof BookError)) throw error;
    const source = config.files.length > 0 ? config.files.join(' + ') : 'config';
    throw new ConfigError([`${source}: engine.book.path: cannot use the opening book ${error.message}`]);
  }
}

function fileProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT':
      return 'file not found';
    case 'EACCES':
    case 'EPERM':
      return 'cannot be read (permission denied)';
    case 'ENOTDIR':
      return 'file not found (a part of the path is not a directory)';
    default:
      return `cannot be read (${code ?? (error instanceof Error ? error.message : String(error))})`;
  }
}
