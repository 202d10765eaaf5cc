// The Lichess stream events we act on, validated at the boundary. Each NDJSON line is parsed and
// checked here; what passes is typed and trusted inside. Shapes follow ../shared/lichess BOT-API
// §1.5 and the @lichess-org/types definitions, loosened where the real server differs from its
// spec (AI players without id or name, title null, open challenges without a challenger, clocks
// absent in correspondence games). Unknown fields are kept; unknown event types are reported as
// such, never thrown on: Lichess adds event types over time.

import type { components } from '@lichess-org/types';
import { z } from 'zod';

type Schemas = components['schemas'];

const gameId = z.string().regex(/^[A-Za-z0-9]{8}$/, { error: 'expected an 8-character game id' });
const userId = z.string().min(1).max(40);

const statusName = z.string().min(1);

// gameStart / gameFinish carry a GameEventInfo; we need its id and, for logs, a few fields.
const gameEventInfo = z.looseObject({
  gameId,
  fullId: z.string().optional(),
  color: z.enum(['white', 'black']).optional(),
  status: z.looseObject({ id: z.number().optional(), name: statusName.optional() }).optional(),
  winner: z.enum(['white', 'black']).optional(),
  opponent: z.looseObject({ id: userId.nullable().optional(), username: z.string().optional() }).optional(),
  rated: z.boolean().optional(),
  speed: z.string().optional(),
});

const challengeUser = z.looseObject({
  id: userId,
  name: z.string().optional(),
  title: z.string().nullable().optional(),
  rating: z.number().optional(),
});

const timeControl = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('clock'), limit: z.number().int().min(0), increment: z.number().int().min(0) }),
  z.looseObject({ type: z.literal('correspondence'), daysPerTurn: z.number().int().min(1) }),
  z.looseObject({ type: z.literal('unlimited') }),
]);

const challenge = z.looseObject({
  id: gameId,
  status: z.string().optional(),
  challenger: challengeUser.nullable(),
  destUser: challengeUser.nullable(),
  variant: z.looseObject({ key: z.string() }),
  rated: z.boolean(),
  speed: z.string(),
  timeControl,
  color: z.string().optional(),
  rematchOf: z.string().optional(),
  initialFen: z.string().optional(),
});

const eventSchemas = {
  gameStart: z.looseObject({ type: z.literal('gameStart'), game: gameEventInfo }),
  gameFinish: z.looseObject({ type: z.literal('gameFinish'), game: gameEventInfo }),
  challenge: z.looseObject({
    type: z.literal('challenge'),
    challenge,
    compat: z.looseObject({ bot: z.boolean().optional() }).optional(),
  }),
  challengeCanceled: z.looseObject({ type: z.literal('challengeCanceled'), challenge: z.looseObject({ id: gameId }) }),
  challengeDeclined: z.looseObject({
    type: z.literal('challengeDeclined'),
    challenge: z.looseObject({ id: gameId, declineReasonKey: z.string().optional() }),
  }),
};

// Unlimited games send Int.MaxValue; anything finite and non-negative is a clock reading.
const millis = z.number().min(0);

const gameState = z.looseObject({
  type: z.literal('gameState'),
  moves: z.string().regex(/^([a-h][1-8][a-h][1-8][qrbnkQRBNK]?( |$))*$/, { error: 'expected UCI moves separated by spaces' }),
  wtime: millis,
  btime: millis,
  winc: millis,
  binc: millis,
  status: statusName,
  winner: z.enum(['white', 'black']).optional(),
  wdraw: z.boolean().optional(),
  bdraw: z.boolean().optional(),
  wtakeback: z.boolean().optional(),
  btakeback: z.boolean().optional(),
  expiration: z.looseObject({ idleMillis: z.number(), millisToMove: z.number() }).optional(),
});

// An AI opponent is {aiLevel} alone; a human or bot has id and name; title may be null.
const gamePlayer = z.looseObject({
  id: userId.optional(),
  name: z.string().optional(),
  title: z.string().nullable().optional(),
  rating: z.number().optional(),
  aiLevel: z.number().optional(),
});

const gameSchemas = {
  gameFull: z.looseObject({
    type: z.literal('gameFull'),
    id: gameId,
    variant: z.looseObject({ key: z.string() }),
    clock: z.looseObject({ initial: millis, increment: millis }).nullable().optional(),
    speed: z.string().optional(),
    rated: z.boolean().optional(),
    white: gamePlayer,
    black: gamePlayer,
    initialFen: z.string().min(1).max(120),
    daysPerTurn: z.number().optional(),
    state: gameState,
  }),
  gameState,
  chatLine: z.looseObject({
    type: z.literal('chatLine'),
    room: z.string(),
    username: z.string(),
    text: z.string().max(1000),
  }),
  opponentGone: z.looseObject({
    type: z.literal('opponentGone'),
    gone: z.boolean(),
    claimWinInSeconds: z.number().min(0).optional(),
  }),
};

