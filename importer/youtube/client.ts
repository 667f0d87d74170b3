// The YouTube Data API v3, as the importer uses it: three list methods, each call's cost counted in YouTube's quota
// units before it is made, back-off on 429 and 5xx, and the quota's end (ours or YouTube's) as an error the import
// stops cleanly on. The key is sent as the API asks and never printed.

/** What each method costs in quota units (developers.google.com/youtube/v3/determine_quota_cost). */
export const COST = { channels: 1, playlistItems: 1, videos: 1, commentThreads: 1 } as const;
export type Method = keyof typeof COST;

export const DEFAULT_BASE_URL = 'https://www.googleapis.com/youtube/v3';

/** The day's budget is spent (ours, `--quota`), or YouTube said `quotaExceeded`. */
export class QuotaExhausted extends Error {}

/** YouTube answered with an error the import cannot go past (a bad key, a bad request). */
export class YouTubeError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

export interface Quota {
  budget: number;
  used: number;
}

export interface ClientOptions {
  key: string;
  baseUrl?: string;
  quota: Quota;
  /** Tries per call on 429 and 5xx, and the first wait (doubling), for tests to shorten. */
  tries?: number;
  backoffMs?: number;
  fetch?: typeof fetch;
}

export class YouTubeClient {
  private readonly baseUrl: string;
  constructor(private readonly options: ClientOptions) {
    this.baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/$/, '');
  }

  get quota(): Quota {
    return this.options.quota;
  }

  /** One call of a list method; its cost is counted before it is sent, and refused when the budget lacks it. */
  async list<T>(method: Method, params: Record<string, string | number>): Promise<T> {
    const { quota } = this.options;
    if (quota.used + COST[method] > quota.budget)
      throw new QuotaExhausted(`the quota budget of ${quota.budget} units is spent`);
    const url = new URL(`${this.baseUrl}/${method}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, String(value));
    url.searchParams.set('key', this.options.key);
    const tries = this.options.tries ?? 5;
    let wait = this.options.backoffMs ?? 500;
    for (let attempt = 1; ; attempt += 1) {
      quota.used += COST[method];
      let response: Response;
      try {
        response = await (this.options.fetch ?? fetch)(url, { headers: { accept: 'application/json' } });
      } catch (error) {
        if (attempt >= tries) throw new YouTubeError(0, 'network', `${method}.list: ${(error as Error).message}`);
        await sleep(wait);
        wait *= 2;
        continue;
      }
      if (response.ok) return (await response.json()) as T;
      const body = (await response.json().catch(() => ({}))) as ErrorBody;
      const reason = body.error?.errors?.[0]?.reason ?? String(response.status);
      if (reason === 'quotaExceeded' || reason === 'dailyLimitExceeded')
        throw new QuotaExhausted('YouTube says the project’s daily quota is exceeded (quotaExceeded)');
      const retriable = response.status === 429 || response.status >= 500 || reason === 'rateLimitExceeded';
      if (!retriable || attempt >= tries)
        throw new YouTubeError(
          response.status,
          reason,
          `${method}.list answered ${response.status} ${reason}: ${body.error?.message ?? ''}`.trim(),
        );
      const retryAfter = Number(response.headers.get('retry-after'));
      await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : wait);
      wait *= 2;
    }
  }
}

interface ErrorBody {
  error?: { code?: number; message?: string; errors?: { reason?: string }[] };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
