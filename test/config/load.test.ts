import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/errors.ts';
import { loadConfig } from '../../src/config/load.ts';
import { fileConfigSchema } from '../../src/config/schema.ts';
import { problemsOf } from '../support/configProblems.ts';

const REPO_DEFAULTS = join(import.meta.dirname, '..', '..', 'config', 'default.json');

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'chessbot-config-'));
  mkdirSync(join(dir, 'config'));
  cpSync(REPO_DEFAULTS, join(dir, 'config', 'default.json'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function writeJson(relativePath: string, value: unknown): void {
  writeFileSync(join(dir, relativePath), typeof value === 'string' ? value : JSON.stringify(value));
}


describe('loadConfig: defaults', () => {
  it('gives the documented defaults with an empty environment', () => {
    const config = loadConfig({ env: {}, cwd: dir });
    expect(config.workers.size).toBe(availableParallelism());
    expect(config.workers.maxQueue).toBe(32);
    expect(config.mate).toEqual({ maxN: 10, timeoutSeconds: 120 });
    expect(config.lichess).toEqual({ ...fileConfigSchema.parse({}).lichess, token: null, url: 'https://lichess.org' });
    expect(config.lichess.concurrency).toBe(2);
    expect(config.discord).toEqual({
      maxSearchesPerUser: 1, maxSearches: 8, cacheMinutes: 10, cacheEntries: 200,
      token: null, applicationId: null, guildId: null, apiUrl: null,
    });
    expect(config.logLevel).toBe('info');
    expect(config.files).toEqual(['config/default.json']);
  });

  it('config/default.json lists exactly the schema defaults', () => {
    writeJson('config/default.json', '{}');
    const fromEmpty = loadConfig({ env: {}, cwd: dir });
    cpSync(REPO_DEFAULTS, join(dir, 'config', 'default.json'));
    const fromRepo = loadConfig({ env: {}, cwd: dir });
    expect(fromRepo).toEqual(fromEmpty);
    // And the file names every key with its default, so it documents the whole shape (and its
    // JSON Schema, for editors).
    const { $schema, ...keys } = JSON.parse(readFileSync(REPO_DEFAULTS, 'utf8')) as Record<string, unknown>;
    expect($schema).toBe('./schema.json');
    expect(keys).toEqual(fileConfigSchema.parse({}));
  });

  it('is frozen', () => {
    const config = loadConfig({ env: {}, cwd: dir });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.mate)).toBe(true);
  });
});

