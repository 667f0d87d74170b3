// The API's operations over the two aliases: each is one request built by the pure functions beside it, sent
// through OpenSearchHttp (which turns every failure of the cluster into a 503 without its error text).

import type { z } from 'zod';
import { ApiError } from '../contract/error.ts';
import { type OperationId, type SearchCreatorsResult, SIGNALS } from '../contract/operations.ts';
import type {
  CreatorHistoryParams,
  CreatorSponsorshipsParams,
  SearchCreatorsParams,
  SimilarCreatorsParams,
  SponsorFacet,
} from '../contract/params.ts';
import type { Snapshot } from '../contract/resources.ts';
import {
  AUDIENCE_SOURCE,
  creatorLookupBody,
  DETAIL_SOURCE,
  EMBEDDING,
  type Nearest,
  STORED_SUMMARY,
  SUMMARY_SOURCE,
  usesSemantic,
} from './creator-query.ts';
import type { CreatorSource, SponsorSource, SponsorshipDocument } from './documents.ts';
import { presentFacets, sponsorFacetAggs } from './facets.ts';
import { POPULARITY_SCORE } from './indexed-popularity.ts';
import { aliases, optionalSearchPath, searchPath } from './indices.ts';
import { LiveIndex } from './live-index.ts';
import type { LiveProfile } from './live-profile.ts';
import { type OpenSearchHttp, OpenSearchRefusal } from './opensearch-http.ts';
import { pageLinks } from './pagination.ts';
import {
  creatorAudience,
  creatorDetail,
  creatorSummary,
  Pages,
  snapshot,
  sponsorDetail,
  sponsorSummary,
  sponsorship,
} from './present.ts';
import type { QueryVectors } from './query-vectors.ts';
import {
  creatorHistoryRequest,
  creatorSearchRequest,
  creatorSponsorshipsRequest,
  type SearchSettings,
  similarCreatorsRequest,
  sponsorSearchRequest,
} from './requests.ts';
import { SIMILAR_SOURCE, type SimilarTarget } from './similar-query.ts';
import { sponsorLookupBody } from './sponsor-query.ts';

export interface CatalogOptions extends SearchSettings {
  http: OpenSearchHttp;
  /** Read on every search, so a reloaded profile applies to the next request. */
  profile: Pick<LiveProfile, 'ranking'>;
  publicBaseUrl: string;
  /** Semantic search's query vectors; none: lexical search only (SEMANTIC=off). */
  vectors?: QueryVectors;
}

interface Hit<T> {
  _index?: string;
  _source: T;
  fields?: Record<string, string[]>;
  matched_queries?: string[];
}
interface SearchResult<T> {
  hits: { total: { value: number }; hits: Hit<T>[] };
  aggregations?: Parameters<typeof presentFacets>[1];
}

export class Catalog {
  private readonly pages: Pages;
  private readonly index: ReturnType<typeof aliases>;
  private readonly live: LiveIndex;

  /** How deep a search can be paged (SEARCH_DEPTH_LIMIT): an export's most rows too. */
  get depthLimit(): number {
    return this.options.depthLimit;
  }

  constructor(private readonly options: CatalogOptions) {
    this.pages = new Pages(options.publicBaseUrl);
    this.index = aliases(options.indexPrefix);
    this.live = new LiveIndex(options.http, this.index.creators);
  }

  // Each operation takes an optional AbortSignal: a call refused while its search runs ahead of the check cancels it.
  /** A page of creator search as the JSON text the REST API sends: the stored summaries spliced in as they are. */
  async searchCreatorsJson(params: SearchCreatorsParams, pageSize: number, signal?: AbortSignal): Promise<string> {
    const { result, creators } = await this.creatorPage(params, pageSize, signal);
    const paging = this.paging(params.page, pageSize, result.hits.total.value, creators.length);
    const head = JSON.stringify({ query: params.query, ...paging });
    const facets = params.facets?.length
      ? `,"facets":${JSON.stringify(presentFacets(params.facets, result.aggregations))}`
      : '';
    return `${head.slice(0, -1)},"creators":[${creators.join(',')}]${facets}}`;
  }

  /**
   * Up to `rows` creators of a search, in its order, as their summaries' JSON text, `chunk` per OpenSearch request
   * (the search's own window, so the same creators as its pages): what an export streams.
   */
  async *creatorRows(
    params: Omit<SearchCreatorsParams, 'page' | 'facets'>,
    rows: number,
    chunk: number,
    signal?: AbortSignal,
  ): AsyncGenerator<string[]> {
    for (let page = 1; (page - 1) * chunk < rows; page++) {
      const { creators } = await this.creatorPage({ ...params, page }, chunk, signal);
      yield creators.slice(0, rows - (page - 1) * chunk);
      if (creators.length < chunk) return;
    }
  }

