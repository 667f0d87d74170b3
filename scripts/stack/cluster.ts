// `npm run up -- --cluster`: the cluster topology on this machine, as local processes. A 3-node OpenSearch cluster
// (every node cluster-manager eligible and a data node, one data path and port each, small heaps) and a Redis
// Cluster of 3 masters with 1 replica each, all on 127.0.0.1 with the launcher's Redis password. What runs is
// recorded in cluster.json beside state.json, so `npm run down` stops it and a second `up` reuses it.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { StackConfig } from './config.ts';
import { opensearchHealthy } from './health.ts';
import { ensureModel } from './model.ts';
import { startOpenSearchNode } from './opensearch.ts';
import {
  fetchJson,
  isRunning,
  type ProcessRef,
  portAnswers,
  run,
  StackError,
  stopProcess,
  waitFor,
} from './process.ts';
import { localRedisUrl, redisPassword, startRedisNode } from './redis.ts';
import { assertTrusted, ensureCacheDir } from './trust.ts';

export const CLUSTER_NAME = 'creator-api-cluster';
const OPENSEARCH_NODES = 3;
const REDIS_NODES = 6; // 3 masters, 1 replica each

interface Node extends ProcessRef {
  name: string;
  port: number;
}

export interface ClusterState {
  opensearch: Node[];
  redis: Node[];
}

/** Where the cluster answers: what the API and the tests are given. */
export interface Cluster {
  /** OPENSEARCH_URL: every node, comma-separated. */
  opensearchUrl: string;
  /** REDIS_CLUSTER_NODES: every node with the password (never print it; see `maskUrl`). */
  redisNodes: string;
}

const clusterDir = (config: StackConfig) => path.join(config.cacheDir, 'cluster');
const stateFile = (config: StackConfig) => path.join(config.cacheDir, 'cluster.json');

export function readClusterState(config: StackConfig): ClusterState | undefined {
  const file = stateFile(config);
  if (!existsSync(file)) return undefined;
  assertTrusted(file, 'The cluster state file');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ClusterState;
  } catch {
    return undefined;
  }
}

/** Whether every process of the cluster the launcher recorded still runs (a tool that starts it stops it after). */
export function clusterRunning(config: StackConfig): boolean {
  const known = readClusterState(config);
  return !!known && [...known.opensearch, ...known.redis].every((node) => isRunning(node));
}

function writeClusterState(config: StackConfig, state: ClusterState | undefined): void {
  const file = stateFile(config);
  if (!state) {
    rmSync(file, { force: true });
    return;
  }
  writeFileSync(`${file}.tmp`, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o644 });
  renameSync(`${file}.tmp`, file);
}

function opensearchNodes(config: StackConfig) {
  return Array.from({ length: OPENSEARCH_NODES }, (_, i) => ({
    name: `os-${i + 1}`,
    port: config.clusterOpensearchPort + i,
    transport: config.clusterOpensearchPort + 100 + i,
  }));
}

function redisPorts(config: StackConfig): number[] {
  return Array.from({ length: REDIS_NODES }, (_, i) => config.clusterRedisPort + i);
}

const opensearchUrls = (config: StackConfig) => opensearchNodes(config).map((n) => `http://127.0.0.1:${n.port}`);

/** Starts one OpenSearch node of the cluster (also to bring a killed one back); resolves once it has joined. */
export function startClusterOpenSearch(config: StackConfig, name: string): Promise<ProcessRef> {
  const nodes = opensearchNodes(config);
  const node = nodes.find((n) => n.name === name);
  if (!node) throw new StackError(`no OpenSearch node ${name} in the cluster`);
  const url = `http://127.0.0.1:${node.port}`;
  return startOpenSearchNode(config, {
    name,
    port: node.port,
    dir: path.join(clusterDir(config), name),
    clusterName: CLUSTER_NAME,
    settings: [
      `-Etransport.port=${node.transport}`,
      `-Ediscovery.seed_hosts=${nodes.map((n) => `127.0.0.1:${n.transport}`).join(',')}`,
      `-Ecluster.initial_cluster_manager_nodes=${nodes.map((n) => n.name).join(',')}`,
    ],
    // Healthy once this node answers and belongs to a formed cluster (a quorum: 2 of the 3 nodes, yellow or green).
    healthy: async () => {
      if (!(await opensearchHealthy(url))) return false;
      const joined = (await fetchJson(`${url}/_cat/nodes?format=json&h=name`, 2000).catch(() => [])) as unknown[];
      return joined.length >= 2;
    },
  });
}

