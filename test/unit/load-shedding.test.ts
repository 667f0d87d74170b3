import { describe, expect, it } from 'vitest';
import { StandingQueue } from '../../src/http/load-shedding.ts';

describe('a standing queue', () => {
  it('sheds only once a whole window never saw the queue below the bound, and only while it is at the bound', () => {
    const queue = new StandingQueue(10, 100);
    // A burst from idle: the window before it saw nothing pending.
    expect([0, 10, 20, 30].map((pending, i) => queue.shed(pending, i))).toEqual([false, false, false, false]);
    // The next window opens at 100 with the low of the last (0): still not standing.
    expect(queue.shed(30, 100)).toBe(false);
    expect(queue.shed(12, 150)).toBe(false);
    // The window from 100 never went below 12: from 200 on, arrivals at the bound are shed.
    expect(queue.shed(15, 200)).toBe(true);
    expect(queue.shed(9, 250)).toBe(false);
    // That window dipped to 9: the queue drained, nothing is shed in the next one.
    expect(queue.shed(40, 300)).toBe(false);
  });

  it('forgets a queue nobody arrived to see for a whole window, and never sheds below the bound', () => {
    const queue = new StandingQueue(10, 100);
    queue.shed(20, 0);
    expect(queue.shed(20, 100)).toBe(true);
    // Quiet for a second, then an arrival that finds the queue short.
    expect(queue.shed(3, 1100)).toBe(false);
    expect(queue.shed(20, 1150)).toBe(false);
  });
});
