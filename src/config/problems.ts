// Turns zod's validation issues into the lines a person reads: "<source>: <key path>: <why>,
// got <value>". Values of secret keys are never shown.

import type { z } from 'zod';

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

export function describeIssues(issues: readonly z.core.$ZodIssue[], context: IssueContext): string[] {
  return issues.flatMap((issue) => describeIssue(issue, context));
}

function describeIssue(issue: z.core.$ZodIssue, context: IssueContext): string[] {
  const path = issue.path;
  const source = typeof context.source === 'string' ? context.source : context.source(path);

  if (issue.code === 'unrecognized_keys') {
    const known = knownKeys(valueAt(context.defaults, path));
    const hint = known.length === 0 ? 'this section has no keys yet' : `known keys: ${known.join(', ')}`;
    return issue.keys.map((key) => `${source}: ${formatPath([...path, key])}unknown key (${hint})`);
  }

  const isSecret = context.secretKeys?.includes(String(path[0])) ?? false;
  const got = isSecret ? '' : `, got ${describeValue(valueAt(context.input, path))}`;
  return [`${source}: ${formatPath(path)}${issue.message}${got}`];
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

function knownKeys(value: unknown): string[] {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
}

export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (value !== null && typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return text.length > MAX_SHOWN_VALUE_LENGTH ? `${text.slice(0, MAX_SHOWN_VALUE_LENGTH)}...` : text;
}
