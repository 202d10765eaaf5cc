// Turns zod's validation issues into the lines a person reads: "<source>: <key path>: expected
// <what the key needs>, got <what was given>". The schema words most of its own constraints;
// configErrorMap words every other issue the same way (never zod's "Invalid input: ..."), so
// every line reads alike whatever kind of mistake it reports. Values of secret keys are never
// shown, and a URL's user name and password never are.

import type { z } from 'zod';
import { closestWord } from '../errors.ts';
import { maskUrlCredentials } from './secret.ts';

// Long values are cut so one bad key cannot flood the message.
const MAX_SHOWN_VALUE_LENGTH = 60;

export interface IssueContext {
  /** Where the input came from, as shown to the user (a file path, ".env", "environment"). */
  readonly source: string | ((path: readonly PropertyKey[]) => string);
  /** The input that was validated, to show the offending value. */
  readonly input: unknown;
  /** The defaults, to list the known keys next to an unknown one. */
  readonly defaults?: unknown;
  /** Keys (first path element) whose values must never be shown. */
  readonly secretKeys?: readonly string[];
}

/** `schema.safeParse(input)` with configErrorMap's words for the issues the schema leaves to zod. */
export function validate<T extends z.ZodType>(schema: T, input: unknown): z.ZodSafeParseResult<z.output<T>> {
  return schema.safeParse(input, { error: configErrorMap });
}

export function describeIssues(issues: readonly z.core.$ZodIssue[], context: IssueContext): string[] {
  // One mistake can break two checks with the same words (1e300 is neither a safe integer nor
  // at most 50): say it once.
  return [...new Set(issues.flatMap((issue) => describeIssue(issue, context)))];
}

function describeIssue(issue: z.core.$ZodIssue, context: IssueContext): string[] {
  const path = issue.path;
  const source = typeof context.source === 'string' ? context.source : context.source(path);

  if (issue.code === 'unrecognized_keys') {
    const known = knownKeys(valueAt(context.defaults, path));
    return issue.keys.map((key) => `${source}: ${formatPath([...path, key])}unknown key (${unknownKeyHint(key, known)})`);
  }

  const isSecret = context.secretKeys?.includes(String(path[0])) ?? false;
  const got = isSecret ? '' : `, got ${describeValue(valueAt(context.input, path))}`;
  return [`${source}: ${formatPath(path)}${maskUrlCredentials(issue.message)}${got}`];
}

/**
 * What a key needs, for every issue whose schema gives no words of its own: "expected an object
 * (keys: size, maxQueue)", "expected an integer", "expected at most 140 characters", ...
 */
export const configErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${describeType(issue.expected, issue.inst)}`;
    case 'too_big':
      return `expected ${describeBound(issue.origin, 'at most', 'below', issue.maximum, issue.inclusive, issue.exact)}`;
    case 'too_small':
      return `expected ${describeBound(issue.origin, 'at least', 'above', issue.minimum, issue.inclusive, issue.exact)}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `expected ${describeValue(issue.values[0])}`
        : `expected one of ${issue.values.map(formatOption).join(', ')}`;
    case 'invalid_format':
      return `expected ${describeFormat(issue as unknown as FormatIssue)}`;
    case 'not_multiple_of':
      return `expected a multiple of ${issue.divisor}`;
    case 'invalid_union':
      return `expected ${describeUnion(issue.errors)}`;
    case 'invalid_key':
      return `expected valid keys: ${issue.issues.map((inner) => inner.message).join('; ')}`;
    case 'invalid_element':
      return `expected valid entries: ${issue.issues.map((inner) => inner.message).join('; ')}`;
    case 'unrecognized_keys':
      // describeIssue lists the known keys itself.
      return 'unknown key';
    case 'custom':
    default:
      return 'expected a valid value';
  }
};

function describeType(expected: string, schema: unknown): string {
  switch (expected) {
    case 'object': {
      const keys = shapeKeys(schema);
      return keys.length === 0 ? 'an object' : `an object (keys: ${keys.join(', ')})`;
    }
    case 'array':
    case 'tuple':
      return 'a list';
    case 'number':
      // z.int() says "number" for a value that is not a number at all.
      return isIntegerSchema(schema) ? 'an integer' : 'a number';
    case 'int':
      return 'an integer';
    case 'string':
      return 'a string';
    case 'boolean':
      return 'true or false';
    case 'null':
      return 'null';
    case 'record':
    case 'map':
      return 'an object';
    default:
      return `a value of type ${expected}`;
  }
}

