// The one-minute request windows (per IP, per key) and their rate-limit headers, and the per-IP count on its own.
// Both are counted by scripts in store.ts; Limits counts an address on its own when the credit script cannot.

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

/**
 * The key's window is counted inside the credit script (its limit depends on the plan that script reads, and a call
 * over it never reserves a credit), the address's there too on one Redis server, or here on its own on a cluster
 * and for a key's first call. Counted here, a count that Redis does not answer within FAIL_OPEN_MS lets the request
 * through, and logs: it is protection, not metering.
 */
export class Limits {
  constructor(
    // The store's per-IP script (src/access/store.ts imports this file's Count, so not the reverse).
    private readonly store: { countIp(ip: string): Promise<Count> },
    private readonly warn: (error: unknown, what: string) => void,
  ) {}

  /** Counts a request from `ip`; the caller compares the count with the limit. */
  async ip(ip: string): Promise<Count> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${FAIL_OPEN_MS} ms`)), FAIL_OPEN_MS);
    });
    try {
      return await Promise.race([this.store.countIp(ip), late]);
    } catch (error) {
      this.warn(error, 'ip rate limit');
      return {};
    } finally {
      clearTimeout(timer);
    }
  }
}
