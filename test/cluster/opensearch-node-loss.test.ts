import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restartClusterNode } from '../../scripts/stack/cluster.ts';
import type { TestApp } from '../support/app.ts';
import type { LoadedDataset } from '../support/catalog.ts';
import {
  clusterApp,
  clusterDataset,
  clusterProcess,
  opensearch,
  stackConfig,
  steadyStream,
  waitForHealth,
} from './support.ts';

// One OpenSearch node killed (SIGKILL) under a steady search load: the API goes round the nodes that answer, the
// cluster serves every shard from its other copy, and /readyz stays 200. Brought back, the node rejoins and the
// cluster is green again.
let data: LoadedDataset;
let t: TestApp;
const QUERIES = ['cooking', 'gaming', 'fitness', 'personal finance', 'travel vlog', 'makeup tutorial'];

beforeAll(async () => {
  data = await clusterDataset('nodeloss', 3); // 3 shards, 6 copies over 3 nodes: every node holds some
  await waitForHealth('green', 120_000);
  t = await clusterApp({ INDEX_PREFIX: data.prefix });
});
afterAll(async () => {
  await t?.close();
  await data?.drop();
});

describe('an OpenSearch node killed under load', () => {
  it('answers every search sent after the kill with 200 in time, and the cluster is green once the node is back', async () => {
    // The elected cluster manager, which also holds copies of the creators' shards: searches must move to the
    // other copies, and readiness must not wait for the election of a new manager.
    const client = opensearch();
    const { body: nodes } = await client.cat.nodes({ format: 'json', h: ['name', 'cluster_manager'] });
    const { body: shards } = await client.cat.shards({ index: `${data.prefix}creators`, format: 'json' });
    await client.close();
    const victim = (nodes as { name: string; cluster_manager: string }[]).find((n) => n.cluster_manager === '*')
      ?.name as string;
    expect((shards as { node: string }[]).some((s) => s.node === victim)).toBe(true);
    const node = clusterProcess(victim);

    let n = 0;
    const search = async () =>
      (await t.get(`/api/v1/creators?query=${encodeURIComponent(QUERIES[n++ % QUERIES.length] as string)}`)).statusCode;
    for (let i = 0; i < 60; i++) await search(); // warm: a node just started compiles its hot paths first
    const stream = steadyStream(search, 100); // 10 searches/s: well below what 2 cores serve with 3 nodes on them
    const readiness = steadyStream(async () => (await t.app.inject({ url: '/readyz' })).statusCode, 500);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const killedAt = stream.now();
    process.kill(node.pid, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    const samples = await stream.stop();
    const ready = await readiness.stop();

    const after = samples.filter((s) => s.sent > killedAt);
    const failedAfter = after.filter((s) => s.status !== 200);
    const inFlightAtKill = samples.filter((s) => s.sent <= killedAt && s.answered > killedAt);
    const failedInFlight = inFlightAtKill.filter((s) => s.status !== 200);
    const slowest = Math.max(...after.map((s) => s.answered - s.sent));
    const before = samples
      .filter((s) => s.answered <= killedAt)
      .map((s) => s.answered - s.sent)
      .sort((a, b) => a - b);
    console.log(
      JSON.stringify({
        figure: 'opensearch node killed',
        node: victim,
        searches: samples.length,
        afterKill: after.length,
        failedAfterKill: failedAfter.length,
        inFlightAtKill: inFlightAtKill.length,
        failedInFlight: failedInFlight.length,
        slowestAfterKillMs: Math.round(slowest),
        p50BeforeKillMs: Math.round(before[Math.floor(before.length / 2)] ?? Number.NaN),
      }),
    );
    expect(after.length).toBeGreaterThan(100);
    expect(failedAfter).toEqual([]);
    expect(slowest).toBeLessThan(t.config.opensearchTimeoutMs);

    // With a node gone the cluster is yellow at worst (every shard has a copy left): the API stays ready, also
    // while the cluster elects a new manager (the killed node may have been it).
    expect(ready.filter((s) => s.status !== 200).map((s) => ({ ...s, sent: Math.round(s.sent - killedAt) }))).toEqual(
      [],
    );

    const restartedAt = performance.now();
    await restartClusterNode(stackConfig, victim);
    const greenMs = await waitForHealth('green', 180_000);
    console.log(
      JSON.stringify({
        figure: 'opensearch node back',
        node: victim,
        greenAfterRestartMs: Math.round(performance.now() - restartedAt),
        waitedForGreenMs: Math.round(greenMs),
      }),
    );
    expect((await t.get('/api/v1/creators?query=cooking')).statusCode).toBe(200);
  });
});
