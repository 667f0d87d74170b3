import { describe, expect, it } from 'vitest';
import { NICHE_LIST, NICHE_NAMES } from '../../src/contract/niches.ts';
import { SearchCreatorsParams } from '../../src/contract/params.ts';
import { creatorSearchBody, textQuery } from '../../src/search/creator-query.ts';
import { nicheNamed } from '../../src/search/niche-intent.ts';
import { type CreatorRanking, loadProfile } from '../../src/search/profile.ts';
import { TEST_PROFILE } from '../support/dataset.ts';

type Clause = Record<string, unknown>;

const base = loadProfile(TEST_PROFILE).ranking.creators;
const ranking: CreatorRanking = {
  ...base,
  relaxed: { minimumShouldMatch: '1', boost: 0.2 },
  category: {
    gate: 1,
    primaryNiche: 40,
    signals: { 'popularity.subscribers': 6 },
    verified: 1,
    floor: 30,
    mention: { fields: { name: 1, description: 1 }, boost: 1 },
    names: 10,
    hints: 4,
  },
};
const body = (params: Record<string, unknown>, profile = ranking) =>
  creatorSearchBody(SearchCreatorsParams.parse(params), profile, { from: 0, size: 25 }).query as Clause;
const window = { from: 0, size: 25 };

describe('the niche a query names', () => {
  it('is found from the label, the value or a name of the niche, with filler words around it', () => {
    expect(nicheNamed('gaming')).toBe('gaming');
    expect(nicheNamed('Best Gaming Channels')).toBe('gaming');
    expect(nicheNamed('video games youtubers')).toBe('gaming');
    expect(nicheNamed('kids & family')).toBe('kids_family');
    expect(nicheNamed('personal_finance')).toBe('personal_finance');
  });

  it('is none for a topic within a niche, a longer query, or a name being typed ("cooking with")', () => {
    expect(nicheNamed('bitcoin')).toBeUndefined();
    expect(nicheNamed('gaming setup tour')).toBeUndefined();
    expect(nicheNamed('cooking with')).toBeUndefined();
    expect(nicheNamed('')).toBeUndefined();
  });

  it('is never ambiguous: no name of mappings/niches.json belongs to two niches or is another niche’s label', () => {
    const owner = new Map<string, string>();
    for (const { value, label } of NICHE_LIST)
      for (const name of [label, ...(NICHE_NAMES.get(value) ?? [])]) {
        const named = nicheNamed(name);
        expect(named, name).toBe(value);
        owner.set(name.toLowerCase(), value);
      }
    expect(owner.size).toBeGreaterThan(NICHE_LIST.length * 3);
  });
});

describe('category ranking', () => {
  it('gates on the text match and scores the niche’s creators by how much they matter, names first', () => {
    const query = body({ query: 'best gaming channels' }) as { bool: { must: Clause[]; should: Clause[] } };
    expect(query.bool.must).toEqual([
      { constant_score: { filter: textQuery('best gaming channels', ranking), boost: 1 } },
    ]);
    expect(query.bool.should).toContainEqual({ term: { primaryNiche: { value: 'gaming', boost: 40 } } });
    expect(query.bool.should).toContainEqual({
      rank_feature: { field: 'popularity.subscribers', boost: 6, log: { scaling_factor: 1 } },
    });
    expect(query.bool.should).toContainEqual({ term: { verified: { value: true, boost: 1 } } });
    // The exact-name clause, ten times its text-ranking weight.
    const exact = query.bool.should.find((c) => JSON.stringify(c).includes('"name.exact"'));
    expect(exact).toBeDefined();
  });

  it('ranks by the metric a floor names, saturated at the floor, and by nothing else', () => {
    const query = body({
      query: 'Gaming',
      niche_category: 'gaming',
      primary_niche_only: true,
      min_engagement_rate: 5.5,
    }) as { bool: { should: Clause[] } };
    const features = query.bool.should.filter((c) => 'rank_feature' in c);
    expect(features).toEqual([
      { rank_feature: { field: 'popularity.engagement', boost: 30, saturation: { pivot: 5.5 } } },
    ]);
    expect(JSON.stringify(query.bool.should)).not.toContain('constant_score');
  });

  it('keeps the text ranking for a query that names no niche, and for a profile without a category section', () => {
    expect(JSON.stringify(body({ query: 'bitcoin' }))).not.toContain('primaryNiche');
    expect(JSON.stringify(body({ query: 'gaming' }, { ...ranking, category: undefined }))).not.toContain(
      'primaryNiche',
    );
  });
});

describe('sorted searches', () => {
  it('list a niche’s creators (or a creator of that very name) when the query names the niche', () => {
    const query = body({ query: 'gaming', sort: 'subs_desc' }) as { bool: { must: Clause[] } };
    const named = (query.bool.must[0] as { bool: { should: Clause[]; minimum_should_match: number } }).bool;
    expect(named.should[0]).toEqual({ term: { niches: 'gaming' } });
    expect(named.minimum_should_match).toBe(1);
    expect(JSON.stringify(query)).not.toContain('multi_match');
  });

  it('leave the relaxed clause out for any other query: a loose match is never listed by its size', () => {
    const sorted = creatorSearchBody(
      SearchCreatorsParams.parse({ query: 'mechanical keyboard reviews', sort: 'subs_desc' }),
      ranking,
      window,
    );
    const relevance = creatorSearchBody(
      SearchCreatorsParams.parse({ query: 'mechanical keyboard reviews' }),
      ranking,
      window,
    );
    const relaxed = '"minimum_should_match":"1"';
    expect(JSON.stringify(relevance.query)).toContain(relaxed);
    expect(JSON.stringify(sorted.query)).not.toContain(relaxed);
  });
});
