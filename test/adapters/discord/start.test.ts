// Starting the Discord bot patiently, with scripted login attempts: an unreachable Discord is tried
// again with jittered exponential backoff up to a cap, one warning per try; a refused token ends
// at once; a stop signal ends the wait (or a try that hangs) at once.

import { describe, expect, it } from 'vitest';
import { type DiscordBot, type DiscordBotOptions, DiscordLoginError } from '../../../src/adapters/discord/bot.ts';
import { startDiscordBot } from '../../../src/adapters/discord/start.ts';
import { Secret } from '../../../src/config/secret.ts';
import type { LogFields, Logger } from '../../../src/log.ts';

interface Entry {
  readonly level: keyof Logger;
  readonly message: string;
  readonly fields: LogFields | undefined;
}

function recordingLogger(): { logger: Logger; entries: Entry[] } {
  const entries: Entry[] = [];
  const at = (level: keyof Logger) => (message: string, fields?: LogFields) => void entries.push({ level, message, fields });
  return { logger: { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') }, entries };
}

const TOKEN = new Secret('MTIz.secret-bot-token');

/** Only what startDiscordBot reads of the options: the attempts are scripted. */
function botOptions(logger: Logger): DiscordBotOptions {
  return { token: TOKEN, logger } as DiscordBotOptions;
}

/** A logged-in bot as far as startDiscordBot can tell. */
function standInBot(): DiscordBot & { stopped: boolean } {
  const bot = { stopped: false, async stop() { bot.stopped = true; } };
  return bot as unknown as DiscordBot & { stopped: boolean };
}

const unreachable = () =>
  new DiscordLoginError('could not log in to Discord at http://127.0.0.1:9/api: Error: connect ECONNREFUSED 127.0.0.1:9', { unreachable: true });

describe('startDiscordBot', () => {
  it('tries again while Discord cannot be reached, each wait doubling up to the cap, one warning per try', async () => {
    const { logger, entries } = recordingLogger();
    const bot = standInBot();
    let attempts = 0;
    const started = await startDiscordBot(botOptions(logger), {
      backoff: { backoffBaseMs: 2, backoffMaxMs: 8 },
      random: () => 1, // the whole ceiling: no jitter to reason about
      attempt: async () => {
        if (++attempts <= 5) throw unreachable();
        return bot;
      },
    });
    expect(started).toBe(bot);
    expect(attempts).toBe(6);
    expect(entries.map((e) => e.level)).toEqual(['warn', 'warn', 'warn', 'warn', 'warn']);
    expect(entries.map((e) => e.fields?.inMs)).toEqual([2, 4, 8, 8, 8]);
    for (const entry of entries) expect(JSON.stringify(entry)).not.toContain(TOKEN.reveal());
  });

  it('jitters each wait between half the ceiling and the ceiling', async () => {
    const { logger, entries } = recordingLogger();
    let attempts = 0;
    await startDiscordBot(botOptions(logger), {
      backoff: { backoffBaseMs: 4, backoffMaxMs: 4 },
      random: () => 0,
      attempt: async () => {
        if (++attempts <= 2) throw unreachable();
        return standInBot();
      },
    });
    expect(entries.map((e) => e.fields?.inMs)).toEqual([2, 2]);
  });

  it('ends at once, without a retry or a warning, when Discord refuses the token', async () => {
    const { logger, entries } = recordingLogger();
    let attempts = 0;
    const refused = new DiscordLoginError('Discord refused the bot token: check DISCORD_TOKEN');
    await expect(
      startDiscordBot(botOptions(logger), {
        backoff: { backoffBaseMs: 1, backoffMaxMs: 1 },
        attempt: async () => {
          attempts++;
          throw refused;
        },
      }),
    ).rejects.toBe(refused);
    expect(attempts).toBe(1);
    expect(entries).toEqual([]);
  });

  it('passes on an error that is not a login failure (a bug, a bad option) without retrying', async () => {
    const { logger } = recordingLogger();
    let attempts = 0;
    await expect(
      startDiscordBot(botOptions(logger), {
        attempt: async () => {
          attempts++;
          throw new TypeError('shard ids need a fixed shard count');
        },
      }),
    ).rejects.toBeInstanceOf(TypeError);
    expect(attempts).toBe(1);
  });

  it('ends the wait between tries as soon as the stop signal comes', async () => {
    const { logger, entries } = recordingLogger();
    const stop = new AbortController();
    let attempts = 0;
    const starting = startDiscordBot(botOptions(logger), {
      signal: stop.signal,
      backoff: { backoffBaseMs: 60_000, backoffMaxMs: 60_000 },
      attempt: async () => {
        attempts++;
        throw unreachable();
      },
    });
    starting.catch(() => {});
    await expect.poll(() => entries.length).toBe(1);
    const stoppedAt = performance.now();
    stop.abort();
    await expect(starting).rejects.toBeInstanceOf(DiscordLoginError);
    expect(performance.now() - stoppedAt).toBeLessThan(500);
    expect(attempts).toBe(1);
  });

  it('ends a try that hangs as soon as the stop signal comes, and logs out if that try succeeds later', async () => {
    const { logger } = recordingLogger();
    const stop = new AbortController();
    const bot = standInBot();
    let succeed!: (bot: DiscordBot) => void;
    const starting = startDiscordBot(botOptions(logger), {
      signal: stop.signal,
      attempt: () => new Promise<DiscordBot>((resolve) => (succeed = resolve)),
    });
    starting.catch(() => {});
    await new Promise((resolve) => setImmediate(resolve));
    stop.abort();
    await expect(starting).rejects.toBeInstanceOf(DiscordLoginError);
    succeed(bot);
    await expect.poll(() => bot.stopped).toBe(true);
  });

  it('does not start at all when stopped before it begins', async () => {
    const { logger } = recordingLogger();
    let attempts = 0;
    await expect(
      startDiscordBot(botOptions(logger), {
        signal: AbortSignal.abort(),
        attempt: async () => {
          attempts++;
          return standInBot();
        },
      }),
    ).rejects.toBeInstanceOf(DiscordLoginError);
    expect(attempts).toBe(0);
  });
});
