// A fake Discord for tests: REST API v10 and the gateway on 127.0.0.1, driving the real discord.js
// Client. Start one with `FakeDiscord.start()`, point the Client at it with `fake.clientOptions()`,
// dispatch interactions, and assert on what the bot sent (see ../fakeDiscord.test.ts).
export { FakeDiscord, InteractionHandle, DEFAULT_USER } from './server.ts';
export type {
  FakeDiscordOptions, FakeUpload, DispatchCommand, DispatchComponent, DispatchContextMenu, DispatchAutocomplete, DispatchModalSubmit, RegisteredCommands,
} from './server.ts';
export { CallbackType, EPHEMERAL, Errors, InteractionKind } from './interactions.ts';
export type { InteractionEvent, CallbackEvent, EditEvent, DiscordError } from './interactions.ts';
export type { FaultSpec, RecordedRequest, RecordedFile } from './http.ts';
export type { FakeUser, FakeGuild, FakeChannel, FakeCommandOption, FakeMessage, FakeResolvedAttachment } from './payloads.ts';
export type { GatewayStats, ReceivedPayload, ShardPair, ShardSession } from './gateway.ts';
export { makeGuildIdOnShard, shardOf } from './payloads.ts';
