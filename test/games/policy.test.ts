// The challenge policy: every decline reason from its rule, and acceptance of what the defaults
// allow.

import { describe, expect, it } from 'vitest';
import type { Challenge } from '../../src/adapters/lichess/events.ts';
import { type PolicySettings, judgeChallenge, parseBlockList } from '../../src/games/policy.ts';
import { fileConfigSchema } from '../../src/config/schema.ts';

const DEFAULTS: PolicySettings = fileConfigSchema.parse({}).lichess;

function challenge(overrides: Partial<Challenge> = {}): Challenge {
  return {
    id: 'abcdefgh',
    status: 'created',
    challenger: { id: 'alice', name: 'Alice', title: null, rating: 1500 },
    destUser: { id: 'testbot', name: 'TestBot', title: 'BOT' },
    variant: { key: 'standard' },
    rated: true,
    speed: 'blitz',
    timeControl: { type: 'clock', limit: 180, increment: 2 },
    ...overrides,
  };
}

const judge = (c: Challenge, settings: Partial<PolicySettings> = {}, compat?: boolean) => judgeChallenge({ ...DEFAULTS, ...settings }, c, compat);

describe('judgeChallenge', () => {
  it('accepts rated and casual games from humans and bots in the default speeds and variants', () => {
    expect(judge(challenge())).toEqual({ accept: true });
    expect(judge(challenge({ rated: false, challenger: { id: 'otherbot', title: 'BOT' } }))).toEqual({ accept: true });
    expect(judge(challenge({ variant: { key: 'chess960' }, speed: 'bullet', timeControl: { type: 'clock', limit: 60, increment: 0 } }))).toEqual({ accept: true });
    expect(judge(challenge({ speed: 'classical', timeControl: { type: 'clock', limit: 1800, increment: 20 } }), {}, true)).toEqual({ accept: true });
  });

  it.each([
    ['variant', challenge({ variant: { key: 'atomic' } }), { variants: ['chess960'] as PolicySettings['variants'] }],
    // "Not accepting variant challenges" would be false: the defaults take chess960 and fromPosition.
    ['variant', challenge({ variant: { key: 'crazyhouse' } }), {}],
    ['standard', challenge({ variant: { key: 'atomic' } }), { variants: ['standard'] as PolicySettings['variants'] }],
    ['tooFast', challenge({ speed: 'ultraBullet', timeControl: { type: 'clock', limit: 15, increment: 0 } }), {}],
    ['tooFast', challenge({ speed: 'bullet', timeControl: { type: 'clock', limit: 60, increment: 0 } }), { speeds: ['blitz', 'rapid'] as PolicySettings['speeds'] }],
    ['tooSlow', challenge({ speed: 'classical', timeControl: { type: 'clock', limit: 1800, increment: 0 } }), { speeds: ['bullet', 'blitz'] as PolicySettings['speeds'] }],
    ['tooSlow', challenge({ speed: 'correspondence', timeControl: { type: 'correspondence', daysPerTurn: 2 } }), {}],
    ['timeControl', challenge({ speed: 'blitz' }), { speeds: ['bullet', 'rapid'] as PolicySettings['speeds'] }],
    ['tooFast', challenge(), { minBaseSeconds: 300 }],
    ['tooSlow', challenge(), { maxBaseSeconds: 120 }],
    ['timeControl', challenge(), { minIncrementSeconds: 3 }],
    ['timeControl', challenge(), { maxIncrementSeconds: 1 }],
    ['casual', challenge({ rated: true }), { modes: ['casual'] as PolicySettings['modes'] }],
    ['rated', challenge({ rated: false }), { modes: ['rated'] as PolicySettings['modes'] }],
    ['noBot', challenge({ challenger: { id: 'otherbot', title: 'BOT' } }), { opponents: ['human'] as PolicySettings['opponents'] }],
    ['onlyBot', challenge(), { opponents: ['bot'] as PolicySettings['opponents'] }],
    ['generic', challenge(), { blockList: ['alice'] }],
    ['generic', challenge(), { allowList: ['bob'] }],
    ['generic', challenge({ challenger: null }), {}],
  ] as const)('declines with %s', (reason, c, settings) => {
    const verdict = judge(c, settings);
    expect(verdict).toMatchObject({ accept: false, reason });
    expect(verdict.accept ? '' : verdict.why).not.toBe('');
  });

  it('declines what Lichess marks as unplayable for a bot as tooFast', () => {
    expect(judge(challenge(), {}, false)).toMatchObject({ accept: false, reason: 'tooFast' });
  });

  it('compares user names without case, and the allow list lets its users in', () => {
    expect(judge(challenge({ challenger: { id: 'Alice' } }), { blockList: ['alice'] })).toMatchObject({ accept: false });
    expect(judge(challenge(), { allowList: ['alice'] })).toEqual({ accept: true });
  });
});

