import { describe, expect, it } from 'vitest';
import { SearchCreatorsParams, SearchSponsorsParams } from '../../src/contract/params.ts';
import { creatorFilters, creatorSearchBody } from '../../src/search/creator-query.ts';
import { presentFacets, SIZE_BANDS, sponsorFacetAggs } from '../../src/search/facets.ts';
import { loadProfile } from '../../src/search/profile.ts';
import { TEST_PROFILE } from '../support/dataset.ts';

// Facet counts in the search's own request (src/search/facets.ts), built and read without I/O.

const ranking = loadProfile(TEST_PROFILE).ranking.creators;
const params = (query: Record<string, string>) => SearchCreatorsParams.parse({ query: 'keyboards', ...query });
const window = { from: 0, size: 25 };
const us = { term: { countryCode: 'US' } };
const big = { range: { subscribers: { gte: 10_000 } } };
const sponsored = { term: { hasSponsors: true } };

describe('facets in creator search', () => {
  it("moves the facets' own filters to post_filter and counts each facet under the others", () => {
    const p = params({ country: 'us', min_subscribers: '10000', has_sponsors: 'true', facets: 'country,size,niche' });
    const body = creatorSearchBody(p, ranking, window);
    expect(body.post_filter).toEqual({ bool: { filter: [us, big] } });
    expect(JSON.stringify(body.query)).toContain(JSON.stringify(sponsored));
    expect(JSON.stringify(body.query)).not.toContain('countryCode":"US');
    const aggs = body.aggs as Record<string, { filter: unknown; aggs: { values: unknown } }>;
    expect(Object.keys(aggs)).toEqual(['country', 'size', 'niche']);
    expect(aggs.country?.filter).toEqual({ bool: { filter: [big] } });
    expect(aggs.size?.filter).toEqual({ bool: { filter: [us] } });
    expect(aggs.niche?.filter).toEqual({ bool: { filter: [us, big] } });
    expect(aggs.size?.aggs.values).toMatchObject({ range: { field: 'subscribers', keyed: true } });
  });

  it('leaves the request as it was without facets, and adds only the aggregations when no facet filter applies', () => {
    const plain = creatorSearchBody(params({ country: 'us' }), ranking, window);
    expect(plain).not.toHaveProperty('post_filter');
    expect(plain).not.toHaveProperty('aggs');
    const counted = creatorSearchBody(params({ has_sponsors: 'true', facets: 'format' }), ranking, window);
    const { aggs, ...rest } = counted;
    expect(rest).toEqual(creatorSearchBody(params({ has_sponsors: 'true' }), ranking, window));
    expect(aggs).toEqual({
      format: { filter: { match_all: {} }, aggs: { values: { terms: { field: 'videoFormat', size: 2 } } } },
    });
  });

  it('keeps every filter on the nearest-in-meaning clause, facets or not', () => {
    const semantic = { ...ranking, semantic: { minWords: 1, k: 50, boost: 1, perWord: 0, minScore: 0 } };
    const p = params({ query: 'mechanical keyboard reviews', country: 'us', facets: 'country' });
    const body = JSON.stringify(
      creatorSearchBody(p, semantic, window, undefined, { vector: [0.1, 0.2], creators: 20_000 }),
    );
    expect(body).toContain(JSON.stringify({ filter: { bool: { filter: creatorFilters(p) } } }).slice(1, -1));
  });

  it.each([['colour'], ['niche,colour'], ['']])('refuses facets=%j, naming the allowed ones', (facets) => {
    const parsed = SearchCreatorsParams.safeParse({ query: 'x', facets });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(
      /unknown facet ".*"; allowed: niche, country, language, size, format/,
    );
  });

  it.each([
    ['niche\t', '"niche\\t"'],
    ['\u2003niche', '"\u2003niche"'],
    ['size,\nniche', '"\\nniche"'],
  ])('names the facet as written when white space other than spaces surrounds it: facets=%j', (facets, named) => {
    const parsed = SearchCreatorsParams.safeParse({ query: 'x', facets });
    expect(parsed.error?.issues[0]?.message).toBe(
      `unknown facet ${named}; allowed: niche, country, language, size, format`,
    );
  });

  it('reads repeated names once', () => {
    expect(params({ facets: 'size, size,niche' }).facets).toEqual(['size', 'niche']);
  });
});

describe('presenting facet counts', () => {
  it('labels each value, countries in capitals, sizes in band order with empty bands', () => {
    const facets = presentFacets(['country', 'size', 'niche', 'language', 'format'], {
      country: {
        values: {
          buckets: [
            { key: 'us', doc_count: 5 },
            { key: 'de', doc_count: 2 },
          ],
        },
      },
      size: { values: { buckets: { micro: { doc_count: 3 }, mega: { doc_count: 1 } } } },
      niche: { values: { buckets: [{ key: 'tech_reviews', doc_count: 4 }] } },
      language: { values: { buckets: [{ key: 'pt', doc_count: 2 }] } },
      format: { values: { buckets: [{ key: 'short', doc_count: 2 }] } },
    });
    expect(facets.country).toEqual([
      { value: 'US', label: 'United States of America', count: 5 },
      { value: 'DE', label: 'Germany', count: 2 },
    ]);
    expect(facets.size?.map((v) => [v.value, v.count])).toEqual(
      SIZE_BANDS.map((b) => [b.value, ({ micro: 3, mega: 1 } as Record<string, number>)[b.value] ?? 0]),
    );
    expect(facets.niche?.[0]).toMatchObject({ value: 'tech_reviews', count: 4 });
    expect(facets.niche?.[0]?.label).not.toBe('tech_reviews');
    expect(facets.language).toEqual([{ value: 'pt', label: 'Portuguese', count: 2 }]);
    expect(facets.format).toEqual([{ value: 'short', label: 'Shorts', count: 2 }]);
  });
});

describe('facets in sponsor search', () => {
  it('counts kinds and niches over the whole match set, and refuses others', () => {
    expect(Object.keys(sponsorFacetAggs(['kind', 'niche']))).toEqual(['kind', 'niche']);
    expect(SearchSponsorsParams.safeParse({ query: 'x', facets: 'country' }).error?.issues[0]?.message).toMatch(
      /allowed: kind, niche/,
    );
  });
});
