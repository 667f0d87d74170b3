import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts } from '../../src/access/accounts.ts';
import { closedPort, getWithKey, meteredTestApp, type TestApp } from '../support/app.ts';
import { loadRecords } from '../support/catalog.ts';
import { creator, sponsor } from '../support/dataset.ts';

// Credits under concurrency, across period boundaries (an injected clock) and when calls fail.
let data: Awaited<ReturnType<typeof loadRecords>>;
const apps: TestApp[] = [];
let clock = new Date('2026-03-31T23:59:59.000Z');

async function app(env: Record<string, string> = {}): Promise<TestApp> {
  const created = await meteredTestApp(data.prefix, () => clock, env);
  apps.push(created);
  return created;
}
const get = getWithKey;
const balance = async (t: TestApp, accountId: string) =>
  Number(await t.clients.redis.hget(`${t.config.redisKeyPrefix}{acct:${accountId}}`, 'balance'));

beforeAll(async () => {
  const creators = Array.from({ length: 40 }, (_, i) => creator(i + 1));
  data = await loadRecords('credits', [sponsor(1, 'Keyforge Labs')], creators);
}, 60_000);
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await data?.drop();
});

describe('credits', () => {
  it('lets exactly N of 2N concurrent billable calls through, from two keys of one account with balance N', async () => {
    const t = await app();
    const n = 40;
    const first = await t.key({ unlimited: false, allowance: n });
    const second = await new Accounts(t.clients.redis, t.config.redisKeyPrefix).createApiKey(first.accountId, 'csi');
    const calls = Array.from({ length: 2 * n }, (_, i) =>
      get(t, `/api/v1/creators/creator${(i % 40) + 1}`, i % 2 ? first.key : second.key),
    );
    const statuses = (await Promise.all(calls)).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(n);
    expect(statuses.filter((s) => s === 402)).toHaveLength(n);
    expect(await balance(t, first.accountId)).toBe(0);
  });

  it('renews the allowance once when the period rolls over, also under load', async () => {
    const t = await app();
    clock = new Date('2026-03-31T23:59:59.000Z');
    // Opened at the test's clock: periods only move forward, so an account opened today would stay in today's.
    const accounts = new Accounts(t.clients.redis, t.config.redisKeyPrefix);
    const accountId = await accounts.createAccount({ plan: 'user', allowance: 20 }, clock);
    const { key } = await accounts.createApiKey(accountId, t.config.keyPrefix);
    await accounts.setBalance(accountId, 0, clock);
    expect((await get(t, '/api/v1/creators/creator1', key)).statusCode).toBe(402);
    const credits = (await get(t, '/api/v1/credits', key)).json();
    expect(credits).toEqual({
      plan: 'user',
      unlimited: false,
      balance: 0,
      allowance: 20,
      renewsAt: '2026-04-01T00:00:00.000Z',
    });

    clock = new Date('2026-04-01T00:00:00.000Z');
    const statuses = (
      await Promise.all(Array.from({ length: 50 }, () => get(t, '/api/v1/creators/creator2', key)))
    ).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 402)).toHaveLength(30);
    expect((await get(t, '/api/v1/credits', key)).json()).toMatchObject({
      balance: 0,
      renewsAt: '2026-05-01T00:00:00.000Z',
    });
  });

  it('does not meter unlimited accounts', async () => {
    const t = await app();
    const { key } = await t.key({ unlimited: true, allowance: 0 });
    const response = await get(t, '/api/v1/creators/creator1', key);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-credits-remaining']).toBe('unlimited');
    expect((await get(t, '/api/v1/credits', key)).json()).toEqual({
      plan: 'user',
      unlimited: true,
      balance: null,
      allowance: 0,
      renewsAt: null,
    });
  });

  it('refunds a call that fails because OpenSearch is down, once', async () => {
    const t = await app({ OPENSEARCH_URL: `http://127.0.0.1:${await closedPort()}` });
    const { key, accountId } = await t.key({ unlimited: false, allowance: 3 });
    for (let i = 0; i < 5; i++) {
      const response = await get(t, '/api/v1/creators?query=creator', key);
      expect(response.statusCode).toBe(503);
      expect(response.headers['x-credits-charged']).toBe('0');
    }
    expect(await balance(t, accountId)).toBe(3);
  });

  it('gives the free trial its smaller page size', async () => {
    const t = await app();
    const trial = await t.key({ plan: 'free_trial', unlimited: false, allowance: 10 });
    const page = (await get(t, '/api/v1/creators?query=creator', trial.key)).json();
    expect(page).toMatchObject({ totalFound: 40, returned: 10, hasMore: true, nextPage: 2 });
    const last = (await get(t, '/api/v1/creators?query=creator&page=4', trial.key)).json();
    expect(last).toMatchObject({ returned: 10, hasMore: false, nextPage: null });
    const user = await t.key({ plan: 'user' });
    expect((await get(t, '/api/v1/creators?query=creator', user.key)).json()).toMatchObject({ returned: 25 });
  });
});
