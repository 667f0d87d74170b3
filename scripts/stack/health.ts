import { Redis } from 'ioredis';
import { fetchJson } from './process.ts';

/** Cluster health yellow or green within `timeoutMs`. */
export async function opensearchHealthy(url: string, timeoutMs = 2000): Promise<boolean> {
  try {
    const health = (await fetchJson(new URL('/_cluster/health', url).href, timeoutMs)) as { status?: string };
    return health.status === 'green' || health.status === 'yellow';
  } catch {
    return false;
  }
}

export async function redisHealthy(url: string, timeoutMs = 2000): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** The API's own /readyz answers 200. */
export async function apiHealthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(new URL('/readyz', url), { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}