function describeBound(
  origin: string,
  inclusiveWord: string,
  exclusiveWord: string,
  bound: number | bigint,
  inclusive: boolean | undefined,
  exact: boolean | undefined,
): string {
  const relation = exact ? 'exactly' : inclusive === false ? exclusiveWord : inclusiveWord;
  switch (origin) {
    case 'string':
      return `${relation} ${bound} character${bound === 1 ? '' : 's'}`;
    case 'array':
    case 'set':
      return `${relation} ${bound} item${bound === 1 ? '' : 's'}`;
    case 'int':
      // Beyond 2^53 a JSON number is no longer an exact integer.
      return `an integer ${relation} ${bound}`;
    default:
      return `a number ${relation} ${bound}`;
  }
}

type FormatIssue = { readonly format: string; readonly pattern?: string } & Readonly<Record<string, unknown>>;

function describeFormat(issue: FormatIssue): string {
  switch (issue.format) {
    case 'regex':
      return `a string matching ${issue.pattern}`;
    case 'starts_with':
      return `a string starting with ${JSON.stringify(issue.prefix)}`;
    case 'ends_with':
      return `a string ending with ${JSON.stringify(issue.suffix)}`;
    case 'includes':
      return `a string containing ${JSON.stringify(issue.includes)}`;
    case 'url':
      return 'a URL';
    default:
      return `a valid ${issue.format}`;
  }
}

/**
 * The union's alternatives, each as its branch words it: "null or an integer". A branch that
 * failed deeper down (the right type, a wrong part) is named by its own first issue.
 */
function describeUnion(branches: readonly (readonly z.core.$ZodIssue[])[]): string {
  const alternatives = branches
    .map((issues) => issues[0]?.message.replace(/^expected /, ''))
    .filter((text): text is string => text !== undefined && text !== '');
  const unique = [...new Set(alternatives)];
  if (unique.length === 0) return 'one of the allowed values';
  return unique.length === 1 ? unique[0]! : `${unique.slice(0, -1).join(', ')} or ${unique.at(-1)}`;
}

/** The keys of an object schema that raised an issue (zod hands its instance to the error map). */
function shapeKeys(schema: unknown): string[] {
  const shape = (schema as { _zod?: { def?: { shape?: unknown } } } | undefined)?._zod?.def?.shape;
  return shape !== null && typeof shape === 'object' ? Object.keys(shape) : [];
}

function isIntegerSchema(schema: unknown): boolean {
  const format = (schema as { _zod?: { def?: { format?: unknown } } } | undefined)?._zod?.def?.format;
  return typeof format === 'string' && /int/.test(format);
}

function formatOption(value: unknown): string {
  return typeof value === 'string' && /^[\w.-]+$/.test(value) ? value : describeValue(value);
}

/** "workers.size: " for nested keys, "" for the top level (the message then follows the source). */
function formatPath(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '' : `${path.map(String).join('.')}: `;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** A near miss is named ("did you mean concurrency?"); only when nothing is close, every known key. */
function unknownKeyHint(key: string, known: readonly string[]): string {
  if (known.length === 0) return 'this section has no keys yet';
  const meant = closestWord(key, known);
  return meant !== null ? `did you mean ${meant}?` : `known keys: ${known.join(', ')}`;
}

function knownKeys(value: unknown): string[] {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
}

/**
 * A value as a message quotes it back: JSON's spelling for what JSON can spell; a number JSON
 * cannot hold (1e400 parses as Infinity) said to be out of range, never "null"; strings cut to
 * a length and stripped of URL credentials; a short list item by item.
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'number' && !Number.isFinite(value)) {
    if (Number.isNaN(value)) return 'NaN';
    return value > 0 ? 'a number out of range (over 1.8e308)' : 'a number out of range (below -1.8e308)';
  }
  if (typeof value === 'string') return describeString(value);
  if (Array.isArray(value)) return describeList(value);
  if (value !== null && typeof value === 'object') return 'an object';
  if (typeof value === 'bigint') return String(value);
  return String(JSON.stringify(value) ?? value);
}

function describeString(text: string): string {
  // Masked before it is cut, so that a cut never leaves half a password showing.
  const masked = maskUrlCredentials(text);
  if (masked.length <= MAX_SHOWN_VALUE_LENGTH) return JSON.stringify(masked);
  return `${JSON.stringify(masked.slice(0, MAX_SHOWN_VALUE_LENGTH))}… (${masked.length.toLocaleString('en-US')} characters)`;
}

function describeList(list: readonly unknown[]): string {
  const count = `a list of ${list.length} item${list.length === 1 ? '' : 's'}`;
  if (!list.every((item) => item === null || typeof item !== 'object')) return count;
  const text = `[${list.map(describeValue).join(', ')}]`;
  return text.length <= MAX_SHOWN_VALUE_LENGTH ? text : count;
}
