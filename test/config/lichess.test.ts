// The config's lichess section: the documented defaults, lists lower-cased, and every bad value
// named with its key.

import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.ts';
import { problemsOf as loadProblems } from '../support/configProblems.ts';

const REPO_DEFAULTS = join(import.meta.dirname, '..', '..', 'config', 'default.json');

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'chessbot-config-lichess-'));
  mkdirSync(join(dir, 'config'));
  cpSync(REPO_DEFAULTS, join(dir, 'config', 'default.json'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function withLocal(lichess: unknown) {
  writeFileSync(join(dir, 'config', 'local.json'), JSON.stringify({ lichess }));
  return loadConfig({ env: {}, cwd: dir });
}

function problemsOf(lichess: unknown): readonly string[] {
  return loadProblems(() => withLocal(lichess));
}

describe('config lichess section', () => {
  it('defaults: standard, chess960 and fromPosition; bullet to classical; rated and casual; two games', () => {
    const { lichess } = loadConfig({ env: {}, cwd: dir });
    expect(lichess.concurrency).toBe(2);
    expect(lichess.variants).toEqual(['standard', 'chess960', 'fromPosition']);
    expect(lichess.speeds).toEqual(['bullet', 'blitz', 'rapid', 'classical']);
    expect(lichess.modes).toEqual(['rated', 'casual']);
    expect(lichess.opponents).toEqual(['human', 'bot']);
    expect(lichess.resign.enabled).toBe(false);
    expect(lichess.allowList).toEqual([]);
  });

  it('merges keys over the defaults and lower-cases user lists', () => {
    const { lichess } = withLocal({ concurrency: 4, blockList: ['Alice'], draw: { offer: false } });
    expect(lichess.concurrency).toBe(4);
    expect(lichess.blockList).toEqual(['alice']);
    expect(lichess.draw.offer).toBe(false);
    expect(lichess.draw.accept).toBe(true);
  });

  it('names every bad value', () => {
    const problems = problemsOf({
      concurrency: 0,
      variants: ['atomic'],
      speeds: ['ultraBullet'],
      modes: ['rated', 'rated'],
      greeting: 'x'.repeat(141),
      blockList: ['bad name!'],
    });
    expect(problems).toEqual([
      'config/local.json: lichess.concurrency: expected an integer from 1 to 100, got 0',
      'config/local.json: lichess.variants.0: expected a list of variants from: standard, chess960, fromPosition, got "atomic"',
      'config/local.json: lichess.speeds.0: expected a list of speeds from: bullet, blitz, rapid, classical, correspondence, got "ultraBullet"',
      'config/local.json: lichess.modes: expected a list of modes from: rated, casual (each at most once), got ["rated", "rated"]',
      'config/local.json: lichess.blockList.0: expected Lichess user names, got "bad name!"',
      expect.stringMatching(/^config\/local.json: lichess.greeting: expected at most 140 characters/),
    ]);
  });

  it('refuses a minimum above its maximum, named at the minimum with the maximum it exceeds', () => {
    expect(problemsOf({ minBaseSeconds: 600, maxBaseSeconds: 60 })).toEqual([
      'config/local.json: lichess.minBaseSeconds: expected at most maxBaseSeconds (60), got 600',
    ]);
    expect(problemsOf({ minIncrementSeconds: 5, maxIncrementSeconds: 2 })).toEqual([
      'config/local.json: lichess.minIncrementSeconds: expected at most maxIncrementSeconds (2), got 5',
    ]);
  });

  it('matchmaking is off by default; its keys and the rating rules are checked, each named', () => {
    const { lichess } = loadConfig({ env: {}, cwd: dir });
    expect(lichess.matchmaking).toMatchObject({ enabled: false, timeControls: [{ baseSeconds: 180, incrementSeconds: 2 }], rated: false, humanSlots: 1 });
    expect(lichess.blockListUrl).toBeNull();
    const problems = problemsOf({
      minRating: 2000,
      maxRating: 1500,
      blockListUrl: 'ftp://example.org/list.txt',
      matchmaking: { enabled: true, humanSlots: 2, timeControls: [{ baseSeconds: 15, incrementSeconds: 0 }, { baseSeconds: 100, incrementSeconds: 0 }] },
    });
    expect(problems.map((p) => p.replace(/, got .*$/, ''))).toEqual(expect.arrayContaining([
      'config/local.json: lichess.blockListUrl: expected null or an http:// or https:// URL',
      expect.stringMatching(/^config\/local.json: lichess.matchmaking.timeControls.0: expected a time control bots may play/),
      expect.stringMatching(/^config\/local.json: lichess.matchmaking.timeControls.1.baseSeconds: expected 0, 15, 30, 45, 60, 90 or a multiple of 60/),
    ]));
    expect(problemsOf({ minRating: 2000, maxRating: 1500 })).toEqual([expect.stringMatching(/^config\/local.json: lichess.minRating: expected at most maxRating/)]);
    expect(problemsOf({ matchmaking: { enabled: true, humanSlots: 2 } })).toEqual([
      expect.stringMatching(/^config\/local.json: lichess.matchmaking.humanSlots: expected fewer than concurrency while matchmaking is enabled/),
    ]);
  });
});
