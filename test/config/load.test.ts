import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/errors.ts';
import { loadConfig, loadConfigWithWarnings } from '../../src/config/load.ts';
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
      maxSearchesPerUser: 1, maxSearches: 40, cacheMinutes: 10, cacheEntries: 200,
      token: null, applicationId: null, guildId: null, apiUrl: null, shards: 1, shardIds: null,
    });
    expect(config.queue).toEqual({ redisUrl: null, name: 'chessbot', solveInBot: true, lockMs: 10_000, stalledCheckMs: 5_000, splitAfterNodes: 100_000 });
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
    const config = loadConfig({ env: { CHESSBOT_CONFIG: 'other.json' }, cwd: dir, workingDirectory: dir });
    expect(config.mate.maxN).toBe(7);
    expect(config.files).toEqual(['config/default.json', 'other.json']);
  });

  it('resolves a relative CHESSBOT_CONFIG from the working directory, not from the program\'s', () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'chessbot-run-here-'));
    try {
      writeFileSync(join(elsewhere, 'mine.json'), JSON.stringify({ mate: { maxN: 4 } }));
      writeJson('mine.json', { mate: { maxN: 9 } });
      const config = loadConfig({ env: { CHESSBOT_CONFIG: 'mine.json' }, cwd: dir, workingDirectory: elsewhere });
      expect(config.mate.maxN).toBe(4);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('reports a missing file named by CHESSBOT_CONFIG with the path it looked at', () => {
    const elsewhere = join(tmpdir(), 'chessbot-no-such-dir');
    const problems = problemsOf(() => loadConfig({ env: { CHESSBOT_CONFIG: 'nope.json' }, cwd: dir, workingDirectory: elsewhere }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(join(elsewhere, 'nope.json'));
    expect(problems[0]).toContain('CHESSBOT_CONFIG');
    expect(problems[0]).toContain('not found');
  });

  it('reports a missing config/default.json', () => {
    rmSync(join(dir, 'config', 'default.json'));
    expect(problemsOf(() => loadConfig({ env: {}, cwd: dir }))).toEqual([
      `config/default.json: file not found at ${join(dir, 'config', 'default.json')} (the defaults must be present)`,
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
        'config/local.json: mate.maxn: unknown key (did you mean maxN?)',
        expect.stringMatching(/^config\/local.json: lichess.token: unknown key \(known keys: concurrency, variants, /),
        'config/local.json: chess: unknown key (did you mean lichess?)',
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
      'config/local.json: $id: unknown key (known keys: workers, mate, engine, lichess, discord, queue)',
    ]);
  });

  it('rejects a top level that is not an object', () => {
    writeJson('config/local.json', '[1, 2]');
    expect(problemsOf(() => loadConfig({ env: {}, cwd: dir }))).toEqual([
      'config/local.json: expected a JSON object, got [1, 2]',
    ]);
  });
});

describe('loadConfig: every problem reads "<key>: expected <what it needs>, got <what was given>"', () => {
  function problemsIn(local: string): readonly string[] {
    writeJson('config/local.json', local);
    return problemsOf(() => loadConfig({ env: {}, cwd: dir }));
  }

  it('names the keys a section needs when it is not an object', () => {
    expect(problemsIn('{"workers": null}')).toEqual([
      'config/local.json: workers: expected an object (keys: size, maxQueue), got null',
    ]);
    expect(problemsIn('{"mate": [5], "engine": "fast", "lichess": {"draw": true}}')).toEqual([
      'config/local.json: mate: expected an object (keys: maxN, timeoutSeconds), got [5]',
      'config/local.json: engine: expected an object (keys: hashMb, threads, moveOverheadMs, book), got "fast"',
      'config/local.json: lichess.draw: expected an object (keys: accept, acceptAtOrBelowCp, deadDrawCp, deadDrawMoves, offer), got true',
    ]);
  });

  it('says a number JSON cannot hold (1e400 parses as Infinity) is out of range, not null', () => {
    // What reaches the schema: JSON.parse reads 1e400 as Infinity, which JSON.stringify writes "null".
    expect(JSON.parse('{"maxN":1e400}').maxN).toBe(Infinity);
    expect(problemsIn('{"mate": {"maxN": 1e400, "timeoutSeconds": -1e400}}')).toEqual([
      'config/local.json: mate.maxN: expected an integer from 1 to 50, got a number out of range (over 1.8e308)',
      'config/local.json: mate.timeoutSeconds: expected an integer from 1 to 840, got a number out of range (below -1.8e308)',
    ]);
  });

  it('says one mistake once, even when it breaks two checks (1e300: not a safe integer, and above 50)', () => {
    expect(problemsIn('{"mate": {"maxN": 1e300}}')).toEqual([
      'config/local.json: mate.maxN: expected an integer from 1 to 50, got 1e+300',
    ]);
  });

  it('words each kind of mistake the same way: wrong type, out of range, not an integer, not allowed, too long', () => {
    const problems = problemsIn(
      JSON.stringify({
        workers: { size: 1.5, maxQueue: '3' },
        mate: { maxN: 51, timeoutSeconds: 0 },
        engine: { book: { selection: 'random', path: '' } },
        lichess: { ponder: 'yes', variants: 'standard', allowList: ['ok', 'not ok'], goodbye: 'x'.repeat(141) },
      }),
    );
    expect(problems).toEqual([
      'config/local.json: workers.size: expected null (one worker per core) or an integer >= 1, got 1.5',
      'config/local.json: workers.maxQueue: expected an integer from 0 to 10000, got "3"',
      'config/local.json: mate.maxN: expected an integer from 1 to 50, got 51',
      'config/local.json: mate.timeoutSeconds: expected an integer from 1 to 840, got 0',
      'config/local.json: engine.book.path: expected null (no book) or the path of a Polyglot .bin file, got ""',
      'config/local.json: engine.book.selection: expected one of weighted, best, got "random"',
      'config/local.json: lichess.variants: expected a list of variants from: standard, chess960, fromPosition, got "standard"',
      'config/local.json: lichess.allowList.1: expected Lichess user names, got "not ok"',
      'config/local.json: lichess.ponder: expected true or false, got "yes"',
      `config/local.json: lichess.goodbye: expected at most 140 characters (Lichess drops longer chat lines), got "${'x'.repeat(60)}"… (141 characters)`,
    ]);
    for (const line of problems) expect(line).toMatch(/^config\/local\.json: [\w.$]+: expected .+, got .+$/);
  });
});

describe('loadConfig: discord shards', () => {
  function load(discord: unknown) {
    writeJson('config/local.json', { discord });
    return loadConfig({ env: {}, cwd: dir });
  }
  function problemsIn(discord: unknown): readonly string[] {
    return problemsOf(() => load(discord));
  }

  it('runs one shard, all of it, by default', () => {
    const config = load({});
    expect(config.discord.shards).toBe(1);
    expect(config.discord.shardIds).toBeNull();
  });

  it('takes "auto" (ask Discord) or a count, and the ids this process runs', () => {
    expect(load({ shards: 'auto' }).discord).toMatchObject({ shards: 'auto', shardIds: null });
    expect(load({ shards: 4, shardIds: [3, 1] }).discord).toMatchObject({ shards: 4, shardIds: [3, 1] });
  });

  it('refuses a count of 0, a word other than "auto", and a fraction, each named', () => {
    expect(problemsIn({ shards: 0 })).toEqual(['config/local.json: discord.shards: expected an integer from 1 to 1024, got 0']);
    expect(problemsIn({ shards: 'x' })).toEqual([
      'config/local.json: discord.shards: expected "auto" or an integer from 1 to 1024, got "x"',
    ]);
    expect(problemsIn({ shards: 2.5 })).toEqual([
      'config/local.json: discord.shards: expected "auto" or an integer from 1 to 1024, got 2.5',
    ]);
  });

  it('refuses shard ids at or above the count, and negative ones', () => {
    expect(problemsIn({ shards: 2, shardIds: [0, 2] })).toEqual([
      'config/local.json: discord.shardIds: expected shard ids below shards (2), got [0, 2]',
    ]);
    expect(problemsIn({ shards: 2, shardIds: [-1] })).toEqual([
      'config/local.json: discord.shardIds.0: expected an integer from 0 to 1023, got -1',
    ]);
  });

  it('refuses an id twice, and an empty list', () => {
    expect(problemsIn({ shards: 3, shardIds: [1, 1] })).toEqual([
      'config/local.json: discord.shardIds: expected a non-empty list of distinct shard ids, got [1, 1]',
    ]);
    expect(problemsIn({ shards: 3, shardIds: [] })).toEqual([
      'config/local.json: discord.shardIds: expected a non-empty list of distinct shard ids, got []',
    ]);
  });

  it('refuses shard ids with shards "auto": splitting the shards between processes needs a fixed count', () => {
    expect(problemsIn({ shards: 'auto', shardIds: [0] })).toEqual([
      'config/local.json: discord.shardIds: expected null when shards is "auto" (give shards a number to split them between processes), got [0]',
    ]);
  });
});

describe('loadConfigWithWarnings: .env lines that do not parse', () => {
  function load(dotenv: string) {
    writeFileSync(join(dir, '.env'), dotenv);
    return loadConfigWithWarnings({ env: {}, cwd: dir });
  }

  it('warns about a name alone on its line, and the token on the next, by line number, never showing the token', () => {
    const { config, warnings } = load('# my bot\nDISCORD_TOKEN\nMTIz.secret-token-text\nLOG_LEVEL=warn\n');
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^\.env: line 2: /);
    expect(warnings[0]).toContain('DISCORD_TOKEN');
    expect(warnings[1]).toMatch(/^\.env: line 3: /);
    expect(warnings.join('\n')).not.toContain('secret-token-text');
    expect(warnings.join('\n')).not.toContain('MTIz');
    // The rest of the file is still read; the token is not.
    expect(config.logLevel).toBe('warn');
    expect(config.discord.token).toBeNull();
  });

  it('warns about a name and value separated by a space, without the value', () => {
    const { warnings } = load('LICHESS_URL=https://lichess.org\n\nLICHESS_TOKEN lip_abcdef\n');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^\.env: line 3: .*LICHESS_TOKEN/);
    expect(warnings[0]).not.toContain('lip_abcdef');
  });

  it('names no unknown first word (it may be a token)', () => {
    const { warnings } = load('lip_pastedtoken\n');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^\.env: line 1: /);
    expect(warnings[0]).not.toContain('lip_pastedtoken');
  });

  it('says nothing of comments, blank lines, export, "NAME: value" and quoted values over several lines', () => {
    const { config, warnings } = load('# comment\n\n  \nexport LOG_LEVEL=debug\nDISCORD_GUILD_ID: 123456789012345678\nLICHESS_URL="https://example.org\n"\r\nCHESSBOT_CONFIG=  # none\n');
    expect(warnings).toEqual([]);
    expect(config.logLevel).toBe('debug');
    expect(config.discord.guildId).toBe('123456789012345678');
  });
});

