// The bots' log: one line per event, at or above the level, with no token and no URL's
// user name or password in it, whoever wrote the text (us, or a library's error message).

import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Secret } from '../src/config/secret.ts';
import { streamLogger } from '../src/log.ts';

function capture(level: 'error' | 'warn' | 'info' | 'debug' = 'debug', secrets: Secret[] = []) {
  const output = new PassThrough();
  let text = '';
  output.on('data', (chunk) => (text += String(chunk)));
  const logger = streamLogger({ output, level, scope: 'test', secrets, now: () => new Date(0) });
  return { logger, text: () => text };
}

describe('streamLogger', () => {
  it('writes one line per event with its fields, at or above the level', () => {
    const { logger, text } = capture('info');
    logger.info('signed in', { user: 'bot', games: 2, note: 'two words', none: undefined });
    logger.debug('not shown');
    expect(text()).toBe('1970-01-01T00:00:00.000Z info test: signed in user=bot games=2 note="two words"\n');
  });

  it('masks the tokens it is given', () => {
    const { logger, text } = capture('debug', [new Secret('lip_topsecret')]);
    logger.error('refused', { error: 'bad token lip_topsecret' });
    expect(text()).not.toContain('lip_topsecret');
    expect(text()).toContain('[redacted]');
  });

  it("masks a URL's user name and password in the message and in every field", () => {
    const { logger, text } = capture();
    logger.info('signed in to Lichess', { url: 'http://bot:hunter2@127.0.0.1:9090' });
    logger.warn('could not reach https://user:pass@discord.example/api/v10/gateway');
    expect(text()).toBe(
      '1970-01-01T00:00:00.000Z info test: signed in to Lichess url=http://[redacted]@127.0.0.1:9090\n' +
        '1970-01-01T00:00:00.000Z warn test: could not reach https://[redacted]@discord.example/api/v10/gateway\n',
    );
  });

  it("masks them inside a library's error text too", () => {
    const { logger, text } = capture();
    const error = new TypeError('Request cannot be constructed from a URL that includes credentials: http://u:p4ss@h:1/api/v10/x');
    logger.error('client error', { error: `${error.name}: ${error.message}` });
    expect(text()).not.toMatch(/u:p4ss|p4ss/);
    expect(text()).toContain('http://[redacted]@h:1/api/v10/x');
  });
});
