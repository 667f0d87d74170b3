import { describe, expect, it } from 'vitest';
import { SearchCreatorsParams } from '../../src/contract/params.ts';
import {
  creatorFilters,
  creatorLookupBody,
  creatorSearchBody,
  creatorSort,
  hintBoosts,
  MAX_EF_SEARCH,
  popularityBoosts,
  textQuery,
  usesSemantic,
} from '../../src/search/creator-query.ts';
import { type CreatorRanking, loadProfile } from '../../src/search/profile.ts';
import { TEST_PROFILE } from '../support/dataset.ts';

type Clause = Record<string, unknown>;

// The fixed test profile (never relevance/profiles/default.json): it has text, fuzzy, prefix, exact, ids, hints and
// popularity, but no literal or relaxed clause; the variations below add or remove the optional sections.
const ranking = loadProfile(TEST_PROFILE).ranking.creators;
const withLiteralAndRelaxed: CreatorRanking = {
  ...ranking,
  literal: { analyzer: 'literal_search', boost: 0.7 },
  relaxed: { minimumShouldMatch: '1', boost: 0.2 },
};
const withoutHints: CreatorRanking = { ...ranking, hints: undefined };
/** Only the required text section. */
const textOnly: CreatorRanking = { text: ranking.text };

const params = (query: Record<string, string>) => SearchCreatorsParams.parse({ query: 'keyboards', ...query });
const clauses = (query: string, profile = ranking) => {
  const built = textQuery(query, profile) as { bool: { should: Clause[]; minimum_should_match: number } };
  expect(Object.keys(built)).toEqual(['bool']);
  expect(built.bool.minimum_should_match).toBe(1);
  return built.bool.should;
};
const multiMatches = (query: string, profile = ranking) =>
  clauses(query, profile).filter((clause) => 'multi_match' in clause);

const FIELDS = ['name^3', 'nicheLabels^2', 'sponsorNames^2', 'description^1'];
/** The strict clause of the test profile: every field, its boost, the profile's minimum_should_match and analyzer. */
const strict = (query: string) => ({
  multi_match: {
    query,
    type: 'cross_fields',
    fields: FIELDS,
    minimum_should_match: '2<75%',
    analyzer: 'forgiving_search',
  },
});
const fuzzy = (field: string, query: string, boost = 1) => ({
  match: { [field]: { query, fuzziness: 'AUTO', prefix_length: 1, minimum_should_match: '2<-1', boost } },
});

/** Every place a string containing `marker` occurs, as the keys that lead to it. */
function pathsTo(node: unknown, marker: string, path: string[] = []): string[][] {
  if (typeof node === 'string') return node.includes(marker) ? [path] : [];
  if (Array.isArray(node)) return node.flatMap((item, i) => pathsTo(item, marker, [...path, String(i)]));
  if (node && typeof node === 'object') {
    return Object.entries(node).flatMap(([key, value]) => [
      ...(key.includes(marker) ? [[...path, key]] : []),
      ...pathsTo(value, marker, [...path, key]),
    ]);
  }
  return [];
}

