import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Judgment } from '../../common/judgments.ts';
import { SearchCreatorsParams } from '../../src/contract/params.ts';
import { Catalog } from '../../src/search/catalog.ts';
import { searchPath } from '../../src/search/indices.ts';
import type { OpenSearchHttp } from '../../src/search/opensearch-http.ts';
import { DEFAULT_PROFILE, loadProfile, PROFILES_DIR, type Profile } from '../../src/search/profile.ts';
import { creatorSearchRequest, type SearchRequest } from '../../src/search/requests.ts';
import { renderRequest } from '../../workbench/evaluate.ts';

// What an analyst measures in the workbench must be what the API sends: for the same profile and the same
// question, the catalog's request (as it reaches OpenSearch) and the workbench's rendered one are equal.

const SETTINGS = { indexPrefix: 'same_', depthLimit: 1000, sponsorResults: 25 };
const PAGE_SIZE = 25;

/**
 * Stands in for OpenSearchHttp: records each request and answers an empty search. Its index records no stored
 * popularity sum (src/search/live-index.ts), so the catalog ranks with the popularity clauses, as the workbench does.
 */
class Recorder {
  readonly requests: { path: string; body: unknown }[] = [];
  async post<T>(path: string, body: unknown): Promise<T> {
    this.requests.push({ path, body: structuredClone(body) });
    return { hits: { total: { value: 0 }, hits: [] } } as T;
  }
  async get<T>(): Promise<T> {
    return { 'same_creators-v1': { mappings: { _meta: { popularity: null } } } } as T;
  }
}

function catalogWith(profile: Profile) {
  const http = new Recorder();
  const catalog = new Catalog({
    ...SETTINGS,
    http: http as unknown as OpenSearchHttp,
    profile: { ranking: profile.ranking },
    publicBaseUrl: 'http://localhost:3000',
  });
  return { catalog, http };
}

const judgment = (query: string, extra: Partial<Judgment> = {}): Judgment => ({
  query,
  class: 'x',
  target: 'creators',
  ratings: { a: 1 },
  source: 't',
  ...extra,
});

const asSent = ({ index, body }: SearchRequest) => ({ path: searchPath(index), body });

/**
 * The API receives query-string text (parsed by the route's schema); a judgment holds the same filters as JSON
 * values. Each case is one question in both forms.
 */
const CREATOR_CASES: { name: string; query: Record<string, string>; filters?: Judgment['filters'] }[] = [
  { name: 'plain', query: { query: 'mechanical keyboard reviews' } },
  {
    name: 'filtered',
    query: { query: 'budget travel', country: 'germany', niche_category: 'tech_reviews', min_subscribers: '10000' },
    filters: { country: 'DE', niche_category: 'tech_reviews', min_subscribers: 10_000 },
  },
  {
    name: 'every filter',
    query: {
      query: 'gadgets',
      niche_category: 'tech_reviews',
      primary_niche_only: 'true',
      language: 'english',
      max_subscribers: '5000000',
      min_avg_views: '1000',
      min_engagement_rate: '2.5',
      has_sponsors: 'true',
      video_format: 'long',
    },
    filters: {
      niche_category: 'tech_reviews',
      primary_niche_only: true,
      language: 'en',
      max_subscribers: 5_000_000,
      min_avg_views: 1000,
      min_engagement_rate: 2.5,
      has_sponsors: true,
      video_format: 'long',
    },
  },
  {
    name: 'sorted',
    query: { query: 'sourdough starter', sort: 'subs_desc' },
    filters: { sort: 'subs_desc' },
  },
  { name: 'a niche named (category ranking)', query: { query: 'best gaming channels' } },
];

const PROFILES = [
  ['default', loadProfile(DEFAULT_PROFILE)],
  ['baseline', loadProfile(path.join(PROFILES_DIR, 'baseline.json'))],
] as const;

it('the two profiles rank differently, so equal requests are not a coincidence of one ranking', () => {
  const [[, a], [, b]] = PROFILES;
  expect(a.ranking).not.toEqual(b.ranking);
});

describe.each(PROFILES)('profile %s → identical DSL in API and workbench', (_, profile) => {
  it.each(CREATOR_CASES)('creator search, $name', async ({ query, filters }) => {
    const { catalog, http } = catalogWith(profile);
    await catalog.searchCreators(SearchCreatorsParams.parse(query), PAGE_SIZE);
    const rendered = renderRequest(
      judgment(query.query as string, filters ? { filters } : {}),
      profile,
      SETTINGS,
      PAGE_SIZE,
    );
    expect(http.requests).toEqual([asSent(rendered)]);
    // Rendered from this profile, not from one of its own.
    const { type, analyzer } = profile.ranking.creators.text;
    expect(JSON.stringify(rendered.body)).toContain(`"type":"${type}"`);
    expect(JSON.stringify(rendered.body)).toContain(`"analyzer":"${analyzer}"`);
  });

  it('creator search, page 2 (the workbench evaluates page 1 only): the shared renderer', async () => {
    const { catalog, http } = catalogWith(profile);
    const params = SearchCreatorsParams.parse({ query: 'gadgets', country: 'US', page: '2' });
    await catalog.searchCreators(params, PAGE_SIZE);
    expect(http.requests).toEqual([asSent(creatorSearchRequest(params, PAGE_SIZE, profile.ranking, SETTINGS))]);
    expect(http.requests[0]?.body).toMatchObject({ from: PAGE_SIZE, size: PAGE_SIZE });
  });

  it.each(['keyforge', 'nordvpn.com', 'meal kit'])('sponsor search, %s', async (query) => {
    const { catalog, http } = catalogWith(profile);
    await catalog.searchSponsors(query);
    expect(http.requests).toEqual([
      asSent(renderRequest(judgment(query, { target: 'sponsors' }), profile, SETTINGS, PAGE_SIZE)),
    ]);
    expect(http.requests[0]?.path).toBe('/same_sponsors/_search');
  });
});