/** Starts one Redis node of the cluster (also to bring a killed one back). */
export function startClusterRedis(config: StackConfig, port: number): Promise<ProcessRef> {
  const dir = path.join(clusterDir(config), `redis-${port}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return startRedisNode(config, { port, dir, cluster: true, url: localRedisUrl(port, redisPassword(config.cacheDir)) });
}

/** Every slot served and the cluster state ok, as the node on `port` sees it. */
async function redisClusterOk(port: number, password: string): Promise<{ ok: boolean; assigned: number }> {
  const redis = new Redis({ port, password, lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    const info = String(await redis.call('CLUSTER', 'INFO'));
    const field = (name: string) => new RegExp(`^${name}:(\\S+)`, 'm').exec(info)?.[1];
    return { ok: field('cluster_state') === 'ok', assigned: Number(field('cluster_slots_assigned') ?? 0) };
  } catch {
    return { ok: false, assigned: 0 };
  } finally {
    redis.disconnect();
  }
}

export async function clusterUp(config: StackConfig): Promise<Cluster> {
  ensureCacheDir(config.cacheDir);
  if (config.semantic) await ensureModel(config);
  mkdirSync(clusterDir(config), { recursive: true });
  const known = readClusterState(config);
  const password = redisPassword(config.cacheDir);

  /** The node as an earlier `up` started it, if it still runs; else started now. */
  const take = async (known: Node[] = [], name: string, port: number, start: () => Promise<ProcessRef>) => {
    const alive = known.find((n) => n.name === name && isRunning(n));
    if (alive) return alive;
    if (await portAnswers(port)) {
      throw new StackError(`Port ${port} is taken by a process the launcher did not start; the cluster needs it.`);
    }
    return { name, port, ...(await start()) };
  };
  // All at once: a new cluster's first OpenSearch node is healthy only once a quorum of them has formed.
  const results = await Promise.allSettled([
    ...opensearchNodes(config).map((n) =>
      take(known?.opensearch, n.name, n.port, () => startClusterOpenSearch(config, n.name)),
    ),
    ...redisPorts(config).map((port) =>
      take(known?.redis, `redis-${port}`, port, () => startClusterRedis(config, port)),
    ),
  ]);
  // Whatever runs is recorded, so `down` stops it even when another node failed to start.
  const nodes = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const state: ClusterState = {
    opensearch: nodes.filter((n) => !n.name.startsWith('redis-')),
    redis: nodes.filter((n) => n.name.startsWith('redis-')),
  };
  writeClusterState(config, nodes.length ? state : undefined);
  const failure = results.find((r) => r.status === 'rejected');
  if (failure) throw failure.reason;

  const ports = redisPorts(config);
  const first = ports[0] as number;
  if ((await redisClusterOk(first, password)).assigned === 0) {
    console.log(`Creating the Redis Cluster (${ports.length / 2} masters, 1 replica each)…`);
    await run(
      'redis-cli',
      ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '1', '--cluster-yes'],
      // The password through the environment: on the command line every user would see it in `ps`.
      { timeoutMs: config.timeoutMs, env: { ...process.env, REDISCLI_AUTH: password } },
    );
  }
  await waitFor('the Redis Cluster to serve every slot', config.timeoutMs, async () => {
    const states = await Promise.all(ports.map((p) => redisClusterOk(p, password)));
    return states.every((s) => s.ok) || undefined;
  });
  return clusterUrls(config) as Cluster;
}

/** The URLs of the cluster the launcher runs (the Redis password included), or undefined when none runs. */
export function clusterUrls(config: StackConfig): Cluster | undefined {
  if (!readClusterState(config)) return undefined;
  const password = redisPassword(config.cacheDir);
  return {
    opensearchUrl: opensearchUrls(config).join(','),
    redisNodes: redisPorts(config)
      .map((p) => localRedisUrl(p, password))
      .join(','),
  };
}

/** A node of the running cluster (`os-2`, `redis-7003`) as the launcher recorded it, and the whole record. */
export function clusterNode(config: StackConfig, name: string): { state: ClusterState; node: Node } {
  const state = readClusterState(config);
  const node = [...(state?.opensearch ?? []), ...(state?.redis ?? [])].find((n) => n.name === name);
  if (!state || !node) throw new StackError(`The cluster has no node ${name} (is it up?)`);
  return { state, node };
}

/**
 * Starts a node of the running cluster again (after it died or was killed: `os-2`, `redis-7003`) and records its
 * new process, so `down` stops it. A node still running is left alone.
 */
export async function restartClusterNode(config: StackConfig, name: string): Promise<void> {
  const { state, node } = clusterNode(config, name);
  const { port } = node; // read first: isRunning narrows a running node's type away
  if (isRunning(node)) return;
  const started = name.startsWith('redis-')
    ? await startClusterRedis(config, port)
    : await startClusterOpenSearch(config, name);
  Object.assign(node, started);
  writeClusterState(config, state);
}

/** Stops every process of the cluster the launcher started; their data stays in the cache. */
export async function clusterDown(config: StackConfig): Promise<number> {
  const state = readClusterState(config);
  if (!state) return 0;
  const nodes = [...state.opensearch, ...state.redis];
  await Promise.all(nodes.map((node) => stopProcess(node)));
  writeClusterState(config, undefined);
  return nodes.length;
}

/** Each OpenSearch node and Redis node of the running cluster, with its role and health. */
export async function clusterStatus(config: StackConfig): Promise<string[]> {
  const state = readClusterState(config);
  if (!state) return [];
  const password = redisPassword(config.cacheDir);
  const lines: string[] = [];
  const live = state.opensearch.find((n) => isRunning(n));
  const health = live
    ? ((await fetchJson(`http://127.0.0.1:${live.port}/_cluster/health`, 2000).catch(() => ({}))) as {
        status?: string;
      })
    : {};
  const cat = live
    ? ((await fetchJson(
        `http://127.0.0.1:${live.port}/_cat/nodes?format=json&h=name,node.role,cluster_manager,heap.percent`,
        2000,
      ).catch(() => [])) as { name: string; 'node.role': string; cluster_manager: string; 'heap.percent': string }[])
    : [];
  lines.push(`OpenSearch cluster ${CLUSTER_NAME}: ${health.status ?? 'not answering'}`);
  for (const node of state.opensearch) {
    const seen = cat.find((c) => c.name === node.name);
    const role = seen
      ? `${seen.cluster_manager === '*' ? 'elected cluster manager' : 'member'}, roles ${seen['node.role']}, heap ${seen['heap.percent']}%`
      : 'not in the cluster';
    lines.push(
      `  ${node.name}  http://127.0.0.1:${node.port}  pid ${node.pid} ${isRunning(node) ? 'running' : 'NOT running'}; ${role}`,
    );
  }
  const nodesText = await (async () => {
    const redis = state.redis.find((n) => isRunning(n));
    if (!redis) return '';
    const client = new Redis({ port: redis.port, password, lazyConnect: true, retryStrategy: () => null });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return String(await client.call('CLUSTER', 'NODES'));
    } catch {
      return '';
    } finally {
      client.disconnect();
    }
  })();
  const ok = state.redis.length ? (await redisClusterOk(state.redis[0]?.port ?? 0, password)).ok : false;
  lines.push(`Redis Cluster: ${ok ? 'ok' : 'NOT ok (as its first node sees it)'}`);
  for (const node of state.redis) {
    // CLUSTER NODES: <id> <ip:port@bus> <flags> <master> <ping> <pong> <epoch> <link> <slots…>
    const line = nodesText.split('\n').find((l) => l.split(' ')[1]?.startsWith(`127.0.0.1:${node.port}@`));
    const [, , flags = '', , , , , link = '', ...slots] = line?.split(' ') ?? [];
    const role = flags.includes('master')
      ? `master, slots ${slots.join(' ') || 'none'}`
      : flags.includes('slave')
        ? 'replica'
        : 'unknown';
    const failed = flags.includes('fail') ? ', FAILED' : '';
    lines.push(
      `  redis ${node.port}  pid ${node.pid} ${isRunning(node) ? 'running' : 'NOT running'}; ${role}${failed}, link ${link || '?'}`,
    );
  }
  return lines;
}
