import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { admin } from '../../scripts/admin.ts';
import { Accounts } from '../../src/access/accounts.ts';
import { settleDue } from '../../src/access/settle.ts';
import { AccessStore, type KeyRef, redisKeys } from '../../src/access/store.ts';
import { testConfig } from '../support/app.ts';

// Reservations that settle without the process that made them: a charged call stays pending in Redis until its
// process confirms it (its answer written) or refunds it; settlement refunds whatever is still pending past its
// deadline, once, on Redis's clock, whoever runs it and however often.
const prefix = `t${process.pid}_settle:`;
const keys = redisKeys(prefix);
const limits = { limits: { user: 1000, free_trial: 1000 }, pageSizes: {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let redis: Redis;
let accounts: Accounts;

beforeAll(() => {
  redis = new Redis(inject('redisUrl'));
  accounts = new Accounts(redis, prefix);
});
afterAll(() => redis.quit());

async function account(allowance: number): Promise<KeyRef> {
  const accountId = await accounts.createAccount({ plan: 'user', allowance });
  const { keyId } = await accounts.createApiKey(accountId, 'csi');
  return { accountId, keyId, digest: String(await redis.hget(keys.record(accountId, keyId), 'digest')) };
}
const balance = async (accountId: string) => Number(await redis.hget(keys.account(accountId), 'balance'));
const pending = (accountId: string) => redis.zrange(keys.pending(accountId), 0, -1);
const indexed = async (accountId: string) =>
  (await redis.zrange(keys.settleDue, 0, -1)).filter((entry) => entry.startsWith(`${accountId} `));

describe('settlement', () => {
  it('refunds a reservation neither confirmed nor refunded by its deadline, and only that one, once', async () => {
    const store = new AccessStore(redis, prefix, { reservationMs: 300, bucketMs: 100 });
    const ref = await account(10);
    const reserve = (callId: string) =>
      store.access(ref, { cost: 1, callId, operation: 'searchCreators' }, limits, new Date());
    for (const id of ['served', 'failed', 'lost']) expect(await reserve(id)).toMatchObject({ charged: 1 });
    expect(await balance(ref.accountId)).toBe(7);
    expect(await store.confirm(ref.accountId, ['served'])).toBe(1);
    expect(await store.refund(ref.accountId, 'failed')).toBe(1);
    expect(await pending(ref.accountId)).toEqual(['lost']);

    // Before its deadline nothing is refunded, and the account stays indexed.
    expect(await settleDue(store)).toMatchObject({ calls: 0 });
    expect(await indexed(ref.accountId)).not.toEqual([]);
    await sleep(450);
    // Two sweeps at once (two API processes): the lost call comes back once.
    const [a, b] = await Promise.all([settleDue(store), settleDue(store)]);
    expect(a.calls + b.calls).toBe(1);
    expect(a.credits + b.credits).toBe(1);
    expect(await balance(ref.accountId)).toBe(9);
    expect(await pending(ref.accountId)).toEqual([]);
    expect(await indexed(ref.accountId)).toEqual([]);
    // A confirmation that arrives after settlement finds the call refunded (it went free), and changes nothing.
    expect(await store.confirm(ref.accountId, ['lost'])).toBe(0);
    // A refund after settlement gives nothing back again, and a re-sent script never charges a settled call.
    expect(await store.refund(ref.accountId, 'lost')).toBe(0);
    expect(await reserve('lost')).toEqual({ status: 'cancelled' });
    expect(await balance(ref.accountId)).toBe(9);
  });

  it('settles a block of credits whose process died but for the calls it confirmed, and its unmade calls leave the key’s window', async () => {
    const store = new AccessStore(redis, prefix, { reservationMs: 300, bucketMs: 100 });
    const ref = await account(100);
    const rate = `${keys.record(ref.accountId, ref.keyId)}:rate`;
    const block = await store.access(
      ref,
      { cost: 1, callId: 'block', operation: 'searchCreators', block: 10 },
      limits,
      new Date(),
    );
    expect(block).toMatchObject({ status: 'ok', charged: 10, balance: 90 });
    expect(await redis.get(rate)).toBe('10');
    // Its calls 1, 2 and 4 kept their credits; the batch that said so was sent twice (a reconnect).
    for (let i = 0; i < 2; i++) await store.keptInBlocks(ref.accountId, new Map([['block', [1, 2, 4]]]));
    await sleep(450);
    expect(await settleDue(store)).toMatchObject({ calls: 1, credits: 7 });
    expect(await balance(ref.accountId)).toBe(97);
    expect(await redis.get(rate)).toBe('3');
    expect(await pending(ref.accountId)).toEqual([]);
  });

  it('takes at most half of what the balance leaves in a block, and none from a balance of one', async () => {
    const store = new AccessStore(redis, prefix, { reservationMs: 60_000 });
    const ref = await account(9);
    const ask = (callId: string) =>
      store.access(ref, { cost: 1, callId, operation: 'searchCreators', block: 64 }, limits, new Date());
    expect((await Promise.all(['a', 'b', 'c', 'd'].map(ask))).map((r) => 'charged' in r && r.charged)).toEqual([
      4, 2, 1, 1,
    ]);
    expect(await balance(ref.accountId)).toBe(1);
    expect(await ask('e')).toMatchObject({ charged: 1, balance: 0 });
  });

  it('judges deadlines on Redis’s clock: a sweep whose clock runs ahead refunds nothing early and keeps the account indexed', async () => {
    const store = new AccessStore(redis, prefix, { reservationMs: 60_000, bucketMs: 100 });
    const ref = await account(5);
    await store.access(ref, { cost: 1, callId: 'slow', operation: 'searchCreators' }, limits, new Date());
    const ahead = await settleDue(store, Date.now() + 3_600_000);
    expect(ahead.calls).toBe(0);
    expect(await balance(ref.accountId)).toBe(4);
    expect(await pending(ref.accountId)).toEqual(['slow']);
    expect(await indexed(ref.accountId)).toHaveLength(1);
  });

  it('re-indexes an account whose index entry came due before its reservations did', async () => {
    const store = new AccessStore(redis, prefix, { reservationMs: 400, bucketMs: 100 });
    const ref = await account(5);
    await store.access(ref, { cost: 1, callId: 'one', operation: 'searchCreators' }, limits, new Date());
    // An entry due now (as a cluster client whose clock is behind would have written it).
    const early = store.dueTime(Date.now() - 1000);
    await store.markDue(ref.accountId, early);
    expect(await settleDue(store)).toMatchObject({ calls: 0 });
    expect(await indexed(ref.accountId)).not.toContain(`${ref.accountId} ${early}`);
    expect(await indexed(ref.accountId)).toHaveLength(1);
    await sleep(600);
    expect(await settleDue(store)).toMatchObject({ calls: 1, credits: 1 });
    expect(await balance(ref.accountId)).toBe(5);
  });

  it('runs once from the admin CLI: npm run admin -- settle', async () => {
    const store = new AccessStore(redis, prefix, { reservationMs: 100, bucketMs: 100 });
    const ref = await account(3);
    await store.access(ref, { cost: 1, callId: 'killed', operation: 'searchCreators' }, limits, new Date());
    await sleep(250);
    const result = await admin(['settle'], accounts, testConfig());
    expect(result).toMatchObject({ calls: 1, credits: 1 });
    expect(await balance(ref.accountId)).toBe(3);
  });
});
