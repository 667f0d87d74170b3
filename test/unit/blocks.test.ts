import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BLOCK_FROM, BLOCK_MOST, BLOCK_MS, BLOCK_RETRY_MS, type BlockGrant, Blocks } from '../../src/access/blocks.ts';

interface TestGrant extends BlockGrant {
  callId: string;
}

const grant = (charged: number, balance: number | null = 100): TestGrant => ({
  accountId: 'a1',
  callId: 'block1',
  balance,
  charged,
  headers: {},
});
const window = { limit: 1000, used: 10, resetMs: 30_000 };

describe('blocks of credits', () => {
  let now = 0;
  let ended: [TestGrant, number][];
  let kept: number[];
  let blocks: Blocks<TestGrant>;
  beforeEach(() => {
    vi.useFakeTimers();
    now = 1_000_000;
    ended = [];
    kept = [];
    blocks = new Blocks<TestGrant>(
      true,
      { kept: (_g, nth) => kept.push(nth), ended: (g, keep) => ended.push([g, keep]) },
      () => now,
    );
  });
  afterEach(() => vi.useRealTimers());

  const askTimes = (n: number) => Array.from({ length: n }, () => blocks.ask('k'));

  it('asks for a block only once a key makes BLOCK_FROM calls within BLOCK_MS, for twice as many, one at a time', () => {
    expect(askTimes(BLOCK_FROM - 1).every((a) => a === undefined)).toBe(true);
    expect(blocks.ask('k')).toBe(2 * BLOCK_FROM);
    expect(blocks.ask('k')).toBeUndefined(); // asking already
    blocks.failed('k');
    expect(blocks.ask('k')).toBe(2 * (BLOCK_FROM + 2));
    expect(blocks.ask('other')).toBeUndefined();
  });

  it('asks for at most BLOCK_MOST, and never when disabled', () => {
    askTimes(100);
    blocks.failed('k');
    expect(blocks.ask('k')).toBe(BLOCK_MOST);
    const off = new Blocks<TestGrant>(false, { kept: () => {}, ended: () => {} }, () => now);
    expect(Array.from({ length: 100 }, () => off.ask('k')).every((a) => a === undefined)).toBe(true);
  });

  it('counts the calls of the bucket before: a steady pace keeps asking', () => {
    askTimes(BLOCK_FROM);
    blocks.failed('k');
    now += BLOCK_MS;
    expect(blocks.ask('k')).toBe(2 * BLOCK_FROM);
    blocks.failed('k');
    now += 2 * BLOCK_MS; // a quiet bucket in between: the pace starts again
    expect(blocks.ask('k')).toBeUndefined();
  });

  it('serves its calls one credit each, with the balance and the window each would have seen', () => {
    const first = blocks.answered('k', grant(5, 95), 5, window);
    expect(first).toMatchObject({ charged: 1, balance: 99, callId: 'block1' });
    expect(first?.headers.ratelimit).toBe('"key";r=990;t=30');
    const rest = [1, 2, 3, 4].map(() => blocks.take('k'));
    expect(rest.map((g) => g?.balance)).toEqual([98, 97, 96, 95]);
    expect(rest[3]?.headers.ratelimit).toBe('"key";r=986;t=30');
    expect(blocks.take('k')).toBeUndefined(); // spent
  });

  it('keeps what its calls kept and gives the rest back once all have settled', () => {
    const calls = [blocks.answered('k', grant(6), 6, window), blocks.take('k'), blocks.take('k')];
    calls[0]?.block?.settle(true);
    calls[1]?.block?.settle(false);
    now += BLOCK_MS;
    vi.advanceTimersByTime(BLOCK_MS + 1);
    expect(blocks.take('k')).toBeUndefined(); // expired
    expect(ended).toEqual([]); // one call still open
    calls[2]?.block?.settle(true);
    expect(ended).toEqual([[expect.objectContaining({ charged: 6 }), 2]]);
    expect(kept).toEqual([1, 3]); // each call that kept its credit, by its place in the block, as it was decided
  });

  it('ends an expired block whose calls have all settled on its timer, and only once', () => {
    blocks.answered('k', grant(4), 4, window)?.block?.settle(true);
    now += BLOCK_MS;
    vi.advanceTimersByTime(BLOCK_MS + 1);
    expect(ended.map(([, keep]) => keep)).toEqual([1]);
    blocks.close();
    expect(ended).toHaveLength(1);
  });

  it('is closed by its account changing: no more calls from it', () => {
    blocks.answered('k', grant(10), 10, window)?.block?.settle(true);
    blocks.answered('k2', { ...grant(10), accountId: 'a2' }, 10, window)?.block?.settle(true);
    blocks.close('a1');
    expect(blocks.take('k')).toBeUndefined();
    expect(blocks.take('k2')).toBeDefined();
    expect(ended.map(([g, keep]) => [g.accountId, keep])).toEqual([['a1', 1]]);
  });

  it('lets the calls waiting for a block check on their own when its key is forgotten (10,000 keys later)', async () => {
    askTimes(BLOCK_FROM);
    const waiting = blocks.asking('k');
    expect(waiting).toBeDefined();
    for (let i = 0; i < 10_000; i++) blocks.ask(`other${i}`);
    await expect(waiting).resolves.toBeUndefined();
    expect(blocks.asking('k')).toBeUndefined();
  });

  it('takes no block when the check reserved one call only, and asks again only BLOCK_RETRY_MS later', () => {
    askTimes(BLOCK_FROM);
    expect(blocks.answered('k', grant(1), 1, window)).toBeUndefined();
    expect(blocks.take('k')).toBeUndefined();
    expect(blocks.asking('k')).toBeUndefined();
    expect(askTimes(20).every((a) => a === undefined)).toBe(true); // an unlimited account: no calls wait in vain
    now += BLOCK_RETRY_MS;
    expect(askTimes(BLOCK_FROM).some((a) => a !== undefined)).toBe(true);
  });

  it('serves only the call that took a block once stopped for shutdown, and settles with it', () => {
    blocks.stop();
    const first = blocks.answered('k', grant(10), 10, window);
    expect(first).toBeDefined();
    expect(blocks.take('k')).toBeUndefined();
    first?.block?.settle(true);
    expect(ended.map(([, keep]) => keep)).toEqual([1]);
  });

  it('says unlimited balances stay null', () => {
    expect(blocks.answered('k', grant(3, null), 3, window)?.balance).toBeNull();
  });
});
