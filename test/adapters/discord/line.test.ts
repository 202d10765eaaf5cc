// The line /mate requests wait in: a few run at once, the rest wait their turn with a place that
// moves up, members take turns, each member holds only so many places, and a request is refused
// only when the line is full, its member holds all their places, or its wait would be too long.

import { describe, expect, it } from 'vitest';
import { type Admission, SearchLine, type Ticket } from '../../../src/adapters/discord/line.ts';

function clock(start = 1_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

function ticketOf(admission: Admission): Ticket {
  if (!admission.ok) throw new Error(`expected a place, got ${JSON.stringify(admission)}`);
  return admission.ticket;
}

/** Whether `promise` has settled, after letting pending callbacks run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('SearchLine', () => {
  it('runs as many as it may at once and lines up the rest, each knowing its place', async () => {
    const line = new SearchLine({ running: 2, total: 10, perUser: 1 });
    const [a, b, c, d] = ['ann', 'bob', 'cid', 'dan'].map((user) => ticketOf(line.join(user, 60_000)));
    expect([a!.place, b!.place, c!.place, d!.place]).toEqual([0, 0, 1, 2]);
    expect(await settled(a!.started)).toBe(true);
    expect(await settled(c!.started)).toBe(false);
    expect({ running: line.running, waiting: line.waiting }).toEqual({ running: 2, waiting: 2 });

    const places: number[] = [];
    d!.onPlace((place) => places.push(place));
    a!.release();
    expect(await settled(c!.started)).toBe(true);
    expect([c!.place, d!.place]).toEqual([0, 1]);
    b!.release();
    expect(await settled(d!.started)).toBe(true);
    expect(places).toEqual([1, 0]);
  });

  it('lets members take turns: one request of each before anyone\'s second', () => {
    const line = new SearchLine({ running: 1, total: 10, perUser: 3 });
    const first = ticketOf(line.join('ann', 1_000));
    const ann2 = ticketOf(line.join('ann', 1_000));
    const ann3 = ticketOf(line.join('ann', 1_000));
    const bob = ticketOf(line.join('bob', 1_000));
    const cid = ticketOf(line.join('cid', 1_000));
    // Ann's second request is next, but her third waits behind Bob's and Cid's first.
    expect([ann2.place, bob.place, cid.place, ann3.place]).toEqual([1, 2, 3, 4]);
    first.release();
    expect([ann2.place, bob.place, cid.place, ann3.place]).toEqual([0, 1, 2, 3]);
    ann2.release();
    // Ann just had her turn: Bob, then Cid, then Ann again.
    expect([bob.place, cid.place, ann3.place]).toEqual([0, 1, 2]);
  });

  it('moves a later member ahead of a member\'s extra requests', () => {
    const line = new SearchLine({ running: 1, total: 10, perUser: 3 });
    ticketOf(line.join('ann', 1_000));
    const ann2 = ticketOf(line.join('ann', 1_000));
    const ann3 = ticketOf(line.join('ann', 1_000));
    expect([ann2.place, ann3.place]).toEqual([1, 2]);
    const bob = ticketOf(line.join('bob', 1_000));
    expect([ann2.place, bob.place, ann3.place]).toEqual([1, 2, 3]);
  });

  it('frees a waiting place at once when its request leaves, and moves those behind it up', async () => {
    const line = new SearchLine({ running: 1, total: 10, perUser: 1 });
    const running = ticketOf(line.join('ann', 1_000));
    const bob = ticketOf(line.join('bob', 1_000));
    const cid = ticketOf(line.join('cid', 1_000));
    bob.release();
    expect(cid.place).toBe(1);
    expect(line.waiting).toBe(1);
    running.release();
    expect(await settled(bob.started)).toBe(false);
    expect(cid.place).toBe(0);
  });

  it('holds the member\'s limit across running and waiting, saying when their place frees', () => {
    const time = clock();
    const line = new SearchLine({ running: 1, total: 10, perUser: 1 }, time.now);
    ticketOf(line.join('ann', 30_000));
    time.advance(10_000);
    expect(line.join('ann', 30_000)).toEqual({ ok: false, reason: 'user', retryInMs: 20_000 });
    ticketOf(line.join('bob', 30_000));
    // Bob waits: his own place frees once his search has started and run its course.
    expect(line.join('bob', 30_000)).toEqual({ ok: false, reason: 'user', retryInMs: 30_000 });
  });

  it('refuses when the line is full, saying when the first running search must be over', () => {
    const time = clock();
    const line = new SearchLine({ running: 2, total: 3, perUser: 1 }, time.now);
    ticketOf(line.join('ann', 30_000));
    time.advance(1_000);
    ticketOf(line.join('bob', 10_000));
    ticketOf(line.join('cid', 10_000));
    time.advance(4_000);
    expect(line.join('dan', 30_000)).toEqual({ ok: false, reason: 'full', retryInMs: 6_000 });
  });

  it('refuses a request whose wait would outlast its reply, judged by the searches so far', () => {
    const time = clock();
    const line = new SearchLine({ running: 1, total: 100, perUser: 1 }, time.now);
    // Before any search has finished there is nothing to judge by: the request waits.
    const first = ticketOf(line.join('ann', 600_000));
    ticketOf(line.join('bob', 600_000, 60_000));
    time.advance(100_000);
    first.release({ answered: true });
    // A typical search now takes 100 s: third in line (behind Bob's running and Cid's) is too long.
    ticketOf(line.join('cid', 600_000, 150_000));
    expect(line.join('dan', 600_000, 150_000)).toEqual({ ok: false, reason: 'lifetime', retryInMs: 50_000 });
    expect(line.join('eve', 600_000, 250_000).ok).toBe(true);
    expect(line.estimatedWaitMs()).toBe(300_000);
  });

  it('judges by searches that ran their course, not by one cancelled at once', () => {
    const time = clock();
    const line = new SearchLine({ running: 1, total: 100, perUser: 1 }, time.now);
    const slow = ticketOf(line.join('ann', 600_000));
    time.advance(100_000);
    slow.release({ answered: true });
    const cancelled = ticketOf(line.join('bob', 600_000));
    cancelled.release();
    ticketOf(line.join('cid', 600_000));
    // Still 100 s a search: second in line is 200 s away, too long for 150 s.
    ticketOf(line.join('dan', 600_000, 150_000));
    expect(line.join('eve', 600_000, 150_000)).toMatchObject({ ok: false, reason: 'lifetime' });
  });

  it('judges a newcomer by the place it would take, ahead of others\' extra requests', () => {
    const time = clock();
    const line = new SearchLine({ running: 1, total: 100, perUser: 5 }, time.now);
    const first = ticketOf(line.join('ann', 600_000));
    time.advance(100_000);
    first.release({ answered: true });
    for (let i = 0; i < 5; i++) ticketOf(line.join('ann', 600_000));
    // Ann has one running and four waiting; Bob would be 2nd in line (after Ann's next), 200 s.
    expect(line.join('bob', 600_000, 250_000).ok).toBe(true);
  });

  it('releases once, and rejects limits below one', () => {
    const line = new SearchLine({ running: 1, total: 2, perUser: 1 });
    const a = ticketOf(line.join('ann', 1_000));
    ticketOf(line.join('bob', 1_000));
    a.release();
    a.release();
    expect({ running: line.running, waiting: line.waiting }).toEqual({ running: 1, waiting: 0 });
    expect(() => new SearchLine({ running: 0, total: 1, perUser: 1 })).toThrow(/running must be an integer >= 1/);
    expect(() => new SearchLine({ running: 1, total: 1.5, perUser: 1 })).toThrow(/total must be an integer >= 1/);
  });
});
