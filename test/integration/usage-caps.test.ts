import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts } from '../../src/access/accounts.ts';
import { getWithKey as get, meteredTestApp, type TestApp } from '../support/app.ts';
import { loadRecords } from '../support/catalog.ts';
import { creator, sponsor } from '../support/dataset.ts';

// Per-key caps and GET /usage on a real Redis: the cap is checked and spent in the credit script beside the balance,
// and the usage counters are the same counters, so both stay exact under concurrency and refunds.
let data: Awaited<ReturnType<typeof loadRecords>>;
const apps: TestApp[] = [];
let clock = new Date('2026-12-30T10:00:00.000Z');

async function app(): Promise<TestApp> {
  const created = await meteredTestApp(data.prefix, () => clock);
  apps.push(created);
  return created;
}
const balance = async (t: TestApp, accountId: string) =>
  Number(await t.clients.redis.hget(`${t.config.redisKeyPrefix}{acct:${accountId}}`, 'balance'));

/** An account with two keys, the first capped at `cap`. */
async function twoKeys(t: TestApp, cap: number, allowance = 100) {
  const accounts = new Accounts(t.clients.redis, t.config.redisKeyPrefix);
  const capped = await t.key({ unlimited: false, allowance });
  const other = await accounts.createApiKey(capped.accountId, 'csi', 'other');
  expect(await accounts.setKeyCap(capped.accountId, capped.keyId, cap)).toBe(true);
  return { accounts, capped, other, accountId: capped.accountId };
}

beforeAll(async () => {
  const creators = Array.from({ length: 30 }, (_, i) => creator(i + 1));
  data = await loadRecords('usage', [sponsor(1, 'Keyforge Labs')], creators);
}, 60_000);
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await data?.drop();
});

describe('per-key caps', () => {
  it('lets exactly `cap` of 50 racing calls through on the capped key, and the account’s other key keeps working', async () => {
    const t = await app();
    const { capped, other, accountId } = await twoKeys(t, 7);
    const racing = await Promise.all(
      Array.from({ length: 50 }, (_, i) => get(t, `/api/v1/creators/creator${(i % 30) + 1}`, capped.key)),
    );
    const statuses = racing.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(7);
    expect(statuses.filter((s) => s === 402)).toHaveLength(43);
    const refused = racing.find((r) => r.statusCode === 402);
    expect(refused?.json().error.code).toBe('key_cap_reached');
    expect(refused?.json().error.message).toMatch(/cap of 7 credits.*other keys are not affected/);
    expect((await get(t, '/api/v1/creators/creator1', other.key)).statusCode).toBe(200);
    expect(await balance(t, accountId)).toBe(100 - 7 - 1);
    // Free endpoints answer a capped key: it can still see why.
    expect((await get(t, '/api/v1/credits', capped.key)).statusCode).toBe(200);
  });

  it('counts what the key spent before the cap was set, gives refunded calls back to it, and lifts it with off', async () => {
    const t = await app();
    const { accounts, capped, accountId } = await twoKeys(t, 1000);
    for (let i = 0; i < 3; i++) expect((await get(t, '/api/v1/creators/creator1', capped.key)).statusCode).toBe(200);
    await accounts.setKeyCap(accountId, capped.keyId, 4);
    // A failed call (404) is refunded: the cap gets it back too.
    expect((await get(t, '/api/v1/creators/nobody-at-all', capped.key)).statusCode).toBe(404);
    expect((await get(t, '/api/v1/creators/creator2', capped.key)).statusCode).toBe(200);
    expect((await get(t, '/api/v1/creators/creator3', capped.key)).json().error.code).toBe('key_cap_reached');
    await accounts.setKeyCap(accountId, capped.keyId, null);
    expect((await get(t, '/api/v1/creators/creator3', capped.key)).statusCode).toBe(200);
    expect(await accounts.setKeyCap(accountId, 'no-such-key', 3)).toBe(false);
  });

  it('renews with the period, like the balance', async () => {
    const t = await app();
    const { capped } = await twoKeys(t, 2);
    clock = new Date('2027-01-31T23:59:58.000Z');
    for (let i = 0; i < 2; i++) expect((await get(t, '/api/v1/creators/creator1', capped.key)).statusCode).toBe(200);
    expect((await get(t, '/api/v1/creators/creator1', capped.key)).statusCode).toBe(402);
    clock = new Date('2027-02-01T00:00:01.000Z');
    expect((await get(t, '/api/v1/creators/creator1', capped.key)).statusCode).toBe(200);
    clock = new Date('2026-12-30T10:00:00.000Z');
  });

  it('leaves unlimited accounts unmetered: no cap applies and nothing is spent', async () => {
    const t = await app();
    const unlimited = await t.key();
    const accounts = new Accounts(t.clients.redis, t.config.redisKeyPrefix);
    await accounts.setKeyCap(unlimited.accountId, unlimited.keyId, 1);
    for (let i = 0; i < 3; i++) expect((await get(t, '/api/v1/creators/creator1', unlimited.key)).statusCode).toBe(200);
    expect((await get(t, '/api/v1/usage', unlimited.key)).json()).toMatchObject({ spent: 0, endpoints: [], days: [] });
  });
});

describe('GET /api/v1/usage', () => {
  it('splits what was charged by key, endpoint and day, equal to the balance spent, and is free', async () => {
    const t = await app();
    const { capped, other, accountId } = await twoKeys(t, 50);
    clock = new Date('2026-12-30T10:00:00.000Z');
    for (const url of [
      '/api/v1/creators/creator1',
      '/api/v1/creators?query=creator',
      '/api/v1/sponsors?query=keyforge',
    ])
      expect((await get(t, url, capped.key)).statusCode).toBe(200);
    clock = new Date('2026-12-31T10:00:00.000Z');
    for (const url of ['/api/v1/creators/creator2', '/api/v1/creators/creator3', '/api/v1/creators/nobody-at-all'])
      await get(t, url, other.key);
    expect((await get(t, '/api/v1/creators?query=', other.key)).statusCode).toBe(422); // checked, never charged
    const before = await balance(t, accountId);
    const response = await get(t, '/api/v1/usage', other.key);
    expect(response.statusCode).toBe(200);
    expect(await balance(t, accountId)).toBe(before);
    const usage = response.json();
    // Keys come by creation time, to the millisecond; these two are made back to back, often in the same one.
    const byId = <T extends { keyId: string }>(keys: T[]) => [...keys].sort((a, b) => a.keyId.localeCompare(b.keyId));
    expect(byId(usage.keys)).toEqual(
      byId([
        { keyId: capped.keyId, name: null, cap: 50, spent: 3, revoked: false },
        { keyId: other.keyId, name: 'other', cap: null, spent: 2, revoked: false },
      ]),
    );
    expect(usage).toEqual({
      period: '2026-12',
      renewsAt: '2027-01-01T00:00:00.000Z',
      spent: 5,
      keys: usage.keys,
      endpoints: [
        { operation: 'getCreator', spent: 3 },
        { operation: 'searchCreators', spent: 1 },
        { operation: 'searchSponsors', spent: 1 },
      ],
      days: [
        { date: '2026-12-30', spent: 3 },
        { date: '2026-12-31', spent: 2 },
      ],
    });
    expect(100 - before).toBe(usage.spent);
    expect(await new Accounts(t.clients.redis, t.config.redisKeyPrefix).usage(accountId, clock)).toMatchObject({
      period: '2026-12',
      renewsAt: '2027-01-01T00:00:00.000Z',
      spent: 5,
    });
  });
});
