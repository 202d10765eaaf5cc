// The challenge policy: every decline reason from its rule, and acceptance of what the defaults
// allow.

import { describe, expect, it } from 'vitest';
import type { Challenge } from '../../src/adapters/lichess/events.ts';
import { type PolicySettings, judgeChallenge } from '../../src/games/policy.ts';
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
