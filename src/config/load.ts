// Start-up configuration: reads the environment, .env and config/*.json once, validates all of
// it, and returns one frozen Config, with the warnings for whoever loads it to print (nothing
// here prints). This is the only module that touches process.env.
//
// Precedence, lowest first: config/default.json, then config/local.json (or the file named by
// CHESSBOT_CONFIG) merged over it key by key; environment variables override .env entries.

import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { unknownVariableWarnings } from './envNames.ts';
import { ConfigError } from './errors.ts';
import { describeIssues, validate } from './problems.ts';
import { ENV_KEYS, SECRET_ENV_KEYS, envSchema, fileConfigSchema, type EnvConfig, type FileConfig } from './schema.ts';
import { Secret, maskUrlCredentials, redact } from './secret.ts';
import { type UnparsedLine, labelOf, readDotenvFile, readJsonFile } from './sources.ts';
import type { Config } from './types.ts';

export interface LoadConfigOptions {
  /** The process environment; defaults to process.env. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The directory holding .env and config/; defaults to process.cwd(). */
  readonly cwd?: string;
  /**
   * Where a relative CHESSBOT_CONFIG is resolved from; defaults to process.cwd(), the directory
   * the person ran the program in, also when `cwd` is the program's own (the command line's).
   */
  readonly workingDirectory?: string;
}

// Where the inputs live, relative to the working directory (also named in docs/configuration.md).
export const DEFAULT_CONFIG_FILE = join('config', 'default.json');
export const LOCAL_CONFIG_FILE = join('config', 'local.json');
export const DOTENV_FILE = '.env';

/** The configuration, and what is odd about it without stopping the start. */
export interface LoadedConfig {
  readonly config: Config;
  /**
   * One line each, "<source>: <name>: <what>", never with a value: e.g. ".env: LICHES_TOKEN:
   * unknown variable, ignored (did you mean LICHESS_TOKEN?)". The caller prints them (npm start
   * and deploy-commands as "warning: <line>" on standard error, see warningLines).
   */
  readonly warnings: readonly string[];
}

/**
 * Loads and validates everything, and returns the config with its warnings; throws a
 * ConfigError listing every problem found (and carrying the warnings too).
 */
export function loadConfigWithWarnings(options: LoadConfigOptions = {}): LoadedConfig {
  const cwd = options.cwd ?? process.cwd();
  const problems: string[] = [];
  const warnings: string[] = [];

  const env = readEnvironment(cwd, options.env ?? process.env, problems, warnings);
  const named = env.values.CHESSBOT_CONFIG;
  const namedFile = named === undefined ? undefined : resolve(options.workingDirectory ?? process.cwd(), named);
  const file = readConfigFiles(cwd, namedFile, problems);
  const secrets = SECRET_ENV_KEYS.map((key) => env.values[key]).map((value) => (value ? new Secret(value) : null));

  if (problems.length > 0 || !env.parsed || !file.parsed) {
    // A secret pasted into the wrong place must not be echoed back by a message about it, nor
    // the password of a URL.
    throw new ConfigError(problems.map((line) => maskUrlCredentials(redact(line, secrets))), warnings);
  }
  return { config: deepFreeze(assemble(env.parsed, file.parsed, file.labels, cwd)), warnings };
}

/**
 * Loads and validates everything; throws a ConfigError listing every problem found. The
 * warnings are dropped: a program that starts calls loadConfigWithWarnings and prints them; this
 * is for the tests and tools that only want the values.
 */
export function loadConfig(options: LoadConfigOptions = {}): Config {
  return loadConfigWithWarnings(options).config;
}

/** The environment values we know, with .env filling in what the real environment leaves unset. */
function readEnvironment(
  cwd: string,
  processEnv: Readonly<Record<string, string | undefined>>,
  problems: string[],
  warnings: string[],
): { values: Record<string, string>; parsed: EnvConfig | null } {
  const dotenv = readDotenvFile(resolve(cwd, DOTENV_FILE), DOTENV_FILE, ENV_KEYS);
  if (dotenv.kind === 'failed') problems.push(dotenv.problem);
  const fromDotenv = dotenv.kind === 'read' ? dotenv.value : {};
  // dotenv skips a line that is no NAME=value pair without a word; a token split from its name
  // would leave the bot unconfigured, and the console starting instead.
  if (dotenv.kind === 'read') warnings.push(...dotenv.unparsedLines.map(unparsedLineWarning));
  // A misspelt name in the user's own .env is reported, as a misspelt JSON key is (but as a
  // warning: the variable may be meant for something else run from the same directory).
  warnings.push(...unknownVariableWarnings(DOTENV_FILE, Object.keys(fromDotenv), ENV_KEYS));

  const values: Record<string, string> = {};
  const origin: Record<string, string> = {};
  for (const key of ENV_KEYS) {
    // An empty value counts as unset: `LICHESS_TOKEN=` in a shell or compose file means "none".
    if (processEnv[key]) {
      values[key] = processEnv[key];
      origin[key] = 'environment';
    } else if (fromDotenv[key]) {
      values[key] = fromDotenv[key];
      origin[key] = DOTENV_FILE;
    }
  }

  const result = validate(envSchema, values);
  if (result.success) return { values, parsed: result.data };
  problems.push(
    ...describeIssues(result.error.issues, {
      source: (path) => origin[String(path[0])] ?? 'environment',
      input: values,
      secretKeys: SECRET_ENV_KEYS,
    }),
  );
  return { values, parsed: null };
}

