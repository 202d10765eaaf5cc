// The stream follower's reconnect rhythm: a stream that delivered lines and then dropped is
// reopened at once (game streams) or after the first backoff step (the event stream), however
// often it happens; a close the bot asked for (reopen(), a resync) is never a failure; a stream
// that never delivers anything is backed off more each time.

import { describe, expect, it } from 'vitest';
import { StreamFollower } from '../../../src/adapters/lichess/follow.ts';
import { type LichessStream, LichessNetworkError } from '../../../src/adapters/lichess/http.ts';
import type { LogFields, Logger } from '../../../src/log.ts';

const TIMINGS = { streamIdleMs: 10_000, backoffBaseMs: 20, backoffMaxMs: 200 };

function undiciError(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * A stream that delivers `lines`, then either drops (undici's "other side closed"), ends (Lichess
 * closing it), or stays open until closed (then fails as undici does when its body is destroyed).
 */
function scriptedStream(lines: readonly string[], end: 'drop' | 'end' | 'hang'): LichessStream {
  let onClose = () => {};
  const closed = new Promise<void>((resolve) => (onClose = resolve));
  async function* source(): AsyncGenerator<string> {
    for (const line of lines) yield line;
    if (end === 'drop') throw new LichessNetworkError('gameStream', undiciError('other side closed', 'UND_ERR_SOCKET'));
    if (end === 'end') return;
    await closed;
    throw new LichessNetworkError('gameStream', undiciError('aborted', 'UND_ERR_ABORTED'));
  }
  return { lines: source(), close: () => onClose() };
}

function recordingLogger(): { logger: Logger; entries: Array<{ level: string; message: string; fields?: LogFields }> } {
  const entries: Array<{ level: string; message: string; fields?: LogFields }> = [];
  const write = (level: string) => (message: string, fields?: LogFields) => void entries.push({ level, message, fields });
  return { logger: { error: write('error'), warn: write('warn'), info: write('info'), debug: write('debug') }, entries };
}

/** The waits the follower announced before each reconnect. */
function waits(entries: ReturnType<typeof recordingLogger>['entries']): number[] {
  return entries.filter((e) => e.message.endsWith('lost; reconnecting')).map((e) => Number(e.fields?.inMs));
}

/**
 * A follower of a stream named "game stream" that opens `stream()` until `opens` connections have
 * been made, with the short test timings and no jitter; its log and connection count are kept.
 */
function follow(options: {
  stream: () => LichessStream; opens: number; reopenAtOnce?: boolean; onLine?: (follower: StreamFollower, opened: number) => void;
}) {
  const { logger, entries } = recordingLogger();
  let opened = 0;
  const follower: StreamFollower = new StreamFollower({
    name: 'game stream',
    open: async () => options.stream(),
    onLine: () => options.onLine?.(follower, opened),
    isDone: () => opened >= options.opens,
    onOpen: () => void opened++,
    timings: TIMINGS,
    reopenAtOnce: options.reopenAtOnce ?? true,
    logger,
    random: () => 1,
  });
  return { follower, entries, opened: () => opened };
}

describe('StreamFollower', () => {
  it.each([
    ['a game stream (reopened at once)', true, 0],
    ['the event stream (first backoff step)', false, TIMINGS.backoffBaseMs],
  ])('does not back off more and more when %s delivers lines and then drops', async (_what, reopenAtOnce, maxWait) => {
    const { follower, entries } = follow({ stream: () => scriptedStream(['{"type":"gameState"}'], 'drop'), opens: 6, reopenAtOnce });
    expect(await follower.run()).toBe('done');
    const announced = waits(entries);
    expect(announced).toHaveLength(5);
    for (const wait of announced) expect(wait).toBeLessThanOrEqual(maxWait);
  });

  it('never counts a close it was asked for (a resync) as a failure', async () => {
    // The first five connections are closed by the caller at their first line; the sixth drops.
    const { follower, entries, opened } = follow({
      stream: () => scriptedStream(['{"type":"gameFull"}'], opened() < 5 ? 'hang' : 'drop'),
      opens: 7,
      onLine: (self, count) => {
        if (count <= 5) self.reopen();
      },
    });
    expect(await follower.run()).toBe('done');
    expect(entries.filter((e) => e.message === 'game stream reopened to resynchronise')).toHaveLength(5);
    // The drop after the resyncs is the first failure in a row: reopened at once.
    expect(waits(entries)).toEqual([0]);
  });

  it('backs off more each time a stream closes at once with nothing delivered', async () => {
    const { follower, entries } = follow({ stream: () => scriptedStream([], 'end'), opens: 4 });
    expect(await follower.run()).toBe('done');
    expect(waits(entries)).toEqual([0, 40, 80]);
  });
});
