// What the cluster tests share: the app on the cluster, the launcher's view of its processes, a steady stream of
// requests, and cluster-side waits.
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { inject } from 'vitest';
import { clusterNode } from '../../scripts/stack/cluster.ts';
import { loadStackConfig } from '../../scripts/stack/config.ts';
import { officialClient } from '../../src/clients.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { type LoadedDataset, loadGeneratedDataset } from '../support/catalog.ts';

export const stackConfig = loadStackConfig();
export const clusterEnv = () => ({
  OPENSEARCH_URL: inject('clusterOpensearchUrl'),
  REDIS_CLUSTER_NODES: inject('clusterRedisNodes'),
});
export const opensearch = () =>
  officialClient({ nodes: inject('clusterOpensearchUrl').split(',') }, { requestTimeout: 30_000 });

/** A generated dataset (1000 creators) loaded on the cluster with 1 replica of each of `shards` shards. */
export function clusterDataset(name: string, shards = 1): Promise<LoadedDataset> {
  const target = { opensearchUrl: inject('clusterOpensearchUrl'), replicas: 1, shards };
  return loadGeneratedDataset(name, { creators: 1000, sponsors: 100 }, target);
}

/**
 * The real app on the cluster (the API's own clients: the node list and the Redis Cluster client), with rate
 * limits out of the way of a steady load.
 */
export function clusterApp(env: Record<string, string> = {}): Promise<TestApp> {
  return createTestApp({ ...clusterEnv(), PLAN_USER_RATE_PER_MIN: '1000000', IP_RATE_PER_MIN: '1000000', ...env });
}

/** The process of a cluster node, from the launcher's record. */
export const clusterProcess = (name: string) => clusterNode(stackConfig, name).node;

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

/** A connection to the Redis Cluster node on `port` alone (no redirections followed), with the cluster's password. */
export function redisAt(port: number): Redis {
  const [first] = inject('clusterRedisNodes').split(',');
  const password = decodeURIComponent(new URL(first as string).password);
  const redis = new Redis({
    port,
    password,
    lazyConnect: true,
    connectTimeout: 500,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
  });
  redis.on('error', () => undefined);
  return redis;
}

/** A CLUSTER subcommand on the first node that answers (a test may have killed any of them). */
export async function askCluster(...args: string[]): Promise<string> {
  for (const url of inject('clusterRedisNodes').split(',')) {
    const redis = redisAt(Number(new URL(url).port));
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

export interface RedisNodeInfo {
  id: string;
  port: number;
  master: boolean;
  failed: boolean;
  slots: [number, number][];
}

/** CLUSTER NODES: <id> <ip:port@bus> <flags> <master> <ping> <pong> <epoch> <link> <slots…> */
export async function redisNodes(): Promise<RedisNodeInfo[]> {
  return (await askCluster('NODES'))
    .trim()
    .split('\n')
    .map((line) => {
      const [id = '', address = '', flags = '', , , , , , ...ranges] = line.split(' ');
      return {
        id,
        port: Number(address.split('@')[0]?.split(':')[1]),
        master: flags.includes('master'),
        failed: flags.includes('fail'),
        // Slot ranges only: entries in brackets are slots being migrated or imported.
        slots: ranges
          .filter((r) => !r.startsWith('['))
          .map((r) => {
            const [from, to = from] = r.split('-').map(Number);
            return [from, to] as [number, number];
          }),
      };
    });
}

/** The live master serving `key`'s slot, and the slot. */
export async function masterOf(key: string): Promise<RedisNodeInfo & { slot: number }> {
  const slot = Number(await askCluster('KEYSLOT', key));
  const master = (await redisNodes()).find(
    (n) => n.master && !n.failed && n.slots.some(([from, to]) => slot >= from && slot <= to),
  );
  if (!master) throw new Error(`no master serves slot ${slot}`);
  return { ...master, slot };
}

/** The value once it has not changed for two seconds (refunds retried in the background have landed). */
export async function settled(read: () => Promise<number>): Promise<number> {
  let last = await read();
  for (let still = 0, waited = 0; still < 2000 && waited < 20_000; waited += 250) {
    await sleep(250);
    const now = await read();
    still = now === last ? still + 250 : 0;
    last = now;
  }
  return last;
}
