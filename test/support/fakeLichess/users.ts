// Users of the fake Lichess: the default accounts, tokens and their scopes, and the JSON views of a
// user (`/api/account`, challenge and game players).
import type { FakeUser, UserSpec } from './types.ts';

/** The accounts every fake starts with. `testbot` is the bot under test. */
export const DEFAULT_USERS: readonly UserSpec[] = [
  { id: 'testbot', username: 'TestBot', title: 'BOT', rating: 1800, token: 'lip_testbot' },
  { id: 'alice', username: 'Alice', title: null, rating: 1500, token: 'lip_alice' },
  { id: 'otherbot', username: 'OtherBot', title: 'BOT', rating: 2000, token: 'lip_otherbot' },
];

const BOT_SCOPES = ['challenge:read', 'challenge:write', 'bot:play'];
const HUMAN_SCOPES = ['challenge:read', 'challenge:write', 'board:play'];

export function makeUser(spec: UserSpec): FakeUser {
  const title = spec.title ?? null;
  return {
    id: spec.id.toLowerCase(),
    username: spec.username ?? spec.id,
    title,
    rating: spec.rating ?? 1500,
    provisional: spec.provisional ?? false,
    token: spec.token,
    scopes: spec.scopes ?? (title === 'BOT' ? [...BOT_SCOPES] : [...HUMAN_SCOPES]),
    gamesPlayed: spec.gamesPlayed ?? 0,
    online: spec.online ?? true,
    challengeAnswer: spec.challengeAnswer ?? (title === 'BOT' ? 'accept' : 'ignore'),
    challengeAnswerMs: spec.challengeAnswerMs ?? 0,
    challengeOpponent: spec.challengeOpponent ?? {},
  };
}
