import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restartClusterNode } from '../../scripts/stack/cluster.ts';
import { Accounts } from '../../src/access/accounts.ts';
import type { TestApp } from '../support/app.ts';
import type { LoadedDataset } from '../support/catalog.ts';
import {
  askCluster,
  clusterApp,
  clusterDataset,
  clusterProcess,
  masterOf,
  redisNodes,
  settled,
  stackConfig,
  steadyStream,
} from './support.ts';

// A Redis master killed (SIGKILL) under a steady load of billable calls: its replica takes over, the API's
// Cluster client follows it, and no credit is lost or created (balance before − calls served = balance after).
let data: LoadedDataset;
let t: TestApp;

beforeAll(async () => {
  data = await clusterDataset('failover');
  t = await clusterApp({ INDEX_PREFIX: data.prefix });
});
afterAll(async () => {
  await t?.close();
  await data?.drop();
});

describe('a Redis master killed under billable load', () => {
  it('serves billable calls again once its replica has taken over, and loses or creates no credit', async () => {
    const { key, accountId } = await t.key({ unlimited: false, allowance: 100_000 });
    const accounts = new Accounts(t.clients.redis, t.config.redisKeyPrefix);
    const balance = async () => Number((await accounts.getAccount(accountId))?.balance);
    const accountKey = `${t.config.redisKeyPrefix}{acct:${accountId}}`;
    const { port } = await masterOf(accountKey);
    const victim = clusterProcess(`redis-${port}`);
    const call = async () =>
      (await t.app.inject({ url: '/api/v1/creators?query=gaming', headers: { authorization: `Bearer ${key}` } }))
        .statusCode;
    expect(await call()).toBe(200); // the key is known before the load starts: one round trip per call
    const before = await balance();

    const stream = steadyStream(call, 50); // 20 billable calls/s
    await sleep(2000);
    const killedAt = stream.now();
    process.kill(victim.pid, 'SIGKILL');
    // Until calls succeed again, then 3 s more (at most 30 s in all); meanwhile, when the replica took over.
    let promotedAfterMs: number | undefined;
    for (let waited = 0; waited < 30_000; waited += 250) {
      await sleep(250);
      if (promotedAfterMs === undefined && (await masterOf(accountKey).catch(() => ({ port }))).port !== port) {
        promotedAfterMs = Math.round(stream.now() - killedAt);
      }
      const recovered = stream.samples.find((s) => s.sent > killedAt && s.status === 200);
      if (recovered && stream.now() - recovered.answered > 3000) break;
    }
    const samples = await stream.stop();
    const promotedTo = (await masterOf(accountKey)).port;

    const served = samples.filter((s) => s.status === 200).length;
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
        balanceBefore: before,
        balanceAfter: after,
      }),
    );
    expect(promotedTo).not.toBe(port);
    expect(firstBack).toBeDefined();
    expect(failed.every((s) => s.status === 503)).toBe(true);
    const afterRecovery = samples.filter((s) => s.sent > (lastFailure?.answered ?? killedAt));
    expect(afterRecovery.every((s) => s.status === 200)).toBe(true);
    expect(before - served).toBe(after);

    // The killed master comes back as a replica of the one that took over; every slot is served.
    await restartClusterNode(stackConfig, victim.name);
    for (let waited = 0; ; waited += 500) {
      const ok = /cluster_state:ok/.test(await askCluster('INFO'));
      if (ok && !(await redisNodes()).some((n) => n.failed)) break;
      if (waited > 60_000) throw new Error('the Redis Cluster did not recover within 60 s');
      await sleep(500);
    }
    // Admin work on the cluster after the failover: a top-up and a new key, each a script or transaction on one slot.
    expect(await accounts.topUp(accountId, 5)).toBe(after + 5);
    expect((await accounts.createApiKey(accountId, t.config.keyPrefix)).key).toMatch(/^csi_/);
  });
});
