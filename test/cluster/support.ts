// What the cluster tests share: the app on the cluster, the launcher's view of its processes, a steady stream of
// requests, and cluster-side waits.
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { readClusterState } from '../../scripts/stack/cluster.ts';
import { loadStackConfig } from '../../scripts/stack/config.ts';
import { officialClient } from '../../src/search/connection.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

export const stackConfig = loadStackConfig();
export const clusterEnv = () => ({
  OPENSEARCH_URL: inject('clusterOpensearchUrl'),
  REDIS_CLUSTER_NODES: inject('clusterRedisNodes'),
});
export const opensearch = () =>
  officialClient({ nodes: inject('clusterOpensearchUrl').split(',') }, { requestTimeout: 30_000 });

/**
 * The real app on the cluster (the API's own clients: the node list and the Redis Cluster client), with rate
 * limits out of the way of a steady load.
 */
export function clusterApp(env: Record<string, string> = {}): Promise<TestApp> {
  return createTestApp({ ...clusterEnv(), PLAN_USER_RATE_PER_MIN: '1000000', IP_RATE_PER_MIN: '1000000', ...env });
}

/** The process of a cluster node, from the launcher's record. */
export function clusterNode(name: string) {
  const state = readClusterState(stackConfig);
  const node = [...(state?.opensearch ?? []), ...(state?.redis ?? [])].find((n) => n.name === name);
  if (!node) throw new Error(`no cluster node ${name}`);
  return node;
}

export interface Sample {
  /** ms since the stream started, when the request was sent and when it was answered */
  sent: number;
  answered: number;
  status: number;
}

/**
 * Sends `request` every `everyMs` until `stop` is called, without waiting for answers (a steady offered rate, as
 * users load a service), and records each request's timing and status.
 */
export function steadyStream(request: () => Promise<number>, everyMs: number) {
  const samples: Sample[] = [];
  const pending = new Set<Promise<void>>();
  const started = performance.now();
  const now = () => performance.now() - started;
  const timer = setInterval(() => {
    const sent = now();
    const done = request()
      .catch(() => 0)
      .then((status) => {
        samples.push({ sent, answered: now(), status });
      })
      .finally(() => pending.delete(done));
    pending.add(done);
  }, everyMs);
  return {
    now,
    samples,
    async stop(): Promise<Sample[]> {
      clearInterval(timer);
      await Promise.all(pending);
      return samples.sort((a, b) => a.sent - b.sent);
    },
  };
}

/** Waits until the OpenSearch cluster reports `status` (green or yellow), at most `timeoutMs`. */
export async function waitForHealth(status: 'green' | 'yellow', timeoutMs: number): Promise<number> {
  const client = opensearch();
  const started = performance.now();
  try {
    for (;;) {
      const { body } = await client.cluster
        .health({ wait_for_status: status, timeout: '5s' }, { ignore: [408] })
        .catch(() => ({ body: { status: 'unknown', timed_out: true } }));
      if (!body.timed_out && (status === 'yellow' || body.status === 'green')) return performance.now() - started;
      if (performance.now() - started > timeoutMs) throw new Error(`cluster not ${status} within ${timeoutMs} ms`);
      await sleep(500);
    }
  } finally {
    await client.close();
  }
}