  /** A page of creators: the search's answer and each creator's summary as JSON text. */
  private async creatorPage(params: SearchCreatorsParams, pageSize: number, signal?: AbortSignal) {
    let result = await this.rankedSearch(params, pageSize, {}, signal);
    let creators = result.hits.hits.map((hit) => this.pages.summary(hit.fields?.[STORED_SUMMARY]?.[0]));
    if (creators.includes(undefined)) {
      // Data loaded before summaries were stored (a rollback to it), or loaded while they were left out of _source
      // and since rewritten from it: the summaries are built from the source instead.
      result = await this.rankedSearch(params, pageSize, { _source: SUMMARY_SOURCE, stored_fields: undefined }, signal);
      creators = result.hits.hits.map((hit) => JSON.stringify(creatorSummary(hit._source, this.pages)));
    }
    return { result, creators: creators as string[] };
  }

  /** The same page as an object (MCP's structured content). */
  async searchCreators(params: SearchCreatorsParams, pageSize: number, signal?: AbortSignal) {
    return JSON.parse(await this.searchCreatorsJson(params, pageSize, signal)) as z.output<typeof SearchCreatorsResult>;
  }

  /** The paging fields of a page of creators, in the contract's order. */
  private paging(page: number, pageSize: number, totalFound: number, returned: number) {
    const links = pageLinks({ page, pageSize, depthLimit: this.options.depthLimit }, totalFound);
    return { page, totalFound, returned, ...links };
  }

  async creator(id: string, signal?: AbortSignal) {
    const found = await this.findCreator('getCreator', id, DETAIL_SOURCE, signal);
    return { creator: creatorDetail(found, this.pages) };
  }

  /** A page of a creator's lookalikes (similar-query.ts), each with the signals it shares with that creator. */
  async similarCreators(id: string, params: SimilarCreatorsParams, pageSize: number, signal?: AbortSignal) {
    const semantic = this.options.vectors !== undefined;
    const found = await this.findCreator(
      'findSimilarCreators',
      id,
      [...SIMILAR_SOURCE, ...(semantic ? [EMBEDDING] : [])],
      signal,
    );
    const { ranking } = this.options.profile;
    const { index, body } = similarCreatorsRequest(found as SimilarTarget, params, pageSize, ranking, this.options);
    const result = await this.search<CreatorSource>('findSimilarCreators', index, body, signal);
    const creators = result.hits.hits.map((hit) => ({
      ...creatorSummary(hit._source, this.pages),
      matched: SIGNALS.filter((name) => hit.matched_queries?.includes(name)),
    }));
    return {
      creator: { id: found.slug, name: found.name },
      ...this.paging(params.page, pageSize, result.hits.total.value, creators.length),
      creators,
    };
  }

  /** A page of a creator's detected sponsorships with their evidence (sponsorship-query.ts), newest first. */
  async creatorSponsorships(id: string, params: CreatorSponsorshipsParams, pageSize: number, signal?: AbortSignal) {
    const operation = 'getCreatorSponsorships';
    const found = await this.findCreator(operation, id, ['creatorId', 'slug', 'name'], signal);
    const { index, body } = creatorSponsorshipsRequest(found.creatorId, params, pageSize, this.options);
    const result = await this.search<SponsorshipDocument>(operation, index, body, signal);
    const sponsorships = result.hits.hits.map((hit) => sponsorship(hit._source, this.pages));
    return {
      creator: { id: found.slug, name: found.name },
      minConfidence: params.min_confidence,
      ...this.paging(params.page, pageSize, result.hits.total.value, sponsorships.length),
      sponsorships,
    };
  }

  /** A page of a creator's dated snapshots (history-query.ts), newest first; none loaded is an empty page. */
  async creatorHistory(id: string, params: CreatorHistoryParams, pageSize: number, signal?: AbortSignal) {
    const operation = 'getCreatorHistory';
    const found = await this.findCreator(operation, id, ['creatorId', 'slug', 'name'], signal);
    const { index, body } = creatorHistoryRequest(found.creatorId, params, pageSize, this.options);
    const result = await this.search<Snapshot>(operation, index, body, signal, optionalSearchPath);
    const snapshots = result.hits.hits.map((hit) => snapshot(hit._source));
    return {
      creator: { id: found.slug, name: found.name },
      ...this.paging(params.page, pageSize, result.hits.total.value, snapshots.length),
      snapshots,
    };
  }

