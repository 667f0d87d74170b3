import { describe, expect, it } from 'vitest';
import { SearchCreatorsParams } from '../../src/contract/params.ts';
import {
  creatorFilters,
  creatorLookupBody,
  creatorSearchBody,
  creatorSort,
  popularityBoosts,
  textQuery,
} from '../../src/search/creator-query.ts';
import { loadProfile } from '../../src/search/profile.ts';
import { TEST_PROFILE } from '../support/dataset.ts';

const ranking = loadProfile(TEST_PROFILE).ranking.creators;
const params = (query: Record<string, string>) => SearchCreatorsParams.parse({ query: 'keyboards', ...query });

describe('creator search DSL', () => {
  it('puts the text in match, multi_match and term values only, never in query_string syntax', () => {
    const hostile = 'name:foo OR * "unbalanced \\ 😀';
    const json = JSON.stringify(textQuery(hostile, ranking));
    expect(json).not.toMatch(/"(query_string|simple_query_string|wildcard|regexp|script)":/);
    const should = (textQuery(hostile, ranking) as { bool: { should: Record<string, unknown>[] } }).bool.should;
    expect(should[0]).toEqual({
      multi_match: {
        query: hostile,
        type: 'cross_fields',
        fields: ['name^3', 'nicheLabels^2', 'sponsorNames^2', 'description^1'],
        minimum_should_match: '2<75%',
        analyzer: 'forgiving_search',
      },
    });
  });

  it('matches handles by prefix without the @ and exactly with it', () => {
    const query = textQuery('  @TechWith  ', ranking) as { bool: { should: Record<string, unknown>[] } };
    expect(query.bool.should).toContainEqual({
      match: { 'handle.prefix': { query: 'TechWith', operator: 'and', boost: 2 } },
    });
    expect(query.bool.should).toContainEqual({ term: { handle: { value: '@TechWith', boost: 10 } } });
    expect(query.bool.should).toContainEqual({ term: { 'name.exact': { value: '@TechWith', boost: 6 } } });
  });

  it('takes the popularity weights from the ranking file', () => {
    expect(popularityBoosts(ranking)).toContainEqual({
      rank_feature: { field: 'popularity.subscribers', boost: 1.5, saturation: { pivot: 100000 } },
    });
    const noPivot = { ...ranking, popularity: { signals: { 'popularity.avgViews': { boost: 2 } } } };
    expect(popularityBoosts(noPivot)).toEqual([
      { rank_feature: { field: 'popularity.avgViews', boost: 2, saturation: {} } },
    ]);
  });

  it('builds no filter without filter parameters', () => {
    expect(creatorFilters(params({}))).toEqual([]);
  });

  it.each([
    [{ niche_category: 'personal_finance' }, { term: { niches: 'personal_finance' } }],
    [{ niche_category: 'investing', primary_niche_only: 'true' }, { term: { primaryNiche: 'investing' } }],
    [{ niche_category: 'investing', primary_niche_only: 'false' }, { term: { niches: 'investing' } }],
    [{ country: 'germany' }, { term: { countryCode: 'DE' } }],
    [{ country: 'DEU' }, { term: { countryCode: 'DE' } }],
    [{ language: 'Spanish' }, { term: { languageCode: 'es' } }],
    [{ min_subscribers: '1000' }, { range: { subscribers: { gte: 1000, lte: undefined } } }],
    [{ min_subscribers: '10', max_subscribers: '20' }, { range: { subscribers: { gte: 10, lte: 20 } } }],
    [{ max_subscribers: '0' }, { range: { subscribers: { gte: undefined, lte: 0 } } }],
    [{ min_avg_views: '500' }, { range: { avgViews: { gte: 500 } } }],
    [{ min_engagement_rate: '2.5' }, { range: { engagementRate: { gte: 2.5 } } }],
    [{ has_sponsors: '0' }, { term: { hasSponsors: false } }],
    [{ has_sponsors: 'true' }, { term: { hasSponsors: true } }],
    [{ video_format: 'short' }, { term: { videoFormat: 'short' } }],
  ])('filters %j as %j', (query, filter) => {
    expect(creatorFilters(params(query))).toEqual([filter]);
  });

  it('sorts by relevance then id without sort, and by the raw metric first with it, nulls last', () => {
    const tail = [{ _score: { order: 'desc' } }, { creatorId: { order: 'asc' } }];
    expect(creatorSort(undefined)).toEqual(tail);
    expect(creatorSort('subs_asc')).toEqual([{ subscribers: { order: 'asc', missing: '_last' } }, ...tail]);
    expect(creatorSort('views_desc')[0]).toEqual({ totalViews: { order: 'desc', missing: '_last' } });
    expect(creatorSort('avg_views_desc')[0]).toEqual({ avgViews: { order: 'desc', missing: '_last' } });
    expect(creatorSort('engagement_desc')[0]).toEqual({ engagementRate: { order: 'desc', missing: '_last' } });
  });

  it('asks for the exact total, the summary fields only, and puts filters in filter context', () => {
    const body = creatorSearchBody(params({ video_format: 'long' }), ranking, { from: 50, size: 25 }) as {
      query: { bool: Record<string, unknown[]> };
      [key: string]: unknown;
    };
    expect(body).toMatchObject({ from: 50, size: 25, track_total_hits: true });
    expect(body._source).not.toContain('sponsors');
    expect(body._source).not.toContain('audience');
    expect(body.query.bool.filter).toEqual([{ term: { videoFormat: 'long' } }]);
    expect(body.query.bool.must).toHaveLength(1);
    expect(body.query.bool.should).toEqual(popularityBoosts(ranking));
  });
});

describe('creator lookup DSL', () => {
  const clauses = (id: string) =>
    (creatorLookupBody(id, ['name']) as { query: { bool: { should: Record<string, unknown>[] } } }).query.bool.should;

  it('looks a handle up as slug and as handle, with or without @', () => {
    expect(clauses('@TechWithTina')).toEqual([
      { term: { slug: { value: 'TechWithTina', boost: 4 } } },
      { term: { handle: { value: '@TechWithTina', boost: 3 } } },
    ]);
    expect(clauses('TechWithTina')).toEqual(clauses('@TechWithTina'));
  });

  it('adds the channel id only for the UC… form and the numeric id only for creator-<digits>', () => {
    expect(clauses('UC1234567890123456789012')).toContainEqual({
      term: { channelId: { value: 'UC1234567890123456789012', boost: 2 } },
    });
    expect(clauses('creator-42')).toContainEqual({ term: { creatorId: { value: 42, boost: 1 } } });
    expect(JSON.stringify(clauses('creator-abc'))).not.toContain('creatorId');
    expect(JSON.stringify(clauses('creator-99999999999999999999'))).not.toContain('creatorId');
  });

  it('matches nothing for blank or overlong ids, without asking OpenSearch', () => {
    expect(creatorLookupBody('   ', [])).toBeUndefined();
    expect(creatorLookupBody('x'.repeat(500), [])).toBeUndefined();
  });
});
