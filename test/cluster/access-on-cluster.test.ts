import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts } from '../../src/access/accounts.ts';
import type { TestApp } from '../support/app.ts';
import type { LoadedDataset } from '../support/catalog.ts';
import { clusterApp, clusterDataset, masterOf, redisAt, redisNodes, settled, steadyStream } from './support.ts';

// The access layer on a Redis Cluster: the per-IP limiter, the credit race, and an account's slot moved to
// another master while its calls run (ASK and MOVED redirections, TRYAGAIN for a script whose keys are split
// for a moment): every call is answered 200 or 503, and charged if and only if it was served.
let data: LoadedDataset;
const apps: TestApp[] = [];
const app = async (env: Record<string, string> = {}) => {
  const created = await clusterApp({ INDEX_PREFIX: data.prefix, ...env });
  apps.push(created);
  return created;
};
const get = (t: TestApp, key: string, query = 'cooking') =>
  t.app.inject({ url: `/api/v1/creators?query=${query}`, headers: { authorization: `Bearer ${key}` } });

beforeAll(async () => {
  data = await clusterDataset('access');
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await data?.drop();
});

describe('access on a Redis Cluster', () => {
  it('holds the per-IP limit', async () => {
    const t = await app({ IP_RATE_PER_MIN: '3' });
    const { key } = await t.key();
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await get(t, key)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('lets exactly N of 2N concurrent billable calls through on a balance of N', async () => {
    const t = await app();
    const { key, accountId } = await t.key({ unlimited: false, allowance: 20 });
    const statuses = (await Promise.all(Array.from({ length: 40 }, () => get(t, key)))).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 402)).toHaveLength(20);
    expect((await new Accounts(t.clients.redis, t.config.redisKeyPrefix).getAccount(accountId))?.balance).toBe('0');
  });

  it('charges exactly the calls served while the account’s slot moves to another master', async () => {
    const t = await app();
    const { key, accountId } = await t.key({ unlimited: false, allowance: 100_000 });
    const accounts = new Accounts(t.clients.redis, t.config.redisKeyPrefix);
    const balance = async () => Number((await accounts.getAccount(accountId))?.balance);
    expect((await get(t, key)).statusCode).toBe(200);
    const before = await balance();
    const source = await masterOf(`${t.config.redisKeyPrefix}{acct:${accountId}}`);
    const target = (await redisNodes()).find((n) => n.master && !n.failed && n.id !== source.id);
    if (!target) throw new Error('no other master');
    const [from, to] = [redisAt(source.port), redisAt(target.port)];
    await Promise.all([from.connect(), to.connect()]);
    const password = String(from.options.password);

    const stream = steadyStream(async () => (await get(t, key, 'gaming')).statusCode, 50);
    await sleep(1000);
    // Redis Cluster's own resharding steps, a few keys at a time while calls keep coming (other tests' accounts
    // with the same id share the slot: the hash tag holds the id, not the prefix).
    const slot = String(source.slot);
    await to.call('CLUSTER', 'SETSLOT', slot, 'IMPORTING', source.id);
    await from.call('CLUSTER', 'SETSLOT', slot, 'MIGRATING', target.id);
    for (;;) {
      const keys = (await from.call('CLUSTER', 'GETKEYSINSLOT', slot, '10')) as string[];
      if (!keys.length) break;
      await from.call('MIGRATE', '127.0.0.1', String(target.port), '', '0', '5000', 'AUTH', password, 'KEYS', ...keys);
      await sleep(20);
    }
    for (const node of [to, from]) await node.call('CLUSTER', 'SETSLOT', slot, 'NODE', target.id);
    const movedAt = stream.now();
    await sleep(2000);
    const samples = await stream.stop();
    from.disconnect();
    to.disconnect();

    const served = samples.filter((s) => s.status === 200).length;
    const after = await settled(balance);
    console.log(
      JSON.stringify({
        figure: 'slot moved under load',
        slot: source.slot,
        from: source.port,
        to: target.port,
        calls: samples.length,
        served,
        unavailable: samples.filter((s) => s.status === 503).length,
        migrationMs: Math.round(movedAt - 1000),
        balanceBefore: before,
        balanceAfter: after,
      }),
    );
    expect((await masterOf(`${t.config.redisKeyPrefix}{acct:${accountId}}`)).port).toBe(target.port);
    expect(samples.every((s) => s.status === 200 || s.status === 503)).toBe(true);
    // Once the slot has moved, the client follows MOVED to the new master: every call is served again.
    const afterMove = samples.filter((s) => s.sent > movedAt + 250);
    expect(afterMove.length).toBeGreaterThan(20);
    expect(afterMove.every((s) => s.status === 200)).toBe(true);
    expect(before - served).toBe(after);
    expect((await get(t, key)).statusCode).toBe(200);
  });
});