describe('creator text query', () => {
  it('builds the strict, fuzzy, prefix, exact and id clauses of the profile, in that order, any one enough', () => {
    expect(clauses('Tech Reviews')).toEqual([
      strict('Tech Reviews'),
      fuzzy('name.plain', 'Tech Reviews'),
      fuzzy('handle', '@TechReviews'),
      { match: { 'handle.prefix': { query: 'Tech Reviews', operator: 'and', boost: 2 } } },
      { match: { 'name.prefix': { query: 'Tech Reviews', operator: 'and', boost: 1.5 } } },
      { term: { handle: { value: '@Tech Reviews', boost: 10 } } },
      { term: { 'name.exact': { value: 'Tech Reviews', boost: 6 } } },
      { term: { 'sponsorNames.exact': { value: 'Tech Reviews', boost: 4 } } },
      { term: { slug: { value: 'Tech Reviews', boost: 10 } } },
    ]);
  });

  it('builds only the strict clause from a profile with nothing but text', () => {
    expect(clauses('  top gaming creators in english  ', textOnly)).toEqual([strict('top gaming creators in english')]);
  });

  it('keeps user text out of query_string syntax: only values of match, multi_match and term queries', () => {
    const hostile = 'name:foo OR * "unbalanced \\ 😀';
    expect(clauses(hostile)[0]).toEqual(strict(hostile));
    for (const profile of [ranking, withLiteralAndRelaxed]) {
      const body = creatorSearchBody(params({ query: `english ${hostile}` }), profile, { from: 0, size: 10 });
      expect(JSON.stringify(body)).not.toMatch(/"(query_string|simple_query_string|wildcard|regexp|script)":/);
      const paths = pathsTo(body, 'name:foo');
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) {
        const [clause, field, key] = path.slice(-3);
        const allowed =
          (field === 'multi_match' && key === 'query') ||
          (clause === 'match' && key === 'query') ||
          (clause === 'term' && key === 'value');
        expect(allowed, path.join('.')).toBe(true);
      }
    }
  });

  describe('strict match', () => {
    it.each([
      ['top gaming creators in english', 'top gaming creators in'],
      ['German cooking', 'cooking'],
      ['  cooking   in  french  ', 'cooking in'],
      // A country stays: "turkey recipes" is about turkey as much as about Turkey.
      ['cooking germany', 'cooking germany'],
      ['turkey recipes', 'turkey recipes'],
    ])('matches %j without its language words: %j', (query, topic) => {
      expect(multiMatches(query)).toEqual([strict(topic)]);
    });

    it('matches the whole query when the language words are all of it, or the query is a handle', () => {
      expect(multiMatches('english')).toEqual([strict('english')]);
      expect(multiMatches('  English  ')).toEqual([strict('English')]);
      expect(multiMatches('@english')).toEqual([strict('@english')]);
      expect(multiMatches('german germany')).toEqual([strict('germany')]);
    });

    it('keeps the language words when the profile gives languages no weight', () => {
      expect(multiMatches('German cooking', { ...ranking, hints: { country: 4 } })).toEqual([strict('German cooking')]);
    });

    it('matches the whole query when the profile has no hints', () => {
      expect(multiMatches('top gaming creators in english', withoutHints)).toEqual([
        strict('top gaming creators in english'),
      ]);
      expect(multiMatches('cooking germany', withoutHints)).toEqual([strict('cooking germany')]);
    });

    it('keeps the language and country words in every other clause', () => {
      const others = clauses('cooking germany').filter((clause) => !('multi_match' in clause));
      expect(others).toContainEqual(fuzzy('name.plain', 'cooking germany'));
      expect(others).toContainEqual(fuzzy('handle', '@cookinggermany'));
      expect(others).toContainEqual({
        match: { 'name.prefix': { query: 'cooking germany', operator: 'and', boost: 1.5 } },
      });
      expect(others).toContainEqual({ term: { 'name.exact': { value: 'cooking germany', boost: 6 } } });
    });

    it('takes the type, fields and analyzer from the profile, and leaves the analyzer out when it has none', () => {
      const { analyzer: _, ...fieldAnalyzers } = ranking.text;
      const profile = { ...ranking, text: { ...fieldAnalyzers, type: 'best_fields' as const, fields: { name: 2 } } };
      expect(multiMatches('cooking', profile)).toEqual([
        { multi_match: { query: 'cooking', type: 'best_fields', fields: ['name^2'], minimum_should_match: '2<75%' } },
      ]);
    });
  });

  describe('literal and relaxed matches', () => {
    it('are absent when the profile has neither', () => {
      expect(multiMatches('cooking')).toEqual([strict('cooking')]);
    });

    it('match the same words across the same fields: literal with its analyzer, relaxed with fewer words', () => {
      expect(multiMatches('top gaming creators in english', withLiteralAndRelaxed)).toEqual([
        strict('top gaming creators in'),
        {
          multi_match: {
            query: 'top gaming creators in',
            type: 'cross_fields',
            fields: FIELDS,
            minimum_should_match: '2<75%',
            analyzer: 'literal_search',
            boost: 0.7,
          },
        },
        {
          multi_match: {
            query: 'top gaming creators in',
            type: 'cross_fields',
            fields: FIELDS,
            minimum_should_match: '1',
            analyzer: 'forgiving_search',
            boost: 0.2,
          },
        },
      ]);
    });

    it('come one without the other', () => {
      const literalOnly = { ...ranking, literal: withLiteralAndRelaxed.literal };
      const relaxedOnly = { ...ranking, relaxed: withLiteralAndRelaxed.relaxed };
      expect(multiMatches('english', literalOnly).map((c) => c.multi_match)).toEqual([
        strict('english').multi_match,
        expect.objectContaining({ query: 'english', analyzer: 'literal_search', boost: 0.7 }),
      ]);
      expect(multiMatches('english', relaxedOnly).map((c) => c.multi_match)).toEqual([
        strict('english').multi_match,
        expect.objectContaining({ query: 'english', minimum_should_match: '1', boost: 0.2 }),
      ]);
    });

    it('use the whole query too when the profile has no hints', () => {
      const profile = { ...withLiteralAndRelaxed, hints: undefined };
      const queries = multiMatches('cooking germany', profile).map((c) => (c.multi_match as Clause).query);
      expect(queries).toEqual(['cooking germany', 'cooking germany', 'cooking germany']);
    });
  });

  describe('fuzzy match', () => {
    it('compares the words with a typo on each field, and the whole query as one handle on the handle', () => {
      const fuzzies = clauses('  @@Tech  With\tTina ')
        .filter((clause) => 'match' in clause)
        .slice(0, 2);
      expect(fuzzies).toEqual([fuzzy('name.plain', 'Tech  With\tTina'), fuzzy('handle', '@TechWithTina')]);
    });

    it('takes fields, boosts, fuzziness, prefix length and minimum_should_match from the profile', () => {
      const profile: CreatorRanking = {
        ...ranking,
        fuzzy: { fields: { 'name.plain': 3 }, fuzziness: 'AUTO:5,12', prefixLength: 2, minimumShouldMatch: '1' },
      };
      expect(clauses('cooking', profile).filter((clause) => JSON.stringify(clause).includes('fuzziness'))).toEqual([
        {
          match: {
            'name.plain': {
              query: 'cooking',
              fuzziness: 'AUTO:5,12',
              prefix_length: 2,
              minimum_should_match: '1',
              boost: 3,
            },
          },
        },
      ]);
    });

    it('is absent when the profile has none', () => {
      const json = JSON.stringify(clauses('cooking', { ...ranking, fuzzy: undefined }));
      expect(json).not.toContain('fuzziness');
    });
  });

  describe('prefix and exact matches', () => {
    it('match handles by prefix without the @ and exactly with it', () => {
      const should = clauses('  @TechWith  ');
      expect(should).toContainEqual({
        match: { 'handle.prefix': { query: 'TechWith', operator: 'and', boost: 2 } },
      });
      expect(should).toContainEqual({ term: { handle: { value: '@TechWith', boost: 10 } } });
      // A name never starts with the @ of a handle: names are compared without it.
      expect(should).toContainEqual({ term: { 'name.exact': { value: 'TechWith', boost: 6 } } });
      expect(clauses('TechWith')).toContainEqual({ term: { handle: { value: '@TechWith', boost: 10 } } });
    });

    it('are absent when the profile has none', () => {
      expect(clauses('TechWith', { ...ranking, prefix: undefined, exact: undefined })).toEqual([
        strict('TechWith'),
        fuzzy('name.plain', 'TechWith'),
        fuzzy('handle', '@TechWith'),
        { term: { slug: { value: 'TechWith', boost: 10 } } },
      ]);
    });
  });

  describe('id matches', () => {
    const idTerms = (query: string, profile = ranking) =>
      clauses(query, profile).filter((clause) => {
        const term = clause.term as Clause | undefined;
        return term && ('slug' in term || 'channelId' in term || 'creatorId' in term);
      });

    it('compare the query without @ with the slug', () => {
      expect(idTerms('@tech-with-tina')).toEqual([{ term: { slug: { value: 'tech-with-tina', boost: 10 } } }]);
    });

    it('compare a UC… channel id of 22 more characters with the channel id', () => {
      const channel = 'UC1234567890abcdefghij_-';
      expect(idTerms(channel)).toEqual([
        { term: { slug: { value: channel, boost: 10 } } },
        { term: { channelId: { value: channel, boost: 10 } } },
      ]);
      for (const other of [channel.slice(0, -1), `${channel}x`, channel.toLowerCase(), `${channel} cooking`]) {
        expect(JSON.stringify(idTerms(other)), other).not.toContain('channelId');
      }
    });

    it.each([
      ['creator-8006', 8006],
      ['CREATOR-8006', 8006],
      ['@creator-8006', 8006],
      ['  Creator-007 ', 7],
    ])('compare %j with the numeric creator id', (query, id) => {
      expect(idTerms(query)).toContainEqual({ term: { creatorId: { value: id, boost: 10 } } });
    });

    it.each([
      'creator-abc',
      'creator-',
      'creator-12x',
      'my creator-12',
      'creator 12',
      '8006',
      'creator-9999999999999999',
    ])('leave %j out of the numeric creator id', (query) => {
      expect(JSON.stringify(idTerms(query))).not.toContain('creatorId');
    });

    it('are absent when the profile has no ids', () => {
      const should = clauses('creator-8006', { ...ranking, ids: undefined });
      expect(JSON.stringify(should)).not.toMatch(/slug|channelId|creatorId/);
      expect(JSON.stringify(clauses('UC1234567890abcdefghij_-', { ...ranking, ids: undefined }))).not.toMatch(
        /slug|channelId/,
      );
    });
  });
});