describe('loadConfig: files', () => {
  it('merges config/local.json over the defaults key by key', () => {
    writeJson('config/local.json', { mate: { maxN: 5 }, workers: { size: 3 } });
    const config = loadConfig({ env: {}, cwd: dir });
    expect(config.mate).toEqual({ maxN: 5, timeoutSeconds: 120 });
    expect(config.workers.size).toBe(3);
    expect(config.files).toEqual(['config/default.json', 'config/local.json']);
  });

  it('null in local.json resets workers.size to one per core', () => {
    writeJson('config/default.json', { workers: { size: 2 } });
    writeJson('config/local.json', { workers: { size: null } });
    expect(loadConfig({ env: {}, cwd: dir }).workers.size).toBe(availableParallelism());
  });

  it('reads the file named by CHESSBOT_CONFIG instead of config/local.json', () => {
    writeJson('config/local.json', { mate: { maxN: 5 } });
    writeJson('other.json', { mate: { maxN: 7 } });
    const config = loadConfig({ env: { CHESSBOT_CONFIG: 'other.json' }, cwd: dir });
    expect(config.mate.maxN).toBe(7);
    expect(config.files).toEqual(['config/default.json', 'other.json']);
  });

  it('reports a missing file named by CHESSBOT_CONFIG', () => {
    expect(problemsOf(() => loadConfig({ env: { CHESSBOT_CONFIG: 'nope.json' }, cwd: dir }))).toEqual([
      'nope.json: file not found (named by CHESSBOT_CONFIG)',
    ]);
  });

  it('reports a missing config/default.json', () => {
    rmSync(join(dir, 'config', 'default.json'));
    expect(problemsOf(() => loadConfig({ env: {}, cwd: dir }))).toEqual([
      'config/default.json: file not found (the defaults must be present)',
    ]);
  });

  it('reports every bad key with its file, path and value', () => {
    writeJson('config/local.json', {
      workers: { size: 'x' },
      mate: { maxN: 0, timeoutSeconds: 2.5, maxn: 3 },
      lichess: { token: 'lip_should_not_be_here' },
      chess: {},
    });
    const problems = problemsOf(() => loadConfig({ env: {}, cwd: dir }));
    expect(problems).toEqual(
      expect.arrayContaining([
        'config/local.json: workers.size: expected null (one worker per core) or an integer >= 1, got "x"',
        'config/local.json: mate.maxN: expected an integer from 1 to 50, got 0',
        'config/local.json: mate.timeoutSeconds: expected an integer from 1 to 840, got 2.5',
        'config/local.json: mate.maxn: unknown key (known keys: maxN, timeoutSeconds)',
        expect.stringMatching(/^config\/local.json: lichess.token: unknown key \(known keys: concurrency, variants, /),
        'config/local.json: chess: unknown key (known keys: workers, mate, engine, lichess, discord)',
      ]),
    );
    expect(problems).toHaveLength(6);
    expect(problems.join('\n')).not.toContain('lip_should_not_be_here');
  });

  it('reports problems in several files and the environment at once', () => {
    writeJson('config/default.json', { mate: { maxN: -1 } });
    writeJson('config/local.json', { workers: { size: 0 } });
    const problems = problemsOf(() => loadConfig({ env: { LOG_LEVEL: 'loud' }, cwd: dir }));
    expect(problems).toHaveLength(3);
    expect(problems[0]).toBe('environment: LOG_LEVEL: expected one of error, warn, info, debug, got "loud"');
    expect(problems[1]).toMatch(/^config\/default\.json: mate\.maxN: /);
    expect(problems[2]).toMatch(/^config\/local\.json: workers\.size: /);
  });

  it('reports invalid JSON with a line and column, without quoting the text', () => {
    writeJson('config/local.json', '{\n  "mate": { "maxN": 3, }\n}');
    const [problem] = problemsOf(() => loadConfig({ env: {}, cwd: dir }));
    expect(problem).toMatch(/^config\/local\.json: not valid JSON: .+ \(line 2, column \d+\)$/);
  });

  it('does not quote file text in a JSON syntax error', () => {
    writeJson('config/local.json', '{"a": lip_secret}');
    const [problem] = problemsOf(() => loadConfig({ env: {}, cwd: dir }));
    expect(problem).toMatch(/^config\/local\.json: not valid JSON: /);
    expect(problem).not.toContain('lip_secret');
  });

  it('accepts a top-level "$schema" in any config file', () => {
    writeJson('config/local.json', { $schema: './schema.json', mate: { maxN: 5 } });
    const config = loadConfig({ env: {}, cwd: dir });
    expect(config.mate.maxN).toBe(5);
    expect(config.files).toEqual(['config/default.json', 'config/local.json']);
  });

  it('refuses "$schema" anywhere but the top level, and any other unknown key as before', () => {
    writeJson('config/local.json', { $schema: 7, mate: { $schema: './schema.json' }, $id: 'x' });
    expect(problemsOf(() => loadConfig({ env: {}, cwd: dir }))).toEqual([
      'config/local.json: $schema: expected the path or URL of a JSON Schema, e.g. "./schema.json", got 7',
      'config/local.json: mate.$schema: unknown key (known keys: maxN, timeoutSeconds)',
      'config/local.json: $id: unknown key (known keys: workers, mate, engine, lichess, discord)',
    ]);
  });

  it('rejects a top level that is not an object', () => {
    writeJson('config/local.json', '[1, 2]');
    expect(problemsOf(() => loadConfig({ env: {}, cwd: dir }))).toEqual([
      'config/local.json: expected a JSON object, got an array',
    ]);
  });
});

describe('loadConfig: environment', () => {
  const validEnv = {
    DISCORD_TOKEN: 'discord.token.value',
    DISCORD_APPLICATION_ID: '123456789012345678',
    DISCORD_GUILD_ID: '876543210987654321',
    DISCORD_API_URL: 'http://127.0.0.1:8080/api/',
    LICHESS_TOKEN: 'lip_abcdef',
    LICHESS_URL: 'http://127.0.0.1:9090/',
    LOG_LEVEL: 'debug',
  };

  it('reads every known key', () => {
    const config = loadConfig({ env: validEnv, cwd: dir });
    expect(config.discord.token?.reveal()).toBe('discord.token.value');
    expect(config.discord.applicationId).toBe('123456789012345678');
    expect(config.discord.guildId).toBe('876543210987654321');
    expect(config.discord.apiUrl).toBe('http://127.0.0.1:8080/api');
    expect(config.lichess.token?.reveal()).toBe('lip_abcdef');
    expect(config.lichess.url).toBe('http://127.0.0.1:9090');
    expect(config.logLevel).toBe('debug');
  });

  it('treats empty values as unset', () => {
    const empty = Object.fromEntries(Object.keys(validEnv).map((key) => [key, '']));
    const config = loadConfig({ env: empty, cwd: dir });
    expect(config.discord.token).toBeNull();
    expect(config.lichess.token).toBeNull();
    expect(config.lichess.url).toBe('https://lichess.org');
    expect(config.logLevel).toBe('info');
  });

  it('reads .env, with the real environment taking precedence', () => {
    writeFileSync(join(dir, '.env'), 'LICHESS_TOKEN=lip_from_file\nLOG_LEVEL=warn\nDISCORD_TOKEN=from_file\n');
    const config = loadConfig({ env: { LOG_LEVEL: 'error', DISCORD_TOKEN: '' }, cwd: dir });
    expect(config.lichess.token?.reveal()).toBe('lip_from_file');
    expect(config.logLevel).toBe('error');
    // Empty in the environment means unset, so the .env value applies.
    expect(config.discord.token?.reveal()).toBe('from_file');
  });

  it('names .env as the source of a bad value read from it', () => {
    writeFileSync(join(dir, '.env'), 'LICHESS_URL=ftp://example.org\n');
    expect(problemsOf(() => loadConfig({ env: {}, cwd: dir }))).toEqual([
      '.env: LICHESS_URL: expected an http:// or https:// URL, got "ftp://example.org"',
    ]);
  });

  it('reports bad ids and URLs', () => {
    const problems = problemsOf(() =>
      loadConfig({ env: { DISCORD_APPLICATION_ID: 'abc', DISCORD_API_URL: 'not a url' }, cwd: dir }),
    );
    expect(problems).toEqual([
      'environment: DISCORD_APPLICATION_ID: expected a Discord id (17 to 20 digits), got "abc"',
      'environment: DISCORD_API_URL: expected an http:// or https:// URL, got "not a url"',
    ]);
  });

  it('never shows a token, not even a malformed one', () => {
    const problems = problemsOf(() =>
      loadConfig({ env: { LICHESS_TOKEN: 'lip_has space', DISCORD_TOKEN: 'discord_fine', LOG_LEVEL: 'ok' }, cwd: dir }),
    );
    expect(problems).toEqual([
      'environment: LICHESS_TOKEN: expected a token of printable characters without spaces (value not shown)',
      'environment: LOG_LEVEL: expected one of error, warn, info, debug, got "ok"',
    ]);
    expect(problems.join('\n')).not.toContain('lip_has space');
  });

  it('keeps tokens out of String(), JSON and util.inspect of the config', () => {
    const config = loadConfig({ env: validEnv, cwd: dir });
    for (const text of [JSON.stringify(config), inspect(config, { depth: null }), String(config.lichess.token)]) {
      expect(text).not.toContain('lip_abcdef');
      expect(text).not.toContain('discord.token.value');
    }
  });

  it('ignores environment variables it does not know', () => {
    expect(() => loadConfig({ env: { PATH: '/bin', HOME: '/root', FOO: 'x' }, cwd: dir })).not.toThrow();
  });
});

describe('ConfigError', () => {
  it('lists every problem in its message, one per line', () => {
    const error = new ConfigError(['a: x: bad', 'b: y: worse']);
    expect(error.message).toBe('invalid configuration (2 problems):\n  a: x: bad\n  b: y: worse');
  });
});
