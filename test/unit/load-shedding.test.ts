import { describe, expect, it } from 'vitest';
import { StandingQueue } from '../../src/http/load-shedding.ts';

describe('a standing queue of searches', () => {
  it('sheds once a whole window of answers all took longer than the target, while enough are pending', () => {
    const queue = new StandingQueue(10, 25, 100);
    // A burst into an idle service: long, but its first answers are fast.
    expect([0, 10, 20, 40].map((pending, i) => queue.shed(pending, i, 0))).toEqual([false, false, false, false]);
    queue.answered(3, 20, 0);
    queue.answered(60, 90, 0);
    expect(queue.shed(40, 100, 0)).toBe(false);
    // Every answer of the window from 100 took 30 ms or more: from 200 on, arrivals finding 10 pending are shed.
    queue.answered(30, 120, 0);
    queue.answered(80, 180, 0);
    expect(queue.shed(12, 200, 0)).toBe(true);
    expect(queue.shed(9, 210, 0)).toBe(false);
    // One fast answer in that window: the queue drained, nothing is shed in the next.
    queue.answered(5, 250, 0);
    expect(queue.shed(40, 300, 0)).toBe(false);
  });

  it('without answers, asks how long the oldest pending search has waited', () => {
    const queue = new StandingQueue(10, 25, 100);
    queue.shed(20, 0, 0);
    // A stalled cluster: nothing answered, the oldest search waiting 100 ms.
    expect(queue.shed(20, 100, 100)).toBe(true);
    queue.answered(90, 150, 140);
    // Quiet for a second, nothing pending: the slow window before says nothing of now.
    expect(queue.shed(20, 1200, 0)).toBe(false);
    // Silent for a second with searches waiting all along: standing.
    expect(queue.shed(20, 2400, 1000)).toBe(true);
  });
});
