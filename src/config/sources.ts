// Reading the raw inputs of the configuration: the .env file and config/*.json files.
// Nothing here validates meaning; it only turns bytes into values or into a problem line.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isAbsolute, relative } from 'node:path';

type DotenvParse = typeof import('dotenv').parse;

/**
 * dotenv, loaded only when there is a .env file to read: it loads node:crypto with it (for its
 * encrypted files), some 25 ms of a start-up that has no .env to read, as a new checkout has not.
 */
const parseDotenv: DotenvParse = (text) => (createRequire(import.meta.url)('dotenv') as typeof import('dotenv')).parse(text);

export type ReadResult =
  | { readonly kind: 'missing' }
  | { readonly kind: 'read'; readonly value: unknown }
  | { readonly kind: 'failed'; readonly problem: string };

/** How a file is named in messages: relative to the working directory when it lies inside it. */
export function labelOf(cwd: string, file: string): string {
  const rel = relative(cwd, file);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split('\\').join('/') : file;
}

/** Reads and parses one JSON file. A missing file is not an error here; the caller decides. */
export function readJsonFile(file: string, label: string): ReadResult {
  const text = readText(file, label);
  if (typeof text !== 'string') return text;
  try {
    return { kind: 'read', value: JSON.parse(text) };
  } catch (error) {
    return { kind: 'failed', problem: `${label}: not valid JSON: ${describeJsonError(error, text)}` };
  }
}

/** A .env file read: its pairs, and the lines that hold none (each 1-based, in file order). */
export type DotenvReadResult =
  | Exclude<ReadResult, { readonly kind: 'read' }>
  | { readonly kind: 'read'; readonly value: Record<string, string>; readonly unparsedLines: readonly UnparsedLine[] };

export interface UnparsedLine {
  /** 1-based. */
  readonly line: number;
  /** The line's first word, when it is a name we know; null otherwise (it may be a secret). */
  readonly knownName: string | null;
}

/**
 * Reads a .env file into key/value pairs (dotenv's syntax; it never prints anything), and finds
 * the lines dotenv silently skips: text that is no comment and no NAME=value pair ("DISCORD_TOKEN"
 * alone, with the token on the next line; "LICHESS_TOKEN abc"). `knownNames` are the names a
 * warning may show; nothing else of such a line is ever returned.
 */
export function readDotenvFile(file: string, label: string, knownNames: readonly string[] = []): DotenvReadResult {
  const text = readText(file, label);
  if (typeof text !== 'string') return text;
  return { kind: 'read', value: parseDotenv(text), unparsedLines: unparsedDotenvLines(text, knownNames) };
}

/**
 * dotenv's own pattern of one pair (dotenv 17's LINE): a pair, with a quoted value running over
 * several lines if need be. Any line no match covers is skipped by dotenv's parse.
 */
const DOTENV_PAIR = /(?:^|^)\s*(?:export\s+)?([\w.-]+)(?:\s*=\s*?|:\s+?)(\s*'(?:\\'|[^'])*'|\s*"(?:\\"|[^"])*"|\s*`(?:\\`|[^`])*`|[^#\r\n]+)?\s*(?:#.*)?(?:$|$)/gm;

/** The lines of a .env text that are neither blank, nor a comment, nor part of a pair. */
export function unparsedDotenvLines(text: string, knownNames: readonly string[] = []): UnparsedLine[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const covered = new Array<boolean>(lines.length).fill(false);
  const lineAt = lineIndexer(lines);
  for (const match of lines.join('\n').matchAll(DOTENV_PAIR)) {
    const start = match.index + match[0].length - match[0].trimStart().length;
    const end = Math.max(start, match.index + match[0].length - 1);
    for (let line = lineAt(start); line <= lineAt(end); line++) covered[line] = true;
  }
  return lines.flatMap((line, index) => {
    const trimmed = line.trim();
    if (covered[index] || trimmed === '' || trimmed.startsWith('#')) return [];
    const first = /^(?:export\s+)?([\w.-]+)/.exec(trimmed)?.[1];
    return [{ line: index + 1, knownName: first !== undefined && knownNames.includes(first) ? first : null }];
  });
}

/** A function from a character offset in the joined lines to its 0-based line. */
function lineIndexer(lines: readonly string[]): (offset: number) => number {
  const starts: number[] = [];
  let at = 0;
  for (const line of lines) {
    starts.push(at);
    at += line.length + 1;
  }
  // The last line starting at or before `offset`, by binary search.
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  };
}

function readText(file: string, label: string): string | Exclude<ReadResult, { readonly kind: 'read' }> {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'missing' };
    return { kind: 'failed', problem: `${label}: cannot be read (${code ?? String(error)})` };
  }
}

/**
 * V8's JSON errors quote the surrounding text, which could be a secret pasted into the file;
 * keep only the description and turn "at position N" into a line and column.
 */
function describeJsonError(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const description = message.replace(/, ".*" is not valid JSON$/s, '').replace(/ in JSON at position \d+.*$/s, '');
  const position = /at position (\d+)/.exec(message);
  if (!position) return description;
  const before = text.slice(0, Number(position[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `${description} (line ${line}, column ${column})`;
}
