// config/schema.json and docs/configuration.md are generated from src/config/schema.ts: these
// tests fail while either committed file differs from what the code generates now, while a key
// has no description, or while config/default.json does not load or names another schema.

import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_SCHEMA_FILE, configJsonSchema, configJsonSchemaText, envJsonSchema } from '../../src/config/jsonSchema.ts';
import { loadConfig } from '../../src/config/load.ts';
import { CONFIG_REFERENCE_FILE, configKeys, configReferenceMarkdown } from '../../src/config/reference.ts';
import { ENV_KEYS, fileConfigSchema } from '../../src/config/schema.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const DEFAULTS_FILE = join(ROOT, 'config', 'default.json');
const REGENERATE = 'run `npm run config:schema` and commit what it writes';

function committed(file: string): string | null {
  try {
    return readFileSync(join(ROOT, file), 'utf8');
  } catch {
    return null;
  }
}

/** The dotted paths of every non-object value in a plain object. */
function leafPaths(value: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) => {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    const isObject = child !== null && typeof child === 'object' && !Array.isArray(child);
    return isObject ? leafPaths(child as Record<string, unknown>, path) : [path];
  });
}

describe('generated files', () => {
  it.each([
    [CONFIG_SCHEMA_FILE, configJsonSchemaText],
    [CONFIG_REFERENCE_FILE, configReferenceMarkdown],
  ])('%s is what src/config/schema.ts generates now', (file, generate) => {
    expect(committed(file), `${file} is not what src/config/schema.ts generates: ${REGENERATE}`).toBe(generate());
  });
});

describe('the JSON Schema', () => {
  const schema = configJsonSchema();
  const keys = configKeys(schema);

  it('describes every key and section, and every environment variable', () => {
    const undescribed = [...keys, ...configKeys(envJsonSchema())].filter((key) => !key.description?.trim()).map((key) => key.path);
    expect(undescribed, `give each of these a .describe('...') in src/config/schema.ts, then ${REGENERATE}`).toEqual([]);
  });

  it('lists every key of the zod schema, each with its default ("$schema" aside)', () => {
    const leaves = keys.filter((key) => !key.isSection && key.path !== '$schema');
    expect(leaves.map((key) => key.path)).toEqual(leafPaths(fileConfigSchema.parse({})));
    expect(leaves.filter((key) => !('default' in key.schema)).map((key) => key.path)).toEqual([]);
    expect(configKeys(envJsonSchema()).map((key) => key.path)).toEqual(ENV_KEYS);
  });

  it('allows "$schema" at the top level only, and no other unknown key anywhere', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.properties?.$schema).toMatchObject({ type: 'string' });
    expect(schema.additionalProperties).toBe(false);
    for (const section of keys.filter((key) => key.isSection)) {
      expect(section.schema.additionalProperties, section.path).toBe(false);
      expect(section.schema.properties, section.path).not.toHaveProperty('$schema');
    }
  });
});

describe('config/default.json', () => {
  it('names config/schema.json as its "$schema"', () => {
    const { $schema } = JSON.parse(readFileSync(DEFAULTS_FILE, 'utf8')) as { $schema?: unknown };
    expect(typeof $schema).toBe('string');
    expect(resolve(dirname(DEFAULTS_FILE), $schema as string)).toBe(join(ROOT, CONFIG_SCHEMA_FILE));
  });

  it('loads on its own, without a local file or environment', () => {
    const dir = mkdtempSync(join(tmpdir(), 'chessbot-schema-'));
    try {
      mkdirSync(join(dir, 'config'));
      cpSync(DEFAULTS_FILE, join(dir, 'config', 'default.json'));
      expect(loadConfig({ env: {}, cwd: dir }).files).toEqual(['config/default.json']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
