// The clients of OpenSearch and Redis on the connections src/opensearch.ts and src/redis.ts describe: the official
// OpenSearch client, the API's lean search pool, one Redis or a Redis Cluster; and the readiness probes.
import { once } from 'node:events';
import { Client } from '@opensearch-project/opensearch';
import { Cluster, Redis, type RedisOptions } from 'ioredis';
import { Agent } from 'undici';
import type { Config } from './config.ts';
import { authorization, type OpenSearchConnection } from './opensearch.ts';
import type { RedisConnection } from './redis.ts';
import { OpenSearchHttp } from './search/opensearch-http.ts';

export type RedisClient = Redis | Cluster;

export interface ClientOptions {
  requestTimeout: number;
  /** Retries of a request on another node; by default one per other node, so a dead node costs no failure. */
  maxRetries?: number;
}

/** The official client on every node of the connection (it stops using a dead node until a ping answers). */
export function officialClient(c: OpenSearchConnection, { requestTimeout, maxRetries }: ClientOptions): Client {
  return new Client({
    nodes: c.nodes,
    requestTimeout,
    maxRetries: maxRetries ?? c.nodes.length - 1,
    ...(c.username !== undefined && { auth: { username: c.username, password: c.password ?? '' } }),
    ...(c.ca !== undefined && { ssl: { ca: c.ca } }),
  });
}

const agents = new WeakMap<OpenSearchConnection, Agent>();

/**
 * For tools that call OpenSearch with `fetch` (benchmarks, drills): the first node's URL of `path`, and the init
 * that carries the connection's credentials and CA.
 */
export function directRequest(c: OpenSearchConnection, path: string, init: RequestInit = {}): [string, RequestInit] {
  const headers = { ...authorization(c), ...(init.headers as Record<string, string> | undefined) };
  let dispatcher = agents.get(c);
  if (!dispatcher && c.ca !== undefined) {
    dispatcher = new Agent({ connect: { ca: c.ca } });
    agents.set(c, dispatcher);
  }
  return [`${c.nodes[0]}${path}`, { ...init, headers, ...(dispatcher && { dispatcher }) } as RequestInit];
}

/**
 * A client on the connection with `options` for each server connection. On a cluster the client follows MOVED and
 * ASK redirections and, after a failover, the new master: a command is sent again only where Redis says it did not
 * run it (a redirection, CLUSTERDOWN), and the access scripts charge a call once however often they run.
 */
export function createRedis(c: RedisConnection, options: RedisOptions = {}): RedisClient {
  if ('url' in c) return new Redis(c.url, options);
  // What applies to the whole cluster moves up from the per-server options (ioredis ignores it there).
  const { enableOfflineQueue, enableAutoPipelining, retryStrategy, ...perNode } = options;
  return new Cluster(c.cluster, {
    enableOfflineQueue,
    enableAutoPipelining,
    clusterRetryStrategy: retryStrategy && ((attempts) => retryStrategy(attempts)),
    // Each slot's master answers: a replica may lag behind its master, and credits must be read where written.
    scaleReads: 'master',
    redisOptions: {
      ...perNode,
      ...(c.username && { username: c.username }),
      ...(c.password && { password: c.password }),
      ...(c.tls && { tls: {} }),
    },
  });
}

/** A second connection with the same settings (ioredis' `duplicate`, whose signature differs on a cluster). */
export function duplicateRedis(client: RedisClient, options: RedisOptions = {}): RedisClient {
  return client instanceof Cluster ? client.duplicate(undefined, options) : client.duplicate(options);
}

export interface Clients {
  /** Administration and health: the official client. */
  opensearch: Client;
  /** The API's searches: a lean keep-alive pool (src/search/opensearch-http.ts). */
  search: OpenSearchHttp;
  redis: RedisClient;
}

/** Logs connection trouble once per outage, not once per reconnect attempt. */
export interface ClientLog {
  warn(obj: object, msg: string): void;
  info(msg: string): void;
}

/** How long a command may wait for a reply before its connection counts as dead (src/access/notices.ts pings too). */
export const REDIS_SOCKET_TIMEOUT_MS = 1500;

export function createClients(config: Config, log: ClientLog): Clients {
  // Short timeouts, and retries only on another node: a slow cluster answers 503 quickly instead of multiplying
  // latency.
  const opensearch = officialClient(config.opensearch, { requestTimeout: config.opensearchTimeoutMs });
  const redis = createRedis(config.redis, {
    // Fail fast rather than queue: a request must never hang on a Redis that is down. ioredis keeps reconnecting
    // in the background, so the service recovers by itself when Redis returns.
    enableOfflineQueue: false,
    // No auto-pipelining: ioredis already writes concurrent commands without waiting for replies (so the access
    // check's pair costs one round trip), and measured here its batching cost more CPU per call than it saved.
    enableAutoPipelining: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 1000,
    // A connection that stops answering without closing (a failover to a new address, a partition, a peer gone
    // silent) is dropped and made again once a command has waited this long for a reply: a command timeout alone
    // fails the command but keeps the dead socket. TCP keep-alive finds an idle one the kernel's way.
    socketTimeout: REDIS_SOCKET_TIMEOUT_MS,
    keepAlive: 5000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let down = false;
  redis.on('error', (err) => {
    if (!down) log.warn({ err }, 'Redis connection lost; retrying in the background');
    down = true;
  });
  redis.on('ready', () => {
    if (down) log.info('Redis connection restored');
    down = false;
  });
  return {
    opensearch,
    search: new OpenSearchHttp(config.opensearch, config.opensearchTimeoutMs, config.opensearchMaxPending),
    redis,
  };
}

export async function closeClients(clients: Clients): Promise<void> {
  await Promise.allSettled([clients.opensearch.close(), clients.search.close(), clients.redis.quit()]);
  clients.redis.disconnect();
}

/**
 * Every shard of the API's indices has a copy that answers: an empty search over them, refused if any shard fails.
 * Not cluster health: a cluster electing a new manager reports red although searches are served (they need no
 * manager), and an unrelated red index would make the API look down. Indices not loaded yet do not count (a
 * search then answers 503 on its own). A node that does not answer is retried on the next (the client's retries),
 * each attempt with its share of the timeout, so one node that hangs cannot use it all up.
 */
export async function opensearchReady(clients: Clients, indices: string[], timeoutMs: number): Promise<void> {
  const attemptMs = Math.max(50, Math.floor(timeoutMs / clients.search.describe().length));
  const { body } = await clients.opensearch.search(
    {
      index: indices.join(','),
      size: 0,
      track_total_hits: false,
      ignore_unavailable: true,
      allow_partial_search_results: false,
    },
    { requestTimeout: attemptMs },
  );
  if (body._shards.failed) throw new Error(`${body._shards.failed} of ${body._shards.total} shards failed`);
}

/** PING; a client still (re)connecting gets the rest of the readiness timeout to finish. */
export async function redisReady(clients: Clients, timeoutMs: number): Promise<void> {
  const { redis } = clients;
  if (redis.status !== 'ready') await once(redis, 'ready', { signal: AbortSignal.timeout(timeoutMs) });
  await redis.ping();
}
