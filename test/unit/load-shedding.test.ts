import { describe, expect, it } from 'vitest';
import { StandingQueue } from '../../src/http/load-shedding.ts';

/** The searches pending as the test sets them, and a queue over them: bound 10, target 25 ms, windows of 100 ms. */
function setUp() {
  const searches = { inFlight: 0, oldestWaitMs: 0 };
  const queue = new StandingQueue(searches, 10, 25, 100);
  const arrive = (now: number, pending: number, oldestWaitMs = 0) => {
    Object.assign(searches, { inFlight: pending, oldestWaitMs });
    return queue.shed(now);
  };
  return { queue, arrive };
}

describe('a standing queue of searches', () => {
  it('sheds once a window reached the bound and all its answers took longer than the target', () => {
    const { queue, arrive } = setUp();
    // A burst into an idle service: long, but its first answers are fast.
    expect([0, 10, 20, 40].map((pending, i) => arrive(i, pending))).toEqual([false, false, false, false]);
    queue.answered(3, 20);
    queue.answered(60, 90);
    expect(arrive(100, 40)).toBe(false);
    // Every answer of the window from 100 took 30 ms or more: from 200 on, arrivals finding 10 pending are shed.
    queue.answered(30, 120);
    queue.answered(80, 180);
    expect(arrive(200, 12)).toBe(true);
    expect(arrive(210, 9)).toBe(false);
    // One fast answer in that window: the queue drained, nothing is shed in the next.
    queue.answered(5, 250);
    expect(arrive(300, 40)).toBe(false);
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
    // Quiet for a second, nothing pending: the slow window before says nothing of now.
    expect(arrive(1200, 20, 0)).toBe(false);
    // Silent for a second with searches waiting all along: standing.
    expect(arrive(2400, 20, 1000)).toBe(true);
  });
});
