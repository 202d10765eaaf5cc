// Reading the raw inputs of the configuration: the .env file and config/*.json files.
// Nothing here validates meaning; it only turns bytes into values or into a problem line.

import { readFileSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import { parse as parseDotenv } from 'dotenv';

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

/** Reads a .env file into key/value pairs (dotenv's syntax; it never prints anything). */
export function readDotenvFile(file: string, label: string): ReadResult {
  const text = readText(file, label);
  if (typeof text !== 'string') return text;
  return { kind: 'read', value: parseDotenv(text) };
}

function readText(file: string, label: string): string | ReadResult {
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
