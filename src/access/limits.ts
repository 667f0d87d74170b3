// The per-IP request window (one minute) with rate-limiter-flexible on Redis, and the rate-limit headers of both
// windows. (The per-key window is counted inside the credit script, src/access/store.ts: the key's limit depends
// on its plan, which that script reads, and a call over the limit then never reserves a credit.) When Redis is
// down or slow the IP limiter lets the request through within FAIL_OPEN_MS and logs: it is protection, not
// metering.

import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RedisClient } from '../redis.ts';

export const FAIL_OPEN_MS = 100;
const WINDOW_S = 60;

export interface Count {
  /** Requests counted in the current window, this one included; undefined when the limiter failed open. */
  used?: number;
  resetMs?: number;
}

export interface Window extends Count {
  name: 'ip' | 'key';
  limit: number;
}

export const exceeded = (w: Window) => w.used !== undefined && w.used > w.limit;

/** IETF RateLimit headers (draft-ietf-httpapi-ratelimit-headers) and, when over, Retry-After in whole seconds. */
export function rateLimitHeaders(w: Window): Record<string, string> {
  const headers: Record<string, string> = { 'ratelimit-policy': `"${w.name}";q=${w.limit};w=${WINDOW_S}` };
  if (w.used === undefined) return headers;
  const reset = Math.max(1, Math.ceil((w.resetMs ?? 0) / 1000));
  headers.ratelimit = `"${w.name}";r=${Math.max(0, w.limit - w.used)};t=${reset}`;
  if (exceeded(w)) headers['retry-after'] = String(reset);
  return headers;
}

export class Limits {
  private readonly counter: RateLimiterRedis;

  constructor(
    redis: RedisClient,
    prefix: string,
    private readonly warn: (error: unknown, what: string) => void,
  ) {
    this.counter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${prefix}rl`,
      points: Number.MAX_SAFE_INTEGER,
      duration: WINDOW_S,
      rejectIfRedisNotReady: true,
    });
  }

  /** Counts a request from `ip`. The cap of the limiter itself is out of reach; the caller compares. */
  async ip(ip: string): Promise<Count> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${FAIL_OPEN_MS} ms`)), FAIL_OPEN_MS);
    });
    try {
      const res = await Promise.race([this.counter.consume(`ip:${ip}`), late]);
      return { used: res.consumedPoints, resetMs: res.msBeforeNext };
    } catch (error) {
      // A RateLimiterRes rejection would mean the out-of-reach cap was hit: treat it as a count like any other.
      if (error instanceof RateLimiterRes) return { used: error.consumedPoints, resetMs: error.msBeforeNext };
      this.warn(error, 'ip rate limit');
      return {};
    } finally {
      clearTimeout(timer);
    }
  }
}