/** Never the line's text, which may be a token: its number, and its name only when it is one of ours. */
function unparsedLineWarning({ line, knownName }: UnparsedLine): string {
  const what = knownName !== null
    ? `${knownName} without "=", ignored (write ${knownName}=value on one line)`
    : 'not a NAME=value line, ignored (its text is not shown: it may be a secret)';
  return `${DOTENV_FILE}: line ${line}: ${what}`;
}

interface ConfigLayer {
  readonly file: string;
  /** Why the file must exist, or null when it is optional. */
  readonly requiredBecause: string | null;
}

/** config/default.json (required) with the local file (optional unless named: an absolute path) merged over it. */
function readConfigFiles(
  cwd: string,
  namedFile: string | undefined,
  problems: string[],
): { parsed: FileConfig | null; labels: string[] } {
  const layers: ConfigLayer[] = [
    { file: resolve(cwd, DEFAULT_CONFIG_FILE), requiredBecause: 'the defaults must be present' },
    namedFile
      ? { file: namedFile, requiredBecause: 'named by CHESSBOT_CONFIG' }
      : { file: resolve(cwd, LOCAL_CONFIG_FILE), requiredBecause: null },
  ];
  const defaults = fileConfigSchema.parse({});
  const read = layers.map((layer) => readLayer(cwd, layer, defaults));
  const layerProblems = read.flatMap((layer) => layer.problems);
  const present = read.filter((layer) => layer.value !== null);
  const labels = present.map((layer) => layer.label);
  if (layerProblems.length > 0) {
    problems.push(...layerProblems);
    return { parsed: null, labels };
  }

  const merged = present.reduce<Record<string, unknown>>((base, layer) => mergeDeep(base, layer.value!), {});
  const result = validate(fileConfigSchema, merged);
  if (result.success) return { parsed: result.data, labels };
  problems.push(...describeIssues(result.error.issues, { source: labels.join(' + '), input: merged, defaults }));
  return { parsed: null, labels };
}

/**
 * Reads one config file and checks it on its own, so that every problem names the file it is
 * in. Its value is null when the file is absent (allowed only for an optional one) or invalid.
 */
function readLayer(
  cwd: string,
  layer: ConfigLayer,
  defaults: FileConfig,
): { label: string; value: Record<string, unknown> | null; problems: string[] } {
  const label = labelOf(cwd, layer.file);
  const read = readJsonFile(layer.file, label);
  if (read.kind === 'missing') {
    // The full path that was looked at: a relative name alone does not say from where.
    const where = label === layer.file ? '' : ` at ${layer.file}`;
    const problems = layer.requiredBecause ? [`${label}: file not found${where} (${layer.requiredBecause})`] : [];
    return { label, value: null, problems };
  }
  if (read.kind === 'failed') return { label, value: null, problems: [read.problem] };
  const result = validate(fileConfigSchema, read.value);
  if (!result.success) {
    const problems = describeIssues(result.error.issues, { source: label, input: read.value, defaults });
    return { label, value: null, problems };
  }
  return { label, value: read.value as Record<string, unknown>, problems: [] };
}

/** Objects merge key by key; anything else in `over` (null and arrays included) replaces. */
function mergeDeep(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const previous = result[key];
    result[key] = isPlainObject(previous) && isPlainObject(value) ? mergeDeep(previous, value) : value;
  }
  return result;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function assemble(env: EnvConfig, file: FileConfig, labels: string[], cwd: string): Config {
  return {
    workers: { size: file.workers.size ?? availableParallelism(), maxQueue: file.workers.maxQueue },
    mate: { ...file.mate },
    engine: {
      hashMb: file.engine.hashMb,
      threads: file.engine.threads,
      moveOverheadMs: file.engine.moveOverheadMs,
      book: { ...file.engine.book, path: file.engine.book.path === null ? null : resolve(cwd, file.engine.book.path) },
    },
    discord: {
      ...file.discord,
      token: env.DISCORD_TOKEN ? new Secret(env.DISCORD_TOKEN) : null,
      applicationId: env.DISCORD_APPLICATION_ID ?? null,
      guildId: env.DISCORD_GUILD_ID ?? null,
      apiUrl: env.DISCORD_API_URL ?? null,
    },
    queue: { ...file.queue, redisUrl: env.REDIS_URL ? new Secret(env.REDIS_URL) : null },
    lichess: {
      ...file.lichess,
      token: env.LICHESS_TOKEN ? new Secret(env.LICHESS_TOKEN) : null,
      url: env.LICHESS_URL,
    },
    logLevel: env.LOG_LEVEL,
    files: labels,
  };
}

function deepFreeze<T>(value: T): T {
  if (isPlainObject(value) || Array.isArray(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
