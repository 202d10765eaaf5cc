// Interactions the fake has dispatched, and Discord's rules for answering them: one
// acknowledgement within `ackDeadlineMs` (else 10062), a second one refused (40060), only the
// callback types Discord allows for the kind of interaction (else 400/50035: an autocomplete takes
// only its result, type 8; updating a message only a component's), edits and follow-ups only while
// the token lives (`tokenLifetimeMs`, else 50027). A handle per interaction lets a test await the
// bot's callback, edits and follow-ups.
import type { RecordedFile, RecordedRequest } from './http.ts';
import { makeSnowflake, type FakeAttachmentRecord, type FakeMessage } from './payloads.ts';

/** Interaction callback types (InteractionResponseType). */
export const CallbackType = {
  Pong: 1,
  ChannelMessageWithSource: 4,
  DeferredChannelMessageWithSource: 5,
  DeferredUpdateMessage: 6,
  UpdateMessage: 7,
  ApplicationCommandAutocompleteResult: 8,
  Modal: 9,
} as const;

/** Interaction types (InteractionType) a bot receives over the gateway. */
export const InteractionKind = {
  ApplicationCommand: 2,
  MessageComponent: 3,
  ApplicationCommandAutocomplete: 4,
  ModalSubmit: 5,
} as const;
export type InteractionKindValue = (typeof InteractionKind)[keyof typeof InteractionKind];

export const EPHEMERAL = 64;

/** What the bot did with an interaction, in order. Refused requests are events too. */
export type InteractionEvent =
  | { kind: 'callback'; type: number; data: Record<string, unknown>; flags: number; files: RecordedFile[]; at: number; request: RecordedRequest }
  | { kind: 'edit'; messageId: string; body: Record<string, unknown>; files: RecordedFile[]; at: number; request: RecordedRequest }
  | { kind: 'followup'; body: Record<string, unknown>; files: RecordedFile[]; at: number; request: RecordedRequest }
  | { kind: 'refused'; status: number; code: number; at: number; request: RecordedRequest };

export type CallbackEvent = Extract<InteractionEvent, { kind: 'callback' }>;
export type EditEvent = Extract<InteractionEvent, { kind: 'edit' }>;

export interface Lifetimes {
  ackDeadlineMs: number;
  tokenLifetimeMs: number;
}

/** A Discord error answer: HTTP status plus the JSON body Discord sends. */
export interface DiscordError {
  status: number;
  body: { message: string; code: number };
}

export const Errors = {
  unknownInteraction: { status: 404, body: { message: 'Unknown interaction', code: 10062 } },
  alreadyAcknowledged: { status: 400, body: { message: 'Interaction has already been acknowledged.', code: 40060 } },
  invalidWebhookToken: { status: 401, body: { message: 'Invalid Webhook Token', code: 50027 } },
  unknownWebhook: { status: 404, body: { message: 'Unknown Webhook', code: 10015 } },
  unknownMessage: { status: 404, body: { message: 'Unknown Message', code: 10008 } },
} satisfies Record<string, DiscordError>;

/** Discord's 400 for a callback type the interaction does not take, e.g. a message for an autocomplete. */
function invalidCallbackType(allowed: readonly number[]): DiscordError & { body: { errors: unknown } } {
  const message = `Value must be one of {${allowed.join(', ')}}.`;
  return { status: 400, body: { message: 'Invalid Form Body', code: 50035, errors: { type: { _errors: [{ code: 'BASE_TYPE_CHOICES', message }] } } } };
}

/**
 * The callback types each kind of interaction takes (the docs' "Interaction Callback Type"):
 * updating a message (6, 7) only for a component, or a modal submitted from one; an autocomplete
 * result (8) only, and only for an autocomplete; no modal (9) in answer to a modal.
 */
function allowedCallbackTypes(kind: InteractionKindValue, fromMessage: boolean): readonly number[] {
  const { ChannelMessageWithSource: message, DeferredChannelMessageWithSource: deferred, DeferredUpdateMessage, UpdateMessage, Modal } = CallbackType;
  switch (kind) {
    case InteractionKind.ApplicationCommand:
      return [message, deferred, Modal];
    case InteractionKind.MessageComponent:
      return [message, deferred, DeferredUpdateMessage, UpdateMessage, Modal];
    case InteractionKind.ApplicationCommandAutocomplete:
      return [CallbackType.ApplicationCommandAutocompleteResult];
    case InteractionKind.ModalSubmit:
      return fromMessage ? [message, deferred, DeferredUpdateMessage, UpdateMessage] : [message, deferred];
  }
}

export class InteractionRecord {
  readonly events: InteractionEvent[] = [];
  /** dispatch time; `age()` moves it back to simulate a late answer */
  createdAt = Date.now();
  acknowledged = false;
  expired = false;
  /** the response message (for a component interaction: the message the button is on) */
  original: FakeMessage | null;
  readonly followUps: FakeMessage[] = [];
  /** `[shard_id, num_shards]` of the connection INTERACTION_CREATE went to */
  shard: readonly [number, number] = [0, 1];

  constructor(
    readonly id: string,
    readonly token: string,
    readonly type: InteractionKindValue,
    readonly payload: Record<string, unknown>,
    readonly channelId: string,
    original: FakeMessage | null,
    private readonly lifetimes: Lifetimes,
    private readonly changed: () => void,
  ) {
    this.original = original;
  }

