// The paths a caller reaches without a key (health checks, the OpenAPI document and docs, POST /mcp without a key,
// unknown paths): a per-address limit counted in this process's memory, so a flood without a key costs Redis and
// OpenSearch nothing. Metered routes, and MCP messages with a key, are limited per address in Redis (src/access).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { limitedAddress } from '../access/address.ts';
import { bearerKey, wellFormed } from '../access/keys.ts';
import { rateLimitHeaders } from '../access/limits.ts';
import { ApiError } from '../contract/error.ts';

const WINDOW_MS = 60_000;
/** Addresses remembered at once: past that, the oldest windows go first (a flood of addresses forgets, not grows). */
const MAX_ADDRESSES = 100_000;

/** One-minute windows per address, opened by their first request. */
export class AddressWindows {
  private readonly windows = new Map<string, { used: number; endsAt: number }>();

  constructor(private readonly limit: number) {}

  /** Counts a request; the window as the RateLimit headers describe it. */
  count(address: string, now = Date.now()): { name: 'ip'; limit: number; used: number; resetMs: number } {
    let window = this.windows.get(address);
    if (!window || window.endsAt <= now) {
      this.windows.delete(address);
      if (this.windows.size >= MAX_ADDRESSES) this.windows.delete(this.windows.keys().next().value as string);
      window = { used: 0, endsAt: now + WINDOW_MS };
      this.windows.set(address, window);
    }
    window.used += 1;
    return { name: 'ip', limit: this.limit, used: window.used, resetMs: window.endsAt - now };
  }
}

interface Options {
  perMinute: number;
  ipv6Prefix: number;
  /** KEY_PREFIX: an MCP message with a key of this shape is metered, so limited with its key. */
  keyPrefix: string;
  mcpPath: string;
}

/** Counts a request without a key against its address's window; throws the 429 past the limit. */
export function anonymousLimiter({ perMinute, ipv6Prefix, keyPrefix, mcpPath }: Options) {
  const windows = new AddressWindows(perMinute);
  const keyed = (authorization: string | undefined) => {
    const key = bearerKey(authorization);
    return key !== undefined && wellFormed(key, keyPrefix);
  };
  return (request: FastifyRequest): void => {
    if (request.routeOptions.url === mcpPath && keyed(request.headers.authorization)) return;
    const window = windows.count(limitedAddress(request.ip, ipv6Prefix));
    if (window.used <= window.limit) return;
    const headers = rateLimitHeaders(window);
    throw new ApiError(
      429,
      'rate_limited',
      `Too many requests from this address: at most ${perMinute} per minute. Retry after ${headers['retry-after']} s.`,
      headers,
    );
  };
}

/**
 * Puts the limiter on every route without a cost registered after it, as the route's own first hook, so a metered
 * call never runs it. Unknown paths are limited where they are answered (registerErrorHandling's `limitUnknown`).
 */
export const anonymousLimit = fp(
  async (app: FastifyInstance, { limit }: { limit: (request: FastifyRequest) => void }) => {
    const hook = async (request: FastifyRequest) => limit(request);
    app.addHook('onRoute', (route) => {
      if (route.config?.cost !== undefined) return;
      route.onRequest = [hook, ...(route.onRequest ? [route.onRequest].flat() : [])];
    });
  },
);
