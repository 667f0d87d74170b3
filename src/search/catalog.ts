// The one module that talks to OpenSearch for the API: each operation is one request built by the pure
// functions beside it, and every failure of the cluster becomes a 503 without its error text.
import { type Client, errors } from '@opensearch-project/opensearch';
import type { SearchCreatorsParams } from '../contract/params.ts';
import { ApiError } from '../http/errors.ts';
import {
  AUDIENCE_SOURCE,
  creatorLookupBody,
  creatorSearchBody,
  DETAIL_SOURCE,
  SUMMARY_SOURCE,
} from './creator-query.ts';
import { aliases } from './indices.ts';
import { pageLinks, pageWindow } from './pagination.ts';
import {
  type CreatorSource,
  creatorAudience,
  creatorDetail,
  creatorSummary,
  Pages,
  type SponsorSource,
  sponsorDetail,
  sponsorSummary,
} from './present.ts';
import type { Ranking } from './ranking.ts';
import { sponsorLookupBody, sponsorSearchBody } from './sponsor-query.ts';

export interface CatalogOptions {
  client: Client;
  ranking: Ranking;
  indexPrefix: string;
  publicBaseUrl: string;
  depthLimit: number;
  sponsorResults: number;
}

/** Seconds a client should wait before retrying when OpenSearch cannot answer. */
export const RETRY_AFTER_S = 5;

interface Hit<T> {
  _source: T;
}
interface SearchResult<T> {
  hits: { total: { value: number }; hits: Hit<T>[] };
}

export class Catalog {
  private readonly pages: Pages;
  private readonly index: ReturnType<typeof aliases>;

  constructor(private readonly options: CatalogOptions) {
    this.pages = new Pages(options.publicBaseUrl);
    this.index = aliases(options.indexPrefix);
  }

  async searchCreators(params: SearchCreatorsParams, pageSize: number) {
    const paging = { page: params.page, pageSize, depthLimit: this.options.depthLimit };
    const body = creatorSearchBody(params, this.options.ranking.creators, pageWindow(paging));
    const result = await this.search<CreatorSource>(this.index.creators, body);
    const creators = result.hits.hits.map((hit) => creatorSummary(hit._source, this.pages));
    const totalFound = result.hits.total.value;
    return {
      query: params.query,
      page: params.page,
      totalFound,
      returned: creators.length,
      ...pageLinks(paging, totalFound),
      creators,
    };
  }

  async creator(id: string) {
    const found = await this.findCreator(id, DETAIL_SOURCE);
    return { creator: creatorDetail(found, this.pages) };
  }

  async audience(id: string) {
    return creatorAudience(await this.findCreator(id, AUDIENCE_SOURCE));
  }

  async searchSponsors(query: string) {
    const body = sponsorSearchBody(query, this.options.ranking.sponsors, this.options.sponsorResults);
    const result = await this.search<SponsorSource>(this.index.sponsors, body);
    const sponsors = result.hits.hits.map((hit) => sponsorSummary(hit._source, this.pages));
    return { query, returned: sponsors.length, sponsors };
  }

  async sponsor(id: string) {
    const body = sponsorLookupBody(id);
    const hit = body && (await this.search<SponsorSource>(this.index.sponsors, body)).hits.hits[0];
    if (!hit) throw notFound('sponsor', id);
    const ids = hit._source.topCreatorIds ?? [];
    const top = ids.length
      ? await this.call(() =>
          this.options.client.mget({ index: this.index.creators, body: { ids }, _source: SUMMARY_SOURCE }),
        )
      : undefined;
    const docs = (top?.body.docs ?? []) as { found?: boolean; _source?: CreatorSource }[];
    const creators = docs.flatMap((doc) => (doc.found && doc._source ? [creatorSummary(doc._source, this.pages)] : []));
    return { sponsor: sponsorDetail(hit._source, creators, this.pages) };
  }

  private async findCreator(id: string, source: string[]): Promise<CreatorSource> {
    const body = creatorLookupBody(id, source);
    const hit = body && (await this.search<CreatorSource>(this.index.creators, body)).hits.hits[0];
    if (!hit) throw notFound('creator', id);
    return hit._source;
  }

  private async search<T>(index: string, body: Record<string, unknown>): Promise<SearchResult<T>> {
    const response = await this.call(() => this.options.client.search({ index, body }));
    return response.body as unknown as SearchResult<T>;
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw asUnavailable(error);
    }
  }
}

function notFound(what: string, id: string): ApiError {
  const shown = id.length > 60 ? `${id.slice(0, 60)}…` : id;
  return new ApiError(404, 'not_found', `No ${what} matches "${shown}".`);
}

/**
 * The cluster unreachable, timing out, overloaded, or without the aliases (nothing loaded yet) is a 503 the
 * client may retry; the original error stays in the log. Anything else (a query OpenSearch rejects) is our bug.
 */
export function asUnavailable(error: unknown): unknown {
  const retry = { 'retry-after': String(RETRY_AFTER_S) };
  if (
    error instanceof errors.ConnectionError ||
    error instanceof errors.TimeoutError ||
    error instanceof errors.NoLivingConnectionsError
  ) {
    return new ApiError(503, 'unavailable', 'The search service did not answer in time; retry shortly.', retry, error);
  }
  if (error instanceof errors.ResponseError) {
    const type = (error.body as { error?: { type?: string } } | undefined)?.error?.type;
    if (error.statusCode === 404 && type === 'index_not_found_exception') {
      return new ApiError(503, 'unavailable', 'No data is loaded yet; retry once the indexer has run.', retry, error);
    }
    if (error.statusCode === 429 || error.statusCode === 503) {
      return new ApiError(503, 'unavailable', 'The search service is overloaded; retry shortly.', retry, error);
    }
  }
  return error;
}