describe('creator boosts', () => {
  it('takes the popularity weights from the ranking file', () => {
    expect(popularityBoosts(ranking)).toEqual([
      { rank_feature: { field: 'popularity.subscribers', boost: 1.5, saturation: { pivot: 100000 } } },
      { rank_feature: { field: 'popularity.avgViews', boost: 1, saturation: { pivot: 20000 } } },
      { rank_feature: { field: 'popularity.engagement', boost: 0.5, saturation: { pivot: 4 } } },
    ]);
    const noPivot = { ...ranking, popularity: { signals: { 'popularity.avgViews': { boost: 2 } } } };
    expect(popularityBoosts(noPivot)).toEqual([
      { rank_feature: { field: 'popularity.avgViews', boost: 2, saturation: {} } },
    ]);
    expect(popularityBoosts({ ...ranking, popularity: undefined })).toEqual([]);
  });

  it('boosts the language and the country the query names, with the weights of the profile', () => {
    const profile = { ...ranking, hints: { language: 10, country: 5 } };
    expect(hintBoosts('top gaming creators in english', ranking)).toEqual([
      { term: { languageCode: { value: 'en', boost: 2 } } },
    ]);
    expect(hintBoosts('  German cooking germany ', profile)).toEqual([
      { term: { languageCode: { value: 'de', boost: 10 } } },
      { term: { countryCode: { value: 'DE', boost: 5 } } },
    ]);
    expect(hintBoosts('cooking germany', profile)).toEqual([{ term: { countryCode: { value: 'DE', boost: 5 } } }]);
    expect(hintBoosts('english', profile)).toEqual([{ term: { languageCode: { value: 'en', boost: 10 } } }]);
  });

  it('boosts nothing when the query names no language or country, or is a handle', () => {
    expect(hintBoosts('cooking de us', ranking)).toEqual([]);
    expect(hintBoosts('@english', ranking)).toEqual([]);
  });

  it('boosts nothing the profile gives no weight', () => {
    expect(hintBoosts('German cooking germany', withoutHints)).toEqual([]);
    expect(hintBoosts('German cooking germany', { ...ranking, hints: { language: 3 } })).toEqual([
      { term: { languageCode: { value: 'de', boost: 3 } } },
    ]);
    expect(hintBoosts('German cooking germany', { ...ranking, hints: { country: 4 } })).toEqual([
      { term: { countryCode: { value: 'DE', boost: 4 } } },
    ]);
    expect(hintBoosts('German cooking germany', { ...ranking, hints: {} })).toEqual([]);
  });
});

