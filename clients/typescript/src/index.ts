// A typed client of the Creator & Sponsor Intelligence API. Parameter and result types come from the service's
// OpenAPI document (openapi.ts, generated); this file adds what a caller would otherwise write each time: the key,
// the credit and rate-limit headers on every result, bounded retries that honour Retry-After, and paging.
// No dependencies: the global fetch of Node 18+ and browsers.
import type { components, operations } from './openapi.ts';

type Operation = keyof operations;
/** The query parameters of an operation, as the service's OpenAPI document declares them. */
export type QueryOf<O extends Operation> = NonNullable<operations[O]['parameters']['query']>;
/** The 200 body of an operation. */
export type BodyOf<O extends Operation> = operations[O]['responses'][200]['content'] extends {
  'application/json': infer B;
}
  ? B
  : never;

export type CreatorSummary = components['schemas']['CreatorSummary'];
export type CreatorDetail = components['schemas']['CreatorDetail'];
export type Audience = components['schemas']['Audience'];
export type SponsorSummary = components['schemas']['SponsorSummary'];
export type SponsorDetail = components['schemas']['SponsorDetail'];
export type Niche = components['schemas']['Niche'];
export type Credits = components['schemas']['Credits'];
export type Sponsorship = components['schemas']['Sponsorship'];
export type Growth = components['schemas']['Growth'];
export type Snapshot = components['schemas']['Snapshot'];
export type SearchCreatorsParams = QueryOf<'searchCreators'>;
export type SearchSponsorsParams = QueryOf<'searchSponsors'>;
export type SimilarCreatorsParams = QueryOf<'findSimilarCreators'>;
export type CreatorSponsorshipsParams = QueryOf<'getCreatorSponsorships'>;
export type CreatorHistoryParams = QueryOf<'getCreatorHistory'>;
export type ExportCreatorsParams = QueryOf<'exportCreators'>;

/** What the response headers of a call tell, parsed; undefined where the service sent none (free endpoints). */
export interface CallInfo {
  status: number;
  /** Credits this call cost (0 for a failed call: failed calls are free). */
  creditsCharged?: number;
  /** Credits left after the call, or 'unlimited'. */
  creditsRemaining?: number | 'unlimited';
  /** What an export reserved before its rows (`X-Credits-Reserved`). */
  creditsReserved?: number;
  /** The key's (or address's) window: requests allowed per window, left in it, seconds until it resets. */
  rateLimit?: { limit?: number; remaining?: number; resetSeconds?: number };
  /** Seconds the service asked to wait (429, 503). */
  retryAfterSeconds?: number;
}

export interface Result<T> extends CallInfo {
  data: T;
}

/** Any answer other than 2xx, in the service's error shape `{ error: { code, message } }`. */
export class CsiApiError extends Error {
  override name = 'CsiApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly info: CallInfo,
  ) {
    super(message);
  }
}

export interface ClientOptions {
  /** Where the service is, e.g. http://127.0.0.1:3000 (the /api/v1 prefix is added). */
  baseUrl: string;
  apiKey: string;
  /** Retries of a call answered 429 or 503 (never charged, so safe to repeat). Default 2. */
  maxRetries?: number;
  /** The longest Retry-After the client waits out; a longer one is thrown as the CsiApiError. Default 10 s. */
  maxRetryDelayMs?: number;
  fetch?: typeof fetch;
}

const RETRIED = new Set([429, 503]);

export class CsiClient {
  private readonly base: string;
  private readonly fetch: typeof fetch;
  private readonly maxRetries: number;
  private readonly maxRetryDelayMs: number;

  constructor(private readonly options: ClientOptions) {
    this.base = `${options.baseUrl.replace(/\/+$/, '')}/api/v1`;
    this.fetch = options.fetch ?? globalThis.fetch;
    this.maxRetries = options.maxRetries ?? 2;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 10_000;
  }

  searchCreators(params: SearchCreatorsParams): Promise<Result<BodyOf<'searchCreators'>>> {
    return this.get('/creators', params);
  }

  getCreator(id: string): Promise<Result<BodyOf<'getCreator'>>> {
    return this.get(`/creators/${encodeURIComponent(id)}`);
  }

  /** Beyond the spec: creators like this one, with what each shares with it; search's filters and paging. */
  findSimilarCreators(id: string, params: SimilarCreatorsParams = {}): Promise<Result<BodyOf<'findSimilarCreators'>>> {
    return this.get(`/creators/${encodeURIComponent(id)}/similar`, params);
  }

  /**
   * Beyond the spec: a creator's detected sponsorships, newest first, each with its video, line and confidence;
   * `sponsor` (a numeric id) and `min_confidence` (default: the threshold the counts use) filter them.
   */
  getCreatorSponsorships(
    id: string,
    params: CreatorSponsorshipsParams = {},
  ): Promise<Result<BodyOf<'getCreatorSponsorships'>>> {
    return this.get(`/creators/${encodeURIComponent(id)}/sponsorships`, params);
  }

