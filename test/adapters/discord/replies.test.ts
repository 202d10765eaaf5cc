import { DiscordAPIError } from 'discord.js';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { describeDiscordError, isReplyGone, maskRoute } from '../../../src/adapters/discord/errors.ts';
import { streamLogger } from '../../../src/log.ts';
import {
  MAX_CONTENT_LENGTH, busyText, cancelButtonId, formatWait, literalText, ordinal, plainMessage, privateReply, progressMessage, requestIdOfCancel,
} from '../../../src/adapters/discord/replies.ts';
import { Secret } from '../../../src/config/secret.ts';

const TOKEN = 'aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDpzZWNyZXQ';

function apiError(code: number, status: number): DiscordAPIError {
  return new DiscordAPIError(
    { code, message: 'Invalid Webhook Token' }, code, status, 'PATCH',
    `http://127.0.0.1:1234/api/v10/webhooks/300000000000000001/${TOKEN}/messages/%40original`, { body: undefined, files: undefined },
  );
}

describe('replies', () => {
  it('round-trips the Cancel button id, and ignores other buttons', () => {
    expect(cancelButtonId('1234')).toBe('mate:cancel:1234');
    expect(requestIdOfCancel('mate:cancel:1234')).toBe('1234');
    expect(requestIdOfCancel('mate:cancel:')).toBeNull();
    expect(requestIdOfCancel('other:1234')).toBeNull();
  });

  it('words the wait and the three kinds of busy', () => {
    expect([formatWait(0), formatWait(1_200), formatWait(89_000), formatWait(95_000), formatWait(600_000)]).toEqual([
      'about 1 s', 'about 2 s', 'about 89 s', 'about 2 min', 'about 10 min',
    ]);
    expect(busyText('user', 30_000, 1)).toBe(
      'You already have a /mate search running or waiting: wait for its answer or cancel it, or try again in about 30 s.',
    );
    expect(busyText('user', 30_000, 2)).toMatch(/^You already have 2 \/mate searches running or waiting/);
    expect(busyText('full', 150_000, 1)).toBe(
      'Busy: the bot is solving as many problems as it can at once and the line is full; try again in about 3 min.',
    );
    expect(busyText('lifetime', 60_000, 1)).toMatch(/^Busy: the line is too long .*; try again in about 60 s\.$/);
  });

  it('numbers places in line as people say them', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      '1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th',
    ]);
  });

  it('makes private replies that ping nobody, cut to Discord\'s limit', () => {
    const reply = privateReply('x'.repeat(3_000));
    expect(reply.flags).toBe(64);
    expect(reply.allowedMentions).toEqual({ parse: [] });
    expect(reply.content).toHaveLength(MAX_CONTENT_LENGTH);
  });

  it('escapes text to be shown as written: markdown, links, mentions and escapes', () => {
    expect(literalText('rank 8 ("**@everyone**") has an unknown character "*"')).toBe('rank 8 ("\\*\\*@everyone\\*\\*") has an unknown character "\\*"');
    expect(literalText('"||x|| __u__ ~~s~~ _i_ `c` [a](https://e.x) <@1> <#2> <t:0> \\"')).toBe(
      '"\\|\\|x\\|\\| \\_\\_u\\_\\_ \\~\\~s\\~\\~ \\_i\\_ \\`c\\` \\[a](https://e.x) \\<@1> \\<#2> \\<t:0> \\\\"',
    );
    // Plain words are left as they are.
    expect(literalText('/mate: n must be an integer from 1 to 10, got "three"')).toBe('/mate: n must be an integer from 1 to 10, got "three"');
  });

  it('makes a plain final edit: the words only, no embed, picture or button', () => {
    expect(plainMessage('Mate in 1: 1. Ra8#')).toEqual({
      content: 'Mate in 1: 1. Ra8#', embeds: [], files: [], attachments: [], components: [], allowedMentions: { parse: [] },
    });
    expect(plainMessage('x'.repeat(3_000)).content).toHaveLength(MAX_CONTENT_LENGTH);
  });

  it('shows the latest progress lines, the n being searched, nodes and whole seconds', () => {
    const lines = Array.from({ length: 14 }, (_, i) => `n=${i + 1}  line`);
    const message = progressMessage({ stipulation: 'White to play and mate in 15', lines, searching: 15, nodes: 1_234_567, elapsedMs: 65_900, requestId: '42' });
    expect(message.content).toBe(
      `White to play and mate in 15: searching…\n\`\`\`\n${lines.slice(-10).join('\n')}\n\`\`\`\nSearching n = 15 · 1,234,567 nodes · 65 s`,
    );
    expect(JSON.stringify(message.components)).toContain('"custom_id":"mate:cancel:42"');
  });
});

describe('errors', () => {
  it('knows which failures mean the reply is gone for good', () => {
    expect(isReplyGone(apiError(50027, 401))).toBe(true);
    expect(isReplyGone(apiError(10062, 404))).toBe(true);
    expect(isReplyGone(apiError(10008, 404))).toBe(true);
    expect(isReplyGone(apiError(50035, 400))).toBe(false);
    expect(isReplyGone(new Error('socket hang up'))).toBe(false);
  });

  it('describes an API error without the interaction token', () => {
    const text = describeDiscordError(apiError(50027, 401));
    expect(text).toBe('Discord answered 401 code 50027 to PATCH /webhooks/300000000000000001/:token/messages/@original: Invalid Webhook Token');
    expect(text).not.toContain(TOKEN);
    expect(maskRoute(`/interactions/123/${TOKEN}/callback`)).toBe('/interactions/123/:token/callback');
  });
});

describe('streamLogger', () => {
  it('writes lines at or above its level, with fields, and masks secrets', () => {
    const lines: string[] = [];
    const output = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const logger = streamLogger({ output, level: 'info', scope: 'discord', secrets: [new Secret('s3cret')], now: () => new Date(0) });
    logger.debug('hidden');
    logger.info('/mate answered', { id: '1', fen: '8/8 w - -', n: 3, gone: undefined });
    logger.error('failed: token s3cret leaked');
    expect(lines).toEqual([
      '1970-01-01T00:00:00.000Z info discord: /mate answered id=1 fen="8/8 w - -" n=3\n',
      '1970-01-01T00:00:00.000Z error discord: failed: token [redacted] leaked\n',
    ]);
  });
});