export type GameStartEvent = z.output<(typeof eventSchemas)['gameStart']>;
export type GameFinishEvent = z.output<(typeof eventSchemas)['gameFinish']>;
export type ChallengeEvent = z.output<(typeof eventSchemas)['challenge']>;
export type Challenge = ChallengeEvent['challenge'];
export type TimeControl = z.output<typeof timeControl>;
export type LichessEvent = { [K in keyof typeof eventSchemas]: z.output<(typeof eventSchemas)[K]> }[keyof typeof eventSchemas];

export type GameFullEvent = z.output<(typeof gameSchemas)['gameFull']>;
export type GameStateEvent = z.output<typeof gameState>;
export type GamePlayer = z.output<typeof gamePlayer>;
export type ChatLineEvent = z.output<(typeof gameSchemas)['chatLine']>;
export type OpponentGoneEvent = z.output<(typeof gameSchemas)['opponentGone']>;
export type GameEvent = { [K in keyof typeof gameSchemas]: z.output<(typeof gameSchemas)[K]> }[keyof typeof gameSchemas];

// Compile-time checks that our event names are Lichess's (a rename upstream breaks the build).
type EventTypeOf<T> = T extends { type?: infer U } ? U : never;
type SpecEventTypes = EventTypeOf<Schemas['GameStartEvent'] | Schemas['GameFinishEvent'] | Schemas['ChallengeEvent'] | Schemas['ChallengeCanceledEvent'] | Schemas['ChallengeDeclinedEvent']>;
type SpecGameEventTypes = EventTypeOf<Schemas['GameFullEvent'] | Schemas['GameStateEvent'] | Schemas['ChatLineEvent'] | Schemas['OpponentGoneEvent']>;
const eventTypesAreLichess: Record<keyof typeof eventSchemas, SpecEventTypes> = {
  gameStart: 'gameStart', gameFinish: 'gameFinish', challenge: 'challenge', challengeCanceled: 'challengeCanceled',
  challengeDeclined: 'challengeDeclined',
};
const gameEventTypesAreLichess: Record<keyof typeof gameSchemas, SpecGameEventTypes> = {
  gameFull: 'gameFull', gameState: 'gameState', chatLine: 'chatLine', opponentGone: 'opponentGone',
};
void eventTypesAreLichess;
void gameEventTypesAreLichess;

/**
 * What became of one line: an event, an event type we do not know, or something broken. A broken
 * line `mayBeEvent` when it could have been one of our events (a line cut or garbled so it is not
 * JSON, or a known type that fails its checks), as opposed to JSON that names no type at all.
 */
export type Parsed<E> =
  | { readonly kind: 'event'; readonly event: E }
  | { readonly kind: 'unknown'; readonly type: string }
  | { readonly kind: 'invalid'; readonly problem: string; readonly mayBeEvent: boolean };

/** A line of the event stream (/api/stream/event). */
export function parseEventLine(line: string): Parsed<LichessEvent> {
  return parseLine(line, eventSchemas) as Parsed<LichessEvent>;
}

/** A line of a game stream (/api/bot/game/stream/{id}). */
export function parseGameLine(line: string): Parsed<GameEvent> {
  return parseLine(line, gameSchemas) as Parsed<GameEvent>;
}

function parseLine(line: string, schemas: Record<string, z.ZodType>): Parsed<unknown> {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { kind: 'invalid', problem: `not JSON: ${preview(line)}`, mayBeEvent: true };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { kind: 'invalid', problem: `not a JSON object: ${preview(line)}`, mayBeEvent: false };
  }
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string') return { kind: 'invalid', problem: `no "type": ${preview(line)}`, mayBeEvent: false };
  const schema = Object.hasOwn(schemas, type) ? schemas[type] : undefined;
  if (!schema) return { kind: 'unknown', type: type.slice(0, 40) };
  const result = schema.safeParse(value);
  if (result.success) return { kind: 'event', event: result.data };
  const issue = result.error.issues[0]!;
  return { kind: 'invalid', problem: `${type}: ${issue.path.join('.') || '(event)'}: ${issue.message}`, mayBeEvent: true };
}

function preview(text: string): string {
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);
}
