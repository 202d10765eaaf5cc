// The challenge policy: one function that answers "accept, or decline with which Lichess reason
// and why", from the config's lichess section. The concurrency limit is applied by the bot, which
// knows how many games it holds; everything else about a challenge is judged here.

import type { operations } from '@lichess-org/types';
import type { LichessSettings } from '../config/types.ts';

export type PolicySettings = Pick<
  LichessSettings,
  'variants' | 'speeds' | 'modes' | 'opponents' | 'minBaseSeconds' | 'maxBaseSeconds' | 'minIncrementSeconds' | 'maxIncrementSeconds' | 'allowList' | 'blockList'
>;

/** The reasons Lichess accepts for a decline (camelCase), as its API defines them. */
export type DeclineReason = NonNullable<
  NonNullable<operations['challengeDecline']['requestBody']>['content']['application/x-www-form-urlencoded']['reason']
>;

/** A challenge's time control, in seconds, as Lichess describes it. */
export type ChallengeTimeControl =
  | { readonly type: 'clock'; readonly limit: number; readonly increment: number }
  | { readonly type: 'correspondence'; readonly daysPerTurn: number }
  | { readonly type: 'unlimited' };

/** What the policy needs to know of a challenge (the shape of Lichess's, less what it ignores). */
export interface ChallengeRequest {
  /** Null for an open challenge. */
  readonly challenger: { readonly id: string; readonly title?: string | null } | null;
  /** Lichess's variant key: standard, chess960, fromPosition … */
  readonly variant: { readonly key: string };
  /** Lichess's speed: ultraBullet, bullet, blitz, rapid, classical, correspondence. */
  readonly speed: string;
  readonly rated: boolean;
  readonly timeControl: ChallengeTimeControl;
}

export type Verdict = { readonly accept: true } | { readonly accept: false; readonly reason: DeclineReason; readonly why: string };

/** Lichess speeds from fastest to slowest: to tell "too fast" from "too slow". */
const SPEED_ORDER = ['ultraBullet', 'bullet', 'blitz', 'rapid', 'classical', 'correspondence'];

/** `compatBot`: whether Lichess says a bot may play it (the challenge event's compat.bot). */
export function judgeChallenge(settings: PolicySettings, challenge: ChallengeRequest, compatBot: boolean | undefined): Verdict {
  const challenger = challenge.challenger;
  if (!challenger) return decline('generic', 'an open challenge with no challenger');
  const who = challenger.id.toLowerCase();
  if (settings.blockList.includes(who)) return decline('generic', `${who} is on the block list`);
  if (settings.allowList.length > 0 && !settings.allowList.includes(who)) return decline('generic', `${who} is not on the allow list`);

  const isBot = challenger.title === 'BOT';
  if (isBot && !settings.opponents.includes('bot')) return decline('noBot', 'bots are not accepted');
  if (!isBot && !settings.opponents.includes('human')) return decline('onlyBot', 'only bots are accepted');

  const variant = challenge.variant.key;
  if (!(settings.variants as readonly string[]).includes(variant)) {
    // Lichess shows `standard` as "I'm not accepting variant challenges right now" and `variant`
    // as "I'm not willing to play this variant right now": the first is only true when standard
    // chess is all we play.
    const onlyStandard = settings.variants.length === 1 && settings.variants[0] === 'standard';
    return decline(onlyStandard ? 'standard' : 'variant', `variant ${variant} is not accepted`);
  }

  // Lichess marks what a bot may not play (ultraBullet) as incompatible.
  if (compatBot === false) return decline('tooFast', `${challenge.speed} cannot be played by a bot`);
  const timing = judgeTimeControl(settings, challenge);
  if (timing) return timing;

  if (challenge.rated && !settings.modes.includes('rated')) return decline('casual', 'rated games are not accepted');
  if (!challenge.rated && !settings.modes.includes('casual')) return decline('rated', 'casual games are not accepted');
  return { accept: true };
}

function judgeTimeControl(settings: PolicySettings, challenge: ChallengeRequest): Verdict | null {
  const speed = challenge.timeControl.type === 'clock' ? challenge.speed : 'correspondence';
  if (!(settings.speeds as readonly string[]).includes(speed)) {
    const rank = SPEED_ORDER.indexOf(speed);
    const allowed = settings.speeds.map((s) => SPEED_ORDER.indexOf(s));
    if (allowed.length === 0 || allowed.every((r) => r > rank)) return decline('tooFast', `${speed} is too fast`);
    if (allowed.every((r) => r < rank)) return decline('tooSlow', `${speed} is too slow`);
    return decline('timeControl', `${speed} is not accepted`);
  }
  const tc = challenge.timeControl;
  if (tc.type !== 'clock') return null;
  if (tc.limit < settings.minBaseSeconds) return decline('tooFast', `base ${tc.limit} s is below ${settings.minBaseSeconds} s`);
  if (tc.limit > settings.maxBaseSeconds) return decline('tooSlow', `base ${tc.limit} s is above ${settings.maxBaseSeconds} s`);
  if (tc.increment < settings.minIncrementSeconds || tc.increment > settings.maxIncrementSeconds) {
    return decline('timeControl', `increment ${tc.increment} s is outside ${settings.minIncrementSeconds}-${settings.maxIncrementSeconds} s`);
  }
  return null;
}

function decline(reason: DeclineReason, why: string): Verdict {
  return { accept: false, reason, why };
}