describe('creator search DSL', () => {
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
    [{ has_sponsors: 'false' }, { term: { hasSponsors: false } }],
    [{ has_sponsors: 'true' }, { term: { hasSponsors: true } }],
    [{ video_format: 'short' }, { term: { videoFormat: 'short' } }],
  ])('filters %j as %j', (query, filter) => {
    expect(creatorFilters(params(query))).toEqual([filter]);
  });

  it('sorts by relevance then id without sort, and by the raw metric first with it, nulls last', () => {
    const tail = [{ _score: { order: 'desc' } }, { creatorId: { order: 'asc' } }];
    expect(creatorSort(undefined)).toEqual(tail);
    expect(creatorSort('subs_asc')).toEqual([{ subscribers: { order: 'asc', missing: '_last' } }, ...tail]);
    expect(creatorSort('subs_desc')[0]).toEqual({ subscribers: { order: 'desc', missing: '_last' } });
    expect(creatorSort('views_desc')[0]).toEqual({ totalViews: { order: 'desc', missing: '_last' } });
    expect(creatorSort('avg_views_desc')[0]).toEqual({ avgViews: { order: 'desc', missing: '_last' } });
    expect(creatorSort('engagement_desc')[0]).toEqual({ engagementRate: { order: 'desc', missing: '_last' } });
  });

  type Body = { query: { bool: Record<string, unknown[]> }; [key: string]: unknown };
  const body = (query: Record<string, string>, profile = ranking) =>
    creatorSearchBody(params(query), profile, { from: 50, size: 25 }) as Body;

  it('asks for the exact total, the stored summary only (no _source), and puts filters in filter context', () => {
    const built = body({ video_format: 'long', sort: 'subs_desc' });
    expect(built).toMatchObject({ from: 50, size: 25, track_total_hits: true });
    expect(built._source).toBe(false);
    expect(built.stored_fields).toEqual(['summary']);
    expect(built.sort).toEqual(creatorSort('subs_desc'));
    expect(built.query.bool.filter).toEqual([{ term: { videoFormat: 'long' } }]);
    expect(built.query.bool.must).toEqual([textQuery('keyboards', ranking)]);
    expect(built.query.bool.should).toEqual(popularityBoosts(ranking));
  });

  it('adds the hints next to popularity as optional boosts, never as filters', () => {
    const built = body({ query: 'German cooking germany', country: 'france' });
    // Exactly must, should and filter: no minimum_should_match, so no boost is ever required to match.
    expect(built.query).toEqual({
      bool: {
        must: [textQuery('German cooking germany', ranking)],
        should: [
          ...popularityBoosts(ranking),
          { term: { languageCode: { value: 'de', boost: 2 } } },
          { term: { countryCode: { value: 'DE', boost: 2 } } },
        ],
        // The caller's own country decides what matches; the query's does not.
        filter: [{ term: { countryCode: 'FR' } }],
      },
    });
  });

  it('adds no hint when the profile has none, and no boost at all without popularity either', () => {
    expect(body({ query: 'cooking germany' }, withoutHints).query.bool.should).toEqual(popularityBoosts(ranking));
    expect(body({ query: 'cooking germany' }, textOnly).query.bool.should).toEqual([]);
    expect(body({ query: 'cooking germany' }, textOnly).query.bool.filter).toEqual([]);
  });
});

