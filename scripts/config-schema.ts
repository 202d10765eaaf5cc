// `npm run config:schema`: writes config/schema.json (the JSON Schema editors check config files
// against) and docs/configuration.md (the reference of every key), both generated from the zod
// schema in src/config/schema.ts. Run it after changing a key; test/config/schema.test.ts fails until then.

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CONFIG_SCHEMA_FILE, configJsonSchemaText } from '../src/config/jsonSchema.ts';
import { CONFIG_REFERENCE_FILE, configReferenceMarkdown } from '../src/config/reference.ts';

const ROOT = join(import.meta.dirname, '..');

const outputs: ReadonlyArray<readonly [string, string]> = [
  [CONFIG_SCHEMA_FILE, configJsonSchemaText()],
  [CONFIG_REFERENCE_FILE, configReferenceMarkdown()],
];

for (const [file, text] of outputs) {
  const path = join(ROOT, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  process.stdout.write(`wrote ${file}\n`);
}