describe('loadConfig: LOG_LEVEL', () => {
  it('takes the level in any case', () => {
    expect(loadConfig({ env: { LOG_LEVEL: 'DEBUG' }, cwd: dir }).logLevel).toBe('debug');
    expect(loadConfig({ env: { LOG_LEVEL: 'Warn' }, cwd: dir }).logLevel).toBe('warn');
  });

  it('still refuses an unknown level, naming the known ones', () => {
    const problems = problemsOf(() => loadConfig({ env: { LOG_LEVEL: 'VERBOSE' }, cwd: dir }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/LOG_LEVEL: .*debug/);
  });
});

describe('loadConfig: an unknown key', () => {
  it('suggests the near miss instead of listing every known key', () => {
    writeJson('config/local.json', { lichess: { concurency: 3 } });
    const problems = problemsOf(() => loadConfig({ env: {}, cwd: dir }));
    expect(problems).toEqual(['config/local.json: lichess.concurency: unknown key (did you mean concurrency?)']);
  });
});

describe('loadConfigWithWarnings: unknown variables in .env', () => {
  function warningsFor(dotenv: string, env: Record<string, string> = {}): readonly string[] {
    writeFileSync(join(dir, '.env'), dotenv);
    return loadConfigWithWarnings({ env, cwd: dir }).warnings;
  }

  it('warns about a misspelt name, suggests the known one, and never shows the value', () => {
    const warnings = warningsFor('LICHES_TOKEN=lip_secretvalue\nLOG_LEVL=debug\nlog_level=warn\n');
    expect(warnings).toEqual([
      '.env: LICHES_TOKEN: unknown variable, ignored (did you mean LICHESS_TOKEN?)',
      '.env: LOG_LEVL: unknown variable, ignored (did you mean LOG_LEVEL?)',
      '.env: log_level: unknown variable, ignored (did you mean LOG_LEVEL?)',
    ]);
    expect(warnings.join('\n')).not.toContain('lip_secretvalue');
  });

  it('warns about any name with our prefixes, listing the known ones when none is close', () => {
    expect(warningsFor('DISCORD_CLIENT_SECRET=abc\nCHESSBOT_THREADS=4\n')).toEqual([
      '.env: DISCORD_CLIENT_SECRET: unknown variable, ignored (known: DISCORD_TOKEN, DISCORD_APPLICATION_ID, DISCORD_GUILD_ID, DISCORD_API_URL)',
      '.env: CHESSBOT_THREADS: unknown variable, ignored (known: CHESSBOT_CONFIG)',
    ]);
  });

  it('is a warning only: the program starts with the rest of the configuration', () => {
    writeFileSync(join(dir, '.env'), 'LICHES_TOKEN=lip_x\nLOG_LEVEL=warn\n');
    const { config, warnings } = loadConfigWithWarnings({ env: {}, cwd: dir });
    expect(warnings).toHaveLength(1);
    expect(config.logLevel).toBe('warn');
    expect(config.lichess.token).toBeNull();
    // loadConfig gives the same config (and leaves the warnings to loadConfigWithWarnings).
    expect(loadConfig({ env: {}, cwd: dir })).toEqual(config);
  });

  it("leaves other programs' variables alone, and the process environment unchecked", () => {
    expect(warningsFor('NODE_ENV=production\nREDIS_URL=redis://x\nCOMPOSE_PROJECT_NAME=bot\nLICHESS_TOKEN=lip_x\n', {
      LICHES_TOKEN: 'x', DISCORD_TOKN: 'y', LOG_LEVL: 'z',
    })).toEqual([]);
  });

  it('has none without a .env', () => {
    expect(loadConfigWithWarnings({ env: { LICHES_TOKEN: 'x' }, cwd: dir }).warnings).toEqual([]);
  });

  it('carries them on a ConfigError too, where the misspelling may be the cause', () => {
    writeFileSync(join(dir, '.env'), 'LICHESS_URL=nowhere\nDISCORD_GUILD=123\n');
    try {
      loadConfigWithWarnings({ env: {}, cwd: dir });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).warnings).toEqual([
        '.env: DISCORD_GUILD: unknown variable, ignored (did you mean DISCORD_GUILD_ID?)',
      ]);
      expect((error as ConfigError).message).not.toContain('DISCORD_GUILD');
    }
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

  it('never shows the user name and password of a URL it quotes back', () => {
    const problems = problemsOf(() =>
      loadConfig({
        env: { DISCORD_API_URL: 'http://bob:hunter2@127.0.0.1:9/api/v10', LICHESS_URL: 'ftp://bob:hunter2@example.org' },
        cwd: dir,
      }),
    );
    expect(problems).toEqual([
      'environment: DISCORD_API_URL: expected the API base without a version, e.g. https://discord.com/api, got "http://[redacted]@127.0.0.1:9/api/v10"',
      'environment: LICHESS_URL: expected an http:// or https:// URL, got "ftp://[redacted]@example.org"',
    ]);
    expect(problems.join('\n')).not.toMatch(/bob|hunter2/);
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

  it('reads REDIS_URL as a secret, and refuses anything but a redis:// or rediss:// URL without quoting it', () => {
    const config = loadConfig({ env: { REDIS_URL: 'redis://:hunter2@10.0.0.5:6379/2' }, cwd: dir });
    expect(config.queue.redisUrl?.reveal()).toBe('redis://:hunter2@10.0.0.5:6379/2');
    expect(JSON.stringify(config)).not.toContain('hunter2');
    expect(loadConfig({ env: { REDIS_URL: 'rediss://redis.example' }, cwd: dir }).queue.redisUrl).not.toBeNull();
    for (const bad of ['http://:hunter2@10.0.0.5:6379', 'redis://:hunter2@', 'hunter2', 'redis://:hunter2@host/queue']) {
      const problems = problemsOf(() => loadConfig({ env: { REDIS_URL: bad }, cwd: dir }));
      expect(problems).toEqual([
        'environment: REDIS_URL: expected a redis:// or rediss:// URL, e.g. redis://localhost:6379 (value not shown)',
      ]);
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