describe('creator lookup DSL', () => {
  const lookup = (id: string) =>
    (creatorLookupBody(id, ['name']) as { query: { bool: { should: Clause[] } } }).query.bool.should;

  it('looks a handle up as slug and as handle, with or without @', () => {
    expect(lookup('@TechWithTina')).toEqual([
      { term: { slug: { value: 'TechWithTina', boost: 4 } } },
      { term: { handle: { value: '@TechWithTina', boost: 3 } } },
    ]);
    expect(lookup('TechWithTina')).toEqual(lookup('@TechWithTina'));
  });

  it('adds the channel id only for the UC… form and the numeric id only for creator-<digits>', () => {
    expect(lookup('UC1234567890123456789012')).toContainEqual({
      term: { channelId: { value: 'UC1234567890123456789012', boost: 2 } },
    });
    expect(lookup('creator-42')).toContainEqual({ term: { creatorId: { value: 42, boost: 1 } } });
    expect(JSON.stringify(lookup('creator-abc'))).not.toContain('creatorId');
    expect(JSON.stringify(lookup('creator-99999999999999999999'))).not.toContain('creatorId');
  });

  it('matches nothing for blank or overlong ids, without asking OpenSearch', () => {
    expect(creatorLookupBody('   ', [])).toBeUndefined();
    expect(creatorLookupBody('x'.repeat(500), [])).toBeUndefined();
  });
});

