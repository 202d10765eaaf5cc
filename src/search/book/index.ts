// Opening books: the Polyglot format, read from bytes in memory (the file is read by
// src/engine/book.ts).

export {
  BOOK_ENTRY_BYTES, BOOK_SELECTIONS, BookError, type BookMove, type BookSelection, type BookSettings,
  DEFAULT_BOOK_SETTINGS, MAX_BOOK_BYTES, PolyglotBook, type PolyglotMove, bookSizeProblem, chooseBookMove,
  decodePolyglotMove, gamePly,
} from './polyglot.ts';