  /** Beyond the spec: a creator's dated snapshots, newest first; `from` and `to` (YYYY-MM-DD) bound the dates. */
  getCreatorHistory(id: string, params: CreatorHistoryParams = {}): Promise<Result<BodyOf<'getCreatorHistory'>>> {
    return this.get(`/creators/${encodeURIComponent(id)}/history`, params);
  }

  getCreatorAudience(id: string): Promise<Result<BodyOf<'getCreatorAudience'>>> {
    return this.get(`/creators/${encodeURIComponent(id)}/audience`);
  }

  searchSponsors(params: SearchSponsorsParams): Promise<Result<BodyOf<'searchSponsors'>>> {
    return this.get('/sponsors', params);
  }

  getSponsor(id: string): Promise<Result<BodyOf<'getSponsor'>>> {
    return this.get(`/sponsors/${encodeURIComponent(id)}`);
  }

  listNiches(): Promise<Result<BodyOf<'listNiches'>>> {
    return this.get('/niches');
  }

  getCredits(): Promise<Result<BodyOf<'getCredits'>>> {
    return this.get('/credits');
  }

  /** Beyond the spec, free: what the account spent this period, by key, endpoint and day. */
  getUsage(): Promise<Result<BodyOf<'getUsage'>>> {
    return this.get('/usage');
  }

  /**
   * Beyond the spec: up to `max_rows` creators of a search as one CSV (default) or NDJSON text, for what paging
   * them would cost (the unused part of what it reserves, `creditsReserved`, is refunded). What it cost and left
   * come as HTTP trailers, which `fetch` does not expose: `creditsCharged` and `creditsRemaining` are undefined
   * here, and `getUsage()` or `getCredits()` (free) tell them after.
   */
  exportCreators(params: ExportCreatorsParams): Promise<Result<string>> {
    return this.get('/creators/export', params, 'text');
  }

  /**
   * Every page of a creator search from `params.page` (default 1), one call (one credit) each, until the service
   * says there is no next page: the last match, or the search depth limit. `maxPages` bounds what it spends.
   */
  async *searchCreatorPages(
    params: SearchCreatorsParams,
    { maxPages = Number.POSITIVE_INFINITY }: { maxPages?: number } = {},
  ): AsyncGenerator<Result<BodyOf<'searchCreators'>>> {
    let page: number | null = params.page ?? 1;
    for (let pages = 0; page !== null && pages < maxPages; pages++) {
      const result = await this.searchCreators({ ...params, page });
      yield result;
      page = result.data.hasMore ? result.data.nextPage : null;
    }
  }

  private async get<T>(
    path: string,
    query: Record<string, unknown> = {},
    read: 'json' | 'text' = 'json',
  ): Promise<Result<T>> {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
    const url = `${this.base}${path}${search.size ? `?${search}` : ''}`;
    for (let attempt = 0; ; attempt++) {
      const response = await this.fetch(url, {
        headers: {
          authorization: `Bearer ${this.options.apiKey}`,
          ...(read === 'json' && { accept: 'application/json' }),
        },
      });
      const info = callInfo(response);
      const body =
        response.ok && read === 'text' ? await response.text() : await response.json().catch(() => undefined);
      if (response.ok) return { ...info, data: body as T };
      const error = (body as { error?: { code?: string; message?: string } } | undefined)?.error;
      const failure = new CsiApiError(
        response.status,
        error?.code ?? 'unknown',
        error?.message ?? `HTTP ${response.status} without the error shape`,
        info,
      );
      const waitMs = (info.retryAfterSeconds ?? 1) * 1000;
      if (!RETRIED.has(response.status) || attempt >= this.maxRetries || waitMs > this.maxRetryDelayMs) throw failure;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

/** The credit and rate-limit headers of a response (draft-ietf-httpapi-ratelimit-headers for the windows). */
function callInfo(response: Response): CallInfo {
  const header = (name: string) => response.headers.get(name) ?? undefined;
  const number = (text: string | undefined) => (text === undefined || text === '' ? undefined : Number(text));
  const field = (text: string | undefined, key: string) => number(new RegExp(`;${key}=(\\d+)`).exec(text ?? '')?.[1]);
  const remaining = header('x-credits-remaining');
  const policy = header('ratelimit-policy');
  const window = header('ratelimit');
  return {
    status: response.status,
    creditsCharged: number(header('x-credits-charged')),
    creditsRemaining: remaining === 'unlimited' ? 'unlimited' : number(remaining),
    creditsReserved: number(header('x-credits-reserved')),
    rateLimit:
      policy || window
        ? { limit: field(policy, 'q'), remaining: field(window, 'r'), resetSeconds: field(window, 't') }
        : undefined,
    retryAfterSeconds: number(header('retry-after')),
  };
}
