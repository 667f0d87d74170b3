import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { restartClusterNode } from '../../scripts/stack/cluster.ts';
import { Accounts } from '../../src/access/accounts.ts';
import type { TestApp } from '../support/app.ts';
import { type LoadedDataset, loadGeneratedDataset } from '../support/catalog.ts';
import { clusterApp, clusterNode, stackConfig, steadyStream } from './support.ts';

// A Redis master killed (SIGKILL) under a steady load of billable calls: its replica takes over, the API's
// Cluster client follows it, and no credit is lost or created (balance before − calls served = balance after).
let data: LoadedDataset;
let t: TestApp;
const nodes = () =>
  inject('clusterRedisNodes')
    .split(',')
    .map((url) => new URL(url));

/** A cluster command on the first node that answers (the one killed may be any of them). */
async function ask(...args: string[]): Promise<string> {
  for (const node of nodes()) {
    const redis = new Redis({
      port: Number(node.port),
      password: decodeURIComponent(node.password),
      lazyConnect: true,
      connectTimeout: 500,
      retryStrategy: () => null,
      maxRetriesPerRequest: 0,
    });
    redis.on('error', () => undefined);
    try {
      await redis.connect();
      return String(await redis.call('CLUSTER', ...args));
    } catch {
      // the next node
    } finally {
      redis.disconnect();
    }
  }
  throw new Error('no Redis Cluster node answers');
}

beforeAll(async () => {
  data = await loadGeneratedDataset(
    'failover',
    { creators: 1000, sponsors: 100 },
    {
      opensearchUrl: inject('clusterOpensearchUrl'),
      replicas: 1,
    },
  );
  t = await clusterApp({ INDEX_PREFIX: data.prefix });
});
afterAll(async () => {
  await t?.close();
  await data?.drop();
});

/** The port of the master serving `key`'s slot, from CLUSTER NODES. */
async function masterOf(key: string): Promise<number> {
  const slot = Number(await ask('KEYSLOT', key));
  for (const line of (await ask('NODES')).trim().split('\n')) {
    const [, address = '', flags = '', , , , , , ...ranges] = line.split(' ');
    if (!flags.includes('master') || flags.includes('fail')) continue;
    const serves = ranges.some((range) => {
      const [from, to = from] = range.split('-').map(Number);
      return slot >= (from as number) && slot <= (to as number);
    });
    if (serves) return Number(address.split('@')[0]?.split(':')[1]);
  }
  throw new Error(`no master serves slot ${slot}`);
}

/** The balance once refunds have settled: unchanged for two seconds (the Cluster client reads from masters). */
async function settled(read: () => Promise<number>): Promise<number> {
  let last = await read();
  for (let still = 0, waited = 0; still < 2000 && waited < 20_000; waited += 250) {
    await sleep(250);
    const now = await read();
    still = now === last ? still + 250 : 0;
    last = now;
  }
  return last;
}

describe('a Redis master killed under billable load', () => {
  it('serves billable calls again once its replica has taken over, and loses or creates no credit', async () => {
    const { key, accountId } = await t.key({ unlimited: false, allowance: 100_000 });
    const accounts = new Accounts(t.clients.redis, t.config.redisKeyPrefix);
    const balance = async () => Number((await accounts.getAccount(accountId))?.balance);
    const accountKey = `${t.config.redisKeyPrefix}{acct:${accountId}}`;
    const port = await masterOf(accountKey);
    const victim = clusterNode(`redis-${port}`);
    expect(
      (await t.app.inject({ url: '/api/v1/creators?query=cooking', headers: { authorization: `Bearer ${key}` } }))
        .statusCode,
    ).toBe(200);
    const before = await balance();

    const call = async () =>
      (await t.app.inject({ url: '/api/v1/creators?query=gaming', headers: { authorization: `Bearer ${key}` } }))
        .statusCode;
    const stream = steadyStream(call, 50); // 20 billable calls/s
    await sleep(2000);
    const killedAt = stream.now();
    process.kill(victim.pid, 'SIGKILL');
    // Until calls succeed again, then 3 s more (at most 30 s in all); meanwhile, when the replica took over.
    let promotedAfterMs: number | undefined;
    for (let waited = 0; waited < 30_000; waited += 250) {
      await sleep(250);
      if (promotedAfterMs === undefined && (await masterOf(accountKey).catch(() => port)) !== port) {
        promotedAfterMs = Math.round(stream.now() - killedAt);
      }
      const recovered = stream.samples.find((s) => s.sent > killedAt && s.status === 200);
      if (recovered && stream.now() - recovered.answered > 3000) break;
    }
    const samples = await stream.stop();
    const promotedTo = await masterOf(accountKey);

    const served = samples.filter((s) => s.status === 200).length + 1; // and the call before the stream
    const after = await settled(balance);
    const failed = samples.filter((s) => s.status !== 200);
    const firstBack = samples.find((s) => s.sent > killedAt && s.status === 200);
    const lastFailure = failed.at(-1);
    console.log(
      JSON.stringify({
        figure: 'redis master killed',
        master: port,
        promotedTo,
        promotedAfterMs,
        calls: samples.length,
        served,
        refused: failed.length,
        statuses: [...new Set(failed.map((s) => s.status))],
        firstSuccessAfterKillMs: firstBack && Math.round(firstBack.answered - killedAt),
        lastFailureAfterKillMs: lastFailure && Math.round(lastFailure.answered - killedAt),
        balanceBefore: before + 1,
        balanceAfter: after,
      }),
    );
    expect(promotedTo).not.toBe(port);
    expect(firstBack).toBeDefined();
    expect(failed.every((s) => s.status === 503)).toBe(true);
    expect(samples.filter((s) => s.sent > (lastFailure?.answered ?? killedAt)).every((s) => s.status === 200)).toBe(
      true,
    );
    expect(before + 1 - served).toBe(after); // `before` was read after the first call

    // The killed master comes back as a replica of the one that took over; every slot is served.
    await restartClusterNode(stackConfig, victim.name);
    for (let waited = 0; ; waited += 500) {
      if (/cluster_state:ok/.test(await ask('INFO')) && !(await ask('NODES')).includes('fail')) break;
      if (waited > 60_000) throw new Error('the Redis Cluster did not recover within 60 s');
      await sleep(500);
    }
    // Admin work on the cluster after the failover: a top-up and a new key, each a script or transaction on one slot.
    expect(await accounts.topUp(accountId, 5)).toBe(after + 5);
    expect((await accounts.createApiKey(accountId, t.config.keyPrefix)).key).toMatch(/^csi_/);
  });
});
