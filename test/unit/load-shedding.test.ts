import { describe, expect, it } from 'vitest';
import { StandingQueue } from '../../src/http/load-shedding.ts';

/** The searches pending as the test sets them, and a queue over them: bound 10, kept at 5, target 25 ms, windows of 100 ms. */
function setUp() {
  const searches = { inFlight: 0, oldestWaitMs: 0 };
  const queue = new StandingQueue(searches, { pending: 10, keep: 5, targetMs: 25 }, 100);
  const arrive = (now: number, pending: number, oldestWaitMs = 0) => {
    Object.assign(searches, { inFlight: pending, oldestWaitMs });
    return queue.shed(now);
  };
  return { queue, arrive };
}

describe('a standing queue of searches', () => {
  it('stands once a window reached the bound and all its answers took longer than the target', () => {
    const { queue, arrive } = setUp();
    // A burst into an idle service: long, but its first answers are fast.
    expect([0, 10, 20, 40].map((pending, i) => arrive(i, pending))).toEqual([false, false, false, false]);
    queue.answered(3, 20);
    queue.answered(60, 90);
    expect(arrive(100, 40)).toBe(false);
    // Every answer of the window from 100 took 30 ms or more: from 200 on, arrivals finding 5 pending are shed.
    queue.answered(30, 120);
    queue.answered(80, 180);
    expect(arrive(200, 12)).toBe(true);
    expect(arrive(210, 5)).toBe(true);
    expect(arrive(220, 4)).toBe(false);
  });

  it('holds the queue at the kept depth while calls keep finding it there, fast answers or not', () => {
    const { queue, arrive } = setUp();
    arrive(0, 12);
    queue.answered(40, 50);
    expect(arrive(100, 12)).toBe(true);
    // Held at 5, the searches answer well under the target: the overload goes on, and so does the shedding.
    for (let now = 110; now < 400; now += 10) {
      queue.answered(8, now);
      expect(arrive(now + 1, 5)).toBe(true);
    }
    // From 420 on calls find fewer than 5 pending: the window that begins there ends the standing, and a burst after
    // it is served again.
    expect(arrive(420, 3)).toBe(false);
    queue.answered(8, 450);
    expect(arrive(480, 4)).toBe(false);
    expect([525, 526, 527].map((now, i) => arrive(now, 9 + i))).toEqual([false, false, false]);
  });

  it('ends the hold a window after the last call that found the kept depth, whenever the window turns', () => {
    const { queue, arrive } = setUp();
    arrive(0, 12);
    queue.answered(40, 50);
    expect(arrive(100, 12)).toBe(true);
    expect(arrive(101, 6)).toBe(true);
    // Quiet until just before the next window would end: the last call at the kept depth is 198 ms old.
    expect(arrive(299, 9)).toBe(false);
  });

  it('takes a slow search in a quiet service for no queue: a burst after it is served', () => {
    const answered = setUp();
    expect(answered.arrive(0, 0)).toBe(false);
    answered.queue.answered(40, 40);
    expect([150, 151, 152].map((now, i) => answered.arrive(now, 15 + i))).toEqual([false, false, false]);
    // The same with the slow search still pending when the burst comes.
    const pending = setUp();
    expect(pending.arrive(0, 1)).toBe(false);
    expect([150, 151, 152].map((now, i) => pending.arrive(now, 15 + i, 150))).toEqual([false, false, false]);
  });

  it('without answers, asks how long the oldest pending search has waited', () => {
    const { queue, arrive } = setUp();
    arrive(0, 20);
    // A stalled cluster: nothing answered, the oldest search waiting 100 ms.
    expect(arrive(100, 20, 100)).toBe(true);
    queue.answered(90, 150);
    // Quiet for a second, then a burst: the slow window before says nothing of now.
    expect(arrive(1200, 20, 0)).toBe(false);
    // Silent for a second with searches waiting all along: standing.
    expect(arrive(2400, 20, 1000)).toBe(true);
  });
});
