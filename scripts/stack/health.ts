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

/**
 * How a Redis answers: `open` (no password needed), `ok` (the URL's password accepted), `refused` (it wants a
 * password and the URL has none or another), or `down`. Authenticates by hand rather than through the URL, so a
 * Redis without a password is told apart (ioredis would only print a warning and carry on).
 */
export async function redisProbe(url: string, timeoutMs = 2000): Promise<'open' | 'ok' | 'refused' | 'down'> {
  const { username, password } = new URL(url);
  const bare = new URL(url);
  bare.username = '';
  bare.password = '';
  const redis = new Redis(bare.href, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    enableReadyCheck: false,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  const refusal = (error: unknown) => /^(NOAUTH|WRONGPASS|ERR invalid password)/.test((error as Error).message ?? '');
  try {
    await redis.connect();
    try {
      await redis.ping();
      return 'open';
    } catch (error) {
      if (!refusal(error)) return 'down';
    }
    if (!password) return 'refused';
    const credentials = [username, password].filter(Boolean).map(decodeURIComponent);
    await redis.call('AUTH', ...credentials);
    return (await redis.ping()) === 'PONG' ? 'ok' : 'down';
  } catch (error) {
    return refusal(error) ? 'refused' : 'down';
  } finally {
    redis.disconnect();
  }
}

/** A client given `url` can use this Redis. */
export async function redisHealthy(url: string, timeoutMs = 2000): Promise<boolean> {
  const answer = await redisProbe(url, timeoutMs);
  return answer === 'ok' || answer === 'open';
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
