import { describe, expect, it } from 'vitest';
import { closestName, unknownVariableWarnings } from '../../src/config/envNames.ts';
import { ENV_KEYS } from '../../src/config/schema.ts';

describe('closestName', () => {
  it('finds the name a near miss was meant to be', () => {
    expect(closestName('LICHES_TOKEN', ENV_KEYS)).toBe('LICHESS_TOKEN');
    expect(closestName('LICHESS_TOKNE', ENV_KEYS)).toBe('LICHESS_TOKEN');
    expect(closestName('DISCROD_TOKEN', ENV_KEYS)).toBe('DISCORD_TOKEN');
    expect(closestName('LOGLEVEL', ENV_KEYS)).toBe('LOG_LEVEL');
    expect(closestName('lichess_url', ENV_KEYS)).toBe('LICHESS_URL');
    expect(closestName('DISCORD_APPLICATION', ENV_KEYS)).toBe('DISCORD_APPLICATION_ID');
  });

  it('finds none for names that are not near any of ours', () => {
    for (const name of ['PATH', 'HOME', 'NODE_ENV', 'LOG_FILE', 'REDIS_HOST', 'DISCORD_CLIENT_SECRET', 'X'.repeat(10_000)]) {
      expect(closestName(name, ENV_KEYS)).toBeNull();
    }
  });
});

describe('unknownVariableWarnings', () => {
  it('says nothing of known names', () => {
    expect(unknownVariableWarnings('.env', ENV_KEYS, ENV_KEYS)).toEqual([]);
  });

  it('cuts a very long name', () => {
    const [warning] = unknownVariableWarnings('.env', [`LICHESS_${'X'.repeat(100)}`], ENV_KEYS);
    expect(warning).toMatch(/^\.env: LICHESS_X{52}… \(108 characters\): unknown variable, ignored \(known: LICHESS_TOKEN, LICHESS_URL\)$/);
  });
});
