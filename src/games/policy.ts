// The challenge policy: one function that answers "accept, or decline with which Lichess reason
// and why", from the config's lichess section and what the bot knows besides (the games it plays
// against the challenger, the block list fetched from a URL). The concurrency limit is applied by
// the bot, which knows how many games it holds; everything else about a challenge is judged here.

import type { operations } from '@lichess-org/types';
import type { LichessSettings } from '../config/types.ts';

export type PolicySettings = Pick<
  LichessSettings,
  | 'variants' | 'speeds' | 'modes' | 'opponents' | 'minBaseSeconds' | 'maxBaseSeconds' | 'minIncrementSeconds' | 'maxIncrementSeconds' | 'allowList' | 'blockList'
  | 'minRating' | 'maxRating' | 'maxRatingDifference' | 'maxGamesPerOpponent' | 'bulletRequiresIncrement'
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
  readonly challenger: { readonly id: string; readonly title?: string | null; readonly rating?: number | null } | null;
  /** Our rating in the challenge's perf (the challenge's destUser.rating), when Lichess gives it. */
  readonly ourRating?: number | null;
  /** Lichess's variant key: standard, chess960, fromPosition … */
  readonly variant: { readonly key: string };
  /** Lichess's speed: ultraBullet, bullet, blitz, rapid, classical, correspondence. */
  readonly speed: string;
  readonly rated: boolean;
  readonly timeControl: ChallengeTimeControl;
}

/** What the bot knows besides the challenge. */
export interface PolicyContext {
  /** Games in progress, or challenges accepted, against this challenger. */
  readonly gamesWithChallenger?: number;
  /** Lower-case user ids of the block list fetched from blockListUrl. */
  readonly blocked?: ReadonlySet<string>;
}

export type Verdict = { readonly accept: true } | { readonly accept: false; readonly reason: DeclineReason; readonly why: string };

/** Lichess speeds from fastest to slowest: to tell "too fast" from "too slow". */
const SPEED_ORDER = ['ultraBullet', 'bullet', 'blitz', 'rapid', 'classical', 'correspondence'];

/** `compatBot`: whether Lichess says a bot may play it (the challenge event's compat.bot). */
export function judgeChallenge(
  settings: PolicySettings, challenge: ChallengeRequest, compatBot: boolean | undefined, context: PolicyContext = {},
): Verdict {
  const challenger = challenge.challenger;
  if (!challenger) return decline('generic', 'an open challenge with no challenger');
  const who = challenger.id.toLowerCase();
  if (settings.blockList.includes(who)) return decline('generic', `${who} is on the block list`);
  // The fetched list is a block list like the configured one: `generic`, which says nothing of why.
  if (context.blocked?.has(who)) return decline('generic', `${who} is on the fetched block list`);
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

  const rating = judgeRating(settings, challenger.rating ?? null, challenge.ourRating ?? null);
  if (rating) return rating;

  // At most k games at once against one opponent: `later` ("not the right time for me, please ask
  // again later") is the truth: once one of those games ends, the same challenge is accepted.
  const games = context.gamesWithChallenger ?? 0;
  if (settings.maxGamesPerOpponent !== null && games >= settings.maxGamesPerOpponent) {
    return decline('later', `already playing ${games} game${games === 1 ? '' : 's'} against ${who}`);
  }
  return { accept: true };
}

/**
 * The rating rules. Lichess has no decline reason about ratings, so each is `generic` ("I'm not
 * accepting challenges at the moment"): `later` would invite the challenger to ask again, which
 * would be declined again as long as the ratings stay where they are, and none of the others
 * (speed, mode, variant, bots) names what the challenger could change. A rule that needs a rating
 * Lichess did not give declines too: the bound cannot be shown to hold.
 */
function judgeRating(settings: PolicySettings, theirs: number | null, ours: number | null): Verdict | null {
  const { minRating, maxRating, maxRatingDifference } = settings;
  if ((minRating !== null || maxRating !== null) && theirs === null) return decline('generic', 'the challenger has no rating to check');
  if (minRating !== null && theirs! < minRating) return decline('generic', `rating ${theirs} is below ${minRating}`);
  if (maxRating !== null && theirs! > maxRating) return decline('generic', `rating ${theirs} is above ${maxRating}`);
  if (maxRatingDifference !== null) {
    if (theirs === null || ours === null) return decline('generic', 'no ratings to compare');
    const difference = Math.abs(theirs - ours);
    if (difference > maxRatingDifference) return decline('generic', `rating ${theirs} is ${difference} from ours (${ours}), more than ${maxRatingDifference}`);
  }
  return null;
}

/**
 * A block list as a text file: one Lichess user name a line, blank lines and `#` comments
 * skipped, names lower-cased; a line that is no user name is skipped (a stray HTML page gives none).
 */
export function parseBlockList(text: string): Set<string> {
  const names = new Set<string>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    if (/^[A-Za-z0-9_-]{1,30}$/.test(line)) names.add(line.toLowerCase());
  }
  return names;
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
  // "Bullet requires increment": `timeControl` ("not accepting challenges with this time
  // control"), not `tooFast`: the same base with an increment is accepted, and so is 1+1, which is
  // still bullet. tooFast would send the challenger to a slower speed they need not choose.
  if (settings.bulletRequiresIncrement && challenge.speed === 'bullet' && tc.increment === 0) {
    return decline('timeControl', 'bullet without increment is not accepted');
  }
  return null;
}

function decline(reason: DeclineReason, why: string): Verdict {
  return { accept: false, reason, why };
}
