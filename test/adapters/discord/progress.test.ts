import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type EditFailureAction, ThrottledEditor } from '../../../src/adapters/discord/progress.ts';

/** A send() whose calls the test settles by hand, to see what overlaps. */
function manualSend() {
  const calls: Array<{ payload: string; settle: (error?: Error) => void; at: number }> = [];
  let active = 0;
  let maxActive = 0;
  const send = (payload: string) =>
    new Promise<void>((resolve, reject) => {
      active++;
      maxActive = Math.max(maxActive, active);
      calls.push({
        payload,
        at: Date.now(),
        settle: (error) => {
          active--;
          if (error) reject(error);
          else resolve();
        },
      });
    });
  return { send, calls, maxActive: () => maxActive };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function editor(send: (payload: string) => Promise<unknown>, onError: (error: unknown, final: boolean) => EditFailureAction = () => 'continue') {
  return new ThrottledEditor<string>({ send, minIntervalMs: 1_000, onError, now: () => Date.now() });
}

describe('ThrottledEditor', () => {
  it('sends the first update at once, then at most one per interval, always the newest', async () => {
    const { send, calls } = manualSend();
    const e = editor(send);
    e.update(() => 'p1');
    expect(calls.map((c) => c.payload)).toEqual(['p1']);
    calls[0]!.settle();
    await vi.advanceTimersByTimeAsync(100);
    e.update(() => 'p2');
    e.update(() => 'p3');
    await vi.advanceTimersByTimeAsync(800);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(calls.map((c) => c.payload)).toEqual(['p1', 'p3']);
    expect(calls[1]!.at - calls[0]!.at).toBe(1_000);
  });

  it('makes the payload when it is sent, not when it is asked for', async () => {
    const { send, calls } = manualSend();
    const e = editor(send);
    let value = 'old';
    e.update(() => 'first');
    calls[0]!.settle();
    e.update(() => value);
    value = 'new';
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls.map((c) => c.payload)).toEqual(['first', 'new']);
  });

  it('never overlaps edits: the final one waits for the edit in flight, and pending progress is dropped', async () => {
    const { send, calls, maxActive } = manualSend();
    const e = editor(send);
    e.update(() => 'p1');
    e.update(() => 'p2');
    let finished = false;
    const final = e.finish('final').then(() => (finished = true));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls.map((c) => c.payload)).toEqual(['p1']);
    calls[0]!.settle();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.payload)).toEqual(['p1', 'final']);
    expect(finished).toBe(false);
    calls[1]!.settle();
    await final;
    e.update(() => 'too late');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls.map((c) => c.payload)).toEqual(['p1', 'final']);
    expect(maxActive()).toBe(1);
  });

  it('the final edit goes out at once, not held back by the interval', async () => {
    const { send, calls } = manualSend();
    const e = editor(send);
    e.update(() => 'p1');
    calls[0]!.settle();
    await vi.advanceTimersByTimeAsync(10);
    const final = e.finish('final');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.payload)).toEqual(['p1', 'final']);
    calls[1]!.settle();
    await final;
  });

  it('carries on after a passing failure, and stops for good when told to', async () => {
    const { send, calls } = manualSend();
    const errors: Array<[string, boolean]> = [];
    const e = editor(send, (error, final) => {
      errors.push([(error as Error).message, final]);
      return (error as Error).message === 'gone' ? 'stop' : 'continue';
    });
    e.update(() => 'p1');
    calls[0]!.settle(new Error('flaky'));
    await vi.advanceTimersByTimeAsync(0);
    e.update(() => 'p2');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls.map((c) => c.payload)).toEqual(['p1', 'p2']);
    calls[1]!.settle(new Error('gone'));
    await vi.advanceTimersByTimeAsync(0);
    expect(e.stopped).toBe(true);
    e.update(() => 'p3');
    await e.finish('final');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls.map((c) => c.payload)).toEqual(['p1', 'p2']);
    expect(errors).toEqual([['flaky', false], ['gone', false]]);
  });

  it('says whether the final edit arrived, so that a failed one can be made good', async () => {
    expect(await editor(() => Promise.resolve()).finish('final')).toBe(true);
    expect(await editor(() => Promise.reject(new Error('400'))).finish('final')).toBe(false);
    // Stopped for good before the end: nothing was sent.
    const sent: string[] = [];
    const gone = editor((payload) => (sent.push(payload), Promise.reject(new Error('gone'))), () => 'stop');
    gone.update(() => 'p1');
    await vi.advanceTimersByTimeAsync(0);
    expect(gone.stopped).toBe(true);
    expect(await gone.finish('final')).toBe(false);
    expect(sent).toEqual(['p1']);
  });

  it('reports a failed final edit as final', async () => {
    const errors: boolean[] = [];
    const e = editor(() => Promise.reject(new Error('down')), (_error, final) => {
      errors.push(final);
      return 'continue';
    });
    await e.finish('final');
    expect(errors).toEqual([true]);
  });
});
