// Which failures to reach Discord may pass by themselves (worth another try at start-up), told
// apart from those a retry cannot mend, on errors shaped as discord.js and Node throw them.

import { DiscordAPIError, DiscordjsError, DiscordjsErrorCodes, HTTPError } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { isDiscordUnreachable } from '../../../src/adapters/discord/errors.ts';

const GATEWAY = 'http://127.0.0.1:9/api/v10/gateway/bot';
// discord.js makes its own errors (its typings keep the constructor private).
const discordjsError = (code: string): Error => new (DiscordjsError as unknown as new (code: string) => Error)(code);
const systemError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('isDiscordUnreachable', () => {
  it.each([
    ['a refused connection', systemError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9')],
    ['a name that does not resolve yet', systemError('EAI_AGAIN', 'getaddrinfo EAI_AGAIN discord.com')],
    ['a network error wrapped by fetch', new TypeError('fetch failed', { cause: systemError('ENETUNREACH', 'connect ENETUNREACH') })],
    ['a request that timed out', Object.assign(new Error('This operation was aborted'), { name: 'AbortError' })],
    ['a 502 after discord.js retried it', new HTTPError(502, 'Bad Gateway', 'GET', GATEWAY, { body: undefined, files: undefined })],
    ['a 503 with a JSON body', new DiscordAPIError({ message: 'unavailable', code: 0 }, 0, 503, 'GET', GATEWAY, {})],
  ])('%s: yes', (_what, error) => {
    expect(isDiscordUnreachable(error)).toBe(true);
  });

  it.each([
    ['a refused token', discordjsError(DiscordjsErrorCodes.TokenInvalid)],
    ['a 403', new DiscordAPIError({ message: 'Missing Access', code: 50001 }, 50001, 403, 'GET', GATEWAY, {})],
    ['a bad option', new RangeError('shard ids need a fixed shard count')],
    ['not an error at all', 'ECONNREFUSED'],
  ])('%s: no', (_what, error) => {
    expect(isDiscordUnreachable(error)).toBe(false);
  });
});