describe('judgeChallenge: ratings, games per opponent, bullet increment, fetched block list', () => {
  const rated = (rating: number | null, ourRating: number | null = 1800) =>
    challenge({ challenger: { id: 'alice', title: null, rating: rating ?? undefined }, destUser: { id: 'testbot', title: 'BOT', rating: ourRating ?? undefined } });
  const judgeRated = (c: Challenge, settings: Partial<PolicySettings>, context = {}) =>
    judgeChallenge({ ...DEFAULTS, ...settings }, { ...c, ourRating: c.destUser?.rating ?? null, challenger: c.challenger && { ...c.challenger, rating: c.challenger.rating ?? null } }, undefined, context);

  it('declines a rating below minRating, above maxRating, or too far from ours with generic', () => {
    expect(judgeRated(rated(1499), { minRating: 1500 })).toMatchObject({ accept: false, reason: 'generic' });
    expect(judgeRated(rated(1500), { minRating: 1500 })).toEqual({ accept: true });
    expect(judgeRated(rated(2001), { maxRating: 2000 })).toMatchObject({ accept: false, reason: 'generic' });
    expect(judgeRated(rated(2000), { maxRating: 2000 })).toEqual({ accept: true });
    expect(judgeRated(rated(1499), { maxRatingDifference: 300 })).toMatchObject({ accept: false, reason: 'generic' });
    expect(judgeRated(rated(2101), { maxRatingDifference: 300 })).toMatchObject({ accept: false, reason: 'generic' });
    expect(judgeRated(rated(2100), { maxRatingDifference: 300 })).toEqual({ accept: true });
  });

  it('declines when a rating rule has no rating to check, and ignores ratings without rules', () => {
    expect(judgeRated(rated(null), { minRating: 1000 })).toMatchObject({ accept: false, reason: 'generic' });
    expect(judgeRated(rated(1800, null), { maxRatingDifference: 300 })).toMatchObject({ accept: false, reason: 'generic' });
    expect(judgeRated(rated(null, null), {})).toEqual({ accept: true });
  });

  it('declines with later beyond maxGamesPerOpponent', () => {
    expect(judgeRated(rated(1500), { maxGamesPerOpponent: 1 }, { gamesWithChallenger: 1 })).toMatchObject({ accept: false, reason: 'later' });
    expect(judgeRated(rated(1500), { maxGamesPerOpponent: 2 }, { gamesWithChallenger: 1 })).toEqual({ accept: true });
    expect(judgeRated(rated(1500), {}, { gamesWithChallenger: 5 })).toEqual({ accept: true });
  });

  it('declines bullet without increment with timeControl when bulletRequiresIncrement', () => {
    const bullet = (increment: number) => challenge({ speed: 'bullet', timeControl: { type: 'clock', limit: 60, increment } });
    expect(judge(bullet(0), { bulletRequiresIncrement: true })).toMatchObject({ accept: false, reason: 'timeControl' });
    expect(judge(bullet(1), { bulletRequiresIncrement: true })).toEqual({ accept: true });
    expect(judge(bullet(0), {})).toEqual({ accept: true });
    expect(judge(challenge({ speed: 'blitz', timeControl: { type: 'clock', limit: 300, increment: 0 } }), { bulletRequiresIncrement: true })).toEqual({ accept: true });
  });

  it('declines a user on the fetched block list with generic', () => {
    expect(judgeChallenge(DEFAULTS, challenge(), undefined, { blocked: new Set(['alice']) })).toMatchObject({ accept: false, reason: 'generic' });
    expect(judgeChallenge(DEFAULTS, challenge(), undefined, { blocked: new Set(['bob']) })).toEqual({ accept: true });
  });

  it('reads a block list file: one name a line, comments and junk skipped, lower case', () => {
    expect([...parseBlockList('# bots we avoid\nAlice\r\n\n  bob  # spams\n<html>\nnot a name\ncarol_2\n')]).toEqual(['alice', 'bob', 'carol_2']);
  });
});