describe('semantic search in creator search', () => {
  const vector = Array.from({ length: 4 }, (_, i) => i / 10);
  const near = { vector, creators: 20_000 };
  const nearestK: CreatorRanking = { ...ranking, semantic: { boost: 2, k: 30, minWords: 1, perWord: 0 } };
  const nearestByScore: CreatorRanking = {
    ...ranking,
    semantic: { boost: 1.5, minScore: 0.72, minWords: 1, perWord: 0 },
  };
  const window = { from: 0, size: 25 };
  type Hybrid = { bool: { should: [Clause, { knn: { embedding: Clause } }]; minimum_should_match: number } };

  it('adds the creators nearest the query to what its words match, under the same filters, scores added', () => {
    const query = { query: 'channels that teach kids to code', country: 'DE', min_subscribers: '1000' };
    const lexical = creatorSearchBody(params(query), nearestK, window);
    const hybrid = creatorSearchBody(params(query), nearestK, window, undefined, near);
    const { should, minimum_should_match } = (hybrid.query as Hybrid).bool;
    expect(minimum_should_match).toBe(1);
    expect(should[0]).toEqual(lexical.query);
    expect(should[1].knn.embedding).toEqual({
      vector,
      k: 30,
      boost: 2,
      filter: { bool: { filter: creatorFilters(params(query)) } },
    });
    expect({ ...hybrid, query: undefined }).toEqual({ ...lexical, query: undefined });
  });

  it("widens the graph search to the profile's width per million creators, scaled to the index", () => {
    const semantic = {
      boost: 2,
      k: 30,
      efSearchPerMillion: 4000,
      efSearchFilteredPerMillion: 400,
      minWords: 1,
      perWord: 0,
    };
    const wide: CreatorRanking = { ...ranking, semantic };
    const nearest = (query: Record<string, string>, creators: number | undefined, profile = wide) =>
      (creatorSearchBody(params(query), profile, window, undefined, { vector, creators }).query as Hybrid).bool
        .should[1].knn.embedding;
    expect(nearest({ query: 'budget earbuds' }, 1_000_000)).toEqual({
      vector,
      k: 30,
      method_parameters: { ef_search: 4000 },
      boost: 2,
    });
    expect(nearest({ query: 'budget earbuds' }, 250_000).method_parameters).toEqual({ ef_search: 1000 });
    expect(nearest({ query: 'budget earbuds', country: 'DE' }, 1_000_000).method_parameters).toEqual({
      ef_search: 400,
    });
    // Under a filter without a width of its own, the plain one.
    const one: CreatorRanking = { ...ranking, semantic: { ...semantic, efSearchFilteredPerMillion: undefined } };
    expect(nearest({ query: 'budget earbuds', country: 'DE' }, 1_000_000, one).method_parameters).toEqual({
      ef_search: 4000,
    });
    // No wider than the index's own 100 (20,000 creators: 80), or the size not known yet: the index's.
    expect(nearest({ query: 'budget earbuds' }, 20_000)).not.toHaveProperty('method_parameters');
    expect(nearest({ query: 'budget earbuds', country: 'DE' }, 200_000)).not.toHaveProperty('method_parameters');
    expect(nearest({ query: 'budget earbuds' }, undefined)).not.toHaveProperty('method_parameters');
    // Never past MAX_EF_SEARCH, never below k.
    expect(nearest({ query: 'budget earbuds' }, 5_000_000).method_parameters).toEqual({ ef_search: MAX_EF_SEARCH });
    const deep: CreatorRanking = { ...ranking, semantic: { ...semantic, k: 500 } };
    expect(nearest({ query: 'budget earbuds' }, 50_000, deep).method_parameters).toEqual({ ef_search: 500 });
  });

  it('takes every creator above a score instead of k when the profile says minScore', () => {
    const hybrid = creatorSearchBody(params({ query: 'budget earbuds' }), nearestByScore, window, undefined, near);
    expect((hybrid.query as Hybrid).bool.should[1].knn.embedding).toEqual({ vector, min_score: 0.72, boost: 1.5 });
  });

  it("weighs meaning more for each content word beyond minWords, by the profile's perWord", () => {
    const perWord: CreatorRanking = { ...nearestK, semantic: { boost: 2, k: 30, minWords: 4, perWord: 1.5 } };
    const boost = (query: string) =>
      (creatorSearchBody(params({ query }), perWord, window, undefined, near).query as Hybrid).bool.should[1].knn
        .embedding.boost;
    expect(boost('budget earbuds, reviewed honestly')).toBe(2);
    // 6 content words ("for" and "the" are function words): 2 beyond minWords.
    expect(boost('budget earbuds reviewed honestly for the daily commute')).toBe(2 + 2 * 1.5);
  });

  it('ranks as before without a vector, without the profile section, for a handle and under a sort', () => {
    const plain = (query: Record<string, string>, profile: CreatorRanking, v?: typeof near) =>
      creatorSearchBody(params(query), profile, window, undefined, v);
    expect(plain({ query: 'kids coding' }, nearestK)).toEqual(plain({ query: 'kids coding' }, ranking));
    expect(plain({ query: 'kids coding' }, ranking, near)).toEqual(plain({ query: 'kids coding' }, ranking));
    expect(plain({ query: '@kidscode' }, nearestK, near)).toEqual(plain({ query: '@kidscode' }, ranking));
    const sorted = { query: 'kids coding', sort: 'subs_desc' };
    expect(plain(sorted, nearestK, near)).toEqual(plain(sorted, ranking));
  });

  it("leaves a niche's name to the category ranking, and queries under the profile's minWords to their words", () => {
    const { category } = loadProfile('relevance/profiles/default.json').ranking.creators;
    const withCategory: CreatorRanking = { ...nearestK, category };
    expect(usesSemantic(params({ query: 'best gaming channels' }), withCategory)).toBe(false);
    expect(usesSemantic(params({ query: 'people who play video games live' }), withCategory)).toBe(true);
    const threeWords: CreatorRanking = { ...nearestK, semantic: { boost: 2, k: 30, minWords: 3, perWord: 0 } };
    expect(usesSemantic(params({ query: 'TechWithElisabeth' }), threeWords)).toBe(false);
    expect(usesSemantic(params({ query: 'budget earbuds' }), threeWords)).toBe(false);
    expect(usesSemantic(params({ query: 'budget earbuds, reviewed' }), threeWords)).toBe(true);
  });
});