  /** The initial response (POST …/callback). Returns the error to send, or null when accepted. */
  acknowledge(body: Record<string, unknown>, files: RecordedFile[], request: RecordedRequest): DiscordError | null {
    const now = Date.now();
    if (this.expired || now - this.createdAt > this.lifetimes.ackDeadlineMs) return this.refuse(Errors.unknownInteraction, request);
    const type = Number(body.type);
    const allowed = allowedCallbackTypes(this.type, this.original !== null);
    if (!allowed.includes(type)) return this.refuse(invalidCallbackType(allowed), request);
    if (this.acknowledged) return this.refuse(Errors.alreadyAcknowledged, request);
    const data = (body.data ?? {}) as Record<string, unknown>;
    const flags = Number(data.flags ?? 0);
    this.acknowledged = true;
    if (type === CallbackType.ChannelMessageWithSource || type === CallbackType.DeferredChannelMessageWithSource) {
      this.original = newMessage(this.channelId, flags, type === CallbackType.DeferredChannelMessageWithSource);
      if (type === CallbackType.ChannelMessageWithSource) applyContent(this.original, data, files);
    } else if (type === CallbackType.UpdateMessage && this.original) {
      applyContent(this.original, data, files);
    }
    this.push({ kind: 'callback', type, data, flags, files, at: now, request });
    return null;
  }

  /** PATCH …/messages/@original or /messages/:id. */
  edit(messageId: string, body: Record<string, unknown>, files: RecordedFile[], request: RecordedRequest): DiscordError | FakeMessage {
    const err = this.tokenError(request);
    if (err) return err;
    const target = messageId === '@original' ? this.original : (this.followUps.find((m) => m.id === messageId) ?? (this.original?.id === messageId ? this.original : null));
    if (!target || (messageId === '@original' && !this.acknowledged)) return this.refuse(Errors.unknownMessage, request);
    applyContent(target, body, files);
    target.loading = false;
    this.push({ kind: 'edit', messageId, body, files, at: Date.now(), request });
    return target;
  }

  /** GET …/messages/@original. */
  fetch(messageId: string, request: RecordedRequest): DiscordError | FakeMessage {
    const err = this.tokenError(request);
    if (err) return err;
    const target = messageId === '@original' ? this.original : this.followUps.find((m) => m.id === messageId);
    return target ?? this.refuse(Errors.unknownMessage, request);
  }

  /** POST /webhooks/:app/:token — a follow-up message. */
  followUp(body: Record<string, unknown>, files: RecordedFile[], request: RecordedRequest): DiscordError | FakeMessage {
    const err = this.tokenError(request);
    if (err) return err;
    if (!this.acknowledged) return this.refuse(Errors.unknownWebhook, request);
    const msg = newMessage(this.channelId, Number(body.flags ?? 0), false);
    applyContent(msg, body, files);
    this.followUps.push(msg);
    this.push({ kind: 'followup', body, files, at: Date.now(), request });
    return msg;
  }

  private tokenError(request: RecordedRequest): DiscordError | null {
    if (this.expired || Date.now() - this.createdAt > this.lifetimes.tokenLifetimeMs) return this.refuse(Errors.invalidWebhookToken, request);
    if (!this.acknowledged && Date.now() - this.createdAt > this.lifetimes.ackDeadlineMs) return this.refuse(Errors.unknownWebhook, request);
    return null;
  }

  private refuse(error: DiscordError, request: RecordedRequest): DiscordError {
    this.push({ kind: 'refused', status: error.status, code: error.body.code, at: Date.now(), request });
    return error;
  }

  private push(event: InteractionEvent): void {
    this.events.push(event);
    this.changed();
  }
}

function newMessage(channelId: string, flags: number, loading: boolean): FakeMessage {
  return { id: makeSnowflake(), channel_id: channelId, content: '', embeds: [], components: [], attachments: [], flags: flags & ~128, loading };
}

/**
 * Applies a message body (content, embeds, components, attachments) to a message, the way Discord
 * does: fields absent from the body are kept; `attachments` lists what stays, new uploads are
 * named by their `files[n]` index in `attachments[].id`.
 */
function applyContent(msg: FakeMessage, body: Record<string, unknown>, files: RecordedFile[]): void {
  if ('content' in body) msg.content = String(body.content ?? '');
  if ('embeds' in body) msg.embeds = (body.embeds as unknown[] | null) ?? [];
  if ('components' in body) msg.components = (body.components as unknown[] | null) ?? [];
  const uploads = files.map((f, i): [string, FakeAttachmentRecord] => [
    fileIndex(f.field) ?? String(i),
    { id: makeSnowflake(), filename: f.filename, size: f.data.length, content_type: f.contentType },
  ]);
  const byIndex = new Map(uploads);
  if (Array.isArray(body.attachments)) {
    msg.attachments = (body.attachments as { id: string | number }[]).flatMap((a) => {
      const upload = byIndex.get(String(a.id));
      if (upload) return [upload];
      const kept = msg.attachments.find((old) => old.id === String(a.id));
      return kept ? [kept] : [];
    });
  } else if (uploads.length > 0) {
    msg.attachments = [...msg.attachments, ...uploads.map(([, a]) => a)];
  }
}

function fileIndex(field: string): string | undefined {
  return /^files\[(\d+)\]$/.exec(field)?.[1];
}
