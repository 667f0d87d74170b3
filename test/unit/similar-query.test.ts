import { describe, expect, it } from 'vitest';
import { SimilarCreatorsParams } from '../../src/contract/params.ts';
import { creatorFilters } from '../../src/search/creator-query.ts';
import { DEFAULT_SIMILAR, type SimilarTarget, similarCreatorsBody } from '../../src/search/similar-query.ts';

type Clause = Record<string, unknown>;
const target: SimilarTarget = {
  creatorId: 7,
  niches: ['coding', 'education'],
  subscribers: 30_000,
  sponsorNames: ['Brilliant', 'NordVPN'],
  embedding: [0.1, 0.2, 0.3],
};
const params = (query: Record<string, string> = {}) => SimilarCreatorsParams.parse(query);
const window = { from: 25, size: 25 };
const bool = (body: Clause) => (body.query as { bool: Record<string, Clause[]> }).bool;

describe('similarCreatorsBody', () => {
  it("finds the k nearest in meaning under the request's filters, never the creator itself", () => {
    const filters = params({ country: 'DE', min_subscribers: '1000' });
    const body = similarCreatorsBody(target, filters, DEFAULT_SIMILAR, window);
    const { must, filter, must_not } = bool(body);
    expect(must).toEqual([
      {
        knn: {
          embedding: {
            vector: target.embedding,
            k: DEFAULT_SIMILAR.k,
            filter: { bool: { filter: creatorFilters(filters), must_not: [{ term: { creatorId: 7 } }] } },
            boost: DEFAULT_SIMILAR.content,
            _name: 'content',
          },
        },
      },
    ]);
    expect(filter).toEqual(creatorFilters(filters));
    expect(must_not).toEqual([{ term: { creatorId: 7 } }]);
    expect(body).toMatchObject({ from: 25, size: 25, track_total_hits: true });
  });

  it('adds the shared niche, size band and sponsors as named clauses with the profile boosts', () => {
    const { should } = bool(similarCreatorsBody(target, params(), DEFAULT_SIMILAR, window));
    expect(should).toEqual([
      { terms: { niches: ['coding', 'education'], boost: 1, _name: 'niche' } },
      { terms: { 'sponsorNames.exact': ['brilliant', 'nordvpn'], boost: 1, _name: 'sponsors' } },
      { range: { subscribers: { gte: 10_000, lte: 90_000, boost: DEFAULT_SIMILAR.size, _name: 'size' } } },
    ]);
  });

  it('without a vector, takes creators sharing a niche or a sponsor, ranked by the signals', () => {
    const { must, should } = bool(
      similarCreatorsBody({ ...target, embedding: undefined }, params(), DEFAULT_SIMILAR, window),
    );
    expect(JSON.stringify(must)).not.toContain('knn');
    expect(must).toEqual([
      {
        bool: {
          should: [
            { terms: { niches: ['coding', 'education'], boost: 1, _name: 'niche' } },
            { terms: { 'sponsorNames.exact': ['brilliant', 'nordvpn'], boost: 1, _name: 'sponsors' } },
          ],
          minimum_should_match: 1,
        },
      },
    ]);
    expect(should).toEqual([
      { range: { subscribers: { gte: 10_000, lte: 90_000, boost: DEFAULT_SIMILAR.size, _name: 'size' } } },
    ]);
  });

  it('leaves out a signal the creator has nothing of', () => {
    const { should } = bool(
      similarCreatorsBody({ ...target, niches: [], sponsorNames: [] }, params(), DEFAULT_SIMILAR, window),
    );
    expect(should?.map((clause) => Object.keys(clause)[0])).toEqual(['range']);
  });
});

describe('SimilarCreatorsParams', () => {
  it.each([
    [{ page: '0' }, 'page'],
    [{ min_subscribers: '10', max_subscribers: '5' }, 'min_subscribers'],
    [{ primary_niche_only: 'true' }, 'primary_niche_only'],
    [{ country: 'Atlantis' }, 'country'],
  ])('refuses %j, naming %s', (query, field) => {
    const parsed = SimilarCreatorsParams.safeParse(query);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path[0])).toContain(field);
  });

  it('takes no query and no sort: the creator is the question', () => {
    expect(SimilarCreatorsParams.parse({ query: 'x', sort: 'subs_desc' })).toEqual({ page: 1 });
  });
});
