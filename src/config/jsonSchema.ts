// The configuration's JSON Schema, generated from the zod schema: what config/schema.json holds
// and what an editor checks config/*.json against. `npm run config:schema` writes it; a test
// fails while the committed file differs from what this returns.

import { z } from 'zod';
import { envSchema, fileConfigSchema } from './schema.ts';

/** Where the generated schema is kept, from the project root; config files name it in "$schema". */
export const CONFIG_SCHEMA_FILE = 'config/schema.json';

export type JsonSchema = z.core.JSONSchema.BaseSchema;

/** The JSON Schema (draft 2020-12) of one config/*.json file, as a person writes it. */
export function configJsonSchema(): JsonSchema {
  return inputJsonSchema(fileConfigSchema);
}

/** The environment variables' JSON Schema, for the reference text. */
export function envJsonSchema(): JsonSchema {
  return inputJsonSchema(envSchema);
}

/** The text of config/schema.json. */
export function configJsonSchemaText(): string {
  return `${JSON.stringify(configJsonSchema(), null, 2)}\n`;
}

// The input side: a key with a default is optional, as a person writes the file.
function inputJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', override: restoreDefault });
}

/**
 * zod leaves out the default of a key whose value is transformed (the user lists, lower-cased;
 * the Lichess URL, stripped of a trailing slash), as such a default need not be a valid input.
 * Ours are: each is put back when it passes the key's own validation, so an editor shows it.
 */
function restoreDefault({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodType; jsonSchema: JsonSchema }): void {
  if (!(zodSchema instanceof z.core.$ZodDefault) || 'default' in jsonSchema) return;
  const { defaultValue, innerType } = zodSchema._zod.def;
  if (z.safeParse(innerType, defaultValue).success) jsonSchema.default = structuredClone(defaultValue);
}