  async audience(id: string, signal?: AbortSignal) {
    return creatorAudience(await this.findCreator('getCreatorAudience', id, AUDIENCE_SOURCE, signal));
  }

  /** `facets`: counts over the whole match set beside the sponsors (facets.ts), in the same request. */
  async searchSponsors(query: string, signal?: AbortSignal, facets: readonly SponsorFacet[] = []) {
    const { index, body } = sponsorSearchRequest(query, this.options.profile.ranking, this.options);
    const aggs = facets.length ? { aggs: sponsorFacetAggs(facets) } : {};
    const result = await this.search<SponsorSource>('searchSponsors', index, { ...body, ...aggs }, signal);
    const sponsors = result.hits.hits.map((hit) => sponsorSummary(hit._source, this.pages));
    return {
      query,
      returned: sponsors.length,
      sponsors,
      ...(facets.length && { facets: presentFacets(facets, result.aggregations) }),
    };
  }

  async sponsor(id: string, signal?: AbortSignal) {
    const body = sponsorLookupBody(id);
    const hit =
      body && (await this.search<SponsorSource>('getSponsor', this.index.sponsors, body, signal)).hits.hits[0];
    if (!hit) throw notFound('sponsor', id);
    return { sponsor: sponsorDetail(hit._source, this.pages) };
  }

  /**
   * A page of creator search, with what the live index stores when it serves the profile: the popularity sum of its
   * signals, and creators' vectors of the API's model (the query's vector then finds the creators nearest in
   * meaning). Such an answer counts only if that index gave it: one from another (the indexer swapped the alias
   * since), or a refusal (an index loaded without them), is asked again with neither.
   */
  private async rankedSearch(
    params: SearchCreatorsParams,
    pageSize: number,
    overrides: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<SearchResult<CreatorSource>> {
    const { ranking } = this.options.profile;
    const request = (indexed?: string, nearest?: Nearest) => {
      const built = creatorSearchRequest(params, pageSize, ranking, this.options, indexed, nearest);
      return { ...built, body: { ...built.body, ...overrides } };
    };
    const known = this.live.known;
    const vectors = this.options.vectors;
    const nearest =
      vectors && known?.embedding === vectors.model && usesSemantic(params, ranking.creators)
        ? { vector: await vectors.vectorOf(params.query), creators: known.creators }
        : undefined;
    const first = request(known?.popularity, nearest);
    if (!known || !(first.storedPopularity || first.semantic)) {
      return this.search<CreatorSource>('searchCreators', first.index, first.body, signal);
    }
    try {
      const result = await this.search<CreatorSource>('searchCreators', first.index, first.body, signal);
      if (this.live.answeredBy(known, result.hits.hits[0]?._index)) return result;
    } catch (error) {
      // Only the index's refusal of what it was expected to store is asked again; any other 400 is the answer (a
      // query past the clause limit would fail the same way twice).
      const refused = error instanceof ApiError ? error.cause : undefined;
      const stale =
        refused instanceof OpenSearchRefusal &&
        (refused.missingField(POPULARITY_SCORE) || refused.noVectors(EMBEDDING));
      if (!stale) throw error;
      this.live.forget(known);
    }
    const { index, body } = request();
    return this.search<CreatorSource>('searchCreators', index, body, signal);
  }

  private async findCreator(
    operation: OperationId,
    id: string,
    source: string[],
    signal?: AbortSignal,
  ): Promise<CreatorSource> {
    const body = creatorLookupBody(id, source);
    const hit = body && (await this.search<CreatorSource>(operation, this.index.creators, body, signal)).hits.hits[0];
    if (!hit) throw notFound('creator', id);
    return hit._source;
  }

  private search<T>(
    operation: OperationId,
    index: string,
    body: Record<string, unknown>,
    signal?: AbortSignal,
    path: (index: string) => string = searchPath,
  ): Promise<SearchResult<T>> {
    return this.options.http.post<SearchResult<T>>(path(index), body, signal, operation);
  }
}

function notFound(what: string, id: string): ApiError {
  const shown = id.length > 60 ? `${id.slice(0, 60)}…` : id;
  return new ApiError(404, 'not_found', `No ${what} matches "${shown}".`);
}
