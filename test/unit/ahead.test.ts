import { describe, expect, it } from 'vitest';
import { AHEAD_PER_KEY, Ahead } from '../../src/access/ahead.ts';

const ip = '10.0.0.1';
const billable = { cost: 1, valid: true, ip };
const granted = async () => 'grant';
const refused = async () => {
  throw new Error('refused');
};

/** The test's address has room in its window, as if it had just been counted. */
function withRoom(ahead: Ahead): Ahead {
  ahead.counted(ip, 1000, 60_000);
  return ahead;
}

describe('which calls go ahead of their check', () => {
  it('none for a key never granted here, nor for free or invalid calls', () => {
    const ahead = withRoom(new Ahead(true));
    expect(ahead.take('k', billable, granted)).toBeUndefined();
    ahead.granted('k', 25, 100);
    expect(ahead.take(undefined, billable, granted)).toBeUndefined();
    expect(ahead.take('k', { cost: 0, valid: true, ip }, granted)).toBeUndefined();
    expect(ahead.take('k', { cost: 1, valid: false, ip }, granted)).toBeUndefined();
    expect(ahead.take('k', billable, granted)?.pageSize).toBe(25);
  });

  it('none at all when turned off (ACCESS_AHEAD=false)', () => {
    const ahead = withRoom(new Ahead(false));
    ahead.granted('k', 25, Number.POSITIVE_INFINITY);
    expect(ahead.take('k', billable, granted)).toBeUndefined();
  });

  it('no more at once than the credits left or AHEAD_PER_KEY; a released call frees its place, once', async () => {
    const ahead = withRoom(new Ahead(true));
    ahead.granted('few', 10, 2);
    const [a, b, c] = [1, 2, 3].map(() => ahead.take('few', billable, granted));
    expect([a, b, c].map((call) => call?.pageSize)).toEqual([10, 10, undefined]);
    a?.release();
    a?.release();
    expect(ahead.take('few', billable, granted)).toBeDefined();
    expect(ahead.take('few', billable, granted)).toBeUndefined();
    expect(await b?.check()).toBe('grant'); // a check that answered frees its place too
    expect(ahead.take('few', billable, granted)).toBeDefined();

    ahead.granted('many', 25, Number.POSITIVE_INFINITY);
    const calls = Array.from({ length: AHEAD_PER_KEY + 2 }, () => ahead.take('many', billable, granted));
    expect(calls.filter(Boolean)).toHaveLength(AHEAD_PER_KEY);
  });

  it('a refusal aborts the search that went ahead and stops the key until a call is granted again', async () => {
    const ahead = withRoom(new Ahead(true));
    ahead.granted('k', 25, 100);
    const call = ahead.take('k', billable, refused);
    await expect(call?.check()).rejects.toThrow('refused');
    expect(call?.signal.aborted).toBe(true);
    ahead.refused('k');
    expect(ahead.take('k', billable, granted)).toBeUndefined();
    ahead.granted('k', 25, 0); // granted, but spent its last credit
    expect(ahead.take('k', billable, granted)).toBeUndefined();
    ahead.granted('k', 25, 5);
    expect(ahead.take('k', billable, granted)).toBeDefined();
    ahead.forget('k');
    expect(ahead.take('k', billable, granted)).toBeUndefined();
  });

  it('only from an address whose window, as last counted, has room; none once it is spent or over', () => {
    const ahead = new Ahead(true);
    ahead.granted('k', 25, 100);
    expect(ahead.take('k', billable, granted)).toBeUndefined(); // never counted here
    ahead.counted(ip, 2, 60_000);
    const calls = [1, 2, 3].map(() => ahead.take('k', billable, granted));
    expect(calls.map(Boolean)).toEqual([true, true, false]); // the room is taken by calls, also released ones
    for (const call of calls) call?.release();
    expect(ahead.take('k', billable, granted)).toBeUndefined();
    ahead.counted(ip, 1, 60_000);
    expect(ahead.take('k', billable, granted)).toBeDefined();
    ahead.counted(ip, 5, -1); // the window has ended: wait for the next count
    expect(ahead.take('k', billable, granted)).toBeUndefined();
    ahead.counted(ip, 5, 60_000);
    ahead.counted(ip, undefined); // the limiter failed open
    expect(ahead.take('k', billable, granted)).toBeUndefined();
    ahead.counted(ip, 5, 60_000);
    expect(ahead.take('k', { ...billable, ip: '10.0.0.2' }, granted)).toBeUndefined();
  });

  it('after notices may have been missed, no key goes ahead until granted again', () => {
    const ahead = withRoom(new Ahead(true));
    ahead.granted('a', 25, 100);
    ahead.granted('b', 25, 100);
    ahead.forgetAll();
    expect(ahead.take('a', billable, granted)).toBeUndefined();
    expect(ahead.take('b', billable, granted)).toBeUndefined();
    ahead.granted('a', 25, 100);
    expect(ahead.take('a', billable, granted)).toBeDefined();
  });
});
