// The JSON the fake Lichess emits, in the exact shapes of the OpenAPI spec (typed against
// @lichess-org/types) and lila's quirks noted in BOT-API.md: variants, speeds, perfs, statuses,
// users, decline reasons, and the body of `/api/account`.
import type { components } from '@lichess-org/types';
import type { Color, DeclineReason, DeclineReasonKey, FakeUser, GameStatusName, Speed, VariantKey } from './types.ts';

type S = components['schemas'];

const VARIANTS: Record<VariantKey, { name: string; short: string }> = {
  standard: { name: 'Standard', short: 'Std' },
  chess960: { name: 'Chess960', short: '960' },
  crazyhouse: { name: 'Crazyhouse', short: 'Crazy' },
  antichess: { name: 'Antichess', short: 'Anti' },
  atomic: { name: 'Atomic', short: 'Atom' },
  horde: { name: 'Horde', short: 'Horde' },
  kingOfTheHill: { name: 'King of the Hill', short: 'KotH' },
  racingKings: { name: 'Racing Kings', short: 'Racing' },
  threeCheck: { name: 'Three-check', short: '3check' },
  fromPosition: { name: 'From Position', short: 'FEN' },
};

/** `{key, name, short}` as in challenges and gameFull. */
export function variantJson(key: VariantKey): S['Variant'] {
  return { key, name: VARIANTS[key].name, short: VARIANTS[key].short };
}

/** `{key, name}` as in gameStart/gameFinish and /api/account/playing. */
export function variantJsonShort(key: VariantKey): S['Variant'] {
  return { key, name: VARIANTS[key].name };
}

export const STATUS_IDS: Record<GameStatusName, S['GameStatusId']> = {
  created: 10,
  started: 20,
  aborted: 25,
  mate: 30,
  resign: 31,
  stalemate: 32,
  timeout: 33,
  draw: 34,
  outoftime: 35,
  cheat: 36,
  noStart: 37,
  unknownFinish: 38,
  insufficientMaterialClaim: 39,
  variantEnd: 60,
};

export function statusJson(name: GameStatusName): S['GameStatus'] {
  return { id: STATUS_IDS[name], name };
}

/** Lichess' speed from the estimated duration `limit + 40 × increment` (seconds). */
export function speedOf(limitSeconds: number, incrementSeconds: number): Speed {
  const total = limitSeconds + 40 * incrementSeconds;
  if (total < 30) return 'ultraBullet';
  if (total < 180) return 'bullet';
  if (total < 480) return 'blitz';
  if (total < 1500) return 'rapid';
  if (total < 21600) return 'classical';
  return 'correspondence';
}

/** The perf key of a game: the variant's, or the speed's for standard and fromPosition. */
export function perfKey(variant: VariantKey, speed: Speed): string {
  return variant === 'standard' || variant === 'fromPosition' ? speed : variant;
}

const PERF_NAMES: Record<string, string> = {
  ultraBullet: 'UltraBullet',
  bullet: 'Bullet',
  blitz: 'Blitz',
  rapid: 'Rapid',
  classical: 'Classical',
  correspondence: 'Correspondence',
};

export function perfName(variant: VariantKey, speed: Speed): string {
  const key = perfKey(variant, speed);
  return PERF_NAMES[key] ?? VARIANTS[key as VariantKey]?.name ?? key;
}

/** Lila's perf icons are private-use characters (three bytes in UTF-8); these stand in for them. */
export function perfIcon(variant: VariantKey, speed: Speed): string {
  const keys = [...Object.keys(PERF_NAMES), ...Object.keys(VARIANTS)];
  return String.fromCodePoint(0xe000 + Math.max(0, keys.indexOf(perfKey(variant, speed))));
}

/** English text of each decline reason (lila's translation source). */
const DECLINE_TEXT: Record<DeclineReason, string> = {
  generic: "I'm not accepting challenges at the moment.",
  later: 'This is not the right time for me, please ask again later.',
  tooFast: 'This time control is too fast for me, please challenge again with a slower game.',
  tooSlow: 'This time control is too slow for me, please challenge again with a faster game.',
  timeControl: "I'm not accepting challenges with this time control.",
  rated: 'Please send me a rated challenge instead.',
  casual: 'Please send me a casual challenge instead.',
  standard: "I'm not accepting variant challenges right now.",
  variant: "I'm not willing to play this variant right now.",
  noBot: "I'm not accepting challenges from bots.",
  onlyBot: "I'm only accepting challenges from bots.",
};

/** The form value the bot sent, mapped as lila does: camelCase keys, anything else is generic. */
export function declineReasonOf(sent: string | null | undefined): { reason: DeclineReason; key: DeclineReasonKey; text: string } {
  const reason = (sent && Object.hasOwn(DECLINE_TEXT, sent) ? sent : 'generic') as DeclineReason;
  return { reason, key: reason.toLowerCase() as DeclineReasonKey, text: DECLINE_TEXT[reason] };
}

export function challengeUserJson(user: FakeUser): S['ChallengeUser'] {
  const json: S['ChallengeUser'] = { id: user.id, name: user.username, rating: user.rating };
  if (user.title) json.title = user.title as S['Title'];
  if (user.provisional) json.provisional = true;
  json.online = user.online;
  json.lag = 4;
  return json;
}

/** A player in gameFull: `title` is null for untitled players (lila writes it either way). */
export function gamePlayerJson(user: FakeUser): S['GameEventPlayer'] {
  const json: S['GameEventPlayer'] = { id: user.id, name: user.username, title: (user.title as S['Title'] | null) ?? null, rating: user.rating };
  if (user.provisional) json.provisional = true;
  return json;
}

export function opponentJson(user: FakeUser, ratingDiff?: number): { id: string; username: string; rating: number; ratingDiff?: number } {
  const json: { id: string; username: string; rating: number; ratingDiff?: number } = { id: user.id, username: user.username, rating: user.rating };
  if (ratingDiff !== undefined) json.ratingDiff = ratingDiff;
  return json;
}

/** `/api/account` (UserExtended). */
export function accountJson(user: FakeUser, baseUrl: string, playing: number, createdAt: number): S['UserExtended'] {
  const perf = { games: user.gamesPlayed, rating: user.rating, rd: 60, prog: 0, ...(user.provisional ? { prov: true } : {}) };
  const json: S['UserExtended'] = {
    id: user.id,
    username: user.username,
    perfs: { bullet: { ...perf }, blitz: { ...perf }, rapid: { ...perf }, classical: { ...perf }, correspondence: { ...perf } },
    createdAt,
    seenAt: Date.now(),
    playTime: { total: 0, tv: 0 },
    url: `${baseUrl}/@/${user.username}`,
    playing: `${baseUrl}/@/${user.username}/playing`,
    count: { all: user.gamesPlayed, rated: 0, draw: 0, loss: 0, win: 0, bookmark: 0, playing, import: 0, me: 0 },
    followable: true,
    following: false,
    blocking: false,
  };
  if (user.title) json.title = user.title as S['Title'];
  return json;
}

export function otherColor(color: Color): Color {
  return color === 'white' ? 'black' : 'white';
}
